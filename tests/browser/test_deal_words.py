"""What the TV says about the cards and the deal before play: who the lot
fell on when a room's first game draws its dealer (``game.dealer_lot``),
and Pontoon's second pack shuffled in when sixteen players run the pack
out (``pontoon.second_pack``, and the packs in play on the bank's felt).
In English and in Russian, with long names, at both TV sizes: the words
are there, nothing is covered, clipped, broken inside a word or left in
English.

The table is a real page; the players join through Socket.IO clients."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from partyapp.games import MODES
from tests.browser.layout import check_at_tv_sizes
from tests.browser.tablegames import drawn, join_wire, room_code, start
from tests.games.test_pontoon import SIXTEEN

pytestmark = pytest.mark.browser

RU = "ru-RU"
# Long names and an emoji name, as guests type them.
NAMES = ["Maximilian-Alexander", "Анастасия Владимировна", "🦊 Foxy", "Bartholomew Fitzgerald Q",
         "Константин Мстиславский", "Wilhelmina Catherwood Jr", "Евангелина Резерфорд", "Hieronymus Bosch-Ward",
         "Персефона Вентворт", "Mortimer Worthington III", "Оттилия Марчбэнкс", "Leopold Wetherby-Mowbray",
         "Кассиопея Данвуди", "Montgomery Whitmore", "Гиневра Блэкторн", "Wolfgang Wawrzyniak"]
LOT_WORDS = {None: "Drawn by lot: {player} deals first.", RU: "По жребию первую раздачу сдаёт {player}."}
LOT_MARK = {None: "deals by lot", RU: "сдаёт по жребию"}
PACK_WORDS = {None: ("The pack has run out: another pack is shuffled in (2 packs in play).", "Packs in play: 2"),
              RU: ("Колода кончилась: вмешали ещё одну (колод в игре: 2).", "Колод в игре: 2")}


def seed_drawing(mode: str, count: int, seat: int) -> int:
    """A seed under which the room's first game of ``mode`` with ``count``
    players draws seat ``seat`` (0-based) by lot: the room builds the game
    with a generator of that seed, as here."""
    cls = MODES[mode]
    ids = [f"p{i + 1}" for i in range(count)]
    for seed in range(500):
        game = cls.new([{"id": p, "group": None} for p in ids], cls.check_options({}), random.Random(seed), 0.0)
        if game.public_view()["dealer"] == ids[seat]:
            return seed
    raise AssertionError("no seed draws that seat")


# The betting games open on one entry after the lot (the deal's), so the
# TV's last entries show it; a game of hands opens on many (the deal, the
# pairs laid down, the ante), which push it out of them.
@pytest.mark.parametrize("mode, count, locale, in_strip", [
    ("blackjack", 2, None, True), ("russian_blackjack", 16, RU, True), ("old_maid", 8, RU, False),
    ("shif_shof_shum", 8, None, False)])
def test_the_tv_says_who_the_lot_fell_on(mode, count, locale, in_strip, open_table, server, shots, watch):
    """The room's first game draws its dealer by lot (here the seat with the
    longest name) and the TV says so in its own words as the game opens:
    among its last entries, and on the dealer's seat ("deals by lot",
    instead of the game's dealer badge) while the lot is among the game's
    latest entries."""
    table = open_table(locale=locale)
    names = NAMES[:count]
    seat = max(range(count), key=lambda i: len(names[i]))
    guests = join_wire(server, room_code(table), names)
    try:
        expect(table.locator("#players .pname")).to_have_count(count, timeout=20_000)
        start(table, mode, {"seed": seed_drawing(mode, count, seat)})
        game = guests[0].wait_for(lambda s: s["game"] is not None)["game"]
        assert game["dealer"] == guests[seat].pid and game["log"][0] == {
            "id": game["log"][0]["id"], "msg": "game.dealer_lot", "player": guests[seat].pid}
        drawn(table, max(g.state["rev"] for g in guests))
        marks = table.locator(f"#players .seat[data-pid={guests[seat].pid}] .mark")
        expect(marks.filter(has_text=LOT_MARK[locale])).to_be_visible()
        assert table.locator("#players .mark", has_text=LOT_MARK[locale]).count() == 1
        assert marks.filter(has_text="dealer" if locale is None else "дилер").count() == 0
        if in_strip:
            words = LOT_WORDS[locale].format(player=names[seat])
            expect(table.locator("#look-back .history-entry").filter(has_text=words)).to_be_visible()
        check_at_tv_sizes(table, shots, f"{mode}-{count}-lot")
        assert watch.errors == [] and watch.dialogs == []
    finally:
        for g in guests:
            g.close()


def move_for(actions: list[dict]) -> dict | None:
    """Sixteen players run the pack out (tests/games/test_pontoon.py's
    play): the banker deals, everybody bets 10, then each in turn splits,
    else sticks when they may, else twists."""
    offered = {a["type"] for a in actions}
    if "bet" in offered:
        return {"type": "bet", "amount": 10}
    for kind in ("deal", "split", "stick", "twist"):
        if kind in offered:
            return {"type": kind}
    return None


@pytest.mark.parametrize("locale", [None, RU])
def test_the_tv_says_a_second_pack_is_shuffled_in(locale, open_table, server, shots, watch):
    """Pontoon with sixteen players, every pair split: the pack runs out
    mid-deal; the TV says another pack is shuffled in and the bank's felt
    shows two packs in play."""
    table = open_table(locale=locale)
    guests = join_wire(server, room_code(table), NAMES)
    try:
        expect(table.locator("#players .pname")).to_have_count(16, timeout=30_000)
        start(table, "pontoon", {"deck": SIXTEEN, "banker": guests[-1].pid, "rounds": 1})
        watcher = guests[0]
        state = watcher.wait_for(lambda s: s["game"] is not None)
        for _ in range(200):
            if any(e["msg"] == "pontoon.second_pack" for e in state["game"]["log"]):
                break
            rev = state["rev"]
            for g in guests:
                g.wait_rev(rev)
            mover, action = next((g, move_for(g.state["you"]["actions"])) for g in guests
                                 if move_for(g.state["you"]["actions"]) is not None)
            answer = mover.call("game.act", {"action": action})
            assert answer["ok"], (action, answer)
            state = watcher.wait_rev(rev + 1)
        else:
            raise AssertionError("the pack never ran out")
        assert state["game"]["packs"] == 2
        drawn(table, state["rev"])
        said, felt = PACK_WORDS[locale]
        expect(table.get_by_text(said, exact=True).filter(visible=True).first).to_be_visible()
        expect(table.get_by_text(felt, exact=True).filter(visible=True).first).to_be_visible()
        check_at_tv_sizes(table, shots, "pontoon-16-second-pack")
        assert watch.errors == [] and watch.dialogs == []
    finally:
        for g in guests:
            g.close()
