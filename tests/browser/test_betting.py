"""The betting games in real browsers, each on a table and two phones (and a
third player over Socket.IO where the game needs one), on staged decks:

- casino Blackjack: bets at once, insurance against an ace and the peek, a
  split, a double, the house dealer turning the hole card and standing by
  itself on the clock, every hand settled on the TV;
- Russian Blackjack: three sevens, the dealer's phone making the rule's
  moves, a tie left on the table and added to at the next betting, where
  the last deal's cards are still named the last dealer's bank;
- Pontoon: the cut for the bank, a stake, a bought card face down, a
  twist, the banker turning up and "paying N", then a declared pontoon
  on the last deal, which passes the bank to nobody; and a pontoon on a
  middle deal that takes the bank, the table still naming the banker of
  the cards it shows.

The layout audit runs at the TV size and the phone size, and screenshots
are kept for people to look at."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits
from tests.wire import WireClient

pytestmark = pytest.mark.browser


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


def start(table, mode: str, options: dict) -> None:
    answer = table.evaluate("([m, o]) => window.partyappTable.call('game.start', {mode: m, options: o})",
                            [mode, options])
    assert answer["ok"], answer


def send_amount(phone, action: str, amount: int) -> None:
    form = phone.locator(f"form[data-action={action}]")
    expect(form).to_be_visible()
    form.locator("input[type=number]").fill(str(amount))
    form.locator("button[type=submit]").click()


def tap(phone, action: str) -> None:
    button = phone.locator(f"button[data-action={action}]")
    expect(button).to_be_visible()
    button.click()


def last_deal(game: dict) -> list[str]:
    """The message keys logged since the last deal began."""
    keys = [e["msg"] for e in game["log"]]
    return keys[len(keys) - keys[::-1].index("round.start"):]


def join_two(open_table, open_phone, server):
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = open_phone(f"{server.url}/j/{code}", "Bob")
    return table, code, ana, bob


def test_a_round_of_casino_blackjack_on_two_phones(open_table, open_phone, server, shots, watch, second_screen):
    """Ana and Bob bet at once; the dealer shows an ace: Bob insures, the
    dealer peeks (no blackjack) and his insurance is lost; Ana splits her
    eights and doubles the first hand; Bob stands; the dealer turns the
    hole card and stands on soft 18 by itself; the TV shows every result."""
    table, code, ana, bob = join_two(open_table, open_phone, server)
    expect(table.locator("#players .pname")).to_have_count(2)
    screen = second_screen(table, code)
    # Ana, Bob, the upcard, Ana, Bob, the hole card; then Ana's split hands, her double
    deck = ["8H", "10C", "AS", "8D", "9D", "7S", "3C", "KC", "10H"]
    start(table, "casino_blackjack", {"deck": deck, "rounds": 1, "dealer_pace_ms": 400})

    for phone in (ana, bob):
        expect(phone.locator("form[data-action=bet]")).to_be_visible()
        expect(phone.locator("button[data-action=sit_out]")).to_be_visible()
    expect(ana.locator("form[data-action=bet] .quick")).to_have_text(["5", "10", "25", "50"])
    expect(table.locator(".bx-dealer")).to_contain_text("6 decks, shuffled at the deal")
    expect(table.locator(".bx-dealer")).not_to_contain_text("0 cards")
    shots("ana-bets", ana, full_page=True)
    assert_fits(ana, "Ana's phone at the betting", phone=True)
    amount = ana.locator("form[data-action=bet] input[type=number]")
    amount.fill("10")  # Ana sets her bet; Bob's bet comes in meanwhile and keeps it
    send_amount(bob, "bet", 10)
    expect(table.locator(".bx-box", has_text="Bob")).to_contain_text("bet 10")
    expect(amount).to_have_value("10")
    expect(ana.locator("form[data-action=bet] button[type=submit]")).to_have_text("Bet 10")
    ana.locator("form[data-action=bet] button[type=submit]").click()

    insurance = bob.locator("[data-action=insurance]")
    expect(insurance).to_contain_text("Insure for 5")
    expect(table.locator(".bx-status")).to_contain_text("Insurance?")
    shots("bob-insurance", bob, full_page=True)
    insurance.locator("button[data-value=true]").click()
    ana.locator("[data-action=insurance] button[data-value=false]").click()

    expect(ana.locator("button[data-action=split]")).to_be_visible()
    expect(table.locator(".bx-box.is-turn .bx-name")).to_have_text("Ana")
    expect(table.locator(".bx-dealer-hand .card-back")).to_have_count(1)
    expect(table.locator("#ticker")).to_contain_text("no blackjack")
    bob_box = table.locator(".bx-box", has_text="Bob")
    expect(bob_box).to_contain_text("insurance lost −5")  # shown lost after the peek
    expect(bob_box).not_to_contain_text("insured for")
    expect(table.locator(".bx-dealer-total")).to_have_text("1 or 11 showing")  # a lone ace, never "soft 11"
    assert "7S" not in table.content() and "7S" not in ana.content() and "7S" not in bob.content()
    shots("table-ana-to-play", table)
    assert_fits(table, "the table while Ana plays")
    tap(ana, "split")
    expect(ana.locator(".my-hands .bet-hand")).to_have_count(2)
    expect(ana.locator(".status-line")).to_contain_text("hand 1 of 2")
    shots("ana-split", ana, full_page=True)
    assert_fits(ana, "Ana's phone after the split", phone=True)
    double = ana.locator("form[data-action=double]")
    expect(double.locator("button[type=submit]")).to_have_text("Double for 10")
    # the safe moves are the bright ones; the costly double never is
    expect(ana.locator("button[data-action=stand].btn-primary")).to_be_visible()
    expect(ana.locator("button[data-action=hit].btn-primary")).to_be_visible()
    expect(double.locator("button.btn-primary")).to_have_count(0)
    double.locator("button[type=submit]").click()
    expect(ana.locator(".status-line")).to_contain_text("hand 2 of 2")
    tap(ana, "stand")

    expect(bob.locator("button[data-action=stand]")).to_be_visible()
    expect(bob.locator("button[data-action=double]")).to_have_count(0)
    shots("bob-to-play", bob, full_page=True)
    assert_fits(bob, "Bob's phone on his turn", phone=True)
    tap(bob, "stand")
    expect(table.locator(".bx-status")).to_contain_text("dealer plays")
    shots("table-dealer-plays", table)

    game = screen.wait_for(lambda f: f["game"] and f["game"]["over"], timeout=15)["game"]
    expect(table.locator(".bet-result")).to_be_visible()
    shots("table-over", table)
    assert_fits(table, "the table at the end")
    assert game["dealer_hand"]["cards"] == ["AS", "7S"] and game["dealer_hand"]["status"] == "stood"
    results = [(p["player"], p["box"], p["result"], p["amount"]) for p in game["payouts"]]
    assert results == [("p2", "insurance", "insurance_lost", -5), ("p1", "split1", "push", 0),
                       ("p1", "bet", "win", 20), ("p2", "bet", "win", 10)]
    # Bob's box agrees with his chips: the win, the insurance lost, net +5
    expect(bob_box.locator(".net-badge")).to_have_text("net +5")
    expect(bob_box).to_contain_text("insurance lost −5")
    expect(bob_box.locator(".bet-hand .result-badge")).to_have_text("won")
    expect(table.locator(".bx-box", has_text="Ana").locator(".net-badge")).to_have_text("net +20")
    expect(bob.locator(".my-payouts .net-badge")).to_have_text("net +5")
    steps = [e["msg"] for e in game["log"]]
    assert steps.index("casino_blackjack.reveal") < steps.index("twentyone.dealer_stand")
    expect(ana.locator("[data-action]")).to_have_count(0)
    assert not watch.errors and not watch.dialogs


def test_russian_blackjack_three_sevens_and_a_tie_left_on_the_table(open_table, open_phone, server, shots, watch,
                                                                     second_screen):
    """Cy deals (the last seat). Ana makes three sevens and is paid a bonus
    at once; Bob ties the dealer at 18 and his stake stays on the table;
    Cy's phone offers only the rule's moves. At the next betting (Ana
    deals) Bob adds to his tied stake from his phone."""
    table, code, ana, bob = join_two(open_table, open_phone, server)
    cy = WireClient(server.url).connect()
    try:
        assert cy.call("player.join", {"code": code, "name": "Cy"})["ok"]
        expect(table.locator("#players .pname")).to_have_count(3)
        screen = second_screen(table, code)
        # Ana, Bob, the dealer's one card, Ana, Bob; Ana's hit, the dealer's second card
        deck = ["7H", "10C", "10S", "7D", "8D", "7C", "8S"]
        start(table, "russian_blackjack", {"deck": deck, "rounds": 2})
        send_amount(ana, "bet", 10)
        send_amount(bob, "bet", 10)
        expect(table.locator(".bx-dealer-title")).to_contain_text("Cy's bank")
        expect(table.locator(".bx-dealer-hand .card")).to_have_count(1)
        tap(ana, "hit")
        expect(table.locator("#ticker")).to_contain_text("Three sevens for Ana")
        expect(ana.locator(".my-payouts")).to_contain_text("three sevens! +10")
        expect(table.locator(".bx-box", has_text="Ana")).to_contain_text("three sevens! +10")
        tap(bob, "stand")
        frame = cy.wait_for(lambda s: s["game"] is not None and s["game"]["phase"] == "dealer")
        assert [a["type"] for a in frame["you"]["actions"]] == ["hit"]
        shots("table-dealer-to-play", table)
        assert_fits(table, "the table at the dealer's turn")
        assert cy.call("game.act", {"action": {"type": "hit"}})["ok"]
        assert [a["type"] for a in cy.wait_for(lambda s: len(s["game"]["dealer_hand"]["cards"]) == 2)["you"]["actions"]] == ["stand"]
        assert cy.call("game.act", {"action": {"type": "stand"}})["ok"]

        expect(bob.locator("button[data-action=leave]")).to_have_text("Play it again (10)")
        expect(bob.locator("button[data-action=leave].btn-primary")).to_be_visible()
        expect(bob.locator("form[data-action=add] button.btn-primary")).to_have_count(0)
        expect(bob.locator(".dealer-strip .strip-title")).to_have_text("Cy's bank")
        expect(table.locator(".bx-box", has_text="Ana")).to_contain_text("net +20")
        expect(bob.locator("button[data-action=take_back]")).to_be_visible()
        expect(table.locator(".bx-box", has_text="Bob")).to_contain_text("tie stake 10 on the table")
        # Ana deals next; the cards in the dealer's zone are still Cy's
        expect(table.locator(".bx-dealer-title")).to_have_text("Cy's bank")
        expect(table.locator(".bx-status")).to_contain_text("Ana deals next")
        expect(table.locator(".bx-box", has_text="Ana")).to_contain_text("deals next")
        expect(table.locator(".bx-box", has_text="Cy")).to_contain_text("betting…")
        expect(bob.locator(".dealer-strip .strip-title")).to_have_text("Cy's bank")
        shots("bob-tie", bob, full_page=True)
        assert_fits(bob, "Bob's phone with his tied stake", phone=True)
        shots("table-next-betting", table)
        assert_fits(table, "the table at the next betting")
        send_amount(bob, "add", 5)
        game = screen.wait_for(lambda f: f["game"]["stakes"].get("p2") == {"bet": 15})["game"]
        assert game["dealer"] == "p1" and game["chips"]["p2"] == 85
        assert [(p["player"], p["result"], p["amount"]) for p in game["payouts"]] == [
            ("p1", "three_sevens", 10), ("p2", "tie", 0), ("p1", "win", 10)]
        assert not watch.errors and not watch.dialogs
    finally:
        cy.close()


def test_two_deals_of_pontoon_on_two_phones(open_table, open_phone, server, shots, watch, second_screen):
    """Bob cuts the highest card and banks. Ana stakes, buys a card face down
    (only her phone sees it), twists one face up and sticks; Bob's cards turn
    up and he sticks, paying 19: Ana's 20 wins. The next deal comes without
    a shuffle; Ana declares a pontoon on the last deal and wins double, and
    the game ends with Bob's bank: nobody takes it."""
    table, code, ana, bob = join_two(open_table, open_phone, server)
    expect(table.locator("#players .pname")).to_have_count(2)
    screen = second_screen(table, code)
    deck = ["2C", "KC",  # the cut: Bob banks
            "5H", "10S", "4D", "8S", "6S", "5C",  # Ana, Bob; Ana, Bob; Ana buys 6S, twists 5C
            "AH", "7D", "KH", "9D"]  # the next deal: Ana, Bob; Ana, Bob
    start(table, "pontoon", {"deck": deck, "rounds": 2})

    expect(table.locator(".cut-line")).to_contain_text("Cut for the bank")
    expect(bob.locator("[data-action=sell]")).to_be_visible()
    shots("table-cut", table)
    assert_fits(table, "the table after the cut")
    tap(bob, "deal")
    expect(ana.locator(".my-hands .card")).to_have_count(1)
    send_amount(ana, "bet", 10)
    expect(ana.locator("button[data-action=stick]")).to_have_count(0)
    send_amount(ana, "buy", 10)
    expect(ana.locator(".hand-worth")).to_have_text("15")
    expect(table.locator(".bx-box .card-back")).to_have_count(3)
    assert "6S" not in table.content() and "6S" not in bob.content()
    shots("ana-to-play", ana, full_page=True)
    assert_fits(ana, "Ana's phone on her turn", phone=True)
    expect(ana.locator("form[data-action=buy]")).to_be_visible()
    tap(ana, "twist")
    expect(ana.locator("form[data-action=buy]")).to_have_count(0)
    tap(ana, "stick")

    expect(bob.locator("button[data-action=stick]")).to_have_text("Stick: paying 19")
    shots("bob-banks", bob, full_page=True)
    assert_fits(bob, "Bob's phone at his bank", phone=True)
    tap(bob, "stick")
    expect(table.locator("#ticker")).to_contain_text("paying 19")
    expect(table.locator(".bx-felt")).to_contain_text("no shuffle")
    shots("table-paid", table)
    assert_fits(table, "the table after the first deal")

    tap(bob, "deal")
    send_amount(ana, "bet", 10)
    tap(ana, "declare")
    expect(table.locator(".bx-box", has_text="Ana").locator(".card-back")).to_have_count(1)
    tap(bob, "stick")
    game = screen.wait_for(lambda f: f["game"]["over"])["game"]
    assert game["banker"] == "p2" and game["banker_hand"]["player"] == "p2"
    assert [(p["result"], p["amount"]) for p in game["payouts"]] == [("pontoon", 20)]
    assert "pontoon.shuffle" not in [e["msg"] for e in game["log"][-12:]]
    assert "pontoon.banker" not in last_deal(game)
    expect(table.locator(".bet-result")).to_be_visible()
    expect(table.locator(".bx-dealer-title")).to_have_text("Bob's bank")
    expect(table.locator(".bx-box", has_text="Ana")).to_contain_text("pontoon!")
    shots("table-over", table)
    assert_fits(table, "the table at the end")
    assert not watch.errors and not watch.dialogs


