"""A player who leaves mid-game and comes back under their name keeps their
seat order: back in the place they left, in the room and in a running game
that deals them in, not at the end."""

from __future__ import annotations

from tests.conftest import act_ok, start_staged


def test_back_mid_game_in_the_old_place(table, join):
    t, code, _ = table
    ana = join(code, "Ana")
    bo = join(code, "Bo")
    join(code, "Cy")
    start_staged(t, "ring_of_fire", ["6S", "3D", "3H", "4S"])
    act_ok(ana, type="draw")
    act_ok(bo, type="draw")  # 3: Bo drinks (Bo took part tonight)
    old_id = bo.player_id
    assert bo.call("player.leave", {}) == {"ok": True}
    assert [p["name"] for p in t.last_state()["players"]] == ["Ana", "Cy"]
    again = join(code, "Bo")
    assert again.player_id == old_id
    state = t.last_state()
    assert [p["name"] for p in state["players"]] == ["Ana", "Bo", "Cy"]
    ids = {p["name"]: p["id"] for p in state["players"]}
    assert state["game"]["seats"] == [ids["Ana"], ids["Bo"], ids["Cy"]]  # the game's round too

