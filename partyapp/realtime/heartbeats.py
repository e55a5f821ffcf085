"""Engine.IO's pings on gevent without a sleeping greenlet per socket.

python-engineio pings each client ``ping_interval`` seconds after its last
pong: ``Socket.schedule_ping`` starts a background task that sleeps for the
interval and only then looks whether the socket has closed meanwhile. On
gevent that task is a greenlet holding the socket (and its saved stack) for
ten seconds after the client has gone: at 500 connects and disconnects a
second, 5,000 dead sockets and 62 MB that the allocator never gives back
(issue 17; python-engineio 4.15 still does it).

``install`` starts those pings with a libev timer of the hub instead: the
timer holds only a weak reference to the socket, so a closed socket is freed
as soon as engine.io lets it go (and its timer with it), and the ping itself
runs in a short-lived greenlet when the timer fires, exactly as
``Socket._send_ping`` would after its sleep. Other async modes are left as
they are.
"""

from __future__ import annotations

import time
import weakref

from engineio import packet as eio_packet
from engineio import socket as eio_socket

_SEND_PING = eio_socket.Socket._send_ping


def _ping(sock: eio_socket.Socket) -> None:
    """What ``Socket._send_ping`` does once its sleep is over."""
    if not sock.closing and not sock.closed:
        sock.last_ping = time.time()
        sock.send(eio_packet.Packet(eio_packet.PING))


def install(eio) -> bool:
    """Route ``eio``'s ping tasks through hub timers (gevent only). Returns
    whether it did."""
    if eio.async_mode != "gevent":
        return False
    import gevent

    start_task = eio.start_background_task

    def start_background_task(target, *args, **kwargs):
        if getattr(target, "__func__", None) is _SEND_PING and not args and not kwargs:
            return _ping_later(eio, target.__self__, gevent)
        return start_task(target, *args, **kwargs)

    eio.start_background_task = start_background_task
    return True


def _ping_later(eio, sock: eio_socket.Socket, gevent):
    timer = gevent.get_hub().loop.timer(eio.ping_interval)
    # once the socket is freed its timer goes too, instead of waiting to fire
    ref = weakref.ref(sock, lambda _: timer.close())

    def fire() -> None:
        timer.close()
        alive = ref()
        if alive is not None and not alive.closing and not alive.closed:
            gevent.spawn(_ping, alive)

    timer.start(fire)
    return timer
