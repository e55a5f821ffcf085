"""Engine.IO connections that never connect to the namespace (issue 44,
point 8): one that has not within ``unconnected_timeout_s`` (or that left
it) is closed, and one address holds at most ``unconnected_per_address``
of them, so that such sockets from a few addresses cannot use up the
server's descriptors: a new guest still joins and a dropped phone comes
back. Real server processes and sockets, on a fake clock where the test is
about the server's time-out; other addresses are other loopback addresses."""

from __future__ import annotations

import base64
import os
import socket

import pytest

from tests.conftest import wait_for
from tests.serverproc import ServerProcess, assert_clean_log
from tests.wire import RawPhone as Phone, SeatedParty, raise_own_descriptor_limit, raw_socket

pytestmark = pytest.mark.slow


def _frame(text: str) -> bytes:
    payload = text.encode()
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    n = len(payload)
    head = bytes([0x81, 0x80 | n]) if n < 126 else bytes([0x81, 0x80 | 126]) + n.to_bytes(2, "big")
    return head + mask + masked


def unconnected(port: int, source: str) -> socket.socket | None:
    """A WebSocket opened by hand that reads its Engine.IO handshake and
    never connects to the namespace; None when the server refuses it."""
    s = raw_socket(port, source)
    s.settimeout(10)
    key = base64.b64encode(os.urandom(16)).decode()
    try:
        s.sendall((f"GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                   "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            got = s.recv(4096)
            if not got:
                break
            head += got
    except OSError:
        head = b""
    if b" 101 " not in head.split(b"\r\n", 1)[0]:
        s.close()
        return None
    return s


def closed_by_server(s: socket.socket) -> bool:
    """Has the server closed ``s`` (what it still sends read and dropped)?"""
    s.setblocking(False)
    try:
        while True:
            got = s.recv(65536)
            if got == b"":
                return True
    except BlockingIOError:
        return False
    except OSError:
        return True


def test_a_socket_that_does_not_connect_to_the_namespace_is_closed(tmp_path):
    """Its handshake done, it sends nothing more (or leaves the namespace
    and stays): the server closes it once ``unconnected_timeout_s`` (5 s) of
    its clock have passed, not before; a phone in the namespace stays."""
    server = ServerProcess("memory://", log_path=tmp_path / "server.log", fake_clock=True).start()
    try:
        silent = unconnected(server.port, "127.0.0.5")
        left = unconnected(server.port, "127.0.0.6")
        left.sendall(_frame("40"))
        phone = Phone(server.port, "127.0.0.7")
        left.sendall(_frame("41"))
        server.advance(4.5)
        assert not closed_by_server(silent) and not closed_by_server(left)
        server.advance(1)
        wait_for(lambda: closed_by_server(silent), 10, "the silent socket closed")
        # (when the server read the 41, its clock does not say: moved on a second at a time)
        wait_for(lambda: server.advance(1) and closed_by_server(left), 10,
                 "the socket that left the namespace closed", every=0.2)
        assert phone.call("room.create", {})["ok"]
        phone.close()
        silent.close()
        left.close()
    finally:
        server.stop()


def test_unconnected_sockets_from_twenty_addresses_do_not_lock_a_party_out(tmp_path):
    """The attack of the issue: sockets that never connect, 30 from each of
    20 addresses (the issue's 25 left this server a dozen descriptors),
    against a server limited to 1,024 descriptors and on a clock that
    stands still (so that only the cap per address holds them back). Each
    address keeps 8; a new guest joins and a dropped phone comes back.
    Before: every descriptor was used ("Too many open files")."""
    raise_own_descriptor_limit(1024)
    log_path = tmp_path / "server.log"
    server = ServerProcess(f"sqlite:///{tmp_path / 'rooms.db'}", log_path=log_path, open_files=1024,
                           fake_clock=True).start()
    held: list[socket.socket] = []
    try:
        party = SeatedParty(server.port)
        kept = {}
        for a in range(20):
            source = f"127.0.1.{a + 1}"
            for _ in range(30):
                s = unconnected(server.port, source)
                if s is not None:
                    held.append(s)
                    kept[source] = kept.get(source, 0) + 1
        party.still_open()
        assert max(kept.values()) <= 8, kept
    finally:
        for s in held:
            s.close()
        server.stop()
    assert_clean_log(log_path, "Too many open files")
