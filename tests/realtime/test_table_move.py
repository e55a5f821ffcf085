"""The table moves to a second screen on the host's word (``table.claim``,
``table.move``; docs/protocol-extensions.md): the new screen gets a new
token and the game as it is, the old token fits nothing at once, and only
the host's phone can say yes, within the request's two minutes."""

from __future__ import annotations

import json

import pytest

from partyapp.rooms import tablemove
from tests.conftest import Client


def refused(answer: dict, code: str) -> None:
    assert answer["ok"] is False and answer["error"]["code"] == code, answer
    assert answer["error"]["message"]


def everything(c: Client) -> str:
    """Every event a client received so far, as text."""
    c._drain()
    return json.dumps(c.inbox)


@pytest.fixture
def party(table, join):
    """A table, Ana (the host) and Bea, in a game of Go Fish."""
    t, code, host_token = table
    ana, bea = join(code, "Ana"), join(code, "Bea")
    assert ana.call("game.start", {"mode": "go_fish", "options": {"seed": 3}})["ok"]
    return t, code, host_token, ana, bea


def claim(screen: Client, code: str, **extra) -> dict:
    answer = screen.call("table.claim", {"code": code, **extra})
    assert answer["ok"], answer
    return answer


def test_the_host_moves_the_table_and_the_new_screen_has_the_game_as_it_is(app, party, client):
    t, code, old_token, ana, bea = party
    before = t.last_state()
    screen = client()
    pin = claim(screen, code)["pin"]
    assert len(pin) == 4 and pin.isdigit()
    assert ana.last_state()["you"]["table_move"] == {"pin": pin}
    assert "table_move" not in bea.last_state()["you"]
    assert "table_move" not in json.dumps(t.last_state())

    assert ana.call("table.move", {"pin": pin, "move": True}) == {"ok": True}
    granted = screen.received("table.granted")
    assert len(granted) == 1 and granted[0]["code"] == code
    new_token = granted[0]["host_token"]
    assert new_token != old_token and len(new_token) >= 32
    assert t.received("table.moved") == [{"code": code}]

    # the old table hears nothing more and can do nothing; its token fits nothing
    t.states()
    refused(t.call("host.command", {"command": "lock", "locked": True}), "forbidden")
    stale = Client(app)
    refused(stale.call("table.attach", {"code": code, "host_token": old_token}), "forbidden")

    # the new screen is the table, with the game and the players as they were
    assert screen.call("table.attach", {"code": code, "host_token": new_token}) == {"ok": True}
    now = screen.last_state()
    assert now["game"] == before["game"] and now["players"] == before["players"]
    assert now["room"]["table_connected"] is True and "you" not in now
    assert screen.call("host.command", {"command": "lock", "locked": True}) == {"ok": True}
    assert screen.last_state()["room"]["locked"] is True
    assert t.states() == []
    assert "table_move" not in ana.last_state()["you"]

    # nobody but the new screen ever saw the new token
    for other in (t, ana, bea, stale):
        assert new_token not in everything(other)


def test_only_the_host_s_phone_can_move_the_table(app, party, client):
    t, code, _, ana, bea = party
    screen = client()
    pin = claim(screen, code)["pin"]
    w = client()
    assert w.call("room.watch", {"code": code}) == {"ok": True}
    refused(bea.call("table.move", {"pin": pin, "move": True}), "forbidden")  # a guest's phone
    refused(t.call("table.move", {"pin": pin, "move": True}), "forbidden")  # the table itself
    refused(w.call("table.move", {"pin": pin, "move": True}), "forbidden")  # a watcher
    refused(client().call("table.move", {"pin": pin, "move": True}), "forbidden")  # a screen in no room
    wrong = "0000" if pin != "0000" else "1111"
    refused(ana.call("table.move", {"pin": wrong, "move": True}), "illegal_action")
    for bad in ({"pin": pin}, {"pin": 4821, "move": True}, {"pin": "48210", "move": True}, {"move": True}):
        refused(ana.call("table.move", bad), "bad_request")
    assert screen.received("table.granted") == []
    assert t.call("host.command", {"command": "lock", "locked": False}) == {"ok": True}  # still the table
    assert ana.last_state()["you"]["table_move"] == {"pin": pin}


def test_not_now_keeps_the_table_and_tells_the_screen(party, client):
    t, code, _, ana, _ = party
    screen = client()
    pin = claim(screen, code)["pin"]
    assert ana.call("table.move", {"pin": pin, "move": False}) == {"ok": True}
    assert screen.received("table.claim_ended") == [{"code": code, "reason": "declined"}]
    assert screen.received("table.granted") == [] and t.received("table.moved") == []
    assert "table_move" not in ana.last_state()["you"]
    refused(ana.call("table.move", {"pin": pin, "move": True}), "illegal_action")


