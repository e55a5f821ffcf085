"""Sitting out (issue 25) in the engines: the drinking decks pass over a
player sitting out; the betting games deal them out from the next deal; a
game's losers are only those who played and lost."""

from __future__ import annotations

from partyapp.games.kit.base import HOST

from .cardgame_helpers import act as card_act, make as card_make
from .drinking_helpers import act, draw, make, types


def test_the_draw_passes_over_a_player_sitting_out():
    g = make("ring_of_fire", 4, deck=["6S", "6H", "6D", "6C", "5S", "5H"])
    g.set_sitting_out(["p1", "p2"], 0.0)
    assert [draw(g), draw(g), draw(g)] == ["p0", "p3", "p0"]
    g.set_sitting_out([], 0.0)  # back in: they draw when the turn comes round to them
    assert [draw(g), draw(g), draw(g)] == ["p3", "p0", "p1"]


def test_a_player_sitting_out_is_passed_over_when_it_is_their_draw():
    g = make("kings", 3, deck=["6S", "6H"])
    g.set_sitting_out(["p0"], 0.0)
    assert g.public_view()["turn"] == "p1"
    assert any(e["msg"] == "drinking.sit_out" and e["player"] == "p0" for e in g.public_view()["log"])


def test_neighbours_races_and_rounds_leave_a_player_sitting_out_out():
    g = make("ring_of_fire", 4, deck=["7S", "9S"])
    g.set_sitting_out(["p2"], 0.0)
    draw(g)  # 7: heaven, a race
    assert "p2" not in g.public_view()["prompt"]["participants"]
    act(g, "p0", "tap", 1.0)
    act(g, "p1", "tap", 1.1)  # p3 is left, last
    draw(g)  # p1: 9, rhyme
    assert "done" not in types(g, "p1")
    missed = next(a for a in g.legal_actions(HOST) if a["type"] == "missed")
    assert missed["params"]["player"]["one_of"] == ["p0", "p1", "p3"]
    assert g.step("p1", 1) == "p3" and g.step("p3", 1) == "p0"


def test_everybody_sitting_out_still_plays_round_the_table():
    g = make("ring_of_fire", 2, deck=["6S", "6H"])
    g.set_sitting_out(["p0", "p1"], 0.0)
    assert draw(g) in ("p0", "p1") and g.public_view()["turn"] is not None


def test_a_betting_game_deals_a_player_sitting_out_out_of_the_next_deal():
    g = card_make("casino_blackjack", 3, rounds=4)
    assert g.s.bettors == ["p0", "p1", "p2"]
    g.set_sitting_out(["p1"], 0.0)
    for pid in ("p0", "p1", "p2"):
        card_act(g, pid, "sit_out")  # nobody bets: the deal is void, the next begins
    assert g.s.bettors == ["p0", "p2"]


def test_a_seat_that_sat_out_every_deal_or_ended_level_is_not_a_loser():
    """Casino Blackjack: p1 sits every deal out, p2 bets and ends level: only p0, who lost, is a loser."""
    g = card_make("casino_blackjack", 3, deck=["10H", "9C", "10C", "6S", "KH", "9D", "10S", "8D"], rounds=1)
    card_act(g, "p0", "bet", amount=10)
    card_act(g, "p1", "sit_out")
    card_act(g, "p2", "bet", amount=10)
    while not g.is_over():
        view = g.public_view()
        if view["turn"] in ("p0", "p2"):
            card_act(g, view["turn"], "stand")
        elif g.next_deadline() is not None:
            g.tick(g.next_deadline())
        else:
            break
    result = g.public_view()["result"]
    assert result is not None, g.public_view()
    net = result["net"]
    assert net["p1"] == 0
    assert "p1" not in result["losers"] and "p1" not in result["winners"]
    assert all(net[p] < 0 for p in result["losers"]) and all(net[p] > 0 for p in result["winners"])
