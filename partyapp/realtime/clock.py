"""The server's one clock: every timer in the server runs on a ``Scheduler``.

The games' deadlines (``timers.py``), the background chores (``housekeeping.py``:
the store's maintenance, the full garbage collection, the sweep of idle rooms,
and with several processes ``cluster.peers``), the phones' round-trip pings
(``pings.py``), the message queue's and the sequencer's waits (``hub.py``) and
engine.io's heartbeats (``seams.install_heartbeats``) all ask it for a call at
a time; the registry's ``clock()`` is its ``now()``.

- ``RealClock``, the server's: wall-clock time (``time.time``: times are saved
  with the rooms and compared between processes), and one waiting loop, a
  background task of the server's async mode (a greenlet on gevent, a thread
  in the test client's threading mode), started with the first timer. It
  sleeps on an event of that async mode until the earliest timer of its heap
  is due, and starts each due call as a background task of its own, so that
  a slow call (a room change saving to the store) holds up no other timer.
- ``FakeClock``, the tests': time stands still until the test moves it
  (``advance``, ``advance_to``, ``advance_until``); the calls due meanwhile
  then run in order of their times, in the caller's thread, each seeing
  ``now()`` at its own time. ``partyapp serve --testing --fake-clock`` runs a
  server on one, moved through ``POST /testing/clock`` (``web/testing.py``).

A periodic call (``every``) is made again ``period`` seconds after the last
one returned, as a loop that sleeps between rounds would be.
"""

from __future__ import annotations

import abc
import heapq
import itertools
import logging
import threading
import time
from typing import Any, Callable

log = logging.getLogger(__name__)

Call = Callable[[], Any]


class Timer:
    """A call waiting for its time; ``cancel()`` takes it back (a periodic
    call is not made again)."""

    __slots__ = ("at", "fn", "period", "cancelled")

    def __init__(self, at: float, fn: Call, period: float | None = None) -> None:
        self.at = at
        self.fn = fn
        self.period = period
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True

    def __repr__(self) -> str:
        every = f" every {self.period}s" if self.period is not None else ""
        return f"<Timer at {self.at:.3f}{every} {getattr(self.fn, '__qualname__', self.fn)!r}>"


class Scheduler(abc.ABC):
    """Calls at times, on one heap; ``now()`` is the subclass's."""

    fake = False

    def __init__(self) -> None:
        self._heap: list[tuple[float, int, Timer]] = []
        self._order = itertools.count()
        self._lock = threading.Lock()

    @abc.abstractmethod
    def now(self) -> float:
        """The time on this clock, in seconds."""

    def call_at(self, at: float, fn: Call) -> Timer:
        """Call ``fn()`` once ``now()`` reaches ``at``."""
        return self._push(Timer(at, fn))

    def call_later(self, seconds: float, fn: Call) -> Timer:
        """Call ``fn()`` in ``seconds``."""
        return self.call_at(self.now() + seconds, fn)

    def every(self, period: float, fn: Call) -> Timer:
        """Call ``fn()`` in ``period`` seconds, and again ``period`` seconds
        after each call returned, until cancelled."""
        return self._push(Timer(self.now() + period, fn, period))

    def pending(self) -> int:
        """How many calls wait (cancelled ones not counted)."""
        with self._lock:
            return sum(1 for _, _, t in self._heap if not t.cancelled)

    def next_at(self) -> float | None:
        """When the earliest waiting call is due (None: nothing waits)."""
        with self._lock:
            self._drop_cancelled()
            return self._heap[0][0] if self._heap else None

    # -- the heap ---------------------------------------------------------------
    def _push(self, timer: Timer) -> Timer:
        with self._lock:
            heapq.heappush(self._heap, (timer.at, next(self._order), timer))
            first = self._heap[0][2] is timer
        self._pushed(first)
        return timer

    def _pushed(self, first: bool) -> None:
        """A timer joined the heap (``first``: it is now the earliest)."""

    def _drop_cancelled(self) -> None:
        while self._heap and self._heap[0][2].cancelled:
            heapq.heappop(self._heap)

    def _pop_due(self, until: float) -> Timer | None:
        """The earliest call due by ``until``, taken off the heap (lock held)."""
        self._drop_cancelled()
        if self._heap and self._heap[0][0] <= until:
            return heapq.heappop(self._heap)[2]
        return None

    def _run(self, timer: Timer) -> None:
        """Make one call (a failure is logged, as a background task's would
        be); a periodic one is put back for its next round."""
        if timer.cancelled:
            return
        try:
            timer.fn()
        except Exception:
            log.exception("timer %r failed", timer)
        if timer.period is not None and not timer.cancelled:
            timer.at = self.now() + timer.period
            self._push(timer)


