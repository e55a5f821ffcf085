"""A protocol client over real Socket.IO (python-socketio's client), for
tests against a real server process; and the raw WebSocket pieces for the
tests that write Engine.IO and Socket.IO packets themselves (``raw_ws``,
``answer``, ``RawPhone``)."""

from __future__ import annotations

import json
import socket
import threading
import time

import socketio


def _in_order(sio: socketio.Client) -> None:
    """Handle each incoming message in the connection's read loop, in the
    order it came. python-engineio's client hands every message to a thread
    of its own, so on a busy machine two frames could be recorded in the
    wrong order although the server sent them in order."""
    eio = sio.eio
    trigger = eio._trigger_event

    def ordered(event, *args, **kwargs):
        if event == "message":
            kwargs["run_async"] = False
        return trigger(event, *args, **kwargs)

    eio._trigger_event = ordered


# Every client not yet closed: the tests' teardown closes them
# (``close_all``), so that none goes on reconnecting in a thread of its own
# after its test, drawing from the global ``random`` for its back-off.
LIVE: list["WireClient"] = []


def close_all() -> None:
    while LIVE:
        LIVE.pop().close()


class WireClient:
    def __init__(self, url: str) -> None:
        self.url = url
        LIVE.append(self)
        self.sio = socketio.Client(reconnection=True, reconnection_delay=0.2, reconnection_delay_max=1)
        _in_order(self.sio)
        self.state: dict | None = None
        self.revs: list[int] = []
        self.kicked: list[dict] = []
        self.on_reconnect = None  # called (in a thread) after every reconnect
        self.reconnect_errors: list[Exception] = []
        self._cond = threading.Condition()
        self._connects = 0
        self.sio.on("state", self._state)
        self.sio.on("kicked", lambda info: self.kicked.append(info))
        self.sio.on("connect", self._connected)

    def _state(self, view: dict) -> None:
        with self._cond:
            self.revs.append(view["rev"])
            if self.state is None or view["rev"] > self.state["rev"]:
                self.state = view
            self._cond.notify_all()

    def _connected(self) -> None:
        self._connects += 1
        if self._connects > 1 and self.on_reconnect is not None:
            threading.Thread(target=self._reconnected, args=(self.on_reconnect,), daemon=True).start()

    def _reconnected(self, again) -> None:
        """Call ``again`` after a reconnect, asking up to three times when
        the answer is slow (a busy machine); a failure is kept in
        ``reconnect_errors`` (the test then sees the state not come back),
        never raised in a thread where it would fail some later test."""
        for attempt in range(3):
            try:
                again()
                return
            except socketio.exceptions.TimeoutError as exc:
                error = exc
            except Exception as exc:  # noqa: BLE001 - kept for the test to see
                error = exc
                break
        self.reconnect_errors.append(error)

    def connect(self, headers: dict | None = None) -> "WireClient":
        self.sio.connect(self.url, headers=headers or {}, transports=["websocket"], wait_timeout=10)
        return self

    def call(self, event: str, payload: dict | None = None, timeout: float = 10) -> dict:
        return self.sio.call(event, payload if payload is not None else {}, timeout=timeout)

    def wait_for(self, predicate, timeout: float = 10) -> dict:
        deadline = time.monotonic() + timeout
        with self._cond:
            while not (self.state is not None and predicate(self.state)):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"state never matched; last rev {self.state and self.state['rev']}")
                self._cond.wait(left)
            return self.state

    def wait_rev(self, rev: int, timeout: float = 10) -> dict:
        return self.wait_for(lambda s: s["rev"] >= rev, timeout)

    def close(self) -> None:
        """Disconnect, or stop reconnecting when the server is gone (a client
        left reconnecting would go on in a thread of its own after the test)."""
        if self in LIVE:
            LIVE.remove(self)
        try:
            self.sio.shutdown()
        except Exception:
            pass


def raw_socket(port: int, source: str) -> socket.socket:
    """A TCP connection to the server on loopback ``port`` from the loopback
    address ``source`` (127.0.0.N: one test address each)."""
    s = socket.socket()
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    return s


def closed_by_server(ws, within: float = 10) -> bool:
    """Does the server close ``ws`` (reading what it still sends)?"""
    import websocket

    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            frame = ws.recv()
        except (websocket.WebSocketException, OSError):
            return True
        if frame == "2":
            ws.send("3")
        elif frame in ("", None) or frame.startswith("1"):
            return True
    return False


def refused_at_once(port: int, source: str) -> bool:
    """Is a new connection from ``source`` closed as it is accepted?"""
    s = raw_socket(port, source)
    s.settimeout(5)
    try:
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        return s.recv(100) == b""
    except (ConnectionResetError, BrokenPipeError):
        return True
    finally:
        s.close()


def raw_ws(port: int, source: str | None = None, *, join: bool = False):
    """A WebSocket to the server on loopback ``port`` (from the loopback
    address ``source`` when given), its Engine.IO handshake read; ``join``:
    connected to the namespace too."""
    import websocket

    extra = {"socket": raw_socket(port, source)} if source else {}
    ws = websocket.create_connection(f"ws://127.0.0.1:{port}/socket.io/?EIO=4&transport=websocket",
                                     timeout=10, **extra)
    assert ws.recv().startswith("0")  # Engine.IO open
    if join:
        ws.send("40")
        assert ws.recv().startswith("40")  # Socket.IO connect
    return ws


def answer(ws, n: int, *, only_events: bool = False) -> dict:
    """The acknowledgement of packet ``n`` on a raw WebSocket (pings
    answered, anything else skipped; ``only_events``: what is skipped must
    be an event)."""
    while True:
        reply = ws.recv()
        if reply == "2":
            ws.send("3")
        elif reply.startswith(f"43{n}"):
            return json.loads(reply[2 + len(str(n)):])[0]
        elif only_events:
            assert reply.startswith("42"), reply


class RawPhone:
    """A Socket.IO client over a raw WebSocket from the address ``source``."""

    def __init__(self, port: int, source: str) -> None:
        self.ws = raw_ws(port, source, join=True)
        self.n = 0

    def call(self, event: str, payload: dict) -> dict:
        self.n += 1
        self.ws.send(f"42{self.n}" + json.dumps([event, payload]))
        return answer(self.ws, self.n)

    def close(self) -> None:
        self.ws.close()


def raise_own_descriptor_limit(open_files: int) -> None:
    """Raises this process's own descriptor limit well above a server's
    ``open_files``, so that the test's sockets are never what runs out."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 4 * open_files:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4 * open_files), hard))


class SeatedParty:
    """A table and Ana seated on the server at ``port``, each from an
    address of its own; ``still_open()`` then checks what a party needs
    after an attack: a new guest (Bea) joins and Ana's dropped phone comes
    back to her seat."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.table = RawPhone(port, "127.0.0.2")
        self.code = self.table.call("room.create", {})["code"]
        self.ana = RawPhone(port, "127.0.0.3")
        self.joined = self.ana.call("player.join", {"code": self.code, "name": "Ana"})
        assert self.joined["ok"], self.joined

    def still_open(self) -> None:
        guest = RawPhone(self.port, "127.0.0.4")
        assert guest.call("player.join", {"code": self.code, "name": "Bea"})["ok"]
        self.ana.close()
        back = RawPhone(self.port, "127.0.0.3")
        resumed = back.call("player.resume", {"code": self.code, "token": self.joined["token"]})
        assert resumed["ok"] and resumed["player_id"] == self.joined["player_id"], resumed
        for c in (self.table, guest, back):
            c.close()
