"""The wire protocol (PROTOCOL.md) through the Socket.IO test client: every
lobby event and error code, and who did not receive a message."""

from __future__ import annotations

import json
import threading

import pytest

from partyapp.games.kit.cards import STANDARD_DECK
from partyapp.rooms.registry import ROOM_CODE_RE
from partyapp.rooms.room import hash_token
from tests.conftest import Client, error_code


def test_room_create_gives_code_and_secret_token(table):
    """room.create answers a 4-letter code and a host token of 128 bits or more."""
    t, code, host_token = table
    assert ROOM_CODE_RE.match(code)
    assert len(host_token) >= 22  # url-safe base64: 22 chars carry 128 bits


def test_table_receives_lobby_state_after_create(client):
    """The table gets the public view of rev 1 with no players and no game."""
    t = client()
    answer = t.call("room.create", {})
    state = t.last_state()
    assert state["rev"] == 1
    assert state["room"]["code"] == answer["code"]
    assert state["room"]["join_url"] == f"http://party.test/j/{answer['code']}"
    assert state["players"] == [] and state["game"] is None
    assert "you" not in state


def test_table_attach_with_token_from_another_connection(table, client):
    """A reloaded table screen attaches with its host token and gets the state."""
    _, code, host_token = table
    again = client()
    assert again.call("table.attach", {"code": code, "host_token": host_token}) == {"ok": True}
    assert again.last_state()["room"]["code"] == code


@pytest.mark.parametrize(
    "payload, code",
    [
        ({"code": "BBBB", "host_token": "x" * 32}, "no_such_room"),
        ({"code": "??", "host_token": "x" * 32}, "no_such_room"),
        ({"host_token": "x" * 32}, "bad_request"),
        ({"code": "BCDF", "host_token": 5}, "forbidden"),
    ],
)
def test_table_attach_errors(client, payload, code):
    """table.attach answers a missing room, a bad code and a bad token with codes."""
    assert error_code(client().call("table.attach", payload)) == code


def test_table_attach_with_wrong_token_is_forbidden(table, client):
    """Another screen cannot take over a table without its token."""
    _, code, _ = table
    assert error_code(client().call("table.attach", {"code": code, "host_token": "A" * 32})) == "forbidden"


def test_player_join_and_state_is_table_view_plus_you(table, join):
    """A player's state is exactly the table's state of the same rev plus `you`."""
    t, code, _ = table
    p = join(code, "Ana")
    table_state = t.last_state()
    player_state = p.last_state()
    assert table_state["rev"] == player_state["rev"]
    you = player_state.pop("you")
    assert player_state == table_state
    assert you["player_id"] == p.player_id and you["is_host"] is True and you["actions"] == []
    assert table_state["players"][0] == {
        "id": p.player_id, "name": "Ana", "seat": 0, "connected": True, "drinks": 0, "group": None, "in_game": False,
        "away_since": None, "waiting": False, "profile": "drinks", "forfeits": 0, "water": 0, "tally": {},
        "bot": False, "look": None, "level": None, "auto": False, "sits_out": False, "sitting_out": False, "guest": False,
    }
    assert table_state["room"]["host_player"] == p.player_id


def test_tokens_go_to_nobody_but_their_owner(table, join, client):
    """No token or token hash is in any message to another client."""
    t, code, host_token = table
    a = join(code, "Ana")
    b = join(code, "Bob")
    b.call("player.update", {"group": "guys"})
    everything_b = json.dumps(b.states())
    everything_t = json.dumps(t.states())
    everything_a = json.dumps(a.states())
    for secret in (a.token, hash_token(a.token), host_token, hash_token(host_token)):
        assert secret not in everything_b
    for secret in (a.token, b.token, hash_token(a.token), hash_token(b.token)):
        assert secret not in everything_t
    for secret in (b.token, host_token, hash_token(b.token)):
        assert secret not in everything_a


@pytest.mark.parametrize(
    "name",
    ["", "   ", "x" * 25, "bad\x00name", "\u202eevil", "a\u2066b", "zero\u200bwidth", "\u3164", 42, None, ["Ana"]],
)
def test_bad_names_are_refused(table, client, name):
    """Names are 1 to 24 visible characters, no control or bidi characters."""
    _, code, _ = table
    assert error_code(client().call("player.join", {"code": code, "name": name})) == "bad_request"


