"""The phones' round trips, for fair races.

Engine.IO pings every connection already, but python-engineio keeps no
round trip: its ``Socket`` notes when it sent a ping (``last_ping``) and,
when the pong comes, only schedules the next ping (every ``ping_interval``,
10 s here), so nothing can be read from it, and far too rarely. So the
server pings the phones itself: ``net.ping {n}``, which the pages answer at
once through the Socket.IO acknowledgement. Only phones seated in a running
reflex game are pinged: quickly until a few round trips are in, then every
couple of seconds (``RoundTrips``), and the table device of a game a
guest without a phone plays in (the guests tap it); the server looks for the phones due a
ping every ``RoundTrips.QUICK_S`` on its scheduler (``clock.py``), whose
``now()`` also times the round trips. A client that does not answer has
no round trip: its moves are judged by arrival alone. At most one ping per
phone waits for its answer: the next goes once it is answered, or once it
is stale, and then python-socketio's callback for the stale one is dropped
(``seams.drop_callback``), so a phone that never answers costs the server
one callback, not one per ping.

The phone decides when it answers, so a round trip is only as honest as
the phone. The estimate stamped on its moves is the shortest of its recent
round trips (``RoundTrips.estimate``): network delays only ever add to a
round trip, so the shortest is the best measure of an honest phone, and a
phone faking lag must hold back every one of its answers (one answered at
once undoes it). What it can gain is bounded by the races' cap on the
compensation (``races.MAX_LAG_MS``, 80 ms by default): see the README's
"Fair play".
"""

from __future__ import annotations

import logging
from collections import deque
from typing import Any, Callable

from partyapp.games.kit.races import median
from partyapp.realtime import seams
from partyapp.realtime.protocol import Event

log = logging.getLogger(__name__)

# Round trips kept per connection; the shortest of these is the phone's round trip.
KEEP_SAMPLES = 5


class RoundTrips:
    """One connection's pings: sent, answered, and the shortest of the last
    ``keep`` round trips (``estimate``). Times are the caller's (the
    scheduler's ``now()``)."""

    __slots__ = ("samples", "pending", "next_seq", "last_sent", "waiting")

    MAX_PENDING = 1
    QUICK_S = 0.5  # between pings until ``keep`` answers are in
    STEADY_S = 2.0  # between pings after that
    STALE_S = 10.0  # an unanswered ping older than this is forgotten

    def __init__(self, keep: int = KEEP_SAMPLES) -> None:
        self.samples: deque[float] = deque(maxlen=keep)
        self.pending: dict[int, float] = {}
        self.next_seq = 0
        self.last_sent: float | None = None
        self.waiting: Any = None  # what answers the pending ping (its acknowledgement callback)

    def due(self, now: float) -> bool:
        """Is it time to ping this connection again? Not while a ping waits
        for its answer, until it is stale."""
        if self.last_sent is None:
            return True
        if any(now - t < self.STALE_S for t in self.pending.values()):
            return False
        wait = self.QUICK_S if len(self.samples) < (self.samples.maxlen or 1) else self.STEADY_S
        return now - self.last_sent >= wait

    def sent(self, now: float, waiting: Any = None) -> int:
        """A ping goes out now (answered through ``waiting``); returns its
        number. A ping still pending is forgotten."""
        self.waiting = waiting
        self.next_seq += 1
        seq = self.next_seq
        self.last_sent = now
        self.pending = {k: t for k, t in self.pending.items() if now - t < self.STALE_S}
        while len(self.pending) >= self.MAX_PENDING:
            del self.pending[min(self.pending)]
        self.pending[seq] = now
        return seq

    def answered(self, seq: int, now: float) -> float | None:
        """Ping ``seq`` came back now: the round trip, kept as a sample (None
        for an unknown or forgotten ping)."""
        sent = self.pending.pop(seq, None)
        if not self.pending:
            self.waiting = None
        if sent is None or now < sent:
            return None
        rtt = now - sent
        self.samples.append(rtt)
        return rtt

    def median(self) -> float | None:
        """The recent median round trip in seconds, or None before any answer."""
        return median(self.samples)

    def estimate(self) -> float | None:
        """The phone's round trip as stamped on its moves: the shortest of
        the recent ones, in seconds (None before any answer). Delays only
        add to a round trip, so the shortest is the truest, and a phone
        that holds its answers back must hold back every one."""
        return min(self.samples) if self.samples else None


def measure_round_trip(socketio: Any, conn: Any, now: Callable[[], float]) -> None:
    """Ping one phone and keep the round trip on its connection
    (``conn.trips``, a ``connections.Conn``) as ``now()`` measures it: the
    shortest recent one is stamped on its moves."""
    trips = conn.trips
    stale = trips.waiting
    if stale is not None:
        seams.drop_callback(socketio.server, conn.sid, stale)
    seq = trips.next_seq + 1

    def answered(*_: Any) -> None:
        trips.answered(seq, now())

    trips.sent(now(), answered)
    socketio.emit(Event.NET_PING, {"n": seq}, to=conn.sid, ignore_queue=True,  # a connection held here
                  callback=answered)


def in_reflex_game(registry: Any, conn: Any) -> bool:
    """Is this connection a player's, seated in a running reflex game, or
    the table's of one a guest without a phone plays in (the guests tap
    the table device: their taps are judged by its round trip, as a
    phone's are by its own)?"""
    if conn.role not in ("player", "table") or conn.code is None:
        return False
    room = registry.live(conn.code)
    game = room.game if room is not None else None
    if game is None or not game.reflex or game.is_over():
        return False
    if conn.role == "table":
        playing = set(game.players())
        return any(s.guest and s.id in playing for s in room.seats)
    return True


def ping_due(conns: dict, registry: Any, socketio: Any, now: Callable[[], float]) -> None:
    """Ping every phone that is due (``conns``: the connections by id,
    ``registry``: the rooms'; ``now``: the scheduler's clock). Called every
    ``RoundTrips.QUICK_S`` on the scheduler."""
    try:
        at = now()
        for conn in list(conns.values()):
            if conn.trips.due(at) and in_reflex_game(registry, conn):
                measure_round_trip(socketio, conn, now)
    except Exception:
        log.exception("pinging the phones failed")
