"""Seats over the wire (Socket.IO test client): renaming without leaving,
skipping a player whose phone is away, and the names of players who left."""

from __future__ import annotations

from partyapp.realtime.coalesce import EVERY_S
import pytest

from partyapp.realtime import netinfo
from partyapp.rooms.room import FORMER_MAX
from tests.conftest import error_code, wait_for


def start(t, mode="ring_of_fire", deck=("3S", "3H", "3D")):
    answer = t.call("game.start", {"mode": mode, "options": {"deck": list(deck)}})
    assert answer == {"ok": True}, answer


# -- renaming --------------------------------------------------------------------

def test_rename_keeps_seat_group_and_tally(table, join):
    """player.update {name} renames the seat; its id, group and drinks stay."""
    t, code, _ = table
    a = join(code, "Ana", group="chicks")
    join(code, "Bob")
    start(t, deck=["3S"])
    a.call("game.act", {"action": {"type": "draw"}})  # Ana: "Me", one drink
    assert a.call("player.update", {"name": "  Anastasia  "}) == {"ok": True}
    me = t.last_state()["players"][0]
    assert (me["id"], me["name"], me["group"], me["drinks"]) == (a.player_id, "Anastasia", "chicks", 1)
    assert a.last_state()["you"]["name"] == "Anastasia"


def test_rename_to_a_name_in_use_is_refused(table, join):
    """A new name follows the join rules: unique ignoring case, 24 characters."""
    t, code, _ = table
    a = join(code, "Ana")
    join(code, "Bob")
    assert error_code(a.call("player.update", {"name": "BOB"})) == "name_taken"
    assert error_code(a.call("player.update", {"name": "x" * 25})) == "bad_request"
    assert error_code(a.call("player.update", {"name": "\u202eevil"})) == "bad_request"
    assert error_code(a.call("player.update", {"name": 7})) == "bad_request"
    assert [p["name"] for p in t.last_state()["players"]] == ["Ana", "Bob"]
    assert a.call("player.update", {"name": "ANA"}) == {"ok": True}  # own name, other case
    assert t.last_state()["players"][0]["name"] == "ANA"


def test_update_leaves_out_what_is_not_sent(table, join, clock):
    """A rename does not touch the group, and a group change not the name."""
    t, code, _ = table
    a = join(code, "Ana", group="guys")
    a.call("player.update", {"name": "Andy"})
    a.call("player.update", {"group": "chicks"})
    clock.advance(EVERY_S)  # a phone's own changes go out a few times a second at most
    me = t.last_state()["players"][0]
    assert (me["name"], me["group"]) == ("Andy", "chicks")


# -- an absent player ------------------------------------------------------------------

def test_away_player_carries_since_when(table, join):
    """A seat whose phone went has away_since (server time, not after the
    revision's room.time); a connected seat has null."""
    t, code, _ = table
    a = join(code, "Ana")
    join(code, "Bob")
    a.disconnect()
    state = t.last_state()
    ana, bob = state["players"]
    assert ana["connected"] is False and isinstance(ana["away_since"], float)
    assert ana["away_since"] <= state["room"]["time"]
    assert bob["away_since"] is None


