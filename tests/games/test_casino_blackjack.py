"""Casino Blackjack (seed 001, "21"): one test per rule, on staged decks.

A staged deck is dealt as at the table: first player, second player, ...,
the dealer's upcard, first player, second player, ..., the hole card; then
the cards in the order they are asked for (a split hand's second card when
its turn comes, the dealer's cards last). With European rules there is no
hole card: the dealer's second card is the first one after the players'.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from partyapp.games import MODES, IllegalAction, NotYourTurn
from partyapp.games.twentyone.casino_blackjack import CasinoBlackjack
from partyapp.games.twentyone.casino_blackjack import RESULTS

from .betting_helpers import chips, hands, payouts, play_coming_and_going
from .cardgame_helpers import (Auditor, act, entries, make, msgs, play_randomly, roundtrip,
                               types)

MODE = "casino_blackjack"


def table(deck, n=2, bets=None, **options):
    """A game whose first deal is staged; every player bets (10 unless ``bets`` says otherwise)."""
    g = make(MODE, n, deck=deck, **options)
    for pid in list(g.s.bettors):
        act(g, pid, "bet", amount=(bets or {}).get(pid, 10))
    return g


def dealer_plays(g) -> int:
    """Run the house dealer's paced steps, each when it is due; returns how many."""
    steps = 0
    while g.next_deadline() is not None:
        g.tick(g.next_deadline())
        steps += 1
    return steps


def finish_deal(g) -> None:
    """Play a deal out whatever its cards: no insurance, every hand stands."""
    while g.public_view()["phase"] in ("insurance", "play"):
        pid = g.public_view()["turn"] or g.public_view()["waiting_for"][0]
        act(g, pid, *(("insurance",) if g.public_view()["phase"] == "insurance" else ("stand",)),
            **({"take": False} if g.public_view()["phase"] == "insurance" else {}))
    dealer_plays(g)


# -- the table ----------------------------------------------------------------------------------------
def test_mode_is_registered_for_one_to_seven_players():
    """casino_blackjack is a mode; the house deals to 1 to 7 players."""
    assert MODES[MODE] is CasinoBlackjack
    assert make(MODE, 1).players() == ["p0"]
    with pytest.raises(ValueError, match="1 to 7"):
        make(MODE, 8)
    g = make(MODE, 7)
    with pytest.raises(IllegalAction, match="at most 7"):
        g.add_player({"id": "p9", "group": None}, 0.0)


def test_bets_come_before_the_deal_all_at_once_within_the_limits():
    """Every player bets or sits out at once (no turn), from the minimum to
    the maximum; no card is dealt until everybody has decided."""
    g = make(MODE, 3, min_bet=5, max_bet=40)
    view = g.public_view()
    assert view["turn"] is None and view["phase"] == "bet" and view["waiting_for"] == ["p0", "p1", "p2"]
    assert g.legal_actions("p2") == [{"type": "bet", "params": {"amount": {"int": {"min": 5, "max": 40}}}},
                                     {"type": "sit_out", "params": {}}]
    with pytest.raises(IllegalAction, match="from 5 to 40"):
        act(g, "p0", "bet", amount=45)
    act(g, "p0", "bet", amount=40)
    act(g, "p1", "sit_out")
    assert g.public_view()["phase"] == "bet" and g.hand("p0") == []
    act(g, "p2", "bet", amount=5)
    assert g.public_view()["phase"] == "play" and g.s.order == ["p0", "p2"]
    assert chips(g) == {"p0": 60, "p1": 100, "p2": 95}


def test_a_deal_nobody_bets_on_counts_as_played():
    """When everybody sits out the deal is called off and counted."""
    g = make(MODE, 2, rounds=2)
    act(g, "p0", "sit_out")
    act(g, "p1", "sit_out")
    assert entries(g, "round.void") == [{"reason": "no_bets"}] and g.public_view()["round"] == 2


