"""Helpers for the tests of the hand games (Old Maid, Cheat, Go Fish).

- ``deal_order_deck(hands, rest)`` turns the hands wanted for each seat
  into a staged deck in PROTOCOL.md's deal order (one card at a time round
  the seats from the first), followed by ``rest`` (the cards asked for
  after the deal).
- ``hands_view(game)`` gives every player's hand from the engine's state.
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


def hands_view(g) -> dict[str, list[str]]:
    return {p: g.hand(p) for p in g.players()}
