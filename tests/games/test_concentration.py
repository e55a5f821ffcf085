"""Concentration (seed 001, "Concentration"): one test per rule, on staged
layouts. A staged deck is laid into positions 0, 1, 2 ... in order; with
``ranks=2`` the layout is the eight aces and twos."""

from __future__ import annotations

import json
import random

import pytest

from partyapp.games import MODES, IllegalAction, NotYourTurn
from partyapp.games.concentration import Concentration

from .cardgame_helpers import (CARD, act, entries, make, play_randomly, random_action, roundtrip,
                               same_seed_same_game, types)
from .reflex_helpers import SeenAuditor

SMALL = ["AS", "2S", "AH", "2H", "AD", "2D", "AC", "2C"]


def small(n=2, **options):
    return make("concentration", n, deck=list(SMALL), ranks=2, **options)


def pick(g, pid, position):
    return act(g, pid, "pick", position=position)


def grid(g):
    return g.public_view()["grid"]


def test_mode_is_registered():
    """concentration is a mode of the app."""
    assert MODES["concentration"] is Concentration


def test_the_whole_pack_lies_face_down_in_a_grid():
    """52 positions in 13 columns, every one face down: no view holds a card."""
    g = make("concentration", 3)
    view = g.public_view()
    assert view["grid"] == [None] * 52 and view["columns"] == 13 and view["piles"] == {"layout": 52}
    text = json.dumps([view, [g.private_view(p) for p in g.players()], [g.legal_actions(p) for p in g.players()]])
    assert CARD.findall(text) == []


@pytest.mark.parametrize("ranks, size, columns", [(2, 8, 4), (3, 12, 6), (6, 24, 6), (13, 52, 13)])
def test_fewer_ranks_make_a_smaller_layout(ranks, size, columns):
    """ranks N: every card of the ranks Ace up to N, in four rows (two below
    four ranks)."""
    g = make("concentration", 2, ranks=ranks)
    assert len(grid(g)) == size and g.public_view()["columns"] == columns
    assert sorted(g.s.grid) == sorted(Concentration.layout_cards(ranks))


def test_a_staged_card_must_be_in_the_layout():
    """A staged deck with a king is refused for a layout of aces and twos."""
    with pytest.raises(ValueError):
        Concentration.check_options({"ranks": 2, "deck": ["KS"]})


def test_players_take_turns_and_only_the_player_to_play_may_pick():
    """p0 first; p1 is told it is not their turn."""
    g = small()
    assert g.public_view()["turn"] == "p0" and types(g, "p1") == []
    assert g.legal_actions("p0") == [{"type": "pick", "params": {"position": {"one_of": list(range(8))}}}]
    with pytest.raises(NotYourTurn):
        pick(g, "p1", 0)


def test_the_first_card_is_turned_for_everybody_before_the_second_is_chosen():
    """The first pick shows its card on the table; the second is any other
    face-down position."""
    g = small()
    pick(g, "p0", 0)
    assert grid(g)[0] == "AS" and grid(g)[1:] == [None] * 7
    assert entries(g, "concentration.pick") == [{"player": "p0", "position": 0, "card": "AS"}]
    assert g.legal_actions("p0")[0]["params"]["position"]["one_of"] == list(range(1, 8))
    with pytest.raises(IllegalAction):
        pick(g, "p0", 0)


def test_a_pair_is_taken_and_the_player_goes_again():
    """Two cards of one rank: the pair is p0's, their places are empty, and
    p0 plays again."""
    g = small()
    pick(g, "p0", 0)
    pick(g, "p0", 2)
    view = g.public_view()
    assert view["grid"][0] is False and view["grid"][2] is False
    assert view["pairs"] == {"p0": [["AS", "AH"]], "p1": []} and view["scores"] == {"p0": 1, "p1": 0}
    assert view["turn"] == "p0" and view["hand_sizes"] == {"p0": 2, "p1": 0}
    assert entries(g, "concentration.match") == [{"player": "p0", "cards": ["AS", "AH"], "positions": [0, 2]}]
    assert 0 not in g.legal_actions("p0")[0]["params"]["position"]["one_of"]


