"""Forfeits: results of a card game turned into drinks.

Each game names its causes and how many drinks each costs by default (e.g.
Blackjack ``{"lose": 1, "bust": 1, "dealer_bust": 1}``); the option
``forfeits`` (default on) switches them all off. The state is plain JSON kept
inside the game's state::

    {"on": true, "table": {cause: drinks}, "counts": {pid: {cause: drinks}}}

``counts`` are plain numbers per player and cause, so the room can fold
``Game.drinks()`` into each seat's tally at the end of a game as it does for
the drinking decks, and a player's profile can later turn them into
something other than drinks.

A seat played by the server (a bot) never drinks: its id is in ``exempt``
(kept beside the counts; a state saved without it has none), and a forfeit
it earns costs nothing (``give`` returns 0), so the log says 0 drinks and
``drinks()`` never names it.
"""

from __future__ import annotations


def new_forfeits(table: dict[str, int], on: bool, exempt: list[str] | tuple[str, ...] = ()) -> dict:
    return {"on": bool(on), "table": dict(table), "counts": {}, "exempt": list(exempt)}


class Forfeits:
    __slots__ = ("s",)

    def __init__(self, state: dict) -> None:
        self.s = state

    @property
    def on(self) -> bool:
        return self.s["on"]

    def cost(self, cause: str) -> int:
        """Drinks a cause costs now (0 when forfeits are off)."""
        if not self.s["on"]:
            return 0
        return self.s["table"].get(cause, 0)

    def exempts(self, pid: str) -> bool:
        """Is ``pid`` a seat that never drinks (a bot)?"""
        return pid in self.s.get("exempt", ())

    def exempt(self, pid: str) -> None:
        """``pid`` never drinks from now on (a bot joining mid-game)."""
        lst = self.s.setdefault("exempt", [])
        if pid not in lst:
            lst.append(pid)

    def give(self, pid: str, cause: str, count: int | None = None) -> int:
        """``pid`` takes the forfeit for ``cause`` (``count`` drinks, default
        the game's cost for it). Returns the drinks given: 0 when off, or
        when ``pid`` never drinks."""
        n = self.cost(cause) if count is None else (count if self.s["on"] else 0)
        if n <= 0 or self.exempts(pid):
            return 0
        mine = self.s["counts"].setdefault(pid, {})
        mine[cause] = mine.get(cause, 0) + n
        return n

    def totals(self) -> dict[str, int]:
        """Drinks per player over the game."""
        return {p: sum(causes.values()) for p, causes in self.s["counts"].items()}

    def by_cause(self) -> dict[str, dict[str, int]]:
        return {p: dict(causes) for p, causes in self.s["counts"].items()}
