"""Deadlines: a room asks for ``tick`` at a time (its game's time-out: a
race's window, chugalug's answer clock; or a move the server makes for a
bot or an absent player); the server calls it then, on the scheduler
(``clock.py``), through a room change like any other, and everybody
receives the outcome."""

from __future__ import annotations

import functools
import logging
import threading

from partyapp.realtime.clock import Scheduler, Timer
from partyapp.rooms.errors import RoomError

log = logging.getLogger(__name__)


class Deadlines:
    """One pending deadline per room; a newer one replaces it."""

    def __init__(self, registry, clock: Scheduler) -> None:
        self.registry = registry
        self.clock = clock
        self.pending: dict[str, Timer] = {}
        self.lock = threading.Lock()

    def schedule(self, code: str, at: float) -> None:
        """Call ``room.tick`` of room ``code`` once ``at`` (the clock's time) is due."""
        with self.lock:
            old = self.pending.get(code)
            if old is not None:
                if old.at == at:
                    return
                old.cancel()  # replaced by this newer deadline
            self.pending[code] = self.clock.call_at(at, functools.partial(self._due, code, at))

    def _due(self, code: str, at: float) -> None:
        with self.lock:
            timer = self.pending.get(code)
            if timer is None or timer.at != at:
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
