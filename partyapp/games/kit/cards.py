"""Playing cards as the protocol spells them, and the helpers every engine shares.

A card is a string: rank then suit, ``"AS"``, ``"10H"``, ``"QD"``. Ranks are
``A 2 3 4 5 6 7 8 9 10 J Q K``, suits ``S H D C`` (spades, hearts, diamonds,
clubs). Jokers are ``"X1"`` and ``"X2"``; the standard deck holds none.

What the full card games share:

- **Decks**: ``make_deck(52)`` or ``make_deck(32)`` (7 to ace in each suit),
  with jokers on request, and cards taken out (Old Maid's 51:
  ``make_deck(without=["QC"])``); ``make_shoe(n)`` holds 1 to 8 decks, so one
  code can be there several times: count cards (``Counter``), never rely on
  a code naming one card.
- **Stocks**: a stock is a plain list whose *last* item is the top card
  (``draw`` pops it). ``make_stock`` shuffles with the game's injected
  ``random.Random`` and puts a staged deck (testing mode) on top, in order:
  the staged cards are dealt first, then the shuffled rest.
- **Dealing** in the real order (PROTOCOL.md, "Testing mode"): one card at a
  time round the seats from the first one to be dealt, the house, where it
  is not a seat, last in each round (``deal_order``, ``deal``); the whole
  pack (``deal_all``) or as much as deals out equally (``deal_evenly``).
- **Rank orders and sorting**: ``ACE_LOW`` and ``ACE_HIGH``, ``rank_index``,
  ``sort_cards``.
- **Blackjack values**: ``points`` (ace 1, pictures 10), ``hand_value`` (the
  best total, soft when an ace counts 11), ``is_natural``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Iterable, NamedTuple, Sequence

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

# Rank orders, lowest first.
ACE_LOW: tuple[str, ...] = RANKS
ACE_HIGH: tuple[str, ...] = RANKS[1:] + ("A",)
SHORT_RANKS: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")  # the 32-card pack
DECK_SIZES = (32, 52)
MAX_SHOE = 8


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


# -- decks and shoes -------------------------------------------------------------
def is_joker(code: object) -> bool:
    return code in JOKERS


def make_deck(size: int = 52, *, jokers: int = 0, without: Iterable[str] = ()) -> list[str]:
    """One pack in a fixed order (spades, hearts, diamonds, clubs; low to high
    within a suit), ``jokers`` (0 to 2) at the end, one copy of each card in
    ``without`` taken out. ``size`` is 52 or 32 (7 to ace)."""
    if size not in DECK_SIZES:
        raise ValueError(f"A deck has 52 or 32 cards, not {size!r}.")
    if not isinstance(jokers, int) or not 0 <= jokers <= len(JOKERS):
        raise ValueError("A deck holds 0, 1 or 2 jokers.")
    ranks = RANKS if size == 52 else SHORT_RANKS
    deck = [r + s for s in SUITS for r in ranks] + list(JOKERS[:jokers])
    return take_out(deck, without)


def make_shoe(decks: int = 1, size: int = 52, *, jokers: int = 0) -> list[str]:
    """``decks`` packs (1 to 8) one after the other: codes repeat."""
    if isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= MAX_SHOE:
        raise ValueError(f"A shoe holds 1 to {MAX_SHOE} decks.")
    return make_deck(size, jokers=jokers) * decks


def take_out(cards: Iterable[str], taken: Iterable[str]) -> list[str]:
    """``cards`` without one copy of each card in ``taken`` (order kept);
    raises ``ValueError`` naming a card that is not there (often enough)."""
    want = Counter(taken)
    have = Counter(cards) if want else None
    for code, n in want.items():
        if have is None or have[code] < n:
            often = " that often" if n > 1 else ""
            raise ValueError(f"{code} is not in these cards{often}.")
    out: list[str] = []
    for code in cards:
        if want.get(code):
            want[code] -= 1
        else:
            out.append(code)
    return out


def shuffled(cards: Iterable[str], rng: random.Random) -> list[str]:
    """A shuffled copy, with the game's injected generator."""
    out = list(cards)
    rng.shuffle(out)
    return out


def make_stock(cards: Iterable[str], rng: random.Random, staged: Sequence[str] = ()) -> list[str]:
    """A stock to ``draw`` from (its last item is the top card): the
    ``staged`` cards first, in their order, then the rest of ``cards``
    shuffled. Staged cards are taken out of ``cards`` by count, so a staged
    deck cannot hold a card more often than the cards do (``ValueError``)."""
    rest = shuffled(take_out(cards, staged), rng)
    rest.extend(reversed(staged))
    return rest


