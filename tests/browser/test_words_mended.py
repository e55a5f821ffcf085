"""Words a guest reads, mended in both languages: the chugalug words in the
screen's language, a forfeit named in a few words (no internal number) on
the jail card's button and in the ticker, the table rules in plain words with
their units, and "one 5 stays"."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from partyapp.games.kit.cards import STANDARD_DECK
from tests.browser.layout import assert_fits
from tests.browser.tablegames import seat_phones, start
from tests.games.hand_helpers import whole_deal

pytestmark = pytest.mark.browser


def test_the_jail_card_and_the_ticker_name_a_forfeit_in_a_few_words(open_table, open_phone, server, shots, watch):
    """Ana holds the jail card and drinks 2 on Bob's card: her card's button
    reads "Cancel: <the card>, 2 fingers", not the whole forfeit sentence; once
    she cancels it, the ticker says which forfeit went, with no "#32"."""
    table, (ana, bob, cat) = seat_phones(open_table, open_phone, server, ["Ana", "Bob", "Cat"])
    start(table, "kings", {"deck": ["JS", "3S", "QS"]})
    ana.locator("button[data-action=draw]").click()  # Ana: the jail card
    bob.locator("button[data-action=draw]").click()  # Bob: black 3, Ana drinks 2
    expect(ana.locator(".phone-card .card-forfeit")).to_contain_text("You drink 2 fingers.")
    jail = ana.locator(".my-roles [data-action=jail]")
    expect(jail).to_contain_text(re.compile(r"Cancel: [^,.]+, 2 fingers"))
    expect(jail).not_to_contain_text("You drink")
    shots("phone-jail-button", ana, full_page=True)
    assert_fits(ana, "the jail card's button", phone=True)
    ana.locator(".phone-card button.btn-jail-cancel").click()
    ticker = table.locator("#ticker")
    expect(ticker).to_contain_text(re.compile(r"Ana gets out of jail free: their forfeit is cancelled \([^)]+, 2 fingers\)"))
    assert "#" not in ticker.inner_text()
    assert not watch.errors and not watch.dialogs


def test_chugalug_words_in_russian(open_table, open_phone, server, shots, watch):
    """A Russian table: a player who says "chugalug" where the count wanted a
    number reads it in Russian in the result, not the English word."""
    table, phones = seat_phones(open_table, open_phone, server, ["Аня", "Боря"], locale="ru-RU")
    start(table, "kings", {"deck": ["5S"], "answer_timeout_s": 60})
    ana = phones[0]
    ana.locator("button[data-action=draw]").click()
    ana.locator("[data-action=start] button[data-value=left]").click()
    speaker = phones[1]  # two players: Ana's left is Bob
    expect(speaker.locator("[data-action=answer] button[data-value='chugalug']")).to_be_visible()
    speaker.locator("[data-action=answer] button[data-value='chugalug']").click()
    for page in (table, *phones):
        outcome = page.locator(".outcome").first
        expect(outcome).to_contain_text("чагалаг")
        expect(outcome).not_to_contain_text("chugalug")
    shots("table-chugalug-ru", table)
    assert not watch.errors and not watch.dialogs


@pytest.mark.parametrize("locale, labels", [
    (None, {"slap_window_ms": "Slap time: 3 s", "max_lag_ms": "Max lag: 80 ms", "time_limit_min": "Time limit: no limit"}),
    ("ru-RU", {"slap_window_ms": "Время на хлопок: 3 с", "max_lag_ms": "Макс. задержка: 80 мс",
               "time_limit_min": "Лимит времени: нет"}),
])
def test_table_rules_are_in_plain_words_with_their_units(open_table, open_phone, server, shots, watch, locale, labels):
    """The host's table rules of Irish Snap: "Slap time: 3 s", "Max lag:
    80 ms", "Time limit: no limit" (not "Slap window ms"), the value following
    the stepper; 10 minutes reads "Time limit: 10 min"."""
    table, (ana, bob) = seat_phones(open_table, open_phone, server, ["Ana", "Bob"], locale=locale)
    ana.locator("button[data-mode=irish_snap]").click()
    ana.locator("details.options-box summary").click()
    for name, label in labels.items():
        expect(ana.locator(f"[data-option={name}] .field-label")).to_have_text(label)
    ana.locator("[data-option=slap_window_ms] button[aria-label]").last.click()
    expect(ana.locator("[data-option=slap_window_ms] .field-label")).to_contain_text("3.1")
    ana.locator("[data-option=time_limit_min] input").fill("10")
    expect(ana.locator("[data-option=time_limit_min] .field-label")).to_contain_text("10")
    shots(f"phone-table-rules-{locale or 'en'}", ana, full_page=True)
    assert_fits(ana, "the table rules", phone=True)
    assert not watch.errors and not watch.dialogs


def test_one_card_let_pass_in_cheat_stays_on_the_pile(open_table, open_phone, server, shots, watch):
    """Ana plays one 5 and nobody calls: "Nobody called: Ana's one 5 stays on the pile."."""
    table, (ana, bob) = seat_phones(open_table, open_phone, server, ["Ana", "Bob"])
    start(table, "cheat", {"deck": whole_deal([["5D", "7S"], ["2C", "KD"]], 2, STANDARD_DECK), "call_seconds": 60})
    ana.locator(".hand button[data-card='5D']").click(position={"x": 10, "y": 30})
    ana.locator(".rank-chooser button[data-rank='5']").click()
    ana.locator(".act-play").click()
    bob.locator("button[data-action=pass]").click()
    expect(table.locator("#ticker")).to_contain_text("Nobody called: Ana's one 5 stays on the pile.")
    assert not watch.errors and not watch.dialogs
