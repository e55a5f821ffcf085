"""``HandGame``: the base of the games where every player holds a hand of
cards that only they see (Old Maid, Cheat, Go Fish ...).

What it adds to ``CardGame``:

- ``state.hands`` (``HandState``): ``{player_id: [card, ...]}``, each hand in the order its
  holder sees it (``you.hand``); ``hand``, ``hand_sizes`` and ``holding``
  (the players who still hold cards, in seat order) and ``most_cards`` read
  it.
- ``deal_hands``: the stock dealt one card at a time round the seats from
  ``first`` (PROTOCOL.md's order), a number of cards each or the whole
  stock, through ``draw`` so that a staged deck is dealt in its order.
- Turn helpers over the circle of seats: ``next_after`` (the next player
  clockwise, among some), ``before`` (the nearest counter-clockwise) and
  ``next_from_index`` (the seat a leaver's neighbour now has).
- ``rank_groups``: a hand's cards grouped by rank.
- Nobody is dealt in mid-game: a guest who joins during a game waits for the
  next one (``add_player`` refuses, the room seats them anyway).
"""

from __future__ import annotations

from typing import Iterable

from partyapp.games.kit.base import IllegalAction
from partyapp.games.kit.cardgame import CardGame, CardState
from partyapp.games.kit.cards import deal_order, rank_of


class HandState(CardState):
    """A card game's state with a hand for every player."""

    hands: dict[str, list[str]] = {}


def rank_groups(cards: Iterable[str]) -> dict[str, list[str]]:
    """The cards by rank, ranks in the order first met, cards in their order."""
    groups: dict[str, list[str]] = {}
    for code in cards:
        groups.setdefault(rank_of(code), []).append(code)
    return groups


class HandGame(CardGame):
    """A card game of private hands; see the module docstring."""

    # Nobody joins mid-game, so nothing logs ``game.joined``.
    MESSAGES = {k: v for k, v in CardGame.MESSAGES.items() if k != "game.joined"}
    State = HandState

    # -- dealing -------------------------------------------------------------------------
    def deal_hands(self, first: str, each: int | None = None) -> None:
        """Deal from the stock round the seats from ``first``: ``each`` cards to
        every player, or the whole stock (the first players dealt to may get one
        more) when ``each`` is None."""
        seats = self.s.seats
        hands: dict[str, list[str]] = {p: [] for p in seats}
        order = deal_order(seats, 1, first=first)
        total = len(self.s.stock) if each is None else min(each * len(seats), len(self.s.stock))
        for i in range(total):
            hands[order[i % len(order)]].append(self.draw())
        self.s.hands = hands

    # -- hands ---------------------------------------------------------------------------
    def hand(self, pid: str) -> list[str]:
        return list(self.s.hands.get(pid, ()))

    def hand_sizes(self) -> dict[str, int]:
        hands = self.s.hands
        return {p: len(hands.get(p, ())) for p in self.s.seats}

    def most_cards(self) -> list[str]:
        """The players holding the most cards, when they hold any and not
        everybody holds as many (the losers of a game of getting rid of
        cards)."""
        sizes = self.hand_sizes()
        top = max(sizes.values(), default=0)
        if top == 0 or len(set(sizes.values())) == 1:
            return []
        return [p for p in self.s.seats if sizes[p] == top]

    def holding(self) -> list[str]:
        """The players who still hold cards, in seat order."""
        hands = self.s.hands
        return [p for p in self.s.seats if hands.get(p)]

    # -- the circle of seats -------------------------------------------------------------
    def next_after(self, pid: str, among: Iterable[str] | None = None) -> str | None:
        """The first player clockwise after ``pid`` (``pid`` itself last) who is
        in ``among`` (default: every seat); None when nobody is."""
        seats = self.s.seats
        pool = set(seats if among is None else among)
        i = seats.index(pid)
        for k in range(1, len(seats) + 1):
            p = seats[(i + k) % len(seats)]
            if p in pool:
                return p
        return None

    def before(self, pid: str, among: Iterable[str] | None = None) -> str | None:
        """The first player counter-clockwise from ``pid`` (``pid`` itself
        last) who is in ``among``; None when nobody is."""
        seats = self.s.seats
        pool = set(seats if among is None else among)
        i = seats.index(pid)
        for k in range(1, len(seats) + 1):
            p = seats[(i - k) % len(seats)]
            if p in pool:
                return p
        return None

    def next_from_index(self, index: int, among: Iterable[str] | None = None) -> str | None:
        """The first player clockwise from seat ``index`` on (that seat
        included) who is in ``among``: after a leave, ``index`` is the seat the
        leaver had, now their left neighbour's."""
        seats = self.s.seats
        if not seats:
            return None
        pool = set(seats if among is None else among)
        for k in range(len(seats)):
            p = seats[(index + k) % len(seats)]
            if p in pool:
                return p
        return None

    # -- seats ---------------------------------------------------------------------------
    def add_player(self, player: dict, now: float) -> None:
        raise IllegalAction("This game has started; you will be dealt in next game.")
