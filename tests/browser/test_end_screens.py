"""Every mode's end screen with eight long-named players ("Maximilian-
Alexander", "Анастасия Владимировна", an emoji name...): the game is played
at random to its end (or, where that takes too long, the host ends it),
then the TV (1920x1080) and the host's phone (390x844) are audited: every
player named whole, no word broken inside itself, nothing clipped, covered
or off screen, and no "+N more" standing in for a player."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from partyapp.games import MODES
from tests.browser.layout import assert_fits, broken_words, missing, settle
from tests.browser.tablegames import drawn, drive_to_main_screen, play_random

pytestmark = pytest.mark.browser

EIGHT = ["Maximilian-Alexander", "Анастасия Владимировна", "🦄 Sparkle Unicorn 🌈", "Bartholomew Fitzgerald",
         "Wilhelmina Catherwood", "Konstantin Papadopoulos", "Evangeline Rutherford", "Christopher Montgomery"]
# How many moves at random a mode is given to end by itself before the host ends it.
PLAYED = {"old_maid": 400, "cheat": 300, "go_fish": 400, "irish_snap": 300, "egyptian_ratscrew": 300,
          "concentration": 300, "shif_shof_shum": 300, "kings_corner": 300, "croatian_rummy": 200,
          "blackjack": 200, "casino_blackjack": 200, "russian_blackjack": 200, "pontoon": 200}


def end_screen(open_table, open_phone, server, mode: str, locale: str | None):
    """The table and the host's phone at the end of ``mode`` with as many of
    the eight as it seats."""
    names = EIGHT[:min(8, MODES[mode].max_players)]
    table, phone, clients = drive_to_main_screen(open_table, open_phone, server, mode, names, locale=locale)
    try:
        rng = random.Random(3)
        game = play_random(clients, rng, PLAYED.get(mode, 0), avoid=("surrender",), prefer=("slap", "call"))
        if not game["over"]:
            rev = clients[0].state["rev"]
            answer = clients[0].call("host.command", {"command": "end_game"})  # the host's seat
            assert answer["ok"], answer
            for c in clients:
                c.wait_rev(rev + 1)
        state = clients[0].wait_for(lambda s: s["game"] is not None and s["game"]["over"])
        drawn(table, state["rev"])
    finally:
        for c in clients:
            c.close()
    return table, phone, names, state["game"]["result"]


@pytest.mark.parametrize("locale", [None, "ru-RU"])
@pytest.mark.parametrize("mode", sorted(MODES))
def test_every_end_screen_shows_everyone(mode, locale, open_table, open_phone, server, shots, watch):
    table, phone, names, result = end_screen(open_table, open_phone, server, mode, locale)
    table.set_viewport_size({"width": 1920, "height": 1080})
    settle(table)
    label = f"{mode}-{locale or 'en'}"
    shots(f"{label}-tv", table)
    text = table.locator("body").inner_text()
    for name in names:
        assert name in text, f"{mode}: {name} is not on the TV's end screen"
    assert not re.search(r"\+\d+ (more|ещё)", text), f"{mode}: somebody summed up as +N more"
    if result["reason"] == "host" and locale is None:  # ended by the host (the first name): said who, on both screens
        assert f"{names[0]} ended the game." in text
        expect(phone.locator("#room-screen")).to_contain_text(f"{names[0]} ended the game.")
    assert_fits(table, f"{mode} end screen on the TV")
    assert broken_words(table) == [], f"{mode}: words broken on the TV"
    phone.set_viewport_size({"width": 390, "height": 844})
    expect(phone.locator("#room-screen")).to_be_visible()
    settle(phone)
    shots(f"{label}-phone", phone, full_page=True)
    assert_fits(phone, f"{mode} end screen on the phone", phone=True)
    assert broken_words(phone) == [], f"{mode}: words broken on the phone"
    assert missing(table) == [] and missing(phone) == []
    assert watch.errors == []


def test_the_kings_player_panel_shows_every_player_with_their_roles(open_table, open_phone, server, shots, watch):
    """Eight long names and a bot in Kings, role cards handed round and
    the phones away (the badges pile up): the TV's player panel shows every
    player, never "+1 more player", nothing clipped or covered."""
    from tests.browser.tablegames import host_and_guests, start

    table, _, phone, seated = host_and_guests(open_table, open_phone, server, EIGHT)
    host, guests = seated[0], seated[1:]  # the host's seat, played through a client
    clients = {c.pid: c for c in seated}
    try:
        assert table.evaluate("() => window.partyappTable.command({command: 'add_bot'})")["ok"]  # a ninth seat
        expect(table.locator("#players .pname")).to_have_count(9)
        deck = ["4S", "QS", "6S", "QH", "4H", "QD", "JS", "QC", "4D"]  # every role card, one taken over
        start(table, "kings", {"deck": deck})
        for i in range(len(deck)):
            state = guests[0].wait_for(lambda s, i=i: s["game"] is not None and s["game"]["drawn"] == i
                                       and s["game"]["prompt"] is None)
            if state["game"]["turn"] in clients:  # else the bot draws
                answer = clients[state["game"]["turn"]].call("game.act", {"action": {"type": "draw"}})
                assert answer["ok"], answer
        host.wait_for(lambda s: s["game"]["drawn"] == len(deck))
        for g in guests:  # their phones go away: an "away" mark beside each role
            g.close()
        expect(table.locator(".players-panel .mark.offline")).to_have_count(len(guests), timeout=20_000)
        drawn(table, host.state["rev"])
        settle(table)
        shots("kings-roles-tv", table)
        panel = table.locator(".players-panel")
        text = panel.inner_text()
        assert "more player" not in text
        for name in EIGHT:
            expect(panel.locator(".pname", has_text=name)).to_be_visible()
        assert panel.locator(".mark.role").count() >= 4
        assert_fits(table, "Kings with every role handed out")
        assert broken_words(table) == []
        table.set_viewport_size({"width": 1280, "height": 720})  # a smaller TV: still everybody
        settle(table)
        shots("kings-roles-tv-720", table)
        assert "more player" not in panel.inner_text()
        for name in EIGHT:
            expect(panel.locator(".pname", has_text=name)).to_be_visible()
        assert_fits(table, "Kings with every role handed out at 1280x720")
    finally:
        host.close()
        for g in guests:
            g.close()
