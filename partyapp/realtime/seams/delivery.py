"""Local delivery: a change's frames straight onto this process's Engine.IO sockets (seam 1).

See the package's docstring (``partyapp/realtime/seams/__init__.py``).
"""

from __future__ import annotations

import socketio
from engineio import packet as eio_packet

# -- 1. local delivery ------------------------------------------------------------------

def deliver_local(server: socketio.Server, frames: list[tuple[str, str]]) -> int:
    """Put each ``(channel, socket.io packet text)`` on the send queue of every
    socket of this process in ``channel`` (``server`` is the python-socketio
    server). Closed or closing sockets are left out, as ``emit`` leaves them.
    Returns how many packets were queued."""
    rooms = server.manager.rooms.get("/")
    if not rooms:
        return 0
    sockets = server.eio.sockets
    queued = 0
    for channel, text in frames:
        members = rooms.get(channel)
        if not members:
            continue
        pkt = eio_packet.Packet(eio_packet.MESSAGE, text)
        for eio_sid in members.values():
            s = sockets.get(eio_sid)
            if s is None:
                # not an Engine.IO socket of this server (Flask-SocketIO's
                # test client): the way ``emit`` ends, which tells it is gone
                server._send_eio_packet(eio_sid, pkt)
            elif not (s.closing or s.closed):
                s.queue.put(pkt)
                queued += 1
    return queued