def test_deal_order_upcard_and_hole_card():
    """One card each from the first seat, the upcard, a second card each, the
    hole card; the players' cards are face up, the hole card is in no view."""
    g = table(["2H", "3H", "4H", "5H", "6H", "7H"])
    view = g.public_view()
    assert [h["cards"] for h in view["hands"]["p0"]] == [["2H", "5H"]]
    assert [h["cards"] for h in view["hands"]["p1"]] == [["3H", "6H"]]
    assert view["dealer_hand"] == {"player": None, "cards": ["4H", None], "status": "live", "total": 4, "soft": False}
    assert entries(g, "twentyone.deal") == [{"dealer": None, "players": ["p0", "p1"], "upcard": "4H"}]
    everything = json.dumps([view, g.private_view("p0"), g.private_view("p1"), g.legal_actions("p0")])
    assert "7H" not in everything
    assert g.private_view("p1") == {"hand": ["3H", "6H"], "totals": [{"total": 9, "soft": False}]}


def test_the_shoe_holds_the_decks_asked_for():
    """decks: the shoe is that many packs, shuffled together."""
    g = table(["2H", "3H", "4H", "5H", "6H", "7H"], decks=3)
    assert g.public_view()["piles"] == {"shoe": 3 * 52 - 6, "discards": 0}
    assert Counter(g.s.stock)["AS"] == 3
    assert entries(g, "twentyone.shuffle") == [{"count": 156}]


def test_the_shoe_is_shuffled_at_the_cut_card():
    """With less than a quarter of the shoe left, every card goes back and the
    shoe is shuffled before the next deal; before that the last deal's cards
    lie in the discards."""
    g = table(["10H", "9H", "7C", "10D", "9D", "10C"], decks=1)
    act(g, "p0", "stand")
    act(g, "p1", "stand")
    dealer_plays(g)
    act(g, "p0", "bet", amount=10)
    act(g, "p1", "bet", amount=10)
    assert g.public_view()["piles"] == {"shoe": 52 - 12, "discards": 6}
    finish_deal(g)
    g.s.stock = g.s.stock[:12]  # past the cut card
    act(g, "p0", "bet", amount=10)
    act(g, "p1", "bet", amount=10)
    assert len(entries(g, "twentyone.shuffle")) == 2
    assert g.public_view()["piles"]["discards"] == 0 and len(g.s.stock) + 6 == 52


def test_a_shoe_run_dry_mid_deal_goes_on_with_the_discards():
    """No card left in the shoe during a deal: the discards are shuffled in."""
    g = table(["10H", "9H", "7C", "10D", "9D", "10C"], decks=1)
    g.s.discards = ["2S", "3S"]
    g.s.stock = []
    act(g, "p0", "hit")
    assert sorted(g.hand("p0")[2:] + g.s.stock) == ["2S", "3S"] and g.s.discards == []


# -- the players' moves ---------------------------------------------------------------------------------
def test_the_first_seat_plays_first_and_only_the_player_to_play_acts():
    """Play goes from the first seat; others are told it is not their turn."""
    g = table(["10H", "9C", "7S", "6D", "9D", "10S"])
    assert g.public_view()["turn"] == "p0" and g.public_view()["current"] == {"player": "p0", "hand": 0}
    assert types(g, "p1") == []
    with pytest.raises(NotYourTurn):
        act(g, "p1", "hit")


def test_hit_takes_a_card_and_21_stands_by_itself():
    """A hit is dealt face up; a hand that makes 21 stands and the turn moves on."""
    g = table(["10H", "9C", "7S", "6D", "9D", "10S", "5C"])
    act(g, "p0", "hit")
    assert hands(g, "p0")[0]["cards"] == ["10H", "6D", "5C"] and hands(g, "p0")[0]["status"] == "stood"
    assert g.public_view()["turn"] == "p1"
    assert entries(g, "twentyone.stand") == [{"player": "p0", "hand": 0, "total": 21}]


def test_bust_loses_at_once():
    """Over 21 the hand loses and its bet is collected before the dealer plays."""
    g = table(["10H", "9C", "7S", "6D", "9D", "10S", "KC"])
    act(g, "p0", "hit")
    assert hands(g, "p0")[0]["status"] == "bust"
    assert payouts(g) == {("p0", "bet"): ("bust", -10)} and chips(g)["p0"] == 90


def test_double_takes_one_card_for_twice_the_bet():
    """Double on the first two cards: the bet raised, exactly one card, done."""
    g = table(["6H", "9C", "7S", "5D", "9D", "10S", "KC"], n=2)
    act(g, "p0", "double", amount=10)
    hand = hands(g, "p0")[0]
    assert hand["cards"] == ["6H", "5D", "KC"] and hand["stake"] == 20 and hand["status"] == "stood"
    assert g.public_view()["turn"] == "p1"
    act(g, "p1", "stand")
    dealer_plays(g)  # 7 + 10 = 17: stands
    assert payouts(g)[("p0", "bet")] == ("win", 20)


