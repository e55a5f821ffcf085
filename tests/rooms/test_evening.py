"""The evening around the games (issue 25), through the protocol: sitting
out, the recap's truth, one row per person, and forfeits that keep the form
they were taken in."""

from __future__ import annotations

from partyapp.realtime.coalesce import EVERY_S
import pytest

from tests.conftest import act_ok, error_code, players, start_staged


def names_in_game(state: dict) -> list[str]:
    return [p["name"] for p in state["players"] if p["in_game"]]


# -- sitting out ---------------------------------------------------------------------------------
def test_a_player_sits_out_and_everybody_sees_it(table, join, clock):
    """player.update {sitting_out: true}: players[].sitting_out on the table and every phone."""
    t, code, _ = table
    ana = join(code, "Ana")
    bo = join(code, "Bo")
    assert players(t.last_state())["Bo"]["sitting_out"] is False
    assert bo.call("player.update", {"sitting_out": True}) == {"ok": True}
    for view in (t.last_state(), ana.last_state(), bo.last_state()):
        assert players(view)["Bo"]["sitting_out"] is True and players(view)["Ana"]["sitting_out"] is False
    assert bo.call("player.update", {"sitting_out": False}) == {"ok": True}
    clock.advance(EVERY_S)  # a phone's own changes go out a few times a second at most
    assert players(t.last_state())["Bo"]["sitting_out"] is False


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_sitting_out_takes_true_or_false_only(table, join, value):
    t, code, _ = table
    bo = join(code, "Bo")
    assert error_code(bo.call("player.update", {"sitting_out": value})) == "bad_request"
    assert error_code(t.call("host.command", {"command": "sit_out", "player_id": bo.player_id,
                                              "sitting_out": value})) == "bad_request"


def test_the_host_sits_anybody_out_or_back_in(table, join):
    """host.command sit_out: the table or the host player; nobody else."""
    t, code, _ = table
    ana = join(code, "Ana")  # the host player
    bo = join(code, "Bo")
    cy = join(code, "Cy")
    assert error_code(cy.call("host.command", {"command": "sit_out", "player_id": bo.player_id,
                                               "sitting_out": True})) == "forbidden"
    assert ana.call("host.command", {"command": "sit_out", "player_id": bo.player_id,
                                     "sitting_out": True}) == {"ok": True}
    assert players(cy.last_state())["Bo"]["sitting_out"] is True
    assert t.call("host.command", {"command": "sit_out", "player_id": bo.player_id,
                                   "sitting_out": False}) == {"ok": True}
    assert players(cy.last_state())["Bo"]["sitting_out"] is False
    assert error_code(t.call("host.command", {"command": "sit_out", "player_id": "p999",
                                              "sitting_out": True})) == "illegal_action"


def test_a_full_game_deals_in_only_those_not_sitting_out(table, join):
    """Cheat with Bo sitting out: Ana and Cy are dealt in; Bo keeps their seat and tally."""
    t, code, _ = table
    join(code, "Ana")
    bo = join(code, "Bo")
    join(code, "Cy")
    bo.call("player.update", {"sitting_out": True})
    start_staged(t, "cheat", [], seed=3)
    state = t.last_state()
    assert names_in_game(state) == ["Ana", "Cy"]
    assert bo.player_id not in state["game"]["hand_sizes"]
    mine = bo.last_state()["you"]
    assert mine["hand"] == [] and mine["actions"] == []
    assert [p["name"] for p in state["players"]] == ["Ana", "Bo", "Cy"]


def test_a_game_counts_only_those_not_sitting_out_to_fit(table, join):
    """Casino Blackjack takes 1 to 7: eight seated with one sitting out fits;
    Go Fish needs two: two seated with one sitting out does not."""
    t, code, _ = table
    phones = [join(code, f"P{i}") for i in range(8)]
    refused = t.call("game.start", {"mode": "casino_blackjack", "options": {}})
    assert error_code(refused) == "illegal_action" and "at most 7" in refused["error"]["message"]
    phones[7].call("player.update", {"sitting_out": True})
    assert t.call("game.start", {"mode": "casino_blackjack", "options": {}}) == {"ok": True}
    assert len(names_in_game(t.last_state())) == 7


def test_too_few_not_sitting_out_is_refused(table, join):
    t, code, _ = table
    join(code, "Ana")
    bo = join(code, "Bo")
    bo.call("player.update", {"sitting_out": True})
    refused = t.call("game.start", {"mode": "go_fish", "options": {}})
    assert error_code(refused) == "illegal_action" and "at least 2" in refused["error"]["message"]


