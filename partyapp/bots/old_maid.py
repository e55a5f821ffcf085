"""Old Maid's bot. Taking is blind (every card of the fan is a back), so the
bot takes from a place at random. Offering its hand while it holds a queen
(any queen may turn out to be the odd one), it shuffles the fan once, now
and then, so nobody can follow where the queen went; otherwise it never
shuffles (a shuffle is an optional move: it makes none)."""

from __future__ import annotations

import random

from partyapp.games.kit.cards import rank_of
from partyapp.bots.strategy import Moves, Strategy, register

SHUFFLE_CHANCE = 0.7


@register
class OldMaidBot(Strategy):
    modes = ("old_maid",)

    def choose(self, frame: dict, memory: dict, level: str, rng: random.Random) -> dict | None:
        moves = Moves(frame)
        if moves.has("take"):
            return {"type": "take", "position": rng.choice(moves.choices("take", "position"))}
        hand = frame["you"]["hand"]
        queen = any(rank_of(c) == "Q" for c in hand)
        if moves.has("shuffle") and queen and frame["game"].get("shuffles", 0) == 0 \
                and rng.random() < SHUFFLE_CHANCE:
            return {"type": "shuffle"}
        return None
