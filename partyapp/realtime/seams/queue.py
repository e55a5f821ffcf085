"""The message queue's frames messages between processes (seam 4).

See the package's docstring (``partyapp/realtime/seams/__init__.py``).
"""

from __future__ import annotations

from typing import Any

import socketio

from partyapp.realtime.packets import QueueJson

# -- 4. the message queue's frames messages ---------------------------------------------

class QueueManager(socketio.RedisManager):
    """python-socketio's ``RedisManager`` (one Redis pub/sub channel, JSON
    messages, its own listener and reconnection) carrying, beside its own
    messages, the frames messages of ``cluster.queue.RoomQueue``: published
    with ``send_frames``, handed to ``queue.received_message`` when they come
    in, ``queue.reconnected`` called after Redis was lost and found again."""

    name = "partyapp-redis"

    def __init__(self, url: str, queue: Any, channel: str = "flask-socketio") -> None:
        super().__init__(url, channel=channel)
        self.queue = queue
        self._connected_once = False
        queue.transport = self

    def initialize(self) -> None:
        super().initialize()
        self.json = QueueJson

    def send_frames(self, event: str, room: str, data: dict) -> None:
        """Publish one frames message (an ``emit`` message nobody's room
        holds, so a plain python-socketio listener would send it nowhere)."""
        self._publish({"method": "emit", "event": event, "namespace": "/", "room": room, "data": [data],
                       "skip_sid": None, "callback": None, "host_id": self.host_id})

    def _handle_emit(self, message: dict) -> None:
        if not self.queue.received_message(message.get("event"), message.get("data")):
            super()._handle_emit(message)

    def _redis_connect(self) -> None:
        """(python-socketio connects, and connects again after Redis was lost,
        here.)"""
        super()._redis_connect()
        if self._connected_once:
            self.queue.reconnected()
        self._connected_once = True