def test_a_pontoon_takes_the_bank_mid_game_and_not_on_the_last_deal(open_table, open_phone, server, shots, watch,
                                                                       second_screen):
    """Bob banks the first deal; Ana's pontoon takes the bank. Between the
    deals the table shows Bob's cards as Bob's bank and names Ana as the
    new banker, to deal; her box keeps her pontoon. On the last deal Bob's
    pontoon wins double from Ana's bank, and the game ends with Ana's bank
    on the table: the bank passes to nobody."""
    table, code, ana, bob = join_two(open_table, open_phone, server)
    expect(table.locator("#players .pname")).to_have_count(2)
    screen = second_screen(table, code)
    deck = ["2C", "KC",  # the cut: Bob banks
            "AH", "7D", "KH", "9D",  # Ana, Bob; Ana, Bob: Ana's pontoon, Bob's 16
            "AS", "8C", "KS", "9C"]  # Ana's deal: Bob, Ana; Bob, Ana: Bob's pontoon, Ana's 17
    start(table, "pontoon", {"deck": deck, "rounds": 2})
    tap(bob, "deal")
    send_amount(ana, "bet", 10)
    tap(ana, "declare")
    expect(bob.locator("button[data-action=stick]")).to_have_text("Stick: paying 17")
    tap(bob, "stick")

    game = screen.wait_for(lambda f: f["game"]["phase"] == "deal" and f["game"]["round"] == 2)["game"]
    assert game["banker"] == "p1" and game["banker_hand"]["player"] == "p2"
    assert game["banker_hand"]["cards"] == ["7D", "9D"]
    assert {"msg": "pontoon.banker", "player": "p1", "reason": "pontoon"} in [
        {k: e[k] for k in ("msg", "player", "reason") if k in e} for e in game["log"]]
    expect(table.locator(".bx-dealer-title")).to_have_text("Bob's bank")
    expect(table.locator(".bx-dealer-total")).to_contain_text("16")
    expect(table.locator(".bx-status")).to_have_text("Ana holds the bank now and deals next")
    ana_box = table.locator(".bx-box", has_text="Ana")
    expect(ana_box).to_contain_text("holds the bank now")
    expect(ana_box).to_contain_text("pontoon!")
    expect(table.locator(".bx-box", has_text="Bob")).to_have_count(0)
    expect(ana.locator("button[data-action=deal]")).to_be_visible()
    expect(ana.locator(".dealer-strip .strip-title")).to_have_text("Bob's bank")
    expect(bob.locator(".dealer-strip .strip-title")).to_have_text("Your bank")
    expect(bob.locator(".dealer-strip .strip-next")).to_have_text("The bank passes to Ana, who deals next")
    expect(bob.locator(".status-line")).to_have_text("Ana holds the bank now and deals next")
    expect(ana.locator(".dealer-strip .strip-next")).to_have_text("The bank passes to you: you deal next")
    shots("table-bank-passes", table)
    assert_fits(table, "the table as the bank passes")
    shots("ana-new-bank", ana, full_page=True)
    assert_fits(ana, "Ana's phone with the bank", phone=True)

    tap(ana, "deal")
    expect(table.locator(".bx-dealer-title")).to_have_text("Ana's bank")
    send_amount(bob, "bet", 10)
    tap(bob, "declare")
    tap(ana, "stick")
    game = screen.wait_for(lambda f: f["game"]["over"])["game"]
    assert game["banker"] == "p1" and game["banker_hand"]["player"] == "p1"
    assert [(p["player"], p["result"], p["amount"]) for p in game["payouts"]] == [("p2", "pontoon", 20)]
    assert "pontoon.banker" not in last_deal(game)
    expect(table.locator(".bet-result")).to_be_visible()
    expect(table.locator(".bx-dealer-title")).to_have_text("Ana's bank")
    expect(table.locator(".bx-dealer-hand .card")).to_have_count(2)
    expect(table.locator(".bx-box", has_text="Bob")).to_contain_text("pontoon!")
    expect(table.locator(".bx-box", has_text="Ana")).to_have_count(0)
    shots("table-over", table)
    assert_fits(table, "the table at the end")
    assert not watch.errors and not watch.dialogs


