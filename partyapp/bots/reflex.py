"""The bots of the stack-and-pile games (Irish Snap, Egyptian Ratscrew): turn
their card when it is their turn, after a short pause, and slap every race
with a reaction time by level (``strategy.react``: slow about 0.95 s, normal
0.62 s, fast 0.42 s). Their slap is stamped with the moment they "pressed",
when the card appeared plus that time, and judged by the race kit like any
phone's. They never slap when no race is open (a false slap)."""

from __future__ import annotations

import random

from partyapp.bots.strategy import Moves, Strategy, react, think

FLIP_PACE = 0.45


class ReflexBot(Strategy):
    def situation(self, frame: dict) -> list:
        game = frame["game"]
        return [frame["you"]["actions"], game.get("race") is not None, game.get("flips"), game.get("turn")]

    def pause(self, frame: dict, level: str, rng: random.Random) -> float:
        moves = Moves(frame)
        if frame["game"].get("race") is not None and moves.has("slap"):
            return react(level, rng)
        return think(level, rng, FLIP_PACE)

    def choose(self, frame: dict, memory: dict, level: str, rng: random.Random) -> dict | None:
        moves = Moves(frame)
        if frame["game"].get("race") is not None:
            return {"type": "slap"} if moves.has("slap") else None
        if moves.has("flip"):
            return {"type": "flip"}
        return None