class RealClock(Scheduler):
    """Wall-clock time, one waiting loop on the server's async mode.

    ``start_task(fn, *args)`` starts a background task and ``make_event()``
    makes an event of the server's async mode (Flask-SocketIO's
    ``start_background_task`` and engine.io's ``create_event``); both are
    asked for when the first timer is set, once the server is bound."""

    def __init__(self, start_task: Callable[..., Any], make_event: Callable[[], Any],
                 clock: Callable[[], float] = time.time) -> None:
        super().__init__()
        self._start_task = start_task
        self._make_event = make_event
        self._clock = clock
        self._wake: Any = None
        self._started = False
        self._closed = False

    def now(self) -> float:
        return self._clock()

    def close(self) -> None:
        """Stop the waiting loop (calls still waiting are never made)."""
        self._closed = True
        if self._wake is not None:
            self._wake.set()

    def _pushed(self, first: bool) -> None:
        start = False
        with self._lock:
            if not self._started:
                self._started = start = True
                self._wake = self._make_event()
        if start:
            self._start_task(self._loop)
        elif first:
            self._wake.set()  # the loop waits for a later time: it looks again

    def _loop(self) -> None:
        wake = self._wake
        while not self._closed:
            wake.clear()
            due: list[Timer] = []
            with self._lock:
                now = self._clock()
                while (timer := self._pop_due(now)) is not None:
                    due.append(timer)
                wait = self._heap[0][0] - now if self._heap else None
            for timer in due:
                self._start_task(self._run, timer)
            if not due:
                wake.wait(wait)


class ClockError(RuntimeError):
    """A fake clock used as it cannot be (moved back, moved from inside one
    of its calls, or a call that sets itself again at the same time without
    end)."""


class FakeClock(Scheduler):
    """Time that stands still until the test moves it; the calls due by then
    run in order, in the caller's thread."""

    fake = True
    START = 1_000_000.0  # where a fake clock starts unless told
    # Calls made at one time before they are taken for a loop (a call that
    # sets itself again for a time already reached, without end).
    MAX_CALLS_AT_ONCE = 10_000

    def __init__(self, start: float = START) -> None:
        super().__init__()
        self._now = start
        self._moving = threading.Lock()

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float = 0.0) -> int:
        """Move the clock on ``seconds`` (0: make the calls already due).
        Returns how many calls were made."""
        if seconds < 0:
            raise ClockError(f"a clock does not go back ({seconds} s)")
        return self.advance_to(self._now + seconds)

    def advance_to(self, when: float) -> int:
        """Move the clock on to ``when``, making every call due by then."""
        if not self._moving.acquire(blocking=False):
            raise ClockError("the clock is moved from inside one of its calls, or from two threads at once")
        try:
            made = at_once = 0
            while True:
                with self._lock:
                    timer = self._pop_due(when)
                if timer is None:
                    break
                if timer.at > self._now:
                    self._now, at_once = timer.at, 0
                self._run(timer)
                made += 1
                at_once += 1
                if at_once > self.MAX_CALLS_AT_ONCE:
                    raise ClockError(f"more than {self.MAX_CALLS_AT_ONCE} calls at {self._now}: the last was {timer!r}")
            self._now = max(self._now, when)
            return made
        finally:
            self._moving.release()

    def step(self) -> float:
        """Move the clock on to the next waiting call's time and make it
        (with any other due then); returns the new time. ``ClockError``
        when nothing waits."""
        nxt = self.next_at()
        if nxt is None:
            raise ClockError("nothing waits on the clock")
        self.advance_to(max(nxt, self._now))
        return self._now

    def advance_until(self, condition: Callable[[], Any], within: float = 60.0, what: str = "") -> Any:
        """Move the clock on, one due call after another, until
        ``condition()`` is true (returned), for at most ``within`` seconds of
        this clock; raise ``TimeoutError`` when it never is."""
        limit = self._now + within
        while True:
            self.advance()
            got = condition()
            if got:
                return got
            nxt = self.next_at()
            if nxt is None or nxt > limit:
                waiting = "nothing waits" if nxt is None else f"the next call is at +{nxt - self._now:.3f} s"
                raise TimeoutError(f"{what or condition!r} did not come true within {within} s ({waiting})")
            self.advance_to(nxt)
