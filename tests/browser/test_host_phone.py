"""The host's phone puts the next step first: in the lobby the game picker
is compact with Start right under it, reachable without scrolling on a
390x844 phone; each game says whether it fits the players seated, and
Start is disabled with the reason beside it when it does not; a phase
change shows the top of the page; Host controls fold away in a game."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.wire import WireClient

pytestmark = pytest.mark.browser

@pytest.fixture
def host_phone(open_phone):
    """A phone at 390x844 (the shared opener, another size)."""
    return lambda url, name, locale=None: open_phone(url, name, locale=locale, viewport={"width": 390, "height": 844})


def seat(server, code, names):
    guests = []
    for name in names:
        guest = WireClient(server.url).connect()
        answer = guest.call("player.join", {"code": code, "name": name})
        assert answer["ok"], answer
        guests.append(guest)
    return guests


def in_view(page, selector):
    """The element is wholly inside the viewport, as the page is."""
    return page.evaluate("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth; }""", selector)


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_start_is_under_a_compact_picker_without_scrolling(open_table, host_phone, server, shots, watch, locale):
    """Two seated: the picker is the first thing under the host's name, and
    Start is on the screen with no scroll; the chosen game says how many it
    seats and how many are seated."""
    table = open_table(locale=locale)
    code = table.locator(".room-code").inner_text().strip()
    ana = host_phone(f"{server.url}/j/{code}", "Ana", locale=locale)
    guests = seat(server, code, ["Bob"])
    try:
        expect(ana.locator("#players li")).to_have_count(2)
        expect(ana.locator("#host-box")).to_have_attribute("open", "")
        ana.click("button[data-mode=old_maid]")
        assert ana.evaluate("() => window.scrollY") == 0
        assert in_view(ana, "#btn-start"), "Start is below the fold"
        expect(ana.locator("#btn-start")).to_be_enabled()
        if locale == "en-GB":
            expect(ana.locator("#mode-fit")).to_have_text("2 to 16 players: 2 seated.")
            expect(ana.locator("#btn-start")).to_have_text("Start Old Maid")
        shots(f"host-lobby-2-seated-{locale}", ana)
        missing = ana.evaluate("() => [...window.partyappI18n.missing]")
        assert locale == "en-GB" or missing == [], missing
        assert watch.errors == []
    finally:
        for g in guests:
            g.close()


@pytest.mark.own_server  # nine joins from one address into one room: the test server's join pacing
@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_a_game_that_does_not_fit_says_why_beside_a_disabled_start(open_table, host_phone, server, shots, watch, locale):
    """Nine seated: Casino Blackjack (1 to 7) is marked, and chosen, Start
    is disabled with the reason right beside it, on the screen."""
    table = open_table(locale=locale)
    code = table.locator(".room-code").inner_text().strip()
    ana = host_phone(f"{server.url}/j/{code}", "Ana", locale=locale)
    guests = seat(server, code, ["Bob", "Cy", "Dee", "Eli", "Flo", "Gus", "Hal", "Ivy"])
    try:
        expect(ana.locator("#players li")).to_have_count(9)
        blackjack = ana.locator("button[data-mode=casino_blackjack]")
        expect(blackjack).to_have_attribute("data-fits", "no")
        expect(ana.locator("button[data-mode=kings]")).to_have_attribute("data-fits", "yes")
        ana.clock.install()  # the page's timers from now on run on a clock the test moves
        blackjack.click()
        start = ana.locator("#btn-start")
        expect(start).to_be_disabled()
        fit = ana.locator("#mode-fit")
        if locale == "en-GB":
            expect(fit).to_have_text("Casino Blackjack seats 1 to 7 players: 9 seated. "
                                     "Ask 2 to sit this one out, or pick another game.")
            expect(start).to_have_text("Too many players")
        assert in_view(ana, "#btn-start") and in_view(ana, "#mode-fit")
        gap = ana.evaluate("() => document.querySelector('#btn-start').getBoundingClientRect().top"
                           " - document.querySelector('#mode-fit').getBoundingClientRect().bottom")
        assert 0 <= gap < 200, gap
        shots(f"host-lobby-9-seated-no-fit-{locale}", ana)
        ana.clock.fast_forward(4500)  # the reason does not go away by itself
        expect(fit).to_be_visible()
        ana.click("button[data-mode=kings]")
        expect(start).to_be_enabled()
        shots(f"host-lobby-9-seated-kings-{locale}", ana)
        missing = ana.evaluate("() => [...window.partyappI18n.missing]")
        assert locale == "en-GB" or missing == [], missing
        assert watch.errors == []
    finally:
        for g in guests:
            g.close()


def test_a_phase_change_shows_the_top_and_host_controls_fold_away(open_table, host_phone, server, shots, watch):
    """The host scrolls down to the seat manager and starts a game: the page
    shows its top, with Host controls folded; ending the game shows the top
    again with the picker (Play again?) open."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = host_phone(f"{server.url}/j/{code}", "Ana")
    guests = seat(server, code, ["Bob", "Cy"])
    try:
        expect(ana.locator("#players li")).to_have_count(3)
        ana.click("button[data-mode=kings]")
        ana.locator(".seat-manager summary").click()
        ana.locator(".seat-manager").scroll_into_view_if_needed()
        ana.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        assert ana.evaluate("() => window.scrollY") > 200
        ana.evaluate("() => document.querySelector('#btn-start').click()")
        expect(ana.locator("button[data-action=draw]")).to_be_visible()
        expect(ana.locator("#host-box")).not_to_have_attribute("open", "")
        ana.wait_for_function("() => window.scrollY === 0")
        shots("host-game-started", ana)
        ana.locator("#host-box > summary").click()
        ana.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        ana.locator("#btn-end").click()
        ana.locator("#ask button[data-answer=yes]").click()  # the app's own question
        expect(ana.locator("#game-picker")).to_be_visible()
        ana.wait_for_function("() => window.scrollY === 0")
        assert watch.errors == []
    finally:
        for g in guests:
            g.close()
