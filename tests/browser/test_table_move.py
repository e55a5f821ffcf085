"""The host moves the table to a second screen from their phone: the second
screen's "Make this screen the table" shows a code, the host's phone asks
"Move the table to the new screen? Code NNNN" in the app's own dialog, and
on Move the new screen shows the game as it is while the old one says the
table moved, with a link to watch. At TV (1920x1080) and phone (390x844)
sizes, in English and Russian."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import TV
from tests.browser.layout import assert_fits, broken_words, missing, settle
from tests.browser.tablegames import join_wire, room_code, start

pytestmark = pytest.mark.browser

PHONE_SIZE = {"width": 390, "height": 844}
WORDS = {
    "en": {"make": "Make this screen the table", "ask": "Ask the host to confirm on their phone",
           "question": "Move the table to the new screen? Code {pin}", "move": "Move", "not_now": "Not now",
           "moved": "The table moved to another screen"},
    "ru": {"make": "Сделать этот экран столом", "ask": "Попросите ведущего подтвердить на телефоне",
           "question": "Перенести стол на новый экран? Код {pin}", "move": "Перенести", "not_now": "Не сейчас",
           "moved": "Стол перенесён на другой экран"},
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_host_moves_the_table_to_a_second_screen(browser, server, open_table, open_phone, shots, watch, lang):
    words = WORDS[lang]
    locale = "ru-RU" if lang == "ru" else "en-US"
    table = open_table(locale=locale)
    code = room_code(table)
    phone = open_phone(f"{server.url}/j/{code}", "Maximilian-Alexander", locale=locale, viewport=PHONE_SIZE)
    guests = join_wire(server, code, ["Анастасия Владимировна", "🎉 Eve"])
    try:
        expect(table.locator("#players .pname")).to_have_count(3)
        start(table, "go_fish", {"seed": 3})
        expect(table.locator(".tv.in-game")).to_be_visible()
        players_before = table.locator("#players .pname").all_inner_texts()

        # the second screen: watch, or become the table
        ctx = browser.new_context(**TV, locale=locale)
        second = ctx.new_page()
        watch.watch(second)
        second.goto(f"{server.url}/t/{code}")
        expect(second.locator("#watch-here")).to_be_visible()
        expect(second.locator("#claim-table")).to_have_text(words["make"])
        shots(f"{lang}-second-screen", second)
        second.locator("#claim-table").click()
        expect(second.locator("#claim-wait")).to_have_text(words["ask"])
        expect(second.locator("#claim-pin")).to_have_text(re.compile(r"^\d{4}$"))
        pin = second.locator("#claim-pin").inner_text()
        settle(second)
        assert_fits(second, f"{lang}: the code on the second screen")
        shots(f"{lang}-second-screen-code", second)

        # the host's phone asks, in the app's own dialog
        box = phone.locator("#ask")
        expect(box).to_be_visible()
        expect(box.locator(".ask-text")).to_have_text(words["question"].format(pin=pin))
        expect(box.locator("button[data-answer=yes]")).to_have_text(words["move"])
        expect(box.locator("button[data-answer=no]")).to_have_text(words["not_now"])
        settle(phone)
        assert_fits(phone, f"{lang}: the host's question", phone=True)
        shots(f"{lang}-phone-question", phone)
        expect(table.locator("#ask")).to_have_count(0)  # the table is asked nothing
        box.locator("button[data-answer=yes]").click()
        expect(box).to_have_count(0)

        # the new screen is the table, with the game as it was; the old one says so
        expect(second.locator(".tv.in-game")).to_be_visible()
        expect(second.locator("#players .pname")).to_have_text(players_before)
        expect(table.locator("#table-moved h1")).to_have_text(words["moved"])
        expect(table.locator("#watch-moved")).to_have_attribute("href", f"/w/{code}")
        settle(second)
        settle(table)
        assert_fits(table, f"{lang}: the old table's notice")
        shots(f"{lang}-new-table", second)
        shots(f"{lang}-old-table", table)
        for page in (second, table, phone):
            assert not broken_words(page), broken_words(page)
            assert not missing(page), missing(page)

        # the new screen stays the table across a reload; the old one's watch link shows the game
        second.reload()
        expect(second.locator(".tv.in-game")).to_be_visible()
        table.locator("#watch-moved").click()
        expect(table.locator("#players .pname")).to_have_count(3)
        assert watch.errors == [] and watch.dialogs == []
        ctx.close()
    finally:
        for guest in guests:
            guest.close()


def test_not_now_and_cancel_on_a_tablet_sized_second_screen(browser, server, open_table, open_phone, shots, watch):
    """In Russian, on a tablet (820x1180): the host says Not now, the second
    screen says so and may ask again; Cancel takes it back to its choices,
    and the host's question goes with the request."""
    table = open_table(locale="ru-RU")
    code = room_code(table)
    phone = open_phone(f"{server.url}/j/{code}", "Анастасия Владимировна", locale="ru-RU", viewport=PHONE_SIZE)
    expect(table.locator("#players .pname")).to_have_count(1)
    ctx = browser.new_context(viewport={"width": 820, "height": 1180}, has_touch=True, locale="ru-RU")
    second = ctx.new_page()
    watch.watch(second)
    second.goto(f"{server.url}/t/{code}")
    second.locator("#claim-table").click()
    expect(second.locator("#claim-pin")).to_have_text(re.compile(r"^\d{4}$"))
    pin = second.locator("#claim-pin").inner_text()
    expect(phone.locator("#ask .ask-text")).to_have_text(WORDS["ru"]["question"].format(pin=pin))
    phone.locator("#ask button[data-answer=no]").click()
    expect(second.locator("#claim-ended")).to_have_text("Ведущий оставил стол на прежнем экране.")
    expect(second.locator("#claim-again")).to_be_visible()
    settle(second)
    assert_fits(second, "ru: Not now on the second screen", phone=True)
    shots("ru-tablet-not-now", second)
    expect(table.locator(".tv")).to_be_visible()  # the table stays the table

    second.locator("#claim-again").click()
    expect(second.locator("#claim-pin")).to_have_text(re.compile(r"^\d{4}$"))
    expect(phone.locator("#ask")).to_be_visible()
    second.locator("#claim-cancel").click()
    expect(second.locator("#claim-table")).to_be_visible()
    expect(phone.locator("#ask")).to_have_count(0)  # the request went with its screen
    shots("ru-phone-after-cancel", phone)
    assert watch.errors == [] and watch.dialogs == []
    ctx.close()
