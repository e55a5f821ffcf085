"""The game's history: every log entry of the running (or last) game that
the table's view showed, each with who made it and when, for any screen to
look back at (``room.history``) without leaving the game.

A game's public view carries only its latest entries (``PUBLIC_LOG``).
After every change (``Room._settle``) the room takes the public log of the
view (never the engine's own log: exactly what the table may show) and
keeps it in ``history``, each entry as ``{"entry", "by", "at", "auto"}``:
the entry as the view had it, stamped when it was new with the move's
maker (``by``, from ``acting``: the player whose move it was, ``@host``
for the host's moves, None for the game's own time-outs; ``auto`` when
the server played for an away phone) and the server's time (``at``). An entry that left the view's
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


def empty_history() -> dict:
    """No game yet: ``game`` names the game the entries belong to (the
    night's start and the game's number in it)."""
    return {"game": None, "entries": [], "floor": 0, "earlier": 0}


def public_log(game: Any) -> list[dict]:
    """The log entries of the game's public view, oldest first."""
    log = game.public_log() if hasattr(game, "public_log") else (game.public_view().get("log") or [])
    return [e for e in log if isinstance(e, dict) and isinstance(e.get("id"), int)]


class History:
    """The room's record of this game's log (see the module text)."""

    history: dict
    # Who made the change being applied: a player id, ``HOST`` or None (the
    # game's own time-out); set by ``Play.act``, cleared by ``Room.change``.
    acting: str | None = None

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
        by, auto = self._history_maker()
        fresh = []
        for entry in live:
            seen = stamps.get(entry["id"])
            if seen is None:
                fresh.append({"entry": entry, "by": by, "at": now, "auto": auto})
            else:
                fresh.append({**seen, "entry": entry})
        entries = kept + fresh
        earlier = h["earlier"]
        if len(entries) > HISTORY_MAX:
            earlier += len(entries) - HISTORY_MAX
            entries = entries[-HISTORY_MAX:]
        self.history = {"game": no, "entries": entries, "floor": floor, "earlier": earlier}

    def _history_maker(self) -> tuple[str | None, bool]:
        """Who made the change: (player id, ``@host`` or None; whether the
        server played for an away phone)."""
        actor = self.acting
        if actor is None:
            return None, False
        if actor == HOST:
            return "@host", False
        seat = next((s for s in self.seats if s.id == actor), None)
        return actor, bool(seat is not None and seat.auto)

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
