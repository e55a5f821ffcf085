"""Sets and runs of the rummy games, with jokers as wild cards.

A **meld** is a ``Meld`` record::

    Meld(kind="set", cards=["7H", "7S", "X1"], rank="7")
    Meld(kind="run", cards=["X2", "5H", "6H"], suit="H", low=4)

- A **set** is three or four cards of one rank (each suit once); ``rank``
  is that rank (``suit`` and ``low`` None).
- A **run** is three or more cards of one suit in order. ``cards`` runs from
  low to high, jokers in the places they fill; ``suit`` is its suit, ``low``
  the value of its first card (``rank`` None). Values: ace 1 or 14
  (``A 2 3`` and ``Q K A``, never round the corner ``K A 2``), two to ten
  their pips, jack 11, queen 12, king 13.
- **Jokers** (``X1``, ``X2``) stand for any card, but a meld holds at least
  as many natural cards as jokers, so what a joker stands for is always
  plain: in a run the one card of its place (``stands_for``), in a set any
  card of the set's rank of a suit the set lacks.

``read(cards)`` reads a meld from the cards a player lays (in their order
when that order is a run: ``["X1", "5H", "6H"]`` puts the joker below the
five), ``extend`` lays one more card off onto a meld, ``swap`` takes a joker
out of a meld for the natural card it stands for, and ``every`` lists the
melds that can be laid from some cards (those including a given one). A
game keeps its melds on the table as its own subclass of ``Meld`` (with who
laid it); ``extend`` and ``swap`` give back a meld of the same class, its
other fields as they were.

Imports nothing outside ``partyapp.games.kit`` but the standard library
(and msgspec, through ``record.py``).
"""

from __future__ import annotations

import copy
from typing import Literal, TypeVar

from partyapp.games.kit.cards import JOKERS, RANKS, SUITS, is_joker
from partyapp.games.kit.record import Record

SET_MAX = 4
MIN_MELD = 3
LONGEST_RUN = 13  # ace to king, or two to ace
VALUE = {r: i + 1 for i, r in enumerate(RANKS)}  # A 1 .. K 13


class Meld(Record):
    """A set or a run (see the module docstring)."""

    kind: Literal["set", "run"]
    cards: list[str]
    rank: str | None = None  # a set's rank
    suit: str | None = None  # a run's suit
    low: int | None = None  # the value of a run's first card


AnyMeld = TypeVar("AnyMeld", bound=Meld)


class MeldError(ValueError):
    """The cards are no meld; the message says why, for the player."""


def rank_at(value: int) -> str:
    """The rank of a run value (1 and 14 are both the ace)."""
    return "A" if value in (1, 14) else RANKS[value - 1]


def _split(cards: list[str]) -> tuple[list[str], list[str]]:
    naturals = [c for c in cards if not is_joker(c)]
    jokers = [c for c in cards if is_joker(c)]
    return naturals, jokers


def _values(card: str) -> tuple[int, ...]:
    """The run values a natural card may take."""
    v = VALUE[card[:-1]]
    return (1, 14) if v == 1 else (v,)


def _set(cards: list[str], rank: str) -> Meld:
    return Meld(kind="set", cards=list(cards), rank=rank)


def _run(cards: list[str], suit: str, low: int) -> Meld:
    return Meld(kind="run", cards=list(cards), suit=suit, low=low)


def _laid(meld: AnyMeld, cards: list[str], low: int | None = None) -> AnyMeld:
    """``meld`` (a copy, of its own class) holding ``cards`` now, a run
    starting at ``low`` (default: where it did)."""
    out = copy.copy(meld)
    out.cards = list(cards)
    if low is not None:
        out.low = low
    return out


def _run_in_order(cards: list[str], suit: str) -> Meld | None:
    """The run the cards make in the order given, if they make one."""
    if len(cards) > LONGEST_RUN:
        return None
    bases: set[int] | None = None
    for i, card in enumerate(cards):
        if not is_joker(card):
            options = {v - i for v in _values(card)}
            bases = options if bases is None else bases & options
    fitting = [b for b in bases or () if b >= 1 and b + len(cards) - 1 <= 14]
    return _run(cards, suit, min(fitting)) if fitting else None


