"""The protocol's client events to their handlers.

Flask-SocketIO runs each event handler inside a Flask request context built
from the connection's WSGI environ: a ``Request``, the URL matched, the
session opened, on every event. Under load that was about a tenth of the
server's CPU per room change (``bench/RESULTS.md``, the profile by layer),
for nothing the handlers use: what they need of the handshake (the client's
address, its language, the scheme and host it reached) is read once, when
the socket connects, and kept on its ``Conn`` (``realtime.on_connect``).

So the protocol's handlers are registered with python-socketio's server
(Flask-SocketIO's ``socketio.server``) by ``install`` and each event runs in
the app's application context only. ``connect``, ``disconnect`` and the
catch-all for unknown events stay Flask-SocketIO handlers, with the request
context they read. Every event is still answered through its
acknowledgement, ``{"ok": true, ...}`` or ``{"ok": false, "error": {...}}``,
in the language the connection asked for.
"""

from __future__ import annotations

import logging
import time
from typing import Any, Callable

from flask import Flask

from partyapp.games.kit.base import IllegalAction
from partyapp.games.kit.wording import Wording
from partyapp.i18n.languages import DEFAULT, say_in
from partyapp.realtime import protocol
from partyapp.realtime.connections import Conn
from partyapp.realtime.hub import Realtime
from partyapp.realtime.protocol import Code, Event, ProtocolError, error
from partyapp.rooms.errors import RoomError

__all__ = ["FLOOD_CUTOFF", "handler", "install", "throttle"]

log = logging.getLogger(__name__)

Handler = Callable[[Realtime, Conn, Any], "dict | None"]

# event name -> (handler, whether the per-address join limit applies)
HANDLERS: dict[str, tuple[Handler, bool]] = {}

# A connection whose refusals outrun what it is let through by this many is
# flooding (a sender far above the rate, not a thumb mashing a button): it is
# disconnected, so it stops costing the other rooms.
FLOOD_CUTOFF = 200


def words_for(conn: Conn, words: str | Wording) -> str:
    """A server sentence in the language of ``conn``'s page."""
    return say_in(conn.lang, words)


def throttle(r: Realtime, conn: Conn) -> dict | None:
    """The rate-limit answer for this event, or None when it may go on."""
    if conn.bucket.take(time.monotonic()):
        conn.refused = max(0, conn.refused - 2)
        return None
    conn.refused += 1
    if conn.refused >= FLOOD_CUTOFF:
        log.warning("disconnecting %s: flooding", conn.addr)
        r.disconnect(conn.sid)
    return error(Code.RATE_LIMITED, words_for(conn, "Too many messages; slow down."))


def handler(event: Event, *, guarded: bool = False) -> Callable[[Handler], Handler]:
    """Register ``fn(rt, conn, payload) -> dict | None`` for ``event``
    (``guarded``: the per-address join limit applies too)."""

    def decorate(fn: Handler) -> Handler:
        HANDLERS[str(event)] = (fn, guarded)
        return fn

    return decorate


def answer(r: Realtime, conn: Conn, fn: Handler, guarded: bool, args: tuple) -> dict:
    """Rate limits, one JSON payload, and every outcome answered."""
    limited = throttle(r, conn)
    if limited:
        return limited
    if guarded and not r.join_limiter.allow(conn.addr):
        return error(Code.RATE_LIMITED, words_for(conn, "Too many attempts from this device; wait a minute."))
    if len(args) > 1:
        return error(Code.BAD_REQUEST, words_for(conn, "Send one JSON object."))
    try:
        result = fn(r, conn, protocol.want_dict(args[0] if args else None))
    except (ProtocolError, RoomError, IllegalAction) as exc:
        return error(exc.code, words_for(conn, exc.wording))
    reply = {"ok": True}
    if result:
        reply.update(result)
    return reply


def install(app: Flask, server: Any) -> None:
    """Register every protocol handler with ``server`` (python-socketio's,
    once Flask-SocketIO's ``init_app`` has made it) for ``app``."""
    for name, (fn, guarded) in HANDLERS.items():
        server.on(name, _dispatcher(app, fn, guarded))


def _dispatcher(app: Flask, fn: Handler, guarded: bool) -> Callable[..., dict]:
    def on_event(sid: str, *args: Any) -> dict:
        with app.app_context():
            r: Realtime = app.extensions["partyapp"]
            conn = r.conns.get(sid)
            if conn is None:
                return error(Code.FORBIDDEN, say_in(DEFAULT, "Not connected."))
            try:
                return answer(r, conn, fn, guarded, args)
            except Exception as exc:
                log.exception("handler failed: %s", exc)
                return error(Code.BAD_REQUEST, words_for(conn, "That request could not be handled."))

    on_event.__name__ = f"on_{fn.__name__}"
    on_event.__doc__ = fn.__doc__
    return on_event
