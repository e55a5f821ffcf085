"""Pontoon (seed 000, "PONTOON / BLACKJACK / 21 / TWIST"): one test per rule.

A staged deck starts with the cut for the bank, one card per player in seat
order (here J, Q, K of clubs: p2, the last of three, takes the bank). Then
the deal, from the banker's left, the banker last: one card each, the bets,
a second card each; then the cards asked for in order.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from partyapp.games import MODES, IllegalAction, NotYourTurn
from partyapp.games.twentyone.pontoon import RESULTS, Pontoon, rank

from .betting_helpers import chips, hands, payouts, play_coming_and_going
from .cardgame_helpers import (Auditor, act, entries, make, msgs, play_randomly, plays_on_the_same,
                               types)

MODE = "pontoon"
CUTS = ["JC", "QC", "KC"]


def table(deck, n=3, bets=None, cuts=None, **options):
    """p2 holds the bank (the highest cut), deals, and p0, p1 bet 10 each
    (unless ``bets`` says otherwise)."""
    g = make(MODE, n, deck=(cuts or CUTS) + deck, **options)
    act(g, g.s.dealer, "deal")
    for pid in list(g.s.order):
        act(g, pid, "bet", amount=(bets or {}).get(pid, 10))
    return g


# -- the hands ----------------------------------------------------------------------------------------
def test_mode_is_registered():
    """pontoon is a mode of the app."""
    assert MODES[MODE] is Pontoon


def test_the_seeds_ranking_example():
    """A-J > 7-3-4-2-2 > 9-8-4 > 9-A > 9-6-A, and bust below them all."""
    example = [["AS", "JD"], ["7S", "3D", "4H", "2C", "2S"], ["9S", "8D", "4C"], ["9H", "AD"], ["9C", "6S", "AH"]]
    ranks = [rank(h) for h in example]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == 5
    assert rank(["KS", "QS", "2D"]) < rank(["9C", "6S", "AH"])


@pytest.mark.parametrize("cards, place", [
    (["AS", "10D"], (3, 0)),  # a pontoon: an ace and a ten-point card
    (["2S", "2D", "3C", "3H", "AS"], (2, 0)),  # a five card trick, however small
    (["7S", "7D", "7C"], (1, 21)),  # 21 in three cards
    (["AS", "AD"], (1, 12)),  # aces count 11 while that does not bust
])
def test_hand_ranks(cards, place):
    """Pontoon, five card trick, then the total."""
    assert rank(cards) == place


# -- the bank and the deal ----------------------------------------------------------------------------------
def test_the_highest_cut_takes_the_bank():
    """Everybody cuts in seat order; the highest card (ace high) banks."""
    g = make(MODE, 3, deck=["AD", "KD", "2D"])
    assert g.public_view()["banker"] == "p0"
    assert entries(g, "pontoon.cut") == [{"player": "p0", "card": "AD"}, {"player": "p1", "card": "KD"},
                                         {"player": "p2", "card": "2D"}]
    assert entries(g, "pontoon.banker") == [{"player": "p0", "reason": "cut"}]
    assert g.public_view()["phase"] == "deal" and g.public_view()["turn"] == "p0"


def test_a_staged_banker_holds_the_bank_without_a_cut_and_the_deck_is_dealt_from_the_first_deal():
    """Testing option ``banker``: p2 banks without anybody cutting, and the
    staged deck's first card is the first seat's, who plays first."""
    g = make(MODE, 3, deck=["9S", "8S", "2H", "10S", "7S", "3H"], banker="p2")
    assert g.public_view()["banker"] == "p2" and entries(g, "pontoon.cut") == []
    assert entries(g, "pontoon.banker") == [{"player": "p2", "reason": "staged"}]
    act(g, "p2", "deal")
    assert g.s.order == ["p0", "p1"] and g.s.hands["p0"][0].cards == ["9S"]
    for pid in ("p0", "p1"):
        act(g, pid, "bet", amount=10)
    assert g.s.hands["p0"][0].cards == ["9S", "10S"] and g.s.hands["p1"][0].cards == ["8S", "7S"]
    assert g.public_view()["turn"] == "p0" and "banker" not in g.public_view()["options"]


def test_players_tied_for_the_highest_cut_cut_again():
    """Two kings: those two cut again."""
    g = make(MODE, 3, deck=["KD", "2D", "KH", "3S", "9S"])
    assert g.public_view()["banker"] == "p2"
    assert [e["player"] for e in entries(g, "pontoon.cut")] == ["p0", "p1", "p2", "p0", "p2"]


def test_one_card_down_each_then_the_bets():
    """The banker deals one card face down to each from their left, themselves
    last; each player sees their own card, and stakes."""
    g = make(MODE, 3, deck=CUTS + ["2H", "3H", "4H"])
    assert g.legal_actions("p2")[0] == {"type": "deal", "params": {}}
    act(g, "p2", "deal")
    view = g.public_view()
    assert view["phase"] == "bet" and view["turn"] is None and view["waiting_for"] == ["p0", "p1"]
    assert g.private_view("p0")["hand"] == ["2H"] and g.private_view("p1")["hand"] == ["3H"]
    assert view["hands"]["p0"][0]["cards"] == [None] and view["banker_hand"]["cards"] == [None]
    assert g.private_view("p2")["hand"] == [], "the banker does not look at their own card"
    assert "2H" not in json.dumps([view, g.private_view("p1"), g.private_view("p2")])


def test_stakes_lie_between_the_minimum_and_the_maximum():
    """Every player must stake from the minimum to the maximum: no sitting out."""
    g = make(MODE, 3, deck=CUTS + ["2H", "3H", "4H"], min_bet=5, max_bet=25)
    act(g, "p2", "deal")
    assert g.legal_actions("p0") == [{"type": "bet", "params": {"amount": {"int": {"min": 5, "max": 25}}}}]
    with pytest.raises(IllegalAction):
        act(g, "p0", "sit_out")


def test_a_second_card_down_after_the_bets():
    """Once everybody has staked, a second card face down each; then play."""
    g = table(["2H", "3H", "4H", "5H", "6H", "7H"])
    assert g.private_view("p0")["hand"] == ["2H", "5H"] and g.private_view("p1")["hand"] == ["3H", "6H"]
    assert g.public_view()["hands"]["p0"][0]["cards"] == [None, None]
    assert g.public_view()["turn"] == "p0" and g.public_view()["banker_hand"]["cards"] == [None, None]


def test_the_bankers_pontoon_collects_double_at_once():
    """The banker's pontoon is shown at once and takes double every stake,
    even a player's pontoon; the next deal is shuffled."""
    g = table(["AH", "2H", "AS", "KH", "3H", "KS"], bets={"p0": 10, "p1": 20})
    assert g.public_view()["banker_hand"]["cards"] == ["AS", "KS"]
    assert payouts(g) == {("p0", "bet"): ("banker_pontoon", -20), ("p1", "bet"): ("banker_pontoon", -40)}
    assert chips(g) == {"p0": 80, "p1": 60, "p2": 160}
    assert g.public_view()["shuffle_next"] is True and g.public_view()["banker"] == "p2"