def test_the_drinking_decks_pass_over_a_player_sitting_out(table, join):
    """Ring of Fire: Bo sits out, the draw goes Ana, Cy, Ana; Bo keeps their
    roles and drinks; back in, Bo draws when the turn comes round."""
    t, code, _ = table
    ana = join(code, "Ana")
    bo = join(code, "Bo")
    cy = join(code, "Cy")
    start_staged(t, "ring_of_fire", ["3D", "QH", "6S", "6H", "6D", "6C"])
    act_ok(ana, type="draw")  # 3: Ana drinks
    act_ok(bo, type="draw")  # Q: Bo is the question master
    assert t.last_state()["game"]["roles"]["question_master"] == bo.player_id
    assert bo.call("player.update", {"sitting_out": True}) == {"ok": True}
    state = t.last_state()
    assert state["game"]["turn"] == cy.player_id
    assert state["game"]["roles"]["question_master"] == bo.player_id
    act_ok(cy, type="draw")
    assert t.last_state()["game"]["turn"] == ana.player_id  # Bo passed over
    act_ok(ana, type="draw")
    state = t.last_state()
    assert state["game"]["turn"] == cy.player_id
    assert players(state)["Bo"]["in_game"] is True  # kept in their seat
    assert bo.call("player.update", {"sitting_out": False}) == {"ok": True}
    act_ok(cy, type="draw")
    assert t.last_state()["game"]["turn"] == ana.player_id
    act_ok(ana, type="draw")
    state = t.last_state()
    assert state["game"]["turn"] == bo.player_id  # back in from the next draw
    assert players(state)["Ana"]["drinks"] == 1


def test_a_drinking_deck_starts_with_the_first_player_not_sitting_out(table, join):
    t, code, _ = table
    ana = join(code, "Ana")
    bo = join(code, "Bo")
    join(code, "Cy")
    ana.call("player.update", {"sitting_out": True})
    start_staged(t, "kings", ["6S", "6H"])
    state = t.last_state()
    assert state["game"]["turn"] == bo.player_id
    assert players(state)["Ana"]["in_game"] is True and players(state)["Ana"]["sitting_out"] is True


def test_a_card_for_everybody_or_a_group_passes_over_a_player_sitting_out(table, join):
    """The waterfall and "guys drink" do not reach a player sitting out; a word round leaves them out."""
    t, code, _ = table
    ana = join(code, "Ana", group="guys")
    bo = join(code, "Bo", group="guys")
    cy = join(code, "Cy")
    bo.call("player.update", {"sitting_out": True})
    start_staged(t, "ring_of_fire", ["AS", "5S", "9S"])
    act_ok(ana, type="draw")  # A: waterfall
    act_ok(cy, type="draw")  # 5: guys drink
    seen = players(t.last_state())
    assert (seen["Ana"]["drinks"], seen["Bo"]["drinks"], seen["Cy"]["drinks"]) == (2, 0, 1)
    act_ok(ana, type="draw")  # 9: rhyme, called by Ana
    missed = next(a for a in ana.last_state()["you"]["actions"] if a["type"] == "missed")
    assert missed["params"]["player"]["one_of"] == [ana.player_id, cy.player_id]


def test_the_betting_games_deal_a_player_back_in_from_the_next_deal(table, join):
    """Casino Blackjack: Bo sits out from the next deal, and is back in from the one after."""
    t, code, _ = table
    ana = join(code, "Ana")
    bo = join(code, "Bo")
    start_staged(t, "casino_blackjack", [], seed=2, rounds=5)
    game = t.last_state()["game"]
    assert set(game["waiting_for"]) == {ana.player_id, bo.player_id}
    assert bo.call("player.update", {"sitting_out": True}) == {"ok": True}
    act_ok(ana, type="sit_out")
    act_ok(bo, type="sit_out")  # this deal: nobody bets, the next deal begins
    game = t.last_state()["game"]
    assert game["waiting_for"] == [ana.player_id]
    assert bo.call("player.update", {"sitting_out": False}) == {"ok": True}
    act_ok(ana, type="sit_out")
    assert set(t.last_state()["game"]["waiting_for"]) == {ana.player_id, bo.player_id}


# -- the recap -------------------------------------------------------------------------------------
def end_night(t) -> dict:
    assert t.call("host.command", {"command": "end_night"}) == {"ok": True}
    return t.last_state()["room"]["recap"]


def test_a_stopped_cheat_is_stopped_not_won(table, join):
    """The host stops Cheat: the recap reads stopped, the cards left as they stood, no winner."""
    t, code, _ = table
    join(code, "Ana")
    join(code, "Bo")
    join(code, "Cy")
    start_staged(t, "cheat", [], seed=4)
    assert t.call("host.command", {"command": "end_game"}) == {"ok": True}
    [game] = end_night(t)["games"]
    result = game["result"]
    assert result["stopped"] is True and result["winners"] == [] and result["losers"] == []
    assert result["standings"]["kind"] == "cards" and len(result["standings"]["order"]) == 3