@pytest.mark.parametrize("name", ["x" * 24, "Zoë", "李小龍", "👩‍👩‍👧‍👦 Fam", "<img src=x onerror=alert(1)>"[:24], "O'Brien & co"])
def test_odd_but_fine_names_are_kept_exactly(table, join, name):
    """Accents, CJK, emoji and markup characters are kept as typed."""
    t, code, _ = table
    join(code, name)
    assert t.last_state()["players"][0]["name"] == name


def test_white_space_in_names_is_folded(table, join):
    """Tabs, line breaks and runs of spaces become one space."""
    t, code, _ = table
    join(code, " Ana\t\n  Lee ")
    assert t.last_state()["players"][0]["name"] == "Ana Lee"


def test_names_are_unique_ignoring_case(table, join, client):
    """A second "ANA" gets name_taken."""
    _, code, _ = table
    join(code, "Ana")
    assert error_code(client().call("player.join", {"code": code, "name": "aNA"})) == "name_taken"


def test_room_full(make_app):
    """The seat after max_players gets room_full."""

    app = make_app(PARTYAPP_MAX_PLAYERS=2)
    t = Client(app)
    code = t.call("room.create", {})["code"]
    for name in ("A", "B"):
        assert Client(app).call("player.join", {"code": code, "name": name})["ok"]
    assert error_code(Client(app).call("player.join", {"code": code, "name": "C"})) == "room_full"


def test_join_unknown_room(client):
    """A code nobody has opened answers no_such_room."""
    assert error_code(client().call("player.join", {"code": "ZZZZ", "name": "Ana"})) == "no_such_room"


def test_resume_returns_same_seat_and_marks_connected(table, join, client):
    """After a dropped connection the token brings the phone back to its seat."""
    t, code, _ = table
    p = join(code, "Ana")
    p.disconnect()
    assert t.last_state()["players"][0]["connected"] is False
    again = client()
    assert again.call("player.resume", {"code": code, "token": p.token}) == {"ok": True, "player_id": p.player_id}
    state = again.last_state()
    assert state["you"]["player_id"] == p.player_id
    assert t.last_state()["players"][0]["connected"] is True


def test_resume_with_stale_or_foreign_token(table, join, client):
    """A token of another room, a made-up token or the host token is forbidden."""
    t, code, host_token = table
    join(code, "Ana")
    other = client()
    other_code = other.call("room.create", {})["code"]
    stranger = join(other_code, "Zed")
    c = client()
    assert error_code(c.call("player.resume", {"code": code, "token": stranger.token})) == "forbidden"
    assert error_code(c.call("player.resume", {"code": code, "token": "B" * 32})) == "forbidden"
    assert error_code(c.call("player.resume", {"code": code, "token": host_token})) == "forbidden"


def test_player_token_cannot_attach_as_table(table, join, client):
    """A player's token does not make a screen the table."""
    _, code, _ = table
    p = join(code, "Ana")
    assert error_code(client().call("table.attach", {"code": code, "host_token": p.token})) == "forbidden"


def test_table_connection_cannot_act_as_player(table):
    """The table's connection cannot leave or move as a player."""
    t, _, _ = table
    assert error_code(t.call("player.leave", {})) == "forbidden"
    assert error_code(t.call("game.act", {"action": {"type": "draw"}})) == "forbidden"


def test_leave_frees_seat_and_passes_host_to_next_seat(table, join, client):
    """The host leaving hands the role to the next seat; the token is dead."""
    t, code, _ = table
    a = join(code, "Ana")
    b = join(code, "Bob")
    assert a.call("player.leave", {}) == {"ok": True}
    assert a.received("kicked") == [{"code": code, "reason": "left"}]
    state = t.last_state()
    assert [p["name"] for p in state["players"]] == ["Bob"]
    assert state["room"]["host_player"] == b.player_id
    assert error_code(client().call("player.resume", {"code": code, "token": a.token})) == "forbidden"
    assert error_code(a.call("player.leave", {})) == "forbidden"


def test_kick_by_table_and_not_by_a_guest(table, join, client):
    """Only the host may kick; the kicked phone is told and its token dies."""
    t, code, _ = table
    host = join(code, "Ana")
    b = join(code, "Bob")
    c = join(code, "Cat")
    assert error_code(b.call("host.command", {"command": "kick", "player_id": c.player_id})) == "forbidden"
    assert t.call("host.command", {"command": "kick", "player_id": c.player_id}) == {"ok": True}
    assert c.received("kicked") == [{"code": code, "reason": "kicked"}]
    assert b.received("kicked") == [] and host.received("kicked") == []
    assert error_code(client().call("player.resume", {"code": code, "token": c.token})) == "forbidden"
    assert host.call("host.command", {"command": "kick", "player_id": b.player_id}) == {"ok": True}
    assert [p["name"] for p in t.last_state()["players"]] == ["Ana"]


