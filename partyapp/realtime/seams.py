"""The one module that reaches inside python-socketio and python-engineio.

Everything else in the project speaks to the libraries through their public
API (Flask-SocketIO's ``SocketIO``, ``emit``, ``join_room``, python-socketio's
``Server.on`` and ``disconnect``). Eight things cannot be done that way, and
they are done here, each against the internals of the minor versions named in
``TESTED`` (``pyproject.toml`` pins them), each with a test of its own
(``tests/realtime/test_seams.py``, ``tests/realtime/test_fanout.py``, ``tests/realtime/test_bad_packets.py``,
``tests/realtime/test_pings.py``, ``tests/realtime/test_one_connection.py``,
``tests/realtime/test_unconnected_sockets.py``), and all checked when the app starts (``check``): a
release that moved one of them fails at start with a message naming what
moved and the versions this was tested on, instead of failing under load.

1. **Local delivery** (``deliver_local``): a change's frames go straight onto
   the send queues of this process's Engine.IO sockets, the way
   python-socketio's ``emit`` ends, without the layers above it (measured:
   less than half the cost, ``bench/RESULTS.md``). Reads the server's room
   table (``Server.manager.rooms``), the Engine.IO sockets
   (``engineio.Server.sockets``, ``Socket.queue``, ``closing``, ``closed``)
   and, for a member that is no Engine.IO socket (Flask-SocketIO's test
   client), ``Server._send_eio_packet``.
2. **Heartbeats on the scheduler** (``install_heartbeats``): python-engineio
   starts ``Socket._send_ping`` as a background task that sleeps
   ``ping_interval`` holding the socket; on gevent that kept every gone
   socket for ten seconds (5,000 dead sockets and 62 MB at 500 connects a
   second). The ping is set on the server's scheduler (``clock.py``) instead,
   holding only a weak reference to the socket. Wraps
   ``engineio.Server.start_background_task`` and recognises
   ``Socket._send_ping``; sends ``Socket.send(PING)`` and sets
   ``Socket.last_ping`` (engine.io's own ``time.time()``) as that method does.
3. **The packet class** (``WirePacket``, the server's ``serializer``):
   outgoing packets skip the search for binary data and join pre-encoded
   JSON (``packets.Fragment``) as it is; incoming events with a reserved or
   missing name are renamed so that the catch-all answers them. Overrides
   ``socketio.packet.Packet.decode`` and reads its ``packet_type``, ``id``
   and ``data``; its ``json`` is ``packets.PacketJson``. It refuses, before
   any work, what it cannot take (``packets.BadPacket``): an empty packet, a
   binary message or a binary event (the protocol has none), and what
   ``PacketJson`` refuses (too deep, too long a number, not JSON); the ack
   id read before the failure is kept, so the sender can be answered.
4. **The message queue's frames messages** (``QueueManager``, several
   processes): python-socketio's ``RedisManager`` carries one more kind of
   message, handed to ``cluster.queue.RoomQueue``. Overrides ``_publish`` (to
   send it), ``_handle_emit`` (to take it) and ``_redis_connect`` (to learn of
   a reconnection).
5. **Packets python-socketio cannot take** (``guard_messages``): its
   ``Server._handle_eio_message`` raises on them, and engine.io logs a
   traceback for each and answers nothing. The engine.io ``message``
   handler is wrapped: a refused packet is handed to the app (which charges
   its sender and says whether to close), answered ``bad_request`` through
   ``Server._send_packet`` when it had an ack id, and the connection closed
   through ``engineio.Server.disconnect`` (``close_connection``; python-
   socketio's own ``disconnect`` leaves the Engine.IO connection open);
   what a closed connection had already sent is dropped unread, and every
   ``TURN_EVERY`` messages the other greenlets get a turn
   (``engineio.Server.sleep``). Three more kinds are refused the same way,
   which python-socketio would take without end: a connect to the namespace
   or a disconnect from it that the app refuses (``vet``: a second connect
   on one Engine.IO connection, a disconnect from a namespace it is not in;
   the packet's first character tells them, ``0`` and ``1``), and an
   acknowledgement of an id the server never asked (``Server._handle_ack``
   wrapped; the ids asked are counted by the counter python-socketio keeps
   in ``Manager.callbacks[sid][0]``, replaced by one that says its last,
   ``_AckIds``). A late answer to an acknowledgement the server has forgotten
   (``drop_callback``) is dropped without a word.
6. **The WebSocket engine.io makes** (``close_dropped_sockets``, the class
   in ``engineio.Server._async["websocket"]``), on gevent:
   - closing the TCP connection: when engine.io gives up on a WebSocket
     (missed pings, a server close), simple-websocket sends its close frame
     and leaves its reader blocked in ``recv`` on a duplicate of the socket,
     which a vanished phone never wakes: the descriptor stayed open for
     good. ``close`` also shuts the socket down (``ws.sock``);
   - taking turns: simple-websocket's reader (``Base._thread``, a greenlet
     on gevent) loops on ``self.sock.recv`` and never waits while data is
     there, so one client sending without pause held the whole server (no
     other greenlet ran, not even the one that would have closed it), and
     parsed far ahead of what engine.io took. Its socket (``ws.sock``, set
     before the reader starts, through the ``thread_class`` it is given) is
     wrapped to yield to the other greenlets after each ``recv``, and not to
     read while ``READ_AHEAD`` messages wait in ``ws.input_buffer``;
   - it is given engine.io's ``max_http_buffer_size`` as its
     ``max_message_size``, so a message too long is refused as it comes in
     instead of once it is all buffered;
   - it is found by its Engine.IO socket's id (the ``__self__`` of the
     ``_websocket_handler`` it is made with), so that ``close_connection``
     can shut a flooding client's TCP connection down at once;
   - a message too long, which simple-websocket answers by closing the
     WebSocket (its ``incoming_message_len`` past ``max_message_size`` once
     ``wait`` reads the end), is reported to the app (``too_big``), which
     charges its sender like a bad packet.
7. **Forgetting an acknowledgement callback** (``drop_callback``): the
   server's round-trip pings wait for an answer through python-socketio's
   ``Manager.callbacks``; a phone that never answers would keep one per
   ping. The stale one is taken out before the next ping is sent.
8. **Engine.IO connections** (``watch_connections``): python-socketio keeps
   an Engine.IO connection's environ from its handshake to its close
   (``Server._handle_eio_connect`` and ``_handle_eio_disconnect``, engine.io's
   ``connect`` and ``disconnect`` handlers); both are wrapped so that the app
   sees the Engine.IO connection itself, before and whatever its namespace
   connects (its limits are that connection's, ``connections.Link``), and may
   refuse it at its handshake (engine.io then answers 401).
"""