def test_one_row_per_person_when_they_leave_and_come_back(table, join, client):
    """Bo drinks, leaves and joins again under the same name: one row, the tally goes on."""
    t, code, _ = table
    ana = join(code, "Ana")
    bo = join(code, "Bo")
    start_staged(t, "ring_of_fire", ["6S", "3D", "3H"])
    act_ok(ana, type="draw")
    act_ok(bo, type="draw")  # 3: Bo drinks
    old_id = bo.player_id
    assert bo.call("player.leave", {}) == {"ok": True}
    again = join(code, "bo")
    assert again.player_id == old_id
    assert players(t.last_state())["bo"]["drinks"] == 1
    act_ok(ana, type="draw")  # 3: Ana drinks
    recap = end_night(t)
    assert sorted(p["name"] for p in recap["players"]) == ["Ana", "bo"]
    assert {p["name"]: p["tally"] for p in recap["players"]} == {"Ana": {"drinks": 1}, "bo": {"drinks": 1}}


def test_the_result_keeps_the_forms_its_forfeits_were_taken_in(table, join):
    """Cy drinks, then switches to not drinking: the game's tally by form
    (room.game_tally, what the result's forfeits are worded from) still says
    a drink, on the table and on Cy's phone alike, and so does the recap."""
    t, code, _ = table
    ana = join(code, "Ana")
    cy = join(code, "Cy")
    start_staged(t, "ring_of_fire", ["6S", "3D"])
    act_ok(ana, type="draw")
    act_ok(cy, type="draw")  # 3: Cy drinks
    assert cy.call("player.update", {"profile": "none"}) == {"ok": True}
    for view in (t.last_state(), cy.last_state()):
        assert view["room"]["game_tally"][cy.player_id] == {"drinks": 1}
        assert players(view)["Cy"]["tally"] == {"drinks": 1}
    recap = end_night(t)
    assert {p["name"]: p["tally"] for p in recap["players"]}["Cy"] == {"drinks": 1}


def test_the_recap_picture_holds_long_names_whole(app, table, join):
    """A long name is never cut ("Bartholomew Featherstone (drink…"): every word of it is in the picture."""
    t, code, host_token = table
    long = "Bartholomew Featherstone"
    join(code, long)
    join(code, "Bo")
    end_night(t)
    svg = app.test_client().get(f"/recap/{code}.svg", headers={"X-Party-Token": host_token}).get_data(as_text=True)
    assert "…" not in svg
    assert long in svg or ("Bartholomew" in svg and "Featherstone" in svg)
    assert "(drinking)" in svg


# -- a phone the app played for -----------------------------------------------------------------
def test_a_phone_that_comes_back_is_told_what_was_played_for_it(app, table, join, client, clock):
    """Ana's phone goes while Go Fish waits on her; the app asks for her. Back,
    her private view lists the move (you.played_for: the action and its log
    entries, message keys with parameters), nobody else's view holds it, and
    her own next move ends the list."""
    from tests.conftest import go_fish_away, next_state, ok, player

    t, code, ana, bob = go_fish_away(app, table, join)
    played = next_state(t, clock, lambda s: s["game"]["turn"] == bob.player_id)
    assert "played_for" not in played and "played_for" not in player(played, ana.player_id)
    assert "played_for" not in bob.last_state()["you"]
    back = client()
    ok(back.call("player.resume", {"code": code, "token": ana.token}))
    you = back.last_state()["you"]
    [move] = you["played_for"]
    assert move["action"]["type"] == "ask" and move["action"]["player"] == bob.player_id
    assert move["log"] and all("msg" in e for e in move["log"])
    assert any(e["msg"] == "go_fish.ask" and e["player"] == ana.player_id for e in move["log"])
    rank = bob.last_state()["you"]["actions"][0]["params"]["rank"]["one_of"][0]
    ok(bob.call("game.act", {"action": {"type": "ask", "player": ana.player_id, "rank": rank}}))
    state = back.last_state()
    assert state["you"]["played_for"] == [move]  # still there until she moves herself
    for _ in range(20):  # Bob goes on until it is Ana's turn
        if state["game"]["turn"] == ana.player_id and state["you"]["actions"]:
            break
        spec = bob.last_state()["you"]["actions"][0]
        ok(bob.call("game.act", {"action": {"type": spec["type"],
                                            **{k: d["one_of"][0] for k, d in spec["params"].items()}}}))
        state = back.last_state()
    assert state["you"]["played_for"] == [move]
    spec = state["you"]["actions"][0]
    mine = {"type": spec["type"], **{k: d["one_of"][0] for k, d in spec["params"].items()}}
    ok(back.call("game.act", {"action": mine}))
    assert "played_for" not in back.last_state()["you"]
