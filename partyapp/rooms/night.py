"""The night: what a room keeps beside its seats and its game so that
everybody at the table takes part the way they chose.

Engines count plain forfeits (``Game.drinks()``) and know nothing of the
people behind them. After every change of the room, the ledger here looks at
what the game counts now and turns each new forfeit into its form for that
person at that moment:

- **family mode** (a room setting): points, for everybody;
- profile ``none`` (not drinking): the room's alternative, points or a dare
  (the next one of the host's list, in turn);
- profile ``soft`` (something without alcohol): the same sips, counted in
  ``drinks`` (the seat shows a badge);
- profile ``drinks``: drinks, until the **pace**: past ``pace`` drinks in
  the last hour (a rolling hour), the rest of a forfeit is water.

Mates, waterfalls and every shared forfeit are counted per person, so each
follows their own profile. A forfeit taken back (the host's undo, the jail
card) is taken back from that person's latest forfeits of the game, in the
form they were taken. Seats carry the night's counters: ``drinks`` (drinks
and soft sips), ``forfeits`` (every forfeit in another form: points, dares,
water) and ``water``.

For the screens the ledger keeps ``records``: each forfeit of the game that
took another form than a drink (water, points, a dare), with the range of
log ids of the change it came from (``from``..``to``), so that a log entry
naming that player in that range is worded in that form. And it keeps the
night's **history** (every game started: its mode, result, the rules made,
each person's forfeits by form) for the end-of-night **recap**.

Choices
-------
- Pace counts alcoholic drinks only (profile ``drinks``): soft sips are not
  what a pace is for. Water counts among ``forfeits`` and in ``water``.
- Family mode changes between games only (a deck in play keeps its words).
- A dare is one forfeit of the host's list per forfeit taken, whatever its
  size; it still counts its size in ``forfeits``.
- Necks (finishing a drink, counted apart by the decks that have them) are
  not drinks and are not in the ledger; the screens word them per profile.

Everything here is plain data that round-trips through JSON (``to_json``,
``from_json``), saved with the room.
"""

from __future__ import annotations

from typing import Any

from partyapp.games.kit.wording import N_

PROFILES = ("drinks", "soft", "none")
ALTERNATIVES = ("points", "dares")
FORMS = ("drinks", "soft", "water", "points", "dare")
PACE_MAX = 12  # drinks per person per hour
HOUR = 3600.0
DARE_MAX = 80  # visible characters of one dare
DARES_MAX = 12
HISTORY_MAX = 40  # games kept for the recap
RULES_MAX = 30  # rules kept per game
RECORDS_MAX = 32  # forfeits in another form, kept for the screens' words
STACK_MAX = 64  # the latest forfeits of a game, to take back from

# The built-in dares (the host can edit the list): things anybody can do at
# a table, that embarrass nobody. They are message ids, worded by each screen
# in its language; a dare the host types is shown as typed.
DEFAULT_DARES = (
    N_("Sing the first line of any song."),
    N_("Tell the table a joke."),
    N_("Do your best animal impression."),
    N_("Say a tongue twister three times fast."),
    N_("Pay the player on your left a compliment."),
    N_("Talk like a robot until your next turn."),
    N_("Name five countries in ten seconds."),
    N_("Do ten star jumps."),
)


def default_settings() -> dict:
    return {"family": False, "pace": 0, "alternative": "points", "dares": list(DEFAULT_DARES)}


def _result_summary(result: Any) -> dict | None:
    """What the recap says of a game's result: who won, who lost, how it ended."""
    if not isinstance(result, dict):
        return None
    out: dict[str, Any] = {"reason": result.get("reason")}
    for key in ("winners", "losers"):
        value = result.get(key)
        out[key] = [p for p in value if isinstance(p, str)] if isinstance(value, list) else []
    by = result.get("by")
    out["by"] = by if isinstance(by, str) else None
    return out


