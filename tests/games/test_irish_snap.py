"""Irish Snap (seed 000, "IRISH SNAP"): one test per rule, on staged decks.

With two players p0 deals first and plays first: a staged deck is dealt
p0, p1, p0, p1 ..., and each stack is played in the order it was dealt, so
while nobody has picked up a pile flip k turns card k of the deck and says
word k of the count. ``snap_at(1)`` stages "3S" then "2S": p0 says Ace on a
three, p1 says Two on a two: snap. Races open at the time of the flip (10.0
below) with a 3 s window.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from partyapp.games import MODES, IllegalAction
from partyapp.games.kit.base import GameIsOver
from partyapp.games.kit.cards import RANKS
from partyapp.games.irish_snap import IrishSnap

from .cardgame_helpers import entries, make, msgs, play_randomly, roundtrip, same_seed_same_game, types
from .reflex_helpers import SeenAuditor, flip, shifted_deck, slap, snap_at

T = 10.0  # when the snap is turned


def snap_game(n=2, deck=None, **options):
    return make("irish_snap", n, deck=snap_at(1) if deck is None else deck, **options)


def to_snap(n=2, **options):
    """A game where p1's first card (2S, said "Two") is a snap at time T."""
    g = snap_game(n, **options)
    flip(g, "p0", T - 1)
    flip(g, "p1", T)
    return g


def stacks(g):
    return {p: len(s) for p, s in g.s.stacks.items()}


# -- the deal and the turns -------------------------------------------------------------
def test_mode_is_registered():
    """irish_snap is a mode of the app."""
    assert MODES["irish_snap"] is IrishSnap


def test_the_whole_pack_is_dealt_as_face_down_stacks_nobody_sees():
    """Every card is dealt; the stacks are counts on the table and nobody,
    their owner included, is shown a card of them."""
    g = snap_game(3)
    assert stacks(g) == {"p0": 18, "p1": 17, "p2": 17}
    view = g.public_view()
    assert view["hand_sizes"] == {"p0": 18, "p1": 17, "p2": 17} and view["piles"] == {"pile": [], "burned": 0}
    assert all(g.private_view(p) == {"hand": []} for p in g.players())
    assert g.s.stacks["p0"][:2] == ["3S", "5S"] and g.s.stacks["p1"][:2] == ["2S", "6S"]


def test_the_first_seat_turns_first_and_turns_go_clockwise():
    """p0 turns, then p1, then p2; only the player to turn may flip."""
    g = make("irish_snap", 3, deck=shifted_deck())
    assert g.public_view()["turn"] == "p0"
    assert types(g, "p0") == ["flip", "slap"] and types(g, "p1") == ["slap"]
    with pytest.raises(IllegalAction):
        flip(g, "p1")
    for pid in ("p0", "p1", "p2", "p0"):
        assert g.public_view()["turn"] == pid
        flip(g, pid)


def test_each_card_is_turned_with_the_next_word_of_the_count():
    """Ace, Two, ... King, then Ace again; the table shows the word said and
    the next one."""
    g = make("irish_snap", 2, deck=shifted_deck())
    for k in range(14):
        flip(g, "p0" if k % 2 == 0 else "p1")
    said = [e["said"] for e in entries(g, "irish_snap.flip")]
    assert said == list(RANKS) + ["A"]
    assert entries(g, "irish_snap.flip")[0] == {"player": "p0", "card": "2S", "said": "A", "match": False}
    view = g.public_view()
    assert view["said"] == "A" and view["next_word"] == "2" and view["piles"]["pile"][-1] == "2H"


