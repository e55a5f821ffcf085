"""Forfeits: results of a card game turned into drinks.

Each game names its causes and how many drinks each costs by default (e.g.
Blackjack ``{"lose": 1, "bust": 1, "dealer_bust": 1}``); the option
``forfeits`` (default on) switches them all off. ``Forfeits`` is a record
kept in the game's state (``state.forfeits``)::

    Forfeits(on=True, table={cause: drinks}, counts={pid: {cause: drinks}}, exempt=[pid])

``counts`` are plain numbers per player and cause, so the room can fold
``Game.drinks()`` into each seat's tally at the end of a game as it does for
the drinking decks, and a player's profile can later turn them into
something other than drinks.

A game that counts more than one kind of forfeit keeps each as its own
cause (the drinking decks: ``drink`` and ``neck``) and reads one with
``of``; a player ``enter``ed shows 0 until they take any, and a forfeit
the host undoes is taken back (``take_back``).

A seat played by the server (a bot) never drinks: its id is in ``exempt``,
and a forfeit it earns costs nothing (``give`` returns 0), so the log says 0
drinks and ``drinks()`` never names it.
"""

from __future__ import annotations

from partyapp.games.kit.record import Record


class Forfeits(Record):
    """The forfeits of one game: what each cause costs, and who took what."""

    on: bool = True
    table: dict[str, int] = {}
    counts: dict[str, dict[str, int]] = {}
    exempt: list[str] = []

    @classmethod
    def new(cls, table: dict[str, int], on: bool, exempt: list[str] | tuple[str, ...] = ()) -> "Forfeits":
        return cls(on=bool(on), table=dict(table), exempt=list(exempt))

    def cost(self, cause: str) -> int:
        """Drinks a cause costs now (0 when forfeits are off)."""
        if not self.on:
            return 0
        return self.table.get(cause, 0)

    def exempts(self, pid: str) -> bool:
        """Is ``pid`` a seat that never drinks (a bot)?"""
        return pid in self.exempt

    def exempt_from_now(self, pid: str) -> None:
        """``pid`` never drinks from now on (a bot joining mid-game)."""
        if pid not in self.exempt:
            self.exempt.append(pid)

    def give(self, pid: str, cause: str, count: int | None = None) -> int:
        """``pid`` takes the forfeit for ``cause`` (``count`` drinks, default
        the game's cost for it). Returns the drinks given: 0 when off, or
        when ``pid`` never drinks."""
        n = self.cost(cause) if count is None else (count if self.on else 0)
        if n <= 0 or self.exempts(pid):
            return 0
        mine = self.counts.setdefault(pid, {})
        mine[cause] = mine.get(cause, 0) + n
        return n

    def enter(self, pid: str) -> None:
        """``pid`` plays: counted (0) from now on, before any forfeit."""
        self.counts.setdefault(pid, {})

    def take_back(self, pid: str, cause: str, count: int) -> None:
        """``count`` of what ``pid`` took for ``cause`` is taken back (an
        undone forfeit); the player stays counted."""
        mine = self.counts.setdefault(pid, {})
        mine[cause] = mine.get(cause, 0) - count

    def of(self, cause: str) -> dict[str, int]:
        """What each player counted took for ``cause`` (0 for none)."""
        return {p: causes.get(cause, 0) for p, causes in self.counts.items()}

    def totals(self) -> dict[str, int]:
        """Drinks per player over the game."""
        return {p: sum(causes.values()) for p, causes in self.counts.items()}

    def by_cause(self) -> dict[str, dict[str, int]]:
        return {p: dict(causes) for p, causes in self.counts.items()}
