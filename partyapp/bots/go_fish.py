"""Go Fish's bot: it remembers the asks.

Every ask tells the table that the asker holds the rank; every hand-over
that the giver has none left and the taker has them; a "Fish!" after an ask
that the player asked had none; a book that nobody holds the rank any more;
a player who fishes may now hold anything. The bot keeps those facts (from
the public log of its own frames, with the log id each was learnt at), and
asks a player known to hold a rank it holds, the rank it holds most of
first. Knowing nothing useful, it asks for the rank it holds most of from a
player not known to lack it, the one holding most cards. A slow bot
remembers only the last 15 entries of the log, a normal one the last 60, a
fast one everything.
"""

from __future__ import annotations

import random

from partyapp.games.kit.cards import rank_of
from partyapp.bots.strategy import Moves, Strategy, me, new_log

HORIZON = {"slow": 15, "normal": 60, "fast": None}


def _learn(facts: dict, pid: str, rank: str, at: int) -> None:
    facts.setdefault(pid, {})[rank] = at


def _forget(facts: dict, pid: str, rank: str) -> None:
    facts.get(pid, {}).pop(rank, None)


class GoFishBot(Strategy):
    remembers = True

    def observe(self, frame: dict, memory: dict, level: str, rng: random.Random) -> None:
        has = memory.setdefault("has", {})
        lacks = memory.setdefault("lacks", {})
        players = list(frame["game"]["hand_sizes"])
        for e in new_log(frame, memory):
            msg, at = e["msg"], e["id"]
            if msg == "go_fish.ask":
                _learn(has, e["player"], e["rank"], at)
                _forget(lacks, e["player"], e["rank"])
                memory["ask"] = [e["player"], e["target"], e["rank"], False]
            elif msg == "go_fish.give":
                _forget(has, e["player"], e["rank"])
                _learn(lacks, e["player"], e["rank"], at)
                _learn(has, e["to"], e["rank"], at)
                if memory.get("ask"):
                    memory["ask"][3] = True
            elif msg == "go_fish.fish":
                ask = memory.pop("ask", None)
                if ask and not ask[3]:
                    asked = [ask[1]] if ask[1] else [p for p in players if p != ask[0]]
                    for p in asked:
                        _learn(lacks, p, ask[2], at)
                lacks.pop(e["player"], None)  # a card drawn: it may be anything
            elif msg == "go_fish.book":
                for facts in (has, lacks):
                    for p in list(facts):
                        _forget(facts, p, e["rank"])

    def choose(self, frame: dict, memory: dict, level: str, rng: random.Random) -> dict | None:
        moves = Moves(frame)
        if not moves.has("ask"):
            return None
        ranks = moves.choices("ask", "rank")
        targets = moves.choices("ask", "player")
        hand = frame["you"]["hand"]
        held = {r: sum(1 for c in hand if rank_of(c) == r) for r in ranks}
        horizon = HORIZON.get(level)
        newest = memory.get("seen", 0)

        def fresh(facts: dict, pid: str, rank: str) -> bool:
            at = facts.get(pid, {}).get(rank)
            return at is not None and (horizon is None or newest - at < horizon)

        has, lacks = memory.get("has", {}), memory.get("lacks", {})
        others = targets or [p for p in frame["game"]["hand_sizes"] if p != me(frame)]
        known = [(held[r], r, p) for r in ranks for p in others if fresh(has, p, r)]
        if known:
            best = max(k[0] for k in known)
            _, rank, target = rng.choice([k for k in known if k[0] == best])
        else:
            best = max(held.values())
            rank = rng.choice([r for r in ranks if held[r] == best])
            sizes = frame["game"]["hand_sizes"]
            candidates = [p for p in others if not fresh(lacks, p, rank)] or others
            most = max(sizes.get(p, 0) for p in candidates)
            target = rng.choice([p for p in candidates if sizes.get(p, 0) == most])
        if targets:
            return {"type": "ask", "player": target, "rank": rank}
        return {"type": "ask", "rank": rank}
