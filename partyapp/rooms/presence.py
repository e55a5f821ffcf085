"""Who is here, on which server process: the table's connections, each
seat's phones and the spectators, per process.

Each spectator (``room.watch``) is an entry of ``watching``: its id
("w3", numbered in the room), the process and connection holding it, the
kind of screen its page said it is, and, as hashes, its address and the
device token its page keeps. The host sees each one and may remove it;
the lock keeps new ones out (a device that watched before comes back); a
kick ends whatever the kicked device watches; one address holds at most
``per_address`` places, so a few addresses cannot take them all.

Each seat (and the table) lists the server processes holding one of its
connections (``hosts``, process ids): a seat is ``connected`` while any
process holds one, and a change's frames go to the processes listed. A
guest without a phone is here while the table is, or, with no table,
while the host's phone is (it plays for them then). When a process is gone,
every connection it held is (``drop_host``); a process given up for dead
that comes back takes its connections up again under its new id
(``relink``). ``Presence`` is that part of ``Room`` (``room.py``); each
method runs under ``Room.change``.
"""

from __future__ import annotations

from typing import Any, Callable

from partyapp.games.kit.base import IllegalAction
from partyapp.rooms.errors import Forbidden, RoomFull
from partyapp.rooms.seat import Seat, hash_token
from partyapp.rooms.unchanged import UNCHANGED

# The channel of a room's spectators among its seats' (``relink``): no player id looks like it.
WATCH = "watch"
# What a watch page may say it is, for the host's list ("Watcher 1 (phone)").
WATCH_KINDS = ("phone", "tablet", "screen")
# Devices that watched (they come back into a locked room), and devices or
# addresses the host removed from watching, kept for the room's life: the latest.
WATCHED_MAX = 64


def _relink(hosts: list[str], host: str, held: bool) -> bool:
    """Add ``host`` to ``hosts`` or take it out; True when that changed them."""
    if held == (host in hosts):
        return False
    if held:
        hosts.append(host)
    else:
        hosts.remove(host)
    return True


