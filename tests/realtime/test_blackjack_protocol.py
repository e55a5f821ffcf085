"""Home Blackjack over the wire (Socket.IO test client): a deal with two
players, and who did and did not receive which card; the host ending a full
game shows its result, and ending it again returns to the lobby."""

from __future__ import annotations

from tests.conftest import cards_in, ok


def test_a_deal_sends_each_down_card_to_its_holder_only(table, join):
    """Ana (first seat) plays against Bob (dealer). Ana's down card reaches
    Ana alone until the showdown; Bob's reaches Bob alone until he turns it;
    the hit card reaches everybody; the loser drinks on the room's tally."""
    t, code, _ = table
    ana = join(code, "Ana")
    bob = join(code, "Bob")
    deck = ["10H", "9C", "5D", "QC", "2S"]  # Ana down, Bob down, Ana up, Bob up, Ana's hit
    ok(t.call("game.start", {"mode": "blackjack", "options": {"deck": deck, "seed": 3, "rounds": 1}}))
    first = ana.last_state()
    assert first["game"]["dealer"] == bob.player_id and first["game"]["turn"] is None
    assert [a["type"] for a in first["you"]["actions"]] == ["bet", "sit_out"]
    assert bob.last_state()["you"]["actions"] == []

    ok(ana.call("game.act", {"action": {"type": "bet", "amount": 10}}))
    dealt = {c: c.states() for c in (t, ana, bob)}
    assert dealt[ana][-1]["you"]["hand"] == ["10H", "5D"]
    assert dealt[bob][-1]["you"]["hand"] == ["9C", "QC"]
    assert dealt[t][-1]["game"]["hands"][ana.player_id]["cards"] == [None, "5D"]
    assert cards_in(dealt[t]) == {"5D", "QC"}
    assert cards_in(dealt[ana]) == {"10H", "5D", "QC"}
    assert cards_in(dealt[bob]) == {"9C", "5D", "QC"}

    err = bob.call("game.act", {"action": {"type": "hit"}})
    assert err["ok"] is False and err["error"]["code"] == "not_your_turn"
    ok(ana.call("game.act", {"action": {"type": "hit"}}))
    ok(ana.call("game.act", {"action": {"type": "stand"}}))
    played = {c: c.states() for c in (t, ana, bob)}
    assert "2S" in cards_in(played[t]) and "2S" in cards_in(played[bob])
    assert "10H" not in cards_in(played[t]) | cards_in(played[bob])
    # Bob's turn: his down card is turned for everybody to see
    turned = played[t][-1]["game"]
    assert turned["turn"] == bob.player_id and turned["hands"][bob.player_id]["cards"] == ["9C", "QC"]
    assert "9C" in cards_in(played[ana])
    assert [a["type"] for a in played[bob][-1]["you"]["actions"]] == ["stand"]

    ok(bob.call("game.act", {"action": {"type": "stand"}}))
    end = t.last_state()
    game = end["game"]
    assert game["over"] is True and game["result"]["reason"] == "rounds"
    assert game["hands"][ana.player_id]["cards"] == ["10H", "5D", "2S"]
    assert game["chips"] == {ana.player_id: 90, bob.player_id: 110}
    assert game["result"]["winners"] == [bob.player_id] and game["result"]["losers"] == [ana.player_id]
    assert [p["drinks"] for p in end["players"]] == [1, 0]
    payout = next(e for e in game["log"] if e["msg"] == "chips.payout")
    assert payout == {"id": payout["id"], "msg": "chips.payout", "player": ana.player_id, "result": "lose",
                      "stake": 10, "amount": -10, "drinks": 1}
    assert ana.last_state()["you"]["actions"] == []


def test_end_game_shows_the_result_then_returns_to_the_lobby(table, join):
    """The host's first end_game finishes a full game with its result; the
    second goes back to the lobby, the drinks kept on the tally."""
    t, code, _ = table
    ana = join(code, "Ana")
    bob = join(code, "Bob")
    ok(t.call("game.start", {"mode": "blackjack", "options": {"deck": ["10H", "9C", "5D", "QC"], "seed": 1}}))
    ok(ana.call("game.act", {"action": {"type": "bet", "amount": 10}}))
    ok(ana.call("game.act", {"action": {"type": "stand"}}))  # 15
    ok(bob.call("game.act", {"action": {"type": "stand"}}))  # 19: Ana loses and drinks
    assert t.last_state()["game"]["dealer"] == ana.player_id  # the second deal is betting
    ok(t.call("host.command", {"command": "end_game"}))
    frame = t.last_state()
    game = frame["game"]
    assert game["over"] is True and game["result"]["reason"] == "host"
    assert game["result"]["chips"] == {ana.player_id: 90, bob.player_id: 110}
    assert game["result"]["drinks"] == {ana.player_id: 1}
    drinks = [p["drinks"] for p in frame["players"]]
    assert drinks == [1, 0]
    err = ana.call("game.act", {"action": {"type": "bet", "amount": 10}})
    assert err["ok"] is False and err["error"]["code"] == "game_over"
    ok(t.call("host.command", {"command": "end_game"}))
    lobby = t.last_state()
    assert lobby["game"] is None and [p["drinks"] for p in lobby["players"]] == drinks


def test_end_game_mid_deal_hands_the_stakes_back(table, join):
    """Ending mid-deal: the stakes go back, the down cards stay hidden."""
    t, code, _ = table
    ana = join(code, "Ana")
    join(code, "Bob")
    ok(t.call("game.start", {"mode": "blackjack", "options": {"deck": ["10H", "9C", "5D", "QC"], "seed": 1}}))
    ok(ana.call("game.act", {"action": {"type": "bet", "amount": 10}}))
    ok(t.call("host.command", {"command": "end_game"}))
    frame = t.last_state()
    game = frame["game"]
    assert game["over"] is True and game["result"]["reason"] == "host"
    assert set(game["chips"].values()) == {100} and game["stakes"] == {}
    assert cards_in([frame]) == {"5D", "QC"}


def test_blackjack_options_are_checked_at_start(table, join):
    """A bad option is a bad_request naming it; too few players is illegal."""
    t, code, _ = table
    join(code, "Ana")
    answer = t.call("game.start", {"mode": "blackjack", "options": {}})
    assert answer["ok"] is False and answer["error"]["code"] == "illegal_action"
    join(code, "Bob")
    answer = t.call("game.start", {"mode": "blackjack", "options": {"min_bet": 0}})
    assert answer["ok"] is False and answer["error"]["code"] == "bad_request"
    assert "Min bet must be a whole number" in answer["error"]["message"]