# -- the players' moves ----------------------------------------------------------------------------------------
def test_only_the_player_to_play_may_act():
    """From the banker's left, one hand at a time."""
    g = table(["10H", "9H", "4H", "5H", "6H", "7H"])
    assert types(g, "p0") == ["buy", "twist", "stick"] and types(g, "p1") == []
    with pytest.raises(NotYourTurn):
        act(g, "p1", "twist")


def test_declare_a_pontoon_shows_the_ace_on_the_face_down_ten():
    """A pontoon is declared: the ace face up, the ten face down."""
    g = table(["KH", "9H", "4H", "AH", "6H", "7H"])
    assert types(g, "p0") == ["declare", "stick"]
    act(g, "p0", "declare")
    assert hands(g, "p0")[0]["cards"] == [None, "AH"] and hands(g, "p0")[0]["status"] == "pontoon"
    assert g.public_view()["turn"] == "p1"


def test_split_two_cards_of_equal_rank():
    """Equal ranks split for a second stake equal to the first: the pair face
    up, a card face down to each hand at once."""
    g = table(["QH", "9H", "4H", "QD", "6H", "7H", "2C", "3C"])
    act(g, "p0", "split")
    assert [h["cards"] for h in hands(g, "p0")] == [["QH", None], ["QD", None]]
    assert g.private_view("p0")["hands"][1]["cards"] == ["QD", "3C"]
    assert g.public_view()["stakes"]["p0"] == {"bet": 10, "split1": 10}