def test_kicked_player_receives_no_more_state(table, join):
    """After a kick the phone gets nothing of the room any more."""
    t, code, _ = table
    join(code, "Ana")
    b = join(code, "Bob")
    t.call("host.command", {"command": "kick", "player_id": b.player_id})
    b.states()
    join(code, "Cat")
    assert b.states() == []


def test_seat_order_and_stale_rev_conflict(table, join):
    """seat_order reorders seats clockwise; a stale rev or wrong set is a conflict."""
    t, code, _ = table
    a, b, c = (join(code, n) for n in ("Ana", "Bob", "Cat"))
    rev = t.last_state()["rev"]
    order = [c.player_id, a.player_id, b.player_id]
    assert t.call("host.command", {"command": "seat_order", "player_ids": order, "rev": rev}) == {"ok": True}
    state = t.last_state()
    assert [p["id"] for p in state["players"]] == order
    assert [p["seat"] for p in state["players"]] == [0, 1, 2]
    assert error_code(t.call("host.command", {"command": "seat_order", "player_ids": order, "rev": rev})) == "conflict"
    assert error_code(t.call("host.command", {"command": "seat_order", "player_ids": order[:2]})) == "conflict"
    assert error_code(t.call("host.command", {"command": "seat_order", "player_ids": "p1"})) == "bad_request"


def test_set_host_moves_the_controls(table, join):
    """set_host names another host player; the old one loses the controls."""
    t, code, _ = table
    a = join(code, "Ana")
    b = join(code, "Bob")
    assert a.call("host.command", {"command": "set_host", "player_id": b.player_id}) == {"ok": True}
    assert b.last_state()["you"]["is_host"] is True
    assert error_code(a.call("host.command", {"command": "kick", "player_id": b.player_id})) == "forbidden"
    assert error_code(t.call("host.command", {"command": "set_host", "player_id": "p99"})) == "forbidden"


def test_host_command_validation(table, join):
    """Unknown commands and malformed ids are bad requests."""
    t, code, _ = table
    join(code, "Ana")
    assert error_code(t.call("host.command", {"command": "explode"})) == "bad_request"
    assert error_code(t.call("host.command", {})) == "bad_request"
    assert error_code(t.call("host.command", {"command": "kick", "player_id": {"$ne": 1}})) == "bad_request"


def test_commands_before_joining_are_forbidden(client):
    """A connection that joined nothing can do nothing but join."""
    c = client()
    for event, payload in [
        ("host.command", {"command": "end_game"}),
        ("game.start", {"mode": "ring_of_fire"}),
        ("game.act", {"action": {"type": "draw"}}),
        ("player.leave", {}),
        ("player.update", {"group": None}),
    ]:
        assert error_code(c.call(event, payload)) == "forbidden", event


def test_unknown_event_and_non_object_payloads(table, client):
    """Whatever arrives is answered: unknown events and non-objects too."""
    t, code, _ = table
    c = client()
    assert error_code(c.call("no.such.event", {})) == "bad_request"
    for payload in ("text", 42, [1, 2], True):
        assert error_code(c.call("player.join", payload)) == "bad_request"
    assert error_code(c.call("player.join", {"code": code, "name": "A"}, {"extra": 1})) == "bad_request"


def test_rev_rises_by_one_per_change(table, join):
    """Every change bumps rev by exactly one; the table sees every rev once."""
    t, code, _ = table
    a = join(code, "Ana")
    join(code, "Bob")
    a.call("player.update", {"group": "chicks"})
    a.call("player.update", {"group": "chicks"})  # no change: no new rev
    revs = [s["rev"] for s in t.states()]
    assert revs == [2, 3, 4]


