"""Kings Corner's bot: the greedy good play, one move at a time.

In its turn it makes every move that helps before it draws (or passes): a
king into an empty corner; a whole pile onto another (or a king's pile into
a corner), which frees a space; a card from the hand onto a pile it fits;
the highest card of the hand into an empty side (more cards fit under a high
one). Each of these empties the hand or frees a space, so the turn ends.
"""

from __future__ import annotations

import random

from partyapp.games.kit.cards import ACE_LOW, rank_of
from partyapp.bots.strategy import Moves, Strategy

CORNERS = ("NE", "SE", "SW", "NW")


def height(card: str) -> int:
    return ACE_LOW.index(rank_of(card))


class KingsCornerBot(Strategy):
    def choose(self, frame: dict, memory: dict, level: str, rng: random.Random) -> dict | None:
        moves = Moves(frame)
        piles = frame["game"]["piles"]
        plays = [(card, spec["params"]["to"]["one_of"][0]) for spec in moves.all("play")
                 for card in spec["params"]["card"]["one_of"]]
        kings = [(c, to) for c, to in plays if to in CORNERS and rank_of(c) == "K"]
        if kings:
            card, to = kings[0]
            return {"type": "play", "card": card, "to": to}
        shifts = [(spec["params"]["pile"]["one_of"][0], to) for spec in moves.all("move")
                  for to in spec["params"]["to"]["one_of"]]
        if shifts:
            pile, to = max(shifts, key=lambda m: len(piles.get(m[0], [])))
            return {"type": "move", "pile": pile, "to": to}
        onto = [(c, to) for c, to in plays if piles.get(to)]
        if onto:
            card, to = max(onto, key=lambda m: height(m[0]))
            return {"type": "play", "card": card, "to": to}
        empty = [(c, to) for c, to in plays if not piles.get(to)]
        if empty:
            card, to = max(empty, key=lambda m: height(m[0]))
            return {"type": "play", "card": card, "to": to}
        for end in ("draw", "pass"):
            if moves.has(end):
                return {"type": end}
        return None