def test_double_for_less_and_its_option():
    """The double may be any amount up to the bet; off, exactly the bet."""
    g = table(["6H", "7S", "5D", "10S"], n=1)
    assert g.legal_actions("p0")[2] == {"type": "double", "params": {"amount": {"int": {"min": 1, "max": 10}}}}
    g = table(["6H", "7S", "5D", "10S"], n=1, double_for_less=False)
    assert g.legal_actions("p0")[2] == {"type": "double", "params": {"amount": {"int": {"min": 10, "max": 10}}}}


@pytest.mark.parametrize("rule, first_two, allowed", [
    ("any", ["10H", "7D"], True),
    ("9-11", ["5H", "4D"], True),
    ("9-11", ["10H", "2D"], False),
    ("10-11", ["5H", "4D"], False),
    ("10-11", ["6H", "4D"], True),
])
def test_which_totals_may_double(rule, first_two, allowed):
    """double_on: any two cards, 9 to 11, or 10 to 11."""
    g = table([first_two[0], "7S", first_two[1], "10S"], n=1, double_on=rule)
    assert ("double" in types(g, "p0")) is allowed


def test_split_a_pair_of_the_same_value():
    """Two cards of the same value split for a second equal bet; each hand
    gets its second card when its turn comes."""
    g = table(["10H", "7S", "KD", "10S", "5C", "9C"], n=1)
    assert "split" in types(g, "p0")
    act(g, "p0", "split")
    assert [h["cards"] for h in hands(g, "p0")] == [["10H", "5C"], ["KD"]]
    assert g.public_view()["stakes"] == {"p0": {"bet": 10, "split1": 10}}
    act(g, "p0", "stand")
    assert [h["cards"] for h in hands(g, "p0")] == [["10H", "5C"], ["KD", "9C"]]
    assert g.public_view()["current"] == {"player": "p0", "hand": 1}
    act(g, "p0", "stand")
    dealer_plays(g)  # 17
    assert payouts(g) == {("p0", "bet"): ("lose", -10), ("p0", "split1"): ("win", 10)}


def test_re_split_up_to_the_most_hands():
    """A new pair splits again, up to max_hands hands."""
    g = table(["8H", "7S", "8D", "10S", "8C", "8S", "2C", "3C", "4C", "5C"], n=1, max_hands=3)
    act(g, "p0", "split")  # hand 0: 8H 8C
    act(g, "p0", "split")  # hand 0: 8H 8S (a third hand: the most)
    assert len(hands(g, "p0")) == 3 and "split" not in types(g, "p0")
    assert [h["box"] for h in hands(g, "p0")] == ["bet", "split2", "split1"]


def test_split_aces_take_one_card_each_and_ace_ten_is_21_not_blackjack():
    """Each split ace gets one card and stands; an ace and a ten after a split
    is 21, paid 1:1."""
    g = table(["AH", "7S", "AD", "10S", "KC", "5D"], n=1)
    act(g, "p0", "split")
    assert [h["cards"] for h in hands(g, "p0")] == [["AH", "KC"], ["AD", "5D"]]
    assert [h["status"] for h in hands(g, "p0")] == ["stood", "stood"]
    dealer_plays(g)  # 17
    assert payouts(g) == {("p0", "bet"): ("win", 10), ("p0", "split1"): ("lose", -10)}


def test_split_aces_are_split_again_only_when_allowed():
    """A third ace on a split ace stands, unless resplit_aces; and with
    hit_split_aces a split ace may take more cards."""
    deck = ["AH", "7S", "AD", "10S", "AC", "5D", "9D"]
    g = table(deck, n=1)
    act(g, "p0", "split")
    assert [h["cards"] for h in hands(g, "p0")] == [["AH", "AC"], ["AD", "5D"]]
    assert [h["status"] for h in hands(g, "p0")] == ["stood", "stood"]
    g = table(deck, n=1, resplit_aces=True)
    act(g, "p0", "split")
    assert types(g, "p0") == ["stand", "split"]
    g = table(["AH", "7S", "AD", "10S", "5C", "5D"], n=1, hit_split_aces=True)
    act(g, "p0", "split")
    assert types(g, "p0")[:2] == ["hit", "stand"]


