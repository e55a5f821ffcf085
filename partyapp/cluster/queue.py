"""The message queue between server processes: Flask-SocketIO's Redis message
queue (python-socketio's ``RedisManager``: one Redis pub/sub channel, JSON
messages, its own listener and reconnection), used for the connections that
other processes hold.

A room's connections are routed to one process where possible (nginx hashes
the room code in the Socket.IO query), and that process hands the frames of
its changes to them directly (``Fanout.deliver``). Only when some of a
room's connections are held by other processes does a change also publish
one message on the queue: the frames those connections need (the table's,
and each seat's held elsewhere), each with the processes holding it, and the
room's code and ``rev``. Every process receives the message; those listed
hand the frames to their own connections, in rev order (``sequencer.py``).
Everything else sent through Flask-SocketIO without ``ignore_queue``
(``kicked``, closing a channel) goes through the same queue as it always
does.

The queue speaks JSON only (python-socketio 5.14 and later; earlier
versions pickled), encoded with orjson. The library's manager that carries
the messages (``realtime.seams.QueueManager``, a ``RedisManager``) is the
``transport`` here; this module is the plain logic of the frames messages
and knows no library.
"""

from __future__ import annotations

from typing import Any, Callable

# The event name of a frames message, addressed to a Socket.IO room nobody
# joins, so that a plain python-socketio listener on the same channel would
# send them nowhere.
FRAMES = "partyapp.frames"


class RoomQueue:
    """The frames messages of a change for the connections other processes
    hold (see the module text), over a ``transport`` with ``send_frames``."""

    def __init__(self) -> None:
        self.transport: Any = None  # set by the transport when it is made
        self.on_frames: Callable[[dict], None] | None = None  # set by the fan-out
        self.on_reconnect: Callable[[], None] | None = None
        self.published = 0  # frames messages sent and received, for the benchmark
        self.received = 0

    def publish_frames(self, code: str, rev: int, frames: list[list], after: int | None = None) -> None:
        """One message: ``frames`` is ``[[hosts, channel, text], ...]``;
        ``after``: the rev of the room's frames before these, when it is not
        ``rev - 1`` (frames that waited went out as one: ``coalesce.py``)."""
        self.published += 1
        message = {"code": code, "rev": rev, "frames": frames}
        if after is not None and after != rev - 1:
            message["after"] = after
        self.transport.send_frames(FRAMES, f"queue:{code}", message)

    def received_message(self, event: Any, data: Any) -> bool:
        """A message from the queue: True when it was a frames message (taken
        here), False for the library's own."""
        if event != FRAMES:
            return False
        self.received += 1
        if self.on_frames is not None:
            self.on_frames(data[0])
        return True

    def reconnected(self) -> None:
        """The queue was lost and is back: frames published meanwhile are
        lost, so ``on_reconnect`` sends every connection the room as it is now."""
        if self.on_reconnect is not None:
            self.on_reconnect()