def test_skip_refusals_and_success(table, join):
    """skip is refused unless the seat's phone is away and the game waits on
    them; then the draw passes on, and only the host may do it."""
    t, code, _ = table
    ana = join(code, "Ana")
    bob = join(code, "Bob")
    cy = join(code, "Cy")
    assert error_code(t.call("host.command", {"command": "skip", "player_id": cy.player_id})) == "illegal_action"
    start(t)
    # Ana's turn, and her phone is here.
    assert error_code(t.call("host.command", {"command": "skip", "player_id": ana.player_id})) == "illegal_action"
    # Cy is away but the game does not wait on Cy.
    cy.disconnect()
    assert error_code(t.call("host.command", {"command": "skip", "player_id": cy.player_id})) == "illegal_action"
    ana.call("game.act", {"action": {"type": "draw"}})
    bob.call("game.act", {"action": {"type": "draw"}})
    state = t.last_state()
    assert state["game"]["turn"] == cy.player_id
    assert next(p for p in state["players"] if p["id"] == cy.player_id)["waiting"] is True
    # A guest may not skip; the host player (Ana) and the table may.
    assert error_code(bob.call("host.command", {"command": "skip", "player_id": cy.player_id})) == "forbidden"
    assert error_code(t.call("host.command", {"command": "skip", "player_id": "p99"})) == "illegal_action"
    assert error_code(t.call("host.command", {"command": "skip"})) == "bad_request"
    assert ana.call("host.command", {"command": "skip", "player_id": cy.player_id}) == {"ok": True}
    state = t.last_state()
    assert state["game"]["turn"] == ana.player_id
    assert cy.player_id in [p["id"] for p in state["players"]]
    assert state["game"]["log"][-1]["kind"] == "skip"


# -- names of players who left -------------------------------------------------------------

def test_leavers_names_stay_in_the_public_view(table, join):
    """A player who leaves or is removed keeps their name in room.former, so
    the rules and the log still name them."""
    t, code, _ = table
    ana = join(code, "Ana")
    bob = join(code, "Bob")
    cy = join(code, "Cy")
    start(t, deck=["JS", "3S"])
    ana.call("game.act", {"action": {"type": "draw"}})
    ana.call("game.act", {"action": {"type": "rule", "text": "No pointing"}})
    assert ana.call("player.leave", {}) == {"ok": True}
    assert t.call("host.command", {"command": "kick", "player_id": cy.player_id}) == {"ok": True}
    state = t.last_state()
    assert state["room"]["former"] == {ana.player_id: "Ana", cy.player_id: "Cy"}
    assert state["game"]["rules"][0]["by"] == ana.player_id
    assert bob.last_state()["room"]["former"] == state["room"]["former"]


def test_former_names_are_bounded(table, join):
    """The room remembers the latest FORMER_MAX leavers only."""
    t, code, _ = table
    for i in range(FORMER_MAX + 3):
        p = join(code, f"Guest {i}")
        assert p.call("player.leave", {}) == {"ok": True}
    former = t.last_state()["room"]["former"]
    assert len(former) == FORMER_MAX
    assert "Guest 0" not in former.values() and f"Guest {FORMER_MAX + 2}" in former.values()


# -- a server on loopback only ---------------------------------------------------------------

@pytest.mark.parametrize("bind, expected", [
    ("0.0.0.0", "http://192.168.1.20:8000"),
    ("127.0.0.1", "http://127.0.0.1:8000"),
    ("localhost", "http://127.0.0.1:8000"),
])
def test_join_address_of_a_table_opened_on_loopback(bind, expected):
    """A table opened at 127.0.0.1 advertises the LAN address, unless the
    server listens on loopback only, where the LAN address reaches nothing."""
    assert netinfo.join_base("", "http", "127.0.0.1:8000", "192.168.1.20", 8000, bind_host=bind) == expected


@pytest.mark.slow
def test_serve_on_loopback_warns_and_does_not_advertise_the_lan(tmp_path):
    """`partyapp serve --host 127.0.0.1` says phones cannot reach it and
    prints no LAN address."""
    import subprocess
    import sys

    from tests.serverproc import free_port

    port = free_port()
    log = tmp_path / "out.txt"
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "partyapp", "serve", "--host", "127.0.0.1", "--port", str(port),
                                 "--store", "memory://"], stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_for(lambda: "Rooms are kept" in log.read_text(), timeout=20, what="the server's start-up lines")
    finally:
        proc.terminate()
        proc.wait(10)
    text = log.read_text()
    assert "phones cannot reach this server" in text
    assert f"Open http://127.0.0.1:{port}/" in text
    lan = netinfo.lan_ip()
    assert lan == "127.0.0.1" or lan not in text
