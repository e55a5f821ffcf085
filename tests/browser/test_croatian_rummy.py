"""Croatian Rummy in real browsers: a table and two phones play the moves
that matter on a staged deck (a run laid with its joker where the player
chooses, a set, a discard slid onto the line, the end card taken and laid in
a set, a joker swapped out of a set and laid off onto another), then the
layout at the TV and phone sizes, also with the game's five players and
24-character names."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import random

from tests.browser.layout import settle
from tests.browser.tablegames import (audit_phone, audit_tv, check_crowded, drag, join_wire, long_names,
                                      play_random, room_code, start)

pytestmark = pytest.mark.browser

ANA = ["5H", "6H", "X1", "KS", "KD", "KC", "2C", "9S"]
BOB = ["9C", "9D", "4H", "4S", "8D", "10C", "JC"]
DRAWS = ["AS"]
DECK = [h[r] for r in range(7) for h in (ANA, BOB)] + [ANA[7]] + DRAWS


def card(code: str) -> str:
    return f"[data-card='{code}']"


def tap_cards(page, *codes: str) -> None:
    """Tap cards of the hand where a thumb sees them in the fan (their left edge)."""
    for code in codes:
        page.locator(f".rummy-hand .hand {card(code)}").click(position={"x": 8, "y": 30})


def test_a_round_of_croatian_rummy_on_two_phones(open_table, open_phone, server, shots, watch):
    """Ana lays 4-5-6 of hearts with the joker below the five (her choice of
    place) and three kings, and slides the 9 of spades onto the line; Bob
    takes it and lays three nines, puts the 4 of hearts in place of Ana's
    joker, slides the joker onto his nines and discards with a button; the
    table shows every set, what a joker stands for, and the drinks."""
    table = open_table()
    code = room_code(table)
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = open_phone(f"{server.url}/j/{code}", "Bob")
    expect(table.locator("#players .pname")).to_have_count(2)
    start(table, "croatian_rummy", {"deck": DECK})

    expect(ana.locator(".status-line.mine")).to_contain_text("discard")
    expect(bob.locator(".rummy-hand .hand button")).to_have_count(0)  # not his turn: his cards only show

    # the run: both places for the joker are offered; Ana puts it below the five
    tap_cards(ana, "5H", "6H", "X1")
    expect(ana.locator("button[data-action=meld]")).to_have_count(2)
    shots("ana-joker-choice", ana, full_page=True)
    ana.locator("button[data-action=meld]", has_text="the joker as 4♥").click()
    expect(table.locator(".rummy-meld")).to_have_count(1)
    expect(table.locator(".rummy-joker-as")).to_have_text("=4♥")
    expect(table.locator("#ticker")).to_contain_text("A joker laid: Bob drinks 2 fingers.")

    tap_cards(ana, "KS", "KD", "KC")
    ana.locator("button[data-action=meld]").click()
    expect(table.locator(".rummy-meld")).to_have_count(2)
    # slide the 9 of spades onto the line: discarded, the turn passes
    drag(ana, ana.locator(f".rummy-hand .hand {card('9S')}"), ana.locator(".rummy-line"))
    expect(table.locator(f".rummy-line {card('9S')}")).to_be_visible()
    expect(bob.locator(".status-line.mine")).to_contain_text("draw from the stock")
    shots("table-after-ana", table)

    # Bob takes the 9 of spades from the line and lays it with his nines
    bob.locator(".rummy-line-slot[data-position='0']").click()
    bob.locator("button[data-action=take]").click()
    expect(bob.locator(f".rummy-hand .hand {card('9S')}")).to_be_visible()
    tap_cards(bob, "9C", "9D", "9S")
    bob.locator("button[data-action=meld]").click()
    expect(table.locator(".rummy-meld")).to_have_count(3)

    # with a set down, the 4 of hearts takes Ana's joker: tap it, then her run
    tap_cards(bob, "4H")
    expect(bob.locator(".rummy-meld.target")).to_have_count(1)
    shots("bob-swap-marked", bob, full_page=True)
    bob.locator(".rummy-meld.target").click()
    expect(bob.locator(f".rummy-hand .hand {card('X1')}")).to_be_visible()
    expect(table.locator(".rummy-joker-as")).to_have_count(0)
    expect(table.locator("#ticker")).to_contain_text("Their joker was taken: Ana drinks")

    # the joker goes onto Bob's own nines with a slide
    drag(bob, bob.locator(f".rummy-hand .hand {card('X1')}"), bob.locator(".rummy-meld[data-meld='3']"))
    expect(table.locator(".rummy-meld[data-meld='3'] [data-card]")).to_have_count(4)
    expect(table.locator(".rummy-joker-as")).to_have_text("=any 9")
    audit_phone(bob, shots, "bob-sets-down")
    tap_cards(bob, "JC")
    bob.locator("button[data-action=discard]").click()
    expect(ana.locator(".status-line.mine")).to_be_visible()

    # Ana draws the ace of spades and discards it: the line keeps its order
    ana.locator("button[data-action=draw]").click()
    expect(ana.locator(f".rummy-hand .hand {card('AS')}")).to_be_visible()
    tap_cards(ana, "AS")
    ana.locator("button[data-action=discard]").click()
    expect(table.locator(".rummy-line [data-card]")).to_have_count(2)  # once the discard reaches the table
    assert [c.get_attribute("data-card") for c in table.locator(".rummy-line [data-card]").all()] == ["JC", "AS"]
    # Ana drank 2 for her joker taken and 2 for the joker Bob laid; Bob 2 for hers
    expect(table.locator("#players .player .drinks")).to_have_text(["🍺 4", "🍺 2"])
    audit_tv(table, shots, "table-two-turns")
    assert not watch.errors and not watch.dialogs


def test_taking_from_further_back_in_the_line(open_table, open_phone, server, shots, watch):
    """Bob taps the queen of hearts further back in the line: he takes it and
    every card after it, the queen stays chosen, and the set he lays with it
    comes first; only then may he discard."""
    ana_hand = ["QH", "5H", "6H", "7H", "KS", "KD", "KC", "2C"]
    bob_hand = ["10H", "JH", "3S", "4S", "8C", "8D", "9S"]
    deck = [h[r] for r in range(7) for h in (ana_hand, bob_hand)] + [ana_hand[7], "2D", "3D"]
    table = open_table()
    code = room_code(table)
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = open_phone(f"{server.url}/j/{code}", "Bob")
    expect(table.locator("#players .pname")).to_have_count(2)
    start(table, "croatian_rummy", {"deck": deck})
    for page, draw, throw in ((ana, False, "QH"), (bob, True, "9S"), (ana, True, "2C")):
        expect(page.locator(".status-line.mine")).to_be_visible()
        if draw:
            page.locator("button[data-action=draw]").click()
        tap_cards(page, throw)
        page.locator("button[data-action=discard]").click()
    expect(bob.locator(".rummy-line-slot.target")).to_have_count(2)  # the queen and the end card
    bob.locator(".rummy-line-slot[data-position='0']").click()
    expect(bob.locator("button[data-action=take]")).to_contain_text("and the 2 after it")
    bob.locator("button[data-action=take]").click()
    expect(table.locator(".rummy-head")).to_contain_text("lays a set with")
    expect(bob.locator(f".rummy-hand .hand {card('QH')}[aria-pressed=true]")).to_be_visible()
    expect(bob.locator("button[data-action=discard]")).to_have_count(0)
    tap_cards(bob, "10H", "JH")
    shots("bob-lays-the-queen", bob, full_page=True)
    bob.locator("button[data-action=meld]").click()
    expect(table.locator(".rummy-meld")).to_have_count(1)
    tap_cards(bob, "9S")
    expect(bob.locator("button[data-action=discard]")).to_be_visible()
    assert not watch.errors


@pytest.mark.parametrize("count", [2, 5])
def test_croatian_rummy_fits_every_name(count, open_table, open_phone, server, shots, watch):
    """With the game's most players (5) and 24-character names, nothing on
    the TV or the phone is covered, clipped or off screen."""
    check_crowded(open_table, open_phone, server, shots, watch, mode="croatian_rummy", count=count,
                  options={"seed": 3}, ready=".rummy-middle")


def test_a_busy_rummy_table_fits(open_table, server, shots, watch):
    """Five players with 24-character names lay many sets and build a long
    discard line: every set, the line and the names still fit the TV."""
    table = open_table()
    code = room_code(table)
    guests = join_wire(server, code, long_names(5))
    try:
        expect(table.locator("#players .pname")).to_have_count(5)
        start(table, "croatian_rummy", {"seed": 14, "target": 5000})
        for g in guests:
            g.wait_for(lambda s: s["game"] is not None)
        game = play_random(guests, random.Random(5), 200, avoid=("take",), prefer=("meld", "layoff"),
                           until=lambda game: len(game["melds"]) >= 7 and len(game["piles"]["line"]) >= 5)
        assert len(game["melds"]) >= 7 and len(game["piles"]["line"]) >= 5, game["melds"]
        expect(table.locator("#game-area [data-meld]")).to_have_count(len(game["melds"]))
        expect(table.locator("#game-area .rummy-line [data-card]")).to_have_count(len(game["piles"]["line"]))
        audit_tv(table, shots, "busy")
        assert not watch.errors
    finally:
        for g in guests:
            g.close()


def bottom(page, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    return box["y"] + box["height"]


@pytest.mark.parametrize("locale", [None, "ru-RU"])
def test_four_sets_down_and_the_hand_stays_on_the_first_screen(locale, open_table, open_phone, server, shots, watch):
    """Ana and Bob lay two sets each; Cy's turn begins with the choice
    between the stock and the line: on a 390x844 phone his hand, the Draw
    button and the line are all on the first screen, in English and in
    Russian, and so are his hand and the Discard button once he has drawn."""
    ana = ["KS", "KD", "KC", "QS", "QD", "QC", "2C", "9S"]
    bob = ["9C", "9D", "9H", "4H", "4S", "4D", "10C"]
    cy = ["5H", "6H", "7C", "JD", "8S", "3C", "10D"]
    deck = [h[r] for r in range(7) for h in (ana, bob, cy)] + [ana[7], "AS", "2H"]
    table = open_table(locale=locale)
    code = room_code(table)
    guests = join_wire(server, code, ["Ana", "Bob"])
    phone = open_phone(f"{server.url}/j/{code}", "Cy", locale=locale)
    try:
        expect(table.locator("#players .pname")).to_have_count(3)
        start(table, "croatian_rummy", {"deck": deck})
        for guest, sets, throw, draws in ((guests[0], (ana[:3], ana[3:6]), "9S", False),
                                          (guests[1], (bob[:3], bob[3:6]), "AS", True)):
            guest.wait_for(lambda s: s["game"] is not None and s["game"]["turn"] == guest.pid)
            if draws:
                assert guest.call("game.act", {"action": {"type": "draw"}})["ok"]
            for cards in sets:
                guest.wait_for(lambda s: any(a["type"] == "meld" for a in s["you"]["actions"]))
                spec = next(a for a in guest.state["you"]["actions"] if a["type"] == "meld")
                laid = next(m for m in spec["params"]["cards"]["one_of"] if sorted(m) == sorted(cards))
                answer = guest.call("game.act", {"action": {"type": "meld", "cards": laid}})
                assert answer["ok"], answer
            assert guest.call("game.act", {"action": {"type": "discard", "card": throw}})["ok"]
        expect(table.locator(".rummy-meld")).to_have_count(4)
        expect(phone.locator("button[data-action=draw]")).to_be_visible()
        phone.set_viewport_size({"width": 390, "height": 844})
        settle(phone)
        phone.evaluate("() => window.scrollTo(0, 0)")
        shots("cy-draws", phone)
        for what in (".rummy-hand .hand", "button[data-action=draw]", ".rummy-line-phone"):
            assert bottom(phone, what) <= 844, f"{what} ends at {bottom(phone, what):.0f} px"
        audit_phone(phone, shots, "cy-draws-full")
        phone.locator("button[data-action=draw]").click()
        expect(phone.locator(f".rummy-hand .hand {card('2H')}")).to_be_visible()
        tap_cards(phone, "2H")
        phone.set_viewport_size({"width": 390, "height": 844})
        settle(phone)
        phone.evaluate("() => window.scrollTo(0, 0)")
        shots("cy-discards", phone)
        for what in (".rummy-hand .hand", "button[data-action=discard]"):
            assert bottom(phone, what) <= 844, f"{what} ends at {bottom(phone, what):.0f} px"
        audit_tv(table, shots, "four-sets")
        assert not watch.errors and not watch.dialogs
    finally:
        for g in guests:
            g.close()
