"""The protocol's client events to their handlers.

Flask-SocketIO runs each event handler inside a Flask request context built
from the connection's WSGI environ: a ``Request``, the URL matched, the
session opened, on every event. Under load that was about a tenth of the
server's CPU per room change (``bench/RESULTS.md``, the profile by layer),
for nothing the handlers use: what they need of the handshake (the client's
address, its language, the scheme and host it reached) is read once, when
the socket connects, and kept on its ``Conn`` (``realtime.on_connect``).

So the protocol's handlers, and the catch-all for unknown events, are
registered with python-socketio's server (Flask-SocketIO's
``socketio.server``) by ``install`` and each event runs in the app's
application context only. ``connect`` and ``disconnect`` stay
Flask-SocketIO handlers, with the request context they read. Every event is still answered through its
acknowledgement, ``{"ok": true, ...}`` or ``{"ok": false, "error": {...}}``,
in the language the connection asked for.
"""

from __future__ import annotations

import logging
import time
from typing import Any, Callable

from flask import Flask

from partyapp.games.kit.refusals import Refusal
from partyapp.games.kit.wording import N_, Wording
from partyapp.i18n.languages import DEFAULT, say_in
from partyapp.realtime import protocol, seams
from partyapp.realtime.connections import Conn
from partyapp.realtime.hub import Realtime
from partyapp.realtime.limits import TokenBucket
from partyapp.realtime.protocol import Code, Event, error

__all__ = ["BAD_PACKETS_CUTOFF", "FLOOD_CUTOFF", "bad_packet", "cut", "handler", "install", "refuse_watcher",
           "throttle", "vet_namespace"]

log = logging.getLogger(__name__)

Handler = Callable[[Realtime, Conn, Any], "dict | None"]

# event name -> (handler, whether the per-address join limit applies)
HANDLERS: dict[str, tuple[Handler, bool]] = {}
# The handlers a spectator's connection may call (they change nothing: ``room.history``).
FOR_WATCHERS: set[Handler] = set()

# A connection whose refusals outrun what it is let through by this many is
# flooding (a sender far above the rate, not a thumb mashing a button): it is
# disconnected, so it stops costing the other rooms.
FLOOD_CUTOFF = 200

# A connection is closed at its this-many-th packet that cannot be decoded
# (``packets.BadPacket``): a page of this app never sends one.
BAD_PACKETS_CUTOFF = 5


class QuietLog:
    """At most ``per_second`` lines a second (``burst`` at once) of one kind
    of warning; the lines left out are counted in the next one written."""

    def __init__(self, per_second: float = 2.0, burst: float = 10.0) -> None:
        self.bucket = TokenBucket(per_second, burst, time.monotonic())
        self.left_out = 0

    def warning(self, fmt: str, *args: Any) -> None:
        if not self.bucket.take(time.monotonic()):
            self.left_out += 1
            return
        if self.left_out:
            fmt += " (and %d more like it not logged)"
            args = (*args, self.left_out)
            self.left_out = 0
        log.warning(fmt, *args)


bad_packets_log = QuietLog()


def words_for(conn: Conn, words: str | Wording) -> str:
    """A server sentence in the language of ``conn``'s page."""
    return say_in(conn.lang, words)


def throttle(r: Realtime, conn: Conn) -> dict | None:
    """The rate-limit answer for this event, or None when it may go on."""
    link = conn.link  # the limits are the Engine.IO connection's
    if link.bucket.take(time.monotonic()):
        link.refused = max(0, link.refused - 2)
        return None
    link.refused += 1
    if link.refused >= FLOOD_CUTOFF:
        log.warning("disconnecting %s: flooding", conn.addr)
        r.disconnect(conn.sid)
    return error(Code.RATE_LIMITED, words_for(conn, N_("Too many messages; slow down.")))


def bad_packet(r: Realtime, eio_sid: str, sid: str | None, reason: str) -> tuple[dict | None, bool]:
    """A packet from ``sid`` that could not be taken (``seams.guard_messages``:
    one that cannot be decoded, an acknowledgement of nothing the server
    asked, a second connect to the namespace, a disconnect from it while
    outside): it costs its sender like any event (the rate limit), is
    answered ``bad_request`` and logged in one short line; the connection is
    closed at its ``BAD_PACKETS_CUTOFF``-th, counted on its Engine.IO
    connection (``eio_sid``) whatever it did with the namespace, or at once
    outside the namespace. Each close charges its address a cut
    (``Realtime.cut_off``). Returns the answer and whether to close."""
    conn = r.conns.get(sid) if sid is not None else None
    if conn is None:
        link = r.links.get(eio_sid)
        if link is not None:
            r.cut_off(link.addr)
        bad_packets_log.warning("closing a connection from %s outside the namespace: it sent %s",
                                link.addr if link is not None else "?", reason)
        return None, True
    conn.link.bad_packets += 1
    close = conn.link.bad_packets >= BAD_PACKETS_CUTOFF
    if close:
        r.cut_off(conn.addr)
    bad_packets_log.warning("%s sent %s%s", conn.addr, reason, "; closing it" if close else "")
    limited = throttle(r, conn)
    return limited or error(Code.BAD_REQUEST, words_for(conn, N_("That message could not be read."))), close


WATCHER_REFUSAL = N_("This screen only watches the table; it cannot send anything.")
# The per-address budget of joins, resumes and attaches (an address, which
# a whole home's phones may share: not "this device").
ATTEMPTS_REFUSAL = N_("Too many attempts from your network; wait a minute.")


