"""The phones' round trips, for fair races.

Engine.IO pings every connection already, but python-engineio keeps no
round trip: its ``Socket`` notes when it sent a ping (``last_ping``) and,
when the pong comes, only schedules the next ping (every ``ping_interval``,
10 s here), so nothing can be read from it, and far too rarely. So the
server pings the phones itself: ``net.ping {n}``, which the pages answer at
once through the Socket.IO acknowledgement. Only phones seated in a running
reflex game are pinged: quickly until a few round trips are in, then every
couple of seconds (``races.RoundTrips``). A client that does not answer has
no round trip: its moves are judged by arrival alone.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from partyapp.games.kit.races import RoundTrips
from partyapp.realtime.protocol import Event

if TYPE_CHECKING:
    from partyapp.realtime.handlers import Conn, Realtime

log = logging.getLogger(__name__)


def measure_round_trip(socketio: Any, conn: "Conn") -> None:
    """Ping one phone and keep the round trip on its connection
    (``conn.trips``): its recent median is stamped on its moves."""
    seq = conn.trips.sent(time.monotonic())
    socketio.emit(Event.NET_PING, {"n": seq}, to=conn.sid, ignore_queue=True,  # a connection held here
                  callback=lambda *_: conn.trips.answered(seq, time.monotonic()))


def in_reflex_game(rt: "Realtime", conn: "Conn") -> bool:
    """Is this connection a player's, seated in a running reflex game?"""
    if conn.role != "player" or conn.code is None:
        return False
    room = rt.registry.live(conn.code)
    game = room.game if room is not None else None
    return game is not None and game.reflex and not game.is_over()


def ping_forever(rt: "Realtime", socketio: Any) -> None:
    """The background task: ping every phone that is due."""
    while True:
        socketio.sleep(RoundTrips.QUICK_S)
        try:
            now = time.monotonic()
            for conn in list(rt.conns.values()):
                if conn.trips.due(now) and in_reflex_game(rt, conn):
                    measure_round_trip(socketio, conn)
        except Exception:
            log.exception("pinging the phones failed")
