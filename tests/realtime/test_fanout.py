"""The fan-out: ``Realtime.publish`` encodes the public view once and splices
each phone's ``you`` into it, and puts the frames straight on the listening
sockets' send queues. What goes on the wire must decode to exactly the views,
for every recipient, and be what python-socketio's ``emit`` would send."""

from __future__ import annotations

from engineio import socket as eio_socket
from socketio import packet

from partyapp.realtime.fanout import Fanout, Route, player_channel, state_frames, table_channel, watch_channel
from partyapp.realtime.packets import Fragment
from partyapp.realtime.extension import socketio


def connect_socket(channel: str):
    """An Engine.IO socket of the server (as a WebSocket connection makes one),
    connected on the default namespace and listening on ``channel``."""
    server = socketio.server
    eio_sid = server.eio.generate_id()
    sock = eio_socket.Socket(server.eio, eio_sid)
    sock.connected = sock.upgraded = True
    server.eio.sockets[eio_sid] = sock
    sid = server.manager.pre_connect(eio_sid, "/")
    server.manager.connect(sid, "/")
    server.manager.enter_room(sid, "/", channel)
    return sock


def queued(sock) -> list[str]:
    """The Engine.IO packets waiting on a socket's send queue, as the writer
    puts them on the wire."""
    out = []
    while not sock.queue.empty():
        out.append(sock.queue.get_nowait().encode())
        sock.queue.task_done()
    return out


def test_publish_sends_the_public_view_and_each_you(app):
    """The table's channel gets the public view, each phone's channel the
    public view plus its own ``you``, byte for byte what ``socketio.emit``
    sends, straight onto each listening socket's send queue."""
    realtime = app.extensions["partyapp"]
    room, _ = realtime.registry.create("http://party.test")
    public = {"rev": 3, "room": {"code": room.code}, "players": [{"id": "p1", "name": "Zoë \u2603 \"quoted\""}],
              "game": {"mode": "ring_of_fire", "turn": "p1", "over": False, "rules": [{"text": "<b>\\\"hi\"</b>}"}]}}
    private = {"p1": {"player_id": "p1", "hand": [], "actions": [{"type": "draw", "params": {}}]},
               "p2": {"player_id": "p2", "hand": ["AS"], "actions": []}}
    table = connect_socket(table_channel(room.code))
    phones = {pid: connect_socket(player_channel(room.code, pid)) for pid in private}
    stranger = connect_socket(player_channel(room.code, "p9"))
    realtime.publish(room, public, private)
    got = {"table": queued(table), **{pid: queued(s) for pid, s in phones.items()}}
    assert queued(stranger) == []
    assert [packet.Packet(encoded_packet=t[1:]).data for t in got["table"]] == [["state", public]]
    for pid, you in private.items():
        assert [packet.Packet(encoded_packet=t[1:]).data for t in got[pid]] == [["state", {**public, "you": you}]]
    # the same bytes as python-socketio's own emit of those views
    for channel, text in state_frames(room.code, public, private):
        socketio.emit("state", Fragment(text), to=channel)
    assert {"table": queued(table), **{pid: queued(s) for pid, s in phones.items()}} == got


def test_closed_sockets_are_left_out(app):
    """A socket that closed (or is closing) is sent nothing more."""
    realtime = app.extensions["partyapp"]
    room, _ = realtime.registry.create("http://party.test")
    live = connect_socket(player_channel(room.code, "p1"))
    gone = connect_socket(player_channel(room.code, "p1"))
    gone.closed = True
    realtime.publish(room, {"rev": 1}, {"p1": {"player_id": "p1"}})
    assert len(queued(live)) == 1
    assert queued(gone) == []


def test_every_client_receives_exactly_the_rooms_views(app, table, join):
    """Through real changes, each client's last frame is the room's own view
    for it (the table: the public view; a phone: that plus its ``you``)."""
    t, code, _ = table
    ana = join(code, "Ana")
    bob = join(code, "Bob")
    assert t.call("game.start", {"mode": "kings", "options": {"deck": ["QS", "8H"]}})["ok"]
    assert ana.call("game.act", {"action": {"type": "draw"}}) == {"ok": True}
    assert bob.call("game.act", {"action": {"type": "draw"}}) == {"ok": True}
    room = app.extensions["partyapp"].registry.get(code)
    frames = {c: c.last_state() for c in (t, ana, bob)}
    assert frames[t] == room.view_for(None)
    assert frames[ana] == room.view_for(ana.player_id)
    assert frames[bob] == room.view_for(bob.player_id)
    assert frames[ana]["you"] != frames[bob]["you"]


def test_the_spectators_get_the_table_s_frame_here_and_on_other_processes(app):
    """The watch channel receives the public view, the very packet of the
    table's channel, and nothing of a seat; with several processes the
    public frame goes to every process holding spectators, even one that
    holds no table."""
    realtime = app.extensions["partyapp"]
    room, _ = realtime.registry.create("http://party.test")
    public = {"rev": 4, "room": {"code": room.code, "watchers": 1}, "players": [], "game": None}
    private = {"p1": {"player_id": "p1", "hand": ["KS"], "actions": []}}
    table, spectator = connect_socket(table_channel(room.code)), connect_socket(watch_channel(room.code))
    realtime.publish(room, public, private)
    shown = queued(table)
    assert queued(spectator) == shown and [packet.Packet(encoded_packet=t[1:]).data for t in shown] == [["state", public]]

    sent = []

    class Queue:
        on_frames = None

        def publish_frames(self, code, rev, frames, after=None):
            sent.append((code, rev, frames))

    class Sequencer:
        def own(self, *args):
            raise AssertionError("nothing of the room is held here")

        def forget(self, code):
            pass

    fanout = Fanout("h1", Queue(), Sequencer())
    fanout.publish(room.code, public, private, Route("h1", False, [], {"p1": ["h3"]}, ["h2"]))
    (code, rev, frames), = sent
    assert (code, rev) == (room.code, 4)
    assert [(hosts, pid) for hosts, pid, _ in frames] == [(["h2"], None), (["h3"], "p1")]
