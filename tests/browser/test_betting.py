"""The betting games in real browsers, through the generic action controls
(the modes have no screens of their own yet): a round of casino Blackjack
and a deal of Pontoon, each with a table and two phones."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.wire import WireClient

pytestmark = pytest.mark.browser


def start(table, mode: str, options: dict) -> None:
    answer = table.evaluate("([m, o]) => window.partyappTable.call('game.start', {mode: m, options: o})",
                            [mode, options])
    assert answer["ok"], answer


def send_amount(phone, action: str, amount: int) -> None:
    form = phone.locator(f"form[data-action={action}]")
    expect(form).to_be_visible()
    form.locator("input[type=number]").fill(str(amount))
    form.locator("button[type=submit]").click()


@pytest.fixture
def second_screen(server):
    """A second table screen over Socket.IO (as a second TV would attach with
    the table's token), to read the public frames the table gets."""
    made: list[WireClient] = []

    def attach(table_page, code: str) -> WireClient:
        token = table_page.evaluate("(k) => localStorage.getItem(k)", f"partyapp.table.{code}")
        client = WireClient(server.url).connect()
        made.append(client)
        assert client.call("table.attach", {"code": code, "host_token": token})["ok"]
        return client

    yield attach
    for client in made:
        client.close()


def test_a_round_of_casino_blackjack_on_two_phones(open_table, open_phone, server, shots, watch, second_screen):
    """Ana and Bob bet at once on their phones; Ana hits and stands, Bob
    doubles; the house dealer then plays by itself, paced, and busts; the
    table ends the game with both paid."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = open_phone(f"{server.url}/j/{code}", "Bob")
    expect(table.locator("#players .pname")).to_have_count(2)
    screen = second_screen(table, code)
    # Ana, Bob, the upcard, Ana, Bob, the hole card; Ana's hit, Bob's double, the dealer's hit
    deck = ["10H", "5C", "6S", "7D", "6D", "10S", "2C", "9C", "KS"]
    start(table, "casino_blackjack", {"deck": deck, "rounds": 1, "dealer_pace_ms": 400})

    for phone in (ana, bob):
        expect(phone.locator("form[data-action=bet]")).to_be_visible()
        expect(phone.locator("button[data-action=sit_out]")).to_be_visible()
    send_amount(ana, "bet", 10)
    expect(ana.locator("form[data-action=bet]")).to_have_count(0)
    expect(bob.locator("form[data-action=bet]")).to_be_visible()
    send_amount(bob, "bet", 20)

    expect(ana.locator("button[data-action=hit]")).to_be_visible()
    expect(ana.locator("form[data-action=double]")).to_be_visible()
    expect(bob.locator("[data-action]")).to_have_count(0)
    shots("ana-to-play", ana)
    ana.locator("button[data-action=hit]").click()
    ana.locator("button[data-action=stand]").click()
    expect(bob.locator("button[data-action=split]")).to_have_count(0)
    shots("bob-to-play", bob)
    send_amount(bob, "double", 20)

    expect(table.locator("body")).to_contain_text("Game over", timeout=15_000)
    shots("table-over", table)
    game = screen.wait_for(lambda f: f["game"] and f["game"]["over"])["game"]
    assert game["dealer_hand"]["cards"] == ["6S", "10S", "KS"] and game["dealer_hand"]["status"] == "bust"
    assert [(p["result"], p["amount"]) for p in game["payouts"]] == [("win", 10), ("win", 40)]
    steps = [e["msg"] for e in game["log"]]
    assert steps.index("casino.reveal") < steps.index("bj.dealer_card") < steps.index("bj.dealer_bust")
    expect(ana.locator("[data-action]")).to_have_count(0)
    assert not watch.errors and not watch.dialogs


def test_a_deal_of_pontoon_on_two_phones(open_table, open_phone, server, shots, watch, second_screen):
    """Bob cuts the bank and deals; Ana stakes, buys a card and sticks; Bob
    turns his cards and sticks: paying 19, Ana's 20 wins."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = open_phone(f"{server.url}/j/{code}", "Bob")
    expect(table.locator("#players .pname")).to_have_count(2)
    screen = second_screen(table, code)
    deck = ["2C", "KC", "9H", "10S", "5D", "8S", "6S"]  # the cut; Ana, Bob; Ana, Bob; Ana's bought card
    start(table, "pontoon", {"deck": deck, "rounds": 1})

    expect(bob.locator("button[data-action=deal]")).to_be_visible()
    expect(bob.locator("[data-action=sell]")).to_be_visible()
    expect(ana.locator("[data-action]")).to_have_count(0)
    bob.locator("button[data-action=deal]").click()
    send_amount(ana, "bet", 10)
    expect(ana.locator("form[data-action=buy]")).to_be_visible()
    expect(ana.locator("button[data-action=stick]")).to_have_count(0)
    shots("ana-to-play", ana)
    send_amount(ana, "buy", 15)
    ana.locator("button[data-action=stick]").click()
    expect(bob.locator("button[data-action=stick]")).to_be_visible()
    shots("bob-banks", bob)
    bob.locator("button[data-action=stick]").click()
    expect(table.locator("body")).to_contain_text("Game over")
    shots("table-over", table)
    game = screen.wait_for(lambda f: f["game"] and f["game"]["over"])["game"]
    assert [(p["result"], p["amount"]) for p in game["payouts"]] == [("win", 25)]
    assert not watch.errors and not watch.dialogs