def _run_placed(naturals: list[str], jokers: list[str], suit: str) -> Meld | None:
    """The run the naturals make with jokers in the gaps and the rest of the
    jokers above (below when the run reaches the ace)."""
    n = len(naturals) + len(jokers)
    if n > LONGEST_RUN:
        return None
    for ace in (1, 14):
        by_value = {}
        for card in naturals:
            v = VALUE[card[:-1]]
            by_value[ace if v == 1 else v] = card
        if len(by_value) != len(naturals):
            continue
        lo, hi = min(by_value), max(by_value)
        if hi - lo + 1 > n:
            continue
        extra = n - (hi - lo + 1)
        up = min(extra, 14 - hi)
        lo, hi = lo - (extra - up), hi + up
        if lo < 1:
            continue
        spare = iter(jokers)
        cards = [by_value[v] if v in by_value else next(spare) for v in range(lo, hi + 1)]
        return _run(cards, suit, lo)
    return None


def read(cards: list[str]) -> Meld:
    """The meld these cards make; raises ``MeldError`` saying why not."""
    if len(cards) < MIN_MELD:
        raise MeldError("A set or run needs at least three cards.")
    if len(set(cards)) != len(cards):
        raise MeldError("A card appears twice.")
    naturals, jokers = _split(cards)
    if len(jokers) > len(naturals):
        raise MeldError("A set or run needs at least as many real cards as jokers.")
    ranks = {c[:-1] for c in naturals}
    suits = {c[-1] for c in naturals}
    if len(ranks) == 1:
        if len(cards) > SET_MAX:
            raise MeldError("A set holds at most four cards, one of each suit.")
        rank = ranks.pop()
        return _set([*naturals, *jokers], rank)
    if len(suits) != 1:
        raise MeldError("A set is cards of one rank; a run is cards of one suit in order.")
    suit = suits.pop()
    meld = _run_in_order(cards, suit) or _run_placed(naturals, jokers, suit)
    if meld is None:
        raise MeldError("These cards are not in order (jokers can fill the gaps; an ace is low or high).")
    return meld


def is_meld(cards: list[str]) -> bool:
    try:
        read(cards)
    except MeldError:
        return False
    return True


def high(meld: Meld) -> int:
    """The value of a run's last card."""
    return meld.low + len(meld.cards) - 1


def stands_for(meld: Meld) -> list[str | None]:
    """What each card of a meld stands for: a natural card itself; a joker in
    a run the card of its place; a joker in a set the rank alone (``"7"``)."""
    if meld.kind == "set":
        return [c if not is_joker(c) else meld.rank for c in meld.cards]
    return [c if not is_joker(c) else rank_at(meld.low + i) + meld.suit for i, c in enumerate(meld.cards)]


def extend(meld: AnyMeld, card: str) -> AnyMeld | None:
    """The meld with ``card`` laid off onto it (a run grows at the end it
    fits; a joker goes on the high end, or the low end once the run reaches
    the ace), or None when it does not fit."""
    naturals, jokers = _split(meld.cards)
    if is_joker(card):
        if len(jokers) + 1 > len(naturals):
            return None
        if meld.kind == "set":
            return _laid(meld, [*meld.cards, card]) if len(meld.cards) < SET_MAX else None
        if len(meld.cards) >= LONGEST_RUN:
            return None
        if high(meld) < 14:
            return _laid(meld, [*meld.cards, card])
        return _laid(meld, [card, *meld.cards], meld.low - 1) if meld.low > 1 else None
    rank, suit = card[:-1], card[-1]
    if meld.kind == "set":
        if rank != meld.rank or len(meld.cards) >= SET_MAX or suit in {c[-1] for c in naturals}:
            return None
        return _laid(meld, [*meld.cards, card])
    if suit != meld.suit or len(meld.cards) >= LONGEST_RUN:
        return None
    for v in _values(card):
        if v == high(meld) + 1:
            return _laid(meld, [*meld.cards, card])
        if v == meld.low - 1:
            return _laid(meld, [card, *meld.cards], v)
    return None