from __future__ import annotations

import functools
import inspect
import socket as _socket
import time
import weakref
from collections import OrderedDict
from importlib import metadata
from typing import Any, Callable

import engineio
import socketio
from engineio import packet as eio_packet
from engineio import socket as eio_socket
from socketio import packet as sio_packet

from partyapp.realtime.clock import Scheduler
from partyapp.realtime.packets import BadPacket, Fragment, PacketJson, QueueJson, fault

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


# -- 2. heartbeats on the scheduler ----------------------------------------------------

_SEND_PING = eio_socket.Socket._send_ping


def _ping(sock: eio_socket.Socket | None) -> None:
    """What ``Socket._send_ping`` does once its sleep is over (``sock``:
    None once it was freed)."""
    if sock is not None and not sock.closing and not sock.closed:
        sock.last_ping = time.time()  # engine.io's own clock, which its ping time-out reads
        sock.send(eio_packet.Packet(eio_packet.PING))


def install_heartbeats(eio: engineio.Server, clock: Scheduler) -> None:
    """Set ``eio``'s pings on ``clock`` instead of a sleeping task each."""
    start_task = eio.start_background_task

    def start_background_task(target, *args, **kwargs):
        if getattr(target, "__func__", None) is _SEND_PING and not args and not kwargs:
            ref = weakref.ref(target.__self__)  # a socket gone meanwhile is freed at once
            return clock.call_later(eio.ping_interval, lambda: _ping(ref()))
        return start_task(target, *args, **kwargs)

    eio.start_background_task = start_background_task


# -- 3. the packet class ----------------------------------------------------------------

# Names python-socketio dispatches to the server's own lifecycle handlers (or
# to the catch-all itself) when a client sends them as an event: "connect"
# would run the connect handler again, "disconnect" would forget a live
# connection, "*" crashes the dispatcher and is never answered.
RESERVED_EVENTS = frozenset({"connect", "disconnect", "connect_error", "*"})

# The packet types a client may send: CONNECT, DISCONNECT, EVENT, ACK.
_CLIENT_TYPES = frozenset({sio_packet.CONNECT, sio_packet.DISCONNECT, sio_packet.EVENT, sio_packet.ACK})


