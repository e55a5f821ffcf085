"""The WebSocket engine.io makes on gevent: closed for good, taking turns, too long (seam 6).

See the package's docstring (``partyapp/realtime/seams/__init__.py``).
"""

from __future__ import annotations

import functools
import socket as _socket
import weakref
from typing import Any, Callable

import engineio

from partyapp.realtime.packets import engine_fault

# -- 6. closing the TCP connection ------------------------------------------------------

def close_dropped_sockets(eio: engineio.Server, cut: Callable[[str, str], Any] | None = None) -> bool:
    """Give ``eio``'s WebSockets a ``close`` that shuts the TCP connection
    down (gevent with simple-websocket only); ``cut(eio_sid, reason)`` is
    told of a WebSocket closed for a message longer than engine.io takes,
    or for a text packet engine.io cannot decode (``packets.engine_fault``:
    the WebSocket's reader ends as if the client had closed, instead of
    raising in engine.io's handler). Returns whether it did."""
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
            if cut is None or self.owner_sid is None:
                return data
            if data is None:
                ws = getattr(self, "ws", None)
                limit = getattr(ws, "max_message_size", None)
                if limit and getattr(ws, "incoming_message_len", 0) > limit:
                    cut(self.owner_sid, "a message longer than the server takes")  # simple-websocket closed it
            elif type(data) is str and (why := engine_fault(data)) is not None:
                cut(self.owner_sid, why)
                return None  # engine.io's reader ends and closes the connection
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
