"""The host pauses the room: the doorbell, a refill, the pizza.

While a room is paused (``paused``: who paused it and since when, saved
with the room, so a reload, a restart of the server and another process
all keep it) nothing is played: every move, the host's own game moves and
skips are refused with ``paused`` (``errors.Paused``), no time-out fires
and the server plays no seat (``Play.tick`` and ``Play.next_deadline`` see
nothing due), and the bots open no new decision. On resume every timer gets
back exactly the time it had left: the game's own times (races, call
windows, prompts, a dealer's pace, a time limit: ``Engine.shift_clock``),
the away clock of each absent phone before the app plays its seat
(``Seat.away_since``), and the bots' pending moves (``Autoplayer.resume``)
move on by as long as the pause lasted.

A timer started during the pause gets its whole length counted from the
resume, each kind as follows:

- the game's own timers: while paused the game is told the time stood
  still at the pause's start (``game_now``) by whatever still reaches it (a
  join, a leave, a phone going or coming back, a player sitting out), so a
  clock it starts then (the next speaker's answer clock when the speaker
  leaves) is set from the pause's start and, moved on by the whole pause at
  resume, has its whole length from the resume;
- the away clock of a phone that went during the pause starts at the
  resume (``_resume`` moves ``away_since`` on only by the paused time it
  was away);
- a bot opens no decision while paused: it decides afresh, with a whole
  think, after the resume (``Autoplayer.note``);
- the server's chores on the scheduler (``realtime/clock.py``: the store's
  maintenance, the sweep of idle rooms, pings, heartbeats, the coalesced
  frames) are no game timers: they run on through a pause, untouched.

A pause needs a running game; it ends with the game (ended by the host, or
over because the players left). ``Pausing`` is that part of ``Room``
(``room.py``).
"""

from __future__ import annotations

from typing import Any

from partyapp.games.kit.base import IllegalAction
from partyapp.rooms.errors import Paused
from partyapp.rooms.unchanged import UNCHANGED


class Pausing:
    """The room's pause (see the module text)."""

    paused: dict | None  # {"by": the host player's id (None: the table), "name": theirs, "since": server time}

    def set_paused(self, paused: bool, by: str | None) -> Any:
        """The host (``by``: their seat, or None for the table) pauses the
        room, or resumes it."""
        if paused == (self.paused is not None):
            return UNCHANGED
        now = self.registry.clock()
        if not paused:
            self._resume(now)
            return None
        if self.game is None or self.game.is_over():
            raise IllegalAction("No game is running: there is nothing to pause.")
        name = self.seat(by).name if by is not None and self.has_seat(by) else None
        self.paused = {"by": by, "name": name, "since": now}
        return None

    def game_now(self) -> float:
        """The time the game is told of a change: the server's, or while
        paused the pause's start (the game's time stands still)."""
        if self.paused is not None:
            return self.paused["since"]
        return self.registry.clock()

    def _resume(self, now: float) -> None:
        since = self.paused["since"]
        dt = max(0.0, now - since)
        self.paused = None
        if self.game is not None:
            self.game.shift_clock(dt)
        for seat in self.seats:
            if not seat.connected and seat.away_since is not None:
                # only the time it was away while paused
                seat.away_since += max(0.0, now - max(seat.away_since, since))
        if self.registry.autoplay is not None:
            self.registry.autoplay.resume(self, dt)

    def refuse_if_paused(self) -> None:
        """A move while paused is refused ``paused``."""
        if self.paused is not None:
            name = self.paused.get("name")
            if name:
                raise Paused("{name} paused the game; it goes on when the host resumes it.", name=name)
            raise Paused("The game is paused; it goes on when the host resumes it.")

    def _end_pause_with_game(self) -> None:
        """A pause ends with its game (after every change, ``Room._settle``)."""
        if self.paused is not None and (self.game is None or self.game.is_over()):
            self.paused = None

    def paused_view(self) -> dict | None:
        """``room.paused``: who paused and since when, and what goes on at
        resume: the game's clock (``clock_s``, seconds left, or None) and
        each absent phone's seat the app would play (``takeovers``: player
        id to seconds left)."""
        if self.paused is None:
            return None
        since = self.paused["since"]
        deadline = self.game.next_deadline() if self.game is not None else None
        takeovers: dict[str, float] = {}
        autoplay = self.registry.autoplay
        if autoplay is not None and hasattr(autoplay, "takeovers"):
            for seat in autoplay.takeovers(self):
                takeovers[seat.id] = round(max(0.0, seat.away_since + autoplay.takeover_s - since), 1)
        return {**self.paused, "clock_s": None if deadline is None else round(max(0.0, deadline - since), 1),
                "takeovers": takeovers}