def swap(meld: AnyMeld, card: str) -> tuple[AnyMeld, str] | None:
    """(the meld with ``card`` in place of the joker it stands for, the joker
    taken out), or None when ``card`` is not what a joker there stands for."""
    if is_joker(card):
        return None
    naturals, _ = _split(meld.cards)
    for i, (held, meant) in enumerate(zip(meld.cards, stands_for(meld))):
        if not is_joker(held):
            continue
        if meld.kind == "set":
            fits = card[:-1] == meld.rank and card[-1] not in {c[-1] for c in naturals}
        else:
            fits = card == meant
        if fits:
            cards = list(meld.cards)
            cards[i] = card
            if meld.kind == "set":
                cards = [c for c in cards if not is_joker(c)] + [c for c in cards if is_joker(c)]
            return _laid(meld, cards), held
    return None


def every(cards: list[str], max_size: int | None = None, must: str | None = None) -> list[list[str]]:
    """Every meld that can be laid from ``cards`` (at most ``max_size``
    cards; only those holding ``must`` when given), each once, as ``read``
    takes it: a set's natural cards in suit order then its jokers; a run low
    to high with its jokers in place. A joker fills only a place whose card
    is not among ``cards`` (a player holding the card lays it). Jokers are
    interchangeable, so a meld is listed once, with the first jokers held
    (``X1`` before ``X2``, or ``must`` first when it is a joker); a run that
    a joker can extend at either end is listed both ways."""
    limit = len(cards) if max_size is None else max_size
    need_joker = must is not None and is_joker(must)
    need_card = must if must is not None and not need_joker else None
    if need_card:
        # Only cards of its rank or suit (and jokers) can share a meld with it.
        rank, suit = need_card[:-1], need_card[-1]
        cards = [c for c in cards if c[-1] == suit or c[:-1] == rank or is_joker(c)]
    naturals, jokers = _split(sorted(set(cards), key=_ORDER.__getitem__))
    if need_joker:
        jokers.sort(key=lambda j: j != must)
    out: list[list[str]] = []
    by_rank: dict[str, list[str]] = {}
    by_suit: dict[str, dict[int, str]] = {}
    for c in naturals:
        by_rank.setdefault(c[:-1], []).append(c)
        for v in _values(c):
            by_suit.setdefault(c[-1], {})[v] = c
    # Sets: two to four natural cards of a rank, and jokers up to their number.
    for rank, group in by_rank.items():
        if need_card and rank != need_card[:-1]:
            continue
        for size in range(MIN_MELD, min(SET_MAX, limit) + 1):
            for k in range(1 if need_joker else 0, min(len(jokers), size // 2) + 1):
                for chosen in _combinations(group, size - k):
                    if not need_card or need_card in chosen:
                        out.append([*chosen, *jokers[:k]])
    # Runs: every window of values whose gaps the jokers can fill.
    for suit, held in by_suit.items():
        if need_card and suit != need_card[-1]:
            continue
        for lo in range(1, 13):
            gaps = 0
            for hi in range(lo, min(lo + LONGEST_RUN, 15)):
                if hi not in held:
                    gaps += 1
                    if gaps > len(jokers):
                        break
                size = hi - lo + 1
                if size < MIN_MELD or size > limit or gaps * 2 > size or (need_joker and not gaps):
                    continue
                spare = iter(jokers)
                run = [held[v] if v in held else next(spare) for v in range(lo, hi + 1)]
                if not need_card or need_card in run:
                    out.append(run)
    return out


# Sort order: by rank from the ace, then suit; jokers last.
_ORDER = {**{r + s: (VALUE[r], i) for r in RANKS for i, s in enumerate(SUITS)},
          **{j: (99, i) for i, j in enumerate(JOKERS)}}


def _combinations(cards: list[str], k: int) -> list[list[str]]:
    if k == 0:
        return [[]]
    if k > len(cards):
        return []
    first, rest = cards[0], cards[1:]
    return [[first, *more] for more in _combinations(rest, k - 1)] + _combinations(rest, k)
