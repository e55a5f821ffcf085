"""Spectators (issue 28; PROTOCOL.md 1.1 ``room.watch``): a connection that
watches a room receives the table's public ``state`` and nothing private,
may send nothing else, is paced and refused like a join, is capped per room
and is counted in ``room.watchers``, never as a player. The door reaches
the watch link too (issue 44): a kick ends the kicked device's watching,
the lock keeps new watchers out, one address holds a few places only, and
the host sees each watcher and may remove one."""

from __future__ import annotations

import json

from partyapp.realtime import dispatch
from tests.conftest import Client

CUTOFF = dispatch.BAD_PACKETS_CUTOFF


def refused(answer: dict, code: str) -> None:
    assert answer["ok"] is False and answer["error"]["code"] == code, answer
    assert answer["error"]["message"]


def watcher(app, code: str) -> Client:
    w = Client(app)
    answer = w.call("room.watch", {"code": code})
    assert answer == {"ok": True}, answer
    return w


def test_a_watcher_gets_the_table_s_frames_and_nothing_private(app, table, join):
    t, code, host_token = table
    ana, bea = join(code, "Ana"), join(code, "Bea")
    w = watcher(app, code)
    first = w.last_state()
    assert first == t.last_state()
    assert "you" not in first
    assert first["room"]["code"] == code and [p["name"] for p in first["players"]] == ["Ana", "Bea"]
    assert ana.call("game.start", {"mode": "go_fish", "options": {"seed": 3}})["ok"]
    seen, shown = w.states(), t.states()
    assert seen and seen == shown  # every frame the table got, the same, and no other
    frame = seen[-1]
    assert frame["game"]["mode"] == "go_fish" and "you" not in frame
    text = json.dumps(frame)
    for phone in (ana, bea):
        you = phone.last_state()["you"]
        assert you["hand"]
        for card in you["hand"]:
            assert f'"{card}"' not in text  # no card of a hand, anywhere in the frame
    for secret in (host_token, ana.token, bea.token):
        assert secret not in text


def test_a_watcher_may_send_nothing_and_is_charged_like_a_bad_packet(app, table, join):
    t, code, _ = table
    join(code, "Ana")
    w = watcher(app, code)
    w.states()
    attempts = [
        ("game.act", {"action": {"type": "draw"}}),
        ("player.join", {"code": code, "name": "Sneaky"}),
        ("host.command", {"command": "lock", "locked": True}),
        ("room.watch", {"code": code}),
    ]
    for event, payload in attempts:
        refused(w.call(event, payload), "forbidden")
    assert w.connected
    refused(w.call("no.such.event", {}), "forbidden")  # the fifth: the connection is closed
    assert not w.connected
    state = t.last_state()
    assert state["room"]["locked"] is False and state["room"]["watchers"] == 0
    assert [p["name"] for p in state["players"]] == ["Ana"]


def test_a_watcher_s_refusals_cost_its_rate_limit(make_app):
    app = make_app(PARTYAPP_EVENTS_PER_SECOND=0.01, PARTYAPP_EVENTS_BURST=3)
    t = Client(app)
    code = t.call("room.create", {})["code"]
    w = watcher(app, code)  # the watch took one
    refused(w.call("game.act", {"action": {"type": "draw"}}), "forbidden")
    refused(w.call("game.act", {"action": {"type": "draw"}}), "forbidden")
    refused(w.call("game.act", {"action": {"type": "draw"}}), "rate_limited")


def test_unknown_and_malformed_codes_are_refused_like_a_join(app, table):
    w = Client(app)
    refused(w.call("room.watch", {"code": "ZZZZZZ"}), "no_such_room")
    refused(w.call("room.watch", {"code": "hello!"}), "no_such_room")
    refused(w.call("room.watch", {}), "bad_request")
    refused(w.call("room.watch", ["not", "an", "object"]), "bad_request")
    assert w.states() == []
    # still an ordinary connection: it may watch a room that exists
    assert w.call("room.watch", {"code": table[1]})["ok"]


def test_the_watch_page_s_refusal_of_an_unknown_code_is_the_join_page_s(app):
    client = app.test_client()
    join, watch = client.get("/j/ZZZZZZ"), client.get("/w/ZZZZZZ")
    assert join.status_code == watch.status_code == 404
    assert b'data-exists="no"' in watch.data


def test_the_server_wide_budget_of_unknown_codes_stops_watches_too(make_app):
    app = make_app(PARTYAPP_UNKNOWN_CODES_PER_MINUTE=0.001, PARTYAPP_UNKNOWN_CODES_BURST=2)
    t = Client(app)
    code = t.call("room.create", {})["code"]
    w = Client(app)
    refused(w.call("room.watch", {"code": "ZZZZZZ"}), "no_such_room")
    refused(w.call("room.watch", {"code": "ZZZZZX"}), "no_such_room")
    # spent: no answer tells whether a room exists, the watch of a known code neither
    refused(w.call("room.watch", {"code": code}), "rate_limited")


