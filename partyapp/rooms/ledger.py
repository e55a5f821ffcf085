"""The ledger: every forfeit of the night, in the form it was taken in.

Engines count plain forfeits (``Game.drinks()``) and know nothing of the
people behind them. After every change of the room, the night hands the
ledger what the game counts now (``settle``); each new forfeit is turned
into its form for that person at that moment (``Night.form_for``: drinks,
soft drinks, water past the pace, points or a dare) and written here, once.
Everything else reads it:

- the seats' counters on every screen (``counts``: ``drinks``, drinks and
  soft drinks; ``forfeits``, every other form; ``water``; and ``tally``, the
  night's forfeits by form);
- the recap (``night_tally`` for the whole night, ``game_tally`` per game);
- the pace (``this_hour``: alcoholic drinks in the last rolling hour);
- the screens' words for the log (``records``, below).

A forfeit taken back (the host's undo, the jail card) is taken back from that
person's latest forfeits of the game, in the form they were taken.

Records
    A log entry names who takes a forfeit and how many; the screens word it
    in that person's form. Each forfeit taken in another form than a drink
    (water, points, a dare) has a record in ``records``: its form, the player
    and the range of log ids of the change it came from (``from``..``to``);
    a drink or a soft drink is worded from the person's profile. When a
    profile or a setting changes, the forfeits of the game taken in the old
    form get their record then (``pin``), so a change of mind never rewords
    the past: a phone, the TV and the recap always agree.

State is plain JSON (``to_json``/``from_json``), saved with the room.
"""

from __future__ import annotations

from typing import Any, Callable

FORMS = ("drinks", "soft", "water", "points", "dare")
DRINK_FORMS = ("drinks", "soft")
# A neck (a drink finished: the last king's, a catch of the question card)
# of whoever does not drink: a big forfeit (the night's ``big_forfeit``),
# counted in the tallies apart from the forfeits above.
BIG = "big"
PACE_MAX = 12  # drinks per person per hour, at most
HOUR = 3600.0
RECORDS_MAX = 64  # forfeits in a form the screens cannot guess, kept for their words
STACK_MAX = 64  # the latest forfeits of a game, to take back from and to pin
GAMES_MAX = 40  # the games whose tallies are kept for the recap


def _bump(tally: dict[str, dict[str, int]], pid: str, form: str, n: int) -> None:
    mine = tally.setdefault(pid, {})
    mine[form] = max(0, mine.get(form, 0) + n)
    if not mine[form]:
        del mine[form]
    if not mine:
        del tally[pid]


