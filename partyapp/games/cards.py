"""Playing cards as the protocol spells them, and the helpers every engine shares.

A card is a string: rank then suit, ``"AS"``, ``"10H"``, ``"QD"``. Ranks are
``A 2 3 4 5 6 7 8 9 10 J Q K``, suits ``S H D C`` (spades, hearts, diamonds,
clubs). Jokers are ``"X1"`` and ``"X2"``; the standard deck holds none.
"""

from __future__ import annotations

import random
from typing import Iterable

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RED_SUITS = frozenset({"H", "D"})
BLACK_SUITS = frozenset({"S", "C"})
COLOURS: tuple[str, ...] = ("red", "black")
JOKERS: tuple[str, ...] = ("X1", "X2")

RANK_NAMES = {
    "A": "Ace", "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six",
    "7": "Seven", "8": "Eight", "9": "Nine", "10": "Ten", "J": "Jack", "Q": "Queen",
    "K": "King",
}
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}

STANDARD_DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
_STANDARD_SET = frozenset(STANDARD_DECK)


def card(rank: str, suit: str) -> str:
    """The code of a card; raises ``ValueError`` for an unknown rank or suit."""
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"There is no card with rank {rank!r} and suit {suit!r}.")
    return rank + suit


def is_card(code: object, jokers: bool = False) -> bool:
    """True for a well-formed card code (jokers only when asked for)."""
    if not isinstance(code, str):
        return False
    return code in _STANDARD_SET or (jokers and code in JOKERS)


def parse_card(code: object) -> tuple[str, str]:
    """``"10H"`` -> ``("10", "H")``; raises ``ValueError`` for anything else."""
    if not is_card(code):
        raise ValueError(f"{code!r} is not a card (rank A 2..10 J Q K, then suit S H D C).")
    assert isinstance(code, str)
    return code[:-1], code[-1]


def rank_of(code: str) -> str:
    return parse_card(code)[0]


def suit_of(code: str) -> str:
    return parse_card(code)[1]


def colour_of(code: str) -> str:
    """``"red"`` for hearts and diamonds, ``"black"`` for spades and clubs."""
    return "red" if suit_of(code) in RED_SUITS else "black"


def card_name(code: str) -> str:
    """``"QD"`` -> ``"Queen of Diamonds"``."""
    rank, suit = parse_card(code)
    return f"{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}"


def standard_deck() -> list[str]:
    """A fresh 52-card deck in a fixed order (spades, hearts, diamonds, clubs; A..K)."""
    return list(STANDARD_DECK)


def shuffled_deck(rng: random.Random) -> list[str]:
    deck = standard_deck()
    rng.shuffle(deck)
    return deck


def validate_cards(codes: object, *, allow_duplicates: bool = False, jokers: bool = False,
                   max_len: int | None = None) -> list[str]:
    """Check a list of card codes (e.g. a staged deck); return it as a new list or
    raise ``ValueError`` naming the first bad entry."""
    if not isinstance(codes, (list, tuple)):
        raise ValueError("A list of cards is expected.")
    if max_len is not None and len(codes) > max_len:
        raise ValueError(f"At most {max_len} cards are allowed, got {len(codes)}.")
    seen: set[str] = set()
    out: list[str] = []
    for i, code in enumerate(codes):
        if not is_card(code, jokers=jokers):
            raise ValueError(f"Entry {i + 1} ({code!r}) is not a card.")
        if not allow_duplicates and code in seen:
            raise ValueError(f"{code} appears twice.")
        seen.add(code)
        out.append(code)
    return out


def remaining_after(drawn: Iterable[str]) -> list[str]:
    """The standard-deck cards not in ``drawn``, in the standard order."""
    gone = set(drawn)
    return [c for c in STANDARD_DECK if c not in gone]