def test_double_after_split_only_when_allowed():
    """double_after_split off: a split hand may not double."""
    deck = ["8H", "7S", "8D", "10S", "3C"]
    g = table(deck, n=1)
    act(g, "p0", "split")
    assert "double" in types(g, "p0")
    g = table(deck, n=1, double_after_split=False)
    act(g, "p0", "split")
    assert "double" not in types(g, "p0")


def test_surrender_gives_up_half_the_bet():
    """Late surrender on the first two cards: half the bet back (the half
    kept rounded down), the hand out of play."""
    g = table(["10H", "9C", "10S", "6D", "9D", "7S"], bets={"p0": 15, "p1": 10})
    assert "surrender" in types(g, "p0")
    act(g, "p0", "surrender")
    assert hands(g, "p0")[0]["status"] == "surrendered" and payouts(g) == {("p0", "bet"): ("surrender", -8)}
    assert g.public_view()["turn"] == "p1"


def test_no_surrender_after_a_split_or_when_switched_off():
    """Surrender is for an unsplit hand's first two cards, and an option."""
    g = table(["8H", "7S", "8D", "10S", "3C"], n=1)
    act(g, "p0", "split")
    assert "surrender" not in types(g, "p0")
    assert "surrender" not in types(table(["10H", "7S", "6D", "10S"], n=1, surrender=False), "p0")


# -- naturals and insurance --------------------------------------------------------------------------------
@pytest.mark.parametrize("pays, bet, won", [("3:2", 10, 15), ("3:2", 5, 7), ("6:5", 10, 12)])
def test_blackjack_pays_3_to_2_or_6_to_5(pays, bet, won):
    """A player's blackjack is paid at the rate of the table, rounded down."""
    g = table(["AH", "7S", "KD", "10S"], n=1, bets={"p0": bet}, blackjack_pays=pays)
    assert hands(g, "p0")[0]["status"] == "blackjack" and g.legal_actions("p0") == []
    dealer_plays(g)
    assert payouts(g) == {("p0", "bet"): ("blackjack", won)}


def test_dealer_peeks_under_a_ten_and_a_blackjack_ends_the_deal():
    """Ten up, ace in the hole: shown at once; a player's blackjack pushes,
    every other box loses its bet, and nobody plays."""
    g = table(["AH", "9C", "KS", "KD", "9D", "AS"])
    assert g.public_view()["dealer_hand"]["cards"] == ["KS", "AS"]
    assert payouts(g) == {("p0", "bet"): ("push", 0), ("p1", "bet"): ("lose", -10)}
    assert g.public_view()["phase"] == "bet" and "twentyone.hit" not in msgs(g)
    assert entries(g, "twentyone.dealer_blackjack") == [{"cards": ["KS", "AS"]}]


def test_a_peek_without_blackjack_keeps_the_hole_card_hidden():
    """Ten up and no blackjack: the dealer says so and play goes on."""
    g = table(["10H", "9C", "KS", "6D", "9D", "7S"])
    assert "casino_blackjack.peek" in msgs(g) and g.public_view()["dealer_hand"]["cards"] == ["KS", None]
    assert "7S" not in json.dumps(g.public_view())


def test_insurance_on_an_ace_pays_2_to_1_when_the_dealer_has_blackjack():
    """Ace up: everybody may insure for half the bet at once; the dealer's
    blackjack pays it 2:1 and takes the bets."""
    g = table(["10H", "9C", "AS", "9D", "8D", "KS"])
    view = g.public_view()
    assert view["phase"] == "insurance" and view["turn"] is None and view["waiting_for"] == ["p0", "p1"]
    assert g.legal_actions("p0") == [{"type": "insurance", "params": {"take": {"one_of": [True, False]}}}]
    act(g, "p0", "insurance", take=True)
    assert g.public_view()["stakes"]["p0"] == {"bet": 10, "insurance": 5}
    act(g, "p1", "insurance", take=False)
    assert payouts(g) == {("p0", "insurance"): ("insurance", 10), ("p0", "bet"): ("lose", -10),
                          ("p1", "bet"): ("lose", -10)}
    assert chips(g) == {"p0": 100, "p1": 90}


