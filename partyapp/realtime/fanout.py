"""Fan-out: which connection receives which frame.

The server's Socket.IO instance lives here. Every table screen of a room
listens on the room's table channel, every phone on its seat's channel,
every spectator (``room.watch``) on the room's watch channel. After each
change of a room, ``Fanout.publish`` sends the table channel and the watch
channel the public view (the same text) and each seat's channel that view
plus the seat's own ``you``:
the public view is encoded once and each ``you`` spliced into that text (the
same JSON as ``{**public, "you": you}``, see ``partyapp/rooms/frames.py``). The frames of
the connections this process holds go straight onto its sockets
(``seams.deliver_local``).

``Fanout`` also keeps which connections listen on each channel, so that the
room can tell when a seat's last phone has gone. Those sets are changed only
inside the room's change (its lock held), where the seat's connected flag is
decided too.

Several server processes on a shared store (``Route``): the frames for the
connections this process holds are delivered here (``deliver``, in rev order
through the sequencer), and the frames for connections other processes hold
go on the message queue, one message per change, only when there are any
(``cluster/queue.py``). Frames from the queue come back in through ``on_frames``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from flask_socketio import close_room, join_room, leave_room

from partyapp.realtime.extension import socketio
from partyapp.realtime.packets import event_text
from partyapp.realtime.protocol import Event
from partyapp.realtime.seams import deliver_local
from partyapp.rooms.frames import encode, with_you
from partyapp.rooms.room import WATCH


@dataclass(frozen=True, slots=True)
class Route:
    """Where a change's frames go when several processes share the rooms."""

    here: str  # this process
    was_here: bool  # it held connections of the room at the previous rev
    table: Sequence[str]  # the processes holding the table's connections
    seats: Mapping[str, Sequence[str]]  # seat id -> the processes holding its phones
    watch: Sequence[str] = ()  # the processes holding spectators' connections
    after: int | None = None  # the rev of the room's frames before these (None: rev - 1)


def table_channel(code: str) -> str:
    return f"t:{code}"


def player_channel(code: str, pid: str) -> str:
    return f"p:{code}:{pid}"


def watch_channel(code: str) -> str:
    return f"w:{code}"


def channel(code: str, pid: str | None) -> str:
    """The table's channel (``pid`` None), the spectators' (``WATCH``) or a seat's."""
    if pid is None:
        return table_channel(code)
    return watch_channel(code) if pid == WATCH else player_channel(code, pid)


def view_frames(public: dict, private: dict[str, dict]) -> list[tuple[str | None, str]]:
    """A change's frames: ``(seat id, or None for the table, view JSON)``,
    the public view for the table and, for each seat, that view with the
    seat's ``you`` spliced in (the same JSON as ``{**public, "you": you}``)."""
    text = encode(public)
    return [(None, text)] + [(pid, with_you(text, you)) for pid, you in private.items()]


def state_frames(code: str, public: dict, private: dict[str, dict]) -> list[tuple[str, str]]:
    """The same frames as ``(channel, view JSON)``."""
    return [(channel(code, pid), text) for pid, text in view_frames(public, private)]