class WirePacket(sio_packet.Packet):
    """The server's Socket.IO packet class (``serializer=`` of the server).

    An incoming event with a reserved name, or with no name at all, is
    renamed on the way in, so that the catch-all handler answers it as an
    unknown event (``bad_request``) like any other. A packet that cannot be
    taken raises ``BadPacket`` (see the module's text)."""

    uses_binary_events = False
    json = PacketJson

    def __init__(self, packet_type=sio_packet.EVENT, data=None, namespace=None, id=None, binary=None,
                 encoded_packet=None):
        if encoded_packet is not None:
            if not isinstance(encoded_packet, str):
                raise BadPacket("a binary message")
            if not encoded_packet:
                raise BadPacket("an empty packet")
        super().__init__(packet_type, data, namespace, id, binary, encoded_packet)

    def decode(self, encoded_packet):
        try:
            attachments = super().decode(encoded_packet)
        except BadPacket as exc:
            exc.ack_id = self.id
            raise
        except (ValueError, TypeError, RecursionError) as exc:
            raise BadPacket(fault(exc), self.id) from None
        if self.packet_type not in _CLIENT_TYPES:
            raise BadPacket(f"a packet of type {self.packet_type!r}", self.id)
        if self.packet_type == sio_packet.EVENT:
            data = self.data
            if not isinstance(data, list) or not data or not isinstance(data[0], str):
                self.data = ["(no name)"]
            elif data[0] in RESERVED_EVENTS:
                self.data = [f"(reserved) {data[0]}", *data[1:]]
        return attachments


# -- 4. the message queue's frames messages ---------------------------------------------

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
        self.json = QueueJson

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


# -- 5. packets python-socketio cannot take ---------------------------------------------

# What the app does with a refused packet: ``on_bad(eio_sid, sid, reason)``
# (``sid`` None before the connection joined the namespace) returns the
# answer for its ack id (or None) and whether to close the connection.
OnBad = Callable[[str, "str | None", str], "tuple[dict | None, bool]"]

# Engine.IO connections the server closed (for bad packets or flooding),
# remembered so that what they had already sent is dropped unread; the
# latest ones only (their ids are random, unique across servers).
_CUT_KEPT = 10_000
_cut: OrderedDict[str, None] = OrderedDict()


def _mark_cut(eio_sid: str) -> None:
    _cut[eio_sid] = None
    while len(_cut) > _CUT_KEPT:
        _cut.popitem(last=False)


# Incoming messages handled, server-wide, between two turns given to the
# other greenlets (the reader of one connection handles every message it has
# buffered without waiting).
TURN_EVERY = 32


# What the app says of a connect to the namespace (``joining``) or a
# disconnect from it, before python-socketio takes it:
# ``vet(eio_sid, joining)`` returns None to let it through, or why it is
# refused (then handled as a bad packet).
Vet = Callable[[str, bool], "str | None"]


def guard_messages(server: socketio.Server, on_bad: OnBad, vet: Vet | None = None) -> None:
    """Route every incoming Socket.IO message of ``server`` through a guard:
    a packet python-socketio cannot take is handed to ``on_bad`` instead of
    raising (engine.io would log a traceback and answer nothing); so are
    the connects and disconnects ``vet`` refuses and acknowledgements of
    ids never asked (``guard_acks``)."""
    handle = server._handle_eio_message
    cut = _cut
    sleep = server.eio.sleep
    count = [0]
    guard_acks(server)

    def message(eio_sid: str, data: Any) -> None:
        if eio_sid in cut:
            return  # closed by the server: what was still buffered is dropped
        count[0] += 1
        if count[0] % TURN_EVERY == 0:
            sleep(0)  # a connection's reader handles what it has read in one go: let the others in between
        try:
            if vet is not None and type(data) is str and data[:1] in ("0", "1") and data:
                refused = vet(eio_sid, data[0] == "0")  # a CONNECT or a DISCONNECT packet
                if refused:
                    raise BadPacket(refused)
            handle(eio_sid, data)
            return
        except BadPacket as exc:
            reason, ack_id = exc.reason, exc.ack_id
        except Exception as exc:  # a packet python-socketio refuses (CONNECT_ERROR, an unknown type...)
            reason, ack_id = fault(exc), None
        sid = server.manager.sid_from_eio_sid(eio_sid, "/")
        answer, close = on_bad(eio_sid, sid, reason)
        if answer is not None and ack_id is not None and sid is not None:
            server._send_packet(eio_sid, server.packet_class(sio_packet.ACK, namespace="/", id=ack_id,
                                                             data=[answer]))
        if close:
            close_connection(server, sid, eio_sid)

    message.guarded = True  # type: ignore[attr-defined]
    server._handle_eio_message = message
    server.eio.on("message", message)


