"""In-order delivery of each room's frames on one server process.

On a shared store several processes change one room. Each hands the frames
of its own changes to the connections it holds itself, and publishes on the
message queue the frames for connections other processes hold. Two frames of
one room can therefore reach a process out of order: the queue's frame of
rev n may still be on its way when this process saves rev n+1 (it loaded rev
n from the store, which is written before n is published), and two other
processes' frames may arrive swapped. ``Sequencer`` puts them back in order:

- a frame is handed on only once the frame of the previous rev has been
  (or when nothing older is owed to this process: it held no connection of
  the room at the previous rev, so no frame of it was sent here); a frame
  may name the rev of the frames before it (``after``) when the revs
  between never had frames of their own (changes whose frames waited and
  went out as one, ``realtime/coalesce.py``): it waits for that one only;
- a frame older than the last one handed on is dropped (never back in time);
- a frame waits at most ``wait`` seconds for the one before it. That frame is
  lost only when a process died between its save and its publish or the
  queue was down: the waiting frames then go out, a gap in the revs rather
  than a stall (each frame is the whole view, so the newest one is right).

Delivery functions run under the sequencer's lock, one after another.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

log = logging.getLogger(__name__)

Deliver = Callable[[], None]


@dataclass
class _Line:
    shown: int  # the last rev handed on
    held: dict[int, tuple[int, Deliver]] = field(default_factory=dict)  # rev -> (the rev it waits for, deliver)
    since: float | None = None  # when the oldest held frame started waiting


class Sequencer:
    def __init__(self, *, wait: float = 1.0, clock: Callable[[], float] = time.monotonic,
                 later: Callable[[float, Callable[[], None]], None] | None = None) -> None:
        self.wait = wait
        self.clock = clock
        self.later = later  # later(seconds, fn): call fn after a while (a timer)
        self._lines: dict[str, _Line] = {}
        self._lock = threading.RLock()
        self.gaps = 0  # revs given up on, for the logs and the benchmark

    def own(self, code: str, rev: int, was_here: bool, deliver: Deliver, after: int | None = None) -> None:
        """This process saved ``rev`` of room ``code``; ``was_here``: it held
        connections of the room at ``rev - 1``, whose frame must go first
        (the frame of ``after`` when given: the revs between had none)."""
        with self._lock:
            line = self._lines.get(code)
            if line is None or not was_here:
                line = self._reset(code, rev - 1)
            self._offer(code, line, rev, deliver, after)

    def queued(self, code: str, rev: int, deliver: Deliver, after: int | None = None) -> None:
        """A frame of room ``code`` from the queue (``after`` as for ``own``)."""
        with self._lock:
            line = self._lines.get(code)
            if line is None:
                line = self._reset(code, rev - 1)
            self._offer(code, line, rev, deliver, after)

    def current(self, code: str, rev: int, deliver: Deliver) -> None:
        """The room as it is now (after the queue was down): handed on at
        once unless something newer was; whatever older is still held or
        owed is given up."""
        with self._lock:
            line = self._lines.get(code)
            if line is not None and rev <= line.shown:
                return
            line = self._reset(code, rev - 1)
            self._offer(code, line, rev, deliver, None)

    def forget(self, code: str) -> None:
        """This process holds no connection of the room any more."""
        with self._lock:
            self._lines.pop(code, None)

    def shown(self, code: str) -> int | None:
        with self._lock:
            line = self._lines.get(code)
            return None if line is None else line.shown

    def flush(self, code: str) -> None:
        """Hand on the frames that have waited ``wait`` seconds, giving up on
        the revs missing before them."""
        with self._lock:
            line = self._lines.get(code)
            if line is None or line.since is None:
                return
            if self.clock() - line.since < self.wait:
                self._remind(code, line.since + self.wait - self.clock())
                return
            while line.held:
                needs = line.held[min(line.held)][0]  # what the oldest frame held waits for
                if needs > line.shown:
                    log.warning("room %s: revs %d to %d never came; going on without them", code, line.shown + 1,
                                needs)
                    self.gaps += needs - line.shown
                    line.shown = needs
                self._drain(line)
            line.since = None

    # -- inside the lock -----------------------------------------------------
    def _reset(self, code: str, shown: int) -> _Line:
        """Nothing up to ``shown`` is owed to this process (any more)."""
        line = self._lines.get(code)
        if line is None:
            line = self._lines[code] = _Line(shown=shown)
        elif shown > line.shown:
            line.shown = shown
            line.held = {r: d for r, d in line.held.items() if r > shown}
            if not line.held:
                line.since = None
        return line

    def _offer(self, code: str, line: _Line, rev: int, deliver: Deliver, after: int | None) -> None:
        if rev <= line.shown:
            return
        needs = rev - 1 if after is None else min(after, rev - 1)
        if line.shown >= needs:
            line.held.pop(rev, None)
            deliver()
            line.shown = rev
            self._drain(line)
            if not line.held:
                line.since = None
            return
        if rev in line.held:
            return
        line.held[rev] = (needs, deliver)
        if line.since is None:
            line.since = self.clock()
            self._remind(code, self.wait)

    def _drain(self, line: _Line) -> None:
        """Hand on the held frames whose turn has come, oldest first; drop
        those older than the last handed on."""
        while True:
            for rev in [r for r in line.held if r <= line.shown]:
                del line.held[rev]
            ready = [r for r, (needs, _) in line.held.items() if needs <= line.shown]
            if not ready:
                return
            rev = min(ready)
            line.held.pop(rev)[1]()
            line.shown = rev

    def _remind(self, code: str, seconds: float) -> None:
        if self.later is not None:
            self.later(max(0.0, seconds), lambda: self.flush(code))
