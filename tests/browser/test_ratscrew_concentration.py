"""Egyptian Ratscrew and Concentration in real browsers, a table and two
phones each: the seed's Ratscrew example turned card by card from the phones,
with the debt on the TV; a Concentration game tapped out on the phones' grid
to its result."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits, settle
from tests.games.reflex_helpers import deal_to

pytestmark = pytest.mark.browser


def two_phones(open_table, open_phone, server):
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    bob = open_phone(f"{server.url}/j/{code}", "Bob")
    expect(table.locator("#players .pname")).to_have_count(2)
    return table, ana, bob


def start(table, mode, options):
    answer = table.evaluate("([m, o]) => window.partyappTable.call('game.start', {mode: m, options: o})", [mode, options])
    assert answer["ok"], answer


def test_the_seeds_ratscrew_example_on_two_phones(open_table, open_phone, server, shots, watch):
    """A queen; B six, jack; A ace; B three, seven, king; A ten, four, six:
    B takes the pile. The TV says who pays whom and how many are left; the
    payer's phone says so on its button."""
    table, ana, bob = two_phones(open_table, open_phone, server)
    start(table, "egyptian_ratscrew", {"deck": deal_to([["QS", "AS", "10S", "4S", "6S"], ["6H", "JH", "3H", "7H", "KH"]])})
    phones = {"A": ana, "B": bob}
    expect(bob.locator("button[data-action=flip]")).to_have_count(0)
    ana.locator("button[data-action=flip]").click()
    expect(table.locator(".debt-line")).to_have_text("Bob pays Ana: 2 more cards")
    expect(bob.locator("button[data-action=flip]")).to_contain_text("Pay: turn a card (2 to go)")
    expect(bob.locator(".status-line.mine")).to_contain_text("Pay Ana")
    shots("table-debt", table)
    shots("bob-pays", bob)
    assert_fits(table, "table with a debt")
    assert_fits(bob, "Bob paying", phone=True)
    expected_pile = 1
    for who in "BBABBBAAA":
        button = phones[who].locator("button[data-action=flip]")
        button.click()
        expected_pile += 1
        if expected_pile < 10:
            expect(table.locator(".faceup-pile .pile-count")).to_contain_text(f"{expected_pile} cards in the pile")
    expect(table.locator("#ticker")).to_contain_text("takes the pile (10 cards)")
    expect(table.locator(".turn-big")).to_contain_text("Bob turns a card")
    expect(table.locator("#players .player", has_text="Bob")).to_contain_text("31")
    expect(bob.locator(".my-stack")).to_contain_text("31 cards")
    shots("table-taken", table)
    assert not watch.errors and not watch.dialogs


def test_concentration_on_two_phones(open_table, open_phone, server, shots, watch):
    """Ana finds a pair and goes again, misses; the two cards stay up on the
    TV until Bob turns one; the game plays out to its result."""
    table, ana, bob = two_phones(open_table, open_phone, server)
    start(table, "concentration", {"ranks": 2, "deck": ["AS", "2S", "AH", "2H", "AD", "2D", "AC", "2C"]})
    places = table.locator(".memory-grid .place")
    expect(places).to_have_count(8)
    expect(bob.locator(".phone-grid button.cell.open")).to_have_count(0)
    expect(ana.locator(".phone-grid button.cell.open")).to_have_count(8)

    ana.locator(".phone-grid [data-position='0']").click()
    expect(places.nth(0).locator("[data-card='AS']")).to_be_visible()
    expect(ana.locator(".status-line.mine")).to_contain_text("second card")
    ana.locator(".phone-grid [data-position='2']").click()
    expect(places.nth(0)).to_have_class("place taken")
    expect(table.locator(".memory-last.found")).to_contain_text("Ana found a pair")
    expect(table.locator("#players .player", has_text="Ana")).to_contain_text("1 pair")

    ana.locator(".phone-grid [data-position='1']").click()
    ana.locator(".phone-grid [data-position='4']").click()
    expect(table.locator(".memory-last.missed")).to_contain_text("Ana missed")
    expect(places.nth(1).locator("[data-card='2S']")).to_be_visible()
    expect(places.nth(4).locator("[data-card='AD']")).to_be_visible()
    expect(bob.locator(".phone-grid [data-card='AD']")).to_be_visible()
    expect(bob.locator(".status-line.mine")).to_contain_text("Your turn")
    settle(table)
    shots("table-miss", table)
    shots("bob-to-pick", bob, full_page=True)
    assert_fits(table, "table after a miss")
    assert_fits(bob, "Bob's grid", phone=True)

    bob.locator(".phone-grid [data-position='1']").click()
    expect(places.nth(4)).to_have_class("place down")
    bob.locator(".phone-grid [data-position='3']").click()
    bob.locator(".phone-grid [data-position='4']").click()
    bob.locator(".phone-grid [data-position='5']").click()
    expect(ana.locator(".status-line.mine")).to_be_visible()
    for position in ("4", "6", "5", "7"):
        ana.locator(f".phone-grid [data-position='{position}']").click()
    expect(table.locator(".result-panel")).to_contain_text("Won: Ana")
    expect(table.locator(".result-panel")).to_contain_text("Lost: Bob")
    expect(ana.locator(".result-panel")).to_be_visible()
    shots("table-over", table)
    assert_fits(table, "table at the end")
    assert not watch.errors and not watch.dialogs


