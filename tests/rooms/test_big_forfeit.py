"""A big forfeit: a neck (the last king's drink, a catch of the question
card) of whoever is not drinking. The night says what it is (the setting
``big_forfeit``, by default "Sing a chorus of a song the table picks.",
which the host can change) and counts each one (form ``big``) for the seat,
the game and the end-of-night recap, where a drinker's necks are not."""

from __future__ import annotations

import pytest

from partyapp.rooms.night import DEFAULT_BIG_FORFEIT
from tests.conftest import act_ok, error_code, players, start_staged

KINGS = ["KD", "KH", "KS", "KC"]  # Ana, Bo, Ana, Bo: the fourth king is Bo's


def last_king(table, join, profile: str):
    """Ana (drinking) and Bo (``profile``) at Kings; Bo draws the last king."""
    t, code, _ = table
    ana = join(code, "Ana")
    bo = join(code, "Bo", profile=profile)
    start_staged(t, "kings", KINGS)
    for who in (ana, bo, ana, bo):
        act_ok(who, type="draw")
    state = t.last_state()
    assert state["game"]["over"] and state["game"]["result"]["reason"] == "last_king"
    return t, state, bo


def test_a_non_drinkers_last_king_is_a_big_forfeit_in_the_recap(table, join):
    t, state, bo = last_king(table, join, "none")
    assert state["room"]["game_tally"][bo.player_id] == {"big": 1}
    me = players(state)["Bo"]
    assert me["tally"] == {"big": 1} and me["forfeits"] == 0  # not a point: the seat's star counter is unchanged
    assert t.call("host.command", {"command": "end_night"}) == {"ok": True}
    recap = t.last_state()["room"]["recap"]
    tallies = {p["name"]: p["tally"] for p in recap["players"]}
    assert tallies == {"Ana": {}, "Bo": {"big": 1}}


def test_a_drinkers_last_king_is_a_neck_not_a_big_forfeit(table, join):
    t, _, _ = last_king(table, join, "drinks")
    assert t.call("host.command", {"command": "end_night"}) == {"ok": True}
    recap = t.last_state()["room"]["recap"]
    assert {p["name"]: p["tally"] for p in recap["players"]} == {"Ana": {}, "Bo": {}}


def test_the_big_forfeit_is_a_setting_the_host_can_change(table, join):
    t, code, _ = table
    join(code, "Ana")
    assert t.last_state()["room"]["settings"]["big_forfeit"] == DEFAULT_BIG_FORFEIT
    assert DEFAULT_BIG_FORFEIT == "Sing a chorus of a song the table picks."
    assert t.call("host.command", {"command": "settings", "big_forfeit": "Dance for ten seconds."}) == {"ok": True}
    assert t.last_state()["room"]["settings"]["big_forfeit"] == "Dance for ten seconds."


@pytest.mark.parametrize("value", ["", "y" * 81, "\u202eevil", ["Sing."], 3])
def test_a_bad_big_forfeit_is_refused(app, table, value):
    t, code, _ = table
    assert error_code(t.call("host.command", {"command": "settings", "big_forfeit": value})) == "bad_request"
    room = app.extensions["partyapp"].registry.get(code)
    assert room.night.settings["big_forfeit"] == DEFAULT_BIG_FORFEIT
