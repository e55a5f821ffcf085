"""Every confirmation is the app's own question, in its style and language,
never the browser's confirm() ("127.0.0.1:8741 says…"): End game, Remove,
Leave, End the night. A second screen opened at the table's address is
offered the watch view."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import TV
from tests.browser.layout import assert_fits
from tests.browser.tablegames import room_code, start

pytestmark = pytest.mark.browser


def native_dialogs(page) -> list[str]:
    """Every browser dialog the page opens (dismissed), whatever its kind."""
    seen: list[str] = []
    page.on("dialog", lambda d: seen.append(f"{d.type}: {d.message}"))
    return seen


@pytest.mark.parametrize("locale", [None, "ru-RU"])
def test_end_game_remove_leave_and_end_the_night_ask_in_the_app(open_table, open_phone, server, shots, watch, locale):
    """The host's End game asks in the app: Cancel keeps the game, the
    answer ends it; Remove and Leave ask likewise; the TV's End the night too."""
    table = open_table(locale=locale)
    code = room_code(table)
    ana = open_phone(f"{server.url}/j/{code}", "Ana", locale=locale)
    bob = open_phone(f"{server.url}/j/{code}", "Maximilian-Alexander", locale=locale)
    cat = open_phone(f"{server.url}/j/{code}", "Анастасия Владимировна", locale=locale)
    expect(table.locator("#players .pname")).to_have_count(3)
    seen = {name: native_dialogs(page) for name, page in (("table", table), ("ana", ana), ("bob", bob), ("cat", cat))}
    start(table, "kings", {"deck": ["8H"]})
    # her phone has the game (its host box folds away as it starts) before she opens it
    expect(ana.locator("#btn-rules")).to_be_visible()
    expect(ana.locator("#host-box")).not_to_have_attribute("open", "")
    ana.locator("#host-box > summary").click()
    ana.locator("#btn-end").click()
    box = ana.locator("#ask")
    expect(box).to_be_visible()
    expect(box).to_have_attribute("role", "alertdialog")
    shots(f"phone-ask-end-game-{locale or 'en'}", ana)
    assert_fits(ana, "the question before ending the game", phone=True)
    box.locator("button[data-answer=no]").click()
    expect(box).to_have_count(0)
    expect(table.locator(".drinking-table")).to_be_visible()  # the game goes on
    ana.locator("#btn-end").click()
    ana.locator("#ask button[data-answer=yes]").click()
    expect(ana.locator("#game-picker")).to_be_visible()

    # Remove Bob: asked in the app; Escape is a no.
    if ana.locator(".seat-manager:not(.watcher-list)[open]").count() == 0:
        ana.locator(".seat-manager:not(.watcher-list) summary").click()
    ana.locator(".host-seat").filter(has_text="Maximilian").locator("[data-remove]").click()
    expect(ana.locator("#ask .ask-text")).to_contain_text("Maximilian-Alexander")
    ana.keyboard.press("Escape")
    expect(ana.locator("#ask")).to_have_count(0)
    expect(table.locator("#players .pname")).to_have_count(3)

    # Cat leaves from her phone, asked in the app.
    cat.locator("#btn-leave").click()
    expect(cat.locator("#ask")).to_be_visible()
    shots(f"phone-ask-leave-{locale or 'en'}", cat)
    cat.locator("#ask button[data-answer=yes]").click()
    expect(table.locator("#players .pname")).to_have_count(2)

    # The night ends from the TV's host drawer, asked in the app.
    table.click("#btn-host")
    table.click("#btn-end-night")
    expect(table.locator("#ask")).to_be_visible()
    shots(f"table-ask-end-night-{locale or 'en'}", table)
    assert_fits(table, "the question before ending the night")
    table.click("#ask button[data-answer=yes]")
    table.wait_for_selector("#recap")
    assert seen == {"table": [], "ana": [], "bob": [], "cat": []}, seen
    assert not watch.errors


def test_a_second_screen_on_the_table_address_is_offered_the_watch_view(open_table, browser, server, shots, watch):
    """A second TV opens /t/CODE: it is not the table, and it offers to watch
    the room on this screen (the watch page), as well as to join."""
    table = open_table()
    code = room_code(table)
    ctx = browser.new_context(**TV)
    try:
        second = ctx.new_page()
        watch.watch(second)
        second.goto(f"{server.url}/t/{code}")
        link = second.locator("#watch-here")
        expect(link).to_have_text(f"Watch room {code} on this screen")
        shots("second-screen", second)
        link.click()
        second.wait_for_url(f"**/w/{code}")
        expect(table.locator("#watchers")).to_contain_text("1 watching")
    finally:
        ctx.close()
    assert not watch.errors