class Presence:
    """The room's connections by server process (see the module text)."""

    def hosts(self) -> set[str]:
        """The server processes holding connections of this room."""
        found = set(self.table_hosts) | self.watch_hosts()
        for s in self.seats:
            found.update(s.hosts)
        return found

    def watch_hosts(self) -> set[str]:
        """The server processes holding spectators' connections."""
        return {w["host"] for w in self.watching}

    def watcher_count(self) -> int:
        """Spectators' connections, over every server process."""
        return len(self.watching)

    def watcher_list(self) -> list[dict]:
        """The spectators as the host sees them: ``{"id", "kind"}`` each."""
        return [{"id": w["id"], "kind": w.get("kind")} for w in self.watching]

    def watch(self, cap: int, *, per_address: int = 0, addr: str = "", device: str | None = None,
              kind: str | None = None, sid: str | None = None, host: str | None = None) -> str:
        """A spectator's connection ``sid`` from ``addr``, held by process
        ``host`` (this one by default), receives the public view from now
        on: never a seat, a token or a player's count. Returns its id.
        Refused ``forbidden`` from a device or address the host removed, and
        while the room is locked (but for a device that watched it before);
        ``room_full`` at ``cap`` in all and at ``per_address`` from one
        address. ``device``: the token its page keeps, if it sent one."""
        seen = None if device is None else hash_token(device)
        place = hash_token(addr)[:16]
        if self.device_barred(seen) or (seen or place) in self.watch_banned:
            raise Forbidden("The host removed you from this room; only the host can let you back in.")
        if self.locked and (seen is None or seen not in self.watch_devices):
            raise Forbidden("The host has locked this room: nobody new may watch it.")
        if len(self.watching) >= cap:
            raise RoomFull("This room has as many watchers as it can take; try again later.")
        if per_address and sum(1 for w in self.watching if w.get("addr") == place) >= per_address:
            raise RoomFull("{count} screen on your network watches this room already, the most one network "
                           "may.|{count} screens on your network watch this room already, the most one "
                           "network may.", count=per_address)
        wid = f"w{self.next_watcher}"
        self.next_watcher += 1
        self.watching.append({"id": wid, "host": host or self.registry.host_id, "sid": sid, "addr": place,
                              "device": seen, "kind": kind if kind in WATCH_KINDS else None})
        if seen is not None:
            self.watch_devices = [d for d in self.watch_devices if d != seen][-(WATCHED_MAX - 1):] + [seen]
        return wid

    def unwatch(self, wid: str | None) -> Any:
        """Spectator ``wid``'s connection is gone."""
        left = [w for w in self.watching if w["id"] != wid]
        if len(left) == len(self.watching):
            return UNCHANGED
        self.watching = left
        return None

    def end_watching(self, which: Callable[[dict], bool]) -> list[dict]:
        """The spectators ``which`` picks watch no more (a kick, the host's
        ``unwatch``): returned, for their connections to be told."""
        ended = [w for w in self.watching if which(w)]
        self.watching = [w for w in self.watching if not which(w)]
        return ended

    def remove_watcher(self, wid: str) -> list[dict]:
        """The host removes spectator ``wid``: its watching ends, and its
        device (or, for a page that sent none, its address) may not watch
        this room again."""
        found = next((w for w in self.watching if w["id"] == wid), None)
        if found is None:
            raise IllegalAction("That watcher has gone already.")
        barred = found.get("device") or found.get("addr")
        if barred:
            self.watch_banned = [b for b in self.watch_banned if b != barred][-(WATCHED_MAX - 1):] + [barred]
        return self.end_watching(lambda w: w["id"] == wid)

    def set_connected(self, pid: str, connected: bool, host: str | None = None) -> Any:
        """Process ``host`` (this one by default) holds a connection of the
        seat now, or no longer; the seat is connected while any does."""
        seat = self.seat(pid)
        if not _relink(seat.hosts, host or self.registry.host_id, connected):
            return UNCHANGED
        self._seat_presence(seat)
        if pid == self.host_player:
            self.guests_presence()
        return None

    def guests_here(self) -> bool:
        """Whether a guest without a phone is here: while the table is, or,
        with no table, while the host's phone is, which then plays for the
        guest the game waits on (``Doors.guest_for_host``), so the app does
        not take their seat over as it would an absent phone's."""
        if self.table_connected:
            return True
        host = next((s for s in self.seats if s.id == self.host_player), None)
        return host is not None and bool(host.hosts)

    def guests_presence(self) -> None:
        """Every guest's presence again (the table or the host's phone came
        or went, or the host changed)."""
        for seat in self.seats:
            if seat.guest:
                self._seat_presence(seat)

    def _seat_presence(self, seat: Seat) -> None:
        connected = self.guests_here() if seat.guest else bool(seat.hosts)
        if seat.connected == connected:
            return
        seat.connected = connected
        seat.away_since = None if connected else self.registry.clock()
        if self.game and not self.game.is_over() and seat.id in self.game.players():
            self.game.presence(seat.id, connected, self.game_now())

    def attach_table(self, tv: bool = False, host: str | None = None) -> Any:
        """A table screen attaches (``room.create``, ``table.attach``);
        ``tv``: it says it is a TV, a screen nobody is handed, which never
        shows a guest's hand: the host's phone then plays for the guest the
        game waits on (``Doors.guest_for_host``). Any other table is the
        device the guests are handed, and plays for them alone."""
        changed = self.table_tv != tv
        self.table_tv = tv
        return None if self.set_table_connected(True, host) is not UNCHANGED or changed else UNCHANGED

    def set_table_connected(self, connected: bool, host: str | None = None) -> Any:
        if not _relink(self.table_hosts, host or self.registry.host_id, connected):
            return UNCHANGED
        self.table_connected = bool(self.table_hosts)
        self.guests_presence()
        return None

    def drop_host(self, host: str) -> Any:
        """Process ``host`` is gone: every connection it held is."""
        changed = bool(self.end_watching(lambda w: w["host"] == host))
        if host in self.table_hosts:
            self.set_table_connected(False, host)
            changed = True
        for seat in self.seats:
            if host in seat.hosts:
                self.set_connected(seat.id, False, host)
                changed = True
        return None if changed else UNCHANGED

    def relink(self, old: str, new: str, channels: set[str | None]) -> Any:
        """This process, given up for dead as ``old``, holds the connections
        of ``channels`` (seat ids, None the table, ``WATCH`` its spectators)
        as ``new``."""
        watching = [w for w in self.watching if w["host"] == old]
        changed = self.drop_host(old) is not UNCHANGED
        if WATCH in channels and watching:
            self.watching = [*self.watching, *({**w, "host": new} for w in watching)]
            changed = True
        if None in channels:
            changed = self.set_table_connected(True, new) is not UNCHANGED or changed
        for seat in self.seats:
            if seat.id in channels:
                changed = self.set_connected(seat.id, True, new) is not UNCHANGED or changed
        return None if changed else UNCHANGED
