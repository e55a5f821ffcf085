"""One address cannot use up the server's descriptors (issue 23, point 2):
connections per address are capped, half-sent HTTP requests are closed
after a few seconds, a WebSocket dropped for missed pings is closed down to
its TCP connection, and ``partyapp serve`` raises its own descriptor limit
and says how many connections it can hold. Real server processes, real
sockets; other addresses are other loopback addresses (127.0.0.0/8)."""

from __future__ import annotations

import base64
import os
import resource
import socket

import psutil
import pytest

from partyapp.web import server as web_server
from tests.conftest import wait_for
from tests.serverproc import ServerProcess, assert_clean_log
from tests.wire import RawPhone as Phone, raw_socket

pytestmark = pytest.mark.slow


def own_limit_at_least(n: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < n:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(n, soft)), hard))


def test_half_open_requests_from_one_address_do_not_lock_the_others_out(tmp_path):
    """1,100 sockets from one address, each sending ``GET /healthz`` and part
    of its headers, against a server limited to 1,024 descriptors: a new
    guest still joins, a phone that dropped comes back, and the half-open
    sockets are closed by the server within seconds."""
    own_limit_at_least(4096)
    log_path = tmp_path / "server.log"
    server = ServerProcess(f"sqlite:///{tmp_path / 'rooms.db'}", log_path=log_path, open_files=1024).start()
    attackers: list[socket.socket] = []
    try:
        table = Phone(server.port, "127.0.0.2")
        created = table.call("room.create", {})
        code = created["code"]
        ana = Phone(server.port, "127.0.0.3")
        joined = ana.call("player.join", {"code": code, "name": "Ana"})
        assert joined["ok"], joined

        for _ in range(1100):
            s = raw_socket(server.port, "127.0.0.1")
            try:
                s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
            except OSError:
                pass  # closed at once: past the cap of its address
            attackers.append(s)

        guest = Phone(server.port, "127.0.0.4")
        assert guest.call("player.join", {"code": code, "name": "Bea"})["ok"]
        ana.close()  # Ana's phone drops and comes back on a new connection
        back = Phone(server.port, "127.0.0.3")
        resumed = back.call("player.resume", {"code": code, "token": joined["token"]})
        assert resumed["ok"] and resumed["player_id"] == joined["player_id"], resumed

        # every half-open socket is closed by the server, within the header timeout
        open_left = list(attackers)

        def all_closed() -> bool:
            still = []
            for s in open_left:
                s.setblocking(False)
                try:
                    if s.recv(1) != b"":
                        still.append(s)
                except BlockingIOError:
                    still.append(s)
                except OSError:
                    pass
            open_left[:] = still
            return not open_left

        wait_for(all_closed, 5 + 10, "every half-open socket closed by the server", every=0.2)
        for c in (table, guest, back):
            c.close()
    finally:
        for s in attackers:
            s.close()
        server.stop()
    assert_clean_log(log_path, "Too many open files")


def _handshake(port: int, source: str) -> socket.socket:
    """A WebSocket opened by hand, connected to the namespace; it then reads
    nothing and answers nothing, like a phone that vanished."""
    s = raw_socket(port, source)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
               "Upgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(4096)
    assert b" 101 " in head.split(b"\r\n", 1)[0]
    payload = b"40"
    mask = os.urandom(4)
    s.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
    return s


def server_sockets_from(pid: int, source: str) -> int:
    return sum(1 for c in psutil.Process(pid).net_connections(kind="tcp") if c.raddr and c.raddr.ip == source)


def test_a_socket_dropped_for_missed_pings_is_closed_down_to_its_tcp_connection(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("[limits]\nping_interval_s = 1\nping_timeout_s = 1\n")
    server = ServerProcess(f"sqlite:///{tmp_path / 'rooms.db'}", extra=["--config", str(config)],
                           log_path=tmp_path / "server.log").start()
    try:
        vanished = _handshake(server.port, "127.0.0.5")
        assert server_sockets_from(server.proc.pid, "127.0.0.5") >= 1
        wait_for(lambda: server_sockets_from(server.proc.pid, "127.0.0.5") == 0, 15,
                 "the vanished socket closed down to its TCP connection", every=0.25)
        vanished.close()
    finally:
        server.stop()


def test_serve_raises_its_descriptor_limit_and_says_how_many_connections_it_holds(tmp_path):
    """Started with a soft limit of 1,024 under a hard one of 8,192, it runs
    with 8,192 and prints the connections that fit."""
    log_path = tmp_path / "server.log"
    server = ServerProcess(f"sqlite:///{tmp_path / 'rooms.db'}", log_path=log_path)
    server._limits = lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 8192))
    server.open_files = 1024
    server.start()
    try:
        soft, hard = psutil.Process(server.proc.pid).rlimit(psutil.RLIMIT_NOFILE)
        assert (soft, hard) == (8192, 8192)
    finally:
        server.stop()
    text = log_path.read_text()
    assert f"room for about {web_server.connections_for(8192):,} connections" in text
    assert "raised from 1,024" in text