# -- the snap ---------------------------------------------------------------------------
def test_a_card_matching_the_word_opens_a_race_for_everybody():
    """On a snap nobody turns a card; every player, whose turn it was or not,
    may slap once."""
    g = to_snap(3)
    assert entries(g, "irish_snap.flip")[-1] == {"player": "p1", "card": "2S", "said": "2", "match": True}
    view = g.public_view()
    assert view["turn"] is None
    assert view["race"] == {"kind": "snap", "slapped": [], "waiting": ["p0", "p1", "p2"], "window_ms": 3000,
                            "deadline": view["race"]["deadline"]}
    assert all(types(g, p) == ["slap"] for p in g.players())
    with pytest.raises(IllegalAction):
        flip(g, "p2", T + 0.1)
    slap(g, "p2", T + 0.1)
    assert types(g, "p2") == [] and g.public_view()["race"]["slapped"] == ["p2"]
    with pytest.raises(IllegalAction):
        slap(g, "p2", T + 0.2)


def test_the_last_to_slap_picks_up_the_pile_and_drinks():
    """The race closes with the last slap; the last player puts the pile,
    turned over, under their stack, drinks 1 and turns next, from Ace."""
    g = to_snap(3)
    slap(g, "p2", T + 0.2)
    slap(g, "p0", T + 0.3)
    slap(g, "p1", T + 0.5)
    assert g.s.race is None
    assert g.s.stacks["p1"][-2:] == ["3S", "2S"] and stacks(g)["p1"] == 18
    assert entries(g, "irish_snap.pickup") == [{"player": "p1", "count": 2}]
    assert g.drinks() == {"p1": 1}
    view = g.public_view()
    assert view["turn"] == "p1" and view["next_word"] == "A" and view["piles"]["pile"] == []
    assert [(e["player"], e["margin_ms"]) for e in view["last_race"]["order"]] == [("p2", 0), ("p0", 100), ("p1", 300)]
    assert entries(g, "race.order")[-1] == {"kind": "snap", "players": ["p2", "p0", "p1"], "margins": [0, 100, 300],
                                           "missed": [], "timed_out": False}


def test_the_count_can_carry_on_after_a_snap():
    """With restart_count off the count goes on from the word after the snap."""
    g = to_snap(2, restart_count=False)
    slap(g, "p0", T + 0.1)
    slap(g, "p1", T + 0.2)
    assert g.public_view()["next_word"] == "3"


def test_the_slow_phone_is_judged_by_when_it_slapped():
    """Ana's fast phone (20 ms) arrives first; Bob's slow one (300 ms round
    trip, compensated at most 80 ms) arrives 50 ms later but is judged 20 ms
    earlier: Ana is last and picks up."""
    g = to_snap(2)
    slap(g, "p0", T + 0.250, rtt=0.020)
    slap(g, "p1", T + 0.300, rtt=0.300)
    assert entries(g, "irish_snap.pickup") == [{"player": "p0", "count": 2}]
    order = g.public_view()["last_race"]["order"]
    assert order == [{"player": "p1", "ms": 220, "margin_ms": 0, "lag_ms": 80},
                     {"player": "p0", "ms": 240, "margin_ms": 20, "lag_ms": 10}]


def test_without_compensation_the_slow_phone_is_last():
    """compensate off: the same slaps are judged by arrival."""
    g = to_snap(2, compensate=False)
    slap(g, "p0", T + 0.250, rtt=0.020)
    slap(g, "p1", T + 0.300, rtt=0.300)
    assert entries(g, "irish_snap.pickup") == [{"player": "p1", "count": 2}]


def test_a_player_who_does_not_slap_in_the_window_is_last():
    """At the time-out a player who has not slapped is slower than every slap."""
    g = to_snap(3)
    slap(g, "p0", T + 0.2)
    slap(g, "p1", T + 0.4)
    assert g.next_deadline() == T + 3.0
    assert g.tick(T + 2.9) == [] and g.s.race is not None
    g.tick(T + 3.0)
    assert entries(g, "irish_snap.pickup") == [{"player": "p2", "count": 2}]
    assert g.public_view()["last_race"]["missed"] == ["p2"] and g.public_view()["last_race"]["timed_out"] is True