class _AckIds:
    """The counter of one connection's acknowledgement ids that
    python-socketio keeps as ``Manager.callbacks[sid][0]`` (an
    ``itertools.count(1)``), which also says the last id it gave."""

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last = 0

    def __iter__(self) -> "_AckIds":
        return self

    def __next__(self) -> int:
        self.last += 1
        return self.last


def guard_acks(server: socketio.Server) -> None:
    """Refuse (``BadPacket``) an acknowledgement of an id the server never
    asked of that connection: python-socketio logs a warning for each and
    goes on, so a client could send them without end. One the server asked
    and has forgotten since (a late answer to a stale ping) is dropped."""
    manager = server.manager
    generate = manager._generate_ack_id
    handle_ack = server._handle_ack

    def generate_ack_id(sid: str, callback: Any) -> int:
        if sid not in manager.callbacks:
            manager.callbacks[sid] = {0: _AckIds()}
        return generate(sid, callback)

    def ack(eio_sid: str, namespace: str | None, id: Any, data: Any) -> None:
        sid = manager.sid_from_eio_sid(eio_sid, namespace or "/")
        waiting = manager.callbacks.get(sid) if sid is not None else None
        if waiting and id and id in waiting:
            handle_ack(eio_sid, namespace, id, data)
            return
        ids = waiting.get(0) if waiting else None
        asked = ids.last if isinstance(ids, _AckIds) else 0
        if not (isinstance(id, int) and 0 < id <= asked):
            raise BadPacket("an acknowledgement of nothing the server asked")

    manager._generate_ack_id = generate_ack_id
    server._handle_ack = ack


def close_connection(server: socketio.Server, sid: str | None, eio_sid: str | None = None) -> None:
    """Cut a connection off (it sent bad packets, or flooded): leave the
    namespace (``sid``), close its Engine.IO socket without waiting for its
    send queue, and shut its WebSocket's TCP connection down at once. A
    client that sends without reading would otherwise keep the server's
    writer blocked on a full socket, and its reader parsing what it sent,
    for good."""
    if eio_sid is None and sid is not None:
        eio_sid = server.manager.eio_sid_from_sid(sid, "/")
    if eio_sid is not None:
        _mark_cut(eio_sid)
    if sid is not None:
        server.disconnect(sid, namespace="/", ignore_queue=True)
    if eio_sid is None:
        return
    wrapper = _websockets.get(eio_sid)
    if wrapper is not None:
        shut_down(getattr(getattr(wrapper, "ws", None), "sock", None))
    sock = server.eio.sockets.get(eio_sid)
    if sock is not None:
        sock.close(wait=False, abort=True)
        server.eio.sockets.pop(eio_sid, None)


# -- 6. closing the TCP connection ------------------------------------------------------

def close_dropped_sockets(eio: engineio.Server, too_big: Callable[[str], Any] | None = None) -> bool:
    """Give ``eio``'s WebSockets a ``close`` that shuts the TCP connection
    down (gevent with simple-websocket only); ``too_big(eio_sid)`` is told
    of a WebSocket closed for a message longer than engine.io takes.
    Returns whether it did."""
    base = eio._async.get("websocket") if isinstance(getattr(eio, "_async", None), dict) else None
    if base is None or eio.async_mode != "gevent" or not hasattr(base, "close"):
        return False

    class ClosingWebSocket(base):
        def __init__(self, handler, server, *args, **kwargs):
            super().__init__(handler, server, *args, **kwargs)
            owner = getattr(handler, "__self__", None)  # the Engine.IO socket whose _websocket_handler this runs
            self.owner_sid = getattr(owner, "sid", None)
            if self.owner_sid is not None:
                _websockets[self.owner_sid] = self
            # a message longer than engine.io takes is refused while it comes in, not once it is all read
            self.server_args.setdefault("max_message_size", getattr(server, "max_http_buffer_size", None))
            thread = self.server_args.get("thread_class")
            if thread is not None:
                self.server_args["thread_class"] = _turn_taking(thread)

        def close(self):
            ws = getattr(self, "ws", None)
            try:
                super().close()
            except OSError:
                pass  # the client reset the connection first: its close frame has nowhere to go
            finally:
                shut_down(getattr(ws, "sock", None))

        def wait(self):
            data = super().wait()
            if data is None and too_big is not None and self.owner_sid is not None:
                ws = getattr(self, "ws", None)
                limit = getattr(ws, "max_message_size", None)
                if limit and getattr(ws, "incoming_message_len", 0) > limit:
                    too_big(self.owner_sid)  # simple-websocket closed it for that message
            return data

    eio._async = dict(eio._async, websocket=ClosingWebSocket)
    return True


