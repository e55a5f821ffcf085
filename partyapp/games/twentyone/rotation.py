"""A dealer who is a player and passes the deal on (home and Russian Blackjack).

The first dealer is the last seat, so that the first seat is dealt to and
plays first (PROTOCOL.md's staged decks). After every deal the deal passes
to the left, to the next player who can still cover the table
minimum (``rotate_dealer`` off, where a game has that option: the dealer
keeps it while they have chips). A dealer who leaves mid-deal hands it to
the player on their left (``dealer_keeps``: that player deals the next deal
instead of passing it on at once).
"""

from __future__ import annotations


class RotatingDealer:
    """A dealer chosen among the players, passing the deal to the left."""

    # Mixed into a ``TwentyOneGame``: ``s``, ``left_of`` are the game's.
    s: dict

    def next_dealer(self, able: list[str]) -> str:
        s = self.s
        last = s.get("dealer")
        if last is None or last not in s["seats"]:
            dealer = able[-1]
        elif (s.get("dealer_keeps") or not s["opts"].get("rotate_dealer", True)) and last in able:
            dealer = last
        else:
            dealer = self.left_of(last, able)
        s["dealer_keeps"] = False
        return dealer

    def dealer_left(self) -> None:
        """The player on the leaver's left deals the next deal too."""
        self.s["dealer_keeps"] = True
