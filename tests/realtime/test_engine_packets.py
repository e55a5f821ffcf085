"""Engine.IO packets a page never sends, and long-polling requests that
engine.io refuses (``seams.guard_engine_packets``, ``packets.engine_fault``):
every per-connection limit covers the Engine.IO layer under Socket.IO too.
A client's ping, an upgrade or a noop outside an upgrade, a packet of no
known type and a pong to no ping are bad packets; a packet engine.io cannot
decode closes its connection at once; each close charges the address, so
that after three its new connections are refused as they are accepted.
Before, one socket sending ``2`` without pause held 95 % of a core and was
never closed, ``4`` and 60,000 ``[`` stopped its reader with a traceback,
and a long-polling POST engine.io refused (too long, a type it does not
know) was never answered and kept its descriptor for good. Real server
processes and sockets; other addresses are other loopback addresses."""

from __future__ import annotations

import json
import socket

import pytest

from tests.conftest import wait_for
from tests.serverproc import ServerProcess, assert_clean_log
from tests.wire import (RawPhone as Phone, SeatedParty, closed_by_server, raise_own_descriptor_limit, raw_socket, raw_ws,
                        refused_at_once)

pytestmark = pytest.mark.slow

# what one connection sends, again and again, once in the namespace
ON_A_WEBSOCKET = {
    "a client's ping": "2",
    "an upgrade outside an upgrade": "5",
    "a noop": "6",
    "an open": "0",
    "a packet of no known type": "7",
    "a pong to no ping": "3",
    "a type that is no digit": "x",
    "an empty packet": "",
    "a message 60,000 arrays deep before Socket.IO": "4" + "[" * 60_000,
    "a pong with JSON after it": "3" + "[" * 60_000,
}


def refused(port: int, source: str) -> bool:
    """Are new connections from ``source`` closed as they are accepted
    (within 10 s)?"""
    try:
        return wait_for(lambda: refused_at_once(port, source), 10, "the address refused")
    except AssertionError:
        return False


def test_engine_io_packets_a_page_never_sends_cut_the_connection_and_then_the_address(tmp_path):
    """Each kind from an address of its own: every connection is closed
    within a few packets, and after three the address's new connections
    are refused as they are accepted; another address's table is answered
    all along, and the log holds no traceback."""
    import websocket

    log_path = tmp_path / "server.log"
    server = ServerProcess("memory://", log_path=log_path).start()
    failed = {}
    try:
        for k, (kind, packet) in enumerate(ON_A_WEBSOCKET.items()):
            source = f"127.0.{k + 10}.1"
            for attempt in range(3):
                ws = raw_ws(server.port, source, join=True)
                try:
                    for _ in range(2000):
                        ws.send(packet)
                    closed = closed_by_server(ws)
                except (websocket.WebSocketException, OSError):
                    closed = True
                ws.close()
                if not closed:
                    failed[kind] = f"connection {attempt + 1} never closed after 2,000 packets"
                    break
            else:
                if not refused(server.port, source):
                    failed[kind] = "the address not refused"
            other = Phone(server.port, "127.0.0.2")
            assert other.call("room.create", {})["ok"], kind
            other.close()
    finally:
        server.stop()
    assert failed == {}
    assert_clean_log(log_path)


# -- long-polling -------------------------------------------------------------------------

def _answer(s: socket.socket) -> tuple[int, bytes] | None:
    """The next HTTP answer on ``s``, its status and body; None when the
    server closed the connection without one (or none came within 10 s)."""
    s.settimeout(10)
    got = b""
    try:
        while b"\r\n\r\n" not in got:
            more = s.recv(65536)
            if not more:
                return None
            got += more
        head, body = got.split(b"\r\n\r\n", 1)
        length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                       if line.lower().startswith(b"content-length:")), 0)
        while len(body) < length:
            more = s.recv(65536)
            if not more:
                return None
            body += more
    except OSError:  # reset, or no answer within the time-out
        return None
    return int(head.split(b" ", 2)[1]), body


def _request(s: socket.socket, head: str, body: bytes = b"") -> int | None:
    """Send one HTTP request on ``s``; the status of its answer (None: see ``_answer``)."""
    try:
        s.sendall(head.encode() + (f"Content-Length: {len(body)}\r\n\r\n".encode() if body else b"\r\n") + body)
    except OSError:
        return None
    answered = _answer(s)
    return answered[0] if answered else None


def polling_session(port: int, source: str) -> tuple[socket.socket, str] | None:
    """A long-polling Engine.IO connection's handshake from ``source``: its
    socket and its id; None when the server refused it (raises
    ``TimeoutError`` when it did not answer within 10 s)."""
    s = raw_socket(port, source)
    s.settimeout(10)
    try:
        s.sendall(b"GET /socket.io/?EIO=4&transport=polling HTTP/1.1\r\nHost: x\r\n\r\n")
        got = b""
        while b"\r\n\r\n" not in got or not got.rstrip().endswith(b"}"):
            more = s.recv(65536)
            if not more:
                break
            got += more
    except TimeoutError:
        s.close()
        raise
    except OSError:
        got = b""
    if not got.startswith(b"HTTP/1.1 200"):
        s.close()
        return None
    return s, json.loads(got.split(b"\r\n\r\n", 1)[1][1:])["sid"]