def test_watches_from_one_address_into_one_room_are_paced_like_joins(make_app):
    app = make_app(PARTYAPP_ROOM_JOINS_PER_MINUTE=0.001, PARTYAPP_ROOM_JOINS_BURST=2)
    t = Client(app)
    code = t.call("room.create", {})["code"]
    watcher(app, code)
    watcher(app, code)
    refused(Client(app).call("room.watch", {"code": code}), "rate_limited")
    other = t.call("room.create", {})["code"]  # another room is paced apart
    watcher(app, other)


def test_watches_are_paced_per_address_like_joins(make_app):
    app = make_app(PARTYAPP_JOINS_PER_MINUTE=0.001, PARTYAPP_JOINS_BURST=3)
    t = Client(app)
    code = t.call("room.create", {})["code"]  # the create took one
    watcher(app, code)
    watcher(app, code)
    refused(Client(app).call("room.watch", {"code": code}), "rate_limited")


def test_watchers_are_capped_per_room(make_app):
    app = make_app(PARTYAPP_MAX_WATCHERS=2)
    t = Client(app)
    code = t.call("room.create", {})["code"]
    first, _second = watcher(app, code), watcher(app, code)
    refused(Client(app).call("room.watch", {"code": code}), "room_full")
    first.disconnect()
    watcher(app, code)  # a place came free
    assert t.last_state()["room"]["watchers"] == 2


def test_the_watcher_count_rises_and_falls_and_a_watcher_is_nobody_s_seat(app, table, join):
    t, code, _ = table
    w1 = watcher(app, code)
    assert t.last_state()["room"]["watchers"] == 1
    w2 = watcher(app, code)
    state = t.last_state()
    assert state["room"]["watchers"] == 2 and state["players"] == []
    assert w1.last_state()["room"]["watchers"] == 2  # the watchers see the count too
    ana = join(code, "Ana")  # the first to join is still the host: a watcher is no player
    state = t.last_state()
    assert state["room"]["host_player"] == ana.player_id and len(state["players"]) == 1
    w1.disconnect()
    state = t.last_state()
    assert state["room"]["watchers"] == 1 and state["room"]["table_connected"] is True
    assert w2.last_state()["room"]["watchers"] == 1
    w2.disconnect()
    state = t.last_state()
    assert state["room"]["watchers"] == 0 and state["room"]["table_connected"] is True
    assert state["players"][0]["connected"] is True


def test_a_table_or_phone_connection_that_watches_gives_up_its_place(app, table, join):
    t, code, _ = table
    ana = join(code, "Ana")
    assert ana.call("room.watch", {"code": code}) == {"ok": True}
    state = t.last_state()
    assert state["room"]["watchers"] == 1 and state["players"][0]["connected"] is False
    assert "you" not in ana.last_state()


def test_a_room_saved_with_watchers_opens_with_their_count(app, table):
    """The spectators are part of the room (several processes share it):
    saved and read back with the room, each an entry; a room saved when
    they were only counted per process opens with as many."""
    t, code, _ = table
    watcher(app, code)
    registry = app.extensions["partyapp"].registry
    room = registry.get(code)
    saved = json.loads(room.to_json())
    assert [w["id"] for w in saved["watching"]] == ["w1"]
    copy = type(room)(registry, saved)
    assert copy.public_view()["room"]["watchers"] == 1
    older = {k: v for k, v in saved.items() if k not in ("watching", "next_watcher")}
    older["watchers"] = {"h1": 2}
    assert type(room)(registry, older).public_view()["room"]["watchers"] == 2


def test_after_a_restart_nobody_is_watching_until_the_pages_watch_again(tmp_path):
    """A room loaded afresh (the server restarted) counts no spectator: their
    connections went with the old process, and each watch page watches again
    when its socket comes back."""
    from partyapp.rooms.registry import Registry
    from partyapp.store import open_store

    url = f"sqlite:///{tmp_path / 'rooms.db'}"
    before = Registry(open_store(url), host_id="old")
    room, _ = before.create("http://party.test")
    room.change(lambda: room.watch(cap=5))
    room.change(lambda: room.watch(cap=5))
    assert [w["host"] for w in before.store.load(room.code)["watching"]] == ["old", "old"]
    after = Registry(open_store(url), host_id="new")
    assert after.get(room.code).public_view()["room"]["watchers"] == 0


# -- the door reaches the watch link (issue 44) -------------------------------------

DEVICE = "watching-device-token-0001"


