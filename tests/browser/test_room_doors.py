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
