"""Each how-to is true to the game in force: built from its table rules (a
rule that turns slaps on shows in it), Irish Snap's slap only on the count,
Kings' cards listed card by card as the deck words them, and only the last
king titled as the last."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits
from tests.browser.tablegames import seat_phones, start
from tests.games.reflex_helpers import snap_at

pytestmark = pytest.mark.browser


def rules_of(phone):
    phone.locator("#btn-rules").click()
    sheet = phone.locator("#rules-sheet")
    expect(sheet).to_be_visible()
    return sheet


def test_irish_snap_how_to_follows_its_table_rules(open_table, open_phone, server, shots, watch):
    """Slap on the count alone (a pair is no snap), and what a slap on no
    match costs at this table (here a forfeit, not the pile)."""
    table, (ana, bob) = seat_phones(open_table, open_phone, server, ["Ana", "Bob"])
    start(table, "irish_snap", {"deck": snap_at(3), "false_slap": "drink"})
    sheet = rules_of(ana)
    expect(sheet).to_contain_text("Slap when the card matches the count said.")
    expect(sheet).not_to_contain_text("card below")
    expect(sheet).to_contain_text("A slap on no match takes a forfeit.")
    shots("phone-snap-rules", ana, full_page=True)
    assert not watch.errors and not watch.dialogs


@pytest.mark.parametrize("options, says, not_says", [
    ({}, "No slapping at this table", "Slap doubles"),
    ({"doubles": True, "burn": 2}, "Slap doubles to take the pile; a wrong slap burns 2 cards.", "No slapping"),
])
def test_ratscrew_how_to_says_slaps_only_when_a_table_rule_turns_them_on(open_table, open_phone, server, shots, watch,
                                                                         options, says, not_says):
    table, (ana, bob) = seat_phones(open_table, open_phone, server, ["Ana", "Bob"])
    start(table, "egyptian_ratscrew", options)
    sheet = rules_of(ana)
    expect(sheet).to_contain_text(says)
    expect(sheet).not_to_contain_text(not_says)
    expect(sheet).not_to_contain_text("Slap a pair")
    assert not watch.errors and not watch.dialogs


def test_kings_how_to_lists_its_cards_and_only_the_last_king_necks_it(open_table, open_phone, server, shots, watch):
    """Kings' rules sheet lists every card of the deck (red and black where
    they differ), says a queen is a question card; the first king drawn is
    "A Free King", the fourth "Last King Necks It"."""
    table, (ana, bob) = seat_phones(open_table, open_phone, server, ["Ana", "Bob"])
    start(table, "kings", {"deck": ["KS", "KH", "KD", "KC"]})
    sheet = rules_of(ana)
    items = sheet.locator(".howto-card-list li")
    expect(items).to_have_count(15)
    expect(items.first).to_contain_text("Ace — Waterfall")
    expect(sheet).to_contain_text("question card")
    expect(sheet).not_to_contain_text("question master")
    shots("phone-kings-rules", ana, full_page=True)
    assert_fits(ana, "Kings' rules sheet", phone=True)
    ana.locator("#rules-sheet button.btn-mini").click()
    for i, phone in enumerate((ana, bob, ana, bob)):
        phone.locator("button[data-action=draw]").click()
        expect(table.locator(".deck-count")).to_contain_text(f"kings {i + 1}/4")
        title = table.locator(".card-meaning .card-title")
        expect(title).to_have_text("Last King Necks It" if i == 3 else "A Free King")
    assert not watch.errors and not watch.dialogs