def poll(s: socket.socket, sid: str) -> str:
    """One long-polling GET of ``sid``: the packets it brought, as text."""
    s.sendall(f"GET /socket.io/?EIO=4&transport=polling&sid={sid} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    answered = _answer(s)
    assert answered is not None and answered[0] == 200, answered
    return answered[1].decode()


def post(s: socket.socket, port: int, sid: str, body: bytes) -> int | None:
    head = f"POST /socket.io/?EIO=4&transport=polling&sid={sid} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
    return _request(s, head + "Content-Type: text/plain;charset=UTF-8\r\n", body)


# what one long-polling request carries
IN_A_POST = {
    "a request longer than the server takes": b"4" + b"a" * 70_000,
    "a packet of no known type": b"7",
    "a type that is no digit": b"x",
    "a client's ping": b"2",
    "text that is no UTF-8": b"4\xff\xfe",
    "a message 60,000 arrays deep before Socket.IO": b"4" + b"[" * 60_000,
}


def test_a_long_polling_request_the_server_refuses_is_answered_and_its_connection_closed(tmp_path):
    """Each kind from an address of its own: the POST is answered at once
    (400), its Engine.IO connection is gone (a poll with its id is refused),
    and after three the address's new connections are refused as they are
    accepted."""
    log_path = tmp_path / "server.log"
    server = ServerProcess("memory://", log_path=log_path).start()
    failed = {}
    try:
        for k, (kind, body) in enumerate(IN_A_POST.items()):
            source = f"127.0.{k + 30}.1"
            for attempt in range(3):
                session = polling_session(server.port, source)
                if session is None:
                    failed[kind] = f"handshake {attempt + 1} refused"
                    break
                s, sid = session
                status = post(s, server.port, sid, body)
                if status != 400:
                    failed[kind] = f"request {attempt + 1} answered {status}"
                    s.close()
                    break
                s.close()
                check = raw_socket(server.port, "127.0.0.2")
                gone = _request(check, f"GET /socket.io/?EIO=4&transport=polling&sid={sid} HTTP/1.1\r\nHost: x\r\n")
                check.close()
                if gone != 400:
                    failed[kind] = f"connection {attempt + 1} still there ({gone})"
                    break
            else:
                if not refused(server.port, source):
                    failed[kind] = "the address not refused"
    finally:
        server.stop()
    assert failed == {}
    assert_clean_log(log_path)


def test_refused_long_polling_requests_from_twenty_addresses_do_not_lock_a_party_out(tmp_path):
    """The attack: from each of 20 addresses, 60 long-polling connections
    each sending one POST that engine.io refuses (a packet of no known type,
    or one too long) and closing their end at once, against a server
    limited to 1,024 descriptors. A new guest joins and a dropped phone
    comes back. Before: each refused POST waited for good for a poll that
    never came, holding its descriptor ("Too many open files")."""
    raise_own_descriptor_limit(1024)
    log_path = tmp_path / "server.log"
    server = ServerProcess(f"sqlite:///{tmp_path / 'rooms.db'}", log_path=log_path, open_files=1024).start()
    try:
        party = SeatedParty(server.port)
        attempts = [(f"127.0.1.{a + 1}", n) for a in range(20) for n in range(60)]
        for source, n in attempts:
            try:
                session = polling_session(server.port, source)
            except TimeoutError:
                break  # the server answers no more
            if session is None:
                continue  # refused: the address was cut off
            s, sid = session
            head = (f"POST /socket.io/?EIO=4&transport=polling&sid={sid} HTTP/1.1\r\nHost: x\r\n"
                    "Content-Length: {}\r\n\r\n")
            body = b"7" if n % 2 else b"4" + b"a" * 70_000
            try:
                s.sendall(head.format(len(body)).encode() + body)
            except OSError:
                pass  # closed before it was all sent
            s.close()
        party.still_open()
    finally:
        server.stop()
    assert_clean_log(log_path, "Too many open files")


def test_pages_answering_their_pings_are_never_taken_for_flooders(tmp_path):
    """A page on a WebSocket and one on long-polling each answer three of
    the server's pings (a second apart) with a pong, as engine.io's client
    does: neither is charged anything, and each is answered after."""
    config = tmp_path / "config.toml"
    config.write_text("[limits]\nping_interval_s = 1\nping_timeout_s = 5\n")
    log_path = tmp_path / "server.log"
    server = ServerProcess("memory://", extra=["--config", str(config)], log_path=log_path).start()
    try:
        ws = raw_ws(server.port, "127.0.0.2", join=True)
        pinged = 0
        while pinged < 3:
            if ws.recv() == "2":
                ws.send("3")
                pinged += 1
        ws.send('421["room.create",{}]')
        assert wait_for(lambda: ws.recv().startswith("431"), 10, "the WebSocket's answer")
        ws.close()

        s, sid = polling_session(server.port, "127.0.0.3")
        assert post(s, server.port, sid, b"40") == 200
        assert poll(s, sid).startswith("40")
        pinged = 0
        while pinged < 3:
            if poll(s, sid) == "2":
                assert post(s, server.port, sid, b"3") == 200
                pinged += 1
        assert post(s, server.port, sid, b'421["room.create",{}]') == 200
        assert wait_for(lambda: "431" in poll(s, sid), 10, "the long-polling page's answer")
        s.close()
    finally:
        server.stop()
    text = log_path.read_text()
    assert "sent" not in text and "closing" not in text, text
    assert_clean_log(log_path)
