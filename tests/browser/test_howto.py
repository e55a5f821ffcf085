"""Every mode explains itself: the TV shows how to play (the goal, a turn,
how it ends, the forfeits at this table) in the space the game leaves free
when it starts and while it waits, never clipped or over the game; every
phone has it behind a "Rules" button; in English and in Russian."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from partyapp.games.kit.cards import STANDARD_DECK
from tests.browser.layout import assert_fits, settle
from tests.games.hand_helpers import whole_deal
from tests.wire import WireClient

pytestmark = pytest.mark.browser


def start(table, mode, options):
    answer = table.evaluate("(a) => window.partyappTable.call('game.start', {mode: a[0], options: a[1]})", [mode, options])
    assert answer == {"ok": True}, answer


def test_every_mode_has_a_how_to_play(open_table, watch):
    """The how-to texts cover every mode the game picker offers."""
    table = open_table()
    modes, covered = table.evaluate("""async () => {
        const how = await import('/static/js/howto.js');
        return [JSON.parse(document.getElementById('app').dataset.modes).map((m) => m.id), how.HOWTO_MODES];
    }""")
    assert len(modes) == 15
    assert sorted(modes) == sorted(covered)


GAMES = [
    ("cheat", lambda: {"deck": whole_deal([["7S", "7H", "5D"], ["2C", "KD", "9S"]], 2, STANDARD_DECK)}),
    ("old_maid", lambda: {"seed": 3}),
    ("casino_blackjack", lambda: {"rounds": 1, "seed": 3}),
    ("go_fish", lambda: {"seed": 3}),
]


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_the_tv_shows_how_to_play_when_a_game_starts(open_table, open_phone, server, shots, watch, locale, size):
    """Cheat, Old Maid, Casino Blackjack and Go Fish at their start: the TV's
    free space says how to play, whole, and nothing on it is clipped or
    covered; nothing is left in English on a Russian TV."""
    table = open_table(locale=locale)
    table.set_viewport_size({"width": size[0], "height": size[1]})
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana", locale=locale)
    bob = WireClient(server.url).connect()
    assert bob.call("player.join", {"code": code, "name": "Bob"})["ok"]
    try:
        for mode, options in GAMES:
            start(table, mode, options())
            howto = table.locator(f".howto-fill.shown .howto[data-howto={mode}]")
            if mode == "cheat":
                expect(howto).to_be_visible()
                assert len(howto.locator("dd").all()) == 4
            settle(table)
            shots(f"tv-{mode}", table)
            assert_fits(table, f"{mode} at its start")
            answer = table.evaluate("() => window.partyappTable.command({command: 'end_game'})")
            assert answer["ok"], answer
            expect(table.locator(".game-over, .outcome-box, .result-panel, .in-lobby").first).to_be_attached()
            table.evaluate("() => window.partyappTable.command({command: 'end_game'})")  # back to the lobby
            expect(table.locator(".tv.in-lobby")).to_be_visible()
        missing = table.evaluate("() => [...window.partyappI18n.missing]")
        assert locale == "en-GB" or missing == [], missing
        assert watch.errors == []
    finally:
        bob.close()


@pytest.mark.parametrize("locale", ["en-GB", "ru-RU"])
def test_every_phone_has_the_rules_behind_a_button(open_table, open_phone, server, shots, watch, locale):
    """In a game, Bob's phone (not the host's) opens "Rules": the goal, a
    turn, the end and the forfeits at this table, whole on the screen; it
    closes again."""
    table = open_table(locale=locale)
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana", locale=locale)
    bob = open_phone(f"{server.url}/j/{code}", "Bob", locale=locale)
    start(table, "cheat", {"deck": whole_deal([["7S", "7H", "5D"], ["2C", "KD", "9S"]], 2, STANDARD_DECK)})
    rules = bob.locator("#btn-rules")
    expect(rules).to_be_visible()
    rules.click()
    sheet = bob.locator("#rules-sheet .howto[data-howto=cheat]")
    expect(sheet).to_be_visible()
    if locale == "en-GB":
        expect(sheet).to_contain_text("Be the first with no cards left.")
        expect(sheet).to_contain_text("A forfeit is a drink; who is not drinking takes a point instead.")
    shots("phone-rules", bob, full_page=True)
    assert_fits(bob, "the Rules sheet", phone=True)
    bob.locator("#rules-sheet button").click()
    expect(bob.locator("#rules-sheet")).to_have_count(0)
    # The host's picker has the chosen game's how-to folded under Start.
    table.evaluate("() => window.partyappTable.command({command: 'end_game'})")
    table.evaluate("() => window.partyappTable.command({command: 'end_game'})")
    ana.click("button[data-mode=go_fish]")
    ana.locator(".howto-box summary").click()
    expect(ana.locator(".howto-box .howto[data-howto=go_fish]")).to_be_visible()
    shots("host-picker-howto", ana, full_page=True)
    for page in (table, ana, bob):
        missing = page.evaluate("() => [...window.partyappI18n.missing]")
        assert locale == "en-GB" or missing == [], missing
    assert watch.errors == []


def test_family_mode_forfeits_read_as_points(open_table, open_phone, server, watch):
    """With family mode on, the how-to's forfeits are points, never drinks."""
    table = open_table()
    code = table.locator(".room-code").inner_text().strip()
    ana = open_phone(f"{server.url}/j/{code}", "Ana")
    open_phone(f"{server.url}/j/{code}", "Bob")
    answer = table.evaluate("() => window.partyappTable.command({command: 'settings', family: true})")
    assert answer["ok"], answer
    start(table, "old_maid", {"seed": 1})
    ana.locator("#btn-rules").click()
    expect(ana.locator("#rules-sheet")).to_contain_text("Family mode: every forfeit is a point.")
