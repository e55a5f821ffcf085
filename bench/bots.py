"""The bots' benchmark: ``python -m bench.bots``.

Three figures, none of them asserted by a test (people read them):

``--edge``
    The casino 21 bot's long-run return: ``--rounds`` deals (default
    200,000) of ``casino_blackjack`` played by the bot alone against the
    house, straight on the engine, each decision taken from the frame the
    seat would be handed (the public view and its ``you``). Rules: 6 decks,
    the dealer stands on soft 17, double any two cards and after a split,
    split to four hands, split aces one card each and not again, hole card
    and peek, blackjack 3:2, and no surrender (``--surrender`` adds late
    surrender); a flat bet. The return is the player's net over the stakes
    that opened the deals, with its standard error; the published
    basic-strategy figure for the same rules is beside it (``PUBLISHED``).
``--tables``
    Every mode bots play, a table of bots (4 of mixed levels, or the mode's
    limits) played to its end through a real ``Room`` (memory store, the
    server's clock replaced by a simulated one that jumps to each deadline)
    with the runner's pauses, frames and memories: the moves made, the
    simulated minutes, and whether it stalled (nothing due while the game
    runs). Games that may never end are given a limit (``LIMITS``).
``--decisions``
    Every strategy decision of those tables timed (``Autoplay.timings``):
    p50, p99 and the slowest, per mode and overall. Target: p99 under 5 ms.
    ``--clock cpu`` (the default) times the CPU the deciding thread spent
    (the server's cost of a decision, whatever else runs on the machine);
    ``--clock wall`` the wall clock, which on a busy machine adds every
    moment the process waited for a core.

    python -m bench.bots [--rounds 200000] [--surrender] [--seed 1] [--json]
                         [--only edge|tables] [--clock cpu|wall]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from typing import Callable

from partyapp.bots import Autoplay, plays, strategy_for
from partyapp.bots.strategy import LEVELS, fill
from partyapp.games import MODES
from partyapp.games.kit.base import IllegalAction
from partyapp.rooms.registry import Registry
from partyapp.rooms.room import Room
from partyapp.store.memory import MemoryStore

from .load import json_line, machine, percentile, print_table

# Published return of a basic-strategy player (percent of the initial bet)
# for these rules, from the rule-effect table of The Color of Blackjack,
# "Solution One" (http://www.thecolorofblackjack.com/solution_one.html): the
# baseline game (one deck, S17, double any two cards, one card to split
# aces, no surrender) -0.02 %, six decks -0.53 %, double after split
# +0.13 %: -0.42 %; late surrender +0.06 %: -0.36 %.
PUBLISHED = {False: -0.42, True: -0.36}
EDGE_RULES = {"decks": 6, "hit_soft_17": False, "double_after_split": True, "double_on": "any",
              "double_for_less": True, "max_hands": 4, "resplit_aces": False, "hit_split_aces": False,
              "hole_card": "peek", "blackjack_pays": "3:2", "min_bet": 10, "max_bet": 10,
              "start_chips": 100_000, "rounds": 100, "dealer_pace_ms": 0, "forfeits": False}
# Options for a table of bots: limits for the games that may never end, and
# the defaults otherwise.
CLOCKS = {"cpu": time.thread_time, "wall": time.perf_counter}
LIMITS = {"irish_snap": {"round_limit": 40}, "egyptian_ratscrew": {"round_limit": 40, "doubles": True}}


def engine_frame(game, pid: str) -> dict:
    """What the runner hands a seat, from an engine without a room: the
    public view as ``game`` and the seat's ``you``."""
    you = {"player_id": pid, "hand": [], **game.private_view(pid), "actions": game.legal_actions(pid)}
    return {"game": game.public_view(), "you": you}


