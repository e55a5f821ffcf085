"""Shif-shof-shum's bot. A match always makes the player before pay, so it
matches whenever it can (when passing is allowed too). Leading, it lays the
card least likely to be matched: of the rank with the fewest cards still
out (four, less those in its hand and those already laid face up). In the
two-player end, matched and free to lead again, it matches back when it
holds the rank (the count goes on against the opponent)."""

from __future__ import annotations

import random

from partyapp.games.kit.cards import ACE_HIGH, rank_of
from partyapp.bots.strategy import Moves, Strategy

OF_A_RANK = 4


class ShifShofShumBot(Strategy):
    def choose(self, frame: dict, memory: dict, level: str, rng: random.Random) -> dict | None:
        moves = Moves(frame)
        game = frame["game"]
        cards = moves.choices("play", "card")
        if not cards:
            return {"type": "pass"} if moves.has("pass") else None
        top = game.get("top")
        if top is not None:
            matching = [c for c in cards if rank_of(c) == rank_of(top["card"])]
            if matching and (game.get("phase") == "match" or game.get("relead")):
                return {"type": "play", "card": matching[0]}
        hand = frame["you"]["hand"]
        laid = game["piles"].get("laid", [])

        def out(card: str) -> int:
            rank = rank_of(card)
            return OF_A_RANK - sum(1 for c in hand if rank_of(c) == rank) - sum(1 for c in laid if rank_of(c) == rank)

        safest = min(out(c) for c in cards)
        choice = [c for c in cards if out(c) == safest]
        return {"type": "play", "card": min(choice, key=lambda c: (ACE_HIGH.index(rank_of(c)), c))}
