"""The per-app realtime state, kept in ``app.extensions["partyapp"]``: the
connections and the seats they speak for, and beside them the fan-out, the
clock every timer runs on (``clock.py``), the games' timers, the pings and
the background chores. It is the rooms'
publisher (``publish`` and ``schedule``): only the connection-to-seat map
lives here; everything else is in the room.

With several processes, a room held here may be behind the store: whatever
is decided from the room (who is host, whose token this is) is decided
inside the room's change, which works on the newest room.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from flask import current_app, request

from partyapp.bots import Autoplay
from partyapp.cluster.peers import Peers
from partyapp.cluster.queue import RoomQueue
from partyapp.cluster.sequencer import Sequencer
from partyapp.realtime import netinfo, pings, seams
from partyapp.realtime.clock import Scheduler
from partyapp.realtime.coalesce import Coalescer
from partyapp.realtime.connections import Conn, Link
from partyapp.realtime.extension import socketio
from partyapp.realtime.fanout import Fanout, Route, watch_channel
from partyapp.realtime.housekeeping import Housekeeping
from partyapp.realtime.pacing import Pacing
from partyapp.realtime.limits import KeyedLimiter, TokenBucket
from partyapp.realtime.timers import Deadlines
from partyapp.rooms.registry import Registry
from partyapp.rooms.room import UNCHANGED, WATCH, Room
from partyapp.realtime.protocol import Code, Event, ProtocolError
from partyapp.rooms.errors import Forbidden, NoSuchRoom, RoomError
from partyapp.games.kit.wording import N_
from partyapp.rooms.frames import encode
from partyapp.store import StoreUnavailable


# An address whose connections were cut off this many times at once, then
# once every this many seconds, has its new connections refused until it
# keeps to that (a flooder connecting again and again costs a refusal each,
# not a handshake and a few hundred packets).
CUTS_BURST = 3
CUT_PENALTY_S = 20.0

log = logging.getLogger(__name__)

PROBES_REFUSAL = N_("Too many wrong room codes are being tried on this server right now; try again in a minute.")


@dataclass
class Realtime:
    """Per-app realtime state, kept in ``app.extensions["partyapp"]``: the
    connections, and the fan-out, the clock, deadlines and housekeeping
    beside them. It is the rooms' publisher (``publish`` and ``schedule``)."""

    registry: Registry
    settings: dict
    lan_ip: str
    clock: Scheduler  # every timer of this app; the registry's clock is its now()
    queue: RoomQueue | None = None  # the message queue, with several processes
    conns: dict[str, Conn] = field(default_factory=dict)
    by_address: Counter = field(default_factory=Counter)  # Socket.IO connections per client address
    links: dict[str, Link] = field(default_factory=dict)  # the Engine.IO connections, by their id
    # per client address: its Engine.IO connections outside the namespace (not yet in it, or left it)
    unconnected: Counter = field(default_factory=Counter)
    unconnected_refused: int = 0  # handshakes refused for their address's cap on those
    lock: threading.Lock = field(default_factory=threading.Lock)
    pinging: bool = False

    def __post_init__(self) -> None:
        s = self.settings
        self.shared = self.registry.store.shared
        rate, burst = s["PARTYAPP_JOINS_PER_MINUTE"] / 60.0, s["PARTYAPP_JOINS_BURST"]
        self.join_limiter = (self.registry.store.limiter("joins", rate, burst)
                             or KeyedLimiter(rate, burst, clock=self.clock.now))
        # joins into one room, per room and per device; watches per address (``pacing.py``)
        self.pacing = Pacing(self.registry.store, s, self.clock.now)
        # the frames of phones' own changes, at most a few a second per room (``coalesce.py``)
        self.coalescer = Coalescer(self.clock, self._publish_later)
        # addresses whose connections the server cut off (bad packets, flooding): after
        # CUTS_BURST cuts, one more each CUT_PENALTY_S, new connections are refused meanwhile
        self.cuts = KeyedLimiter(1.0 / CUT_PENALTY_S, CUTS_BURST)
        # room codes asked for that do not exist, and tokens that fit nothing: per address first
        # (``misses``), then from every address together (``probe_limiter``, one key, "*")
        rate, burst = s["PARTYAPP_ADDRESS_UNKNOWN_CODES_PER_HOUR"] / 3600.0, s["PARTYAPP_ADDRESS_UNKNOWN_CODES_BURST"]
        self.misses = self.registry.store.limiter("misses", rate, burst) or KeyedLimiter(rate, burst,
                                                                                          clock=self.clock.now)
        rate, burst = s["PARTYAPP_UNKNOWN_CODES_PER_MINUTE"] / 60.0, s["PARTYAPP_UNKNOWN_CODES_BURST"]
        self.probe_limiter = (self.registry.store.limiter("probes", rate, burst)
                              or KeyedLimiter(rate, burst, clock=self.clock.now))
        self.origins = netinfo.OwnOrigins(s["PARTYAPP_PORT"], self.lan_ip, s["PARTYAPP_PUBLIC_URL"],
                                          s["PARTYAPP_ALLOWED_ORIGINS"])
        sequencer = Sequencer(clock=self.clock.now, later=self.clock.call_later) if self.shared else None
        self.fanout = Fanout(self.registry.host_id, self.queue, sequencer)
        self.deadlines = Deadlines(self.registry, self.clock)
        peers = Peers(self.registry, held=self.fanout.held, renamed=self.renamed,
                      resync=self.resync) if self.shared else None
        self.housekeeping = Housekeeping(self.registry, s, self.clock, peers)
        self.registry.publisher = self
        self.autoplay = Autoplay(takeover_s=s["PARTYAPP_BOT_TAKEOVER_S"])
        self.registry.autoplay = self.autoplay
        if self.queue is not None:
            self.queue.on_reconnect = lambda: self.clock.call_later(0.5, self.resync)

    # -- Engine.IO connections (``seams.watch_connections``) -------------------------
    def open_link(self, eio_sid: str, addr: str) -> bool:
        """An Engine.IO connection's handshake: refused (False) when its
        address holds ``unconnected_per_address`` connections outside the
        namespace already, or was cut off too often (``penalized``); else it
        has ``unconnected_timeout_s`` to connect to the namespace
        (``connect_due``)."""
        s = self.settings
        cap = s["PARTYAPP_UNCONNECTED_PER_ADDRESS"]
        if cap and self.unconnected[addr] >= cap:
            self.unconnected_refused += 1
            if self.unconnected_refused in (1, 10, 100) or self.unconnected_refused % 1000 == 0:
                log.warning("%s holds %d sockets that have not connected, the most one address may: refusing "
                            "new ones (%d so far)", addr, cap, self.unconnected_refused)
            return False
        if self.penalized(addr):
            return False
        link = Link(eio_sid, addr, TokenBucket(s["PARTYAPP_EVENTS_PER_SECOND"], s["PARTYAPP_EVENTS_BURST"],
                                               time.monotonic()))
        self.links[eio_sid] = link
        self.unconnected[addr] += 1
        self._await_connect(link)
        return True

    def close_link(self, eio_sid: str) -> None:
        """An Engine.IO connection is gone."""
        link = self.links.pop(eio_sid, None)
        if link is not None:
            self._outside(link, False)
            if link.timer is not None:
                link.timer.cancel()
                link.timer = None

    def link_connected(self, link: Link, sid: str) -> None:
        """``link`` connected to the namespace as ``sid``."""
        link.sid = sid
        self._outside(link, False)
        if link.timer is not None:
            link.timer.cancel()
            link.timer = None

    def link_left(self, link: Link) -> None:
        """``link`` left the namespace (its Engine.IO connection may stay:
        it is then given the time-out of a new one)."""
        link.sid = None
        if link.eio_sid in self.links:
            self._outside(link, True)
            self._await_connect(link)

    def _await_connect(self, link: Link) -> None:
        if link.timer is not None:
            link.timer.cancel()
        eio_sid = link.eio_sid
        link.timer = self.clock.call_later(self.settings["PARTYAPP_UNCONNECTED_TIMEOUT_S"],
                                           lambda: self.connect_due(eio_sid))

    def _outside(self, link: Link, outside: bool) -> None:
        """Count ``link`` among its address's connections outside the
        namespace, or no longer."""
        if link.unjoined == outside:
            return
        link.unjoined = outside
        if outside:
            self.unconnected[link.addr] += 1
        elif self.unconnected[link.addr] > 1:
            self.unconnected[link.addr] -= 1
        else:
            self.unconnected.pop(link.addr, None)

    def connect_due(self, eio_sid: str) -> None:
        """An Engine.IO connection given time to connect to the namespace:
        closed if it still has not (it holds descriptors for nothing)."""
        link = self.links.get(eio_sid)
        if link is None or link.sid is not None:
            return
        link.timer = None
        seams.close_connection(socketio.server, None, eio_sid)
        self.close_link(eio_sid)

    # -- the rooms' publisher (called by Room under its lock) ---------------------
    def publish(self, room: Room, public: dict, private: dict[str, dict]) -> None:
        """Send the views of a new ``rev``: the public one to the table, each
        ``you`` (spliced into it) to its phone; with several processes, to the
        processes holding their connections."""
        route = None
        if self.shared:
            route = Route(self.registry.host_id, room.was_here, room.table_hosts,
                          {s.id: s.hosts for s in room.seats if s.connected}, sorted(room.watch_hosts()),
                          after=room.after)
        self.coalescer.published(room.code)
        self.fanout.publish(room.code, public, private, route)

    def defer(self, room: Room) -> bool:
        """May this change's frames wait (``coalesce.py``)? Room lock held."""
        return self.coalescer.defer(room.code)

    def _publish_later(self, code: str) -> None:
        """The frames that waited: the room as it is now."""
        try:
            room = self.registry.get(code)
            room.read(room.publish_later)
        except (RoomError, StoreUnavailable):
            return  # gone meanwhile, or the store is away: the next change goes out whole

    def resync(self) -> None:
        """Send every connection held here the room as it is now (after the
        queue was down, frames of other processes may have been lost)."""
        for code in self.fanout.held():
            try:
                room = self.registry.get(code)
                rev, frames = room.read(lambda room=room: self._current_frames(room))
            except (RoomError, StoreUnavailable):
                continue
            self.fanout.sequencer.current(code, rev, lambda code=code, frames=frames: self.fanout.deliver(code, frames))

    def renamed(self, new: str) -> None:
        """This process goes on under a new name (``cluster.peers``)."""
        self.fanout.host = new

    def _current_frames(self, room: Room) -> tuple[int, list[tuple[str | None, str]]]:
        held = self.fanout.held().get(room.code, set())
        if WATCH in held:  # the spectators get the table's frame (``Fanout.deliver``)
            held = (held - {WATCH}) | {None}
        frames = [(pid, encode(room.view_for(pid))) for pid in held if pid is None or room.has_seat(pid)]
        return room.rev, frames

    def schedule(self, room: Room, at: float) -> None:
        """Call ``room.tick`` once the game's deadline (a race's time-out) is due."""
        self.deadlines.schedule(room.code, at)

    def start_pings(self) -> None:
        """Start pinging the phones of reflex games (``pings.py``), once."""
        with self.lock:
            if self.pinging:
                return
            self.pinging = True
        self.clock.every(pings.RoundTrips.QUICK_S, lambda: pings.ping_due(self.conns, self.registry, socketio,
                                                                          self.clock.now))

    # -- finding rooms by the code a client sent -------------------------------------
    # A code that fits no room (or a token that fits no seat) is a miss. Misses
    # are charged per address first (``misses``: ``address_unknown_codes_burst``
    # at once, then ``address_unknown_codes_per_hour``), and only a miss within
    # its address's own limit draws on the server-wide budget
    # (``unknown_codes_per_minute``): an address past its limit spends nothing
    # of it, and each lookup it is refused costs it one more (its bucket sinks
    # below empty). While the server-wide budget is spent, an address that
    # has missed lately (its own bucket is not full) is refused every lookup
    # by code; one that has not is answered, so that no number of sweeping
    # addresses keeps a guest with the right code out.
    def probing_blocked(self) -> bool:
        """Has the server-wide budget of unknown codes run out?"""
        return self.probe_limiter.exhausted("*")

    def lookups_refused(self, addr: str) -> bool:
        """Is ``addr`` refused lookups by code for now (``rate_limited``,
        429): past its own limit of misses, or, while the server-wide budget
        is spent, with a miss not yet made good? (Nothing is charged.)"""
        return self.misses.exhausted(addr) or (self.probing_blocked() and not self.misses.full(addr))

    def refuse_lookup(self, addr: str) -> None:
        """A lookup refused to ``addr`` costs it like a miss (its own
        bucket only)."""
        self.misses.spend(addr)

    def probe_failed(self, addr: str | None = None) -> None:
        """A miss from ``addr``: charged to the address, and to the
        server-wide budget only when the address was within its own limit
        (``addr`` None: to the server-wide budget)."""
        if addr is None or self.misses.spend(addr):
            self.probe_limiter.allow("*")

    def find_room(self, code: str, addr: str | None = None) -> Room:
        """The room of a code a client typed (``player.join``, ``room.watch``)
        from ``addr``: refused ``rate_limited`` while ``lookups_refused``
        (and charged for it); an unknown code is a miss (``probe_failed``)."""
        if self.probing_blocked() if addr is None else self.lookups_refused(addr):
            if addr is not None:
                self.refuse_lookup(addr)
            raise ProtocolError(Code.RATE_LIMITED, PROBES_REFUSAL)
        try:
            return self.registry.get(code)
        except NoSuchRoom:
            self.probe_failed(addr)
            raise

    def find_proven_room(self, code: str, prove: Callable[[Room], Any], addr: str | None = None) -> Room:
        """The room of a code sent with a token (``player.resume``,
        ``table.attach``) from ``addr``: ``prove(room)`` raises unless the
        token fits. A phone with its seat's token always comes back; a code
        or token that fits nothing is a miss, and is answered
        ``rate_limited`` while ``lookups_refused`` (a room unknown and a
        token wrong are then answered alike)."""
        try:
            room = self.registry.get(code)
            prove(room)
            return room
        except (NoSuchRoom, Forbidden, ProtocolError) as exc:
            if isinstance(exc, ProtocolError) and exc.code != Code.FORBIDDEN:
                raise
            blocked = self.probing_blocked() if addr is None else self.lookups_refused(addr)
            self.probe_failed(addr)
            if blocked:
                raise ProtocolError(Code.RATE_LIMITED, PROBES_REFUSAL) from None
            raise

    # -- binding connections to seats ---------------------------------------------
    @staticmethod
    def _channel_of(role: str | None, pid: str | None) -> str | None:
        """The fan-out key a connection of ``role`` listens on: its seat, the
        spectators' (``WATCH``) or the table's (None)."""
        return pid if role == "player" else WATCH if role == "watcher" else None

    def bind(self, conn: Conn, room: Room, role: str, pid: str | None = None) -> None:
        """Attach ``conn`` to a table, a seat or the spectators (inside the
        room's change)."""
        conn.code, conn.role, conn.pid = room.code, role, pid
        self.fanout.listen(conn.sid, room.code, self._channel_of(role, pid))
        if role == "player":
            self.registry.joined(room.code)  # a phone sits in it: no longer a room nobody joined

    def unbind(self, conn: Conn) -> None:
        """Detach ``conn`` from its table or seat. Whether it was the last
        connection of that seat (which then shows as disconnected) is decided
        inside the room's change, where a resume of the same seat is bound,
        so a phone that came back meanwhile is never marked away."""
        code, role, pid = conn.code, conn.role, conn.pid
        if code is None:
            return
        conn.code = conn.role = conn.pid = None
        seat = self._channel_of(role, pid)
        self.fanout.stop_listening(conn.sid, code, seat)
        try:
            room = self.registry.get(code)
        except RoomError:
            self.fanout.forget(conn.sid, code, seat)  # the room expired meanwhile
            return

        last: list[bool] = []  # decided once: on a shared store the change may be applied again

        def gone() -> Any:
            if not last:
                last.append(self.fanout.forget(conn.sid, code, seat))
            if role == "watcher":  # every spectator counts, not only a channel's last
                return room.unwatch(pid)
            if not last[0]:
                return UNCHANGED
            if role == "table":
                return room.set_table_connected(False)
            return room.set_connected(pid, False) if room.has_seat(pid) else UNCHANGED

        room.change(gone)

    def evict_seat(self, room: Room, pid: str, reason: str) -> None:
        """A seat is gone (kicked or left): tell its phones and forget them."""
        for sid in self.fanout.evict(room.code, pid, reason):
            conn = self.conns.get(sid)
            if conn is not None:
                conn.code = conn.role = conn.pid = None

    def evict_table(self, room: Room) -> None:
        """The table moved to another screen (``tablemove.py``): the old
        table's screens are told and forgotten; the room's presence stays
        as it is (the new screen attaches at once)."""
        for sid in self.fanout.evict_table(room.code):
            conn = self.conns.get(sid)
            if conn is not None:
                conn.code = conn.role = conn.pid = conn.table_key = None

    def end_watching(self, room: Room, watchers: list[dict], reason: str) -> None:
        """Spectators the room no longer has (a kick of their device, the
        host's ``unwatch``): each connection, on whichever process holds
        it, is told ``kicked`` and leaves the room's watch channel (room
        lock held). It stays a spectator's connection, which may send
        nothing: the page says why and closes it."""
        for w in watchers:
            sid = w.get("sid")
            if sid is None:
                continue
            socketio.emit(Event.KICKED, {"code": room.code, "reason": reason}, to=sid)
            socketio.server.leave_room(sid, watch_channel(room.code), namespace="/")

    def send_current(self, room: Room, conn: Conn) -> None:
        """The current view to one connection (room lock held)."""
        self.fanout.send(conn.sid, room.view_for(conn.pid if conn.role == "player" else None))

    def is_host(self, conn: Conn, room: Room) -> bool:
        if conn.code != room.code:
            return False
        if conn.role == "table":  # the table's token still: a table moved away is the table no more
            return conn.table_key == room.host_token_hash
        return conn.role == "player" and room.host_player == conn.pid

    def disconnect(self, sid: str) -> None:
        """Cut one connection of this process off, its Engine.IO connection
        too (so it cannot join the namespace again on the same socket); its
        address is charged a cut (``penalized``)."""
        conn = self.conns.get(sid)
        if conn is not None:
            self.cut_off(conn.addr)
        seams.close_connection(socketio.server, sid)

    def cut_off(self, addr: str) -> None:
        """A connection from ``addr`` was cut off (bad packets, flooding)."""
        self.cuts.allow(addr)

    def penalized(self, addr: str) -> bool:
        """Are new connections from ``addr`` refused for now (it was cut off
        more than ``CUTS_BURST`` times, faster than one each ``CUT_PENALTY_S``)?"""
        return self.cuts.exhausted(addr)

    def origin_allowed(self, origin: str | None, environ: dict) -> bool:
        """Refuse Socket.IO connections opened by pages of other sites
        (cross-site WebSocket hijacking, DNS rebinding): the Origin must be
        one of the server's own addresses or names on its port
        (``netinfo.OwnOrigins``: every interface address, the host name and
        ``NAME.local``, loopback), ``public_url`` or a configured one; the
        request's Host header never counts. Clients that are not browsers
        send no Origin and are let in."""
        if not origin:
            return True
        return origin in self.origins


def rt() -> Realtime:
    return current_app.extensions["partyapp"]


def client_addr() -> str:
    return request.remote_addr or request.environ.get("REMOTE_ADDR") or "?"
