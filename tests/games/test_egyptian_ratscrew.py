"""Egyptian Ratscrew (seed 001, "Egyptian Ratscrew" / Beat Your Neighbour Out
Of Doors): one test per rule, on staged decks.

``stage(stacks)`` deals each player the cards listed for them first (one
card at a time round the seats, as at the table), the rest of the pack
shuffled after; each stack is played in the order it was dealt and the first
seat plays first.
"""

from __future__ import annotations

import random

import pytest

from partyapp.games import MODES, IllegalAction, NotYourTurn
from partyapp.games.egyptian_ratscrew import PAY, EgyptianRatscrew

from .cardgame_helpers import entries, make, msgs, play_randomly, roundtrip, same_seed_same_game, types
from .reflex_helpers import SeenAuditor, deal_to, flip, rest_of_pack, slap

ORDINARY = [r + s for s in "SHDC" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10")]


def stage(stacks, **options):
    return make("egyptian_ratscrew", len(stacks), deck=deal_to(stacks), **options)


def turn(g):
    return g.public_view()["turn"]


def counts(g):
    return g.public_view()["hand_sizes"]


def play_out(g, limit=500):
    """The player to turn keeps turning until the game is over."""
    for _ in range(limit):
        if g.is_over():
            return
        flip(g, turn(g))
    raise AssertionError("the game did not end")


# -- the deal and the turns ------------------------------------------------------------------
def test_mode_is_registered():
    """egyptian_ratscrew is a mode of the app."""
    assert MODES["egyptian_ratscrew"] is EgyptianRatscrew


def test_the_pack_is_dealt_out_as_face_down_stacks():
    """All 52 cards as near-equal stacks (three players: one card more for
    the first); nobody sees a card of a stack."""
    g = make("egyptian_ratscrew", 3)
    assert counts(g) == {"p0": 18, "p1": 17, "p2": 17}
    assert all(g.private_view(p) == {"hand": []} for p in g.players())


def test_the_first_seat_turns_first_and_only_the_player_to_turn_may():
    """p0 turns first; the others have nothing to do and are told so."""
    g = stage([["5S"], ["6S"]])
    assert turn(g) == "p0" and types(g, "p0") == ["flip"] and types(g, "p1") == []
    with pytest.raises(NotYourTurn):
        flip(g, "p1")


def test_ordinary_cards_pass_the_turn_clockwise():
    """Without pay cards everybody turns one card in turn."""
    g = stage([["5S", "8S"], ["6S", "9S"], ["7S", "10S"]])
    for pid in ("p0", "p1", "p2", "p0"):
        assert turn(g) == pid
        flip(g, pid)
    assert g.public_view()["piles"]["pile"] == ["5S", "6S", "7S", "8S"]


def test_counter_clockwise_play_deals_turns_and_pays_the_other_way():
    """``direction: counter_clockwise`` (the seed's "Suck the Well"): the
    deal goes p0, p2, p1, and so do the turns; the player after a pay card's
    in that direction pays for it."""
    # dealt one card at a time p0, p2, p1: p0 5S JS, p2 6S 7S, p1 9S 8S
    deck = ["5S", "6S", "9S", "JS", "7S", "8S"] + ORDINARY[12:]
    g = make("egyptian_ratscrew", 3, deck=deck, direction="counter_clockwise")
    assert g.s.stacks["p0"][:2] == ["5S", "JS"] and g.s.stacks["p2"][:2] == ["6S", "7S"]
    assert g.public_view()["direction"] == -1
    for pid in ("p0", "p2", "p1"):
        assert turn(g) == pid
        flip(g, pid)
    assert turn(g) == "p0"
    flip(g, "p0")  # the jack: p2, on p0's right, pays one card
    assert g.public_view()["debt"] == {"to": "p0", "payer": "p2", "left": 1} and turn(g) == "p2"
    flip(g, "p2")
    assert entries(g, "egyptian_ratscrew.take") == [{"player": "p0", "count": 5, "by": "payment"}]


def test_play_is_clockwise_by_default():
    """The seed's Britain and North America: clockwise unless the table says otherwise."""
    g = make("egyptian_ratscrew", 3)
    assert g.s.opts.direction == "clockwise" and g.public_view()["direction"] == 1


@pytest.mark.parametrize("pay", ["AS", "KS", "QS", "JS"])
def test_a_pay_card_is_paid_for_with_its_rate_then_its_player_takes_the_pile(pay):
    """Ace 4, king 3, queen 2, jack 1: the next player turns that many cards,
    then the pay card's player takes the pile under their stack and turns
    next."""
    rate = PAY[pay[0]]
    g = stage([[pay, "9S", "9H", "9D", "9C"], ["2S", "3S", "4S", "5S", "6S"]])
    flip(g, "p0")
    assert entries(g, "egyptian_ratscrew.pay") == [{"player": "p0", "payer": "p1", "count": rate}]
    assert g.public_view()["debt"] == {"to": "p0", "payer": "p1", "left": rate}
    for _ in range(rate):
        assert turn(g) == "p1"
        flip(g, "p1")
    assert entries(g, "egyptian_ratscrew.take") == [{"player": "p0", "count": rate + 1, "by": "payment"}]
    assert g.s.stacks["p0"][-(rate + 1):] == [pay, "2S", "3S", "4S", "5S"][:rate + 1]
    assert turn(g) == "p0" and g.public_view()["debt"] is None and g.public_view()["piles"]["pile"] == []


def test_the_seeds_example_plays_out_as_written():
    """A queen; B six, jack; A ace; B three, seven, king; A ten, four, six:
    the king has been paid for, so B takes the centre pile."""
    a = ["QS", "AS", "10S", "4S", "6S"]
    b = ["6H", "JH", "3H", "7H", "KH"]
    g = stage([a, b])
    for pid in ("A", "B", "B", "A", "B", "B", "B", "A", "A", "A"):
        flip(g, {"A": "p0", "B": "p1"}[pid])
    played = [(e["player"], e["card"]) for e in entries(g, "egyptian_ratscrew.flip")]
    assert played == [("p0", "QS"), ("p1", "6H"), ("p1", "JH"), ("p0", "AS"), ("p1", "3H"), ("p1", "7H"),
                      ("p1", "KH"), ("p0", "10S"), ("p0", "4S"), ("p0", "6S")]
    assert entries(g, "egyptian_ratscrew.pay") == [
        {"player": "p0", "payer": "p1", "count": 2}, {"player": "p1", "payer": "p0", "count": 1},
        {"player": "p0", "payer": "p1", "count": 4}, {"player": "p1", "payer": "p0", "count": 3},
    ]
    assert entries(g, "egyptian_ratscrew.take") == [{"player": "p1", "count": 10, "by": "payment"}]
    assert counts(g) == {"p0": 21, "p1": 31} and turn(g) == "p1"
    assert g.s.stacks["p1"][-10:] == ["QS", "6H", "JH", "AS", "3H", "7H", "KH", "10S", "4S", "6S"]


def test_a_pay_card_while_paying_passes_the_debt_to_the_next_player():
    """Three players: p0's queen; p1 pays a five then turns a jack, so p2 now
    pays one card for it, and p1 takes the pile."""
    g = stage([["QS", "9S"], ["5H", "JH"], ["7C", "8C"]])
    flip(g, "p0")
    flip(g, "p1")
    flip(g, "p1")
    assert g.public_view()["debt"] == {"to": "p1", "payer": "p2", "left": 1} and turn(g) == "p2"
    flip(g, "p2")
    assert entries(g, "egyptian_ratscrew.take") == [{"player": "p1", "count": 4, "by": "payment"}] and turn(g) == "p1"


def test_a_last_card_that_is_a_pay_card_can_still_win_the_pile():
    """Running out means having to turn with no card: p0's last card, a jack,
    is paid for and p0 takes the pile."""
    g = stage([["JS"], ["5H"]])
    g.s.aside += len(g.s.stacks["p0"]) - 1  # p0 holds the jack alone (set by hand)
    del g.s.stacks["p0"][1:]
    flip(g, "p0")
    assert counts(g)["p0"] == 0 and not g.is_over()
    flip(g, "p1")
    assert counts(g)["p0"] == 2 and turn(g) == "p0" and not g.is_over()


# -- the end ------------------------------------------------------------------------------
def out_of_cards_deck():
    """p0 holds the four aces and four kings on top; p1 holds ordinary cards
    only: p1 pays 16 for the aces and 9 for three kings, then runs out
    paying for the fourth."""
    top = ["AS", "AH", "AD", "AC", "KS", "KH", "KD", "KC"]
    p1 = ORDINARY[:26]
    p0 = top + rest_of_pack(top, p1)
    return [p0, p1]


def test_the_first_player_to_run_out_loses():
    """p1 must pay with no card left: the game ends; p1 lost and drinks, p0
    (most cards) won."""
    g = stage(out_of_cards_deck())
    play_out(g)
    result = g.public_view()["result"]
    assert result["reason"] == "ran_out" and result["losers"] == ["p1"] and result["winners"] == ["p0"]
    assert entries(g, "egyptian_ratscrew.out") == [{"player": "p1"}]
    assert result["cards"] == {"p0": 50, "p1": 0} and g.drinks() == {"p1": 1}


def test_last_standing_players_drop_out_until_one_holds_the_cards():
    """play_to last_standing, three players: p1 runs out paying for p0's
    king, drops out, and p0 takes the pile; the next king is p2's to pay."""
    top = ["AS", "AH", "AD", "AC", "KS", "KH"]
    p1 = ORDINARY[:17]
    p2 = ORDINARY[17:34]
    p0 = top + rest_of_pack(top, p1, p2)
    g = stage([p0, p1, p2], play_to="last_standing")
    while not entries(g, "egyptian_ratscrew.out"):
        flip(g, turn(g))
    assert entries(g, "egyptian_ratscrew.out") == [{"player": "p1"}] and g.public_view()["out"] == ["p1"]
    assert entries(g, "egyptian_ratscrew.take")[-1] == {"player": "p0", "count": 2, "by": "payment"}
    assert turn(g) == "p0" and not g.is_over() and types(g, "p1") == []
    flip(g, "p0")  # the second king
    assert g.public_view()["debt"] == {"to": "p0", "payer": "p2", "left": 3}
    play_out(g)
    result = g.public_view()["result"]
    assert result["reason"] == "last_standing" and result["winners"] == ["p0"] and result["losers"] == ["p1", "p2"]


def test_a_round_limit_ends_the_game_by_card_count_most_win():
    """round_limit 1: the first pile taken ends the game; most cards win,
    fewest lose."""
    g = stage([["QS", "9S"], ["5H", "6H"]], round_limit=1)
    for pid in ("p0", "p1", "p1"):
        flip(g, pid)
    result = g.public_view()["result"]
    assert result["reason"] == "round_limit" and result["cards"] == {"p0": 28, "p1": 24}
    assert result["winners"] == ["p0"] and result["losers"] == ["p1"]


def test_a_time_limit_ends_the_game_by_card_count():
    """time_limit_min 2: two minutes after the deal the game ends."""
    g = stage([["QS", "9S"], ["5H", "6H"]], time_limit_min=2)
    flip(g, "p0", 30.0)
    flip(g, "p1", 40.0)
    flip(g, "p1", 50.0)
    assert g.next_deadline() == 120.0
    g.tick(119.0)
    assert not g.is_over()
    g.tick(120.0)
    assert g.public_view()["result"]["reason"] == "time_limit" and g.public_view()["result"]["winners"] == ["p0"]


def test_the_host_ends_the_game_by_card_count():
    """Ending the game: most cards win."""
    g = stage([["QS", "9S"], ["5H", "6H"]])
    for pid in ("p0", "p1", "p1"):
        flip(g, pid)
    g.finish(5.0)
    assert g.public_view()["result"]["reason"] == "host" and g.public_view()["result"]["winners"] == ["p0"]


# -- slaps (house rules) --------------------------------------------------------------------
def test_without_house_rules_nobody_may_slap():
    """Slaps are off by default: no slap is ever offered."""
    g = stage([["5S"], ["5H"]])
    flip(g, "p0")
    flip(g, "p1")
    assert "slap" not in types(g, "p0") + types(g, "p1")
    with pytest.raises(IllegalAction):
        slap(g, "p0", 1.0)


def test_a_double_opens_a_race_the_first_slap_takes_the_pile():
    """doubles on: a five on a five: everybody still in may slap; the first
    takes the pile and turns next."""
    g = stage([["5S", "8S"], ["5H", "9H"], ["7C", "2C"]], doubles=True)
    flip(g, "p0", 9.0)
    flip(g, "p1", 10.0)
    view = g.public_view()
    assert view["turn"] is None and view["race"]["kind"] == "double"
    assert all(types(g, p) == ["slap"] for p in g.players())
    slap(g, "p2", 10.2)
    slap(g, "p0", 10.3)
    slap(g, "p1", 10.5)
    assert entries(g, "egyptian_ratscrew.take") == [{"player": "p2", "count": 2, "by": "slap"}] and turn(g) == "p2"
    assert g.public_view()["last_race"]["order"][0] == {"player": "p2", "ms": 200, "margin_ms": 0, "lag_ms": 0}


def test_a_sandwich_opens_a_race():
    """sandwiches on: five, seven, five."""
    g = stage([["5S", "5D"], ["7H", "9H"]], sandwiches=True)
    flip(g, "p0")
    flip(g, "p1")
    assert g.public_view()["race"] is None
    flip(g, "p0", 10.0)
    assert g.public_view()["race"]["kind"] == "sandwich"


def test_the_slow_phone_that_slapped_first_takes_the_pile():
    """Compensated: p1's phone (160 ms round trip) arrives 50 ms after p0's
    but sent 30 ms before it."""
    g = stage([["5S", "8S"], ["5H", "9H"]], doubles=True)
    flip(g, "p0", 9.0)
    flip(g, "p1", 10.0)
    slap(g, "p0", 10.300, rtt=0.0)
    slap(g, "p1", 10.350, rtt=0.160)
    assert entries(g, "egyptian_ratscrew.take") == [{"player": "p1", "count": 2, "by": "slap"}]


def test_a_slap_cancels_a_debt():
    """p1 pays p0's queen with a four and a four: p1 slaps the double first and
    takes the pile; nobody owes anything."""
    g = stage([["QS", "8S", "2S"], ["4H", "4D", "9H"]], doubles=True)
    flip(g, "p0", 8.0)
    flip(g, "p1", 9.0)
    flip(g, "p1", 10.0)
    slap(g, "p1", 10.1)
    slap(g, "p0", 10.2)
    assert entries(g, "egyptian_ratscrew.take") == [{"player": "p1", "count": 3, "by": "slap"}]
    assert g.public_view()["debt"] is None and turn(g) == "p1"


def test_if_nobody_slaps_in_the_window_play_goes_on():
    """A jack on a jack, nobody slaps: at the time-out the second jack asks
    p0 for one card as usual."""
    g = stage([["JS", "8S"], ["JH", "9H"]], doubles=True)
    flip(g, "p0", 9.0)
    flip(g, "p1", 10.0)
    assert g.next_deadline() == 12.0
    g.tick(12.0)
    assert g.public_view()["race"] is None and g.public_view()["last_race"]["missed"] == ["p0", "p1"]
    assert g.public_view()["debt"] == {"to": "p1", "payer": "p0", "left": 1} and turn(g) == "p0"


def test_a_false_slap_burns_a_card_face_down_under_the_pile():
    """doubles on, no double: p1's slap burns p1's top card under the pile,
    unseen; it goes with the pile to whoever takes it."""
    g = stage([["QS", "8S", "2S"], ["5H", "6H", "7H"]], doubles=True)
    flip(g, "p0", 1.0)
    slap(g, "p1", 5.0)
    assert entries(g, "egyptian_ratscrew.burn") == [{"player": "p1", "count": 1}]
    view = g.public_view()
    assert view["piles"] == {"pile": ["QS"], "burned": 1} and counts(g)["p1"] == 25
    assert "5H" not in repr([view, g.private_view("p0"), g.private_view("p1")])
    flip(g, "p1", 6.0)
    flip(g, "p1", 7.0)
    assert g.s.stacks["p0"][-4:] == ["5H", "QS", "6H", "7H"]


def test_a_late_slap_just_after_a_race_costs_nothing():
    """Within a second of a race closing, a slap from a player who missed it
    burns nothing."""
    g = stage([["5S", "8S"], ["5H", "9H"], ["2C", "3C"]], doubles=True)
    flip(g, "p0", 9.0)
    flip(g, "p1", 10.0)
    slap(g, "p0", 10.2)
    g.tick(12.0)
    slap(g, "p2", 12.4)
    assert entries(g, "race.late") == [{"player": "p2", "ms": 400}] and entries(g, "egyptian_ratscrew.burn") == []


def test_a_disconnected_player_does_not_hold_a_slap_race():
    """p1's phone is away: the race closes when p0 has slapped."""
    g = stage([["5S", "8S"], ["5H", "9H"]], doubles=True)
    flip(g, "p0", 9.0)
    g.presence("p1", False, 9.5)
    flip(g, "p1", 10.0)
    slap(g, "p0", 10.2)
    assert g.public_view()["race"] is None and g.public_view()["last_race"]["away"] == ["p1"]
    assert entries(g, "egyptian_ratscrew.take") == [{"player": "p0", "count": 2, "by": "slap"}]


# -- absent and leaving players ---------------------------------------------------------------
def test_skip_turns_the_card_of_an_absent_player():
    """The game waits on p1 to pay: skip turns p1's card."""
    g = stage([["QS", "8S"], ["5H", "6H"]])
    flip(g, "p0")
    g.skip("p1", 1.0)
    assert msgs(g)[-2:] == ["game.skipped", "egyptian_ratscrew.flip"] and turn(g) == "p1"
    with pytest.raises(IllegalAction):
        g.skip("p0", 1.0)


def test_when_the_payer_leaves_the_next_player_pays():
    """p1 owes p0's queen and leaves: p2 pays it."""
    g = stage([["QS", "8S"], ["5H", "6H"], ["2C", "3C"]])
    flip(g, "p0")
    g.remove_player("p1", 1.0)
    assert g.public_view()["debt"] == {"to": "p0", "payer": "p2", "left": 2} and turn(g) == "p2"
    assert g.public_view()["aside"] == 17


def test_a_debt_owed_to_a_player_who_leaves_is_cancelled():
    """p0 played the queen and leaves: p1 owes nothing and turns as usual."""
    g = stage([["QS", "8S"], ["5H", "6H"], ["2C", "3C"]])
    flip(g, "p0")
    g.remove_player("p0", 1.0)
    assert g.public_view()["debt"] is None and turn(g) == "p1"


# -- random play ---------------------------------------------------------------------------------
def auditor():
    return SeenAuditor(lambda g: [c for s in g.s.stacks.values() for c in s] + list(g.s.burned),
                       lambda g: list(g.s.pile), ("egyptian_ratscrew.flip",))


@pytest.mark.parametrize("seed", range(12))
def test_random_play_to_the_end_leaks_no_face_down_card(seed):
    """Bots play to the end with and without the slap rules, to either end;
    no view holds a card of a stack or a burned card."""
    options = {"round_limit": 40}
    if seed % 2:
        options.update(doubles=True, sandwiches=True, burn=1 + seed % 3)
    if seed % 4 >= 2:
        options["play_to"] = "last_standing"
    if seed % 3 == 1:
        options["direction"] = "counter_clockwise"
    g = make("egyptian_ratscrew", 2 + seed % 4, seed=seed, **options)
    audit = auditor()
    g, _ = play_randomly(g, random.Random(seed), auditor=audit, churn=seed % 3 == 0, skips=0.05 * (seed % 2),
                         max_steps=20000, every=3)
    assert g.is_over() and audit.checked > 0


def test_random_play_reaches_every_ending():
    """Over many seeds the game ends with a player out, the last standing and
    the round limit."""
    reasons = set()
    for seed in range(24):
        options = {"round_limit": 30, "doubles": True, "play_to": ("first_out", "last_standing")[seed % 2]}
        g, _ = play_randomly(make("egyptian_ratscrew", 2 + seed % 3, seed=seed, **options), random.Random(seed),
                             every=100, max_steps=20000, step_seconds=0)
        reasons.add(g.public_view()["result"]["reason"])
    assert {"ran_out", "last_standing", "round_limit"} <= reasons


def test_the_state_round_trips_through_json_mid_race():
    """Saved with a race open, the game goes on the same when loaded."""
    g = stage([["5S", "8S"], ["5H", "9H"]], doubles=True)
    flip(g, "p0", 9.0)
    flip(g, "p1", 10.0)
    slap(g, "p1", 10.1, rtt=0.1)
    copy = roundtrip(g)
    slap(copy, "p0", 10.2)
    assert entries(copy, "egyptian_ratscrew.take") == [{"player": "p1", "count": 2, "by": "slap"}]


def test_same_seed_same_game():
    """One seed deals and plays the same game twice."""
    same_seed_same_game("egyptian_ratscrew", 9, n=3, doubles=True, round_limit=30)
