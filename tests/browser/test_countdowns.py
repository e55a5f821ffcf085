"""Every timed prompt shows its countdown, from the server's deadline, on the
TV and on the phones that act: the thumb race and the card races, the
chugalug answer, paper, scissors, stone, a slap race (on the TV alone: a
phone never tells a race from no race)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits, settle
from tests.browser.tablegames import seat_phones, start
from tests.games.reflex_helpers import snap_at

pytestmark = pytest.mark.browser

SECONDS = re.compile(r"^\d+ s left$")


def clocks_fit(table, phone, shots, label: str, what: str) -> None:
    """The TV and a phone showing a clock, looked at and fitting."""
    settle(table)
    shots(f"table-{label}", table)
    shots(f"phone-{label}", phone, full_page=True)
    assert_fits(table, f"{what} on the TV")
    assert_fits(phone, f"{what} on a phone", phone=True)


def test_the_thumb_race_counts_down_on_the_tv_and_the_copying_phones(open_table, open_phone, server, shots, watch):
    """The thumbmaster starts the thumb race: the TV and the phones that must
    copy count its seconds down; the thumbmaster's phone, which has nothing
    to tap, has no clock of its own (its status line shows the table's)."""
    table, (ana, bob, cat) = seat_phones(open_table, open_phone, server, ["Ana", "Bob", "Cat"])
    start(table, "kings", {"deck": ["4S", "8H"], "race_timeout_s": 60})
    ana.locator("button[data-action=draw]").click()  # Ana: thumbmaster
    ana.locator("[data-action=thumb] button[data-value=left]").click()
    clock = table.locator(".prompt-line.race [role=timer]")
    expect(clock).to_have_text(SECONDS)
    assert 55 <= int(clock.inner_text().split()[0]) <= 60
    for phone in (bob, cat):
        expect(phone.locator("[role=timer]")).to_have_text(re.compile(r"^\d+ seconds? left$"))
    expect(ana.locator(".my-clock")).to_have_count(0)
    clocks_fit(table, bob, shots, "thumb-clock", "the thumb race's clock")
    assert not watch.errors and not watch.dialogs


def test_the_chugalug_answer_counts_down_on_the_tv(open_table, open_phone, server, shots, watch):
    """Chugalug: the TV shows the seconds the player counting has left, so
    that the whole table sees them, not only the speaker's phone."""
    table, (ana, bob) = seat_phones(open_table, open_phone, server, ["Ana", "Bob"])
    start(table, "kings", {"deck": ["5S"], "answer_timeout_s": 30})
    ana.locator("button[data-action=draw]").click()
    ana.locator("[data-action=start] button[data-value=left]").click()
    expect(table.locator(".prompt-line.chug [role=timer]")).to_have_text(SECONDS)
    settle(table)
    shots("table-chugalug-clock", table)
    assert not watch.errors and not watch.dialogs


def test_paper_scissors_stone_counts_down_on_the_tv(open_table, open_phone, server, shots, watch):
    """Paper, scissors, stone: the pick's seconds on the TV as on the players' phones."""
    table, (ana, bob, cat) = seat_phones(open_table, open_phone, server, ["Ana", "Bob", "Cat"])
    start(table, "kings", {"deck": ["8H"]})
    ana.locator("button[data-action=draw]").click()  # 8: Cat and Bob play
    expect(table.locator(".prompt-line [role=timer]")).to_have_text(SECONDS)
    expect(bob.locator("[role=timer]")).to_be_visible()
    assert not watch.errors and not watch.dialogs


def test_a_slap_race_counts_down_on_the_tv_only(open_table, open_phone, server, shots, watch):
    """Irish Snap's race counts down on the TV; the phones show no clock (a
    clock there would tell a match from no match)."""
    table, (ana, bob) = seat_phones(open_table, open_phone, server, ["Ana", "Bob"])
    start(table, "irish_snap", {"deck": snap_at(1), "slap_window_ms": 15000})
    ana.locator("button[data-action=flip]").click()
    expect(table.locator(".said-word")).to_have_text("Ace")
    bob.locator("button[data-action=flip]").click()
    expect(table.locator(".race-live [role=timer]")).to_have_text(SECONDS)
    for phone in (ana, bob):
        expect(phone.locator("[role=timer]")).to_have_count(0)
    settle(table)
    shots("table-snap-clock", table)
    assert not watch.errors and not watch.dialogs


@pytest.mark.parametrize("size", [(390, 844)])
def test_the_clocks_in_russian(open_table, open_phone, server, shots, watch, size):
    """The thumb race's clock in Russian on the TV and a phone."""
    table, (ana, bob, cat) = seat_phones(open_table, open_phone, server, ["Аня", "Анастасия Владимировна", "Катя"], locale="ru-RU")
    start(table, "kings", {"deck": ["4S"], "race_timeout_s": 60})
    ana.locator("button[data-action=draw]").click()
    ana.locator("[data-action=thumb] button[data-value=left]").click()
    expect(table.locator(".prompt-line.race [role=timer]")).to_have_text(re.compile(r"^осталось \d+ с$"))
    expect(bob.locator("[role=timer]")).to_be_visible()
    clocks_fit(table, bob, shots, "thumb-clock-ru", "the thumb race's clock in Russian")
    assert not watch.errors and not watch.dialogs
