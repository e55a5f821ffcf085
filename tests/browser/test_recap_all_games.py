"""The recap shows every game of the night: on the TV page by page (a TV
nobody taps; never "+N more"), on every phone and on the watch page; a bot
is named as a bot; Old Maid names who was left holding the queen."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from tests.browser.layout import assert_fits, settle
from tests.browser.tablegames import host_and_guests, play_random, start

pytestmark = pytest.mark.browser

NAMES = ["Maximilian-Alexander", "Анастасия Владимировна", "🦄 Sparkle Unicorn 🌈", "Bartholomew Fitzgerald"]
GAMES = 14  # more than the TV's panel holds at once

# The recap's game lines the TV shows now (the page in view).
SHOWN = """() => [...document.querySelectorAll('#recap .recap-games li')]
  .filter((li) => !li.hidden && li.checkVisibility()).map((li) => `${li.value}. ${li.textContent.trim()}`)"""


def test_every_game_of_the_night_on_the_tv_the_phones_and_the_watch_page(open_table, open_phone, browser, server,
                                                                         shots, watch):
    # the host's seat is played through a client (the first of guests)
    table, code, phone, guests = host_and_guests(open_table, open_phone, server, NAMES)
    try:
        expect(table.locator("#players .pname")).to_have_count(len(NAMES))
        # Old Maid played to its end, then short games the host stops (a bot joins between)
        start(table, "old_maid", {"seed": 4})
        for g in guests:
            g.wait_for(lambda s: s["game"] is not None)
        game = play_random(guests, random.Random(4), 600, prefer=("take",))
        if not game["over"]:
            game = guests[0].wait_for(lambda s: s["game"]["over"], timeout=30)["game"]
        [loser] = game["result"]["losers"]
        loser_name = next(p["name"] for p in guests[0].state["players"] if p["id"] == loser)
        bot = table.evaluate("() => window.partyappTable.command({command: 'add_bot'})")
        assert bot["ok"], bot
        for i in range(GAMES - 1):
            rev = guests[0].state["rev"]
            assert table.evaluate("() => window.partyappTable.command({command: 'end_game'})")["ok"]
            guests[0].wait_rev(rev + 1)
            start(table, ("cheat", "go_fish", "kings")[i % 3], {})
            guests[0].wait_for(lambda s: s["game"] is not None and not s["game"]["over"])
        assert table.evaluate("() => window.partyappTable.command({command: 'end_night'})")["ok"]
        recap = guests[0].wait_for(lambda s: s["room"]["recap"] is not None)["room"]["recap"]
        assert len(recap["games"]) == GAMES
        watcher = browser.new_context(viewport={"width": 1920, "height": 1080}, reduced_motion="reduce")
        watch_page = watcher.new_page()
        watch.watch(watch_page)
        watch_page.goto(f"{server.url}/w/{code}")

        # The TV: every game shows, page after page; the Old Maid's loser named; the bot as a bot.
        expect(table.locator("#recap")).to_be_visible()
        expect(table.locator("#recap .recap-games")).not_to_contain_text("more")
        expect(table.locator("#recap .recap-games .page-line")).to_contain_text("Page 1 of")
        expect(table.locator("#recap")).to_contain_text(f"Old Maid: {loser_name} was left holding the Old Maid.")
        expect(table.locator(f"#recap tr[data-pid={bot['player_id']}] .mark.bot")).to_have_text("bot")
        settle(table)
        shots("tv-page-1", table)
        assert_fits(table, "the recap's first page")
        seen = set(table.evaluate(SHOWN))
        while len(seen) < GAMES:
            before = table.evaluate(SHOWN)
            # the next page, turned by the TV itself after a few seconds
            table.wait_for_function("(before) => JSON.stringify((" + SHOWN + ")()) !== JSON.stringify(before)",
                                    arg=before, timeout=20_000)
            now = table.evaluate(SHOWN)
            assert now, "an empty page"
            if set(now) <= seen:
                break  # round again to the first page
            seen |= set(now)
        assert len(seen) == GAMES, f"the TV showed {len(seen)} of {GAMES} games"
        assert_fits(table, "the recap's next page")

        # The phone and the watch page list every game of the night.
        expect(phone.locator("#night-over .night-games li")).to_have_count(GAMES)
        expect(phone.locator("#night-over")).to_contain_text(f"{loser_name} was left holding the Old Maid.")
        expect(phone.locator("#night-over")).not_to_contain_text("The recap is on the TV")
        shots("phone", phone, full_page=True)
        assert_fits(phone, "the phone after the night", phone=True)
        expect(watch_page.locator("#recap .recap-games li")).to_have_count(GAMES)
        expect(watch_page.locator("#recap")).to_contain_text(f"{loser_name} was left holding the Old Maid.")
        settle(watch_page)
        shots("watch", watch_page)
        assert watch.errors == []
        watcher.close()
    finally:
        for g in guests:
            g.close()
