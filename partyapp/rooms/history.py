"""The game's history: every log entry of the running (or last) game that
the table's view showed, each with who made it and when, for any screen to
look back at (``room.history``) without leaving the game.

A game's public view carries only its latest entries (``PUBLIC_LOG``).
After every change (``Room._settle``) the room takes the public log of the
view (never the engine's own log: exactly what the table may show) and
keeps it in ``history``, each entry as ``{"entry", "by", "at", "auto"}``:
the entry as the view had it, stamped when it was new with the move's
maker (``by``, from ``acting``: the player whose move it was, who joined,
left or changed their seat, ``@host`` for the host's moves and commands;
for the game's own time-out the player whose time ran out, with
``timeout``; None only for what nobody made, such as a race's window
closing on everybody; ``auto`` when the server played for an away phone)
and the server's time (``at``). An entry that left the view's
window is kept as it was last shown; one that vanished from inside the
window (a move taken back) is dropped, as from every view. A new game
starts a new history. At most ``HISTORY_MAX`` entries are kept, the
oldest dropped and counted (``earlier``).

``History`` is that part of ``Room`` (``room.py``); ``history_since``
answers ``room.history``.
"""

from __future__ import annotations

from typing import Any

from partyapp.games.kit.base import HOST

HISTORY_MAX = 600
# ``acting`` for the game's own time-out (``Play.tick``): whose time ran out
# is in ``late``, the players the game waited on when its clock ran out.
TIMED_OUT = "@timeout"


def empty_history() -> dict:
    """No game yet: ``game`` names the game the entries belong to (the
    night's start and the game's number in it)."""
    return {"game": None, "entries": [], "floor": 0, "earlier": 0}


def public_log(game: Any) -> list[dict]:
    """The log entries of the game's public view, oldest first."""
    log = game.public_log() if hasattr(game, "public_log") else (game.public_view().get("log") or [])
    return [e for e in log if isinstance(e, dict) and isinstance(e.get("id"), int)]


def _whose_time(entry: dict, late: tuple[str, ...]) -> str | None:
    """Whose time ran out, for an entry of the game's time-out: the one
    player the game waited on, else the one of them the entry names
    (``player``, ``players``); None when it was nobody's own (a race
    against everybody)."""
    if len(late) == 1:
        return late[0]
    named = [entry.get("player"), *(entry.get("players") if isinstance(entry.get("players"), list) else [])]
    hit = {p for p in named if p in late}
    return hit.pop() if len(hit) == 1 else None


class History:
    """The room's record of this game's log (see the module text)."""

    history: dict
    # Who made the change being applied: a player id, ``HOST``, ``TIMED_OUT``
    # (the game's own time-out, ``late`` the players it waited on) or None;
    # set by ``Play.act``, ``Play.tick``, the doors and the host's commands,
    # cleared by ``Room.change``.
    acting: str | None = None
    late: tuple[str, ...] = ()

    def acting_as(self, actor: str) -> None:
        """``actor`` makes the change being applied, unless somebody already
        does (the host removing a player makes the leave)."""
        if self.acting is None:
            self.acting = actor

    def _note_history(self) -> None:
        """Take the public log of the change just made into the history."""
        game = self.game
        if game is None:
            return
        no = [self.night.started, self.night.game_no]
        h = self.history if self.history.get("game") == no else {**empty_history(), "game": no}
        live = public_log(game)
        floor = live[0]["id"] if live else h["floor"]
        old = h["entries"]
        stamps = {h["entry"]["id"]: h for h in old}
        kept = [h for h in old if h["entry"]["id"] < floor]
        now = self.registry.clock()
        fresh = []
        for entry in live:
            seen = stamps.get(entry["id"])
            if seen is None:
                by, auto, late = self._history_maker(entry)
                fresh.append({"entry": entry, "by": by, "at": now, "auto": auto, "timeout": late})
            else:
                fresh.append({**seen, "entry": entry})
        entries = kept + fresh
        earlier = h["earlier"]
        if len(entries) > HISTORY_MAX:
            earlier += len(entries) - HISTORY_MAX
            entries = entries[-HISTORY_MAX:]
        self.history = {"game": no, "entries": entries, "floor": floor, "earlier": earlier}

    def _history_maker(self, entry: dict) -> tuple[str | None, bool, bool]:
        """Who made ``entry``, new in this change: (player id, ``@host`` or
        None; whether the server played for an away phone; whether it is
        that player's time running out)."""
        actor = self.acting
        if actor == TIMED_OUT:
            whose = _whose_time(entry, self.late)
            return whose, False, whose is not None
        if actor is None:
            return None, False, False
        if actor == HOST:
            return "@host", False, False
        seat = next((s for s in self.seats if s.id == actor), None)
        return actor, bool(seat is not None and seat.auto), False

    def history_since(self, since: int | None) -> dict:
        """``room.history``'s answer: the entries of this game from id
        ``since`` on (all when None), oldest first, with the window's
        lowest id (``floor``: entries from there on may still change or
        go) and how many early entries were dropped (``earlier``)."""
        h = self.history
        if self.game is None or h.get("game") != [self.night.started, self.night.game_no]:
            return {"game": None, "entries": [], "floor": 0, "earlier": 0}
        entries = h["entries"] if since is None else [e for e in h["entries"] if e["entry"]["id"] >= since]
        return {"game": h["game"], "entries": entries, "floor": h["floor"], "earlier": h["earlier"]}
