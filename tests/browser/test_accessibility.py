"""axe-core on every page a person sees: the start page (TV and phone
sizes), the table in its lobby and in play (a drinking deck with a prompt
open, a card game), and the phone (joining, in the lobby with its settings
open, in play, after the night): no serious or critical violation."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible, violations
from tests.browser.conftest import PHONE, TV
from tests.browser.layout import assert_fits
from tests.browser.tablegames import room_code, start

pytestmark = pytest.mark.browser


def test_axe_itself_finds_a_broken_page(browser):
    """The check can fail: a page with an unlabelled field, a button without
    a name and grey-on-grey text is refused."""
    ctx = browser.new_context(**TV)
    try:
        page = ctx.new_page()
        page.set_content("""<!doctype html><html lang="en"><head><title>broken</title></head><body><main>
            <h1>A page</h1><input id="x"><button></button>
            <p style="color:#777;background:#888">Hard to read</p></main></body></html>""")
        found = {v["id"] for v in violations(page)}
        assert {"label", "button-name", "color-contrast"} <= found
        with pytest.raises(AssertionError, match="button-name"):
            assert_accessible(page, "a broken page")
    finally:
        ctx.close()


@pytest.mark.parametrize("size", ["tv", "phone"])
def test_the_start_page(size, browser, server, shots, watch):
    ctx = browser.new_context(**(TV if size == "tv" else PHONE))
    try:
        page = ctx.new_page()
        watch.watch(page)
        page.goto(server.url + "/")
        page.wait_for_selector("#start-table")
        assert_accessible(page, f"start page ({size})")
        page.check("#family-mode")
        page.fill("#join-code", "QQ")
        assert_accessible(page, f"start page with family mode ticked ({size})")
        shots(f"start-{size}", page, full_page=True)
        width = (TV if size == "tv" else PHONE)["viewport"]["width"]
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width  # no zooming out, no sideways scroll
        assert_fits(page, f"start page ({size})", phone=True)  # read up close: the phone's rules
        assert watch.errors == []
    finally:
        ctx.close()


def test_the_table_and_the_phone_through_a_night(open_table, open_phone, server, shots, watch):
    """The table's lobby, its Host drawer, a drinking deck with a prompt
    open, a card game, the recap; the phone joining, in the lobby with its
    settings and the host's night settings open, in play, after the night."""
    table = open_table()
    code = room_code(table)
    assert_accessible(table, "table, empty lobby")

    ana = open_phone(f"{server.url}/j/{code}")
    ana.wait_for_selector("#join-screen:not([hidden])")
    assert_accessible(ana, "phone, joining")
    shots("phone-join", ana, full_page=True)
    ana.fill("#name", "Ana")
    ana.click("#name-form button[type=submit]")
    ana.wait_for_selector("#room-screen:not([hidden]) #you-line")
    bo = open_phone(f"{server.url}/j/{code}", name="Bo")
    bo.wait_for_selector("#you-line")
    expect(table.locator("#players .pname")).to_have_count(2)
    assert_accessible(table, "table, lobby with two players")
    shots("table-lobby", table)

    assert_accessible(ana, "phone of the host, lobby")
    if ana.locator("#host-box[open]").count() == 0:
        ana.click("#host-box > summary")
    ana.click("#night-settings > summary")
    ana.click("button[data-alternative=dares]")
    expect(ana.locator("#dares")).to_be_visible()
    bo.click("#me-box > summary")
    assert_accessible(ana, "phone of the host, lobby, night settings open")
    assert_accessible(bo, "phone, lobby, own settings open")
    shots("phone-host-lobby", ana, full_page=True)
    shots("phone-settings", bo, full_page=True)

    table.click("#btn-host")
    table.wait_for_selector("#host-panel:not([hidden])")
    assert_accessible(table, "table, Host drawer open")
    shots("table-host-drawer", table)
    table.click("#btn-host-close")

    # A drinking deck: Ana's 4 is Floor (a race with a tap button for each),
    # Bo's 7 is Heaven.
    start(table, "ring_of_fire", {"deck": ["4S", "7H", "3D"]})
    ana.locator("button[data-action=draw]").click()
    ana.wait_for_selector("button[data-action=tap]")
    assert_accessible(table, "table, Ring of Fire with a race open")
    assert_accessible(ana, "phone, Ring of Fire with a race open")
    shots("table-race", table)
    shots("phone-race", ana, full_page=True)
    ana.locator("button[data-action=tap]").click()  # two in the race: Bo is last
    table.wait_for_selector(".outcome")
    assert_accessible(table, "table, Ring of Fire, the race's outcome")
    assert_accessible(bo, "phone, Ring of Fire, someone else's turn")

    # A card game: Blackjack, Ana's hand dealt and hers to play.
    table.evaluate("() => window.partyappTable.command({command: 'end_game'})")  # the game's end, said
    expect(table.locator("#game-area")).to_contain_text("ended the game")
    table.evaluate("() => window.partyappTable.command({command: 'end_game'})")  # back to the lobby
    table.wait_for_selector(".lobby")
    start(table, "blackjack", {"deck": ["10H", "9C", "5D", "QC", "2S"], "rounds": 1})
    bet = ana.locator("form[data-action=bet]")
    bet.locator("input[type=number]").fill("10")
    bet.locator("button[type=submit]").click()
    expect(ana.locator("button[data-action=hit]")).to_be_visible()
    assert_accessible(table, "table, Blackjack")
    assert_accessible(ana, "phone, Blackjack, to play")
    assert_accessible(bo, "phone, Blackjack, the dealer waiting")
    shots("table-blackjack", table)
    shots("phone-blackjack", ana, full_page=True)

    # The end of the night.
    table.evaluate("() => window.partyappTable.command({command: 'end_night'})")
    table.wait_for_selector("#recap")
    ana.wait_for_selector("#night-over")
    assert_accessible(table, "table, the recap")
    assert_accessible(ana, "phone, the night over")
    shots("table-recap", table)
    shots("phone-night-over", ana, full_page=True)
    assert watch.errors == [] and watch.dialogs == []
