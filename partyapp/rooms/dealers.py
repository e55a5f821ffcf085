"""Whose turn it is to deal, across the games of one room.

In a game with a dealer and no rule of its own for the first one
(``Game.DEAL_PASSES``: Old Maid, Go Fish, Kings Corner, Croatian Rummy,
Shif-shof-shum, home and Russian Blackjack), the deal passes clockwise from
game to game, as it would at a real table: the room keeps, for each such
mode, who dealt the last deal of its last game and the seats of that game
(``Room.dealers``: recorded when a game starts and again when it is let
go, ``Game.last_dealer``), and hands the next game of the mode the next
player clockwise as its start input ``dealer``. The room's first game of a
mode has no one to go on from: the game draws its dealer by lot (its
seeded generator), and a staged deck (testing mode) is dealt by the last
seat.
"""

from __future__ import annotations


def record(dealer: str | None, seats: list[str]) -> dict | None:
    """What the room keeps of a game just dealt: who dealt, and its seats."""
    return {"dealer": dealer, "seats": list(seats)} if dealer is not None else None


def closing(last: dict | None, dealer: str | None, seats: list[str]) -> dict | None:
    """What the room keeps of a game let go: who dealt its last deal, and
    its seats; the record it had when that dealer is no longer in the game
    (it knows the seats they sat among)."""
    return record(dealer, seats) if dealer in seats else last


def next_dealer(last: dict | None, room: list[str], players: list[str]) -> str | None:
    """The next dealer among ``players`` (the new game's): the first of them
    clockwise (``room``: the room's seats in order) after who dealt ``last``.
    When that player has left the room, the deal goes on from the first
    player who sat after them in that game and is still here. None when
    there is nothing to go on from (the game draws its dealer by lot)."""
    if not last or not players:
        return None
    dealer = last.get("dealer")
    if dealer in room:
        i = room.index(dealer)
        ring = room[i + 1:] + room[:i + 1]
    else:
        old = list(last.get("seats") or [])
        if dealer not in old:
            return None
        i = old.index(dealer)
        here = [p for p in old[i + 1:] + old[:i] if p in room]
        if not here:
            return None
        j = room.index(here[0])
        ring = room[j:] + room[:j]
    return next((p for p in ring if p in players), None)
