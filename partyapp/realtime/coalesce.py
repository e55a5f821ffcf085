"""Frames caused by a phone's own changes, coalesced.

A phone that renames itself or toggles ``more_time`` many times a second
made every change a full frame to every screen of the room (19 renames a
second sent 17 frames a second to each). Such a change (``Room.change``
with ``coalesce``) is still applied, saved and acknowledged at once, but
the frames of such changes go out at most once every ``EVERY_S`` per room:
when one went out less than that ago, the next wait until the time comes
(a timer on the server's one clock, ``clock.py``), and then the room goes
out as it is then (``Room.publish_later``), the latest of every change
that waited. A single rename goes out at once. Any other change (a move,
a join) goes out at once too, and with it whatever waited.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable

from partyapp.realtime.clock import Scheduler, Timer

# The shortest time between two frames of one room caused by phones' own
# changes: at most 4 a second.
EVERY_S = 0.25
# Rooms whose last frame's time is kept (the least recently published
# forgotten beyond it: a forgotten room's next change goes out at once).
ROOMS_MAX = 4096


class Coalescer:
    def __init__(self, clock: Scheduler, flush: Callable[[str], None], every: float = EVERY_S) -> None:
        self.clock = clock
        self.flush = flush  # flush(code): publish the room as it is now
        self.every = every
        self._last: OrderedDict[str, float] = OrderedDict()  # room code -> when its last such frame went out
        self._waiting: dict[str, Timer] = {}  # room code -> the timer of its frames that wait
        self._lock = threading.Lock()

    def defer(self, code: str) -> bool:
        """A coalesced change of room ``code`` was made: True when its frames
        wait (a timer will ``flush`` the room), False when they go out now."""
        now = self.clock.now()
        with self._lock:
            if code in self._waiting:
                return True
            last = self._last.get(code)
            if last is None or now - last >= self.every:
                self._went(code, now)
                return False
            self._waiting[code] = self.clock.call_at(last + self.every, lambda: self._due(code))
            return True

    def published(self, code: str) -> None:
        """A frame of room ``code`` went out: whatever waited went with it."""
        with self._lock:
            waiting = self._waiting.pop(code, None)
        if waiting is not None:
            waiting.cancel()

    def _due(self, code: str) -> None:
        with self._lock:
            self._waiting.pop(code, None)
            self._went(code, self.clock.now())
        self.flush(code)

    def _went(self, code: str, now: float) -> None:
        """The frames of a coalesced change of room ``code`` go out now (lock held)."""
        self._last[code] = now
        self._last.move_to_end(code)
        while len(self._last) > ROOMS_MAX:
            self._last.popitem(last=False)
