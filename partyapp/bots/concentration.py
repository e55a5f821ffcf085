"""Concentration's bot: a memory of turned cards, by difficulty.

Every card turned is in the public log (``concentration.pick``, its place,
and its face while it is up: the frame after each pick). The bot keeps
the places and faces it has seen in its frames, as a player remembers
what they saw,
each remembered with a chance and up to a number of places by its level
(slow: half of them, the last 6; normal: most, the last 16; fast: all), the
oldest forgotten first. On its turn it turns a pair it remembers, else a
card it has never seen; with one card up it turns the match it remembers,
else an unseen card (so it learns something either way).
"""

from __future__ import annotations

import random

from partyapp.games.kit.cards import colour_of, rank_of
from partyapp.bots.strategy import Moves, Strategy, new_log

# Level -> (chance a card seen is remembered, places remembered at most).
RECALL = {"slow": (0.5, 6), "normal": (0.8, 16), "fast": (1.0, None)}


def matches(a: str, b: str, rule: str) -> bool:
    return rank_of(a) == rank_of(b) and (rule == "rank" or colour_of(a) == colour_of(b))


class ConcentrationBot(Strategy):
    remembers = True

    def observe(self, frame: dict, memory: dict, level: str, rng: random.Random) -> None:
        seen = memory.setdefault("seen_cards", [])  # [[position, card], ...], oldest first
        chance, most = RECALL.get(level, RECALL["normal"])
        for e in new_log(frame, memory):
            if e["msg"] == "concentration.pick":
                seen[:] = [s for s in seen if s[0] != e["position"]]
                if rng.random() < chance:
                    seen.append([e["position"], e["card"]])
            elif e["msg"] == "concentration.match":
                seen[:] = [s for s in seen if s[0] not in e["positions"]]
        if most is not None and len(seen) > most:
            del seen[:len(seen) - most]

    def choose(self, frame: dict, memory: dict, level: str, rng: random.Random) -> dict | None:
        moves = Moves(frame)
        if not moves.has("pick"):
            return None
        down = moves.choices("pick", "position")
        game = frame["game"]
        rule = game["options"].get("match", "rank")
        known = {p: c for p, c in memory.get("seen_cards", []) if p in down}
        unseen = [p for p in down if p not in known] or down
        picked = game.get("picked") or []
        if picked:
            first = game["grid"][picked[0]]
            mates = [p for p, c in known.items() if first and matches(first, c, rule)]
            return {"type": "pick", "position": mates[0] if mates else rng.choice(unseen)}
        places = sorted(known)
        for i, a in enumerate(places):
            for b in places[i + 1:]:
                if matches(known[a], known[b], rule):
                    return {"type": "pick", "position": a}
        return {"type": "pick", "position": rng.choice(unseen)}