class Night:
    """The room's night: settings, the forfeit ledger and the history."""

    def __init__(self, data: dict) -> None:
        self.settings: dict = {**default_settings(), **(data.get("settings") or {})}
        self.started: float = data["started"]
        self.ended: float | None = data.get("ended")
        self.games: list[dict] = data.get("games") or []
        self.game_no: int = data.get("game_no", 0)
        self.seen: dict[str, int] = dict(data.get("seen") or {})
        self.mark: int = data.get("mark", 0)
        self.stack: list[list] = data.get("stack") or []
        self.records: list[dict] = data.get("records") or []
        self.recent: dict[str, list[float]] = {p: list(t) for p, t in (data.get("recent") or {}).items()}
        self.dare_seq: int = data.get("dare_seq", 0)
        self.record_seq: int = data.get("record_seq", 0)

    @classmethod
    def new(cls, now: float, settings: dict | None = None) -> "Night":
        return cls({"started": now, "settings": dict(settings or default_settings())})

    @classmethod
    def from_json(cls, data: dict | None, now: float) -> "Night":
        """The saved night, or a new one for a room saved before nights existed."""
        return cls(data) if data else cls.new(now)

    def to_json(self) -> dict:
        return {
            "settings": self.settings, "started": self.started, "ended": self.ended, "games": self.games,
            "game_no": self.game_no, "seen": self.seen, "mark": self.mark, "stack": self.stack,
            "records": self.records, "recent": self.recent, "dare_seq": self.dare_seq,
            "record_seq": self.record_seq,
        }

    @property
    def family(self) -> bool:
        return bool(self.settings["family"])

    # -- games ---------------------------------------------------------------------
    def game_started(self, game, now: float) -> None:
        """A new game: a history entry, and the ledger starts from what it counts."""
        self.game_no += 1
        self.games.append({"no": self.game_no, "mode": game.mode, "title": game.title, "started": now,
                           "over": False, "result": None, "rules": [], "tally": {}})
        del self.games[:-HISTORY_MAX]
        self.seen = dict(game.drinks())
        self.mark = game.log_mark()
        self.stack = []
        self.records = []

    def _current(self) -> dict | None:
        if self.games and self.games[-1]["no"] == self.game_no:
            return self.games[-1]
        return None

    def game_closing(self, game) -> None:
        """The room lets the game go (another game, the lobby, the end of the
        night): its result is kept if it has one and was not kept yet."""
        current = self._current()
        if current is not None and not current["over"] and game.is_over():
            current["over"] = True
            current["result"] = _result_summary(game.public_view().get("result"))

    # -- the ledger ---------------------------------------------------------------
    def form_for(self, seat) -> str:
        """The form a forfeit of this seat takes now (before the pace)."""
        if self.family:
            return "points"
        if seat.profile == "none":
            return "dare" if self.settings["alternative"] == "dares" else "points"
        return "soft" if seat.profile == "soft" else "drinks"

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

    def settle(self, seats: list, game, now: float) -> None:
        """After a change of the room: turn the game's new forfeits into their
        forms (and take back what it took back), note the rules made and the
        result once the game is over."""
        counted = game.drinks()
        mark = game.log_mark()
        if counted != self.seen:
            lo = self.mark
            by_id = {s.id: s for s in seats}
            for pid, n in counted.items():
                delta = n - self.seen.get(pid, 0)
                if delta > 0:
                    self._take(by_id.get(pid), pid, delta, lo + 1, mark, now)
                elif delta < 0:
                    self._give_back(by_id.get(pid), pid, -delta)
            self.seen = dict(counted)
        self.mark = mark
        current = self._current()
        if current is None:
            return
        rules = game.house_rules()
        if rules:
            kept = current["rules"]
            for rule in rules:
                if rule not in kept and len(kept) < RULES_MAX:
                    kept.append(dict(rule))
        if not current["over"] and game.is_over():
            current["over"] = True
            current["result"] = _result_summary(game.public_view().get("result"))

    def _count(self, seat, pid: str, form: str, n: int) -> None:
        """Move the counters of ``pid`` (its seat, if still seated, and the
        game's tally) by ``n`` of ``form``."""
        if seat is not None:
            if form in ("drinks", "soft"):
                seat.drinks = max(0, seat.drinks + n)
            else:
                seat.forfeits = max(0, seat.forfeits + n)
                if form == "water":
                    seat.water = max(0, seat.water + n)
        current = self._current()
        if current is not None:
            mine = current["tally"].setdefault(pid, {})
            mine[form] = max(0, mine.get(form, 0) + n)
            if not mine[form]:
                del mine[form]

    def _take(self, seat, pid: str, n: int, lo: int, hi: int, now: float) -> None:
        form = self.form_for(seat) if seat is not None else "drinks"
        parts: list[tuple[str, int]] = [(form, n)]
        if form == "drinks" and self.settings["pace"]:
            allowed = max(0, self.settings["pace"] - self.this_hour(pid, now))
            drunk = min(n, allowed)
            parts = [(f, k) for f, k in (("drinks", drunk), ("water", n - drunk)) if k]
        for f, k in parts:
            self._count(seat, pid, f, k)
            self.stack.append([pid, f, k])
            if f == "drinks" and self.settings["pace"]:
                self.recent.setdefault(pid, []).extend([now] * k)
                del self.recent[pid][:-(2 * PACE_MAX)]
        del self.stack[:-STACK_MAX]
        other = [(f, k) for f, k in parts if f not in ("drinks", "soft")]
        if other:
            f, k = other[0]
            self.record_seq += 1
            record = {"id": self.record_seq, "game": self.game_no, "from": lo, "to": hi, "player": pid,
                      "form": f, "count": k}
            if f == "water":
                record["drinks"] = n - k
            if f == "dare":
                dares = self.settings["dares"]
                record["dare"] = dares[self.dare_seq % len(dares)] if dares else None
                self.dare_seq += 1
            self.records.append(record)
            del self.records[:-RECORDS_MAX]

    def _give_back(self, seat, pid: str, n: int) -> None:
        """Take back ``n`` of ``pid``'s latest forfeits of this game."""
        for item in reversed(self.stack):
            if n <= 0:
                break
            if item[0] != pid or item[2] <= 0:
                continue
            k = min(n, item[2])
            item[2] -= k
            n -= k
            self._count(seat, pid, item[1], -k)
            if item[1] == "drinks" and pid in self.recent:
                del self.recent[pid][-k:]
        self.stack = [item for item in self.stack if item[2] > 0]
        if n > 0:  # older than the stack remembers: from the drinks first
            self._count(seat, pid, "drinks", -n)

    # -- settings -------------------------------------------------------------------
    def set(self, changes: dict, playing: bool) -> bool:
        """The host changes settings (already checked); family mode only
        between games. True when something changed."""
        if "family" in changes and changes["family"] != self.family and playing:
            raise ValueError(N_("Family mode changes between games: end this game first."))
        changed = {k: v for k, v in changes.items() if self.settings.get(k) != v}
        self.settings.update(changed)
        return bool(changed)

    # -- the end of the night -------------------------------------------------------------
    def end(self, now: float) -> None:
        self.ended = now

    def recap(self, seats: list, former: dict) -> dict | None:
        """The recap once the night has ended: the games played (result, rules
        made), and each person's forfeits by form over the night."""
        if self.ended is None:
            return None
        totals: dict[str, dict[str, int]] = {}
        for game in self.games:
            for pid, forms in game["tally"].items():
                mine = totals.setdefault(pid, {})
                for form, n in forms.items():
                    mine[form] = mine.get(form, 0) + n
        people = [{"id": s.id, "name": s.name, "profile": s.profile, "tally": totals.get(s.id, {})}
                  for s in seats]
        seated = {s.id for s in seats}
        for pid, forms in totals.items():
            if pid not in seated and pid in former:
                people.append({"id": pid, "name": former[pid], "profile": None, "tally": forms})
        return {
            "started": self.started, "ended": self.ended, "family": self.family,
            "games": [{"mode": g["mode"], "title": g["title"], "over": g["over"], "result": g["result"],
                       "rules": g["rules"]} for g in self.games],
            "players": people,
        }

    # -- views --------------------------------------------------------------------
    def public(self, seats: list, former: dict) -> dict:
        return {"settings": self.settings, "forfeits": self.records, "games_played": len(self.games),
                "recap": self.recap(seats, former)}

    def you(self, seat, now: float) -> dict:
        out: dict[str, Any] = {"profile": seat.profile, "more_time": seat.more_time, "pace": None}
        pace = self.settings["pace"]
        if pace and not self.family and seat.profile == "drinks":
            out["pace"] = {"limit": pace, "this_hour": self.this_hour(seat.id, now)}
        return out