# -- the casino 21 bot's return ----------------------------------------------------------
def house_edge(rounds: int, seed: int = 1, surrender: bool = False) -> dict:
    cls = MODES["casino_blackjack"]
    bot = strategy_for("casino_blackjack")
    rng = random.Random(seed)
    options = cls.check_options({**EDGE_RULES, "surrender": surrender})
    per_game = options["rounds"]
    played = 0
    net_sum = 0.0
    sq_sum = 0.0
    games = 0
    started = time.perf_counter()
    while played < rounds:
        game = cls.new([{"id": "bot", "group": None}], dict(options), random.Random(rng.getrandbits(63)), 0.0)
        ledger = game.ledger
        now = 0.0
        settled, net = 0, 0
        while not game.is_over() and played < rounds:
            now += 0.01
            if game.legal_actions("bot"):
                game.apply("bot", bot.choose(engine_frame(game, "bot"), {}, "normal", rng), now)
            else:
                game.tick(max(now, game.next_deadline() or now))
            if game.s["round"] > settled:  # a deal settled: its gain in initial bets
                gain = (ledger.net("bot") - net) / options["min_bet"]
                settled, net = game.s["round"], ledger.net("bot")
                net_sum += gain
                sq_sum += gain * gain
                played += 1
        games += 1
    mean = net_sum / played
    sd = math.sqrt(max(0.0, sq_sum / played - mean * mean))
    return {"rounds": played, "games": games, "return_pct": round(100 * mean, 3),
            "se_pct": round(100 * sd / math.sqrt(played), 3), "sd_per_round": round(sd, 3),
            "published_pct": PUBLISHED[surrender], "surrender": surrender,
            "diff_pp": round(100 * mean - PUBLISHED[surrender], 3),
            "seconds": round(time.perf_counter() - started, 1)}


# -- a table of bots through a real room ----------------------------------------------------
class BotTable:
    """A room on the memory store with a simulated clock: ``bots`` (levels)
    and ``people`` who play at random (a phone that picks any of its moves)."""

    def __init__(self, mode: str, bots: list[str], people: int = 0, options: dict | None = None,
                 seed: int = 1, takeover_s: float = 30.0, timer: Callable[[], float] = time.perf_counter) -> None:
        self.now = 1_000_000.0
        self.rng = random.Random(seed)
        self.registry = Registry(MemoryStore(), max_players=16, clock=lambda: self.now)
        self.autoplay = Autoplay(takeover_s=takeover_s, timer=timer)
        self.autoplay.timings = []
        self.registry.autoplay = self.autoplay
        self.room, _ = self.registry.create("http://party.test")
        room = self.room
        room.change(lambda: room.set_table_connected(True))
        room.autoplay["seed"] = seed
        self.people = [room.change(lambda i=i: room.join(f"Person {i + 1}", None))[0] for i in range(people)]
        self.bots = [room.change(lambda lv=lv: self.autoplay.seat_bot(room, lv)) for lv in bots]
        room.change(lambda: room.start_game(mode, {"seed": seed, **(options or {})}, True))
        self.moves = 0
        self.person_due: dict[str, float] = {}

    @property
    def game(self):
        return self.room.game

    def person_move(self, pid: str) -> bool:
        """A person picks any move offered (after a second or two), when the
        game waits on them or now and then; returns whether one was made."""
        room = self.room
        actions = room.game.legal_actions(pid)
        if not actions:
            self.person_due.pop(pid, None)
            return False
        if pid not in self.person_due:
            wanted = pid in room.game.waiting_for() or self.rng.random() < 0.15
            if not wanted:
                return False
            self.person_due[pid] = self.now + self.rng.uniform(0.5, 2.5)
        if self.person_due[pid] > self.now:
            return False
        del self.person_due[pid]
        action = fill(self.rng.choice(actions), self.rng)
        try:
            room.change(lambda: room.act(pid, action, {"at": self.now, "rtt": None}))
        except IllegalAction:
            return False
        self.moves += 1
        return True

    def run(self, max_changes: int = 200_000) -> dict:
        """Play to the end; returns what happened (``stalled`` when nothing
        was due while the game ran)."""
        room = self.room
        start_rev = room.rev
        started = self.now
        stalled = False
        while not room.game.is_over() and room.rev - start_rev < max_changes:
            if any(self.person_move(p) for p in self.people if p in room.game.players()):
                continue
            times = [t for t in (room.next_deadline(), min(self.person_due.values(), default=None)) if t]
            if not times:
                if any(room.game.legal_actions(p) for p in self.people if p in room.game.players()):
                    self.person_due = {p: self.now for p in self.people if room.game.legal_actions(p)}
                    continue
                stalled = True
                break
            self.now = max(self.now, min(times))
            room.change(room.tick)
        return {"over": room.game.is_over(), "stalled": stalled, "changes": room.rev - start_rev,
                "minutes": round((self.now - started) / 60, 1), "result": room.game.public_view()["result"]}


