"""Who may come into a room (issue 23, point 3): the host locks it, a kick
keeps that seat's token and name out for the room's life unless the host
lets them back, and one address's joins into one room are paced."""

from __future__ import annotations

import pytest

from tests.conftest import Client


def refused(answer: dict, code: str) -> None:
    assert answer["ok"] is False and answer["error"]["code"] == code, answer
    assert answer["error"]["message"]


def test_the_host_locks_the_room_and_no_new_guest_joins_until_it_is_open(table, join, client):
    t, code, _ = table
    ana = join(code, "Ana")
    assert t.call("host.command", {"command": "lock", "locked": True})["ok"]
    assert t.last_state()["room"]["locked"] is True
    refused(client().call("player.join", {"code": code, "name": "Bea"}), "forbidden")
    # a phone with a seat still comes back
    ana.disconnect()
    back = client()
    assert back.call("player.resume", {"code": code, "token": ana.token})["ok"]
    assert t.call("host.command", {"command": "lock", "locked": False})["ok"]
    assert t.last_state()["room"]["locked"] is False
    assert client().call("player.join", {"code": code, "name": "Bea"})["ok"]


def test_the_host_player_may_lock_and_a_guest_may_not(table, join):
    t, code, _ = table
    host = join(code, "Ana")
    guest = join(code, "Bea")
    refused(guest.call("host.command", {"command": "lock", "locked": True}), "forbidden")
    assert host.call("host.command", {"command": "lock", "locked": True})["ok"]
    refused(host.call("host.command", {"command": "lock"}), "bad_request")
    refused(host.call("host.command", {"command": "lock", "locked": "yes"}), "bad_request")


def test_a_kicked_guest_cannot_come_back_by_name_or_token(table, join, client):
    t, code, _ = table
    join(code, "Ana")
    cy = join(code, "Cy")
    assert t.call("host.command", {"command": "kick", "player_id": cy.player_id})["ok"]
    assert t.last_state()["room"]["banned"] == ["Cy"]
    refused(client().call("player.join", {"code": code, "name": "Cy"}), "forbidden")
    refused(client().call("player.join", {"code": code, "name": "CY"}), "forbidden")
    refused(client().call("player.join", {"code": code, "name": "\u0421y"}), "forbidden")  # Cyrillic С
    answer = client().call("player.resume", {"code": code, "token": cy.token})
    refused(answer, "forbidden")
    assert "removed" in answer["error"]["message"]
    # nor by renaming a seat to that name
    bea = join(code, "Bea")
    refused(bea.call("player.update", {"name": "Cy"}), "forbidden")


def test_the_host_lets_a_kicked_name_back_in(table, join, client):
    t, code, _ = table
    host = join(code, "Ana")
    cy = join(code, "Cy")
    assert host.call("host.command", {"command": "kick", "player_id": cy.player_id})["ok"]
    refused(join(code, "Bea").call("host.command", {"command": "unban", "name": "Cy"}), "forbidden")
    assert host.call("host.command", {"command": "unban", "name": "Cy"})["ok"]
    assert t.last_state()["room"]["banned"] == []
    again = client().call("player.join", {"code": code, "name": "Cy"})
    assert again["ok"] and again["player_id"] != cy.player_id
    # the old seat's token stays gone: the new join made a new seat
    refused(client().call("player.resume", {"code": code, "token": cy.token}), "forbidden")
    refused(host.call("host.command", {"command": "unban", "name": "Nobody"}), "illegal_action")
    refused(host.call("host.command", {"command": "unban"}), "bad_request")


def test_a_kicked_bot_leaves_no_ban(table):
    t, code, _ = table
    bot = t.call("host.command", {"command": "add_bot"})
    assert t.call("host.command", {"command": "kick", "player_id": bot["player_id"]})["ok"]
    assert t.last_state()["room"]["banned"] == []


def test_one_phone_cannot_fill_a_room(make_app):
    """13 joins from one address into one room: the first few get a seat,
    the rest are paced (``rate_limited``); another room is not affected."""
    app = make_app(PARTYAPP_ROOM_JOINS_PER_MINUTE=6, PARTYAPP_ROOM_JOINS_BURST=6)
    table = Client(app)
    code = table.call("room.create", {})["code"]
    answers = [Client(app).call("player.join", {"code": code, "name": f"Guest {i}"}) for i in range(13)]
    assert sum(a["ok"] for a in answers) == 6
    for a in answers[6:]:
        refused(a, "rate_limited")
    other = Client(app).call("room.create", {})["code"]
    assert Client(app).call("player.join", {"code": other, "name": "Ana"})["ok"]


def test_lock_and_bans_survive_a_restart(tmp_path, make_app):
    store = f"sqlite:///{tmp_path / 'rooms.db'}"
    app = make_app(PARTYAPP_STORE_URL=store)
    table = Client(app)
    code = table.call("room.create", {})["code"]
    cy = Client(app)
    cy_id = cy.call("player.join", {"code": code, "name": "Cy"})["player_id"]
    assert table.call("host.command", {"command": "kick", "player_id": cy_id})["ok"]
    assert table.call("host.command", {"command": "lock", "locked": True})["ok"]
    again = make_app(PARTYAPP_STORE_URL=store)
    view = Client(again)
    refused(view.call("player.join", {"code": code, "name": "Bea"}), "forbidden")
    room = again.extensions["partyapp"].registry.get(code)
    assert room.locked and room.public_view()["room"]["banned"] == ["Cy"]
