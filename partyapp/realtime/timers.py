"""Deadlines: a room asks for ``tick`` at a time (its game's time-out: a
race's window, chugalug's answer clock; or a move the server makes for a
bot or an absent player); the server calls it then, through a room change
like any other, and everybody receives the outcome."""

from __future__ import annotations

import logging
import threading

from partyapp.realtime.extension import socketio
from partyapp.rooms.errors import RoomError

log = logging.getLogger(__name__)


class Deadlines:
    """One pending deadline per room; a newer one replaces it."""

    def __init__(self, registry) -> None:
        self.registry = registry
        self.pending: dict[str, float] = {}
        self.lock = threading.Lock()

    def schedule(self, code: str, at: float) -> None:
        """Call ``room.tick`` of room ``code`` once ``at`` (registry clock) is due."""
        with self.lock:
            if self.pending.get(code) == at:
                return
            self.pending[code] = at
        socketio.start_background_task(self._wait, code, at)

    def _wait(self, code: str, at: float) -> None:
        socketio.sleep(max(0.0, at - self.registry.clock()) + 0.01)
        with self.lock:
            if self.pending.get(code) != at:
                return  # replaced by a newer deadline
            del self.pending[code]
        try:
            room = self.registry.get(code)
            room.change(room.tick)
            with room.lock:
                deadline = room.next_deadline()
            if deadline is not None:
                self.schedule(code, deadline)
        except RoomError:
            pass  # the room expired meanwhile
        except Exception:
            log.exception("time-out of room %s failed", code)
