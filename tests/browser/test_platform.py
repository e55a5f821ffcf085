"""The platform as a guest meets it: a table on the TV, phones that scan the
QR code, a reload that keeps the seat, and a name that is markup."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import decode_qr

pytestmark = pytest.mark.browser

XSS = "<img src=x onerror=alert(1)>"
XSS_NAME = "<svg onload=alert(1)>"  # names are at most 24 characters


def player_names(page) -> list[str]:
    return page.locator("#players .pname").all_text_contents()


def test_join_by_qr_reload_and_markup_shown_as_text(open_table, open_phone, shots, watch, server):
    """Two phones join through the URL decoded from the table's QR code; one
    reloads and is back in its seat; a markup name is shown as text."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    assert re.fullmatch(r"[A-Z]{6}", code)
    expect(table.locator("#qr")).to_have_js_property("complete", True, timeout=30_000)
    expect(table.locator("#qr")).not_to_have_js_property("naturalWidth", 0, timeout=30_000)
    shot = shots("table-empty", table, read=True)
    url = decode_qr(shot)
    assert url == f"{server.url}/j/{code}"
    assert table.locator("#join-url").inner_text() == url

    ana = open_phone(url, "Ana", group="chicks")
    evil = open_phone(url, XSS_NAME)
    expect(table.locator("#players .pname")).to_have_count(2, timeout=30_000)
    assert player_names(table) == ["Ana", XSS_NAME]
    assert table.locator("#players .mark.host").count() == 1
    evil.locator("details.players-box summary").click()
    assert evil.locator("#players .pname").all_text_contents() == ["Ana", XSS_NAME]
    assert evil.locator("img").count() == 0 and table.locator("#players svg").count() == 0

    # Ana reloads: same seat, no name form.
    ana.reload()
    ana.wait_for_selector("#room-screen:not([hidden])")
    assert ana.locator(".you-name").inner_text() == "Ana"
    assert ana.locator("#join-screen").is_hidden()
    expect(table.locator("#players .is-offline")).to_have_count(0, timeout=30_000)
    assert player_names(table) == ["Ana", XSS_NAME]

    shots("table-lobby", table)
    shots("phone-host", ana, full_page=True)
    shots("phone-guest", evil, full_page=True)
    assert watch.dialogs == [] and watch.errors == []


def test_typed_markup_in_rule_is_text_everywhere(open_table, open_phone, shots, watch, server):
    """A rule typed as markup shows up as exactly that text on every screen."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    url = f"{server.url}/j/{code}"
    drawer = open_phone(url, "Ana")
    other = open_phone(url, "Bob")
    # Ring of Fire with a Jack first: the drawer makes a rule.
    table.evaluate("""(code) => window.partyappTable.call('game.start',
        {mode: 'ring_of_fire', options: {deck: ['JS']}})""", code)
    drawer.locator("button[data-action=draw]").click()
    form = drawer.locator("form[data-action=rule]")
    form.locator("input").fill(XSS)
    form.locator("button[type=submit]").click()
    for page in (table, drawer, other):
        page.wait_for_selector(".rules li")
        assert XSS in page.locator(".rules").inner_text()
        assert page.locator(".rules img").count() == 0
    shots("table-rule", table)
    assert watch.dialogs == [] and watch.errors == []


def test_stale_token_falls_back_to_name_form(open_table, open_phone, server):
    """A phone whose seat was removed gets the name form with a clear message."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    url = f"{server.url}/j/{code}"
    phone = open_phone(url, "Ana")
    phone.evaluate("(code) => localStorage.setItem('partyapp.seat.' + code, 'A'.repeat(32))", code)
    phone.reload()
    phone.wait_for_selector("#join-screen:not([hidden])")
    assert "seat is gone" in phone.locator("#phone-message").inner_text()


def test_kick_from_the_table(open_table, open_phone, server):
    """The host removes a guest from the table page's Host drawer; the guest
    is told. The TV itself shows no Remove button."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    url = f"{server.url}/j/{code}"
    open_phone(url, "Ana")
    bob = open_phone(url, "Bob")
    expect(table.locator("#players .pname")).to_have_count(2, timeout=30_000)
    assert table.locator("button:visible", has_text="Remove").count() == 0
    table.click("#btn-host")
    table.click(".host-drawer .seat-manager summary")
    table.locator(".host-seat", has_text="Bob").locator("button", has_text="Remove").click()
    table.locator("#ask button[data-answer=yes]").click()  # the app's own question
    bob.wait_for_selector("#join-screen:not([hidden])")
    assert "removed you" in bob.locator("#phone-message").inner_text()
    expect(table.locator("#players .pname")).to_have_count(1, timeout=30_000)


def test_join_with_a_code_from_the_start_page(open_table, open_phone, server):
    """A phone that cannot scan types the code on the start page."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    phone = open_phone(server.url + "/")
    phone.fill("#join-code", code.lower())
    phone.click("#join-form button[type=submit]")
    phone.wait_for_url(f"**/j/{code}")
    phone.fill("#name", "Cat")
    phone.click("#name-form button[type=submit]")
    phone.wait_for_selector("#room-screen:not([hidden])")
    expect(table.locator("#players .pname")).to_have_count(1, timeout=30_000)


@pytest.mark.own_server  # kills and restarts its server
def test_server_killed_and_restarted_pages_come_back(open_table, open_phone, server, shots, tmp_path):
    """SIGKILL the server mid-game and start it again: the table and the phone
    reconnect by themselves, to the same room, seat and game."""

    from tests.serverproc import ServerProcess

    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    url = f"{server.url}/j/{code}"
    ana = open_phone(url, "Ana")
    open_phone(url, "Bob")
    table.evaluate("() => window.partyappTable.call('game.start', {mode: 'ring_of_fire', options: {deck: ['QS', '2H']}})")
    ana.locator("button[data-action=draw]").click()
    expect(table.locator(".roles li.held")).to_contain_text("Ana")

    server.kill()
    expect(ana.locator("#conn-status")).to_have_text("Reconnecting…")
    again = ServerProcess(server.store_url, port=server.port, log_path=tmp_path / "server2.log").start()
    try:
        expect(ana.locator("#conn-status")).to_have_text("", timeout=15_000)
        expect(table.locator("#players .is-offline")).to_have_count(0, timeout=15_000)
        expect(table.locator(".roles li.held")).to_contain_text("Ana")
        expect(ana.locator(".my-roles")).to_contain_text("Question master")
        assert ana.locator("#join-screen").is_hidden()
        shots("table-after-restart", table)
    finally:
        again.stop()
