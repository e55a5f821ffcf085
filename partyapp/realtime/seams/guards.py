"""Packets python-socketio cannot take, acknowledgements never asked, closing a connection (seam 5).

See the package's docstring (``partyapp/realtime/seams/__init__.py``).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable

import socketio
from socketio import packet as sio_packet

from partyapp.realtime.packets import BadPacket, fault
from partyapp.realtime.seams.websocket import _websockets, shut_down

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