def test_insurance_is_lost_without_blackjack_and_the_deal_goes_on():
    """No blackjack under the ace: the insurance is lost at the peek, play goes on."""
    g = table(["10H", "9C", "AS", "9D", "8D", "7S"])
    act(g, "p0", "insurance", take=True)
    act(g, "p1", "insurance", take=False)
    assert payouts(g) == {("p0", "insurance"): ("insurance_lost", -5)}
    assert g.public_view()["turn"] == "p0" and g.public_view()["dealer_hand"]["cards"] == ["AS", None]


def test_a_players_blackjack_against_an_ace_may_take_even_money():
    """A blackjack may insure too; the dealer's blackjack then pushes it and
    pays the insurance: even money."""
    g = table(["AH", "AS", "KD", "KS"], n=1)
    act(g, "p0", "insurance", take=True)
    assert payouts(g) == {("p0", "insurance"): ("insurance", 10), ("p0", "bet"): ("push", 0)}
    assert chips(g)["p0"] == 110


# -- the European game ---------------------------------------------------------------------------------------
def test_european_dealer_takes_no_hole_card():
    """hole_card european: the dealer has one card until the players are done,
    then takes the second."""
    g = table(["10H", "9C", "6S", "8D", "9D", "KS"], hole_card="european")
    assert g.public_view()["dealer_hand"]["cards"] == ["6S"]
    act(g, "p0", "stand")
    act(g, "p1", "stand")
    dealer_plays(g)
    assert entries(g, "twentyone.dealer_card")[0] == {"card": "KS", "total": 16}


def test_european_dealer_blackjack_takes_doubles_and_splits():
    """Without a hole card a dealer's blackjack wins everything on the box."""
    g = table(["6H", "8C", "AS", "5D", "8D", "KC", "2C", "3C", "KS"], hole_card="european")
    act(g, "p0", "insurance", take=False)
    act(g, "p1", "insurance", take=False)
    act(g, "p0", "double", amount=10)
    act(g, "p1", "split")
    act(g, "p1", "stand")
    act(g, "p1", "stand")
    dealer_plays(g)
    assert payouts(g) == {("p0", "bet"): ("lose", -20), ("p1", "bet"): ("lose", -10),
                          ("p1", "split1"): ("lose", -10)}


def test_european_insurance_is_settled_with_the_dealers_second_card():
    """European: the insurance stays up until the dealer's second card."""
    g = table(["10H", "AS", "9D", "KS"], n=1, hole_card="european")
    act(g, "p0", "insurance", take=True)
    assert g.public_view()["stakes"]["p0"] == {"bet": 10, "insurance": 5}
    act(g, "p0", "stand")
    dealer_plays(g)
    assert payouts(g)[("p0", "insurance")] == ("insurance", 10)


def test_european_surrender_only_against_two_to_nine():
    """Nothing is checked without a hole card: no surrender against an ace or a ten."""
    assert "surrender" in types(table(["10H", "6S", "6D"], n=1, hole_card="european"), "p0")
    assert "surrender" not in types(table(["10H", "KS", "6D"], n=1, hole_card="european"), "p0")


# -- the dealer ----------------------------------------------------------------------------------------------------
def test_the_dealers_play_is_automatic_and_paced():
    """After the last player the dealer plays by itself, one step every
    dealer_pace_ms: the hole card, each card, then the settling."""
    g = table(["10H", "10C", "6S", "KH", "9C", "10S", "5S"], dealer_pace_ms=1500)
    act(g, "p0", "stand")
    g.apply("p1", {"type": "stand"}, 100.0)
    view = g.public_view()
    assert view["phase"] == "dealer" and view["turn"] is None and g.legal_actions("p0") == []
    assert g.next_deadline() == 101.5
    assert g.tick(101.0) == [] and view["dealer_hand"]["cards"] == ["6S", None]
    assert [e["msg"] for e in g.tick(101.5)] == ["casino_blackjack.reveal"]
    assert g.next_deadline() == 103.0
    assert [e["msg"] for e in g.tick(103.0)] == ["twentyone.dealer_card"]
    events = g.tick(104.5)
    assert [e["msg"] for e in events][:2] == ["twentyone.dealer_stand", "chips.payout"]
    assert g.next_deadline() is None and g.public_view()["phase"] == "bet"
    assert payouts(g) == {("p0", "bet"): ("lose", -10), ("p1", "bet"): ("lose", -10)}


