"""Engine.IO's pings on gevent (``partyapp/heartbeats.py``): a live socket
is pinged after ``ping_interval``; a closed one is freed at once, not kept
for the interval by a sleeping greenlet (the churn growth of issue 17)."""

from __future__ import annotations

import gc
import weakref

import engineio
import gevent
from engineio import packet as eio_packet
from engineio import socket as eio_socket

from partyapp.realtime import heartbeats


def gevent_server(interval: float) -> engineio.Server:
    eio = engineio.Server(async_mode="gevent", ping_interval=interval, ping_timeout=5)
    assert heartbeats.install(eio)
    return eio


def open_socket(eio: engineio.Server) -> eio_socket.Socket:
    sock = eio_socket.Socket(eio, eio.generate_id())
    sock.connected = sock.upgraded = True
    eio.sockets[sock.sid] = sock
    sock.schedule_ping()  # as engine.io does on connect and on every pong
    return sock


def sent(sock: eio_socket.Socket) -> list[int]:
    out = []
    while not sock.queue.empty():
        pkt = sock.queue.get_nowait()
        if pkt is not None:  # None: the socket's own end-of-queue mark
            out.append(pkt.packet_type)
    return out


def test_a_live_socket_is_pinged_after_the_interval():
    eio = gevent_server(0.05)
    sock = open_socket(eio)
    gevent.sleep(0.01)
    assert sent(sock) == []
    gevent.sleep(0.1)
    assert sent(sock) == [eio_packet.PING]
    assert sock.last_ping is not None


def test_a_closed_socket_is_freed_before_its_ping_is_due():
    eio = gevent_server(30)
    sock = open_socket(eio)
    ref = weakref.ref(sock)
    sock.close(wait=False, abort=True)
    del eio.sockets[sock.sid]  # as engine.io does when the WebSocket ends
    del sock
    gevent.sleep(0)
    gc.collect()
    assert ref() is None


def test_a_socket_closed_meanwhile_is_not_pinged():
    eio = gevent_server(0.05)
    sock = open_socket(eio)
    sock.close(wait=False, abort=True)
    sent(sock)
    gevent.sleep(0.1)
    assert eio_packet.PING not in sent(sock)


def test_other_async_modes_keep_engineio_s_own_pings():
    assert not heartbeats.install(engineio.Server(async_mode="threading"))
