"""Who is here, on which server process: the table's connections, each
seat's phones and the spectators, per process.

Each seat (and the table) lists the server processes holding one of its
connections (``hosts``, process ids): a seat is ``connected`` while any
process holds one, and a change's frames go to the processes listed. A
guest without a phone is here while the table is. When a process is gone,
every connection it held is (``drop_host``); a process given up for dead
that comes back takes its connections up again under its new id
(``relink``). ``Presence`` is that part of ``Room`` (``room.py``); each
method runs under ``Room.change``.
"""

from __future__ import annotations

from typing import Any

from partyapp.rooms.errors import RoomFull
from partyapp.rooms.seat import Seat
from partyapp.rooms.unchanged import UNCHANGED

# The channel of a room's spectators among its seats' (``relink``): no player id looks like it.
WATCH = "watch"


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
        found = set(self.table_hosts) | set(self.watchers)
        for s in self.seats:
            found.update(s.hosts)
        return found

    def watcher_count(self) -> int:
        """Spectators' connections, over every server process."""
        return sum(self.watchers.values())

    def watch(self, cap: int, host: str | None = None) -> None:
        """A spectator's connection, held by process ``host`` (this one by
        default), receives the public view from now on: never a seat, a
        token or a player's count. Refused ``room_full`` at ``cap``."""
        if self.watcher_count() >= cap:
            raise RoomFull("This room has as many watchers as it can take; try again later.")
        host = host or self.registry.host_id
        self.watchers[host] = self.watchers.get(host, 0) + 1

    def unwatch(self, host: str | None = None) -> Any:
        """A spectator's connection held by ``host`` is gone."""
        host = host or self.registry.host_id
        left = self.watchers.get(host, 0) - 1
        if left < 0:
            return UNCHANGED
        if left:
            self.watchers[host] = left
        else:
            del self.watchers[host]
        return None

    def set_connected(self, pid: str, connected: bool, host: str | None = None) -> Any:
        """Process ``host`` (this one by default) holds a connection of the
        seat now, or no longer; the seat is connected while any does."""
        seat = self.seat(pid)
        if not _relink(seat.hosts, host or self.registry.host_id, connected):
            return UNCHANGED
        self._seat_presence(seat)
        return None

    def _seat_presence(self, seat: Seat) -> None:
        connected = self.table_connected if seat.guest else bool(seat.hosts)
        if seat.connected == connected:
            return
        seat.connected = connected
        seat.away_since = None if connected else self.registry.clock()
        if self.game and not self.game.is_over() and seat.id in self.game.players():
            self.game.presence(seat.id, connected, self.registry.clock())

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
        for seat in self.seats:
            if seat.guest:
                self._seat_presence(seat)
        return None

    def drop_host(self, host: str) -> Any:
        """Process ``host`` is gone: every connection it held is."""
        changed = self.watchers.pop(host, 0) > 0
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
        watching = self.watchers.get(old, 0)
        changed = self.drop_host(old) is not UNCHANGED
        if WATCH in channels and watching:
            self.watchers[new] = self.watchers.get(new, 0) + watching
            changed = True
        if None in channels:
            changed = self.set_table_connected(True, new) is not UNCHANGED or changed
        for seat in self.seats:
            if seat.id in channels:
                changed = self.set_connected(seat.id, True, new) is not UNCHANGED or changed
        return None if changed else UNCHANGED