def test_a_queen_and_a_jack_do_not_split():
    """Ten-point cards split only when they are the same rank."""
    g = table(["QH", "9H", "4H", "JD", "6H", "7H"])
    assert "split" not in types(g, "p0")


def test_split_again_up_to_four_hands():
    """A new card equal to the pair may be split again, up to four hands."""
    g = table(["8H", "9H", "4H", "8D", "6H", "7H", "8C", "2C", "8S", "3S", "4S", "5S"])
    act(g, "p0", "split")  # 8H 8C | 8D 2C
    act(g, "p0", "split")  # 8H 8S | 8C 3S | 8D 2C
    act(g, "p0", "split")  # 8H 4S | 8S 5S | 8C 3S | 8D 2C
    assert len(hands(g, "p0")) == 4 and "split" not in types(g, "p0")


def test_buying_limits_for_the_third_card_then_the_later_ones():
    """The first buy adds the first stake to twice it; a later one the first
    stake up to the amount added last. The card comes face down."""
    g = table(["2H", "9H", "4H", "3H", "6H", "7H", "2D", "3D", "2S"], bets={"p0": 6})
    assert g.legal_actions("p0")[0] == {"type": "buy", "params": {"amount": {"int": {"min": 6, "max": 12}}}}
    act(g, "p0", "buy", amount=10)
    assert hands(g, "p0")[0]["cards"] == [None, None, None] and hands(g, "p0")[0]["stake"] == 16
    assert g.legal_actions("p0")[0] == {"type": "buy", "params": {"amount": {"int": {"min": 6, "max": 10}}}}
    assert entries(g, "pontoon.buy") == [{"player": "p0", "hand": 0, "amount": 10}]


def test_twist_is_face_up_and_ends_buying():
    """A twisted card is seen by all, the stake unchanged; after a twist the
    hand can only twist."""
    g = table(["2H", "9H", "4H", "3H", "6H", "7H", "2D", "3D"])
    act(g, "p0", "twist")
    assert hands(g, "p0")[0]["cards"] == [None, None, "2D"] and hands(g, "p0")[0]["stake"] == 10
    assert types(g, "p0") == ["twist"]


def test_stick_needs_15_or_more():
    """Below 15 a hand must take cards; from 15 it may stick."""
    g = table(["10H", "9H", "4H", "4D", "6H", "7H", "AD"])
    assert "stick" not in types(g, "p0")
    act(g, "p0", "twist")  # 15
    assert "stick" in types(g, "p0")


def test_a_bust_hand_is_thrown_in_face_up_and_the_stake_lost():
    """Over 21 the hand is shown, the banker takes the stake, the cards go to
    the bottom of the pack."""
    g = table(["10H", "9H", "4H", "8D", "6H", "7H", "KD"])
    act(g, "p0", "twist")
    assert hands(g, "p0")[0]["cards"] == ["10H", "8D", "KD"] and hands(g, "p0")[0]["status"] == "bust"
    assert payouts(g) == {("p0", "bet"): ("bust", -10)}
    assert g.s.stock[:3] == ["KD", "8D", "10H"] and g.public_view()["turn"] == "p1"


def test_a_pack_used_up_in_a_deal_is_followed_by_a_fresh_one():
    """Every card on the table and none left: a second pack is shuffled in."""
    g = table(["2H", "9H", "4H", "3H", "6H", "7H"])
    g.s.stock = []
    act(g, "p0", "twist")
    assert len(g.hand("p0")) == 3 and len(g.s.stock) == 51


def test_five_cards_are_a_trick_and_take_no_more():
    """Five cards not over 21: a five card trick; the turn moves on."""
    g = table(["2H", "9H", "4H", "3H", "6H", "7H", "2D", "3D", "4D"])
    for _ in range(3):
        act(g, "p0", "twist")
    assert hands(g, "p0")[0]["status"] == "trick" and g.public_view()["turn"] == "p1"
    assert entries(g, "pontoon.trick") == [{"player": "p0", "hand": 0}]


