"""The fan-out: ``Realtime.publish`` encodes the public view once and splices
each phone's ``you`` into it. What goes on the wire must decode to exactly the
views, for every recipient."""

from __future__ import annotations

from socketio import packet

from partyapp.packets import WirePacket
from partyapp.realtime import socketio


def on_the_wire(data) -> object:
    """``data`` as the server's packet class writes it and any client reads it."""
    wire = WirePacket(packet.EVENT, data=["state", data]).encode()
    return packet.Packet(encoded_packet=wire).data[1]


def captured(monkeypatch) -> list:
    sent: list = []
    monkeypatch.setattr(socketio, "emit", lambda event, data, to=None, **_: sent.append((event, data, to)))
    return sent


def test_publish_sends_the_public_view_and_each_you(app, monkeypatch):
    """The table's channel gets the public view, each phone's channel the
    public view plus its own ``you``, byte-exact through the packet class."""
    realtime = app.extensions["partyapp"]
    room, _ = realtime.registry.create("http://party.test")
    public = {"rev": 3, "room": {"code": room.code}, "players": [{"id": "p1", "name": "Zoë \u2603 \"quoted\""}],
              "game": {"mode": "ring_of_fire", "turn": "p1", "over": False, "rules": [{"text": "<b>\\\"hi\"</b>}"}]}}
    private = {"p1": {"player_id": "p1", "hand": [], "actions": [{"type": "draw", "params": {}}]},
               "p2": {"player_id": "p2", "hand": ["AS"], "actions": []}}
    sent = captured(monkeypatch)
    realtime.publish(room, public, private)
    frames = {to: on_the_wire(data) for event, data, to in sent if event == "state"}
    assert len(sent) == 3 and len(frames) == 3
    assert [f for to, f in frames.items() if not to.endswith((":p1", ":p2"))] == [public]
    for pid, you in private.items():
        assert [f for to, f in frames.items() if to.endswith(":" + pid)] == [{**public, "you": you}]


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