def test_a_late_tick_runs_every_step_that_is_due():
    """A tick long after the deadline plays every due step at once."""
    g = table(["10H", "10C", "6S", "KH", "9C", "10S", "5S"], dealer_pace_ms=1000)
    act(g, "p0", "stand")
    act(g, "p1", "stand")
    g.tick(60.0)
    assert g.public_view()["phase"] == "bet" and g.s.round == 1


def test_dealer_hits_16_and_stands_on_17():
    """Below 17 the dealer hits; on 17 or more it stands."""
    g = table(["10H", "10C", "10S", "KH", "9C", "6S", "AC", "5D"])
    act(g, "p0", "stand")
    act(g, "p1", "stand")
    dealer_plays(g)
    assert [e["card"] for e in entries(g, "twentyone.dealer_card")] == ["AC"]
    assert entries(g, "twentyone.dealer_stand") == [{"total": 17}]


@pytest.mark.parametrize("h17, cards", [(False, []), (True, ["KD"])])
def test_soft_17_stands_or_hits_as_the_table_says(h17, cards):
    """Ace and six: the dealer stands (hit_soft_17 off) or hits (on)."""
    g = table(["10H", "6S", "9D", "AS", "KD"], n=1, hit_soft_17=h17)
    act(g, "p0", "stand")
    dealer_plays(g)
    assert [e["card"] for e in entries(g, "twentyone.dealer_card")] == cards


def test_dealer_bust_pays_every_hand_standing():
    """A bust dealer pays all who did not bust."""
    g = table(["10H", "10C", "6S", "2H", "9C", "10S", "KS"])
    act(g, "p0", "stand")
    act(g, "p1", "stand")
    dealer_plays(g)
    assert payouts(g) == {("p0", "bet"): ("win", 10), ("p1", "bet"): ("win", 10)}
    assert entries(g, "twentyone.dealer_bust") == [{"total": 26}]


def test_a_push_returns_the_bet():
    """Equal totals: a push, the bet comes back."""
    g = table(["10H", "8S", "8D", "KS"], n=1)
    act(g, "p0", "stand")
    dealer_plays(g)
    assert payouts(g) == {("p0", "bet"): ("push", 0)} and chips(g)["p0"] == 100


def test_no_dealer_cards_when_every_box_is_bust():
    """Every hand bust: the hole card is turned, no card is drawn."""
    g = table(["10H", "5S", "6D", "10S", "KC"], n=1)
    act(g, "p0", "hit")
    assert dealer_plays(g) == 2
    assert "twentyone.dealer_card" not in msgs(g) and "casino_blackjack.reveal" in msgs(g)


def test_the_dealer_does_not_stand_when_every_box_is_bust():
    """Every hand bust: the log never says the dealer stands (on 11 or else)."""
    g = table(["10H", "5S", "6D", "10S", "KC"], n=1)
    act(g, "p0", "hit")
    dealer_plays(g)
    assert "twentyone.dealer_stand" not in msgs(g)
    assert g.public_view()["dealer_hand"]["status"] != "stood"


# -- the session ----------------------------------------------------------------------------------------------------
def test_the_game_ends_after_the_rounds_with_the_stacks():
    """After ``rounds`` deals the game is over with stacks, net and drinks."""
    g = table(["10H", "10C", "6S", "KH", "9C", "10S", "5S"], rounds=1)
    act(g, "p0", "stand")
    act(g, "p1", "stand")
    dealer_plays(g)
    result = g.public_view()["result"]
    assert result["reason"] == "rounds" and result["chips"] == {"p0": 90, "p1": 90}
    assert result["drinks"] == {"p0": 1, "p1": 1} and result["losers"] == []


def test_a_lone_player_out_of_chips_ends_the_game():
    """The house never runs out; the game ends when nobody can cover the minimum."""
    g = table(["10H", "7S", "6D", "10S", "KC"], n=1, start_chips=10, min_bet=10, max_bet=10)
    act(g, "p0", "hit")
    dealer_plays(g)
    assert g.is_over() and g.s.result["reason"] == "chips"


