"""The host's doors (issue 23, point 3) on real pages: the lock switch on
the host's phone, "Locked" on the table, a new phone refused while locked;
a removed guest barred from joining again until the host lets them back in
from the seat manager."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.wire import WireClient

pytestmark = pytest.mark.browser


def test_the_host_locks_the_room_and_lets_a_removed_guest_back_in(open_table, open_phone, server, shots, watch):
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    assert len(code) == 6
    ana = open_phone(f"{server.url}/j/{code}", name="Ana")
    bob = WireClient(server.url).connect()
    try:
        joined = bob.call("player.join", {"code": code, "name": "Bob"})
        assert joined["ok"], joined
        expect(table.locator("#players .pname")).to_have_count(2)

        if ana.locator("#host-box[open]").count() == 0:
            ana.click("#host-box > summary")
        lock = ana.locator("#lock-room")
        expect(lock).to_have_attribute("aria-pressed", "false")
        lock.click()
        expect(lock).to_have_attribute("aria-pressed", "true")
        expect(table.locator("#room-locked")).to_have_text("🔒 Locked")
        expect(table.locator(".join-locked")).to_be_visible()
        shots("table-locked", table)
        shots("phone-host-locked", ana, full_page=True)

        cy = open_phone(f"{server.url}/j/{code}")
        cy.wait_for_selector("#join-screen:not([hidden])")
        cy.fill("#name", "Cy")
        cy.click("#name-form button[type=submit]")
        expect(cy.locator("#phone-message")).to_contain_text("The host has locked this room")
        shots("phone-refused-locked", cy)

        lock.click()
        expect(table.locator("#room-locked")).to_have_count(0)

        # Bob is removed: he cannot come back under his name until Ana lets him
        if ana.locator(".seat-manager[open]").count() == 0:
            ana.locator(".seat-manager summary").click()
        ana.locator(".host-seat").filter(has_text="Bob").locator("[data-remove]").click()
        ana.locator("#ask button[data-answer=yes]").click()
        expect(table.locator("#players .pname")).to_have_count(1)
        banned = ana.locator("#banned")
        expect(banned).to_contain_text("Bob")
        shots("phone-seat-manager-removed", ana, full_page=True)
        again = WireClient(server.url).connect()
        refused = again.call("player.join", {"code": code, "name": "Bob"})
        assert refused["ok"] is False and refused["error"]["code"] == "forbidden", refused
        ana.locator("[data-unban='Bob']").click()
        expect(ana.locator("#banned")).to_have_count(0)
        assert again.call("player.join", {"code": code, "name": "Bob"})["ok"]
        expect(table.locator("#players .pname")).to_have_count(2)
        again.close()
    finally:
        bob.close()
    assert watch.errors == []


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_lock_and_kick_reach_the_watch_link_and_the_host_removes_a_watcher(
        open_table, open_phone, browser, server, shots, watch, locale):
    """Issue 44 on real pages: Cy watches from the phone he joined with;
    the host removes him, and his watching ends with his seat, his device
    barred from joining under another name. The host sees each watcher in
    the host panel ("Watcher 2 (phone)") and removes one; a locked room
    takes no new watcher."""
    from tests.browser.conftest import PHONE
    from tests.browser.layout import assert_fits, broken_words, missing

    ru = locale == "ru-RU"
    table = open_table(locale=locale)
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", name="Ana", locale=locale)
    cy = open_phone(f"{server.url}/j/{code}", name="Cy", locale=locale, viewport={"width": 390, "height": 844})
    cy_watch = cy.context.new_page()  # the same phone (its device token) opens the watch link
    watch.watch(cy_watch)
    cy_watch.goto(f"{server.url}/w/{code}")
    other_ctx = browser.new_context(**PHONE, locale=locale)
    try:
        other = other_ctx.new_page()
        watch.watch(other)
        other.goto(f"{server.url}/w/{code}")
        expect(table.locator("#watchers")).to_contain_text("2")
        if ana.locator("#host-box[open]").count() == 0:
            ana.click("#host-box > summary")
        ana.locator("#watcher-list > summary").click()
        expect(ana.locator("#watcher-list [data-watcher] .pname")).to_have_text(
            ["Зритель 1 (телефон)", "Зритель 2 (телефон)"] if ru else ["Watcher 1 (phone)", "Watcher 2 (phone)"])
        shots("host-sees-the-watchers", ana, full_page=True)

        # Cy is removed: his seat, and his watching with it
        if ana.locator(".seat-manager:not(.watcher-list)[open]").count() == 0:
            ana.locator(".seat-manager:not(.watcher-list) summary").click()
        ana.locator(".host-seat").filter(has_text="Cy").locator("[data-remove]").click()
        ana.locator("#ask button[data-answer=yes]").click()
        expect(cy_watch.locator("#watch-ended")).to_be_visible()
        expect(cy_watch.locator("#watch-ended-why")).to_contain_text(  # what happened to him, not to "your watching"
            "Ведущий удалил вас из комнаты" if ru else "The host removed you from the room")
        expect(ana.locator("#watcher-list [data-watcher]")).to_have_count(1)
        shots("kicked-guest-s-watching-ended", cy_watch)
        assert_fits(cy_watch, "the kicked guest's watch page", phone=True)
        assert broken_words(cy_watch) == [] and missing(cy_watch) == []
        cy.wait_for_selector("#join-screen:not([hidden])")
        cy.fill("#name", "Cy2")
        cy.click("#name-form button[type=submit]")
        expect(cy.locator("#phone-message")).to_contain_text(
            "Ведущий удалил вас" if ru else "The host removed you from this room")
        shots("kicked-device-refused-under-another-name", cy)

        # the host removes the other watcher from the list
        ana.locator("#watcher-list [data-unwatch]").click()
        ana.locator("#ask button[data-answer=yes]").click()
        expect(other.locator("#watch-ended")).to_be_visible()
        expect(other.locator("#watch-ended-why")).to_contain_text(
            "Ведущий прекратил ваш просмотр" if ru else "The host ended your watching")
        expect(ana.locator("#watcher-list")).to_have_count(0)
        expect(table.locator("#watchers")).to_have_count(0)
        shots("watcher-removed", other)

        # locked: nobody new watches
        ana.locator("#lock-room").click()
        expect(table.locator("#room-locked")).to_be_visible()
        late = open_phone(f"{server.url}/w/{code}", locale=locale)
        expect(late.locator("#watch-message")).to_contain_text("Ведущий закрыл комнату" if ru else "nobody new may watch")
        shots("locked-room-refuses-a-watcher", late)
    finally:
        other_ctx.close()
    assert watch.errors == []


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_the_watchers_on_the_tables_host_drawer_and_the_hosts_phone_at_their_sizes(
        open_table, open_phone, browser, server, shots, watch, locale):
    """The host sees who watches and removes a watcher from either place the
    host's controls are: the table's Host drawer at 1920x1080 and the
    host's phone at 390x844. A big screen watching is "Watcher 1 (screen)",
    a phone "Watcher 2 (phone)"; each removed screen says its watching
    ended, at its own size, in the page's language, with nothing cut or
    left untranslated."""
    from tests.browser.conftest import PHONE, TV
    from tests.browser.layout import assert_fits, broken_words, missing, settle

    ru = locale == "ru-RU"
    size = {"width": 390, "height": 844}
    table = open_table(locale=locale)
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", name="Ana", locale=locale, viewport=size)
    big_ctx = browser.new_context(**TV, locale=locale)
    small_ctx = browser.new_context(**{**PHONE, "viewport": size}, locale=locale)
    try:
        big, small = big_ctx.new_page(), small_ctx.new_page()
        for page in (big, small):
            watch.watch(page)
            page.goto(f"{server.url}/w/{code}")
            expect(table.locator("#watchers")).to_contain_text("2" if page is small else "1")
        names = (["Зритель 1 (экран)", "Зритель 2 (телефон)"] if ru
                 else ["Watcher 1 (screen)", "Watcher 2 (phone)"])

        # the table's Host drawer
        table.click("#btn-host")
        drawer = table.locator(".host-drawer")
        drawer.locator("#watcher-list > summary").click()
        expect(drawer.locator("#watcher-list [data-watcher] .pname")).to_have_text(names)
        drawer.locator("#watcher-list").scroll_into_view_if_needed()
        settle(table)
        shots("tv-host-drawer-watchers", table)
        assert broken_words(table) == [] and missing(table) == []

        # the host's phone lists them too
        if ana.locator("#host-box[open]").count() == 0:
            ana.click("#host-box > summary")
        ana.locator("#watcher-list > summary").click()
        expect(ana.locator("#watcher-list [data-watcher] .pname")).to_have_text(names)
        ana.locator("#watcher-list").scroll_into_view_if_needed()
        settle(ana)
        shots("phone-host-watchers", ana)
        assert broken_words(ana) == [] and missing(ana) == []

        # the big screen is removed from the table's drawer
        drawer.locator("#watcher-list [data-unwatch=w1]").click()
        expect(table.locator("#ask-text")).to_contain_text(names[0])
        shots("tv-host-drawer-asks", table)
        table.locator("#ask button[data-answer=yes]").click()
        expect(big.locator("#watch-ended")).to_have_text(
            f"Вы больше не смотрите комнату {code}" if ru else f"You are no longer watching room {code}")
        expect(table.locator("#watchers")).to_contain_text("1")
        expect(ana.locator("#watcher-list [data-watcher] .pname")).to_have_text(names[1:])
        settle(big)
        shots("tv-watcher-removed", big)
        assert_fits(big, "the removed watcher's screen")
        assert broken_words(big) == [] and missing(big) == []
        again = big_ctx.new_page()  # that screen may not watch the room again
        watch.watch(again)
        again.goto(f"{server.url}/w/{code}")
        expect(again.locator("#watch-message")).to_contain_text(
            "Ведущий удалил вас" if ru else "The host removed you from this room")
        again.close()

        # the phone is removed from the host's phone
        ana.locator("#watcher-list [data-unwatch=w2]").click()
        ana.locator("#ask button[data-answer=yes]").click()
        expect(small.locator("#watch-ended")).to_be_visible()
        expect(ana.locator("#watcher-list")).to_have_count(0)
        expect(drawer.locator("#watcher-list")).to_have_count(0)
        expect(table.locator("#watchers")).to_have_count(0)
        settle(small)
        shots("phone-watcher-removed", small)
        assert_fits(small, "the removed watcher's phone", phone=True)
        assert broken_words(small) == [] and missing(small) == []
    finally:
        big_ctx.close()
        small_ctx.close()
    assert watch.errors == [] and watch.dialogs == []