def test_the_host_sets_the_table_rules_on_the_phone(open_table, open_phone, server, shots, watch, second_screen):
    """In the game picker the host opens the casino's table rules, makes a
    blackjack pay 6:5, takes the European game and one deck, and starts:
    the game plays by those rules and the TV's felt says so."""
    table, code, ana, bob = join_two(open_table, open_phone, server)
    screen = second_screen(table, code)
    ana.click("button[data-mode=casino_blackjack]")
    rules = ana.locator("details.options-box")
    rules.locator("summary").click()
    rules.locator("[data-option=blackjack_pays] button", has_text="6:5").click()
    rules.locator("[data-option=hole_card] button", has_text="European").click()
    rules.locator("[data-option=decks] input[type=number]").fill("1")
    rules.locator("[data-option=decks] input[type=number]").blur()
    expect(rules.locator("summary")).to_have_text("Table rules (3 changed)")
    shots("host-table-rules", ana, full_page=True)
    assert_fits(ana, "the host's phone with the table rules open", phone=True)
    ana.click("#btn-start")
    game = screen.wait_for(lambda f: f["game"] is not None)["game"]
    assert {k: game["options"][k] for k in ("blackjack_pays", "hole_card", "decks")} == {
        "blackjack_pays": "6:5", "hole_card": "european", "decks": 1}
    expect(table.locator(".bx-felt")).to_contain_text("Blackjack pays 6:5")
    expect(table.locator(".bx-felt")).to_contain_text("No hole card")
    assert not watch.errors and not watch.dialogs