def test_of_several_who_missed_the_first_from_the_turner_picks_up():
    """Several missed: the pile goes to the first of them clockwise from the
    player who turned the snap (p1 here: p2 before p3 and p0)."""
    g = to_snap(4)
    slap(g, "p1", T + 0.2)
    g.tick(T + 3.0)
    assert entries(g, "irish_snap.pickup") == [{"player": "p2", "count": 2}]
    assert g.public_view()["last_race"]["missed"] == ["p0", "p2", "p3"]


def test_a_slap_after_the_window_is_late_and_changes_nothing():
    """A slap that reaches the server after the window closed the race
    before it: the slapper missed it and picks up; the slap itself is late,
    no mistake."""
    g = to_snap(3)
    slap(g, "p0", T + 0.2)
    slap(g, "p1", T + 0.4)
    slap(g, "p2", T + 3.5)
    assert entries(g, "irish_snap.pickup") == [{"player": "p2", "count": 2}]
    assert entries(g, "race.late") == [{"player": "p2", "ms": 500}]
    assert entries(g, "irish_snap.false_slap") == [] and g.drinks() == {"p2": 1}


def test_a_slap_that_arrived_in_time_counts_even_if_handled_after_the_window():
    """The arrival decides, not when the server got round to it."""
    g = to_snap(2)
    slap(g, "p0", T + 0.2)
    slap(g, "p1", T + 2.9, now=T + 3.2)
    assert entries(g, "race.order")[-1]["players"] == ["p0", "p1"] and entries(g, "race.late") == []


def test_a_late_double_tap_is_ignored():
    """A second slap just after the race, from a player who was in it, is
    neither late nor a mistake."""
    g = to_snap(2)
    slap(g, "p0", T + 0.2)
    slap(g, "p1", T + 0.3)
    log_size = len(g.s.log)
    slap(g, "p0", T + 0.5)
    assert len(g.s.log) == log_size


def test_a_move_after_the_time_out_sees_it_first():
    """p1 never slaps; their flip comes after the window: the race closes (p1
    picks up) and then the flip, now theirs to make, is made."""
    g = to_snap(2)
    slap(g, "p0", T + 0.1)
    flip(g, "p1", T + 3.5)
    assert entries(g, "irish_snap.pickup") == [{"player": "p1", "count": 2}]
    assert entries(g, "irish_snap.flip")[-1]["player"] == "p1" and g.public_view()["turn"] == "p0"


def test_a_disconnected_player_is_not_waited_for():
    """p2's phone is away: the race closes when p0 and p1 have slapped, and p2
    is not judged."""
    g = snap_game(3)
    g.presence("p2", False, 1.0)
    assert g.public_view()["away"] == ["p2"]
    flip(g, "p0", T - 1)
    flip(g, "p1", T)
    slap(g, "p1", T + 0.1)
    slap(g, "p0", T + 0.2)
    assert g.s.race is None and entries(g, "irish_snap.pickup") == [{"player": "p0", "count": 2}]
    assert g.public_view()["last_race"]["away"] == ["p2"]


def test_dropping_out_mid_race_does_not_dodge_the_pile():
    """The race waits for p2 alone; p2's phone goes away: the race closes
    then, and p2, here when it opened, counts as last and picks the pile up
    (not p1, the slowest who slapped), cards they find when they are back."""
    g = to_snap(3)
    slap(g, "p0", T + 0.1)
    slap(g, "p1", T + 0.2)
    g.presence("p2", False, T + 0.6)
    assert g.s.race is None and entries(g, "irish_snap.pickup") == [{"player": "p2", "count": 2}]
    assert g.public_view()["last_race"]["missed"] == ["p2"] and g.public_view()["last_race"]["away"] == []
    g.presence("p2", True, T + 2.0)
    assert stacks(g)["p2"] == 17 + 2


def test_a_phone_gone_before_the_race_opened_is_not_judged_unless_it_comes_back():
    """Away at the opening: not judged. Back during the race and gone again
    without slapping: judged last, like anybody here."""
    g = snap_game(3)
    g.presence("p2", False, 1.0)
    flip(g, "p0", T - 1)
    flip(g, "p1", T)
    g.presence("p2", True, T + 0.3)
    slap(g, "p0", T + 0.4)
    slap(g, "p1", T + 0.5)
    g.presence("p2", False, T + 0.6)
    assert entries(g, "irish_snap.pickup") == [{"player": "p2", "count": 2}]


