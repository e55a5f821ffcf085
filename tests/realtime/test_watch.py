"""Spectators (issue 28; PROTOCOL.md 1.1 ``room.watch``): a connection that
watches a room receives the table's public ``state`` and nothing private,
may send nothing else, is paced and refused like a join, is capped per room
and is counted in ``room.watchers``, never as a player."""

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
    """The count is part of the room (several processes share it): it is
    saved and read back with the room."""
    t, code, _ = table
    watcher(app, code)
    registry = app.extensions["partyapp"].registry
    room = registry.get(code)
    saved = json.loads(room.to_json())
    assert sum(saved["watchers"].values()) == 1
    copy = type(room)(registry, saved)
    assert copy.public_view()["room"]["watchers"] == 1


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
    assert before.store.load(room.code)["watchers"] == {"old": 2}
    after = Registry(open_store(url), host_id="new")
    assert after.get(room.code).public_view()["room"]["watchers"] == 0
