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
versions pickled), encoded with orjson: the messages come only from this
application's own processes through Redis.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

import orjson
import socketio


log = logging.getLogger(__name__)

# The event name of a frames message: python-socketio hands "emit" messages
# of other processes to ``_handle_emit``, where ``RoomQueue`` takes these.
# Addressed to a Socket.IO room nobody joins, so that a plain python-socketio
# listener on the same channel would send them nowhere.
FRAMES = "partyapp.frames"


class QueueJson:
    """The queue's JSON module (the ``json`` of python-socketio's managers)."""

    @staticmethod
    def dumps(obj: Any, **_: Any) -> bytes:
        return orjson.dumps(obj)

    @staticmethod
    def loads(data: Any, **_: Any) -> Any:
        return orjson.loads(data)


class RoomQueue(socketio.RedisManager):
    """``RedisManager`` with one more kind of message: a change's frames for
    the connections other processes hold (see the module text)."""

    name = "partyapp-redis"

    def __init__(self, url: str, channel: str = "flask-socketio") -> None:
        super().__init__(url, channel=channel)
        self.on_frames: Callable[[dict], None] | None = None  # set by the fan-out
        self.on_reconnect: Callable[[], None] | None = None
        self._connected_once = False
        self.published = 0  # frames messages sent and received, for the benchmark
        self.received = 0

    def initialize(self) -> None:
        super().initialize()
        self.json = QueueJson

    def publish_frames(self, code: str, rev: int, frames: list[list]) -> None:
        """One message: ``frames`` is ``[[hosts, channel, text], ...]``."""
        self.published += 1
        self._publish({"method": "emit", "event": FRAMES, "namespace": "/", "room": f"queue:{code}",
                       "data": [{"code": code, "rev": rev, "frames": frames}], "skip_sid": None,
                       "callback": None, "host_id": self.host_id})

    def _handle_emit(self, message: dict) -> None:
        if message.get("event") != FRAMES:
            super()._handle_emit(message)
            return
        self.received += 1
        if self.on_frames is not None:
            self.on_frames(message["data"][0])

    def _redis_connect(self) -> None:
        """(python-socketio connects, and connects again after Redis was lost,
        here.) After a reconnection, frames published meanwhile are lost:
        ``on_reconnect`` sends every connection the room as it is now."""
        super()._redis_connect()
        if self._connected_once and self.on_reconnect is not None:
            self.on_reconnect()
        self._connected_once = True