# Messages a WebSocket's reader may hold that engine.io has not taken yet;
# past it the reader stops reading (the client's sends wait on TCP) until
# they are taken.
READ_AHEAD = 64


class _TurnTakingSocket:
    """A WebSocket's socket whose ``recv`` lets the other greenlets run
    before it returns, and waits while the WebSocket holds ``READ_AHEAD``
    messages not yet taken (``ws.input_buffer``)."""

    def __init__(self, sock: Any, ws: Any = None) -> None:
        import gevent

        self._sock = sock
        # weakly: the WebSocket holds this socket, and a cycle between them would
        # keep every closed connection's buffers until the cyclic collector ran
        self._ws = weakref.ref(ws) if ws is not None else None
        self._down = False
        self._yield = gevent.sleep
        self.send = sock.send
        self.close = sock.close
        self.fileno = sock.fileno

    def shutdown(self, how: int) -> None:
        self._down = True  # a reader waiting for room reads the end of the stream at once
        self._sock.shutdown(how)

    def recv(self, n: int) -> bytes:
        ws = self._ws() if self._ws is not None else None
        while not self._down and ws is not None and ws.connected and len(ws.input_buffer) >= READ_AHEAD:
            self._yield(0.002)
        if self._down:
            return b""  # shut down here: what the client still sends is never read (the end of the stream)
        data = self._sock.recv(n)
        self._yield(0)
        return data

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


@functools.cache
def _turn_taking(thread_class: type) -> type:
    """A ``thread_class`` for simple-websocket whose reader's socket takes
    turns: made once per class it wraps, not once per connection (a class
    made for each WebSocket lived in a reference cycle until the full
    collection, which the server runs only every few minutes: 10,000
    connections coming and going grew it by 5 MB)."""
    if getattr(thread_class, "takes_turns", False):
        return thread_class

    class Reader(thread_class):
        takes_turns = True

        def __init__(self, target=None, *args, **kwargs):
            ws = getattr(target, "__self__", None)
            if ws is not None and getattr(ws, "sock", None) is not None and not isinstance(ws.sock, _TurnTakingSocket):
                ws.sock = _TurnTakingSocket(ws.sock, ws)
            super().__init__(target, *args, **kwargs)

    return Reader


# Engine.IO socket id -> its WebSocket, while it lives (``close_connection``)
_websockets: "weakref.WeakValueDictionary[str, Any]" = weakref.WeakValueDictionary()


def shut_down(sock: Any) -> None:
    """Shut a socket down both ways: a reader blocked on it wakes up."""
    if sock is None:
        return
    try:
        sock.shutdown(_socket.SHUT_RDWR)
    except OSError:
        pass


# -- 7. forgetting an acknowledgement callback ------------------------------------------

def drop_callback(server: socketio.Server, sid: str, callback: Any) -> bool:
    """Forget ``callback`` if python-socketio still waits to call it for an
    acknowledgement from ``sid``; True when it did."""
    waiting = server.manager.callbacks.get(sid)
    if not waiting:
        return False
    for ack_id, fn in list(waiting.items()):
        if fn is callback:
            del waiting[ack_id]
            return True
    return False


def pending_callbacks(server: socketio.Server, sid: str) -> int:
    """How many acknowledgements python-socketio waits for from ``sid``."""
    return sum(1 for key in server.manager.callbacks.get(sid, {}) if key != 0)


# -- 8. Engine.IO connections -----------------------------------------------------------

