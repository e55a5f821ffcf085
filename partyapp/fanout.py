"""Fan-out: which connection receives which frame.

The server's Socket.IO instance lives here. Every table screen of a room
listens on the room's table channel, every phone on its seat's channel.
After each change of a room, ``Fanout.publish`` sends the table channel the
public view and each seat's channel that view plus the seat's own ``you``:
the public view is encoded once and each ``you`` spliced into that text (the
same JSON as ``{**public, "you": you}``, see ``packets.py``). The frames go
straight onto this process's sockets (``delivery.py``) unless a message
queue joins several processes.

``Fanout`` also keeps which connections listen on each channel, so that the
room can tell when a seat's last phone has gone. Those sets are changed only
inside the room's change (its lock held), where the seat's connected flag is
decided too.
"""

from __future__ import annotations

from collections import defaultdict

from flask_socketio import SocketIO, close_room, join_room, leave_room
from socketio import PubSubManager

from .delivery import deliver_local, event_text
from .packets import Fragment, encode
from .protocol import Event

socketio = SocketIO()


def table_channel(code: str) -> str:
    return f"t:{code}"


def player_channel(code: str, pid: str) -> str:
    return f"p:{code}:{pid}"


def channel(code: str, pid: str | None) -> str:
    """The table's channel (``pid`` None) or a seat's."""
    return table_channel(code) if pid is None else player_channel(code, pid)


def state_frames(code: str, public: dict, private: dict[str, dict]) -> list[tuple[str, str]]:
    """A change's frames: ``(channel, view JSON)``, the public view for the
    table channel and, for each seat's channel, that view with the seat's
    ``you`` spliced in (the same JSON as ``{**public, "you": you}``)."""
    text = encode(public)
    frames = [(table_channel(code), text)]
    head = text[:-1] + ',"you":'
    for pid, you in private.items():
        frames.append((player_channel(code, pid), head + encode(you) + "}"))
    return frames


class Fanout:
    def __init__(self) -> None:
        # (room code, player id or None for the table) -> connection ids
        self.listeners: dict[tuple[str, str | None], set[str]] = defaultdict(set)

    def publish(self, code: str, public: dict, private: dict[str, dict]) -> None:
        """The public view to the table channel; each ``you`` spliced into it
        to that seat's channel."""
        self.deliver(state_frames(code, public, private))

    def deliver(self, frames: list[tuple[str, str]]) -> None:
        """Each ``(channel, view JSON)`` as a ``state`` event to the channel's
        connections: straight onto this process's sockets
        (``delivery.deliver_local``) when there is no message queue, through
        ``socketio.emit`` (and so the queue) when there is one."""
        server = socketio.server
        if isinstance(server.manager, PubSubManager):
            for channel, text in frames:
                socketio.emit(Event.STATE, Fragment(text), to=channel)
            return
        state = str(Event.STATE)
        deliver_local(server, [(channel, event_text(state, text)) for channel, text in frames])

    def send(self, sid: str, view: dict) -> None:
        """One view to one connection."""
        socketio.emit(Event.STATE, view, to=sid)

    def listen(self, sid: str, code: str, pid: str | None) -> None:
        """``sid`` receives the frames of the table (``pid`` None) or of a seat."""
        join_room(channel(code, pid), sid=sid)
        self.listeners[(code, pid)].add(sid)

    def stop_listening(self, sid: str, code: str, pid: str | None) -> None:
        """``sid`` receives nothing more of that channel (it is still counted
        until ``forget``)."""
        leave_room(channel(code, pid), sid=sid)

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

    def evict(self, code: str, pid: str, reason: str) -> set[str]:
        """A seat is gone (kicked or left): its phones are told ``kicked`` and
        the channel closed. Returns the connections it had."""
        name = player_channel(code, pid)
        socketio.emit(Event.KICKED, {"code": code, "reason": reason}, to=name)
        close_room(name)
        return self.listeners.pop((code, pid), set())
