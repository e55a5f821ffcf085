"""Rules-step timing: ``python -m bench.rules``.

For every mode in ``partyapp.games.MODES``, plays games of 12 players (or the
mode's maximum) with random legal actions, straight on the engine (no server),
and times each ``apply()``. Beside it, the rest of what the server does for
one change: every view (``public_view`` plus each player's ``private_view``
and ``legal_actions``) and the state saved to the store (``to_state`` as
JSON). Target: ``apply`` at most 1 ms at p99.

On a machine shared with other work, every figure is at the mercy of the
scheduler. ``--repeat N`` times each step N times (``apply`` again on copies
of the state it was made in, the views again on the same state) and keeps the
fastest of each: what the step costs, without the pauses other processes
caused. Compare two versions with the same ``--repeat``.

    python -m bench.rules [--players 12] [--steps 3000] [--repeat 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from partyapp.games import MODES
from partyapp.games.kit.base import HOST, IllegalAction

from .gen import SIDE_MOVES, fill
from .load import json_line, machine, percentile, print_table


def time_mode(mode: str, players: int, steps: int, seed: int, repeat: int = 1) -> dict:
    cls = MODES[mode]
    n = max(cls.min_players, min(players, cls.max_players))
    rng = random.Random(seed)
    ids = [f"p{i + 1}" for i in range(n)]
    now = 1_000_000.0

    def new_game():
        options = cls.check_options({})
        return cls.new([{"id": p, "group": None} for p in ids], options, random.Random(rng.random()), now)

    game = new_game()
    apply_ms: list[float] = []
    views_ms: list[float] = []
    save_ms: list[float] = []
    refused = games = 0
    perf = time.perf_counter
    while len(apply_ms) < steps:
        if game.is_over():
            games += 1
            game = new_game()
            continue
        moves = []
        for pid in ids + [HOST]:
            acts = game.legal_actions(pid)
            if pid == HOST:
                acts = [a for a in acts if a["type"] == "skip"]
            settle = [a for a in acts if a["type"] not in SIDE_MOVES]
            if settle:
                moves.append((pid, settle))
            elif acts and rng.random() < 0.05:
                moves.append((pid, acts))
        now += 0.5
        deadline = game.next_deadline()
        if deadline is not None and deadline <= now:
            game.tick(now)
            continue
        if not moves:
            if deadline is not None:
                now = deadline
                game.tick(now)
                continue
            break  # nothing anybody can do: a stuck engine
        players_moves = [m for m in moves if m[0] != HOST] or moves
        pid, acts = rng.choice(players_moves)
        action = fill(rng.choice(acts), rng)
        before = game.persist_json() if repeat > 1 else None
        t0 = perf()
        try:
            game.apply(pid, action, now)
        except IllegalAction:
            refused += 1
            continue
        apply_s = perf() - t0
        for _ in range(repeat - 1):
            again = cls.from_state(json.loads(before))
            t0 = perf()
            again.apply(pid, action, now)
            apply_s = min(apply_s, perf() - t0)
        views_s = save_s = float("inf")
        for _ in range(repeat):
            t1 = perf()
            game.public_view()
            for p in ids:
                game.private_view(p)
                game.legal_actions(p)
            t2 = perf()
            json.dumps(game.to_state(), separators=(",", ":"))
            t3 = perf()
            views_s, save_s = min(views_s, t2 - t1), min(save_s, t3 - t2)
        apply_ms.append(apply_s * 1000)
        views_ms.append(views_s * 1000)
        save_ms.append(save_s * 1000)
    a, v, s = sorted(apply_ms), sorted(views_ms), sorted(save_ms)
    return {
        "mode": mode, "players": n, "steps": len(a), "games": games, "refused": refused,
        "apply_p50_ms": round(percentile(a, 50), 3), "apply_p99_ms": round(percentile(a, 99), 3),
        "apply_max_ms": round(a[-1], 3) if a else None,
        "views_p99_ms": round(percentile(v, 99), 3), "save_p50_ms": round(percentile(s, 50), 3),
        "save_p99_ms": round(percentile(s, 99), 3),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.rules")
    p.add_argument("--players", type=int, default=12)
    p.add_argument("--steps", type=int, default=3000, help="timed apply() calls per mode")
    p.add_argument("--modes", nargs="*", default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--repeat", type=int, default=1,
                   help="time each step this many times and keep the fastest (a busy machine's noise out)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    rows = [time_mode(m, args.players, args.steps, args.seed, max(1, args.repeat))
            for m in (args.modes or sorted(MODES))]
    worst = max((r["apply_p99_ms"] for r in rows), default=0.0)
    line = {"players": args.players, "repeat": max(1, args.repeat), "modes": rows, "apply_p99_ms_worst": worst,
            "target_met": worst <= 1.0, "machine": machine()}
    if not args.json:
        print_table(rows, [("mode", "mode", 22), ("players", "players", 8), ("steps", "steps", 7),
                           ("apply p50", "apply_p50_ms", 11), ("apply p99", "apply_p99_ms", 11), ("max", "apply_max_ms", 9),
                           ("views p99", "views_p99_ms", 11), ("save p99", "save_p99_ms", 10)])
        print(f"\nrules step p99 <= 1 ms for {args.players} players: worst {worst} ms, "
              f"{'met' if worst <= 1.0 else 'MISSED'}  (times in ms)")
    return json_line(line)


if __name__ == "__main__":
    sys.exit(main())
