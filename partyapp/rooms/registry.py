"""The registry: finds rooms in memory or loads them from the store, makes new
ones under fresh codes, and forgets the expired."""

from __future__ import annotations

import logging
import re
import secrets
import threading
import time
from collections import Counter, OrderedDict
from typing import Callable

from partyapp.rooms.errors import Busy, NoSuchRoom, TooManyRooms, Unreadable, unavailable
from partyapp.rooms.night import Night, default_settings
from partyapp.rooms.room import Autoplayer, Publisher, Room, hash_token, new_token
from partyapp.store import Conflict, Store, StoreUnavailable

ROOM_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ"  # no vowels (no words), no look-alikes
# 20**6 = 64,000,000 codes: at the limit on unknown codes per address
# (``limits.address_unknown_codes_per_hour``, 30) 40 addresses take six
# years to sweep them, and find one room in its 12 hours with a chance of 1
# in 4,400 (README, Security). Rooms made before codes had six letters keep
# their four.
ROOM_CODE_LEN = 6
LEGACY_CODE_LEN = 4
ROOM_CODE_RE = re.compile(f"^(?:[{ROOM_ALPHABET}]{{{ROOM_CODE_LEN}}}|[{ROOM_ALPHABET}]{{{LEGACY_CODE_LEN}}})$")
# A room nobody sits in and whose table has gone, untouched this long, makes
# way for a new one when the server holds ``max_rooms``.
DESERTED_S = 10 * 60
# A room no phone ever joined (its table may still be there), made this long
# ago, makes way too (the oldest first): rooms made by many addresses hold
# the server's last places for a minute and a half at most.
UNJOINED_S = 90
# Rooms found unreadable whose warning was logged already (one line each).
UNREADABLE_MAX = 1000

log = logging.getLogger(__name__)


