"""Croatian Rummy's bot: greedy but legal melds.

Drawing: it takes the end card of the discard line when that card makes a
set or run with its hand, or a short stretch of the line (two or three
cards) when the rules let it start there (the engine offers only the places
a set can be made from); else it draws from the stock. Playing: it lays the
biggest set it can (the most cards, then the most points), lays off natural
cards onto its own sets, swaps a real card for a joker on the table, lays a
joker off only when its hand is nearly out, and ends by discarding: never a
joker while it holds another card, and first the most costly card that
helps no set (no card of its rank, none of its suit within two places).
"""

from __future__ import annotations

import random

from partyapp.games.kit import melds as M
from partyapp.games.kit.cards import RANKS, is_joker, rank_of
from partyapp.games.croatian_rummy import card_value, hand_value
from partyapp.bots.strategy import Moves, Strategy

LONGEST_TAKE = 3
JOKER_LAYOFF_HAND = 3


def _place(card: str) -> int:
    return RANKS.index(rank_of(card))


def usefulness(card: str, hand: list[str]) -> int:
    """How many other cards of the hand could go into a set or run with it."""
    if is_joker(card):
        return 99
    n = 0
    for other in hand:
        if other == card or is_joker(other):
            continue
        if rank_of(other) == rank_of(card):
            n += 1
        elif other[-1] == card[-1] and abs(_place(other) - _place(card)) <= 2:
            n += 1
    return n


class CroatianRummyBot(Strategy):
    def choose(self, frame: dict, memory: dict, level: str, rng: random.Random) -> dict | None:
        moves = Moves(frame)
        hand = list(frame["you"]["hand"])
        if moves.has("draw") or moves.has("take"):
            return self.draw(frame, moves, hand)
        if moves.has("meld"):
            options = moves.choices("meld", "cards")
            best = max(options, key=lambda m: (len(m), sum(card_value(c) for c in m)))
            return {"type": "meld", "cards": best}
        layoffs = [(spec["params"]["card"]["one_of"], spec["params"]["meld"]["one_of"][0])
                   for spec in moves.all("layoff")]
        for cards, meld in layoffs:
            natural = [c for c in cards if not is_joker(c)]
            if natural:
                return {"type": "layoff", "card": natural[0], "meld": meld}
        swaps = [(spec["params"]["card"]["one_of"][0], spec["params"]["meld"]["one_of"][0])
                 for spec in moves.all("swap")]
        if swaps:
            card, meld = swaps[0]
            return {"type": "swap", "card": card, "meld": meld}
        if len(hand) <= JOKER_LAYOFF_HAND:
            for cards, meld in layoffs:
                return {"type": "layoff", "card": cards[0], "meld": meld}
        if moves.has("discard"):
            return {"type": "discard", "card": self.discard(moves.choices("discard", "card"))}
        return {"type": moves.types[0]} if moves.types else None

    @staticmethod
    def draw(frame: dict, moves: Moves, hand: list[str]) -> dict:
        line = frame["game"]["piles"].get("line", [])
        takes = moves.choices("take", "position")
        if line and takes:
            end = len(line) - 1
            short = [p for p in takes if p < end and len(line) - p <= LONGEST_TAKE]
            if short:
                return {"type": "take", "position": min(short)}
            card = line[end]
            if end in takes and M.every(hand + [card], len(hand), must=card):
                return {"type": "take", "position": end}
        if moves.has("draw"):
            return {"type": "draw"}
        return {"type": "take", "position": max(takes)}

    @staticmethod
    def discard(cards: list[str]) -> str:
        naturals = [c for c in cards if not is_joker(c)] or cards
        return min(naturals, key=lambda c: (usefulness(c, cards), -hand_value(c)))