# -- the banker's turn and the payouts ------------------------------------------------------------------------------
def test_the_bankers_cards_are_turned_up_at_the_bankers_turn():
    """After the last player the banker's two cards are shown; the banker
    twists or sticks when they like."""
    g = table(["10H", "9H", "4H", "8D", "9D", "5H"])
    act(g, "p0", "stick")
    act(g, "p1", "stick")
    view = g.public_view()
    assert view["phase"] == "banker" and view["turn"] == "p2" and view["banker_hand"]["cards"] == ["4H", "5H"]
    assert g.private_view("p2")["hand"] == ["4H", "5H"] and types(g, "p2") == ["twist", "stick"]


def test_a_banker_staying_on_18_pays_19():
    """Higher hands are paid their stake, equal or lower hands lose it."""
    g = table(["10H", "10C", "KS", "9H", "8C", "8S"])
    act(g, "p0", "stick")  # 19
    act(g, "p1", "stick")  # 18
    act(g, "p2", "stick")
    assert entries(g, "pontoon.paying") == [{"player": "p2", "total": 18, "paying": 19}]
    assert payouts(g) == {("p1", "bet"): ("lose", -10), ("p0", "bet"): ("win", 10)}


def test_pontoons_and_five_card_tricks_are_paid_double():
    """A pontoon and a five card trick win double a banker's stay."""
    g = table(["AH", "2D", "KS", "KH", "3D", "8S", "4D", "2S", "3S"])
    act(g, "p0", "declare")
    for _ in range(3):
        act(g, "p1", "twist")  # 2 3 4 2 3: a trick
    act(g, "p2", "stick")
    assert payouts(g) == {("p0", "bet"): ("pontoon", 20), ("p1", "bet"): ("trick", 20)}


def test_a_banker_on_21_pays_only_tricks_and_pontoons():
    """Against a banker's 21 a player's 21 in three cards loses, a trick wins double."""
    g = table(["2H", "7D", "KS", "3H", "7S", "5S", "4H", "2D", "3D", "7H", "6S"])
    for _ in range(3):
        act(g, "p0", "twist")
    act(g, "p1", "twist")  # 7 7 7 = 21
    act(g, "p1", "stick")
    act(g, "p2", "twist")  # K 5 6 = 21
    assert types(g, "p2") == ["stick"]
    act(g, "p2", "stick")
    assert entries(g, "pontoon.paying")[-1]["paying"] is None
    assert payouts(g) == {("p1", "bet"): ("lose", -10), ("p0", "bet"): ("trick", 20)}


def test_a_bankers_five_card_trick_pays_pontoons_only_and_takes_double():
    """The banker's trick pays pontoons double; everybody else, a trick too,
    loses double their stake."""
    g = table(["AH", "2D", "2S", "KH", "3D", "3S", "4D", "2H", "3H", "4S", "5S", "6S"])
    act(g, "p0", "declare")
    for _ in range(3):
        act(g, "p1", "twist")  # 2 3 4 2 3: a trick
    for _ in range(3):
        act(g, "p2", "twist")  # 2 3 4 5 6 = 20 in five cards
    assert entries(g, "pontoon.banker_trick") == [{"player": "p2", "cards": ["2S", "3S", "4S", "5S", "6S"]}]
    assert payouts(g) == {("p1", "bet"): ("banker_trick", -20), ("p0", "bet"): ("pontoon", 20)}


def test_a_bust_banker_pays_every_hand_not_bust():
    """The banker busts: every hand still in is paid, pontoons and tricks double."""
    g = table(["AH", "10D", "10S", "KH", "9D", "6S", "KS"])
    act(g, "p0", "declare")
    act(g, "p1", "stick")
    act(g, "p2", "twist")
    assert payouts(g) == {("p0", "bet"): ("pontoon", 20), ("p1", "bet"): ("win", 10)}
    assert entries(g, "pontoon.banker_bust") == [{"player": "p2", "cards": ["10S", "6S", "KS"], "total": 26}]


def test_no_banker_play_when_every_player_is_bust():
    """All bust: the banker does not play."""
    g = table(["10H", "10D", "4H", "8H", "8D", "6S", "KH", "KD"])
    act(g, "p0", "twist")
    act(g, "p1", "twist")
    assert "pontoon.banker_shows" not in msgs(g) and g.public_view()["phase"] == "deal"