def test_with_fewer_than_two_judged_there_is_no_contest():
    """Everybody else away: the pile stays and play goes on."""
    g = snap_game(2)
    flip(g, "p0", T - 1)
    g.presence("p0", False, T - 0.5)
    flip(g, "p1", T)
    slap(g, "p1", T + 0.1)
    assert "irish_snap.no_contest" in msgs(g) and g.public_view()["piles"]["pile"] == ["3S", "2S"]
    assert g.public_view()["turn"] == "p0"


# -- out of cards -------------------------------------------------------------------------
def to_second_snap(**options):
    """p0 picks up the first snap; 50 flips later p1 is out of cards, p0 turns
    alone and the second snap (2S said "Two") comes up at time 100."""
    g = snap_game(2, restart_count=False, **options)
    flip(g, "p0", T - 1)
    flip(g, "p1", T)
    slap(g, "p1", T + 0.1)
    slap(g, "p0", T + 0.2)
    for k in range(2, 52):
        flip(g, "p0" if k % 2 == 0 else "p1", 20.0 + k)
    assert stacks(g) == {"p0": 2, "p1": 0}
    assert g.public_view()["turn"] == "p0"
    flip(g, "p0", 90.0)
    assert g.public_view()["turn"] == "p0"  # p1, out of cards, is passed over
    assert types(g, "p1") == ["slap"]
    flip(g, "p0", 100.0)
    assert g.public_view()["race"] is not None
    return g


def test_a_player_out_of_cards_wins_by_slapping_first():
    """Out of cards, p1 slaps the snap first: p1 wins; p0 has lost and drinks."""
    g = to_second_snap()
    slap(g, "p1", 100.2)
    slap(g, "p0", 100.3)
    assert g.is_over()
    result = g.public_view()["result"]
    assert result["reason"] == "won_by_snap" and result["winners"] == ["p1"] and result["losers"] == ["p0"]
    assert g.drinks() == {"p0": 2}  # the first pickup, and the loss
    with pytest.raises(GameIsOver):
        slap(g, "p0", 100.5)


def test_the_first_slapper_with_cards_left_does_not_win():
    """Both out of cards in the staged game above, but the win needs no cards:
    here p2 (with cards) is first, so nobody wins and p0, last, picks up."""
    g = to_snap(3)
    slap(g, "p2", T + 0.1)
    slap(g, "p1", T + 0.2)
    slap(g, "p0", T + 0.3)
    assert not g.is_over() and entries(g, "irish_snap.pickup") == [{"player": "p0", "count": 2}]


def test_a_player_out_of_cards_who_comes_last_picks_up():
    """Out of cards but last: p2 gains the pile and turns next. (p2's stack is
    set aside by hand here: a staged deck reaches this only after a long
    game.)"""
    g = to_snap(3)
    g.s.aside += len(g.s.stacks["p2"])
    g.s.stacks["p2"] = []
    slap(g, "p0", T + 0.1)
    slap(g, "p1", T + 0.2)
    slap(g, "p2", T + 0.3)
    assert not g.is_over() and g.s.stacks["p2"] == ["3S", "2S"]
    assert g.public_view()["turn"] == "p2"


def test_when_everybody_is_out_the_pile_is_dealt_again():
    """The last card turned does not match and nobody has a card: the pile is
    shuffled and dealt out again from the next player."""
    g = make("irish_snap", 2, deck=shifted_deck())
    for k in range(52):
        flip(g, "p0" if k % 2 == 0 else "p1")
    assert entries(g, "irish_snap.redeal") == [{"players": ["p0", "p1"], "counts": [26, 26]}]
    assert g.public_view()["piles"]["pile"] == [] and g.public_view()["turn"] == "p0"
    assert sorted(g.s.stacks["p0"] + g.s.stacks["p1"]) == sorted(shifted_deck())


