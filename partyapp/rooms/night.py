"""The night: what a room keeps beside its seats and its game so that
everybody at the table takes part the way they chose: the settings, the
ledger of every forfeit (``ledger.py``) and the history of the games, for
the end-of-night **recap**.

Engines count plain forfeits (``Game.drinks()``) and know nothing of the
people behind them. After every change of the room the night hands the
ledger what the game counts now, and each new forfeit takes its form for
that person at that moment:

- **family mode** (a room setting): points, for everybody;
- profile ``none`` (not drinking): the room's alternative, points or a dare
  (the next one of the host's list, in turn);
- profile ``soft`` (something without alcohol): soft drinks;
- profile ``drinks``: drinks, until the **pace**: past ``pace`` drinks in
  the last hour (a rolling hour), the rest of a forfeit is water.

Mates, waterfalls and every shared forfeit are counted per person, so each
follows their own profile. A forfeit keeps the form it was taken in: a
profile changed later applies from then on (the ledger pins the forms of
the game's earlier forfeits, so no screen rewords them).

The **history** keeps every game started (its mode, result, the rules made);
each game's tally by form is the ledger's.

Choices
-------
- Pace counts alcoholic drinks only (profile ``drinks``): soft drinks are
  not what a pace is for. Water counts among ``forfeits`` and in ``water``.
- Family mode changes between games only (a deck in play keeps its words).
- A dare is one forfeit of the host's list per forfeit taken, whatever its
  size; it still counts its size in ``forfeits``.
- Necks (finishing a drink, counted apart by the decks that have them) are
  not drinks: a drinker's are not in the ledger (the screens word them per
  profile); for whoever is not drinking (and everybody in family mode) each is a
  **big forfeit**, the night's ``big_forfeit`` (a setting the host can
  change; by default "Sing a chorus of a song the table picks."), counted
  in the ledger as ``big`` for the seat and the recap.

Everything here is plain data that round-trips through JSON (``to_json``,
``from_json``), saved with the room.
"""

from __future__ import annotations

from typing import Any

from partyapp.games.kit.wording import N_
from partyapp.rooms.ledger import DRINK_FORMS, FORMS, GAMES_MAX, PACE_MAX, Ledger  # noqa: F401 (FORMS, PACE_MAX: the night's)
from partyapp.rooms.names import name_key

PROFILES = ("drinks", "soft", "none")
ALTERNATIVES = ("points", "dares")
DARE_MAX = 80  # visible characters of one dare
DARES_MAX = 12
HISTORY_MAX = GAMES_MAX  # games kept for the recap
RULES_MAX = 30  # rules kept per game

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


# What a big forfeit is (a neck of whoever is not drinking), unless the host
# says otherwise: a message id, worded by each screen in its language.
DEFAULT_BIG_FORFEIT = N_("Sing a chorus of a song the table picks.")


def default_settings() -> dict:
    return {"family": False, "pace": 0, "alternative": "points", "dares": list(DEFAULT_DARES), "clean_words": False,
            "big_forfeit": DEFAULT_BIG_FORFEIT}


# What a game's result ranks its players by, in the order looked for: the
# key in the result, what the screens call it, and whether more is better.
STANDINGS = (("net", "chips", True), ("scores", "points", True), ("books", "books", True),
             ("cards", "cards", False))


def _standings(result: dict) -> dict | None:
    """The players as they stood in a result (chips won, points, books, cards
    left), best first: ``{"kind": ..., "order": [{"player", "value"}]}``."""
    for key, kind, more in STANDINGS:
        value = result.get(key)
        if isinstance(value, dict) and value:
            order = [{"player": p, "value": n} for p, n in value.items()
                     if isinstance(p, str) and isinstance(n, int) and not isinstance(n, bool)]
            order.sort(key=lambda e: -e["value"] if more else e["value"])
            return {"kind": kind, "order": order}
    return None


def _result_summary(result: Any) -> dict | None:
    """What the recap says of a game's result: who won, who lost, how it
    ended. A game the host stopped (``reason`` "host") won nobody anything:
    it is ``stopped``, with the standings as they stood and who was ahead
    then (``ahead``), and no winners or losers."""
    if not isinstance(result, dict):
        return None
    out: dict[str, Any] = {"reason": result.get("reason")}
    for key in ("winners", "losers"):
        value = result.get(key)
        out[key] = [p for p in value if isinstance(p, str)] if isinstance(value, list) else []
    by = result.get("by")
    out["by"] = by if isinstance(by, str) else None
    out["stopped"] = out["reason"] == "host"
    out["standings"] = _standings(result)
    if out["stopped"]:
        out["ahead"], out["winners"], out["losers"] = out["winners"], [], []
    return out