# -- forfeits -------------------------------------------------------------------------------------------------------
def test_losing_busting_and_surrendering_cost_a_drink():
    """A beaten, bust or surrendered hand drinks one; off, nobody drinks."""
    deck = ["10H", "10C", "KD", "10S", "6D", "8C", "7S", "KC"]
    for on in (True, False):
        g = table(deck, n=3, forfeits=on)
        act(g, "p0", "surrender")
        act(g, "p1", "hit")
        act(g, "p2", "stand")
        dealer_plays(g)
        assert g.drinks() == ({"p0": 1, "p1": 1, "p2": 1} if on else {})


# -- seats and absent phones --------------------------------------------------------------------------------------------
def test_a_player_leaving_mid_hand_takes_the_stake_and_the_turn_moves_on():
    """The leaver's bet goes back with them; the next box plays."""
    g = table(["10H", "9C", "7S", "6D", "9D", "10S"])
    g.remove_player("p0", 0.0)
    view = g.public_view()
    assert view["turn"] == "p1" and "p0" not in view["hands"] and "p0" not in view["chips"]
    assert g.s.discards == ["10H", "6D"]


def test_a_player_leaving_during_the_insurance():
    """Leaving while others decide on insurance: the others go on."""
    g = table(["10H", "9C", "AS", "9D", "8D", "7S"])
    act(g, "p1", "insurance", take=False)
    g.remove_player("p0", 0.0)
    assert g.public_view()["phase"] == "play" and g.public_view()["turn"] == "p1"


def test_the_last_box_leaving_during_the_insurance_ends_the_deal():
    """Nobody left in the deal: it is settled (nothing to pay) and the next betting begins."""
    g = make(MODE, 2, deck=["10H", "AS", "9D", "KS"])
    act(g, "p0", "bet", amount=10)
    act(g, "p1", "sit_out")
    assert g.public_view()["phase"] == "insurance"
    g.remove_player("p0", 0.0)
    assert g.public_view()["phase"] == "bet" and g.s.round == 1 and g.public_view()["stakes"] == {}


def test_the_last_player_leaving_ends_the_game():
    """Nobody left at the table: the game is over."""
    g = table(["10H", "7S", "6D", "10S"], n=1)
    g.remove_player("p0", 0.0)
    assert g.is_over() and g.s.result["reason"] == "players"


def test_a_joiner_bets_at_the_next_betting():
    """A newcomer gets a stack and is dealt in at the next deal."""
    g = table(["10H", "9C", "7S", "6D", "9D", "10S"])
    g.add_player({"id": "p5", "group": None}, 0.0)
    assert g.legal_actions("p5") == [] and g.public_view()["chips"]["p5"] == 100
    act(g, "p0", "stand")
    act(g, "p1", "stand")
    dealer_plays(g)
    assert g.public_view()["waiting_for"] == ["p0", "p1", "p5"]


def test_skip_sits_out_declines_insurance_and_stands():
    """An absent phone sits the deal out, declines insurance, stands."""
    g = make(MODE, 3, deck=["10H", "9C", "AS", "9D", "8D", "7S"])
    act(g, "p0", "bet", amount=10)
    act(g, "p1", "bet", amount=10)
    assert g.waiting_for() == ["p2"]
    g.skip("p2", 0.0)
    assert g.public_view()["sat_out"] == ["p2"]
    act(g, "p1", "insurance", take=True)
    g.skip("p0", 0.0)
    assert g.s.insurance == {"p0": 0, "p1": 5}
    g.skip("p0", 0.0)
    assert hands(g, "p0")[0]["status"] == "stood"
    with pytest.raises(IllegalAction):
        g.skip("p0", 0.0)
    assert [e["action"] for e in entries(g, "game.skipped")] == ["sit_out", "insurance", "stand"]


def test_the_host_ends_the_game_mid_deal_with_the_hole_card_hidden():
    """finish: the bets go back and the hole card stays unseen."""
    g = table(["10H", "9C", "7S", "6D", "9D", "10S"])
    g.finish(0.0)
    view = g.public_view()
    assert view["over"] and view["chips"] == {"p0": 100, "p1": 100} and "10S" not in json.dumps(view)


