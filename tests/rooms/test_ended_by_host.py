"""A game the host ends is shown like a finished one: over, with who ended
it (the host's seat) and the standings; in Kings the tally, the necks and
the rules made stay on screen. Ending it again returns to the lobby."""

from __future__ import annotations

from tests.conftest import act_ok, players, start_staged


def test_kings_the_host_ends_stays_on_screen_with_who_ended_it_and_the_rules(table, join):
    t, code, _ = table
    sam = join(code, "Sam")
    join(code, "Farid")
    start_staged(t, "kings", ["9H", "4S", "2D"])
    act_ok(sam, type="draw")  # a 9: Sam makes a rule
    act_ok(sam, type="rule", text="No first names")
    assert t.call("host.command", {"command": "end_game"}) == {"ok": True}
    state = t.last_state()
    game = state["game"]
    sam_id = players(state)["Sam"]["id"]
    assert game is not None and game["over"] is True
    assert game["result"]["reason"] == "host" and game["result"]["by"] == sam_id
    assert [r["text"] for r in game["rules"]] == ["No first names"]
    assert sam.last_state()["game"]["over"] is True
    assert t.call("host.command", {"command": "end_game"}) == {"ok": True}
    assert t.last_state()["game"] is None


def test_a_card_game_the_host_ends_names_who_ended_it(table, join):
    t, code, _ = table
    join(code, "Sam")
    join(code, "Farid")
    start_staged(t, "cheat", [])
    assert t.call("host.command", {"command": "end_game"}) == {"ok": True}
    state = t.last_state()
    assert state["game"]["over"] and state["game"]["result"]["reason"] == "host"
    assert state["game"]["result"]["by"] == players(state)["Sam"]["id"]
