"""Fair races: who slapped first, and who slapped last, judged by the server.

A race opens when the rules call for one (a snap on the count, a double on
the pile) and is judged by the server alone, from the moments the slaps
reached it. What every reflex game, the drinking decks' races (Floor,
Heaven, the thumb: the last to tap loses) and a bot share lives here;
nothing in it reads a clock or a socket.

Arrival
    The server stamps every move of a reflex game (``Game.reflex``: the
    drinking decks are too) with its arrival: under the action key
    ``ARRIVAL`` it puts ``{"at": t, "rtt": r}``, ``t`` the server's time
    (seconds, the clock ``now`` comes from) when the move reached it, ``r``
    the phone's round trip (seconds: the shortest of its recent ones,
    ``partyapp/realtime/pings.py``) or ``None`` when it has not been
    measured. The server strips
    any ``ARRIVAL`` a client sends, so a phone cannot say when it slapped.
    ``split_arrival`` takes the stamp out of an action (a move without one,
    as in engine tests and from bots, arrives at ``now`` with no round trip).

Compensation
    A phone on slow Wi-Fi hears of nothing later and is heard later: judged
    by arrival alone it is always last. Everybody sees the card on the TV at
    the same moment, so the fair measure of a slap is when the phone sent
    it: its arrival less the one-way trip, taken as half the phone's round
    trip (``lag``). The round trip is the phone's own to shape (it answers
    the pings when it likes), so what lying can buy is bounded twice: the
    round trip is the shortest of the recent ones (a liar must delay every
    answer, and one honest answer undoes it), and the lag is capped at
    ``max_lag_ms`` (``MAX_LAG_MS`` = 80 ms by default, twice the usual
    Wi-Fi round trip of 5 to 40 ms: a phone that answers its pings late on
    purpose is judged at most that much earlier than it slapped; a game
    without the option, the drinking decks', caps it at ``MAX_LAG_MS``). The
    lag is 0 when the option ``compensate`` is off or the round trip is
    unknown.
    ``judged = at - lag`` (``judge``), never before the race opened.
    Entries are ranked by judged time, then arrival, then the order the
    server handled them (``ranked``). A race that waits for its last
    player (the drinking decks' races: the last to tap loses) can call it
    once ``overtake_until`` has passed: no tap still on its way can then be
    judged ahead of the ones in, as no phone gains more than the cap.

The window
    A race has a deadline (``opened`` + the window, option ``slap_window_ms``)
    and a list of ``players`` who may slap in it. It closes as soon as every
    one of them who is here (not ``away``: phone disconnected) has slapped,
    or when the deadline passes. A player whose phone was here when the
    race opened and goes away before slapping is no longer waited for
    (``gone``) but still counts as slower than every slap (``missed``):
    dropping out never dodges a race. A phone away at the opening is not
    judged, unless it comes back during the race. A player who leaves the
    game is dropped from it. A slap that reaches the server after the window is not in the
    race: within ``LATE_GRACE_S`` of the close it is a late slap (no
    penalty), after that the game treats it as a new slap.

The result
    ``Race.close`` sorts the slaps by judged time (then by arrival, then by
    who slapped first in the order the server handled them) and returns the
    standings: ``order`` (each ``{player, ms, margin_ms, lag_ms}``: ``ms``
    after the race opened, judged; ``margin_ms`` behind the first;
    ``lag_ms`` the compensation given), ``missed`` (in the race, here at its
    opening or since, and no slap: they count as slower than every slap, in
    seat order, whether or not their phone stayed), ``away`` (players not
    here at any time of the race who did not slap: not judged) and
    ``timed_out``. The
    game decides what first and last win or lose.

Round trips are measured by the server (``partyapp/realtime/pings.py``) and
only reach a game in the arrival stamp.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from partyapp.games.kit.base import IllegalAction
from partyapp.games.kit.options import flag, number
from partyapp.games.kit.record import Record

ARRIVAL = "arrival"
# A slap at most this long after a race closed is late, not a new slap.
LATE_GRACE_S = 1.0
# The most compensation one phone is given by default (option ``max_lag_ms``
# where a game offers it), in ms: all a phone that fakes a slow round trip
# can gain. Twice the usual Wi-Fi round trip (5 to 40 ms), so an honest
# slow phone is still compensated in full.
MAX_LAG_MS = 80
# The most the host may allow (option ``max_lag_ms``).
MAX_LAG_LIMIT_MS = 250
MAX_LAG_S = MAX_LAG_MS / 1000.0


def race_options(window_ms: int) -> dict:
    """The options every game with races offers (merge them into its
    ``OPTIONS``), with the game's own default window."""
    return {
        "slap_window_ms": number(window_ms, 300, 15000,
                                 "A race closes when everybody here has slapped, or after this many ms."),
        "compensate": flag(True, "Judge slaps by when each phone sent them: arrival less half its recent "
                                 "round trip, so a phone on slow Wi-Fi is not always last (off: by arrival)."),
        "max_lag_ms": number(MAX_LAG_MS, 0, MAX_LAG_LIMIT_MS,
                             "The most compensation one phone is given, in ms: all a phone that answers "
                             "its pings late on purpose can gain."),
    }


