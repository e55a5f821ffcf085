"""The one module that reaches inside python-socketio and python-engineio.

Everything else in the project speaks to the libraries through their public
API (Flask-SocketIO's ``SocketIO``, ``emit``, ``join_room``, python-socketio's
``Server.on`` and ``disconnect``). Four things cannot be done that way, and
they are done here, each against the internals of the minor versions named in
``TESTED`` (``pyproject.toml`` pins them), each with a test of its own
(``tests/test_seams.py``), and all checked when the app starts (``check``):
a release that moved one of them fails at start with a message naming what
moved and the versions this was tested on, instead of failing under load.

1. **Local delivery** (``deliver_local``): a change's frames go straight onto
   the send queues of this process's Engine.IO sockets, the way
   python-socketio's ``emit`` ends, without the layers above it (measured:
   less than half the cost, ``bench/RESULTS.md``). Reads the server's room
   table (``Server.manager.rooms``), the Engine.IO sockets
   (``engineio.Server.sockets``, ``Socket.queue``, ``closing``, ``closed``)
   and, for a member that is no Engine.IO socket (Flask-SocketIO's test
   client), ``Server._send_eio_packet``.
2. **Pings without a sleeping greenlet per socket** (``install_heartbeats``):
   python-engineio starts ``Socket._send_ping`` as a background task that
   sleeps ``ping_interval`` holding the socket; on gevent that kept every
   gone socket for ten seconds (5,000 dead sockets and 62 MB at 500
   connects a second). The task is run from a libev timer holding only a
   weak reference instead. Wraps ``engineio.Server.start_background_task``
   and recognises ``Socket._send_ping``; sends ``Socket.send(PING)`` and sets
   ``Socket.last_ping`` as that method does.
3. **The packet class** (``WirePacket``, the server's ``serializer``):
   outgoing packets skip the search for binary data and join pre-encoded
   JSON (``packets.Fragment``) as it is; incoming events with a reserved or
   missing name are renamed so that the catch-all answers them. Overrides
   ``socketio.packet.Packet.decode`` and reads its ``packet_type`` and
   ``data``.
4. **The message queue's frames messages** (``QueueManager``, several
   processes): python-socketio's ``RedisManager`` carries one more kind of
   message, handed to ``cluster.queue.RoomQueue``. Overrides ``_publish`` (to
   send it), ``_handle_emit`` (to take it) and ``_redis_connect`` (to learn of
   a reconnection).
"""

from __future__ import annotations

import inspect
import time
import weakref
from importlib import metadata
from typing import Any

import engineio
import socketio
from engineio import json as _json  # the standard module, with a bound on integer size when decoding
from engineio import packet as eio_packet
from engineio import socket as eio_socket
from socketio import packet as sio_packet

from partyapp.realtime.packets import Fragment

# distribution -> the minor version the seams were written and tested against
TESTED = {"python-socketio": "5.18", "python-engineio": "4.15"}


class SeamError(RuntimeError):
    """A library's internals are not what this module was written for."""


# -- 1. local delivery ------------------------------------------------------------------

def deliver_local(server: socketio.Server, frames: list[tuple[str, str]]) -> int:
    """Put each ``(channel, socket.io packet text)`` on the send queue of every
    socket of this process in ``channel`` (``server`` is the python-socketio
    server). Closed or closing sockets are left out, as ``emit`` leaves them.
    Returns how many packets were queued."""
    rooms = server.manager.rooms.get("/")
    if not rooms:
        return 0
    sockets = server.eio.sockets
    queued = 0
    for channel, text in frames:
        members = rooms.get(channel)
        if not members:
            continue
        pkt = eio_packet.Packet(eio_packet.MESSAGE, text)
        for eio_sid in members.values():
            s = sockets.get(eio_sid)
            if s is None:
                # not an Engine.IO socket of this server (Flask-SocketIO's
                # test client): the way ``emit`` ends, which tells it is gone
                server._send_eio_packet(eio_sid, pkt)
            elif not (s.closing or s.closed):
                s.queue.put(pkt)
                queued += 1
    return queued


# -- 2. pings on hub timers -------------------------------------------------------------

_SEND_PING = eio_socket.Socket._send_ping


def _ping(sock: eio_socket.Socket) -> None:
    """What ``Socket._send_ping`` does once its sleep is over."""
    if not sock.closing and not sock.closed:
        sock.last_ping = time.time()
        sock.send(eio_packet.Packet(eio_packet.PING))


def install_heartbeats(eio: engineio.Server) -> bool:
    """Route ``eio``'s ping tasks through hub timers (gevent only). Returns
    whether it did; other async modes keep engine.io's own pings."""
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


def _ping_later(eio: engineio.Server, sock: eio_socket.Socket, gevent: Any):
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


# -- 3. the packet class ----------------------------------------------------------------

_dumps = _json.dumps


class _Json:
    """A ``json`` module for packets: ``[event, Fragment]`` is joined as text,
    everything else goes through the standard encoder unchanged."""

    loads = staticmethod(_json.loads)

    @staticmethod
    def dumps(obj, **kwargs):
        if type(obj) is list and len(obj) == 2 and type(obj[1]) is Fragment:
            return "[" + _dumps(obj[0]) + "," + obj[1].text + "]"
        return _dumps(obj, **kwargs)


# Names python-socketio dispatches to the server's own lifecycle handlers (or
# to the catch-all itself) when a client sends them as an event: "connect"
# would run the connect handler again, "disconnect" would forget a live
# connection, "*" crashes the dispatcher and is never answered.
RESERVED_EVENTS = frozenset({"connect", "disconnect", "connect_error", "*"})


