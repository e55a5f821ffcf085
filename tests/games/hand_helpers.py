"""Helpers for the tests of the hand games (Old Maid, Cheat, Go Fish).

- ``deal_order_deck(hands, rest)`` turns the hands wanted for each seat
  into a staged deck in PROTOCOL.md's deal order (one card at a time round
  the seats from the first), followed by ``rest`` (the cards asked for
  after the deal).
- ``whole_deal(hands, n, deck)`` stages the whole of ``deck`` dealt to
  ``n`` seats one card at a time: seat i's hand starts with ``hands[i]``
  and is filled up with the cards nobody was given, in the deck's order.
"""

from __future__ import annotations


def deal_order_deck(hands: list[list[str]], rest: list[str] = ()) -> list[str]:
    """The staged deck that deals ``hands[i]`` to seat i, one card at a time
    round the seats (a seat whose hand is shorter must come after every seat
    whose hand is longer, as a real deal leaves it)."""
    sizes = [len(h) for h in hands]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] - sizes[-1] <= 1, sizes
    deck: list[str] = []
    for i in range(sizes[0]):
        deck.extend(h[i] for h in hands if i < len(h))
    return deck + list(rest)


def whole_deal(hands: list[list[str]], n: int, deck) -> list[str]:
    """A staged deck dealing all of ``deck`` to ``n`` seats, seat i's hand
    beginning with ``hands[i]``."""
    deck = list(deck)
    sizes = [len(deck) // n + (1 if i < len(deck) % n else 0) for i in range(n)]
    full = [list(h) for h in hands] + [[] for _ in range(n - len(hands))]
    used = {c for h in full for c in h}
    rest = iter(c for c in deck if c not in used)
    for i, h in enumerate(full):
        assert len(h) <= sizes[i], f"seat {i} is dealt {sizes[i]} cards, not {len(h)}"
        h.extend(next(rest) for _ in range(sizes[i] - len(h)))
    return deal_order_deck(full)