def watch_connections(server: socketio.Server, opened: Callable[[str, dict], bool],
                      closed: Callable[[str], Any]) -> None:
    """Tell the app of every Engine.IO connection of ``server``:
    ``opened(eio_sid, environ)`` at its handshake, before python-socketio
    takes it (False refuses it: engine.io answers 401), ``closed(eio_sid)``
    once python-socketio has let it go."""
    connect, disconnect = server._handle_eio_connect, server._handle_eio_disconnect

    def handle_connect(eio_sid: str, environ: dict) -> Any:
        if opened(eio_sid, environ) is False:
            return False
        return connect(eio_sid, environ)

    def handle_disconnect(eio_sid: str, *args: Any) -> None:
        try:
            disconnect(eio_sid, *args)
        finally:
            closed(eio_sid)

    server._handle_eio_connect = handle_connect
    server._handle_eio_disconnect = handle_disconnect
    server.eio.on("connect", handle_connect)
    server.eio.on("disconnect", handle_disconnect)


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
    need(_params(server._handle_eio_message) == ["eio_sid", "data"],
         "socketio.Server._handle_eio_message(eio_sid, data)")
    need(getattr(server.eio, "handlers", {}).get("message") == server._handle_eio_message,
         "engineio.Server.handlers['message'] (python-socketio's _handle_eio_message)")
    for event, name, params in (("connect", "_handle_eio_connect", ["eio_sid", "environ"]),
                                ("disconnect", "_handle_eio_disconnect", ["eio_sid", "reason"])):
        need(getattr(server.eio, "handlers", {}).get(event) == getattr(server, name, None)
             and _params(getattr(server, name)) == params,
             f"engineio.Server.handlers[{event!r}] (python-socketio's {name}({', '.join(params)}))")
    need(callable(getattr(server, "_handle_ack", None))
         and _params(server._handle_ack) == ["eio_sid", "namespace", "id", "data"]
         and "self._handle_ack(" in inspect.getsource(type(server)._handle_eio_message),
         "socketio.Server._handle_ack(eio_sid, namespace, id, data), called by _handle_eio_message")
    need("next(self.callbacks[sid][0])" in inspect.getsource(type(server.manager)._generate_ack_id)
         and "self._generate_ack_id(" in inspect.getsource(type(server.manager).emit),
         "socketio.Manager._generate_ack_id counting with next(callbacks[sid][0]), called by emit")
    need(callable(getattr(server, "_send_packet", None)) and _params(server._send_packet) == ["eio_sid", "pkt"],
         "socketio.Server._send_packet(eio_sid, pkt)")
    need(callable(getattr(server.manager, "eio_sid_from_sid", None)), "socketio.Manager.eio_sid_from_sid")
    need(isinstance(getattr(server.manager, "callbacks", None), dict), "socketio.Manager.callbacks (a dict)")
    need("callbacks" in inspect.getsource(type(server.manager)._generate_ack_id),
         "socketio.Manager._generate_ack_id keeping callbacks[sid][id]")
    try:
        WirePacket(encoded_packet='2["x"')
        need(False, "socketio.packet.Packet.decode calling json.loads")
    except BadPacket:
        pass
    need(WirePacket(encoded_packet='27["x"]').id == 7, "socketio.packet.Packet.id read before the data")
    gserver = engineio.Server(async_mode="gevent")
    need(isinstance(getattr(gserver, "_async", None), dict) and gserver._async.get("websocket") is not None,
         "engineio.Server._async['websocket']")
    need("_async['websocket']" in inspect.getsource(eio_socket.Socket._upgrade_websocket)
         and "self._websocket_handler" in inspect.getsource(eio_socket.Socket._upgrade_websocket),
         "engineio.socket.Socket._upgrade_websocket making _async['websocket'](self._websocket_handler, ...)")
    need(_params(eio_socket.Socket.close)[:3] == ["self", "wait", "abort"], "engineio.socket.Socket.close(wait, abort)")
    import simple_websocket

    need("self.sock" in inspect.getsource(simple_websocket.ws.Base.__init__), "simple_websocket.Base.sock")
    need("self.input_buffer" in inspect.getsource(simple_websocket.ws.Base.receive),
         "simple_websocket.Base.input_buffer")
    need("self.incoming_message_len > self.max_message_size" in inspect.getsource(
        simple_websocket.ws.Base._handle_events), "simple_websocket.Base.incoming_message_len and max_message_size")
    need(callable(getattr(gserver._async["websocket"], "wait", None)), "engineio's WebSocket wrapper's wait()")
    need("thread_class(target=self._thread)" in inspect.getsource(simple_websocket.ws.Base.__init__)
         and "self.sock.recv" in inspect.getsource(simple_websocket.ws.Base._thread),
         "simple_websocket.Base._thread reading self.sock.recv, started through thread_class")
    need("server_args" in inspect.getsource(gserver._async["websocket"].__init__)
         or "server_args" in inspect.getsource(gserver._async["websocket"].__mro__[1].__init__),
         "engineio's WebSocket wrapper keeping server_args (thread_class)")
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