class Ledger:
    """See the module docstring."""

    def __init__(self, data: dict | None = None) -> None:
        data = data or {}
        self.totals: dict[str, dict[str, int]] = {p: dict(f) for p, f in (data.get("totals") or {}).items()}
        self.games: dict[str, dict[str, dict[str, int]]] = {
            g: {p: dict(f) for p, f in t.items()} for g, t in (data.get("games") or {}).items()}
        self.game_no: int = data.get("game_no", 0)
        self.seen: dict[str, int] = dict(data.get("seen") or {})
        self.mark: int = data.get("mark", 0)
        # [pid, form, n, first log id, last log id, recorded]
        self.stack: list[list] = [list(item) for item in data.get("stack") or []]
        self.records: list[dict] = list(data.get("records") or [])
        self.recent: dict[str, list[float]] = {p: list(t) for p, t in (data.get("recent") or {}).items()}
        self.dare_seq: int = data.get("dare_seq", 0)
        self.record_seq: int = data.get("record_seq", 0)
        self.necks_seen: dict[str, int] = dict(data.get("necks_seen") or {})

    def to_json(self) -> dict:
        return {"totals": self.totals, "games": self.games, "game_no": self.game_no, "seen": self.seen,
                "mark": self.mark, "stack": self.stack, "records": self.records, "recent": self.recent,
                "dare_seq": self.dare_seq, "record_seq": self.record_seq, "necks_seen": self.necks_seen}

    @classmethod
    def from_saved_night(cls, night: dict, seats: list[dict], alternative: str) -> "Ledger":
        """The ledger of a room saved before it had one: the night kept the
        ledger's fields itself and each game's tally, and the seats carried
        the night's counters (drinks with soft drinks, other forfeits with
        water)."""
        games = {str(g["no"]): g.get("tally") or {} for g in night.get("games") or [] if "no" in g}
        totals: dict[str, dict[str, int]] = {}
        for s in seats:
            drinks, forfeits, water = s.get("drinks", 0), s.get("forfeits", 0), s.get("water", 0)
            mine = {"soft" if s.get("profile") == "soft" else "drinks": drinks, "water": water,
                    ("dare" if alternative == "dares" else "points"): max(0, forfeits - water)}
            mine = {f: n for f, n in mine.items() if n}
            if mine:
                totals[s["id"]] = mine
        stack = [list(item) + [0, 0, True] for item in night.get("stack") or [] if len(item) == 3]
        return cls({"totals": totals, "games": games, "game_no": night.get("game_no", 0),
                    "seen": night.get("seen"), "mark": night.get("mark", 0), "stack": stack,
                    "records": night.get("records"), "recent": night.get("recent"),
                    "dare_seq": night.get("dare_seq", 0), "record_seq": night.get("record_seq", 0)})

    # -- reading ----------------------------------------------------------------------
    def night_tally(self, pid: str) -> dict[str, int]:
        """``pid``'s forfeits over the night, by form."""
        return dict(self.totals.get(pid, {}))

    def game_tally(self, game_no: int) -> dict[str, dict[str, int]]:
        """Each person's forfeits in game ``game_no``, by form."""
        return {p: dict(f) for p, f in self.games.get(str(game_no), {}).items()}

    def counts(self, pid: str) -> dict[str, Any]:
        """A seat's counters for the screens."""
        mine = self.totals.get(pid, {})
        return {"drinks": sum(mine.get(f, 0) for f in DRINK_FORMS),
                "forfeits": sum(n for f, n in mine.items() if f not in DRINK_FORMS and f != BIG),
                "water": mine.get("water", 0), "tally": dict(mine)}

    def this_hour(self, pid: str, now: float) -> int:
        """Alcoholic drinks ``pid`` took in the last hour."""
        times = self.recent.get(pid)
        if not times:
            return 0
        kept = [t for t in times if t > now - HOUR]
        if len(kept) != len(times):
            if kept:
                self.recent[pid] = kept
            else:
                del self.recent[pid]
        return len(kept)

    # -- writing -----------------------------------------------------------------------
    def game_started(self, game_no: int, counted: dict[str, int], mark: int,
                     necks: dict[str, int] | None = None) -> None:
        """A new game: its tally starts empty, and what the game counts now
        (nothing, usually) is where its forfeits and necks start from."""
        self.game_no = game_no
        self.necks_seen = dict(necks or {})
        self.games[str(game_no)] = {}
        for old in sorted(self.games, key=int)[:-GAMES_MAX]:
            del self.games[old]
        self.seen = dict(counted)
        self.mark = mark
        self.stack = []
        self.records = []

    def settle(self, counted: dict[str, int], mark: int, form_of: Callable[[str], str], pace: int,
               dares: list[str], now: float) -> None:
        """The game counts ``counted`` forfeits per player now, its log is at
        id ``mark``: write what is new in each person's form (``form_of(pid)``
        before the pace), take back what the game took back."""
        if counted != self.seen:
            lo = self.mark
            for pid, n in counted.items():
                delta = n - self.seen.get(pid, 0)
                if delta > 0:
                    self._take(pid, delta, form_of(pid), lo + 1, mark, pace, dares, now)
                elif delta < 0:
                    self._give_back(pid, -delta)
            self.seen = dict(counted)
        self.mark = mark

    def settle_necks(self, necks: dict[str, int], big: Callable[[str], bool]) -> None:
        """The game counts ``necks`` per player now (``Game.necks``): each
        new one of a person for whom it is a big forfeit (``big(pid)``: not
        drinking, or family mode) is counted as one (form ``BIG``); one
        the game took back (the host's undo) is taken back. A drinker's neck
        is not in the ledger: the screens word it from the game. A player
        gone from the game keeps what was counted."""
        for pid, n in necks.items():
            delta = n - self.necks_seen.get(pid, 0)
            if delta < 0 or (delta > 0 and big(pid)):
                self._count(pid, BIG, delta)
        self.necks_seen = dict(necks)

    def _count(self, pid: str, form: str, n: int) -> None:
        _bump(self.totals, pid, form, n)
        _bump(self.games.setdefault(str(self.game_no), {}), pid, form, n)

    def _take(self, pid: str, n: int, form: str, lo: int, hi: int, pace: int, dares: list[str],
              now: float) -> None:
        parts: list[tuple[str, int]] = [(form, n)]
        if form == "drinks" and pace:
            drunk = min(n, max(0, pace - self.this_hour(pid, now)))
            parts = [(f, k) for f, k in (("drinks", drunk), ("water", n - drunk)) if k]
        for f, k in parts:
            self._count(pid, f, k)
            self.stack.append([pid, f, k, lo, hi, False])
            if f == "drinks" and pace:
                self.recent.setdefault(pid, []).extend([now] * k)
                del self.recent[pid][:-(2 * PACE_MAX)]
        del self.stack[:-STACK_MAX]
        if any(f not in DRINK_FORMS for f, _ in parts):  # water past the pace, points, a dare (which one)
            self._record(pid, lo, hi, parts, n, dares)

    def _record(self, pid: str, lo: int, hi: int, parts: list[tuple[str, int]], n: int,
                dares: list[str]) -> None:
        """The record of one forfeit: its form (the first that is not a
        drink, when the pace split it), the dare it is, how much was drunk."""
        f, k = next((f, k) for f, k in parts if f not in DRINK_FORMS)
        self.record_seq += 1
        record: dict[str, Any] = {"id": self.record_seq, "game": self.game_no, "from": lo, "to": hi,
                                  "player": pid, "form": f, "count": k}
        if f == "water":
            record["drinks"] = n - k
        if f == "dare":
            record["dare"] = dares[self.dare_seq % len(dares)] if dares else None
            self.dare_seq += 1
        self.records.append(record)
        del self.records[:-RECORDS_MAX]
        for item in self.stack:
            if item[0] == pid and item[3] == lo and item[4] == hi:
                item[5] = True

    def pin(self, form_of: Callable[[str], str]) -> None:
        """A profile or a setting changed: each forfeit of this game that has
        no record and was taken in another form than the one the screens would
        now give it gets its record, so it keeps its words."""
        for item in self.stack:
            pid, form, k, lo, hi, recorded = item
            if recorded or form == form_of(pid):
                continue
            self.record_seq += 1
            self.records.append({"id": self.record_seq, "game": self.game_no, "from": lo, "to": hi,
                                 "player": pid, "form": form, "count": k})
            item[5] = True
        del self.records[:-RECORDS_MAX]

    def _give_back(self, pid: str, n: int) -> None:
        """Take back ``n`` of ``pid``'s latest forfeits of this game."""
        for item in reversed(self.stack):
            if n <= 0:
                break
            if item[0] != pid or item[2] <= 0:
                continue
            k = min(n, item[2])
            item[2] -= k
            n -= k
            self._count(pid, item[1], -k)
            if item[1] == "drinks" and pid in self.recent:
                del self.recent[pid][-k:]
        self.stack = [item for item in self.stack if item[2] > 0]
        if n > 0:  # older than the stack remembers: from the drinks first
            mine = self.totals.get(pid, {})
            for form in ("drinks", "soft", *[f for f in FORMS if f not in DRINK_FORMS]):
                k = min(n, mine.get(form, 0))
                if k:
                    self._count(pid, form, -k)
                    n -= k
                if n <= 0:
                    break