def test_a_double_loss_takes_the_second_stake_from_the_stack():
    """Losing double takes the second stake from the player's stack."""
    g = table(["10H", "10D", "AS", "8H", "8D", "KS"], start_chips=30, min_bet=10, max_bet=20,
              bets={"p0": 20, "p1": 10})
    assert payouts(g)[("p0", "bet")] == ("banker_pontoon", -30)
    assert chips(g)["p0"] == 0


# -- the next deal and the bank ----------------------------------------------------------------------------------------
def test_without_a_pontoon_the_next_deal_is_not_shuffled():
    """The used cards go to the bottom of the pack, and the next deal goes on
    from the top without a shuffle."""
    g = table(["10H", "10C", "KS", "9H", "8C", "8S", "2D", "3D", "4D"])
    act(g, "p0", "stick")
    act(g, "p1", "stick")
    act(g, "p2", "stick")
    assert g.s.stock[:6] == ["8S", "KS", "8C", "10C", "9H", "10H"] and len(g.s.stock) == 52
    act(g, "p2", "deal")
    assert g.private_view("p0")["hand"] == ["2D"] and msgs(g).count("pontoon.shuffle") == 1
    assert g.public_view()["shuffle_next"] is False


def test_after_a_pontoon_the_pack_is_shuffled():
    """A pontoon in the deal: the next deal is shuffled."""
    g = table(["AH", "10C", "KS", "KH", "8C", "8S", "2D"])
    act(g, "p0", "declare")
    act(g, "p1", "stick")
    act(g, "p2", "stick")
    act(g, g.s.dealer, "deal")
    assert msgs(g).count("pontoon.shuffle") == 2


def test_the_bank_passes_to_an_unsplit_pontoon_nearest_the_left():
    """A player's pontoon (the banker without one) takes the bank; of two, the
    one nearest the banker's left."""
    g = table(["AH", "AD", "KS", "KH", "KD", "8S"], n=3)
    act(g, "p0", "declare")
    act(g, "p1", "declare")
    act(g, "p2", "stick")
    assert g.public_view()["banker"] == "p0"
    assert entries(g, "pontoon.banker")[-1] == {"player": "p0", "reason": "pontoon"}


def test_after_a_middle_deal_the_table_names_who_banked_the_cards_shown():
    """p0's pontoon takes the bank for the next deal: p0 deals, while the
    last deal's cards on the table stay p2's bank, in p2's hand."""
    g = table(["AH", "10C", "KS", "KH", "8C", "8S"], rounds=2)
    act(g, "p0", "declare")
    act(g, "p1", "stick")
    act(g, "p2", "stick")  # 18: p0's pontoon wins double, p1's 18 loses the tie
    view = g.public_view()
    assert view["phase"] == "deal" and view["banker"] == view["dealer"] == "p0" and view["turn"] == "p0"
    assert view["banker_hand"] == {"player": "p2", "cards": ["KS", "8S"], "status": "stuck", "total": 18,
                                   "soft": False}
    assert [h["cards"] for h in view["hands"]["p0"]] == [["AH", "KH"]]
    assert g.private_view("p0")["hand"] == ["AH", "KH"] and g.private_view("p2")["hand"] == ["KS", "8S"]
    assert view["hand_sizes"] == {"p0": 2, "p1": 2, "p2": 2}
    assert entries(g, "pontoon.banker")[-1] == {"player": "p0", "reason": "pontoon"}
    act(g, "p0", "deal")
    assert g.public_view()["banker_hand"]["player"] == "p0" and g.public_view()["order"] == ["p1", "p2"]