def tables(seed: int = 1, timer: Callable[[], float] = time.thread_time) -> list[dict]:
    rows = []
    for mode in sorted(m for m in MODES if plays(m)):
        cls = MODES[mode]
        n = max(cls.min_players, min(4, cls.max_players))
        levels = [LEVELS[i % len(LEVELS)] for i in range(n)]
        table = BotTable(mode, levels, options=LIMITS.get(mode), seed=seed, timer=timer)
        started = time.perf_counter()
        out = table.run()
        timings = sorted(1000 * t for t in table.autoplay.timings)
        rows.append({"mode": mode, "bots": n, "over": out["over"], "stalled": out["stalled"],
                     "changes": out["changes"], "decisions": len(timings), "sim_minutes": out["minutes"],
                     "decision_p50_ms": round(percentile(timings, 50), 3),
                     "decision_p99_ms": round(percentile(timings, 99), 3),
                     "decision_max_ms": round(timings[-1], 3) if timings else None,
                     "seconds": round(time.perf_counter() - started, 2), "timings": timings})
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.bots")
    p.add_argument("--rounds", type=int, default=200_000, help="casino 21 deals for the return")
    p.add_argument("--surrender", action="store_true", help="late surrender on (off: the issue's rules)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--only", choices=("edge", "tables"), default=None)
    p.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                   help="time decisions by the thread's CPU time (default) or the wall clock")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    line: dict = {"machine": machine()}
    if args.only in (None, "edge"):
        edge = house_edge(args.rounds, args.seed, args.surrender)
        line["edge"] = edge
        if not args.json:
            print(f"casino 21 bot, {edge['rounds']:,} deals, 6 decks S17 DAS peek 3:2"
                  f"{' LS' if args.surrender else ''}: return {edge['return_pct']:+.3f} % "
                  f"(standard error {edge['se_pct']:.3f}), published {edge['published_pct']:+.2f} %, "
                  f"difference {edge['diff_pp']:+.3f} pp  ({edge['seconds']} s)")
    if args.only in (None, "tables"):
        rows = tables(args.seed, CLOCKS[args.clock])
        line["clock"] = args.clock
        every = sorted(t for r in rows for t in r.pop("timings"))
        line["tables"] = rows
        line["decision_p99_ms"] = round(percentile(every, 99), 3)
        line["decision_max_ms"] = round(every[-1], 3) if every else None
        line["all_finished"] = all(r["over"] and not r["stalled"] for r in rows)
        if not args.json:
            print()
            print_table(rows, [("mode", "mode", 22), ("bots", "bots", 5), ("over", "over", 6), ("stall", "stalled", 7),
                               ("changes", "changes", 9), ("decisions", "decisions", 11), ("sim min", "sim_minutes", 9),
                               ("p50 ms", "decision_p50_ms", 9), ("p99 ms", "decision_p99_ms", 9),
                               ("max ms", "decision_max_ms", 9)])
            print(f"\nevery table finished without a stall: {line['all_finished']}; "
                  f"decision p99 {line['decision_p99_ms']} ms (target 5 ms)")
    return json_line(line)


if __name__ == "__main__":
    sys.exit(main())
