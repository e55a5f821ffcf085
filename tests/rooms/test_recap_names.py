"""The recap names people as they played: a bot as a bot (never by a
drinking profile it never chose), and a game with one loser among many
winners by its loser (Old Maid: who was left holding the queen), in the
room's recap, on the picture and in both languages."""

from __future__ import annotations

import random

from partyapp.bots.strategy import fill
from partyapp.realtime.coalesce import EVERY_S
from partyapp.web.recap import game_line
from tests.conftest import ok, start_staged


def test_a_bot_is_named_as_a_bot_in_the_recap_and_its_picture(app, table, join):
    t, code, token = table
    ana = join(code, "Ana")
    join(code, "Bo")
    bot = ok(ana.call("host.command", {"command": "add_bot"}))["player_id"]
    assert t.call("host.command", {"command": "end_night"}) == {"ok": True}
    rows = {p["id"]: p for p in t.last_state()["room"]["recap"]["players"]}
    assert rows[bot]["bot"] is True and not any(p["bot"] for pid, p in rows.items() if pid != bot)
    svg = app.test_client().get(f"/recap/{code}.svg", headers={"X-Party-Token": token}).get_data(as_text=True)
    name = rows[bot]["name"]
    assert f"{name} (bot)" in svg and f"{name} (drinking)" not in svg


def test_old_maid_in_the_recap_names_who_held_the_queen(table, join, clock):
    t, code, _ = table
    people = [join(code, n) for n in ("Ana", "Bo", "Cy")]
    start_staged(t, "old_maid", [], seed=3)
    rng = random.Random(3)
    latest = {id(p): p.last_state() for p in people}
    state = t.last_state()
    for _ in range(500):
        if state["game"]["over"]:
            break
        mover, spec = next((p, a) for p in people for a in latest[id(p)]["you"]["actions"] if a["type"] == "take")
        ok(mover.call("game.act", {"action": fill(spec, rng)}))
        clock.advance(EVERY_S)  # a phone's own moves go out at most every quarter second
        latest = {id(p): (p.states() or [latest[id(p)]])[-1] for p in people}
        state = (t.states() or [state])[-1]
    assert state["game"]["over"]
    [loser] = state["game"]["result"]["losers"]
    loser_name = next(p["name"] for p in state["players"] if p["id"] == loser)
    assert t.call("host.command", {"command": "end_night"}) == {"ok": True}
    ended = t.last_state()
    [game] = ended["room"]["recap"]["games"]
    names = {p["id"]: p["name"] for p in ended["players"]}
    assert game_line(game, names) == f"Old Maid: {loser_name} was left holding the Old Maid."


def test_a_game_with_one_loser_among_several_winners_names_the_loser():
    game = {"mode": "cheat", "title": "Cheat", "over": True,
            "result": {"reason": "out", "winners": ["p1", "p2", "p3"], "losers": ["p4"], "stopped": False}}
    names = {"p1": "Ana", "p2": "Bo", "p3": "Cy", "p4": "Max"}
    assert game_line(game, names) == "Cheat: Max lost."
    game["result"].update(winners=["p1"], losers=["p4"])
    assert game_line(game, names) == "Cheat: won by Ana."