def test_a_kicked_guest_s_watching_ends_and_does_not_start_again(app, table, join):
    """Issue 44: a kicked guest went on watching. The kick bars the device
    the guest joined from: its watch connection is told ``kicked`` and gets
    no frame more, and it cannot watch again (until the host lets them back)."""
    t, code, _ = table
    cy = join(code, "Cy", device=DEVICE)
    screen = Client(app)
    assert screen.call("room.watch", {"code": code, "device": DEVICE, "kind": "phone"}) == {"ok": True}
    screen.states()
    assert t.call("host.command", {"command": "kick", "player_id": cy.player_id})["ok"]
    assert screen.received("kicked") == [{"code": code, "reason": "kicked"}]
    assert t.last_state()["room"]["watchers"] == 0
    join(code, "Ana")  # the room goes on: the watcher sees none of it
    assert screen.states() == []
    refused(screen.call("room.watch", {"code": code, "device": DEVICE}), "forbidden")  # the connection may send nothing
    again = Client(app).call("room.watch", {"code": code, "device": DEVICE})
    refused(again, "forbidden")
    assert "removed you" in again["error"]["message"]
    watcher(app, code)  # anybody else still watches
    assert t.call("host.command", {"command": "unban", "name": "Cy"})["ok"]
    assert Client(app).call("room.watch", {"code": code, "device": DEVICE}) == {"ok": True}


def test_a_locked_room_takes_no_new_watchers(app, table):
    """Issue 44: new watchers came in while the room was locked. A screen
    that watched before comes back (its device), like a seated phone."""
    t, code, _ = table
    before = Client(app)
    assert before.call("room.watch", {"code": code, "device": DEVICE}) == {"ok": True}
    assert t.call("host.command", {"command": "lock", "locked": True})["ok"]
    for payload in ({"code": code}, {"code": code, "device": "another-device-token-0002"}):
        answer = Client(app).call("room.watch", payload)
        refused(answer, "forbidden")
        assert "locked" in answer["error"]["message"]
    before.disconnect()
    assert Client(app).call("room.watch", {"code": code, "device": DEVICE}) == {"ok": True}  # back
    assert t.call("host.command", {"command": "lock", "locked": False})["ok"]
    watcher(app, code)


def test_ten_addresses_cannot_take_every_watch_place(make_app):
    """Issue 44: 50 watch places taken from 10 addresses left a real
    spectator ``room_full``. One address holds at most
    ``watchers_per_address`` places (4 by default)."""
    from partyapp.config import SETTINGS

    app = make_app(PARTYAPP_WATCHERS_PER_ADDRESS=SETTINGS["limits.watchers_per_address"][1],
                   PARTYAPP_MAX_WATCHERS=SETTINGS["limits.max_watchers"][1])
    t = Client(app)
    code = t.call("room.create", {})["code"]
    answers = [Client(app, addr=f"192.0.2.{a}").call("room.watch", {"code": code}) for a in range(10) for _ in range(5)]
    assert sum(a["ok"] for a in answers) == 40
    full = [a for a in answers if not a["ok"]]
    assert {a["error"]["code"] for a in full} == {"room_full"} and "your network" in full[0]["error"]["message"]
    assert Client(app, addr="203.0.113.50").call("room.watch", {"code": code}) == {"ok": True}  # a real spectator
    assert t.last_state()["room"]["watchers"] == 41


def test_the_host_sees_each_watcher_and_removes_one(app, table, join):
    """Issue 44: the host saw a count and could not remove a watcher. Each
    watcher is an entry of ``room.watching`` (its id and the kind of screen
    its page said it is); ``host.command unwatch`` ends its watching, and
    its device may not watch the room again."""
    t, code, _ = table
    ana, bea = join(code, "Ana"), join(code, "Bea")
    phone, big = Client(app), Client(app)
    assert phone.call("room.watch", {"code": code, "device": DEVICE, "kind": "phone"}) == {"ok": True}
    assert big.call("room.watch", {"code": code, "kind": "screen"}) == {"ok": True}
    state = t.last_state()
    assert state["room"]["watchers"] == 2
    assert state["room"]["watching"] == [{"id": "w1", "kind": "phone"}, {"id": "w2", "kind": "screen"}]
    assert "device" not in repr(state["room"]["watching"]) and "sid" not in repr(state["room"]["watching"])
    refused(bea.call("host.command", {"command": "unwatch", "watcher": "w1"}), "forbidden")
    refused(ana.call("host.command", {"command": "unwatch", "watcher": "p1"}), "bad_request")
    refused(ana.call("host.command", {"command": "unwatch", "watcher": "w9"}), "illegal_action")
    phone.states()
    assert ana.call("host.command", {"command": "unwatch", "watcher": "w1"})["ok"]
    assert phone.received("kicked") == [{"code": code, "reason": "unwatched"}]
    state = t.last_state()
    assert state["room"]["watching"] == [{"id": "w2", "kind": "screen"}] and state["room"]["watchers"] == 1
    assert big.last_state()["room"]["watchers"] == 1
    ana.call("player.update", {"group": "chicks"})
    assert phone.states() == []
    refused(Client(app).call("room.watch", {"code": code, "device": DEVICE}), "forbidden")
    refused(Client(app).call("room.watch", {"code": code, "kind": "tv"}), "bad_request")
    # a watcher whose page sent no device: its address may not watch again
    assert t.call("host.command", {"command": "unwatch", "watcher": "w2"})["ok"]
    refused(Client(app).call("room.watch", {"code": code}), "forbidden")
    assert Client(app, addr="10.9.9.9").call("room.watch", {"code": code}) == {"ok": True}