class Night:
    """The room's night: settings, the forfeit ledger and the history."""

    def __init__(self, data: dict, ledger: Ledger | None = None) -> None:
        self.settings: dict = {**default_settings(), **(data.get("settings") or {})}
        self.started: float = data["started"]
        self.ended: float | None = data.get("ended")
        self.games: list[dict] = data.get("games") or []
        self.game_no: int = data.get("game_no", 0)
        self.ledger: Ledger = ledger if ledger is not None else Ledger(data.get("ledger"))

    @classmethod
    def new(cls, now: float, settings: dict | None = None) -> "Night":
        return cls({"started": now, "settings": dict(settings or default_settings())})

    @classmethod
    def from_json(cls, data: dict | None, now: float, seats: list[dict] = ()) -> "Night":
        """The saved night, or a new one for a room saved before nights
        existed; a night saved before the ledger had its own place is read
        with its seats' counters (``seats``, as saved)."""
        if not data:
            return cls.new(now)
        if "ledger" not in data:
            alternative = (data.get("settings") or {}).get("alternative", "points")
            return cls(data, Ledger.from_saved_night(data, list(seats), alternative))
        return cls(data)

    def to_json(self) -> dict:
        return {"settings": self.settings, "started": self.started, "ended": self.ended, "games": self.games,
                "game_no": self.game_no, "ledger": self.ledger.to_json()}

    @property
    def family(self) -> bool:
        return bool(self.settings["family"])

    @property
    def words_filtered(self) -> bool:
        """Is what people type checked for swear words (``clean_words.py``)?
        Always in family mode; else when the host turned it on."""
        return self.family or bool(self.settings.get("clean_words"))

    # -- games ---------------------------------------------------------------------
    def game_started(self, game, now: float) -> None:
        """A new game: a history entry, and the ledger starts from what it counts."""
        self.game_no += 1
        self.games.append({"no": self.game_no, "mode": game.mode, "title": game.title, "started": now,
                           "over": False, "result": None, "rules": []})
        del self.games[:-HISTORY_MAX]
        self.ledger.game_started(self.game_no, game.drinks(), game.log_mark(), game.necks())

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

    def _forms(self, seats: list) -> Any:
        by_id = {s.id: s for s in seats}
        return lambda pid: self.form_for(by_id[pid]) if pid in by_id else "drinks"

    def settle(self, seats: list, game, now: float) -> None:
        """After a change of the room: write the game's new forfeits in the
        ledger in their forms (and take back what it took back), note the
        rules made and the result once the game is over."""
        self.ledger.settle(game.drinks(), game.log_mark(), self._forms(seats), self.settings["pace"],
                           self.settings["dares"], now)
        forms = self._forms(seats)
        self.ledger.settle_necks(game.necks(), lambda pid: forms(pid) not in DRINK_FORMS)
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

    def pin(self, seats: list) -> None:
        """A profile or a setting changed: the game's earlier forfeits keep
        the forms they were taken in (``Ledger.pin``)."""
        self.ledger.pin(self._forms(seats))

    def took_part(self, pid: str) -> bool:
        """Whether ``pid`` took a forfeit or made a rule tonight."""
        return pid in self.ledger.totals or any(r.get("by") == pid for g in self.games for r in g["rules"])

    def this_hour(self, pid: str, now: float) -> int:
        return self.ledger.this_hour(pid, now)

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
        made), and each person's forfeits by form over the night, one row a
        person (a name that left and came back, as seen: ``name_key``, is one
        row, under the seat's id and name while it is seated)."""
        if self.ended is None:
            return None
        totals = self.ledger.totals
        people: list[dict] = []
        by_name: dict[str, dict] = {}  # one row per person: a name that left and came back is one

        def row(pid: str, name: str, profile: str | None, tally: dict, bot: bool = False) -> None:
            key = name_key(name)
            found = by_name.get(key)
            if found is None:
                found = by_name[key] = {"id": pid, "name": name, "profile": profile, "bot": bot, "tally": {}}
                people.append(found)
            elif profile is not None and found["profile"] is None:
                found.update(id=pid, name=name, profile=profile)
            for form, n in tally.items():
                found["tally"][form] = found["tally"].get(form, 0) + n

        for s in seats:
            row(s.id, s.name, s.profile, totals.get(s.id, {}), bool(s.bot))
        seated = {s.id for s in seats}
        for pid, forms in totals.items():
            if pid not in seated and pid in former:
                row(pid, former[pid], None, forms)
        return {
            "started": self.started, "ended": self.ended, "family": self.family,
            "games": [{"mode": g["mode"], "title": g["title"], "over": g["over"], "result": g["result"],
                       "rules": g["rules"]} for g in self.games],
            "players": people,
        }

    # -- views --------------------------------------------------------------------
    def public(self, seats: list, former: dict) -> dict:
        return {"settings": self.settings, "forfeits": self.ledger.records, "games_played": len(self.games),
                "game_tally": self.ledger.game_tally(self.ledger.game_no) if self.games else {},
                "recap": self.recap(seats, former)}

    def you(self, seat, now: float) -> dict:
        out: dict[str, Any] = {"profile": seat.profile, "more_time": seat.more_time, "pace": None}
        pace = self.settings["pace"]
        if pace and not self.family and seat.profile == "drinks":
            out["pace"] = {"limit": pace, "this_hour": self.this_hour(seat.id, now)}
        return out