# -- arithmetic ------------------------------------------------------------------------
def median(values: Any) -> float | None:
    """The median of some numbers (the mean of the middle two for an even
    count), or None for none."""
    ordered = sorted(values)
    n = len(ordered)
    if n == 0:
        return None
    mid = n // 2
    if n % 2:
        return float(ordered[mid])
    return (ordered[mid - 1] + ordered[mid]) / 2.0


def lag_of(rtt: float | None, compensate: bool = True, max_lag_s: float = MAX_LAG_S) -> float:
    """The compensation for a phone: half its round trip, at most
    ``max_lag_s``; 0 when off or unknown."""
    if not compensate or rtt is None or rtt <= 0:
        return 0.0
    return min(rtt / 2.0, max_lag_s)


def judged_time(at: float, rtt: float | None, compensate: bool = True, max_lag_s: float = MAX_LAG_S) -> float:
    """When the phone sent its slap, as the server judges it."""
    return at - lag_of(rtt, compensate, max_lag_s)


def to_ms(seconds: float) -> int:
    return int(round(seconds * 1000.0))


# -- the stamp on a move ----------------------------------------------------------------
class Arrival(NamedTuple):
    at: float
    rtt: float | None


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value \
        and abs(value) != float("inf")


def split_arrival(action: Any, now: float) -> tuple[Any, Arrival]:
    """The action without its ``ARRIVAL`` stamp, and the stamp (``at`` never
    later than ``now``; a move without a stamp arrives at ``now``)."""
    if not isinstance(action, dict) or ARRIVAL not in action:
        return action, Arrival(now, None)
    stamp = action[ARRIVAL]
    rest = {k: v for k, v in action.items() if k != ARRIVAL}
    if not isinstance(stamp, dict) or not _number(stamp.get("at")):
        raise IllegalAction("That move is not understood.")
    rtt = stamp.get("rtt")
    if rtt is not None and (not _number(rtt) or rtt < 0):
        raise IllegalAction("That move is not understood.")
    return rest, Arrival(min(float(stamp["at"]), now), None if rtt is None else float(rtt))


# -- judging taps -------------------------------------------------------------------
class Slap(Record):
    """One tap (or slap) in a race: who, when it reached the server, the
    compensation given, and when it counts as made (``judged``)."""

    player: str
    at: float
    lag: float
    judged: float


def judge(pid: str, arrival: Arrival, opened: float | None, compensate: bool = True,
          max_lag_s: float = MAX_LAG_S) -> Slap:
    """The entry of ``pid``'s tap (or slap) in a race opened at ``opened``,
    judged at its arrival less the phone's lag and never before the race
    opened (``opened`` None: a race saved before it kept its opening, not
    bounded)."""
    lag = lag_of(arrival.rtt, compensate, max_lag_s)
    judged = arrival.at - lag
    if opened is not None:
        judged = max(judged, opened)
    return Slap(player=pid, at=arrival.at, lag=lag, judged=judged)


def ranked(entries: list[Slap]) -> list[Slap]:
    """The entries of a race (``judge``), fastest first: by judged time, then
    by arrival, then in the order the server handled them."""
    return [e for _, e in sorted(enumerate(entries), key=lambda ie: (ie[1].judged, ie[1].at, ie[0]))]


def overtake_until(entries: list[Slap], max_lag_s: float = MAX_LAG_S) -> float:
    """Until when a tap still on its way could be judged ahead of one of
    these entries: the latest judged time plus the most compensation a
    phone is given. A tap reaching the server from then on is judged no
    earlier than every one of them."""
    return max(e.judged for e in entries) + max_lag_s


# -- a race --------------------------------------------------------------------------
class Standing(Record):
    """A slap in a closed race's order: ``ms`` after the race opened
    (judged), ``margin_ms`` behind the first, ``lag_ms`` the compensation."""

    player: str
    ms: int
    margin_ms: int
    lag_ms: int