class WirePacket(sio_packet.Packet):
    """The server's Socket.IO packet class (``serializer=`` of the server).

    An incoming event with a reserved name, or with no name at all, is
    renamed on the way in, so that the catch-all handler answers it as an
    unknown event (``bad_request``) like any other."""

    uses_binary_events = False
    json = _Json

    def decode(self, encoded_packet):
        attachments = super().decode(encoded_packet)
        if self.packet_type in (sio_packet.EVENT, sio_packet.BINARY_EVENT):
            data = self.data
            if not isinstance(data, list) or not data or not isinstance(data[0], str):
                self.data = ["(no name)"]
            elif data[0] in RESERVED_EVENTS:
                self.data = [f"(reserved) {data[0]}", *data[1:]]
        return attachments


# -- 4. the message queue's frames messages ---------------------------------------------

class _QueueJson:
    """The queue's JSON module (the ``json`` of python-socketio's managers),
    with orjson: the messages come only from this application's own
    processes through Redis."""

    @staticmethod
    def dumps(obj: Any, **_: Any) -> bytes:
        import orjson

        return orjson.dumps(obj)

    @staticmethod
    def loads(data: Any, **_: Any) -> Any:
        import orjson

        return orjson.loads(data)


class QueueManager(socketio.RedisManager):
    """python-socketio's ``RedisManager`` (one Redis pub/sub channel, JSON
    messages, its own listener and reconnection) carrying, beside its own
    messages, the frames messages of ``cluster.queue.RoomQueue``: published
    with ``send_frames``, handed to ``queue.received_message`` when they come
    in, ``queue.reconnected`` called after Redis was lost and found again."""

    name = "partyapp-redis"

    def __init__(self, url: str, queue: Any, channel: str = "flask-socketio") -> None:
        super().__init__(url, channel=channel)
        self.queue = queue
        self._connected_once = False
        queue.transport = self

    def initialize(self) -> None:
        super().initialize()
        self.json = _QueueJson

    def send_frames(self, event: str, room: str, data: dict) -> None:
        """Publish one frames message (an ``emit`` message nobody's room
        holds, so a plain python-socketio listener would send it nowhere)."""
        self._publish({"method": "emit", "event": event, "namespace": "/", "room": room, "data": [data],
                       "skip_sid": None, "callback": None, "host_id": self.host_id})

    def _handle_emit(self, message: dict) -> None:
        if not self.queue.received_message(message.get("event"), message.get("data")):
            super()._handle_emit(message)

    def _redis_connect(self) -> None:
        """(python-socketio connects, and connects again after Redis was lost,
        here.)"""
        super()._redis_connect()
        if self._connected_once:
            self.queue.reconnected()
        self._connected_once = True


# -- the start-up check -----------------------------------------------------------------

def _params(fn: Any) -> list[str]:
    return list(inspect.signature(fn).parameters)


def problems() -> list[str]:
    """What of the internals above is not where it was (empty when all is)."""
    found: list[str] = []

    def need(ok: Any, what: str) -> None:
        if not ok:
            found.append(what)

    server = socketio.Server(async_mode="threading")
    need(isinstance(getattr(server, "manager", None), socketio.Manager), "socketio.Server.manager")
    need(isinstance(getattr(server.manager, "rooms", None), dict), "socketio.Manager.rooms (a dict)")
    need(callable(getattr(server, "_send_eio_packet", None)) and len(_params(server._send_eio_packet)) == 2,
         "socketio.Server._send_eio_packet(eio_sid, eio_pkt)")
    need(isinstance(getattr(server.eio, "sockets", None), dict), "engineio.Server.sockets (a dict)")
    need(callable(getattr(server.eio, "start_background_task", None)), "engineio.Server.start_background_task")
    sock = eio_socket.Socket(server.eio, "seam-check")
    for attr in ("queue", "closing", "closed", "last_ping"):
        need(hasattr(sock, attr), f"engineio.socket.Socket.{attr}")
    need(callable(getattr(sock.queue, "put", None)), "engineio.socket.Socket.queue.put")
    need(_params(_SEND_PING) == ["self"], "engineio.socket.Socket._send_ping(self)")
    need("_send_ping" in inspect.getsource(eio_socket.Socket.schedule_ping),
         "engineio.socket.Socket.schedule_ping starting _send_ping")
    need(_params(sio_packet.Packet.decode)[:2] == ["self", "encoded_packet"],
         "socketio.packet.Packet.decode(self, encoded_packet)")
    probe = WirePacket(encoded_packet='2["x",{"a":1}]')
    need(probe.packet_type == sio_packet.EVENT and probe.data == ["x", {"a": 1}],
         "socketio.packet.Packet.packet_type and data after decode")
    need(WirePacket(sio_packet.EVENT, data=["state", Fragment('{"a":1}')]).encode() == '2["state",{"a":1}]',
         "socketio.packet.Packet.json used to encode")
    for name, params in (("_publish", ["self", "data"]), ("_handle_emit", ["self", "message"]),
                         ("_redis_connect", ["self"])):
        fn = getattr(socketio.RedisManager, name, None)
        need(fn is not None and _params(fn) == params, f"socketio.RedisManager.{name}({', '.join(params[1:])})")
    return found


def versions() -> dict[str, str]:
    return {dist: metadata.version(dist) for dist in TESTED}


def check() -> None:
    """Raise ``SeamError`` naming what moved and the versions it was tested
    on, when the installed libraries are not what the seams were written for."""
    found = problems()
    if found:
        have = ", ".join(f"{d} {v}" for d, v in versions().items())
        tested = ", ".join(f"{d} {v}.x" for d, v in TESTED.items())
        raise SeamError(f"partyapp cannot use the installed {have}: {', '.join(found)} changed. "
                        f"It was tested on {tested} (see partyapp/realtime/seams.py); "
                        "install those versions (pip install -e . does).")