def test_the_host_sets_house_rules_before_the_start(open_table, open_phone, server, shots, watch):
    """The host's phone opens the house rules of Egyptian Ratscrew; the panel
    stays open when Bob joins meanwhile; doubles on and two burned cards
    reach the game, and the TV says so."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    ana.locator("button[data-mode=egyptian_ratscrew]").click()
    ana.locator("details.options-box summary").click()
    doubles = ana.locator("[data-option=doubles]")
    expect(doubles).to_be_visible()
    bob = open_phone(f"{server.url}/j/{code}", "Bob")
    expect(ana.locator("#players .pname, .players-box summary").first).to_be_attached()
    expect(table.locator("#players .pname")).to_have_count(2)
    expect(doubles).to_be_visible()  # a new frame did not close the panel
    doubles.locator("button").click()
    expect(doubles.locator("button")).to_have_attribute("aria-pressed", "true")
    ana.locator("[data-option=burn] input").fill("2")
    expect(ana.locator("details.options-box summary")).to_contain_text("2 changed")
    shots("ana-house-rules", ana, full_page=True)
    assert_fits(ana, "the house rules", phone=True)
    ana.locator("#btn-start").click()
    expect(table.locator(".rules-line")).to_contain_text("Slap doubles to take the pile; a wrong slap burns 2 cards.")
    expect(bob.locator("button.slap-button")).to_be_visible()
    assert not watch.errors and not watch.dialogs


@pytest.mark.parametrize("size", [(360, 760), (390, 844)])
def test_a_full_pack_of_concentration_gives_every_card_a_thumbs_width(open_table, open_phone, server, shots, watch, size):
    """52 cards face down: on a phone each is a tap target of at least 44 by
    44 px, the grid wrapping into fewer columns than the TV's 13 and keeping
    the places' numbers; nothing runs off the screen."""
    table, ana, bob = two_phones(open_table, open_phone, server)
    start(table, "concentration", {})
    width, height = size
    ana.set_viewport_size({"width": width, "height": height})
    cells = ana.locator(".phone-grid .cell")
    expect(cells).to_have_count(52)
    settle(ana)
    boxes = ana.evaluate("() => [...document.querySelectorAll('.phone-grid .cell')].map(c => { const r = c.getBoundingClientRect(); return [r.left, r.right, r.width, r.height, c.textContent]; })")
    assert all(w >= 44 and h >= 44 for _, _, w, h, _ in boxes), min(boxes, key=lambda b: min(b[2], b[3]))
    assert all(left >= 0 and right <= width for left, right, _, _, _ in boxes)
    assert [b[4] for b in boxes] == [str(n) for n in range(1, 53)]
    shots(f"phone-grid-{width}x{height}", ana, full_page=True)
    assert_fits(ana, "a full pack on the phone", phone=True)
    assert not watch.errors and not watch.dialogs