class RaceResult(Record):
    """A closed race (``Race.close``; see the module docstring)."""

    kind: str
    opened: float
    closed: float
    timed_out: bool
    order: list[Standing] = []
    missed: list[str] = []
    away: list[str] = []

    def public(self) -> dict:
        """The race for the screens: order and margins in ms, no clock times."""
        return {"kind": self.kind, "timed_out": self.timed_out,
                "order": [{"player": e.player, "ms": e.ms, "margin_ms": e.margin_ms, "lag_ms": e.lag_ms}
                          for e in self.order],
                "missed": list(self.missed), "away": list(self.away)}

    def is_late(self, at: float) -> bool:
        """Does a slap arriving at ``at`` come just after this race closed?"""
        return self.closed <= at <= self.closed + LATE_GRACE_S


class Race(Record):
    """An open race, kept in the game's state."""

    kind: str
    opened: float
    deadline: float
    players: list[str] = []
    away: list[str] = []  # here at no time since it opened: not judged
    gone: list[str] = []  # here at its opening, gone since: not waited for, still judged
    slaps: list[Slap] = []

    @classmethod
    def new(cls, kind: str, players: list[str], away: list[str], now: float, window_s: float) -> "Race":
        """A race opening at ``now``."""
        return cls(kind=kind, opened=now, deadline=now + window_s, players=list(players),
                   away=[p for p in away if p in players])

    def slapped(self) -> list[str]:
        """Who has slapped, in the order the server handled them."""
        return [e.player for e in self.slaps]

    def may_slap(self, pid: str) -> bool:
        return pid in self.players and pid not in self.slapped()

    def waiting(self) -> list[str]:
        """Players here who have not slapped yet (the window waits for them)."""
        done = set(self.slapped())
        return [p for p in self.players if p not in done and p not in self.away and p not in self.gone]

    def complete(self) -> bool:
        return not self.waiting()

    def due(self, t: float) -> bool:
        return t >= self.deadline

    def slap(self, pid: str, arrival: Arrival, compensate: bool, max_lag_s: float) -> Slap:
        """Record ``pid``'s slap; returns its entry."""
        if not self.may_slap(pid):
            raise IllegalAction("You have slapped already.")
        entry = judge(pid, arrival, self.opened, compensate, max_lag_s)
        self.slaps.append(entry)
        return entry

    def set_away(self, pid: str, away: bool) -> None:
        """``pid``'s phone went away (or came back). Away since the race
        opened: not judged; here at some time of it and gone now: not waited
        for, still judged (``missed`` unless they slap)."""
        if away:
            if pid in self.players and pid not in self.away and pid not in self.gone:
                self.gone.append(pid)
        else:
            if pid in self.away:
                self.away.remove(pid)
            if pid in self.gone:
                self.gone.remove(pid)

    def drop(self, pid: str) -> None:
        """``pid`` left the game: out of the race, their slap forgotten."""
        self.players = [p for p in self.players if p != pid]
        self.away = [p for p in self.away if p != pid]
        self.gone = [p for p in self.gone if p != pid]
        self.slaps = [e for e in self.slaps if e.player != pid]

    def standings(self) -> list[Standing]:
        """The slaps, fastest first, with their times in ms."""
        order = ranked(self.slaps)
        if not order:
            return []
        first = order[0].judged
        return [Standing(player=e.player, ms=to_ms(e.judged - self.opened), margin_ms=to_ms(e.judged - first),
                         lag_ms=to_ms(e.lag)) for e in order]

    def close(self, now: float) -> RaceResult:
        """The race's result (see the module docstring). A race closed at or
        after its deadline has timed out and closes at the deadline."""
        timed_out = not self.complete() and now >= self.deadline
        done = set(self.slapped())
        return RaceResult(kind=self.kind, opened=self.opened, closed=self.deadline if timed_out else now,
                          timed_out=timed_out, order=self.standings(),
                          missed=[p for p in self.players if p not in done and p not in self.away],
                          away=[p for p in self.players if p not in done and p in self.away])

    def public(self) -> dict:
        """What the screens show while the race is open (its deadline: the TV's countdown)."""
        return {"kind": self.kind, "slapped": self.slapped(), "waiting": self.waiting(),
                "window_ms": to_ms(self.deadline - self.opened), "deadline": self.deadline}


# -- round trips (the server's side) ---------------------------------------------------