# -- mistakes --------------------------------------------------------------------------------
def test_a_slap_on_no_match_takes_the_pile():
    """A false slap: the slapper picks up the pile (the default penalty)."""
    g = make("irish_snap", 2, deck=shifted_deck())
    flip(g, "p0")
    flip(g, "p1")
    slap(g, "p0", 5.0)
    assert entries(g, "irish_snap.false_slap") == [{"player": "p0", "penalty": "pile", "count": 2}]
    assert stacks(g) == {"p0": 27, "p1": 25} and g.drinks() == {}


def test_a_false_slap_on_an_empty_pile_or_by_the_drink_option_costs_a_drink():
    """With false_slap "drink", or nothing to pick up, the slapper drinks 1."""
    g = make("irish_snap", 2, deck=shifted_deck(), false_slap="drink")
    flip(g, "p0")
    slap(g, "p1", 5.0)
    assert entries(g, "irish_snap.false_slap") == [{"player": "p1", "penalty": "drink", "count": 1}]
    g = make("irish_snap", 2, deck=shifted_deck())
    slap(g, "p1", 5.0)
    assert entries(g, "irish_snap.false_slap") == [{"player": "p1", "penalty": "drink", "count": 1}]
    assert g.drinks() == {"p1": 1}


def test_no_drinks_with_forfeits_off():
    """forfeits off: picking up and false slaps cost no drink."""
    g = to_snap(2, forfeits=False)
    slap(g, "p0", T + 0.1)
    slap(g, "p1", T + 0.2)
    slap(g, "p0", T + 5.0)
    assert g.drinks() == {}


# -- limits and the end ---------------------------------------------------------------------
def test_the_round_limit_ends_the_game_by_card_count_fewest_win():
    """round_limit 1: the first pile picked up ends the game; fewest cards win."""
    g = to_snap(2, round_limit=1)
    slap(g, "p0", T + 0.1)
    slap(g, "p1", T + 0.2)
    result = g.public_view()["result"]
    assert g.is_over() and result["reason"] == "round_limit"
    assert result["cards"] == {"p0": 25, "p1": 27}
    assert result["winners"] == ["p0"] and result["losers"] == ["p1"]
    assert g.drinks() == {"p1": 2}


def test_the_time_limit_ends_the_game_by_card_count():
    """time_limit_min 1: a minute after the deal the game ends, at the tick
    or at the first move after it."""
    g = make("irish_snap", 2, deck=shifted_deck(), time_limit_min=1)
    flip(g, "p0", 10.0)
    assert g.next_deadline() == 60.0 and g.public_view()["ends_at"] == 60.0
    g.tick(60.0)
    assert g.is_over() and g.public_view()["result"]["reason"] == "time_limit"
    assert g.public_view()["result"]["winners"] == ["p0"]
    g = make("irish_snap", 2, deck=shifted_deck(), time_limit_min=1)
    assert flip(g, "p0", 61.0)[-1]["msg"] in ("game.over", "forfeit.drink")
    assert g.is_over() and g.s.flips == 0


def test_the_host_ends_the_game_by_card_count():
    """Ending the game: fewest cards win, most lose."""
    g = to_snap(3)
    slap(g, "p0", T + 0.1)
    slap(g, "p1", T + 0.2)
    slap(g, "p2", T + 0.3)
    assert g.finish(20.0) is True
    result = g.public_view()["result"]
    assert result["reason"] == "host" and result["winners"] == ["p1"] and result["losers"] == ["p2"]


# -- absent and leaving players ---------------------------------------------------------------
def test_skip_turns_the_card_of_an_absent_player():
    """The game waits on p0 to turn: skip turns p0's card for them."""
    g = make("irish_snap", 2, deck=shifted_deck())
    g.skip("p0", 1.0)
    assert msgs(g)[-2:] == ["game.skipped", "irish_snap.flip"] and g.public_view()["turn"] == "p1"
    with pytest.raises(IllegalAction):
        g.skip("p0", 2.0)