class Fanout:
    def __init__(self, host: str = "", queue=None, sequencer=None) -> None:
        # (room code, player id or None for the table) -> connection ids
        self.listeners: dict[tuple[str, str | None], set[str]] = defaultdict(set)
        self.host = host  # this process, as the rooms' ``hosts`` name it
        self.queue = queue  # queue.RoomQueue, with several processes
        self.sequencer = sequencer  # sequencer.Sequencer, with several processes
        if queue is not None:
            queue.on_frames = self.on_frames

    def publish(self, code: str, public: dict, private: dict[str, dict], route: Route | None = None) -> None:
        """The public view to the table channel; each ``you`` spliced into it
        to that seat's channel. With a ``route`` (several processes), only
        the frames of connections held here are delivered here; the others
        go on the queue."""
        frames = view_frames(public, private)
        if route is None:
            self.deliver(code, frames)
        else:
            self._route(code, public["rev"], frames, route)

    def deliver(self, code: str, frames: list[tuple[str | None, str]]) -> None:
        """Frames to the connections this process holds: ``(seat id, or None
        for the table, JSON text)``, each as a ``state`` event put straight
        on this process's sockets (``seams.deliver_local``); the public
        frame goes to the spectators too. Frames for other processes never
        pass here: ``_route`` queues them."""
        state = str(Event.STATE)
        out = []
        for pid, text in frames:
            packet = event_text(state, text)
            out.append((channel(code, pid), packet))
            if pid is None:
                out.append((watch_channel(code), packet))
        deliver_local(socketio.server, out)

    def _route(self, code: str, rev: int, frames: list[tuple[str | None, str]], route: Route) -> None:
        here = route.here
        local: list[tuple[str | None, str]] = []
        remote: list[list] = []
        for pid, text in frames:
            hosts = ([*route.table, *(h for h in route.watch if h not in route.table)] if pid is None
                     else route.seats.get(pid, ()))
            if here in hosts:
                local.append((pid, text))
            if len(hosts) > (here in hosts):
                remote.append([[h for h in hosts if h != here], pid, text])
        if local:
            self.sequencer.own(code, rev, route.was_here, lambda: self.deliver(code, local), route.after)
        else:
            self.sequencer.forget(code)
        if remote:
            self.queue.publish_frames(code, rev, remote, route.after)

    def on_frames(self, message: dict) -> None:
        """A change's frames from another process (the queue's listener)."""
        code = message["code"]
        here = self.host
        mine = [(pid, text) for hosts, pid, text in message["frames"] if here in hosts]
        if mine:
            self.sequencer.queued(code, message["rev"], lambda: self.deliver(code, mine), message.get("after"))

    def send(self, sid: str, view: dict) -> None:
        """One view to one connection (held here)."""
        socketio.emit(Event.STATE, view, to=sid, ignore_queue=True)

    def listen(self, sid: str, code: str, pid: str | None) -> None:
        """``sid`` receives the frames of the table (``pid`` None), of the
        spectators (``WATCH``) or of a seat."""
        join_room(channel(code, pid), sid=sid, namespace="/")
        self.listeners[(code, pid)].add(sid)

    def stop_listening(self, sid: str, code: str, pid: str | None) -> None:
        """``sid`` receives nothing more of that channel (it is still counted
        until ``forget``)."""
        leave_room(channel(code, pid), sid=sid, namespace="/")

    def forget(self, sid: str, code: str, pid: str | None) -> bool:
        """Stop counting ``sid``; True when it was the channel's last."""
        key = (code, pid)
        left = self.listeners.get(key)
        if left is None:
            return False
        left.discard(sid)
        if left:
            return False
        del self.listeners[key]
        return True

    def held(self) -> dict[str, set[str | None]]:
        """The channels this process holds connections of, by room (seat
        ids, None for the table, ``WATCH`` for the spectators)."""
        found: dict[str, set[str | None]] = defaultdict(set)
        for (code, pid), sids in list(self.listeners.items()):
            if sids:
                found[code].add(pid)
        return dict(found)

    def evict_table(self, code: str) -> set[str]:
        """The table moved to another screen: the old table's screens are
        told ``table.moved`` and the table's channel closed (through the
        queue too). Returns the connections it had here."""
        name = table_channel(code)
        socketio.emit(Event.TABLE_MOVED, {"code": code}, to=name)
        close_room(name, namespace="/")
        return self.listeners.pop((code, None), set())

    def evict(self, code: str, pid: str, reason: str) -> set[str]:
        """A seat is gone (kicked or left): its phones are told ``kicked`` and
        the channel closed (through the queue too, with several processes).
        Returns the connections it had here."""
        name = player_channel(code, pid)
        socketio.emit(Event.KICKED, {"code": code, "reason": reason}, to=name)
        close_room(name, namespace="/")
        return self.listeners.pop((code, pid), set())