class Registry:
    """Finds rooms: in memory when live, else loaded from the store.

    ``host_id`` names this server process in the rooms' ``hosts`` (fresh for
    each process, so a process that restarts is a new one). ``seeds`` gives
    each new game its seed outside testing mode (64 random bits; a test
    hands its own)."""

    def __init__(self, store: Store, *, max_players: int = 16, option_defaults: dict | None = None,
                 clock: Callable[[], float] = time.time, host_id: str | None = None, max_rooms: int = 0,
                 seeds: Callable[[], int] = lambda: secrets.randbits(64), rooms_per_owner: int = 0) -> None:
        self.store = store
        self.max_players = max_players
        self.max_rooms = max_rooms  # live rooms this process holds at most (0: no cap)
        self.rooms_per_owner = rooms_per_owner  # ... of them made by one owner (a client address; 0: no cap)
        self._owners: dict[str, str] = {}  # code -> who made it, for the rooms made here
        self._unjoined: dict[str, float] = {}  # code -> when made, for those no phone joined yet (oldest first)
        self.option_defaults = dict(option_defaults or {})
        self.clock = clock
        self.seeds = seeds
        self.host_id = host_id or secrets.token_hex(6)
        self.publisher: Publisher | None = None
        self.autoplay: Autoplayer | None = None
        self._rooms: dict[str, Room] = {}
        self._lock = threading.Lock()
        self._unreadable: OrderedDict[str, None] = OrderedDict()  # codes whose warning was logged

    def unreadable(self, code: str, exc: BaseException) -> Unreadable:
        """What the store keeps of room ``code`` cannot be read: one warning
        line in the log (the first time), and the refusal every request for
        it is answered with (a page, a join: never a traceback each)."""
        first = code not in self._unreadable
        self._unreadable[code] = None
        while len(self._unreadable) > UNREADABLE_MAX:
            self._unreadable.popitem(last=False)
        if first:
            log.warning("room %s cannot be read from the store (%s: %s); it is answered as gone",
                        code, type(exc).__name__, str(exc)[:200])
        return Unreadable("Room {room} cannot be opened: what the server kept of it cannot be read. "
                          "Start a new table.", room=code)

    def get(self, code: str) -> Room:
        room = self._rooms.get(code)
        if room is not None:
            return room
        try:
            data = self.store.load(code)
        except StoreUnavailable:
            raise unavailable() from None
        except Exception as exc:  # not JSON, or not a room's
            raise self.unreadable(code, exc) from None
        if data is None:
            raise NoSuchRoom("There is no room {room}. Check the code on the TV.", room=code)
        try:
            fresh = Room(self, data)
        except Exception as exc:  # a field missing or of the wrong kind
            raise self.unreadable(code, exc) from None
        with self._lock:
            room = self._rooms.get(code)
            if room is not None:
                return room  # loaded meanwhile by another request
            room = fresh
            if not self.store.shared:
                # Loaded afresh (after a restart): nobody is connected to this
                # process yet; each phone and the table reconnect and say so.
                # (On a shared store other processes may hold them: the
                # connections of a process that died are let go by the
                # others, see ``partyapp/cluster/peers.py``.)
                room.table_connected = False
                room.table_hosts = []
                room.watching = []  # the spectators reconnect too, and watch again
                now = self.clock()
                for seat in room.seats:
                    if seat.bot:
                        continue  # bots have no phone: they are always here
                    if seat.connected or seat.away_since is None:
                        seat.away_since = now
                    seat.connected = False
                    seat.hosts = []
            self._rooms[code] = room
        deadline = room.next_deadline()
        if deadline is not None and self.publisher:
            self.publisher.schedule(room, deadline)
        return room

    def create(self, join_base: str, family: bool = False, owner: str | None = None) -> tuple[Room, str]:
        """A new room with a fresh code and host token, kept in memory (in
        family mode when asked), made by ``owner`` (a client address: see
        ``make_way``); the first change of the room (the table attaching)
        saves it. On a shared store it is saved at once, which reserves its
        code."""
        token = new_token()
        now = self.clock()
        self.make_way(now, owner)
        room, token = self._create(join_base, family, token, now)
        with self._lock:
            if owner is not None:
                self._owners[room.code] = owner
            self._unjoined[room.code] = now
        return room, token

    def make_way(self, now: float, owner: str | None = None) -> None:
        """Room for one more room made by ``owner``, or ``TooManyRooms``.
        Per owner first: one that holds ``rooms_per_owner`` rooms has its
        own oldest that no phone joined make way (none: refused). Then, when
        the server holds ``max_rooms``, the deserted rooms make way; else
        the oldest room no phone joined of the owner holding the most rooms
        (two or more); else the oldest room no phone joined that was made
        ``UNJOINED_S`` ago."""
        with self._lock:
            for code in [c for c in self._unjoined if c not in self._rooms]:
                del self._unjoined[code]
            for code in [c for c in self._owners if c not in self._rooms]:
                del self._owners[code]
            mine = sum(1 for o in self._owners.values() if o == owner) if owner is not None else 0
            own = [c for c in self._unjoined if self._owners.get(c) == owner]
        if self.rooms_per_owner and mine >= self.rooms_per_owner:
            spare = next((c for c in own if self._still_unjoined(c)), None)
            if spare is None:
                raise TooManyRooms("This server has as many rooms open as it can hold; try again later.")
            self._drop([spare])
        if self.max_rooms and len(self._rooms) >= self.max_rooms:
            self.drop_deserted(now - DESERTED_S)
            if len(self._rooms) >= self.max_rooms:
                victim = self._crowding(now)
                if victim is not None:
                    self._drop([victim])
            if len(self._rooms) >= self.max_rooms:
                raise TooManyRooms("This server has as many rooms open as it can hold; try again later.")

    def _crowding(self, now: float) -> str | None:
        """The room that makes way at the cap, if any: the oldest that no
        phone joined of the owner holding the most rooms, if it holds two or
        more; else the oldest that no phone joined, made ``UNJOINED_S`` ago."""
        with self._lock:
            held = Counter(self._owners.values())
            crowded = sorted(((held[self._owners[c]], -order, c) for order, c in enumerate(self._unjoined)
                              if c in self._owners), reverse=True)  # the most held first, then the oldest
            aged = [c for c, made in self._unjoined.items() if made <= now - UNJOINED_S]
        for count, _, code in crowded:
            if count < 2:
                break
            if self._still_unjoined(code):
                return code
        return next((c for c in aged if self._still_unjoined(c)), None)

    def _still_unjoined(self, code: str) -> bool:
        """Does no phone sit in room ``code``, in its newest copy? (On a
        shared store another process may have seated one: it is read from
        the store.) A room found otherwise no longer counts as unjoined."""
        if self.store.shared:
            try:
                data = self.store.load(code)
            except StoreUnavailable:
                return False  # not known now: it stays
            seats = (data or {}).get("seats") or []
            phone = any(not s.get("bot") and not s.get("guest") for s in seats)
        else:
            room = self._rooms.get(code)
            phone = room is not None and any(not s.bot and not s.guest for s in room.seats)
        if phone:
            self._unjoined.pop(code, None)
        return not phone

    def joined(self, code: str) -> None:
        """A phone sat down in room ``code``: it no longer makes way as a
        room nobody joined."""
        self._unjoined.pop(code, None)

    def _create(self, join_base: str, family: bool, token: str, now: float) -> tuple[Room, str]:
        for _ in range(200):
            code = "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_CODE_LEN))
            data = {
                "code": code, "rev": 0, "created": now, "touched": now,
                "host_token_hash": hash_token(token), "join_url": f"{join_base}/j/{code}",
                "host_player": None, "next_id": 1, "table_connected": False, "seats": [], "game": None,
                "night": Night.new(now, {**default_settings(), "family": family}).to_json(),
            }
            with self._lock:
                if code in self._rooms:
                    continue
                room = Room(self, data)
                if not self.store.shared:
                    if self.store.exists(code):
                        continue
                    self._rooms[code] = room
                    return room, token
            try:
                self.store.commit(code, room.to_json(), now, expect=None, rev=0)
            except Conflict:
                continue
            except StoreUnavailable:
                raise unavailable() from None
            with self._lock:
                self._rooms[code] = room
            return room, token
        raise Busy("No free room code; try again.")

    def drop_deserted(self, before: float) -> list[str]:
        """Delete the rooms nobody sits in (bots aside), whose table has gone
        and that nobody touched since ``before``."""
        with self._lock:
            gone = [code for code, room in self._rooms.items()
                    if room.touched < before and not room.table_connected and not any(not s.bot for s in room.seats)]
        self._drop(gone)
        return gone

    def _drop(self, codes: list[str]) -> None:
        """Forget these rooms and delete them from the store."""
        with self._lock:
            for code in codes:
                self._rooms.pop(code, None)
                self._unjoined.pop(code, None)
                self._owners.pop(code, None)
        for code in codes:
            try:
                self.store.delete(code)
            except StoreUnavailable:
                pass

    def live(self, code: str) -> Room | None:
        """The room if it is in memory (never loads it from the store)."""
        return self._rooms.get(code)

    def held(self) -> list[Room]:
        """Every room in memory."""
        with self._lock:
            return list(self._rooms.values())

    def forget(self, room: Room) -> None:
        """Drop a room that is gone from the store."""
        with self._lock:
            if self._rooms.get(room.code) is room:
                del self._rooms[room.code]

    def expire(self, ttl_seconds: float) -> list[str]:
        """Forget rooms nobody has touched for ``ttl_seconds``."""
        before = self.clock() - ttl_seconds
        gone = self.store.expire(before)
        with self._lock:
            for code in gone:
                self._rooms.pop(code, None)
            for code, room in list(self._rooms.items()):
                if room.touched < before:
                    del self._rooms[code]
        return gone
