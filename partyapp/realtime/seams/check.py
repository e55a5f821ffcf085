"""The start-up check: every internal the seams use is where they were written for.

See the package's docstring (``partyapp/realtime/seams/__init__.py``).
"""

from __future__ import annotations

import inspect
from importlib import metadata
from typing import Any

import engineio
import socketio
from engineio import packet as eio_packet
from engineio import socket as eio_socket
from socketio import packet as sio_packet

from partyapp.realtime.packets import BadPacket, Fragment
from partyapp.realtime.seams.heartbeats import _SEND_PING
from partyapp.realtime.seams.packet import WirePacket

# distribution -> the minor version the seams were written and tested against
TESTED = {"python-socketio": "5.18", "python-engineio": "4.15"}


class SeamError(RuntimeError):
    """A library's internals are not what this package was written for."""


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
    # seam 9: the Engine.IO socket's class, swapped for a subclass once the connect handler took it
    need(hasattr(sock, "__dict__") and _params(eio_socket.Socket.receive) == ["self", "pkt"]
         and "packet.PONG" in inspect.getsource(eio_socket.Socket.receive),
         "engineio.socket.Socket.receive(self, pkt) (a class an instance's __class__ may be set to a subclass of)")
    post = inspect.getsource(eio_socket.Socket.handle_post_request)
    need(_params(eio_socket.Socket.handle_post_request) == ["self", "environ"]
         and "max_http_buffer_size" in post and "payload.Payload(" in post and "self.receive(" in post,
         "engineio.socket.Socket.handle_post_request(self, environ) decoding payload.Payload")
    connect = inspect.getsource(type(server.eio)._handle_connect)
    need("self.sockets[sid] = s" in connect and "_trigger_event('connect'" in connect
         and connect.index("self.sockets[sid] = s") < connect.index("_trigger_event('connect'"),
         "engineio.Server._handle_connect keeping the socket in sockets before the connect handler")
    handle = inspect.getsource(type(server.eio).handle_request)
    need("socket.handle_post_request(environ)" in handle and "if sid in self.sockets:" in handle,
         "engineio.Server.handle_request disconnecting a refused POST's socket only while in sockets")
    need(eio_packet.packet_names == ["OPEN", "CLOSE", "PING", "PONG", "MESSAGE", "UPGRADE", "NOOP"],
         "engineio.packet's packet types")
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
                        f"It was tested on {tested} (see partyapp/realtime/seams/); "
                        "install those versions (pip install -e . does).")
