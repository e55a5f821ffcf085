"""How the last card or prompt ended, for the table (the state's
``outcome``): one record per kind, told apart by ``kind`` in the saved form
and in the public view (``public``)."""

from __future__ import annotations

from typing import Union

from partyapp.games.kit.record import Record, to_plain


class Outcome(Record, tag_field="kind"):
    """The base of the outcomes: ``kind`` is the record's tag."""

    def public(self) -> dict:
        """The outcome in the public view (``kind`` and its fields)."""
        return to_plain(self)


class Waterfall(Outcome, tag="waterfall", omit_defaults=True):
    """Everybody drank until the drawer stopped; as a cascade, in the
    stopping ``order`` (only then given)."""

    cascade: bool
    drawer: str
    order: list[str] | None = None


class Cup(Outcome, tag="cup"):
    """A king poured into the cup (``cup``), or just counted: ``filled`` of ``of``."""

    filled: int
    of: int
    cup: bool


class RaceEnd(Outcome, tag="race"):
    """A race settled: who tapped in which order, who was last, who copied
    the wrong thumb, who drinks, and whether the clock ran out."""

    race: str
    title: str
    thumb: str | None = None
    order: list[str] = []
    last: list[str] = []
    wrong_thumb: list[str] = []
    losers: list[str] = []
    timed_out: bool = False


class RoundEnd(Outcome, tag="round"):
    """A round game's caller marked who messed up."""

    title: str
    loser: str


class ChugalugEnd(Outcome, tag="chugalug"):
    """The count ended: the mistake (``loser`` None when it reached the top)."""

    loser: str | None
    number: int
    said: int | str | None
    expected: int | str


class RpsRound(Record):
    """One round of paper, scissors, stone: both picks (None: no pick in time)."""

    picks: dict[str, str | None]
    winner: str | None


class RpsEnd(Outcome, tag="rps", omit_defaults=True):
    """Paper, scissors, stone ended: its winner and loser (None: called
    off), the wins (only when somebody won) and the rounds played."""

    winner: str | None
    loser: str | None
    wins: dict[str, int] | None = None
    rounds: list[RpsRound]


AnyOutcome = Union[Waterfall, Cup, RaceEnd, RoundEnd, ChugalugEnd, RpsEnd]