def test_a_pontoon_on_the_last_deal_passes_the_bank_to_nobody():
    """The game ends with the deal: p0's pontoon wins double, p2 stays the
    banker of the cards shown and nobody takes the bank."""
    g = table(["AH", "10C", "KS", "KH", "8C", "8S"], rounds=1)
    act(g, "p0", "declare")
    act(g, "p1", "stick")
    act(g, "p2", "stick")
    view = g.public_view()
    assert view["over"] and view["result"]["reason"] == "rounds"
    assert view["banker"] == view["dealer"] == "p2" and view["banker_hand"]["player"] == "p2"
    assert view["banker_hand"]["cards"] == ["KS", "8S"] and payouts(g)[("p0", "bet")] == ("pontoon", 20)
    assert [e["player"] for e in entries(g, "pontoon.banker")] == ["p2"]  # the cut's, and no other
    assert g.private_view("p2")["hand"] == ["KS", "8S"] and g.private_view("p0")["hand"] == ["AH", "KH"]


def test_a_sold_bank_leaves_the_last_deals_cards_with_their_banker():
    """Between deals p2 sells the bank to p1: the cards shown stay p2's."""
    g = table(["10H", "10C", "KS", "9H", "8C", "8S"])
    for pid in ("p0", "p1", "p2"):
        act(g, pid, "stick")
    act(g, "p2", "sell", player="p1", price=20)
    act(g, "p1", "accept")
    view = g.public_view()
    assert view["banker"] == "p1" and view["banker_hand"]["player"] == "p2"
    assert g.private_view("p1")["hand"] == ["10C", "8C"] and g.private_view("p2")["hand"] == ["KS", "8S"]
    assert view["hand_sizes"] == {"p0": 2, "p1": 2, "p2": 2}


def test_a_split_pontoon_is_paid_double_but_keeps_the_bank_where_it_is():
    """A pontoon in a split hand wins double, and does not take the bank."""
    g = table(["AH", "10C", "KS", "AD", "8C", "8S", "KH", "9D"])
    act(g, "p0", "split")  # AH KH | AD 9D
    act(g, "p0", "declare")
    act(g, "p0", "stick")
    act(g, "p1", "stick")
    act(g, "p2", "stick")
    assert payouts(g)[("p0", "bet")] == ("pontoon", 20) and g.public_view()["banker"] == "p2"


def test_the_banker_may_sell_the_bank():
    """Between deals the banker offers the bank for a price; the buyer pays
    and banks, or refuses."""
    g = make(MODE, 3, deck=CUTS)
    spec = g.legal_actions("p2")[1]
    assert spec["type"] == "sell" and spec["params"]["player"] == {"one_of": ["p0", "p1"]}
    act(g, "p2", "sell", player="p1", price=30)
    assert g.public_view()["offer"] == {"player": "p1", "price": 30} and g.public_view()["turn"] == "p1"
    assert types(g, "p1") == ["accept", "refuse"] and g.legal_actions("p2") == []
    act(g, "p1", "refuse")
    assert g.public_view()["offer"] is None and g.public_view()["banker"] == "p2"
    act(g, "p2", "sell", player="p1", price=30)
    act(g, "p1", "accept")
    assert g.public_view()["banker"] == "p1" and chips(g) == {"p0": 100, "p1": 70, "p2": 130}
    assert entries(g, "pontoon.sold") == [{"player": "p2", "buyer": "p1", "price": 30}]


def test_a_buyer_who_cannot_pay_may_only_refuse():
    """An offer above the buyer's stack can only be refused."""
    g = make(MODE, 3, deck=CUTS)
    g.s.ledger.stacks["p0"] = 50
    act(g, "p2", "sell", player="p0", price=80)
    assert types(g, "p0") == ["refuse"]


def test_a_banker_out_of_chips_hands_the_bank_to_the_left():
    """A banker who cannot cover the minimum passes the bank to the left."""
    g = table(["10H", "10C", "KS", "9H", "6C", "8S"], start_chips=30, min_bet=10, max_bet=20,
              bets={"p0": 20, "p1": 10})
    act(g, "p0", "stick")  # 19
    act(g, "p1", "stick")  # 16
    g.s.ledger.stacks["p2"] = 5  # the bank ran low: 5 + 10 - 20 leaves nothing
    act(g, "p2", "stick")
    assert g.public_view()["banker"] == "p0"
    assert entries(g, "pontoon.banker")[-1] == {"player": "p0", "reason": "chips"}


