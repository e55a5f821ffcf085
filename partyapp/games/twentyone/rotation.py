"""A dealer who is a player and passes the deal on (home and Russian Blackjack).

The first dealer is the last seat, so that the first seat is dealt to and
plays first (PROTOCOL.md's staged decks). After every deal the deal passes
to the left, to the next player who can still cover the table minimum
(``keep``: the dealer keeps it while they have chips, home Blackjack's
``rotate_dealer`` off). A dealer who leaves mid-deal hands it to the player
on their left, who deals the next deal too (``dealer_left`` in the state)
instead of passing it on at once.
"""

from __future__ import annotations

from partyapp.games.twentyone.rules import Table


def next_dealer(t: Table, able: list[str], keep: bool = False) -> str:
    """Who deals the deal now beginning, among ``able``."""
    s = t.s
    last = s.dealer
    if last is None or last not in s.seats:
        return able[-1]
    if (s.dealer_left or keep) and last in able:
        return last
    return t.left_of(last, able)