def test_concurrent_joins_get_distinct_consecutive_revs(table, client):
    """Joins at the same moment are applied one at a time."""
    t, code, _ = table
    clients = [client() for _ in range(8)]
    answers = [None] * 8

    def go(i):
        answers[i] = clients[i].call("player.join", {"code": code, "name": f"P{i}"})

    threads = [threading.Thread(target=go, args=(i,)) for i in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert all(a["ok"] for a in answers)
    revs = [s["rev"] for s in t.states()]
    assert revs == list(range(2, 10))
    assert len({a["player_id"] for a in answers}) == 8


def test_origin_of_another_site_is_refused(make_app):
    """Cross-site WebSocket hijacking: a page of another site cannot connect."""

    app = make_app(PARTYAPP_LAN_IP="192.168.1.20", PARTYAPP_ALLOWED_ORIGINS=["http://mylaptop.local:8000/"])
    assert not Client(app, headers={"Origin": "http://evil.example"}).connected
    assert Client(app, headers={"Origin": "http://party.test"}).connected  # public_url
    assert Client(app, headers={"Origin": "http://192.168.1.20:8000"}).connected  # LAN address
    assert Client(app, headers={"Origin": "http://localhost:8000"}).connected  # the laptop itself
    assert Client(app, headers={"Origin": "http://127.0.0.1:8000"}).connected
    assert Client(app, headers={"Origin": "http://mylaptop.local:8000"}).connected  # configured
    assert not Client(app, headers={"Origin": "http://192.168.1.20:9000"}).connected  # another port
    assert not Client(app, headers={"Origin": "null"}).connected
    assert Client(app).connected  # not a browser: no Origin


def test_origin_equal_to_the_host_header_is_not_enough(make_app):
    """DNS rebinding: a page of evil.example whose name now points at this
    server sends Origin and Host both naming evil.example; it is refused."""

    app = make_app()
    realtime = app.extensions["partyapp"]
    hosts: list = []
    real = realtime.origin_allowed
    realtime.origin_allowed = lambda origin, environ: hosts.append(environ.get("HTTP_HOST")) or real(origin, environ)
    for host in ("evil.example", "evil.example:8000"):
        rebound = Client(app, headers={"Origin": f"http://{host}", "Host": host})
        assert not rebound.connected
    assert hosts == ["evil.example", "evil.example:8000"]


def test_event_rate_limit_per_connection(make_app):
    """A flooding connection is answered rate_limited; a calm one is not."""

    app = make_app(PARTYAPP_EVENTS_PER_SECOND=1, PARTYAPP_EVENTS_BURST=5)
    flood = Client(app)
    calm = Client(app)
    codes = [flood.call("player.update", {}).get("error", {}).get("code") for _ in range(20)]
    assert codes[:5] == ["forbidden"] * 5
    assert set(codes[5:]) == {"rate_limited"}
    assert error_code(calm.call("player.update", {})) == "forbidden"


def test_join_rate_limit_per_address(make_app):
    """Sweeping room codes from one address soon gets rate_limited."""

    app = make_app(PARTYAPP_JOINS_PER_MINUTE=1, PARTYAPP_JOINS_BURST=3)
    codes = []
    for i in range(6):
        c = Client(app)  # a new connection each time: the limit is per address
        codes.append(error_code(c.call("player.resume", {"code": "BCDF", "token": "x" * 32})))
    assert codes[:3] == ["no_such_room"] * 3
    assert codes[3:] == ["rate_limited"] * 3


def test_player_update_group(table, join):
    """A player can change their drinking group; bad values are refused."""
    t, code, _ = table
    a = join(code, "Ana", group="guys")
    assert t.last_state()["players"][0]["group"] == "guys"
    assert a.call("player.update", {"group": "chicks"}) == {"ok": True}
    assert t.last_state()["players"][0]["group"] == "chicks"
    assert error_code(a.call("player.update", {"group": "robots"})) == "bad_request"


def test_healthz(app):
    """/healthz answers 200 {"ok": true} when the store answers."""
    response = app.test_client().get("/healthz")
    assert response.status_code == 200 and response.get_json() == {"ok": True}


def test_pages_and_qr(app, table):
    """The start page, table, phone and QR routes answer; unknown rooms 404."""
    _, code, _ = table
    web = app.test_client()
    assert web.get("/").status_code == 200
    assert web.get(f"/t/{code}").status_code == 200
    assert web.get(f"/j/{code}").status_code == 200
    assert web.get(f"/j/{code.lower()}").status_code == 200
    svg = web.get(f"/qr/{code}.svg")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml" and b"<svg" in svg.data
    assert web.get("/j/BCDF").status_code == 404
    assert web.get("/qr/BCDF.svg").status_code == 404
    assert web.get("/join?code=" + code.lower()).headers["Location"].endswith(f"/j/{code}")
    csp = web.get("/").headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp


def test_house_variants_save_list_delete(table, join, client):
    """The host saves a house variant; everybody can list it; a bad deck is
    refused with the reason; a guest cannot save; delete removes it."""
    t, code, _ = table
    host = join(code, "Ana")
    guest = join(code, "Bob")
    listing = guest.call("variant.list", {})
    assert listing["ok"] and listing["variants"] == []
    deck = listing["defaults"]["ring_of_fire"]
    assert set(listing["defaults"]) == {"ring_of_fire", "kings"} and "drink" in listing["catalogue"]
    deck["cards"]["J"] = {"title": "House Jack", "text": "Everybody drinks three.", "effect": "drink",
                          "params": {"who": "everybody", "n": 3}}
    saved = host.call("variant.save", {"name": "Our house", "mode": "ring_of_fire", "deck": deck})
    assert saved["ok"], saved
    assert saved["variant"]["deck"]["cards"]["J"]["title"] == "House Jack"
    assert [v["name"] for v in guest.call("variant.list", {})["variants"]] == ["Our house"]
    assert error_code(guest.call("variant.save", {"name": "Mine", "mode": "ring_of_fire", "deck": deck})) == "forbidden"
    broken = dict(deck, cards={k: v for k, v in deck["cards"].items() if k != "Q"})
    answer = t.call("variant.save", {"name": "Broken", "mode": "ring_of_fire", "deck": broken})
    assert error_code(answer) == "bad_request" and "Q" in answer["error"]["message"]
    assert error_code(t.call("variant.save", {"name": "X", "mode": "poker", "deck": deck})) == "bad_request"
    assert error_code(t.call("variant.save", {"name": "", "mode": "kings", "deck": deck})) == "bad_request"
    # a game started from the variant plays the edited card
    assert t.call("game.start", {"mode": "ring_of_fire", "options": {"variant": "Our house", "deck": ["JS"]}})["ok"]
    host.call("game.act", {"action": {"type": "draw"}})
    state = t.last_state()
    assert state["game"]["card"]["title"] == "House Jack"
    assert [p["drinks"] for p in state["players"]] == [3, 3]
    assert error_code(t.call("game.start", {"mode": "kings", "options": {"variant": "Our house"}})) in (
        "bad_request", "illegal_action")
    assert error_code(guest.call("variant.delete", {"name": "Our house"})) == "forbidden"
    assert host.call("variant.delete", {"name": "our HOUSE"}) == {"ok": True}
    assert error_code(host.call("variant.delete", {"name": "Our house"})) == "bad_request"


def test_a_house_variant_belongs_to_whoever_saved_it(client, table, join):
    """The host of another room (here: another party on the same server)
    does not see the variant (issue 23: a host lists the built-ins and their
    own), may not change or delete it, and saves their own under another
    name; the device token its page keeps makes a variant its own in every
    room it hosts."""
    t, code, _ = table
    ana = join(code, "Ana")
    deck = ana.call("variant.list", {})["defaults"]["kings"]
    device = "d" * 30
    saved = ana.call("variant.save", {"name": "Ours", "mode": "kings", "deck": deck, "device": device})
    assert saved["ok"] and saved["variant"]["mine"] is True
    assert t.call("variant.save", {"name": "Table's", "mode": "kings", "deck": deck})["ok"]

    other = client()
    other_code = other.call("room.create", {})["code"]
    cy = join(other_code, "Cy")
    assert cy.call("variant.list", {})["variants"] == []
    assert other.call("variant.list", {})["variants"] == []
    taken = cy.call("variant.save", {"name": "OURS", "mode": "kings", "deck": deck})
    assert error_code(taken) == "forbidden" and "another name" in taken["error"]["message"]
    assert error_code(cy.call("variant.delete", {"name": "Ours"})) == "forbidden"
    assert error_code(other.call("variant.delete", {"name": "Table's"})) == "forbidden"
    assert cy.call("variant.save", {"name": "Ours (copy)", "mode": "kings", "deck": deck})["ok"]
    assert {v["name"]: v["mine"] for v in cy.call("variant.list", {})["variants"]} == {"Ours (copy)": True}
    assert "owner" not in str(cy.call("variant.list", {}))
    # Ana's device, hosting the other room: her variant is hers there too
    ana_there = join(other_code, "Ana")
    other.call("host.command", {"command": "set_host", "player_id": ana_there.player_id})
    mine = {v["name"]: v["mine"] for v in ana_there.call("variant.list", {"device": device})["variants"]}
    assert mine == {"Ours": True, "Ours (copy)": False}  # the copy was saved in this room
    assert ana_there.call("variant.save", {"name": "ours", "mode": "kings", "deck": deck, "device": device})["ok"]
    assert error_code(ana_there.call("variant.delete", {"name": "Ours"})) == "forbidden"  # no device sent
    assert ana_there.call("variant.delete", {"name": "Ours", "device": device}) == {"ok": True}
    # the table that saved one may change it again; a malformed device token is refused
    assert t.call("variant.save", {"name": "TABLE'S", "mode": "kings", "deck": deck})["ok"]
    assert error_code(t.call("variant.list", {"device": "short"})) == "bad_request"


@pytest.mark.parametrize("mode", [["kings"], {"a": 1}, 7, True])
def test_an_imported_deck_with_a_mode_that_is_not_text_gives_the_reason(table, join, caplog, mode):
    """A file whose deck names its mode as a list, object or number is
    refused with the reason, never a traceback."""
    t, code, _ = table
    host = join(code, "Ana")
    deck = host.call("variant.list", {})["defaults"]["kings"]
    deck["mode"] = mode
    answer = host.call("variant.save", {"name": "Odd", "mode": "kings", "deck": deck})
    assert error_code(answer) == "bad_request" and "Unknown mode" in answer["error"]["message"]
    answer = host.call("variant.save", {"name": "Odd", "mode": mode, "deck": deck})
    assert error_code(answer) == "bad_request" and "mode" in answer["error"]["message"]
    assert [r for r in caplog.records if r.levelname == "ERROR"] == []


def test_house_variants_are_bounded_in_number_and_size(table, join, monkeypatch):
    """At most VARIANTS_MAX variants are kept (replacing one is fine), and a
    deck larger than DECK_BYTES_MAX is refused with the reason."""
    from partyapp.games.drinking import decks

    t, code, _ = table
    host = join(code, "Ana")
    deck = host.call("variant.list", {})["defaults"]["ring_of_fire"]
    monkeypatch.setattr(decks, "VARIANTS_MAX", 2)
    assert host.call("variant.save", {"name": "One", "mode": "ring_of_fire", "deck": deck})["ok"]
    assert host.call("variant.save", {"name": "Two", "mode": "ring_of_fire", "deck": deck})["ok"]
    third = host.call("variant.save", {"name": "Three", "mode": "ring_of_fire", "deck": deck})
    assert error_code(third) == "bad_request" and "at most 2" in third["error"]["message"]
    assert host.call("variant.save", {"name": "two", "mode": "ring_of_fire", "deck": deck})["ok"]
    assert [v["name"] for v in host.call("variant.list", {})["variants"]] == ["One", "two"]
    monkeypatch.undo()
    heavy = json.loads(json.dumps(deck))
    for entry in heavy["cards"].values():
        entry["text"] = "\U0001f44d\ufe0f\u0301\u0301" * decks.TEXT_MAX  # 300 visible, 11 bytes each
    big = host.call("variant.save", {"name": "Big", "mode": "ring_of_fire", "deck": heavy})
    assert error_code(big) == "bad_request" and "larger than 32 KB" in big["error"]["message"]


def test_a_flooding_connection_is_cut_off(make_app):
    """A connection sending far above its rate is closed, even though the
    bucket lets an event through now and then; unknown events count too."""
    from partyapp.realtime.dispatch import FLOOD_CUTOFF

    app = make_app(PARTYAPP_EVENTS_PER_SECOND=1, PARTYAPP_EVENTS_BURST=2)
    flood = Client(app)
    calm = Client(app)
    conn = next(iter(app.extensions["partyapp"].conns.values()))  # the flooder connected first
    for i in range(3 * FLOOD_CUTOFF):
        if not flood.connected:
            break
        if i % 20 == 0:
            conn.link.bucket.tokens = conn.link.bucket.burst  # the bucket refills now and then
        flood.call("no.such.event", {})
    assert not flood.connected
    assert calm.connected and error_code(calm.call("player.leave", {})) == "forbidden"


def test_idle_rooms_expire(make_app):
    """A room nobody touched for room_ttl_hours is deleted from the store and
    memory; a touched one stays."""
    app = make_app(PARTYAPP_ROOM_TTL_HOURS=1)
    registry = app.extensions["partyapp"].registry
    clock = app.extensions["partyapp"].clock

    old = Client(app).call("room.create", {})["code"]
    clock.advance(3000)
    fresh = Client(app).call("room.create", {})["code"]
    clock.advance(1000)  # old: 4000 s idle, fresh: 1000 s idle
    assert registry.expire(3600) == [old]
    assert error_code(Client(app).call("player.join", {"code": old, "name": "Ana"})) == "no_such_room"
    assert Client(app).call("player.join", {"code": fresh, "name": "Ana"})["ok"]


def engine_seed(app, code: str) -> int:
    """The seed the room's engine will draw its next card with."""
    return app.extensions["partyapp"].registry.get(code).game.to_state()["seed"]


@pytest.mark.parametrize("mode", ["ring_of_fire", "kings"])
def test_no_undrawn_card_or_seed_in_any_frame(app, table, join, mode):
    """Through a played game with a staged start, no frame to anyone carries
    a card before it is drawn (staged or chosen when drawn), nor the seed the
    engine draws with."""
    import random
    import re

    t, code, _ = table
    phones = [join(code, name) for name in ("Ana", "Bob", "Cat")]
    rng = random.Random(4)
    staged = rng.sample(sorted(STANDARD_DECK), 12)
    assert t.call("game.start", {"mode": mode, "options": {"seed": 11, "deck": staged}})["ok"]
    card = re.compile(r'"((?:10|[2-9AJQK])[SHDC])"')
    drawn: set[str] = set()
    seeds = {engine_seed(app, code)}
    latest: dict = {}
    for step in range(150):
        for c in [t, *phones]:
            for frame in c.states():
                drawn.add((frame["game"] or {}).get("last_card"))
                text = json.dumps(frame)
                seen = set(card.findall(text))
                assert seen <= drawn, f"undrawn cards {seen - drawn} in a frame"
                assert not [s for s in seeds if str(s) in text], "the engine's seed is in a frame"
                latest[c] = frame
        if latest[t]["game"]["over"]:
            break
        movers = [(p, a) for p in phones for a in latest[p]["you"]["actions"]
                  if a["type"] not in ("steal", "breach", "deflect", "caught")]
        assert movers, "nobody can move"
        p, spec = rng.choice(movers)
        action = {"type": spec["type"]}
        for name, domain in spec["params"].items():
            action[name] = rng.choice(domain["one_of"]) if "one_of" in domain else f"No pointing {step}"
        p.call("game.act", {"action": action})
        seeds.add(engine_seed(app, code))
    assert len(drawn) >= 20 and set(staged) <= drawn and len(seeds) >= 8


def test_a_race_nobody_finishes_is_settled_by_the_server(table, join, clock):
    """Nobody taps in Floor: at race_timeout_s the server itself settles the
    race, and every phone and the table receive the outcome."""
    t, code, _ = table
    phones = [join(code, name) for name in ("Ana", "Bob", "Cat")]
    assert t.call("game.start", {"mode": "ring_of_fire", "options": {"deck": ["4S"], "race_timeout_s": 1}})["ok"]
    assert phones[0].call("game.act", {"action": {"type": "draw"}}) == {"ok": True}
    assert t.last_state()["game"]["prompt"]["kind"] == "race"
    clock.advance(0.999)
    assert not any(f["game"]["outcome"] for f in t.states())
    clock.advance(0.001)
    frames = t.states()
    outcome = frames[-1]["game"]["outcome"] if frames else None
    assert outcome is not None and outcome["timed_out"] is True
    assert outcome["losers"] == [p.player_id for p in phones]
    assert [p["drinks"] for p in frames[-1]["players"]] == [1, 1, 1]
    for phone in phones:
        assert phone.last_state()["game"]["outcome"] == outcome


def test_the_store_keeps_only_hashes_of_tokens(tmp_path, make_app):
    """Inside the store (the SQLite file itself) there is no token, only its
    hash: a copy of the database seats nobody."""
    import sqlite3


    path = tmp_path / "rooms.db"
    app = make_app(PARTYAPP_STORE_URL=f"sqlite:///{path}")
    t = Client(app)
    created = t.call("room.create", {})
    phone = Client(app)
    joined = phone.call("player.join", {"code": created["code"], "name": "Ana"})
    assert joined["ok"]
    db = sqlite3.connect(path)
    saved = db.execute("SELECT data FROM rooms WHERE code = ?", (created["code"],)).fetchone()[0]
    everything = "\n".join(str(row) for table in ("rooms", "variants")
                           for row in db.execute(f"SELECT * FROM {table}"))  # noqa: S608
    db.close()
    room = json.loads(saved)
    assert room["host_token_hash"] == hash_token(created["host_token"])
    assert room["seats"][0]["token_hash"] == hash_token(joined["token"])
    assert hash_token(joined["token"]) != joined["token"]
    for token in (created["host_token"], joined["token"]):
        assert token not in everything
    # and the hashes still let their owners back in
    assert Client(app).call("player.resume", {"code": created["code"], "token": joined["token"]})["ok"]
    assert Client(app).call("table.attach", {"code": created["code"], "host_token": created["host_token"]})["ok"]


def test_ring_of_fire_ten_makes_the_drawer_thumbmaster(table, join):
    """Drawing the 10 in Ring of Fire: everybody sees the drawer as
    thumbmaster and the category round; only the drawer's phone offers the
    thumb race, and the race pauses the round."""
    t, code, _ = table
    ana, bob, cat = (join(code, name) for name in ("Ana", "Bob", "Cat"))
    assert t.call("game.start", {"mode": "ring_of_fire", "options": {"deck": ["10H"]}})["ok"]
    assert ana.call("game.act", {"action": {"type": "draw"}}) == {"ok": True}
    game = t.last_state()["game"]
    assert game["roles"]["thumbmaster"] == ana.player_id
    assert game["card"]["title"] == "Thumbmaster" and game["prompt"]["kind"] == "round"
    mine = ana.last_state()["you"]
    assert {"type": "thumb", "params": {"thumb": {"one_of": ["left", "right"]}}} in mine["actions"]
    assert [r["role"] for r in mine["roles"]] == ["thumbmaster"]
    assert all(a["type"] != "thumb" for p in (bob, cat) for a in p.last_state()["you"]["actions"])
    assert ana.call("game.act", {"action": {"type": "thumb", "thumb": "left"}}) == {"ok": True}
    game = t.last_state()["game"]
    assert game["prompt"]["race"] == "thumb" and game["paused"]["kind"] == "round"
    assert bob.call("game.act", {"action": {"type": "tap", "thumb": "left"}}) == {"ok": True}
    state = t.last_state()
    assert state["game"]["outcome"]["losers"] == [cat.player_id]
    assert state["game"]["prompt"]["kind"] == "round"
    assert [p["drinks"] for p in state["players"]] == [0, 0, 1]


def test_ring_of_fire_ten_as_category_only_through_the_editors_data(table, join):
    """The category-only reading: the editor's data carries the 10's
    thumbmaster option; a house variant with it off plays no thumbmaster."""
    t, code, _ = table
    ana = join(code, "Ana")
    join(code, "Bob")
    listing = ana.call("variant.list", {})
    assert listing["catalogue"]["round"]["params"]["thumbmaster"]["default"] is False
    deck = listing["defaults"]["ring_of_fire"]
    assert deck["cards"]["10"]["params"]["thumbmaster"] is True
    deck["cards"]["10"]["params"]["thumbmaster"] = False
    saved = ana.call("variant.save", {"name": "Category tens", "mode": "ring_of_fire", "deck": deck})
    assert saved["ok"] and saved["variant"]["deck"]["cards"]["10"]["params"]["thumbmaster"] is False
    options = {"variant": "Category tens", "deck": ["10H"]}
    assert t.call("game.start", {"mode": "ring_of_fire", "options": options})["ok"]
    assert ana.call("game.act", {"action": {"type": "draw"}}) == {"ok": True}
    game = t.last_state()["game"]
    assert game["roles"]["thumbmaster"] is None and game["prompt"]["kind"] == "round"
    assert all(a["type"] != "thumb" for a in ana.last_state()["you"]["actions"])


def test_house_variants_saved_before_a_new_card_option_show_its_default(app, table, join):
    """A variant kept from before the round effect's thumbmaster option lists
    its round cards with the option off, which is how it plays."""
    import copy as copying

    from partyapp.games.drinking.decks import RING_OF_FIRE

    t, code, _ = table
    ana = join(code, "Ana")
    join(code, "Bob")
    old = copying.deepcopy(RING_OF_FIRE)
    old["cards"]["10"] = {"title": "Category", "text": "Name things.", "effect": "round", "params": {"n": 1}}
    old["cards"]["9"]["params"] = {"n": 1}
    room = app.extensions["partyapp"].registry.get(code)
    app.extensions["partyapp"].registry.store.save_variant("Old house", "ring_of_fire", old, 1.0,
                                                           room.host_token_hash)
    listed = t.call("variant.list", {})["variants"][0]["deck"]["cards"]
    assert listed["10"]["params"] == listed["9"]["params"] == {"n": 1, "thumbmaster": False}
    assert t.call("game.start", {"mode": "ring_of_fire", "options": {"variant": "Old house", "deck": ["10S"]}})["ok"]
    assert ana.call("game.act", {"action": {"type": "draw"}}) == {"ok": True}
    assert t.last_state()["game"]["roles"]["thumbmaster"] is None