def test_a_miss_stays_face_up_until_the_next_card_then_goes_face_down():
    """No match: both cards stay shown for everybody to remember, the turn
    passes, and the next pick turns them face down where they were."""
    g = small()
    pick(g, "p0", 0)
    pick(g, "p0", 1)
    view = g.public_view()
    assert view["turn"] == "p1" and view["shown"] == [0, 1] and view["grid"][:2] == ["AS", "2S"]
    assert entries(g, "concentration.miss") == [{"player": "p0", "cards": ["AS", "2S"], "positions": [0, 1]}]
    pick(g, "p1", 4)
    assert grid(g)[:2] == [None, None] and grid(g)[4] == "AD"
    assert g.legal_actions("p1")[0]["params"]["position"]["one_of"] == [0, 1, 2, 3, 5, 6, 7]


def test_a_cards_face_leaves_the_log_once_it_is_face_down_again():
    """By default the ticker names a card only while it is up: once the miss
    is turned face down, no view (the TV's log, a phone's) names AS or 2S,
    and the log keeps only where the cards were."""
    g = small()
    pick(g, "p0", 0)
    pick(g, "p0", 1)
    assert "AS" in json.dumps(g.public_view()["log"])  # face up: shown
    pick(g, "p1", 4)
    for view in (g.public_view(), {**g.public_view(), "you": g.private_view("p2")}):
        assert not {"AS", "2S"} & set(CARD.findall(json.dumps(view)))
    assert entries(g, "concentration.pick") == [{"player": "p0", "position": 0, "card": None},
                                                {"player": "p0", "position": 1, "card": None},
                                                {"player": "p1", "position": 4, "card": "AD"}]
    assert entries(g, "concentration.miss") == [{"player": "p0", "cards": None, "positions": [0, 1]}]


def test_a_card_turned_back_by_a_skip_leaves_the_log_too():
    """A card an absent player had turned goes face down, and out of the log."""
    g = small()
    pick(g, "p0", 0)
    g.skip("p0", 1.0)
    assert entries(g, "concentration.pick") == [{"player": "p0", "position": 0, "card": None}]


def test_the_memory_aid_keeps_the_faces_in_the_log():
    """``memory_aid`` on (for children): the log keeps every face turned."""
    g = small(memory_aid=True)
    pick(g, "p0", 0)
    pick(g, "p0", 1)
    pick(g, "p1", 4)
    assert entries(g, "concentration.miss") == [{"player": "p0", "cards": ["AS", "2S"], "positions": [0, 1]}]
    assert [e["card"] for e in entries(g, "concentration.pick")] == ["AS", "2S", "AD"]


def test_with_rank_and_colour_only_same_colour_cards_match():
    """match rank_colour: the ace of spades and of hearts miss; spades and
    clubs match."""
    g = small(match="rank_colour")
    pick(g, "p0", 0)
    pick(g, "p0", 2)
    assert g.public_view()["turn"] == "p1"
    pick(g, "p1", 0)
    pick(g, "p1", 6)
    assert g.public_view()["scores"] == {"p0": 0, "p1": 1}


def play_small(g, moves):
    for pid, a, b in moves:
        pick(g, pid, a)
        pick(g, pid, b)


def test_when_every_card_is_taken_the_most_pairs_win_and_the_fewest_drink():
    """p0 takes three pairs, p1 one: p0 wins, p1 lost and drinks."""
    g = small()
    play_small(g, [("p0", 0, 2), ("p0", 1, 4), ("p1", 1, 3), ("p1", 4, 5), ("p0", 4, 6), ("p0", 5, 7)])
    result = g.public_view()["result"]
    assert g.is_over() and result["reason"] == "all_pairs_taken"
    assert result["scores"] == {"p0": 3, "p1": 1} and result["winners"] == ["p0"] and result["losers"] == ["p1"]
    assert g.drinks() == {"p1": 1}


def test_players_tied_for_most_pairs_all_win():
    """Two pairs each: both win, nobody lost, nobody drinks."""
    g = small()
    play_small(g, [("p0", 0, 2), ("p0", 1, 3), ("p0", 4, 5), ("p1", 4, 6), ("p1", 5, 7)])
    result = g.public_view()["result"]
    assert result["scores"] == {"p0": 2, "p1": 2}
    assert result["winners"] == ["p0", "p1"] and result["losers"] == [] and g.drinks() == {}


def test_no_drinks_with_forfeits_off():
    """forfeits off: the loser does not drink."""
    g = small(forfeits=False)
    play_small(g, [("p0", 0, 2), ("p0", 1, 4), ("p1", 1, 3), ("p1", 4, 5), ("p0", 4, 6), ("p0", 5, 7)])
    assert g.is_over() and g.drinks() == {}


