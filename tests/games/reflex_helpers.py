"""Helpers for the reflex games' tests (Irish Snap, Egyptian Ratscrew) and
Concentration.

- ``flip``/``slap`` send a move stamped as the server stamps it: arriving at
  ``at`` (the call's time unless ``now`` says otherwise), from a phone with
  round trip ``rtt``.
- ``shifted_deck`` is a pack whose k-th card never matches the k-th word of
  Irish Snap's count (card k has the rank after word k); ``snap_at(m)``
  swaps two cards so that the m-th flip, and no earlier one, matches.
- ``deal_to`` interleaves per-player stacks into a staged deck in the deal
  order (one card at a time round the seats).
- ``SeenAuditor`` is the kit's leak ``Auditor`` for games whose cards are
  face down until turned: a card is hidden until a log entry shows it turned
  (the whole table saw it then), and on top every view is checked against
  what lies face up now: the table view holds no card but those, and no
  phone gets a card of its own.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Callable

from partyapp.games.kit.cards import RANKS, SUITS, STANDARD_DECK

from .cardgame_helpers import CARD, Auditor


def flip(g, pid: str, now: float = 0.0) -> list[dict]:
    return g.apply(pid, {"type": "flip"}, now)


def slap(g, pid: str, at: float, rtt: float | None = None, now: float | None = None) -> list[dict]:
    return g.apply(pid, {"type": "slap", "arrival": {"at": at, "rtt": rtt}}, at if now is None else now)


def shifted_deck() -> list[str]:
    """52 cards; card k has rank ``RANKS[(k + 1) % 13]``: never the k-th word."""
    used: Counter = Counter()
    deck = []
    for k in range(52):
        rank = RANKS[(k + 1) % 13]
        deck.append(rank + SUITS[used[rank]])
        used[rank] += 1
    return deck


def snap_at(m: int) -> list[str]:
    """A shifted deck whose flip ``m`` (0-based, m >= 1) is the first to match
    the count (cards m-1 and m swapped)."""
    deck = shifted_deck()
    deck[m - 1], deck[m] = deck[m], deck[m - 1]
    return deck


def deal_to(stacks: list[list[str]]) -> list[str]:
    """The staged deck that deals these stacks (seat order) one card at a
    time: all of one length, or the first seats one card more, as a deal of
    the whole pack gives them."""
    sizes = [len(s) for s in stacks]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] - sizes[-1] <= 1, "stacks a deal cannot give"
    return [s[i] for i in range(sizes[0]) for s in stacks if i < len(s)]


def rest_of_pack(*used: list[str]) -> list[str]:
    gone = {c for cards in used for c in cards}
    return [c for c in STANDARD_DECK if c not in gone]


class SeenAuditor(Auditor):
    """See the module docstring. ``face_down(g)`` lists the cards lying face
    down (stacks, burned cards, the grid); ``face_up(g)`` those face up now;
    ``turned`` names the log keys whose ``card``/``cards`` show a card."""

    def __init__(self, face_down: Callable, face_up: Callable, turned: tuple[str, ...]) -> None:
        self.seen: set[str] = set()
        self.turned = turned
        self.face_up = face_up
        super().__init__(self._hidden, lambda g, viewer: Counter(face_up(g)))
        self.face_down = face_down

    def _hidden(self, g, viewer) -> Counter:
        for e in g.s.log:
            if e.msg in self.turned:
                self.seen.update(e.params["cards"] if "cards" in e.params else [e.params["card"]])
        return Counter(c for c in self.face_down(g) if c not in self.seen)

    def check(self, g) -> None:
        super().check(g)
        public = g.public_view()
        public.pop("log")
        shown = Counter(CARD.findall(json.dumps(public)))
        assert set(shown) <= set(self.face_up(g)), f"face-down cards on the table: {set(shown) - set(self.face_up(g))}"
        for pid in g.players():
            private = json.dumps([g.private_view(pid), g.legal_actions(pid)])
            assert not CARD.findall(private), f"cards in {pid}'s own view: {private}"