# -- seats, forfeits, the session ---------------------------------------------------------------------------------------
def test_losers_drink_double_losers_drink_two_and_a_bust_banker_drinks():
    """Forfeits: a lost hand 1, a double loss 2, the banker's bust 1; off: none."""
    g = table(["10H", "10D", "10S", "6H", "9D", "6S", "KH", "KS"])
    act(g, "p0", "twist")  # bust
    act(g, "p1", "stick")
    act(g, "p2", "twist")  # bust
    assert g.drinks() == {"p0": 1, "p2": 1}
    g = table(["10H", "10D", "AS", "6H", "9D", "KS"])
    assert g.drinks() == {"p0": 2, "p1": 2}
    g = table(["10H", "10D", "AS", "6H", "9D", "KS"], forfeits=False)
    assert g.drinks() == {}


def test_the_banker_leaving_calls_the_deal_off():
    """Every stake back; the player on the banker's left takes the bank."""
    g = table(["10H", "10C", "KS", "9H", "8C", "8S"], n=4, cuts=["2C", "3C", "4C", "KC"])
    g.remove_player("p3", 0.0)
    view = g.public_view()
    assert view["stakes"] == {} and view["banker"] == "p0" and view["phase"] == "deal" and view["round"] == 1
    assert entries(g, "pontoon.banker")[-1] == {"player": "p0", "reason": "left"}
    assert len(g.s.stock) == 52


def test_a_player_leaving_mid_hand_passes_the_turn():
    """The leaver's stake goes back; their cards go under the pack unseen."""
    g = table(["10H", "10C", "KS", "9H", "8C", "8S"])
    g.remove_player("p0", 0.0)
    view = g.public_view()
    assert view["turn"] == "p1" and "p0" not in view["hands"] and "10H" not in json.dumps(view)


def test_skips_for_absent_phones():
    """Absent: the banker deals, a player who has not bet sits out (card under
    the pack unseen), a player to play sticks on 15 or more else twists."""
    g = make(MODE, 3, deck=CUTS + ["10H", "2C", "KS", "9H", "2S", "4S"])
    g.skip("p2", 0.0)
    assert g.public_view()["phase"] == "bet"
    act(g, "p0", "bet", amount=10)
    assert g.waiting_for() == ["p1"]
    g.skip("p1", 0.0)
    assert g.public_view()["sat_out"] == ["p1"] and g.s.stock[0] == "2C"
    g.skip("p0", 0.0)  # 19: stick
    assert hands(g, "p0")[0]["status"] == "stuck" and g.public_view()["turn"] == "p2"
    g.skip("p2", 0.0)  # 12: twist
    assert entries(g, "pontoon.banker_twist") == [{"player": "p2", "card": "4S", "total": 16}]
    g.skip("p2", 0.0)  # 16: twist again
    assert [e["action"] for e in entries(g, "game.skipped")] == ["deal", "sit_out", "stick", "twist", "twist"]


def test_the_game_ends_after_the_rounds():
    """After ``rounds`` deals: the result with the stacks."""
    g = table(["10H", "10C", "KS", "9H", "8C", "8S"], rounds=1)
    act(g, "p0", "stick")
    act(g, "p1", "stick")
    act(g, "p2", "stick")
    result = g.public_view()["result"]
    assert result["reason"] == "rounds" and result["chips"] == {"p0": 110, "p1": 90, "p2": 100}


# -- random play --------------------------------------------------------------------------------------------------------
def hidden(g, viewer):
    """The pack, the face-down cards of others' hands not shown, and the
    banker's cards until they are turned (hidden from the banker too)."""
    out = Counter(g.s.stock)
    for pid, hs in g.s.hands.items():
        for h in hs:
            if not h.shown and pid != viewer:
                out.update(c for c, up in zip(h.cards, h.up) if not up)
    banker = g.s.dealer_hand
    if banker and not banker.shown:
        out.update(banker.cards)
    return out


def visible(g, viewer):
    """Face-up cards, the viewer's own, the banker's once turned, and the cut
    for the bank while it is shown (before the first deal)."""
    out = Counter(c.card for c in g.s.cuts)
    for pid, hs in g.s.hands.items():
        for h in hs:
            out.update(c for c, up in zip(h.cards, h.up) if up or h.shown or pid == viewer)
    banker = g.s.dealer_hand
    if banker and banker.shown:
        out.update(banker.cards)
    return out


