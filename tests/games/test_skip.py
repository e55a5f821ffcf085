"""Going on without a player whose phone is away: ``Game.waiting_for`` says
whom the game waits on, ``Game.skip`` goes on without them."""

from __future__ import annotations

import pytest

from partyapp.games.kit.base import HOST, IllegalAction
from tests.games.drinking_helpers import act, draw, make

R, K = "ring_of_fire", "kings"


def test_skip_passes_the_draw_on():
    """An absent drawer's draw passes to the next player, and the log says so."""
    g = make(R, 3, deck=["3S"])
    assert g.waiting_for() == ["p0"]
    events = g.skip("p0", 0.0)
    view = g.public_view()
    assert view["turn"] == "p1" and g.waiting_for() == ["p1"]
    assert [e["kind"] for e in events] == ["skip"] and events[0]["msg"] == "drinking.skip_draw" and events[0]["player"] == "p0"
    assert view["remaining"] == 52


def test_skip_is_refused_for_a_player_the_game_does_not_wait_on():
    """Only the player the game waits on can be skipped."""
    g = make(R, 3, deck=["3S"])
    with pytest.raises(IllegalAction):
        g.skip("p1", 0.0)
    with pytest.raises(IllegalAction):
        g.skip("p9", 0.0)


def test_skip_calls_off_a_rule_nobody_else_can_type():
    """The rule prompt of an absent drawer is called off; the next player draws."""
    g = make(R, 3, deck=["JS", "3S"])
    draw(g)
    assert g.waiting_for() == ["p0"]
    g.skip("p0", 0.0)
    view = g.public_view()
    assert view["prompt"] is None and view["rules"] == [] and view["turn"] == "p1"


def test_skip_in_a_race_sits_the_player_out():
    """An absent racer sits the race out; the last of the others drinks."""
    g = make(R, 4, deck=["7S"])
    draw(g)
    assert sorted(g.waiting_for()) == ["p0", "p1", "p2", "p3"]
    act(g, "p0", "tap")
    act(g, "p1", "tap")
    g.skip("p3", 0.0)
    outcome = g.public_view()["outcome"]
    assert g.public_view()["prompt"] is None and outcome["losers"] == ["p2"]
    assert g.drinks()["p3"] == 0


def test_skip_in_a_round_game_passes_the_go_on():
    """In a round game the absent speaker's go passes to the next player."""
    g = make(R, 3, deck=["9S"], word_turns=True)
    draw(g)
    act(g, "p0", "done")
    assert g.waiting_for() == ["p1", "p0"]
    g.skip("p1", 0.0)
    assert g.public_view()["prompt"]["speaker"] == "p2"


def test_skip_calls_off_paper_scissors_stone():
    """Paper, scissors, stone with an absent player is called off; nobody drinks."""
    g = make(K, 3, deck=["8S"])
    draw(g)
    act(g, "p1", "rps", pick="paper")
    assert g.waiting_for() == ["p2"]
    g.skip("p2", 0.0)
    assert g.public_view()["prompt"] is None and sum(g.drinks().values()) == 0
    assert g.public_view()["turn"] == "p1"


def test_undo_offers_only_forfeits_the_screens_can_show():
    """Every forfeit the host may undo is in the public log, so its screen can
    say what it undoes."""
    g = make(R, 3, deck=["3S", "3H", "3D", "3C", "AS", "AH", "AD", "AC"])
    for _ in range(8):
        draw(g)
    assert g.public_view()["log"][0]["id"] > 1  # the first forfeits are out of view
    shown = {e["id"] for e in g.public_view()["log"]}
    undo = next(a for a in g.legal_actions(HOST) if a["type"] == "undo")
    offered = undo["params"]["entry"]["one_of"]
    assert offered and set(offered) <= shown