def test_skip_stops_a_race_waiting_for_an_absent_player():
    """A race waits for p2 alone: skipping p2 closes it; p2, here when it
    opened and no slap, counts as last."""
    g = to_snap(3)
    slap(g, "p0", T + 0.1)
    slap(g, "p1", T + 0.2)
    g.skip("p2", T + 1.0)
    assert g.s.race is None and entries(g, "game.skipped") == [{"player": "p2", "action": "away"}]
    assert entries(g, "irish_snap.pickup") == [{"player": "p2", "count": 2}]


def test_a_player_leaving_sets_their_stack_aside_and_passes_the_turn():
    """p0 leaves on their turn: their cards leave unseen, p1 turns next."""
    g = make("irish_snap", 3, deck=shifted_deck())
    g.remove_player("p0", 1.0)
    view = g.public_view()
    assert view["turn"] == "p1" and view["aside"] == 18 and "p0" not in view["hand_sizes"]


def test_a_race_goes_on_without_a_player_who_leaves():
    """p2 leaves while the race waits for them: it closes without them."""
    g = to_snap(3)
    slap(g, "p0", T + 0.1)
    slap(g, "p1", T + 0.2)
    g.remove_player("p2", T + 0.5)
    assert g.s.race is None and entries(g, "irish_snap.pickup") == [{"player": "p1", "count": 2}]


def test_nobody_is_dealt_in_once_the_stacks_are_dealt():
    """A guest joining mid-game waits for the next game."""
    g = snap_game(2)
    with pytest.raises(IllegalAction):
        g.add_player({"id": "p9", "group": None}, 1.0)


def test_the_game_ends_when_too_few_players_are_left():
    """Two players, one leaves: the other is left and wins."""
    g = snap_game(2)
    g.remove_player("p1", 1.0)
    assert g.is_over() and g.public_view()["result"]["winners"] == ["p0"]



# -- random play ----------------------------------------------------------------------------------
def auditor():
    return SeenAuditor(lambda g: [c for s in g.s.stacks.values() for c in s],
                       lambda g: list(g.s.pile), ("irish_snap.flip",))


@pytest.mark.parametrize("seed", range(12))
def test_random_play_to_the_end_leaks_no_face_down_card(seed):
    """Bots play to the end (a snap win, a limit, or players leaving);
    nobody's view ever holds a card of a stack."""
    n = 2 + seed % 5
    options = {"round_limit": 25, "false_slap": "drink" if seed % 2 else "pile"}
    g = make("irish_snap", n, seed=seed, **options)
    audit = auditor()
    g, _ = play_randomly(g, random.Random(seed), auditor=audit, churn=seed % 3 == 0, skips=0.05 * (seed % 2),
                         max_steps=20000, every=3)
    assert g.is_over() and audit.checked > 0
    cards = Counter(c for s in g.s.stacks.values() for c in s) + Counter(g.s.pile)
    assert sum(cards.values()) + g.s.aside == 52


def test_random_play_reaches_every_ending():
    """Over many seeds the game ends by a snap win and by the round limit."""
    reasons = set()
    for seed in range(30):
        g, _ = play_randomly(make("irish_snap", 2 + seed % 3, seed=seed, round_limit=60), random.Random(seed),
                             every=100, max_steps=20000, step_seconds=0)
        reasons.add(g.public_view()["result"]["reason"])
    assert {"won_by_snap", "round_limit"} <= reasons


def test_the_state_round_trips_through_json_mid_race():
    """A game saved with a race open is the same game when loaded."""
    g = to_snap(3)
    slap(g, "p0", T + 0.1, rtt=0.05)
    copy = roundtrip(g)
    slap(copy, "p1", T + 0.2)
    slap(copy, "p2", T + 0.3)
    assert entries(copy, "irish_snap.pickup") == [{"player": "p2", "count": 2}]


def test_same_seed_same_game():
    """One seed deals and plays the same game twice."""
    same_seed_same_game("irish_snap", 5, n=3, round_limit=30)
