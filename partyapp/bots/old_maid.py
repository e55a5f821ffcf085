"""Old Maid's bot. Taking is blind (every card of the fan is a back), so the
bot takes from a place at random. Offering its hand, it shuffles the fan
once, now and then, whatever it holds: a shuffle that came only with a
queen in the fan would tell the table where the queen is, so whether it
shuffles (and when) never depends on its cards.

Every bot keeps to this: what the table can see of a bot's play (an
optional move, how long it thinks) says nothing about its hidden cards
beyond what the game's own moves must (``tests/bots/test_bot_strategies.py``)."""

from __future__ import annotations

import random

from partyapp.bots.strategy import Moves, Strategy

SHUFFLE_CHANCE = 0.5


class OldMaidBot(Strategy):
    def choose(self, frame: dict, memory: dict, level: str, rng: random.Random) -> dict | None:
        moves = Moves(frame)
        if moves.has("take"):
            return {"type": "take", "position": rng.choice(moves.choices("take", "position"))}
        if moves.has("shuffle") and frame["game"].get("shuffles", 0) == 0 and rng.random() < SHUFFLE_CHANCE:
            return {"type": "shuffle"}
        return None
