"""Heartbeats on the server's scheduler instead of a sleeping task per socket (seam 2).

See the package's docstring (``partyapp/realtime/seams/__init__.py``).
"""

from __future__ import annotations

import time
import weakref

import engineio
from engineio import packet as eio_packet
from engineio import socket as eio_socket

from partyapp.realtime.clock import Scheduler

# -- 2. heartbeats on the scheduler ----------------------------------------------------

_SEND_PING = eio_socket.Socket._send_ping


def _ping(sock: eio_socket.Socket | None) -> None:
    """What ``Socket._send_ping`` does once its sleep is over (``sock``:
    None once it was freed)."""
    if sock is not None and not sock.closing and not sock.closed:
        sock.last_ping = time.time()  # engine.io's own clock, which its ping time-out reads
        sock.send(eio_packet.Packet(eio_packet.PING))


def install_heartbeats(eio: engineio.Server, clock: Scheduler) -> None:
    """Set ``eio``'s pings on ``clock`` instead of a sleeping task each."""
    start_task = eio.start_background_task

    def start_background_task(target, *args, **kwargs):
        if getattr(target, "__func__", None) is _SEND_PING and not args and not kwargs:
            ref = weakref.ref(target.__self__)  # a socket gone meanwhile is freed at once
            return clock.call_later(eio.ping_interval, lambda: _ping(ref()))
        return start_task(target, *args, **kwargs)

    eio.start_background_task = start_background_task
