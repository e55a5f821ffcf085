"""Pontoon's bot: declare a pontoon, split aces and eights, buy cards while
the hand cannot bust (and a five card trick is in reach), twist below 15,
stick at 15 or more; as the banker, deal, twist below 17 and stick on 17 or
more (more when the table shows it is beaten); never buy the bank.

Buying (the stake raised for a face-down card) is sensible when the card
cannot bust the hand and is likely to make it strong: a hard 11 or less, or
a soft 13 or less. The bot buys the most it may while the hand is that
good a bet and has at most three cards, and twists (a free card)
otherwise; a soft 15 to 17 of fewer than four cards twists on, as one card
cannot bust it.
"""

from __future__ import annotations

import random

from partyapp.games.kit.cards import hand_value, rank_of
from partyapp.bots.blackjack import steady_bet
from partyapp.bots.strategy import Moves, Strategy, me

STICK_AT = 15
BANKER_STICKS_AT = 17


class PontoonBot(Strategy):
    def choose(self, frame: dict, memory: dict, level: str, rng: random.Random) -> dict | None:
        moves = Moves(frame)
        game = frame["game"]
        if moves.has("rebuy"):
            return {"type": "rebuy"}  # out of chips: back in for the rest of the game
        if moves.has("refuse"):
            return {"type": "refuse"}
        if moves.has("deal"):
            return {"type": "deal"}
        if moves.has("bet"):
            return steady_bet(frame, moves)
        pid = me(frame)
        if game.get("phase") == "banker" and game.get("banker") == pid:
            return self.bank(game, moves)
        current = game.get("current")
        if not current or current["player"] != pid:
            return {"type": moves.types[0]}
        hand = frame["you"]["hands"][current["hand"]]
        return self.play(hand["cards"], moves)

    @staticmethod
    def play(cards: list[str], moves: Moves) -> dict:
        if moves.has("declare"):
            return {"type": "declare"}
        if moves.has("split") and rank_of(cards[0]) in ("A", "8"):
            return {"type": "split"}
        value = hand_value(cards)
        safe = value.total <= (13 if value.soft else 11)
        if moves.has("buy") and safe and len(cards) <= 3:
            return {"type": "buy", "amount": moves.bounds("buy", "amount")[1]}
        if value.total >= STICK_AT and moves.has("stick") and not (value.soft and value.total < 18 and len(cards) < 4):
            return {"type": "stick"}
        if moves.has("twist"):
            return {"type": "twist"}
        if moves.has("buy"):
            return {"type": "buy", "amount": moves.bounds("buy", "amount")[0]}
        return {"type": "stick"}

    @staticmethod
    def bank(game: dict, moves: Moves) -> dict:
        total = game["banker_hand"]["total"] or 0
        if not moves.has("twist"):
            return {"type": "stick"}
        if total < BANKER_STICKS_AT:
            return {"type": "twist"}
        # Hands showing five cards, or more cards than the banker's, beat 17 often: press on below 19.
        hands = [h for p in game.get("order", []) for h in game["hands"].get(p, []) if h["status"] != "bust"]
        busy = sum(1 for h in hands if len(h["cards"]) >= 4)
        if total < 19 and busy * 2 > len(hands) > 0:
            return {"type": "twist"}
        return {"type": "stick"}
