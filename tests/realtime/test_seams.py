"""The seams into python-socketio's and python-engineio's internals
(``partyapp/realtime/seams/``): the check at start-up, and each seam doing
its job on the installed versions.

- Local delivery: ``tests/realtime/test_fanout.py`` compares its frames byte for
  byte with ``emit``'s.
- Heartbeats on the scheduler: a live socket is pinged after
  ``ping_interval`` of the clock; a closed one is freed at once, not kept
  for the interval by a sleeping greenlet (the churn growth of issue 17).
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
from partyapp.realtime.clock import FakeClock
from partyapp.realtime import seams
from partyapp.realtime.packets import Fragment


def heartbeat_server(interval: float) -> tuple[engineio.Server, FakeClock]:
    eio = engineio.Server(async_mode="gevent", ping_interval=interval, ping_timeout=5)
    clock = FakeClock()
    seams.install_heartbeats(eio, clock)
    return eio, clock


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
    eio, clock = heartbeat_server(10)
    sock = open_socket(eio)
    clock.advance(9.99)
    assert sent(sock) == [] and sock.last_ping is None
    clock.advance(0.01)
    assert sent(sock) == [eio_packet.PING]
    assert sock.last_ping is not None
    assert clock.pending() == 0  # the next one is set when the pong comes (schedule_ping)


def test_a_closed_socket_is_freed_before_its_ping_is_due():
    eio, clock = heartbeat_server(30)
    sock = open_socket(eio)
    ref = weakref.ref(sock)
    sock.close(wait=False, abort=True)
    del eio.sockets[sock.sid]  # as engine.io does when the WebSocket ends
    del sock
    gc.collect()
    assert ref() is None
    assert clock.advance(30) == 1  # its ping's time comes, and nothing is sent to nobody


def test_a_socket_closed_meanwhile_is_not_pinged():
    eio, clock = heartbeat_server(10)
    sock = open_socket(eio)
    sock.close(wait=False, abort=True)
    sent(sock)
    clock.advance(10)
    assert eio_packet.PING not in sent(sock)


def test_on_a_fake_clock_engineio_keeps_its_own_heartbeats(app):
    """A server on a fake clock (the tests') leaves engine.io's real-time
    heartbeats as they are: its clients still need their pings."""
    from partyapp.realtime.extension import socketio as flask_socketio

    eio = flask_socketio.server.eio
    assert app.extensions["partyapp"].clock.fake
    assert eio.start_background_task.__func__ is engineio.Server.start_background_task


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


# -- issue 23: packets the server cannot take, the WebSocket's end, ping callbacks ------

def guarded_server(on_bad):
    server = socketio.Server(async_mode="threading", serializer=seams.WirePacket)
    sent = []
    server._send_packet = lambda eio_sid, pkt: sent.append((eio_sid, pkt.packet_type, pkt.id, pkt.data))
    server.manager.initialize()
    seams.guard_messages(server, on_bad)
    return server, sent


def test_a_packet_that_cannot_be_decoded_goes_to_the_app_and_is_answered_on_its_ack_id():
    seen = []

    def on_bad(eio_sid, sid, reason):
        seen.append((eio_sid, sid, reason))
        return {"ok": False}, False

    server, sent = guarded_server(on_bad)
    assert server.eio.handlers["message"] is server._handle_eio_message
    server._handle_eio_message("e1", '27["x"')  # before the namespace connect: no sid, no answer
    server.eio.handlers["message"]("e1", "")
    assert [(e, s) for e, s, _ in seen] == [("e1", None), ("e1", None)]
    assert "JSON" in seen[0][2] and "empty" in seen[1][2]
    assert sent == []
    server.manager.connect("e2", "/")
    server._handle_eio_message("e2", '29["x",' + "[" * 40 + "]" * 40 + "]")
    assert seen[-1][1] is not None and "deeper" in seen[-1][2]
    assert sent == [("e2", sio_packet.ACK, 9, [{"ok": False}])]


def test_a_connection_the_app_closes_has_what_it_still_sent_dropped():
    calls = []
    server, sent = guarded_server(lambda e, s, r: (calls.append(r) or None, True))
    server.manager.connect("e3", "/")
    server._handle_eio_message("e3", '2["x"')
    server._handle_eio_message("e3", '2["x"')
    assert len(calls) == 1


def test_the_websocket_engine_io_makes_shuts_its_tcp_connection_down_when_closed():
    import socket as so

    eio = engineio.Server(async_mode="gevent")
    assert seams.close_dropped_sockets(eio)
    ws_class = eio._async["websocket"]
    mine, theirs = so.socketpair()

    class FakeWs:
        connected = True
        sock = mine

        def close(self):
            self.connected = False

    wrapper = ws_class(lambda ws: None, eio)
    wrapper.ws = FakeWs()
    wrapper.close()
    theirs.settimeout(2)
    assert theirs.recv(10) == b""  # the peer sees the end of the stream
    mine.close()
    theirs.close()
    assert not seams.close_dropped_sockets(engineio.Server(async_mode="threading"))


def reader_thread_class():
    """The thread class simple-websocket is given on the gevent driver once
    the seam is in place, and a connected pair of sockets."""
    import socket as so

    eio = engineio.Server(async_mode="gevent")
    seams.close_dropped_sockets(eio)
    return (eio._async["websocket"](lambda ws: None, eio).server_args["thread_class"], *so.socketpair())


def test_the_websocket_s_reader_lets_other_greenlets_run_after_each_recv():
    thread_class, mine, theirs = reader_thread_class()

    class Reader:
        sock = mine
        connected = True
        input_buffer: list = []

        def _thread(self):
            pass

    reader = Reader()
    thread_class(target=reader._thread)
    assert type(reader.sock).__name__ == "_TurnTakingSocket"
    ran = []
    gevent.spawn(lambda: ran.append(True))
    theirs.sendall(b"x")
    assert reader.sock.recv(1) == b"x" and ran == [True]
    assert reader.sock.fileno() == mine.fileno()
    mine.close()
    theirs.close()


def test_connections_coming_and_going_make_no_class_of_their_own():
    """Every WebSocket's reader has the one turn-taking class: a class made
    per connection lived in a reference cycle until the full collection
    (every few minutes), 5 MB over 10,000 connections."""
    eio = engineio.Server(async_mode="gevent")
    seams.close_dropped_sockets(eio)
    ws_class = eio._async["websocket"]
    # the classes the seam's module made (other threads of the test process
    # may make classes of their own meanwhile: those are not counted)
    made_here = seams._turn_taking.__module__

    def seam_classes() -> int:
        return sum(1 for o in gc.get_objects() if isinstance(o, type) and o.__module__ == made_here)

    gc.collect()
    gc.disable()
    try:
        before = seam_classes()
        classes = {ws_class(lambda ws: None, eio).server_args["thread_class"] for _ in range(50)}
        after = seam_classes()
    finally:
        gc.enable()
    assert len(classes) == 1 and after - before <= 1
    reader = classes.pop()
    assert seams._turn_taking(reader) is reader  # never wrapped twice


def test_the_websocket_s_turn_taking_socket_does_not_keep_its_websocket_alive():
    """A closed connection's WebSocket (and its buffers) goes as soon as the
    server lets go of it: the socket it is given back refers to it weakly, so
    the two make no cycle for the collector to find later (10,000 connections
    coming and going grew the server by 50 MB before)."""
    thread_class, mine, theirs = reader_thread_class()

    class Reader:
        connected = True

        def __init__(self):
            self.sock = mine
            self.input_buffer = []

        def _thread(self):
            pass

    reader = Reader()
    thread_class(target=reader._thread)
    wrapped = reader.sock
    gone = weakref.ref(reader)
    gc.disable()
    try:
        del reader
        assert gone() is None, "the WebSocket is kept by a reference cycle"
    finally:
        gc.enable()
    theirs.sendall(b"y")
    assert wrapped.recv(1) == b"y"  # the socket still reads once its WebSocket is gone
    mine.close()
    theirs.close()


def test_a_stale_acknowledgement_callback_can_be_dropped():
    server = socketio.Server(async_mode="threading")
    server.manager.initialize()
    sid = server.manager.connect("e4", "/")
    first, second = (lambda *_: None), (lambda *_: None)
    server.manager._generate_ack_id(sid, first)
    server.manager._generate_ack_id(sid, second)
    assert seams.pending_callbacks(server, sid) == 2
    assert seams.drop_callback(server, sid, first)
    assert not seams.drop_callback(server, sid, first)
    assert seams.pending_callbacks(server, sid) == 1


def test_the_websocket_refuses_a_message_longer_than_engine_io_takes_as_it_comes_in():
    eio = engineio.Server(async_mode="gevent", max_http_buffer_size=1000)
    seams.close_dropped_sockets(eio)
    assert eio._async["websocket"](lambda ws: None, eio).server_args["max_message_size"] == 1000


def test_the_websocket_s_reader_does_not_read_far_ahead_of_engine_io():
    """While READ_AHEAD messages wait to be taken, the reader reads nothing
    more (the client's sends wait on TCP)."""
    thread_class, mine, theirs = reader_thread_class()

    class Reader:
        sock = mine
        connected = True
        input_buffer = ["m"] * seams.READ_AHEAD

        def _thread(self):
            pass

    reader = Reader()
    thread_class(target=reader._thread)
    theirs.sendall(b"x")
    waits: list[float] = []

    def turn(seconds: float) -> None:  # the reader's turns, counted instead of slept
        waits.append(seconds)
        if len(waits) == 5:
            reader.input_buffer.clear()  # engine.io takes what waits

    reader.sock._yield = turn
    assert reader.sock.recv(1) == b"x"
    assert waits[:5] == [0.002] * 5 and waits[5:] == [0]  # five turns waiting for room, then one after the read
    mine.close()
    theirs.close()
