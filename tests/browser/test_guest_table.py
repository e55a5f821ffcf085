"""The table device (a tablet at 820x1180, a phone at 390x844) with guests
without a phone, around a game: Start closes the host controls and shows
the turn at the top; a game's end offers the next game on the device; the
host's phone never shows a guest's turn as its own."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_guest_races import PHONE, TABLET
from tests.browser.test_guests import add_guests, code_of, fits
from tests.wire import WireClient

pytestmark = pytest.mark.browser


def in_view(page, selector: str) -> bool:
    return page.locator(selector).first.evaluate(
        "(e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }")


@pytest.mark.parametrize("size,locale", [pytest.param(TABLET, "en-GB", id="820x1180-en"),
                                         pytest.param(PHONE, "ru-RU", id="390x844-ru")])
def test_start_closes_the_host_controls_and_the_end_offers_the_next_game(open_table, server, shots, watch,
                                                                         size, locale):
    """Dan and Eve, no phone, choose Ring of Fire in the host controls and
    press Start: the controls close and Dan's turn, at the top, is on
    screen with his draw button. Played to its end, the device offers
    "Next game", which opens the game picker ("Play again?")."""
    table = open_table(locale=locale, viewport=size)
    add_guests(table, ["Dan", "Eve"])
    table.click("#btn-choose-game")
    table.click("#game-picker button[data-mode=ring_of_fire]")
    table.locator("#btn-start").scroll_into_view_if_needed()
    table.evaluate("() => window.scrollTo(0, 400)")
    table.click("#btn-start")
    expect(table.locator(".host-drawer")).to_be_hidden()
    expect(table.locator("#guest-play .guest-turn-name")).to_contain_text("Dan")
    table.wait_for_function("() => window.scrollY === 0")
    assert in_view(table, "#guest-play .guest-turn-name") and in_view(table, "#guest-play button[data-action=draw]")
    shots("started", table)
    fits(table, "the first turn after Start")
    assert table.evaluate("() => window.partyappTable.call('host.command', {command: 'end_game'})")["ok"]
    nxt = table.locator("#btn-next-game")
    expect(nxt).to_be_visible()
    shots("game-over", table)
    nxt.click()
    expect(table.locator(".host-drawer #game-picker")).to_be_visible()
    if locale == "en-GB":
        expect(table.locator("#game-picker .picker-head")).to_contain_text("Play again?")
    assert watch.errors == [] and watch.dialogs == []


def test_the_hosts_phone_never_shows_a_guests_turn_as_its_own(open_table, open_phone, server, shots, watch):
    """A tablet with Dan and Eve, Ana (the host) and Ben on their phones:
    on Dan's turn Ana's phone says whose turn it is, offers no draw button
    and no guest's screen: the tablet plays for them."""
    table = open_table(viewport=TABLET)
    code = code_of(table)
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    ben = WireClient(server.url).connect()
    assert ben.call("player.join", {"code": code, "name": "Ben"})["ok"]
    add_guests(table, ["Dan", "Eve"])
    from tests.browser.test_drinking import start
    start(table, "ring_of_fire", ["5S", "5H", "5D", "5C", "6S"])
    ana.locator("#play-area button[data-action=draw]").click()
    ben.wait_for(lambda s: any(a["type"] == "draw" for a in s["you"]["actions"]))
    assert ben.call("game.act", {"action": {"type": "draw"}})["ok"]
    expect(table.locator("#guest-play .guest-turn-name")).to_contain_text("Dan")
    expect(ana.locator(".status-line")).to_contain_text("Dan")
    expect(ana.locator(".status-line.mine")).to_have_count(0)
    expect(ana.locator("button[data-action=draw]")).to_have_count(0)
    expect(ana.locator("#guest-play, #guest-hand, #guest-cover")).to_have_count(0)
    shots("host-phone-on-a-guests-turn", ana)
    assert watch.errors == [] and watch.dialogs == []