def test_skip_passes_an_absent_players_turn():
    """p0's phone is away with one card turned: it goes face down and p1
    plays; the game is not waiting on p1's skip then."""
    g = small()
    pick(g, "p0", 0)
    g.skip("p0", 1.0)
    assert g.public_view()["turn"] == "p1" and grid(g)[0] is None
    assert entries(g, "game.skipped") == [{"player": "p0", "action": "pass"}]
    with pytest.raises(IllegalAction):
        g.skip("p0", 2.0)


def test_the_game_waits_on_the_player_to_turn_a_card():
    """waiting_for names the player whose turn it is, and nobody once it is over
    (the host may skip an absent one; the app may play for them)."""
    g = small()
    assert g.waiting_for() == ["p0"]
    pick(g, "p0", 0)
    pick(g, "p0", 1)
    assert g.waiting_for() == [g.public_view()["turn"]]
    g.finish(2.0)
    assert g.waiting_for() == []


def test_a_leaver_takes_their_pairs_and_passes_the_turn():
    """p0 leaves on their turn: their pairs are gone, p1 plays."""
    g = small(3)
    play_small(g, [("p0", 0, 2)])
    pick(g, "p0", 1)
    g.remove_player("p0", 1.0)
    view = g.public_view()
    assert view["turn"] == "p1" and "p0" not in view["pairs"] and view["picked"] == []


def test_a_newcomer_is_seated_last_and_takes_turns():
    """A guest joining mid-game plays after the others, with no pairs."""
    g = small()
    g.add_player({"id": "p7", "group": None}, 1.0)
    play_small(g, [("p0", 0, 1), ("p1", 0, 1)])
    assert g.public_view()["turn"] == "p7" and g.public_view()["scores"]["p7"] == 0


def test_the_game_ends_when_one_player_is_left():
    """Two players, one leaves: the game is over."""
    g = small()
    g.remove_player("p1", 1.0)
    assert g.is_over() and g.public_view()["result"]["reason"] == "players"


# -- random play -----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(4))
def test_random_play_never_names_a_face_down_card_in_the_log(seed):
    """At every step of a random game the public log names only cards face
    up now or taken in pairs."""
    g = make("concentration", 3, seed=seed, ranks=5)
    rng = random.Random(seed)
    while not g.is_over():
        pid = g.public_view()["turn"]
        g.apply(pid, random_action(g, pid, rng), 0.0)
        view = g.public_view()
        up = {c for c in view["grid"] if c} | {c for pairs in view["pairs"].values() for pair in pairs for c in pair}
        assert set(CARD.findall(json.dumps(view["log"]))) <= up

def auditor():
    def face_down(g):
        up = set(g.s.picked) | set(g.s.shown)
        return [c for i, c in enumerate(g.s.grid) if c is not None and i not in up]

    def face_up(g):
        up = set(g.s.picked) | set(g.s.shown)
        taken = [c for pairs in g.s.pairs.values() for pair in pairs for c in pair]
        return [g.s.grid[i] for i in up if g.s.grid[i] is not None] + taken

    return SeenAuditor(face_down, face_up, ("concentration.pick",))


@pytest.mark.parametrize("seed", range(10))
def test_random_play_to_the_end_leaks_no_face_down_card(seed):
    """Bots play to the end; no view ever holds a card lying face down."""
    options = {"ranks": (13, 4, 7, 2)[seed % 4], "match": ("rank", "rank_colour")[seed % 2]}
    g = make("concentration", 2 + seed % 4, seed=seed, **options)
    audit = auditor()
    g, _ = play_randomly(g, random.Random(seed), auditor=audit, churn=seed % 3 == 0, skips=0.05 * (seed % 2),
                         every=2)
    assert g.is_over() and audit.checked > 0


def test_the_face_down_grid_never_shows_a_card_turned_back():
    """Cards seen and turned back are null in the grid again: the table shows
    only what lies face up now."""
    g = small()
    pick(g, "p0", 0)
    pick(g, "p0", 1)
    pick(g, "p1", 3)
    assert grid(g) == [None, None, None, "2H", None, None, None, None]


def test_the_state_round_trips_through_json_mid_turn():
    """Saved with one card turned, the game goes on the same when loaded."""
    g = small()
    pick(g, "p0", 0)
    copy = roundtrip(g)
    pick(copy, "p0", 2)
    assert copy.public_view()["scores"] == {"p0": 1, "p1": 0}


def test_same_seed_same_game():
    """One seed lays out and plays the same game twice."""
    same_seed_same_game("concentration", 4, n=3, ranks=5)
