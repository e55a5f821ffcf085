"""The seams into python-socketio's and python-engineio's internals
(``partyapp/realtime/seams.py``): the check at start-up, and each seam doing
its job on the installed versions.

- Local delivery: ``tests/test_fanout.py`` compares its frames byte for
  byte with ``emit``'s.
- Pings on gevent: a live socket is pinged after ``ping_interval``; a
  closed one is freed at once, not kept for the interval by a sleeping
  greenlet (the churn growth of issue 17).
- The packet class and the queue's frames messages: below.
"""

from __future__ import annotations

import gc
import weakref

import engineio
import gevent
from engineio import packet as eio_packet
from engineio import socket as eio_socket

import pytest
import socketio
from socketio import packet as sio_packet

from partyapp.cluster.queue import FRAMES, RoomQueue
from partyapp.realtime import seams
from partyapp.realtime.packets import Fragment


def gevent_server(interval: float) -> engineio.Server:
    eio = engineio.Server(async_mode="gevent", ping_interval=interval, ping_timeout=5)
    assert seams.install_heartbeats(eio)
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
    got: list[int] = []
    for _ in range(200):  # the interval, and however late a busy machine runs the timer
        gevent.sleep(0.01)
        got += sent(sock)
        if got:
            break
    assert got == [eio_packet.PING]
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
    assert not seams.install_heartbeats(engineio.Server(async_mode="threading"))


def test_the_seams_hold_on_the_installed_libraries():
    """Every internal the seams reach is where they were written for."""
    assert seams.problems() == []
    for dist, minor in seams.TESTED.items():
        assert seams.versions()[dist].startswith(minor + "."), dist


def test_a_moved_internal_stops_the_start_with_the_versions_it_was_tested_on(monkeypatch, make_app):
    """A library release that renamed an internal fails at start, naming what
    moved and the versions the seams were tested on."""
    monkeypatch.delattr(socketio.RedisManager, "_redis_connect")
    with pytest.raises(seams.SeamError) as refused:
        make_app()
    text = str(refused.value)
    assert "socketio.RedisManager._redis_connect" in text
    assert "python-socketio 5.18.x" in text and "python-engineio 4.15.x" in text


@pytest.mark.parametrize("name", ["connect", "disconnect", "connect_error", "*"])
def test_an_event_with_a_reserved_name_is_renamed_for_the_catch_all(name):
    """A client cannot run the server's own lifecycle handlers by naming them."""
    pkt = seams.WirePacket(encoded_packet=f'2["{name}",{{}}]')
    assert pkt.data == [f"(reserved) {name}", {}]


def test_an_event_without_a_name_is_renamed_for_the_catch_all():
    assert seams.WirePacket(encoded_packet="2[1,2]").data == ["(no name)"]
    assert seams.WirePacket(encoded_packet="2[]").data == ["(no name)"]


def test_pre_encoded_json_goes_out_as_it_is():
    """A ``Fragment`` is written into the packet unchanged; other data is
    encoded as python-socketio encodes it."""
    text = '{"rev":1,"name":"Zo\u00eb"}'
    assert seams.WirePacket(sio_packet.EVENT, data=["state", Fragment(text)]).encode() == f'2["state",{text}]'
    plain = {"a": [1, "b"]}
    assert (seams.WirePacket(sio_packet.EVENT, data=["x", plain]).encode()
            == sio_packet.Packet(sio_packet.EVENT, data=["x", plain]).encode())


def test_the_queue_carries_frames_messages_beside_its_own(monkeypatch):
    """A frames message is published on the library's channel, handed to the
    rooms' queue when it comes in, and the library's own messages still go to
    the library; a reconnection is told to the queue."""
    queue = RoomQueue()
    manager = seams.QueueManager("redis://127.0.0.1:1/0", queue)  # never connects in this test
    sent, got, library, back = [], [], [], []
    monkeypatch.setattr(manager, "_publish", sent.append)
    monkeypatch.setattr(socketio.pubsub_manager.PubSubManager, "_handle_emit",
                        lambda self, message: library.append(message))
    monkeypatch.setattr(socketio.RedisManager, "_redis_connect", lambda self: None)
    queue.on_frames = got.append
    queue.on_reconnect = lambda: back.append(True)

    queue.publish_frames("KQZX", 7, [[["h2"], None, "{}"]])
    assert [m["event"] for m in sent] == [FRAMES] and sent[0]["room"] == "queue:KQZX"
    assert sent[0]["data"] == [{"code": "KQZX", "rev": 7, "frames": [[["h2"], None, "{}"]]}]
    manager._handle_emit(sent[0])
    manager._handle_emit({"method": "emit", "event": "kicked", "data": [{}]})
    assert got == [sent[0]["data"][0]] and queue.received == 1
    assert [m["event"] for m in library] == ["kicked"]
    manager._redis_connect()  # the first connection
    assert back == []
    manager._redis_connect()  # Redis was lost and is back
    assert back == [True]
