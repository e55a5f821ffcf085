"""What a person has typed or chosen on a phone survives a reload of the
page (iOS reloads a tab whenever its person switches to the camera) and a
restart of the server, until it is sent or its prompt is gone: a Kings
rule half typed, cards chosen in a Cheat hand, a bet amount, a name being
typed to join."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from partyapp.games.kit.cards import STANDARD_DECK
from tests.games.hand_helpers import whole_deal
from tests.wire import WireClient

pytestmark = pytest.mark.browser


def start(table, mode, options):
    answer = table.evaluate("(a) => window.partyappTable.call('game.start', {mode: a[0], options: a[1]})", [mode, options])
    assert answer == {"ok": True}, answer


def reload(phone):
    phone.reload()
    phone.wait_for_selector("#room-screen:not([hidden]) #you-line")


@pytest.fixture
def ana_and_bob(open_table, open_phone, server):
    """(table, ana, bob): a table, Ana's phone page and Bob on the wire, both
    seated; Bob is closed at the end."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = WireClient(server.url).connect()
    assert bob.call("player.join", {"code": code, "name": "Bob"})["ok"]
    yield table, ana, bob
    bob.close()


def test_a_half_typed_kings_rule_survives_a_reload_until_it_is_sent(ana_and_bob, shots, watch):
    """Ana draws the Kings 9 (make a rule), types half of it and her page
    reloads: the text is back in the box. She sends it: the next rule box
    she is given starts empty."""
    table, ana, bob = ana_and_bob
    start(table, "kings", {"deck": ["9S", "2H", "9D", "2D"]})
    ana.click("button[data-action=draw]")
    box = ana.locator("form[data-action=rule] input")
    box.press_sequentially("Drink with your le")
    reload(ana)
    expect(box).to_have_value("Drink with your le")
    shots("rule-back-after-reload", ana, full_page=True)
    box.press_sequentially("ft hand")
    box.press("Enter")
    expect(ana.locator(".rules li")).to_have_count(1)
    expect(ana.locator(".rules")).to_contain_text("Drink with your left hand")
    assert bob.call("game.act", {"action": {"type": "draw"}})["ok"]
    ana.click("button[data-action=draw]")
    expect(box).to_have_value("")
    reload(ana)
    expect(box).to_have_value("")
    assert watch.errors == []


def test_a_rule_gone_with_its_prompt_is_not_offered_again(ana_and_bob, watch):
    """The host skips the card Ana was writing a rule for: the half-typed
    text goes with it, and her page's storage holds nothing of it."""
    table, ana, bob = ana_and_bob
    start(table, "kings", {"deck": ["9S", "2H", "9D", "2D"]})
    ana.click("button[data-action=draw]")
    ana.locator("form[data-action=rule] input").press_sequentially("No pointing")
    answer = table.evaluate("() => window.partyappTable.command({command: 'game', action: {type: 'skip'}})")
    assert answer["ok"], answer
    expect(ana.locator("form[data-action=rule]")).to_have_count(0)
    kept = ana.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('partyapp.keep.'))"
                        ".map((k) => localStorage.getItem(k)).join('')")
    assert "No pointing" not in kept


HANDS = [["7S", "7H", "5D"], ["2C", "KD", "9S"]]


def test_cards_chosen_in_a_hand_and_the_rank_survive_a_reload(ana_and_bob, shots, watch):
    """Cheat: Ana taps two cards and a rank, her page reloads: the same two
    cards are still up and the rank still chosen; once played, nothing is
    chosen any more."""
    table, ana, bob = ana_and_bob
    start(table, "cheat", {"deck": whole_deal(HANDS, 2, STANDARD_DECK), "call_seconds": 60})
    for card in ("7S", "7H"):
        ana.locator(f".hand button[data-card='{card}']").click(position={"x": 10, "y": 30})
    ana.locator(".rank-chooser button[data-rank='7']").click()
    expect(ana.locator(".act-play")).to_have_text("Play two 7s")
    reload(ana)
    expect(ana.locator(".act-play")).to_have_text("Play two 7s")
    expect(ana.locator(".hand-slot.up")).to_have_count(2)
    for card in ("7S", "7H"):
        expect(ana.locator(f".hand button[data-card='{card}']")).to_have_attribute("aria-pressed", "true")
    shots("cards-chosen-after-reload", ana, full_page=True)
    ana.locator(".act-play").click()
    expect(ana.locator(".hg-note")).to_contain_text("You played")
    reload(ana)
    expect(ana.locator(".hand-slot.up")).to_have_count(0)
    assert watch.errors == []


def test_a_bet_amount_survives_a_reload(open_table, open_phone, server, shots, watch):
    """Casino Blackjack: Ana sets her bet to 15 and her page reloads before
    she bets: 15 is still in the box and on the button."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    start(table, "casino_blackjack", {"deck": ["8H", "AS", "8D", "7S"], "rounds": 1})
    amount = ana.locator("form[data-action=bet] input[type=number]")
    amount.fill("15")
    expect(ana.locator("form[data-action=bet] button[type=submit]")).to_have_text("Bet 15")
    reload(ana)
    expect(amount).to_have_value("15")
    expect(ana.locator("form[data-action=bet] button[type=submit]")).to_have_text("Bet 15")
    shots("bet-after-reload", ana, full_page=True)
    assert watch.errors == []


def test_a_name_being_typed_to_join_survives_a_reload(open_table, open_phone, server, watch):
    """A guest half way through typing their name reloads: the name is there."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    phone = open_phone(f"{server.url}/j/{code}")
    phone.wait_for_selector("#join-screen:not([hidden])")
    phone.locator("#name").press_sequentially("Bartholo")
    phone.reload()
    phone.wait_for_selector("#join-screen:not([hidden])")
    expect(phone.locator("#name")).to_have_value("Bartholo")
    assert watch.errors == []


@pytest.mark.own_server
def test_a_half_typed_rule_survives_a_server_restart_and_a_reload(ana_and_bob, server, watch):
    """The server restarts while Ana is typing a rule, and her page reloads
    once it is back: her text is still there."""
    table, ana, bob = ana_and_bob
    start(table, "kings", {"deck": ["9S", "2H", "9D", "2D"]})
    ana.click("button[data-action=draw]")
    box = ana.locator("form[data-action=rule] input")
    box.press_sequentially("Speak in rhyme")
    server.kill()
    server.start()
    ana.wait_for_selector("#conn-status.ok", state="attached", timeout=30_000)
    expect(box).to_have_value("Speak in rhyme")
    reload(ana)
    expect(box).to_have_value("Speak in rhyme")
