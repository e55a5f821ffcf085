"""The score sheet of a game played as a session of deals for points.

``ScoreSheet`` is a record kept in the game's state (``state.scores``)::

    ScoreSheet(totals={pid: n},      # each player's running score (``game.scores``)
               deals=[{pid: n}, ...]) # the points of every deal scored, oldest first

A game adds one deal at a time (``add_deal``), asks whether the session is
over (``reached``) and who leads (``ranking``). Whether high or low scores
win is the game's choice (Kings Corner counts penalty points, rummy counts
points won), so every question takes ``low_wins``.
"""

from __future__ import annotations

from partyapp.games.kit.record import Record


class ScoreSheet(Record):
    totals: dict[str, int] = {}
    deals: list[dict[str, int]] = []

    @classmethod
    def new(cls, players: list[str], start: int = 0) -> "ScoreSheet":
        """The sheet of a new session: everybody on ``start``."""
        return cls(totals={p: start for p in players})

    def total(self, pid: str) -> int:
        return self.totals.get(pid, 0)

    def add_player(self, pid: str, start: int = 0) -> None:
        """A newcomer joins the session on ``start`` points."""
        self.totals.setdefault(pid, start)

    def remove(self, pid: str) -> None:
        """A leaver's running score leaves with them (their past deals stay)."""
        self.totals.pop(pid, None)

    def add_deal(self, points: dict[str, int]) -> None:
        """Score one deal: ``points`` are added to the totals of the players
        still on the sheet."""
        scored = {p: n for p, n in points.items() if p in self.totals}
        for p, n in scored.items():
            self.totals[p] += n
        self.deals.append(scored)

    def reached(self, target: int) -> bool:
        """Has anybody reached the target (at least ``target``)? A ceiling of
        penalty points or a goal of points won: either way the session ends."""
        return any(n >= target for n in self.totals.values())

    def ranking(self, players: list[str], *, low_wins: bool) -> tuple[list[str], list[str]]:
        """(winners, losers) among ``players``, in their order: the best total
        wins, the worst loses (no losers when everybody is level)."""
        totals = {p: self.total(p) for p in players}
        if not totals:
            return [], []
        best = min(totals.values()) if low_wins else max(totals.values())
        worst = max(totals.values()) if low_wins else min(totals.values())
        winners = [p for p in players if totals[p] == best]
        losers = [p for p in players if totals[p] == worst] if best != worst else []
        return winners, losers

    def view(self) -> dict:
        return {"scores": dict(self.totals), "deal_scores": [dict(d) for d in self.deals]}