# -- random play ------------------------------------------------------------------------------------------------------
def hidden(g, viewer):
    """The shoe and the hole card while it lies face down."""
    out = Counter(g.s.stock)
    dealer = g.s.dealer_hand
    if dealer and not dealer.shown:
        out[dealer.cards[1]] += 1
    return out


def visible(g, viewer):
    """Every player's cards and the dealer's cards face up."""
    out = Counter()
    for hs in g.s.hands.values():
        for h in hs:
            out.update(h.cards)
    dealer = g.s.dealer_hand
    if dealer:
        out.update(dealer.cards[:1] if not dealer.shown else dealer.cards)
    return out


OPTION_SETS = [
    {},
    {"hole_card": "european", "blackjack_pays": "6:5", "hit_soft_17": True},
    {"double_on": "9-11", "double_for_less": False, "double_after_split": False, "surrender": False},
    {"resplit_aces": True, "hit_split_aces": True, "max_hands": 2, "dealer_pace_ms": 0},
]


@pytest.mark.parametrize("n, seed", [(1, 1), (2, 2), (4, 3), (7, 4)])
@pytest.mark.parametrize("options", OPTION_SETS)
def test_random_play_finishes_and_never_shows_the_hole_card(n, seed, options):
    """Bots finish the game with every rule set, one deck (so a card code is
    one card), and no view ever carries the shoe or the hole card."""
    auditor = Auditor(hidden, visible)
    g = make(MODE, n, seed=seed, rounds=6, decks=1, start_chips=60, **options)
    g, steps = play_randomly(g, random.Random(seed), auditor=auditor)
    assert g.is_over() and auditor.checked >= steps


@pytest.mark.parametrize("seed", range(8))
def test_random_play_with_players_coming_and_going(seed):
    """Leavers, joiners, skipped phones, rebuys: the game finishes clean."""
    options = {**OPTION_SETS[seed % 4], "rounds": 8, "rebuy": seed % 2 == 0, "start_chips": 30,
               "min_bet": 5, "max_bet": 20, "decks": 1 + seed % 3}
    play_coming_and_going(MODE, 1 + seed % 7, seed, hidden, visible, **options)


def test_state_round_trips_mid_deal_and_mid_dealer_play():
    """A game saved mid-deal or mid-way through the dealer's play goes on the same."""
    g = table(["10H", "10C", "6S", "KH", "9C", "10S", "5S"])
    copy = roundtrip(g)
    for game in (g, copy):
        act(game, "p0", "stand")
        act(game, "p1", "stand")
        game.tick(game.next_deadline())
    copy = roundtrip(g)
    dealer_plays(g)
    dealer_plays(copy)
    assert copy.to_state() == g.to_state()


def test_every_message_key_and_result_turns_up():
    """Every declared key is logged in play, and every payout result occurs."""
    log: list[dict] = []
    for seed in range(40):
        options = {**OPTION_SETS[seed % 4], "rounds": 6, "start_chips": 40, "decks": 1 + seed % 2,
                   "rebuy": seed % 2 == 1}
        play_randomly(make(MODE, 1 + seed % 7, seed=seed, **options), random.Random(seed), churn=True,
                      skips=0.1, every=50, log=log)
    g = table(["10H", "9C", "7S", "6D", "9D", "10S"])
    g.finish(0.0)
    used = {e["msg"] for e in log} | set(msgs(g))
    # every forfeit at this table comes with its payout: no forfeit.drink of its own
    assert set(CasinoBlackjack.MESSAGES) - used == {"forfeit.drink"}
    assert {e["result"] for e in log if e["msg"] == "chips.payout"} == set(RESULTS)


def test_a_staged_shoe_repeats_a_card_as_often_as_the_shoe_holds_it():
    """A staged deck of a 6-deck shoe may hold a card up to 6 times
    (dealt as staged), not once; more often than the shoe holds it is refused."""
    g = table(["AS"] * 6, n=2, decks=6)
    assert {p: [c for h in hands(g, p) for c in h["cards"]] for p in ("p0", "p1")} == {"p0": ["AS", "AS"], "p1": ["AS", "AS"]}
    with pytest.raises(ValueError, match="that often"):
        make(MODE, 2, deck=["AS"] * 7, decks=6)
    with pytest.raises(ValueError, match="that often"):
        make(MODE, 2, deck=["AS", "AS"], decks=1)
