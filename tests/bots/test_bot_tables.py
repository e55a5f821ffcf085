"""Bots in a real ``Room`` on the memory store, with the server's clock
replaced by the test's (``bench.bots.BotTable`` jumps it to each deadline):
every full game played by a person picking random moves and bots reaches
its end; a phone away past ``bot_takeover_s`` while the game waits on it is
played for, exactly then, and handed back on resume; the same seed plays the
same bots the same way; bots take up where they were after a restart."""

from __future__ import annotations

import pytest

from bench.bots import LIMITS, BotTable
from partyapp.bots import Autoplay, plays
from partyapp.games import MODES
from partyapp.rooms.registry import Registry
from tests.games.hand_helpers import deal_order_deck

BOT_MODES = sorted(m for m in MODES if plays(m))
# Ana (first seat) asks first: a staged deal (hand_helpers.deal_order_deck).
GO_FISH_DEAL = deal_order_deck([["7S", "7H", "7D", "3C", "5C", "9C", "JC"], ["7C", "3D", "8D", "8H", "8S", "10D", "QD"]])
# Shorter sessions, so that every game ends in a test's time.
SHORT = {"croatian_rummy": {"target": 150}, "kings_corner": {"target": 15}}


def test_bots_play_every_full_card_game_and_no_drinking_deck():
    """Bots play the thirteen full card games; the drinking decks are for people."""
    assert len(BOT_MODES) == 13
    assert not plays("ring_of_fire") and not plays("kings")


@pytest.mark.parametrize("mode", BOT_MODES)
def test_a_person_playing_at_random_and_bots_reach_the_end(mode):
    """One person choosing any move offered, and bots of each level, play the
    game to its end; the table never waits with nothing due."""
    cls = MODES[mode]
    bots = ["slow", "normal", "fast"][: max(1, min(3, cls.max_players - 1))]
    table = BotTable(mode, bots, people=1, options={**LIMITS.get(mode, {}), **SHORT.get(mode, {})}, seed=11)
    out = table.run(max_changes=60_000)
    assert out["over"], f"{mode} did not finish in {out['changes']} changes"
    assert not out["stalled"]
    log = table.room.game.s.log
    assert out["changes"] > 3 and log[-1].msg == "game.over"
    assert table.autoplay.timings, "the bots never decided anything"


@pytest.mark.parametrize("mode", ["cheat", "go_fish", "concentration", "croatian_rummy"])
def test_the_same_seed_plays_the_same_bots_the_same_way(mode):
    """Pauses and choices come from the room's bot seed: two tables from one
    seed play the same game, move for move and second for second."""
    runs = []
    for _ in range(2):
        table = BotTable(mode, ["slow", "fast", "normal"], options=SHORT.get(mode), seed=5)
        table.run(max_changes=400)
        runs.append((table.room.game.s.log, table.now, table.room.rev))
    assert runs[0] == runs[1]


def table_with_person(mode: str, options: dict | None = None, takeover_s: float = 30.0) -> tuple[BotTable, str]:
    table = BotTable(mode, ["normal"], people=1, options=options, seed=2, takeover_s=takeover_s)
    return table, table.people[0]


def test_a_phone_away_while_the_game_waits_is_played_for_after_bot_takeover_s():
    """Ana (first seat) must ask at Go Fish and her phone goes: nothing
    happens for 30 s; then her seat is played for (auto), her ask is made,
    and the moment her phone resumes it is hers again."""
    table, ana = table_with_person("go_fish", {"again": False, "deck": GO_FISH_DEAL})
    room = table.room
    assert room.game.turn() == ana
    gone = table.now
    room.change(lambda: room.set_connected(ana, False))
    assert room.next_deadline() == gone + 30
    table.now = gone + 29.99
    room.change(room.tick)
    assert not room.seat(ana).auto and room.game.turn() == ana
    table.now = gone + 30
    room.change(room.tick)
    assert room.seat(ana).auto
    assert room.public_view()["players"][0]["auto"] is True
    table.now = room.next_deadline()
    room.change(room.tick)
    assert [e.params["player"] for e in room.game.s.log if e.msg == "go_fish.ask"] == [ana]
    assert room.seat(ana).auto
    room.change(lambda: room.set_connected(ana, True))
    assert not room.seat(ana).auto and ana not in room.autoplay["seats"]
    assert room.public_view()["players"][0]["auto"] is False


def test_a_phone_away_while_the_game_does_not_wait_on_it_is_left_alone():
    """A person whose phone is away while others play is not played for;
    once the game waits on them, the take-over counts from when it went."""
    table, ana = table_with_person("go_fish", {"again": False, "deck": GO_FISH_DEAL}, takeover_s=1.0)
    room = table.room
    autoplay = room.registry.autoplay
    bot = table.bots[0]
    rank = room.game.legal_actions(ana)[0]["params"]["rank"]["one_of"][0]
    room.change(lambda: room.act(ana, {"type": "ask", "player": bot, "rank": rank}))
    room.change(lambda: room.set_connected(ana, False))
    gone = table.now
    while room.game.turn() != ana:
        assert autoplay.takeovers(room) == [] and not room.seat(ana).auto
        table.now = room.next_deadline()
        room.change(room.tick)
    assert autoplay.takeovers(room) == [room.seat(ana)] and not room.seat(ana).auto
    assert autoplay.next_due(room) == gone + 1.0
    table.now = max(table.now, gone + 1.0)
    room.change(room.tick)
    assert room.seat(ana).auto


def test_a_seat_played_for_learns_only_from_its_frames():
    """The play for an absent person starts with no memory; what it then
    remembers of Concentration's grid are cards turned in the public log."""
    table, ana = table_with_person("concentration", {"deck": ["AS", "2H"]})
    room = table.room
    game = room.game
    for position in (0, 1):
        room.change(lambda p=position: room.act(ana, {"type": "pick", "position": p}))
    assert game.turn() != ana
    while game.turn() != ana:
        table.now = room.next_deadline()
        room.change(room.tick)
    room.change(lambda: room.set_connected(ana, False))
    assert ana not in room.autoplay.get("memory", {})
    table.now += 30
    room.change(room.tick)
    assert room.seat(ana).auto
    memory = room.autoplay["memory"][ana]
    turned = {(e["position"], e["card"]) for e in game.public_view()["log"] if e["msg"] == "concentration.pick"}
    assert memory["seen"] == game.s.log[-1].id
    assert {tuple(s) for s in memory["seen_cards"]} <= turned and turned


def test_bots_take_up_where_they_were_after_a_restart():
    """The room's bots, their open decisions and memories are saved with it:
    a new registry on the same store (a restarted server) loads them, and
    the bots play on to the end."""
    table = BotTable("go_fish", ["slow", "fast", "normal"], seed=4)
    room = table.room
    for _ in range(6):
        table.now = room.next_deadline()
        room.change(room.tick)
    saved = room.autoplay
    assert saved["memory"] and saved["seats"]
    restarted = Registry(table.registry.store, clock=lambda: table.now)
    restarted.autoplay = Autoplay()
    again = restarted.get(room.code)
    assert again.autoplay == saved
    assert [s.bot for s in again.seats] == [True, True, True] and all(s.connected for s in again.seats)
    again.change(lambda: again.set_table_connected(True))  # the table attaches again
    while not again.game.is_over():
        table.now = again.next_deadline()
        again.change(again.tick)
    assert again.game.s.log[-1].msg == "game.over"