def test_a_request_lapses_after_two_minutes_on_the_clock(party, client, clock):
    t, code, _, ana, _ = party
    screen = client()
    answer = claim(screen, code)
    assert answer["expires_in"] == tablemove.MOVE_TTL_S == 120
    clock.advance(tablemove.MOVE_TTL_S - 1)
    assert screen.received("table.claim_ended") == []
    assert ana.last_state()["you"]["table_move"] == {"pin": answer["pin"]}
    clock.advance(1)
    assert screen.received("table.claim_ended") == [{"code": code, "reason": "expired"}]
    assert "table_move" not in ana.last_state()["you"]
    refused(ana.call("table.move", {"pin": answer["pin"], "move": True}), "illegal_action")
    assert t.received("table.moved") == []


def test_one_request_per_room_a_new_one_replaces_it(party, client, monkeypatch):
    t, code, _, ana, _ = party
    pins = iter([1234, 5678])
    monkeypatch.setattr(tablemove.secrets, "randbelow", lambda _n: next(pins))
    first, second = client(), client()
    assert claim(first, code)["pin"] == "1234"
    assert claim(second, code)["pin"] == "5678"
    assert first.received("table.claim_ended") == [{"code": code, "reason": "replaced"}]
    assert ana.last_state()["you"]["table_move"] == {"pin": "5678"}
    refused(ana.call("table.move", {"pin": "1234", "move": True}), "illegal_action")
    assert ana.call("table.move", {"pin": "5678", "move": True}) == {"ok": True}
    assert first.received("table.granted") == [] and len(second.received("table.granted")) == 1


def test_a_screen_that_leaves_takes_its_request_with_it(party, client):
    t, code, _, ana, _ = party
    screen = client()
    pin = claim(screen, code)["pin"]
    screen.disconnect()
    assert "table_move" not in ana.last_state()["you"]
    refused(ana.call("table.move", {"pin": pin, "move": True}), "illegal_action")
    assert t.call("host.command", {"command": "lock", "locked": True}) == {"ok": True}  # still the table


def test_requests_are_paced_per_address(make_app):
    app = make_app(PARTYAPP_JOINS_BURST=3, PARTYAPP_JOINS_PER_MINUTE=1)
    t = Client(app)
    code = t.call("room.create", {})["code"]  # one of the address's three
    assert Client(app).call("player.join", {"code": code, "name": "Ana"})["ok"]  # two
    assert Client(app).call("table.claim", {"code": code})["ok"]  # three
    refused(Client(app).call("table.claim", {"code": code}), "rate_limited")
    assert Client(app, addr="10.0.0.9").call("table.claim", {"code": code})["ok"]  # another address


def test_requests_are_paced_per_connection(make_app):
    app = make_app(PARTYAPP_EVENTS_BURST=4, PARTYAPP_EVENTS_PER_SECOND=0.01)
    t = Client(app, addr="10.0.0.1")
    code = t.call("room.create", {})["code"]
    Client(app, addr="10.0.0.2").call("player.join", {"code": code, "name": "Ana"})
    screen = Client(app, addr="10.0.0.3")
    for _ in range(4):  # the same screen asking again renews its request
        assert screen.call("table.claim", {"code": code})["ok"]
    refused(screen.call("table.claim", {"code": code}), "rate_limited")


def test_a_kicked_device_or_a_removed_watcher_cannot_ask(app, table, join, client):
    t, code, _ = table
    ana = join(code, "Ana")
    device = "d" * 30
    cy = join(code, "Cy", device=device)
    assert ana.call("host.command", {"command": "kick", "player_id": cy.player_id})["ok"]
    refused(client().call("table.claim", {"code": code, "device": device}), "forbidden")
    w = client(addr="10.0.0.7")
    assert w.call("room.watch", {"code": code}) == {"ok": True}
    wid = ana.last_state()["room"]["watching"][0]["id"]
    assert ana.call("host.command", {"command": "unwatch", "watcher": wid})["ok"]
    refused(client(addr="10.0.0.7").call("table.claim", {"code": code}), "forbidden")
    assert "table_move" not in ana.last_state()["you"]
    assert client(addr="10.0.0.8").call("table.claim", {"code": code})["ok"]


def test_a_locked_room_takes_no_request(table, join, client):
    t, code, _ = table
    ana = join(code, "Ana")
    assert ana.call("host.command", {"command": "lock", "locked": True})["ok"]
    refused(client().call("table.claim", {"code": code}), "forbidden")
    assert "table_move" not in ana.last_state()["you"]
    assert ana.call("host.command", {"command": "lock", "locked": False})["ok"]
    assert client().call("table.claim", {"code": code})["ok"]


def test_a_screen_in_the_room_or_a_room_with_no_host_phone_cannot_ask(table, join, client):
    t, code, _ = table
    refused(client().call("table.claim", {"code": code}), "illegal_action")  # nobody to confirm it
    ana = join(code, "Ana")
    refused(ana.call("table.claim", {"code": code}), "illegal_action")
    refused(t.call("table.claim", {"code": code}), "illegal_action")
    refused(client().call("table.claim", {"code": "ZZZZ"}), "no_such_room")
    refused(client().call("table.claim", {}), "bad_request")