# Sixteen players dealt a pair each, p15 the banker: the fifteen players
# split their pairs, so that more cards are held than a pack has (sixteen
# hands could not: no more than 21 each, and a pack counts 340 with aces
# as 1).
PAIRS = [p for r in ("K", "Q", "J", "10", "9", "8", "7", "6") for p in ((r + "S", r + "H"), (r + "D", r + "C"))]
SIXTEEN = [a for a, _ in PAIRS] + [b for _, b in PAIRS] + [r + s for s in "SHDC" for r in ("A", "2", "3", "4", "5")]


def sixteen_to_the_end_of_the_pack():
    """Every player splits, then sticks when they may, else twists, until
    the pack runs out (p6's split: both its cards come from a second pack)."""
    g = make(MODE, 16, deck=SIXTEEN, banker="p15")
    act(g, "p15", "deal")
    for pid in list(g.s.order):
        act(g, pid, "bet", amount=10)
    while g.s.phase in ("play", "banker") and not entries(g, "pontoon.second_pack"):
        pid = g.turn()
        moves = types(g, pid)
        act(g, pid, next(m for m in ("split", "stick", "twist") if m in moves))
    return g


def test_a_second_pack_is_shuffled_in_when_the_pack_runs_out_and_the_table_says_so():
    """With very many players the pack can run out in the middle of a deal:
    a second pack is shuffled in, the log says so and the table shows two
    packs in play until the next shuffle gathers every card."""
    g = sixteen_to_the_end_of_the_pack()
    assert msgs(g)[-2:] == ["pontoon.split", "pontoon.second_pack"]
    assert entries(g, "pontoon.second_pack") == [{"packs": 2}]
    assert g.public_view()["packs"] == 2 and g.public_view()["piles"]["pack"] == 50
    assert make(MODE, 3, seed=3).public_view()["packs"] == 1


@pytest.mark.parametrize("n, seed", [(2, 1), (3, 2), (5, 3), (8, 4), (16, 5)])
def test_random_play_finishes_and_never_shows_a_face_down_card(n, seed):
    """Bots finish the game; no view carries the pack, another player's
    face-down card or the banker's cards before they are turned."""
    auditor = Auditor(hidden, visible)
    g, steps = play_randomly(make(MODE, n, seed=seed, rounds=6), random.Random(seed), auditor=auditor)
    assert g.is_over() and auditor.checked >= steps


@pytest.mark.parametrize("seed", range(8))
def test_random_play_with_players_coming_and_going(seed):
    """Leavers (the banker too), joiners, skipped phones, rebuys, sales of the
    bank: the game finishes clean and round-trips at every step."""
    options = {"rounds": 8, "rebuy": seed % 2 == 0, "start_chips": 30, "min_bet": 5, "max_bet": 15}
    play_coming_and_going(MODE, 2 + seed % 6, seed, hidden, visible, **options)


def test_state_round_trips_mid_deal():
    """A game saved with cards face down plays on the same."""
    g = table(["2H", "9H", "4H", "3H", "6H", "7H", "2D"])
    plays_on_the_same(g, "p0", "buy", amount=15)


def test_every_message_key_and_result_turns_up():
    """Every declared key is logged in play, and every payout result occurs."""
    log: list[dict] = []
    for seed in range(40):
        options = {"rounds": 6, "start_chips": 40, "rebuy": seed % 2 == 1}
        play_randomly(make(MODE, 2 + seed % 6, seed=seed, **options), random.Random(seed), churn=True,
                      skips=0.1, every=50, log=log)
    g = table(["AH", "2D", "2S", "KH", "3D", "3S", "4D", "2H", "3H", "4S", "5S", "6S"])
    for pid, move in [("p0", "declare"), ("p1", "twist"), ("p1", "twist"), ("p1", "twist")] + [("p2", "twist")] * 3:
        act(g, pid, move)  # the banker's five card trick, rare at random
    log.extend(e.wire() for e in g.s.log)
    log.extend(e.wire() for e in sixteen_to_the_end_of_the_pack().s.log)  # a second pack, rare at random
    used = {e["msg"] for e in log}
    assert set(Pontoon.MESSAGES) - used == set()
    assert {e["result"] for e in log if e["msg"] == "chips.payout"} == set(RESULTS)
