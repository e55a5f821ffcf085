"""The frames of a change to the sockets of this process: the local part of
the fan-out.

``Fanout.publish`` turns a change into one frame per channel (the table's,
each seat's). ``deliver_local`` hands each frame to the Engine.IO sockets of
this process that listen on the channel, the way python-socketio's own
``emit`` ends (one Engine.IO packet per frame, put on each socket's send
queue, which the socket's writer sends in order with everything else it
sends), without the layers above it: Flask-SocketIO's and python-socketio's
``emit``, the room manager's copy of the room and a packet built per call.
Measured in-process on seven sockets (``python -m bench.fanout``), a change's
frames, encoding included, cost less than half of what they cost through
``emit`` (figures in ``bench/RESULTS.md``). A room member
that is not one of this server's Engine.IO sockets (Flask-SocketIO's test
client) is sent to the way ``emit`` sends.

It reads python-socketio's room table (``manager.rooms``) and engine.io's
sockets (``eio.sockets``), both pinned in ``pyproject.toml``; the tests in
``tests/test_fanout.py`` check the frames byte for byte against ``emit``'s.
Frames for sockets of other processes go through the message queue
(``socketio.emit``), never through here.
"""

from __future__ import annotations

from engineio import json as _json
from engineio import packet as eio_packet


def event_text(event: str, data_json: str) -> str:
    """The Socket.IO EVENT packet (default namespace, no ack) of ``event``
    with one argument already encoded as JSON."""
    return "2[" + _json.dumps(event) + "," + data_json + "]"


def deliver_local(server, frames: list[tuple[str, str]]) -> int:
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
