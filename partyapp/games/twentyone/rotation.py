"""A dealer who is a player and passes the deal on (home and Russian Blackjack).

The first dealer is the one the room hands the game (the start input
``dealer``: the player on the left of who dealt the last deal of the room's
last game of the mode; ``first_dealer`` in the state) when they can play,
else one drawn by lot among the players who can (the game's seeded
generator); with a staged deck (testing mode) the last of them, so that the
first seat is dealt to and plays first (PROTOCOL.md's staged decks)
(``CardGame.starting_dealer``). After every deal the deal passes to the
left, to the next player who can still cover the table minimum (``keep``:
the dealer keeps it while they have chips, home Blackjack's
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
    if last is None:
        return t.starting_dealer(s.first_dealer, able)
    if last not in s.seats:
        return able[-1]
    if (s.dealer_left or keep) and last in able:
        return last
    return t.left_of(last, able)
