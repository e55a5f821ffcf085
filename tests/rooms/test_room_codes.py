"""Limits that hold beyond one address (issue 23, points 5 and 6): a cap
on live rooms, a server-wide budget of unknown room codes, six-letter
codes, the recap picture for the room's own screens only, and house
variants listed to a host as the built-ins plus their own."""

from __future__ import annotations

import pytest

from partyapp.rooms.registry import ROOM_ALPHABET, ROOM_CODE_LEN, ROOM_CODE_RE
from tests.conftest import Client


def test_codes_have_six_letters_of_the_alphabet_without_look_alikes(table):
    _, code, _ = table
    assert ROOM_CODE_LEN == 6 and len(code) == 6 and set(code) <= set(ROOM_ALPHABET)
    assert len(ROOM_ALPHABET) ** ROOM_CODE_LEN == 64_000_000


def test_a_room_saved_with_a_four_letter_code_is_still_found(app, client):
    registry = app.extensions["partyapp"].registry
    room, _ = registry.create("http://party.test")
    data = room.to_json().replace(room.code, "BCDF")
    registry.store.save("BCDF", data, registry.clock())
    assert ROOM_CODE_RE.match("BCDF")
    assert client().call("player.join", {"code": "bcdf", "name": "Ana"})["ok"]


def test_the_join_form_takes_six_letters(app):
    http = app.test_client()
    assert http.get("/join?code=kqz-xbd").headers["Location"].endswith("/j/KQZXBD")
    assert 'maxlength="6"' in http.get("/").get_data(as_text=True)


def test_the_server_holds_a_cap_of_live_rooms_with_a_clear_refusal(make_app):
    app = make_app(PARTYAPP_MAX_ROOMS=3)
    tables = [Client(app) for _ in range(4)]
    answers = [t.call("room.create", {}) for t in tables]
    assert all(a["ok"] for a in answers[:3])
    assert answers[3]["ok"] is False and answers[3]["error"]["code"] == "server_full"
    assert "as many rooms" in answers[3]["error"]["message"]


def test_a_deserted_room_makes_way_for_a_new_one(make_app, monkeypatch):
    """At the cap, a room nobody sits in whose table left ten minutes ago is
    deleted for a new one; a room with people in it never is."""
    app = make_app(PARTYAPP_MAX_ROOMS=2)
    registry = app.extensions["partyapp"].registry
    now = [1000.0]
    monkeypatch.setattr(registry, "clock", lambda: now[0])
    lived, left = Client(app), Client(app)
    code = lived.call("room.create", {})["code"]
    assert Client(app).call("player.join", {"code": code, "name": "Ana"})["ok"]
    gone = left.call("room.create", {})["code"]
    left.disconnect()
    lived.disconnect()
    now[0] += 11 * 60
    assert Client(app).call("room.create", {})["ok"]
    assert registry.live(gone) is None and not registry.store.exists(gone)
    assert registry.live(code) is not None


def test_unknown_codes_are_limited_for_the_whole_server(make_app):
    """Probes from many addresses share one budget: once it is spent, no
    lookup by code tells whether a room exists (known ones are refused
    too), while a phone with its seat's token still comes back."""
    app = make_app(PARTYAPP_UNKNOWN_CODES_PER_MINUTE=0.001, PARTYAPP_UNKNOWN_CODES_BURST=5, PARTYAPP_TRUSTED_PROXIES=1)
    table = Client(app)
    code = table.call("room.create", {})["code"]
    ana = Client(app)
    token = ana.call("player.join", {"code": code, "name": "Ana"})["token"]
    probes = [Client(app, headers={"X-Forwarded-For": f"10.0.0.{i}"}) for i in range(5)]
    for i, p in enumerate(probes):
        answer = p.call("player.join", {"code": "BCDFGH"[:5] + ROOM_ALPHABET[i], "name": "X"})
        assert answer["error"]["code"] == "no_such_room", answer
    refused = Client(app).call("player.join", {"code": code, "name": "Bea"})
    assert refused["ok"] is False and refused["error"]["code"] == "rate_limited"
    assert Client(app).call("player.join", {"code": "ZZZZZZ", "name": "Bea"})["error"]["code"] == "rate_limited"
    http = app.test_client()
    assert http.get(f"/j/{code}").status_code == 429 and http.get(f"/qr/{code}.svg").status_code == 429
    # a wrong token is answered like an unknown room; the right one comes back
    wrong = Client(app).call("player.resume", {"code": code, "token": "x" * 32})
    assert wrong["error"]["code"] == "rate_limited"
    ana.disconnect()
    back = Client(app).call("player.resume", {"code": code, "token": token})
    assert back["ok"], back


def test_unknown_codes_over_http_spend_the_same_budget(make_app):
    app = make_app(PARTYAPP_UNKNOWN_CODES_PER_MINUTE=0.001, PARTYAPP_UNKNOWN_CODES_BURST=3)
    code = Client(app).call("room.create", {})["code"]
    http = app.test_client()
    for i in range(3):
        environ = {"REMOTE_ADDR": f"127.0.0.{i + 2}"}
        assert http.get(f"/qr/BCDFG{ROOM_ALPHABET[i]}.svg", environ_base=environ).status_code == 404
    assert http.get(f"/qr/{code}.svg", environ_base={"REMOTE_ADDR": "127.0.0.9"}).status_code == 429


def test_the_recap_picture_needs_the_table_s_or_a_seat_s_token(app, table, join):
    t, code, host_token = table
    ana = join(code, "Ana")
    assert t.call("host.command", {"command": "end_night"}) == {"ok": True}
    http = app.test_client()
    assert http.get(f"/recap/{code}.svg").status_code == 403
    assert http.get(f"/recap/{code}.svg", headers={"X-Party-Token": "y" * 32}).status_code == 403
    assert http.get(f"/recap/{code}.svg?token={ana.token}").status_code == 403  # never in the address
    assert http.get(f"/recap/{code}.svg", headers={"X-Party-Token": host_token}).status_code == 200
    assert http.get(f"/recap/{code}.svg", headers={"X-Party-Token": ana.token}).status_code == 200


def test_a_host_lists_the_built_ins_and_their_own_variants_only(client, table, join):
    """The house variants of another room are not listed, nor their decks."""
    t, code, _ = table
    ana = join(code, "Ana")
    deck = ana.call("variant.list", {})["defaults"]["kings"]
    deck["cards"]["K"]["title"] = "Secret King"
    assert ana.call("variant.save", {"name": "Ours", "mode": "kings", "deck": deck, "device": "d" * 30})["ok"]
    other = client()
    other.call("room.create", {})
    listing = other.call("variant.list", {})
    assert listing["variants"] == [] and set(listing["defaults"]) == {"ring_of_fire", "kings"}
    assert "Secret King" not in str(listing)
    mine = ana.call("variant.list", {"device": "d" * 30})["variants"]
    assert [(v["name"], v["mine"]) for v in mine] == [("Ours", True)]
    # the table of the same room lists the variant its host player saved, to start it
    assert [v["name"] for v in t.call("variant.list", {})["variants"]] == ["Ours"]
