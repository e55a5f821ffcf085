"""Engine.IO packets a page never sends, and long-polling requests engine.io refuses (seam 9).

See the package's docstring (``partyapp/realtime/seams/__init__.py``).
"""

from __future__ import annotations

from typing import Any, Callable

import socketio
from engineio import exceptions as eio_exceptions
from engineio import packet as eio_packet
from engineio import payload as eio_payload
from engineio import socket as eio_socket

from partyapp.realtime.packets import engine_fault
from partyapp.realtime.seams.guards import OnBad, close_connection

# -- 9. Engine.IO packets ---------------------------------------------------------------

# What the app does with what cannot be read at all (a packet engine.io
# cannot decode, a long-polling request longer than it takes):
# ``cut(eio_sid, reason)`` charges the sender; the connection is closed at once.
Cut = Callable[[str, str], Any]

_WHY = {
    eio_packet.OPEN: "an Engine.IO open packet",
    eio_packet.PING: "an Engine.IO ping (the server pings, a page only answers)",
    eio_packet.PONG: "a pong to no ping",
    eio_packet.UPGRADE: "an Engine.IO upgrade packet outside an upgrade",
    eio_packet.NOOP: "an Engine.IO noop packet",
}


def guard_engine_packets(server: socketio.Server, on_bad: OnBad, cut: Cut) -> None:
    """Every Engine.IO connection of ``server`` takes, from its handshake
    on, only the packets a page sends: messages, a close, a pong to the
    server's ping. Any other (a ping, an upgrade or a noop outside an
    upgrade, an unknown type, a second pong) goes to ``on_bad`` like a
    Socket.IO packet that cannot be taken (engine.io would take it without
    end, or answer it). A long-polling POST longer than engine.io takes, or
    holding a packet it cannot decode (``packets.engine_fault``), goes to
    ``cut`` and its connection is closed at once, without waiting: engine.io
    closed it waiting for a poll to read its queue, which never came, so
    the request held its descriptor for good."""
    eio = server.eio
    connect = eio.handlers["connect"]

    def refuse(sock: eio_socket.Socket, reason: str) -> None:
        sid = server.manager.sid_from_eio_sid(sock.sid, "/")
        _, close = on_bad(sock.sid, sid, reason)
        if close:
            close_connection(server, sid, sock.sid)

    def drop(sock: eio_socket.Socket, reason: str) -> None:
        cut(sock.sid, reason)
        close_connection(server, server.manager.sid_from_eio_sid(sock.sid, "/"), sock.sid)

    class GuardedSocket(eio_socket.Socket):
        def receive(self, pkt):
            if self.closed:
                return None  # closed by the server: what it still sent is dropped
            kind = pkt.packet_type
            if kind in (eio_packet.MESSAGE, eio_packet.CLOSE) or (kind == eio_packet.PONG and self.last_ping):
                return super().receive(pkt)
            return refuse(self, _WHY.get(kind, f"an Engine.IO packet of type {kind!r}"))

        def handle_post_request(self, environ):
            try:
                length = int(environ.get("CONTENT_LENGTH") or 0)
            except ValueError:
                length = -1
            if not 0 <= length <= self.server.max_http_buffer_size:
                drop(self, "a request longer than the server takes")
                raise eio_exceptions.ContentTooLongError()  # answered 400: closed already, nothing waits
            try:
                text = environ["wsgi.input"].read(length).decode("utf-8")
            except UnicodeDecodeError:
                text = "\ufffd"
            why = next(filter(None, map(engine_fault, text.split("\x1e"))), None) if text else None
            if why is not None:
                drop(self, why)
                raise eio_exceptions.UnknownPacketError()  # answered 400: closed already, nothing waits
            try:
                packets = eio_payload.Payload(encoded_payload=text).packets
            except ValueError:  # more packets than engine.io decodes in one request
                packets = None
            if not packets:
                refuse(self, "too many packets in one request" if packets is None else "an empty request")
            for pkt in packets or ():
                if self.closed:
                    break
                self.receive(pkt)
            if self.sid not in self.server.sockets:  # closed for what it sent (``close_connection``)
                raise eio_exceptions.UnknownPacketError()

    def handle_connect(eio_sid: str, environ: dict) -> Any:
        accepted = connect(eio_sid, environ)
        sock = eio.sockets.get(eio_sid)
        if accepted is not False and type(sock) is eio_socket.Socket:
            sock.__class__ = GuardedSocket  # before engine.io reads anything of it
        return accepted

    eio.on("connect", handle_connect)
