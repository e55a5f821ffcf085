"""A small asyncio Socket.IO client (Engine.IO 4 over a raw WebSocket).

The load generator opens well over a thousand sockets from one or two
processes, so it speaks the wire format itself instead of going through a
full client library: an HTTP upgrade, RFC 6455 frames (text only, client
frames masked), and the few Engine.IO / Socket.IO packets the protocol uses:

- Engine.IO ``0`` open, ``2`` ping (answered with ``3`` pong), ``4`` message;
- Socket.IO ``0`` connect, ``2`` event, ``3`` ack, on the default namespace.

Only what the benchmark needs: no polling transport, no binary packets, no
compression, no reconnection.
"""

from __future__ import annotations

import asyncio
import base64
import os
import struct
from typing import Any, Callable

import orjson

# The generator must not be the bottleneck: orjson parses the state frames
# several times faster than the standard module.
_loads = orjson.loads


def _dumps(data, separators=None) -> str:
    return orjson.dumps(data).decode()


class SioError(Exception):
    pass


class Client:
    """One Socket.IO connection. ``on_event(client, name, data)`` is called
    for every server event; ``call()`` emits and waits for the ack."""

    __slots__ = ("host", "port", "reader", "writer", "on_event", "acks", "next_id",
                 "connected", "closed", "sid", "_task", "bytes_in", "last_len", "user")

    def __init__(self, host: str, port: int, on_event: Callable[["Client", str, Any], None] | None = None) -> None:
        self.host = host
        self.port = port
        self.on_event = on_event
        self.acks: dict[int, asyncio.Future] = {}
        self.next_id = 0
        self.connected = asyncio.Event()
        self.closed = False
        self.sid: str | None = None
        self._task: asyncio.Task | None = None
        self.bytes_in = 0
        self.last_len = 0  # size of the last message, for the handler
        self.user: Any = None  # free slot for the caller

    # -- connection ----------------------------------------------------------
    async def connect(self, timeout: float = 30.0, source: str | None = None) -> None:
        """``source``: the local address to connect from (another loopback
        address stands for another machine)."""
        local = {"local_addr": (source, 0)} if source else {}
        self.reader, self.writer = await asyncio.wait_for(
            asyncio.open_connection(self.host, self.port, limit=1 << 22, **local), timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            "GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\n"
            f"Host: {self.host}:{self.port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.writer.write(request.encode())
        head = await asyncio.wait_for(self.reader.readuntil(b"\r\n\r\n"), timeout)
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise SioError(f"upgrade refused: {head[:200]!r}")
        self._task = asyncio.get_running_loop().create_task(self._read_loop())
        await asyncio.wait_for(self.connected.wait(), timeout)

    async def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            self._send_text("41")
            self._send_frame(0x8, b"")
            await self.writer.drain()
        except (ConnectionError, RuntimeError, OSError):
            pass
        self.writer.close()
        try:
            await asyncio.wait_for(self.writer.wait_closed(), 2)
        except (asyncio.TimeoutError, ConnectionError, OSError):
            pass
        if self._task is not None:
            self._task.cancel()
        self._fail_acks()

    def abort(self) -> None:
        self.closed = True
        try:
            self.writer.transport.abort()
        except Exception:
            pass
        if self._task is not None:
            self._task.cancel()
        self._fail_acks()

    def _fail_acks(self) -> None:
        for fut in self.acks.values():
            if not fut.done():
                fut.set_exception(SioError("connection closed"))
        self.acks.clear()

    # -- sending ---------------------------------------------------------------
    def _send_frame(self, opcode: int, payload: bytes) -> None:
        n = len(payload)
        if n < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        elif n < 65536:
            head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        else:
            head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
        mask = os.urandom(4)
        if n:
            # XOR with the repeated mask, done on big integers (fast in CPython)
            m = (mask * (n // 4 + 1))[:n]
            payload = (int.from_bytes(payload, "little") ^ int.from_bytes(m, "little")).to_bytes(n, "little")
        self.writer.write(head + mask + payload)

    def _send_text(self, text: str) -> None:
        self._send_frame(0x1, text.encode())

    def emit(self, event: str, data: Any = None, ack: bool = False) -> asyncio.Future | None:
        """Send an event; with ``ack`` return a future of the ack's first argument."""
        body = _dumps([event] if data is None else [event, data], separators=(",", ":"))
        if not ack:
            self._send_text("42" + body)
            return None
        self.next_id += 1
        fut = asyncio.get_running_loop().create_future()
        self.acks[self.next_id] = fut
        self._send_text(f"42{self.next_id}{body}")
        return fut

    async def call(self, event: str, data: Any = None, timeout: float = 30.0) -> Any:
        fut = self.emit(event, data, ack=True)
        return await asyncio.wait_for(fut, timeout)

    # -- receiving -------------------------------------------------------------
    async def _read_loop(self) -> None:
        reader = self.reader
        buf: list[bytes] = []
        try:
            while True:
                b0, b1 = await reader.readexactly(2)
                opcode = b0 & 0x0F
                n = b1 & 0x7F
                if n == 126:
                    n = struct.unpack("!H", await reader.readexactly(2))[0]
                elif n == 127:
                    n = struct.unpack("!Q", await reader.readexactly(8))[0]
                if b1 & 0x80:  # servers never mask, but be lenient
                    mask = await reader.readexactly(4)
                    data = bytes(b ^ mask[i % 4] for i, b in enumerate(await reader.readexactly(n)))
                else:
                    data = await reader.readexactly(n) if n else b""
                if opcode == 0x8:
                    break
                if opcode == 0x9:
                    self._send_frame(0xA, data)
                    continue
                if opcode == 0xA:
                    continue
                buf.append(data)
                if not b0 & 0x80:
                    continue  # more fragments follow
                payload = buf[0] if len(buf) == 1 else b"".join(buf)
                buf = []
                self.bytes_in += len(payload)
                self.last_len = len(payload)
                self._on_eio(payload.decode())
        except (asyncio.IncompleteReadError, ConnectionError, OSError, asyncio.CancelledError):
            pass
        finally:
            self.closed = True
            self._fail_acks()

    def _on_eio(self, text: str) -> None:
        kind = text[:1]
        if kind == "4":
            self._on_sio(text[1:])
        elif kind == "2":
            self._send_text("3")
        elif kind == "0":
            self._send_text("40")
        elif kind == "1":
            self.abort()

    def _on_sio(self, text: str) -> None:
        kind = text[:1]
        if kind == "2":
            i = 1
            while i < len(text) and text[i].isdigit():
                i += 1  # an id: the server wants an ack; it never does here
            args = _loads(text[i:])
            if self.on_event is not None:
                self.on_event(self, args[0], args[1] if len(args) > 1 else None)
        elif kind == "3":
            i = 1
            while text[i].isdigit():
                i += 1
            fut = self.acks.pop(int(text[1:i]), None)
            if fut is not None and not fut.done():
                args = _loads(text[i:])
                fut.set_result(args[0] if args else None)
        elif kind == "0":
            body = text[1:]
            if body:
                self.sid = _loads(body).get("sid")
            self.connected.set()
        elif kind in ("1", "4"):
            self.abort()