def draw(stock: list[str]) -> str:
    """Take the top card of a stock; ``IndexError`` when it is empty."""
    return stock.pop()


def deal_order(seats: Sequence[str], rounds: int, *, first: str | None = None,
               house: str | None = None) -> list[str]:
    """Who receives each card of a deal, in order: ``rounds`` times round
    ``seats`` one card at a time, starting with ``first`` (default the first
    seat), and the ``house`` (a dealer who is not a seat) last in each round.
    Casino 21 with one player: player, dealer's upcard, player, hole card."""
    start = seats.index(first) if first is not None else 0
    ring = list(seats[start:]) + list(seats[:start])
    if house is not None:
        ring.append(house)
    return ring * rounds


def deal(stock: list[str], seats: Sequence[str], rounds: int, *, first: str | None = None,
         house: str | None = None) -> dict[str, list[str]]:
    """Deal ``rounds`` cards to each seat (and the house) from ``stock`` in the
    real order; card ``i`` of each hand is the one of round ``i``."""
    hands: dict[str, list[str]] = {p: [] for p in seats}
    if house is not None:
        hands[house] = []
    for who in deal_order(seats, rounds, first=first, house=house):
        hands[who].append(draw(stock))
    return hands


def deal_all(stock: list[str], seats: Sequence[str], *, first: str | None = None) -> dict[str, list[str]]:
    """Deal the whole stock one card at a time round the seats from ``first``:
    the seats first dealt to may get one card more (Old Maid, Cheat, Snap)."""
    hands: dict[str, list[str]] = {p: [] for p in seats}
    order = deal_order(seats, 1, first=first)
    i = 0
    while stock:
        hands[order[i % len(order)]].append(draw(stock))
        i += 1
    return hands


def deal_evenly(stock: list[str], seats: Sequence[str], *, first: str | None = None) -> dict[str, list[str]]:
    """Deal the stock out equally round the seats; the cards an equal deal
    leaves over stay in the stock (set aside)."""
    return deal(stock, seats, len(stock) // len(seats), first=first)


# -- rank orders and sorting ------------------------------------------------------
def rank_index(code: str, order: Sequence[str] = ACE_HIGH) -> int:
    """The place of a card's rank in ``order`` (lowest 0); jokers rank above all."""
    if is_joker(code):
        return len(order)
    return order.index(rank_of(code))


def sort_cards(cards: Iterable[str], order: Sequence[str] = ACE_HIGH, *, by_suit: bool = False) -> list[str]:
    """Cards sorted by rank (then suit in ``SUITS`` order), or by suit then rank;
    jokers last."""
    suit_at = {s: i for i, s in enumerate(SUITS)}
    rank_at = {r: i for i, r in enumerate(order)}

    def key(code: str) -> tuple[int, int, int, str]:
        if is_joker(code):
            return (1, 0, 0, code)
        rank, suit = code[:-1], code[-1]
        if by_suit:
            return (0, suit_at[suit], rank_at[rank], code)
        return (0, rank_at[rank], suit_at[suit], code)

    return sorted(cards, key=key)


# -- blackjack values ---------------------------------------------------------------
TEN_VALUES = frozenset({"10", "J", "Q", "K"})


class HandValue(NamedTuple):
    """A blackjack total: ``soft`` when an ace counts 11 in it."""

    total: int
    soft: bool


def points(code: str) -> int:
    """A card's blackjack value with the ace as 1: pictures 10, others their pips."""
    rank = rank_of(code)
    if rank == "A":
        return 1
    if rank in TEN_VALUES:
        return 10
    return int(rank)


def hand_value(cards: Iterable[str]) -> HandValue:
    """The best total of a hand: every ace counts 1, and one of them counts 11
    when that does not take the total over 21 (then the total is soft)."""
    total = 0
    ace = False
    for code in cards:
        p = points(code)
        total += p
        ace = ace or p == 1
    if ace and total + 10 <= 21:
        return HandValue(total + 10, True)
    return HandValue(total, False)


def is_natural(cards: Sequence[str], *, tens: frozenset[str] = TEN_VALUES) -> bool:
    """Two cards, an ace and a ten-value card (``tens`` narrows which count,
    e.g. pictures only)."""
    if len(cards) != 2:
        return False
    a, b = (rank_of(c) for c in cards)
    return (a == "A" and b in tens) or (b == "A" and a in tens)