def refuse_watcher(r: Realtime, conn: Conn) -> dict:
    """Any event from a spectator's connection (it may only leave, by
    disconnecting): refused ``forbidden`` and charged like a packet that
    cannot be decoded (the rate limit, and the connection closed at its
    ``BAD_PACKETS_CUTOFF``-th): the watch page never sends one."""
    conn.link.bad_packets += 1
    limited = throttle(r, conn)
    if conn.link.bad_packets >= BAD_PACKETS_CUTOFF:
        bad_packets_log.warning("%s sent events while watching; closing it", conn.addr)
        r.disconnect(conn.sid)
    return limited or error(Code.FORBIDDEN, words_for(conn, WATCHER_REFUSAL))


def handler(event: Event, *, guarded: bool = False, watchers: bool = False) -> Callable[[Handler], Handler]:
    """Register ``fn(rt, conn, payload) -> dict | None`` for ``event``
    (``guarded``: the per-address join limit applies too; ``watchers``: a
    spectator may send it, as it changes nothing)."""

    def decorate(fn: Handler) -> Handler:
        HANDLERS[str(event)] = (fn, guarded)
        if watchers:
            FOR_WATCHERS.add(fn)
        return fn

    return decorate


def answer(r: Realtime, conn: Conn, fn: Handler, guarded: bool, args: tuple) -> dict:
    """Rate limits, one JSON payload, and every outcome answered."""
    if conn.role == "watcher" and fn not in FOR_WATCHERS:
        return refuse_watcher(r, conn)
    limited = throttle(r, conn)
    if limited:
        return limited
    if guarded and not r.join_limiter.allow(conn.addr):
        return error(Code.RATE_LIMITED, words_for(conn, ATTEMPTS_REFUSAL))
    if len(args) > 1:
        return error(Code.BAD_REQUEST, words_for(conn, N_("Send one JSON object.")))
    try:
        result = fn(r, conn, protocol.want_dict(args[0] if args else None))
    except Refusal as exc:  # the rules', the room's or the request's: its code and sentence
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

    def on_unknown(event: str, sid: str, *_args: Any) -> dict:
        """Events not in the protocol are answered, never ignored (and
        charged like any event), in the app context only: a flood of them
        costs no Flask request each."""
        with app.app_context():
            r: Realtime = app.extensions["partyapp"]
            conn = r.conns.get(sid)
            if conn is not None and conn.role == "watcher":
                return refuse_watcher(r, conn)
            if conn is not None:
                limited = throttle(r, conn)
                if limited:
                    return limited
            return error(Code.BAD_REQUEST, say_in(conn.lang if conn else DEFAULT,
                                                  Wording("Unknown event {event}.", event=repr(str(event)[:40]))))

    server.on("*", on_unknown)

    def on_bad(eio_sid: str, sid: str | None, reason: str) -> tuple[dict | None, bool]:
        with app.app_context():
            return bad_packet(app.extensions["partyapp"], eio_sid, sid, reason)

    def vet(eio_sid: str, joining: bool) -> str | None:
        return vet_namespace(app.extensions["partyapp"], eio_sid, joining)

    def opened(eio_sid: str, environ: dict) -> bool:
        return app.extensions["partyapp"].open_link(eio_sid, environ.get("REMOTE_ADDR") or "?")

    seams.watch_connections(server, opened, lambda eio_sid: app.extensions["partyapp"].close_link(eio_sid))
    seams.guard_messages(server, on_bad, vet)
    seams.guard_engine_packets(server, on_bad, lambda eio_sid, reason: cut(app.extensions["partyapp"], eio_sid, reason))


def vet_namespace(r: Realtime, eio_sid: str, joining: bool) -> str | None:
    """Why a connect to the namespace (``joining``) or a disconnect from it
    is refused, if it is (then it is a bad packet): a page connects once on
    each Engine.IO connection and leaves by closing it, so a second connect
    (one that would start the connection's limits afresh) and a disconnect
    while outside are refused."""
    link = r.links.get(eio_sid)
    if link is None:  # refused at its handshake, or gone
        return "a connect on a connection the server refused" if joining else None
    if joining:
        link.joins += 1
        return "a second connect to the namespace" if link.joins > 1 else None
    return None if link.sid is not None else "a disconnect from the namespace while outside it"


def cut(r: Realtime, eio_sid: str, reason: str) -> None:
    """A connection closed at once for what the server does not read at
    all: a message longer than ``max_message_bytes`` (on a WebSocket,
    ``seams.close_dropped_sockets``, or a long-polling request,
    ``seams.guard_engine_packets``), or an Engine.IO packet engine.io
    cannot decode (``packets.engine_fault``). Its address is charged a
    cut, as for a connection closed for bad packets."""
    link = r.links.get(eio_sid)
    if link is not None:
        link.bad_packets += 1
        r.cut_off(link.addr)
        bad_packets_log.warning("%s sent %s; it was closed", link.addr, reason)


def _dispatcher(app: Flask, fn: Handler, guarded: bool) -> Callable[..., dict]:
    def on_event(sid: str, *args: Any) -> dict:
        with app.app_context():
            r: Realtime = app.extensions["partyapp"]
            conn = r.conns.get(sid)
            if conn is None:
                return error(Code.FORBIDDEN, say_in(DEFAULT, N_("Not connected.")))
            try:
                return answer(r, conn, fn, guarded, args)
            except Exception as exc:
                log.exception("handler failed: %s", exc)
                return error(Code.BAD_REQUEST, words_for(conn, N_("That request could not be handled.")))

    on_event.__name__ = f"on_{fn.__name__}"
    on_event.__doc__ = fn.__doc__
    return on_event
