"""The one package that reaches inside python-socketio and python-engineio:
each seam below is a module of it, and ``check`` (``check.py``) runs at start.

Everything else in the project speaks to the libraries through their public
API (Flask-SocketIO's ``SocketIO``, ``emit``, ``join_room``, python-socketio's
``Server.on`` and ``disconnect``). Nine things cannot be done that way, and
they are done here, each against the internals of the minor versions named in
``TESTED`` (``pyproject.toml`` pins them), each with a test of its own
(``tests/realtime/test_seams.py``, ``tests/realtime/test_fanout.py``, ``tests/realtime/test_bad_packets.py``,
``tests/realtime/test_pings.py``, ``tests/realtime/test_one_connection.py``,
``tests/realtime/test_unconnected_sockets.py``, ``tests/realtime/test_engine_packets.py``), and all
checked when the app starts (``check``): a release that moved one of them
fails at start with a message naming what moved and the versions this was
tested on, instead of failing under load.

1. **Local delivery** (``deliver_local``): a change's frames go straight onto
   the send queues of this process's Engine.IO sockets, the way
   python-socketio's ``emit`` ends, without the layers above it (measured:
   less than half the cost, ``bench/RESULTS.md``). Reads the server's room
   table (``Server.manager.rooms``), the Engine.IO sockets
   (``engineio.Server.sockets``, ``Socket.queue``, ``closing``, ``closed``)
   and, for a member that is no Engine.IO socket (Flask-SocketIO's test
   client), ``Server._send_eio_packet``.
2. **Heartbeats on the scheduler** (``install_heartbeats``): python-engineio
   starts ``Socket._send_ping`` as a background task that sleeps
   ``ping_interval`` holding the socket; on gevent that kept every gone
   socket for ten seconds (5,000 dead sockets and 62 MB at 500 connects a
   second). The ping is set on the server's scheduler (``clock.py``) instead,
   holding only a weak reference to the socket. Wraps
   ``engineio.Server.start_background_task`` and recognises
   ``Socket._send_ping``; sends ``Socket.send(PING)`` and sets
   ``Socket.last_ping`` (engine.io's own ``time.time()``) as that method does.
3. **The packet class** (``WirePacket``, the server's ``serializer``):
   outgoing packets skip the search for binary data and join pre-encoded
   JSON (``packets.Fragment``) as it is; incoming events with a reserved or
   missing name are renamed so that the catch-all answers them. Overrides
   ``socketio.packet.Packet.decode`` and reads its ``packet_type``, ``id``
   and ``data``; its ``json`` is ``packets.PacketJson``. It refuses, before
   any work, what it cannot take (``packets.BadPacket``): an empty packet, a
   binary message or a binary event (the protocol has none), and what
   ``PacketJson`` refuses (too deep, too long a number, not JSON); the ack
   id read before the failure is kept, so the sender can be answered.
4. **The message queue's frames messages** (``QueueManager``, several
   processes): python-socketio's ``RedisManager`` carries one more kind of
   message, handed to ``cluster.queue.RoomQueue``. Overrides ``_publish`` (to
   send it), ``_handle_emit`` (to take it) and ``_redis_connect`` (to learn of
   a reconnection).
5. **Packets python-socketio cannot take** (``guard_messages``): its
   ``Server._handle_eio_message`` raises on them, and engine.io logs a
   traceback for each and answers nothing. The engine.io ``message``
   handler is wrapped: a refused packet is handed to the app (which charges
   its sender and says whether to close), answered ``bad_request`` through
   ``Server._send_packet`` when it had an ack id, and the connection closed
   through ``engineio.Server.disconnect`` (``close_connection``; python-
   socketio's own ``disconnect`` leaves the Engine.IO connection open);
   what a closed connection had already sent is dropped unread, and every
   ``TURN_EVERY`` messages the other greenlets get a turn
   (``engineio.Server.sleep``). Three more kinds are refused the same way,
   which python-socketio would take without end: a connect to the namespace
   or a disconnect from it that the app refuses (``vet``: a second connect
   on one Engine.IO connection, a disconnect from a namespace it is not in;
   the packet's first character tells them, ``0`` and ``1``), and an
   acknowledgement of an id the server never asked (``Server._handle_ack``
   wrapped; the ids asked are counted by the counter python-socketio keeps
   in ``Manager.callbacks[sid][0]``, replaced by one that says its last,
   ``_AckIds``). A late answer to an acknowledgement the server has forgotten
   (``drop_callback``) is dropped without a word.
6. **The WebSocket engine.io makes** (``close_dropped_sockets``, the class
   in ``engineio.Server._async["websocket"]``), on gevent:
   - closing the TCP connection: when engine.io gives up on a WebSocket
     (missed pings, a server close), simple-websocket sends its close frame
     and leaves its reader blocked in ``recv`` on a duplicate of the socket,
     which a vanished phone never wakes: the descriptor stayed open for
     good. ``close`` also shuts the socket down (``ws.sock``);
   - taking turns: simple-websocket's reader (``Base._thread``, a greenlet
     on gevent) loops on ``self.sock.recv`` and never waits while data is
     there, so one client sending without pause held the whole server (no
     other greenlet ran, not even the one that would have closed it), and
     parsed far ahead of what engine.io took. Its socket (``ws.sock``, set
     before the reader starts, through the ``thread_class`` it is given) is
     wrapped to yield to the other greenlets after each ``recv``, and not to
     read while ``READ_AHEAD`` messages wait in ``ws.input_buffer``;
   - it is given engine.io's ``max_http_buffer_size`` as its
     ``max_message_size``, so a message too long is refused as it comes in
     instead of once it is all buffered;
   - it is found by its Engine.IO socket's id (the ``__self__`` of the
     ``_websocket_handler`` it is made with), so that ``close_connection``
     can shut a flooding client's TCP connection down at once;
   - a message too long, which simple-websocket answers by closing the
     WebSocket (its ``incoming_message_len`` past ``max_message_size`` once
     ``wait`` reads the end), is reported to the app (``cut``), which
     charges its sender like a bad packet; so is a text packet engine.io
     cannot decode (``packets.engine_fault``: empty, a type that is no
     digit, a message that is no Socket.IO packet, which engine.io would
     parse as JSON first), and ``wait`` ends the reader as if the client
     had closed (engine.io's handler raised on it, with a traceback, and
     left the connection to its ping time-out).
7. **Forgetting an acknowledgement callback** (``drop_callback``): the
   server's round-trip pings wait for an answer through python-socketio's
   ``Manager.callbacks``; a phone that never answers would keep one per
   ping. The stale one is taken out before the next ping is sent.
8. **Engine.IO connections** (``watch_connections``): python-socketio keeps
   an Engine.IO connection's environ from its handshake to its close
   (``Server._handle_eio_connect`` and ``_handle_eio_disconnect``, engine.io's
   ``connect`` and ``disconnect`` handlers); both are wrapped so that the app
   sees the Engine.IO connection itself, before and whatever its namespace
   connects (its limits are that connection's, ``connections.Link``), and may
   refuse it at its handshake (engine.io then answers 401).
9. **Engine.IO packets** (``guard_engine_packets``): ``engineio.socket.Socket``
   takes any packet type without end (a client's ping, an upgrade or a noop
   outside an upgrade are answered or dropped, a pong to no ping
   rescheduled) and raises on an unknown one; over long-polling a POST it
   refuses (too long, an unknown type) made ``engineio.Server`` close the
   connection waiting for its send queue to be read, by a poll that never
   came: the request held its descriptor for good. Each Engine.IO socket,
   once the ``connect`` handler took it (``Server._handle_connect`` keeps it
   in ``sockets`` first), is given a subclass whose ``receive`` lets
   through only messages, a close and a pong while ``last_ping`` says a
   ping waits, handing any other packet to the app like a bad packet, and
   whose ``handle_post_request`` checks the request's length and each
   packet (``packets.engine_fault``) before ``payload.Payload`` decodes it,
   and closes a connection it refuses (``close_connection``, without
   waiting) before raising the ``EngineIOError`` engine.io answers 400.
"""

from __future__ import annotations

from partyapp.realtime.seams.callbacks import drop_callback, pending_callbacks
from partyapp.realtime.seams.check import TESTED, SeamError, check, problems, versions
from partyapp.realtime.seams.connections import watch_connections
from partyapp.realtime.seams.delivery import deliver_local
from partyapp.realtime.seams.engine import guard_engine_packets
from partyapp.realtime.seams.guards import (
           _cut,
           close_connection,
           guard_acks,
           guard_messages,
)
from partyapp.realtime.seams.heartbeats import install_heartbeats
from partyapp.realtime.seams.packet import WirePacket
from partyapp.realtime.seams.queue import QueueManager
from partyapp.realtime.seams.websocket import (
           READ_AHEAD,
           _turn_taking,
           close_dropped_sockets,
           shut_down,
)

__all__ = ["READ_AHEAD", "TESTED", "QueueManager", "SeamError", "WirePacket", "check", "close_connection",
           "close_dropped_sockets", "deliver_local", "drop_callback", "guard_acks", "guard_engine_packets",
           "guard_messages",
           "install_heartbeats", "pending_callbacks", "problems", "shut_down", "versions", "watch_connections"]

