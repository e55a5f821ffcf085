"""Russian Blackjack (seed 003, "Блек-джек"; 003_english.md): one test per rule.

With three players p0, p1, p2 the first dealer is p2 (the last seat), so a
staged deck is dealt p0, p1, the dealer's one card, p0, p1; then the cards
asked for in order (the dealer's second card when the dealer plays).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from partyapp.games import MODES, IllegalAction, NotYourTurn
from partyapp.games.twentyone.russian_blackjack import RussianBlackjack
from partyapp.games.twentyone.russian_blackjack import RESULTS

from .betting_helpers import chips, hands, payouts, play_coming_and_going
from .cardgame_helpers import (Auditor, act, entries, make, msgs, play_randomly, plays_on_the_same,
                               types)

MODE = "russian_blackjack"


def table(deck, n=3, bets=None, **options):
    """A game whose first deal is staged; every player but the dealer bets
    (10 each unless ``bets`` says otherwise)."""
    g = make(MODE, n, deck=deck, **options)
    for pid in list(g.s.bettors):
        act(g, pid, "bet", amount=(bets or {}).get(pid, 10))
    return g


def dealer_plays(g) -> None:
    """The dealer makes the moves the rule allows until the deal is settled."""
    dealer = g.s.dealer
    while g.public_view()["phase"] == "dealer" and not g.is_over():
        act(g, dealer, types(g, dealer)[0])


# -- the deal ------------------------------------------------------------------------------------------
def test_mode_is_registered():
    """russian_blackjack is a mode of the app."""
    assert MODES[MODE] is RussianBlackjack


def test_the_dealer_takes_one_card_until_the_players_are_done():
    """Two cards to each player, one to the dealer: players first, dealer
    last in the first round; the dealer's second card comes at their turn."""
    g = table(["10H", "9C", "5S", "6D", "9D", "KS"])
    assert g.s.dealer == "p2"
    view = g.public_view()
    assert [h["cards"] for h in view["hands"]["p0"]] == [["10H", "6D"]]
    assert view["dealer_hand"] == {"player": "p2", "cards": ["5S"], "status": "live", "total": 5, "soft": False}
    assert g.private_view("p2")["hand"] == ["5S"]
    act(g, "p0", "stand")
    act(g, "p1", "stand")
    assert g.public_view()["turn"] == "p2" and types(g, "p2") == ["hit"]
    act(g, "p2", "hit")
    assert g.public_view()["dealer_hand"]["cards"] == ["5S", "KS"]


def test_the_dealer_draws_to_at_least_17():
    """Below 17 the dealer's only move is hit; on 17 or more, stand (soft 17 too)."""
    g = table(["10H", "9C", "5S", "8D", "9D", "AS", "AC", "2C"])
    act(g, "p0", "stand")
    act(g, "p1", "stand")
    act(g, "p2", "hit")  # 5 + A = soft 16
    assert types(g, "p2") == ["hit"]
    act(g, "p2", "hit")  # + A: soft 17
    assert types(g, "p2") == ["stand"]
    act(g, "p2", "stand")
    assert payouts(g) == {("p0", "bet"): ("win", 10), ("p1", "bet"): ("win", 10)}


def test_players_play_in_turn_from_the_dealers_left():
    """The first seat plays first; the others wait."""
    g = table(["10H", "9C", "5S", "6D", "9D"])
    assert g.public_view()["turn"] == "p0"
    with pytest.raises(NotYourTurn):
        act(g, "p1", "hit")


def test_the_deal_passes_to_the_left():
    """After a deal the player on the dealer's left deals."""
    g = table(["10H", "9C", "5S", "9D", "8D", "KS", "2S"])
    act(g, "p0", "stand")
    act(g, "p1", "stand")
    dealer_plays(g)
    assert g.s.dealer == "p0" and g.public_view()["waiting_for"] == ["p1", "p2"]


def test_at_the_next_betting_the_table_names_who_dealt_the_cards_shown():
    """p0 deals next; the last deal's dealer's hand on the table stays p2's,
    and p0's hand of that deal stays p0's."""
    g = table(["10H", "9C", "5S", "9D", "8D", "KS", "2S"], rounds=2)
    act(g, "p0", "stand")
    act(g, "p1", "stand")
    dealer_plays(g)  # 5, K, 2: 17
    view = g.public_view()
    assert view["phase"] == "bet" and view["dealer"] == "p0"
    assert view["dealer_hand"] == {"player": "p2", "cards": ["5S", "KS", "2S"], "status": "stood", "total": 17,
                                   "soft": False}
    assert g.private_view("p0")["hand"] == ["10H", "9D"] and g.private_view("p2")["hand"] == ["5S", "KS", "2S"]
    assert view["hand_sizes"] == {"p0": 2, "p1": 2, "p2": 3}


def test_after_the_last_deal_the_deal_passes_to_nobody():
    """The game ends with the deal: p2 stays the dealer of the cards shown."""
    g = table(["10H", "9C", "5S", "9D", "8D", "KS", "2S"], rounds=1)
    act(g, "p0", "stand")
    act(g, "p1", "stand")
    dealer_plays(g)
    view = g.public_view()
    assert view["over"] and view["dealer"] == "p2" and view["dealer_hand"]["player"] == "p2"
    assert [e["dealer"] for e in entries(g, "round.start")] == ["p2"]


# -- comparing hands ----------------------------------------------------------------------------------------
def test_black_jack_pays_3_to_2():
    """An ace and a picture card first: Black Jack, paid 3 to 2."""
    g = table(["AH", "9C", "5S", "KD", "9D", "KS", "2S"])
    assert hands(g, "p0")[0]["status"] == "blackjack" and g.public_view()["turn"] == "p1"
    act(g, "p1", "stand")
    dealer_plays(g)  # 5 + K + 2 = 17
    assert payouts(g) == {("p1", "bet"): ("win", 10), ("p0", "bet"): ("blackjack", 15)}


@pytest.mark.parametrize("option, status", [(True, "blackjack"), (False, "stood")])
def test_ace_and_ten_is_black_jack_only_with_the_option(option, status):
    """ten_is_black_jack off: an ace and a plain ten is 21, not Black Jack."""
    g = table(["AH", "9C", "5S", "10D", "9D"], ten_is_black_jack=option)
    assert hands(g, "p0")[0]["status"] == status


def test_closer_to_21_wins_lower_loses_over_21_loses():
    """Higher than the dealer wins 1:1, lower loses, bust loses."""
    g = table(["10H", "9C", "7S", "9D", "5D", "KS", "KC"], n=3)
    act(g, "p0", "stand")  # 19
    act(g, "p1", "hit")  # 9 + 5 + K: bust
    dealer_plays(g)  # 7 + K = 17
    assert payouts(g) == {("p1", "bet"): ("bust", -10), ("p0", "bet"): ("win", 10)}


def test_the_dealer_pays_from_their_stack_losers_first():
    """The bank is the dealer's stack: losers pay first, then winners."""
    g = table(["10H", "9C", "7S", "9D", "5D", "KS"], n=3, start_chips=20, min_bet=5, max_bet=20,
              bets={"p0": 20, "p1": 10})
    act(g, "p0", "stand")  # 19
    act(g, "p1", "stand")  # 14
    dealer_plays(g)  # 17
    assert payouts(g) == {("p1", "bet"): ("lose", -10), ("p0", "bet"): ("win", 20)}
    assert chips(g) == {"p0": 40, "p1": 10, "p2": 10}
    assert entries(g, "russian_blackjack.bank") == [{"player": "p2", "amount": -10}]


# -- the tie --------------------------------------------------------------------------------------------------
def tie_for_p1(**options):
    """p1 ties the dealer at 18; p0 wins; the next deal (p0 deals) is betting."""
    g = table(["10H", "10C", "8S", "9D", "8D", "KS"], **options)
    act(g, "p0", "stand")
    act(g, "p1", "stand")
    dealer_plays(g)
    return g


def test_a_tie_leaves_the_stake_on_the_table():
    """Equal totals: the stake stays on the table for the next deal."""
    g = tie_for_p1()
    assert payouts(g)[("p1", "bet")] == ("tie", 0)
    assert g.public_view()["stakes"] == {"p1": {"bet": 10}} and chips(g)["p1"] == 90
    assert entries(g, "russian_blackjack.carry") == [{"player": "p1", "amount": 10}]
    assert types(g, "p1") == ["leave", "add", "take_back"] and types(g, "p2") == ["bet", "sit_out"]


def test_the_tied_stake_may_be_left():
    """leave: it plays the next deal as it is."""
    g = tie_for_p1()
    act(g, "p1", "leave")
    act(g, "p2", "bet", amount=5)
    assert g.public_view()["phase"] == "play" and hands(g, "p1")[0]["stake"] == 10


def test_the_tied_stake_may_be_added_to_up_to_the_maximum():
    """add: more chips join it, up to the table maximum."""
    g = tie_for_p1(max_bet=25)
    assert g.legal_actions("p1")[1] == {"type": "add", "params": {"amount": {"int": {"min": 1, "max": 15}}}}
    act(g, "p1", "add", amount=15)
    assert g.public_view()["stakes"]["p1"] == {"bet": 25}
    assert entries(g, "russian_blackjack.add") == [{"player": "p1", "amount": 15, "total": 25}]


def test_the_tied_stake_may_be_taken_back():
    """take_back: into the stack; then the player bets anew or sits out."""
    g = tie_for_p1()
    act(g, "p1", "take_back")
    assert chips(g)["p1"] == 100 and types(g, "p1") == ["bet", "sit_out"]
    act(g, "p1", "sit_out")
    assert g.public_view()["waiting_for"] == ["p2"]


def test_a_tied_stake_goes_back_to_a_player_who_deals():
    """The player whose stake lies tied deals next: it goes back to them."""
    g = table(["10H", "10C", "8S", "8D", "9D", "KS"])
    act(g, "p0", "stand")  # 18: tie
    act(g, "p1", "stand")
    dealer_plays(g)
    assert g.s.dealer == "p0" and g.public_view()["stakes"] == {} and chips(g)["p0"] == 100
    assert entries(g, "russian_blackjack.take_back") == [{"player": "p0", "amount": 10}]


def test_a_tied_stake_goes_back_at_the_end_of_the_game():
    """The last deal's tie: the stake goes back into the final stack."""
    g = tie_for_p1(rounds=1)
    assert g.is_over() and g.s.result["chips"]["p1"] == 100 and g.public_view()["stakes"] == {}


def test_ties_of_split_hands_lie_together():
    """Two tied split hands leave one stake of both."""
    g = table(["8H", "10C", "8S", "8D", "9D", "KC", "KD", "KS"], n=3)
    act(g, "p0", "split")
    act(g, "p0", "stand")  # 8 + K = 18
    act(g, "p0", "stand")  # 8 + K = 18
    act(g, "p1", "stand")  # 19
    dealer_plays(g)  # 8 + K = 18
    assert entries(g, "russian_blackjack.carry") == [{"player": "p0", "amount": 20}]
    assert payouts(g)[("p1", "bet")] == ("win", 10)


# -- double, split, three sevens ----------------------------------------------------------------------------------
@pytest.mark.parametrize("first_two, allowed", [
    (["5H", "4D"], True), (["6H", "4D"], True), (["6H", "5D"], True), (["AH", "8D"], True),
    (["4H", "4D"], False), (["10H", "2D"], False), (["AH", "5D"], False),
])
def test_double_only_on_9_10_or_11(first_two, allowed):
    """The first two cards must total 9, 10 or 11 (an ace as 1 or 11)."""
    g = table([first_two[0], "9C", "5S", first_two[1], "9D"])
    assert ("double" in types(g, "p0")) is allowed


def test_double_doubles_the_stake_exactly_and_takes_one_card():
    """The stake is doubled (no less) and exactly one card follows."""
    g = table(["6H", "9C", "5S", "5D", "9D", "KC"])
    assert g.legal_actions("p0")[2] == {"type": "double", "params": {"amount": {"int": {"min": 10, "max": 10}}}}
    act(g, "p0", "double", amount=10)
    assert hands(g, "p0")[0]["cards"] == ["6H", "5D", "KC"] and g.public_view()["turn"] == "p1"
    assert g.public_view()["stakes"]["p0"] == {"bet": 20}


def test_split_and_split_again():
    """Equal values split for a second equal stake; a new pair splits again."""
    g = table(["8H", "9C", "5S", "8D", "9D", "8C", "2C", "3C", "4C"])
    act(g, "p0", "split")
    assert hands(g, "p0")[0]["cards"] == ["8H", "8C"] and "split" in types(g, "p0")
    act(g, "p0", "split")
    assert [h["cards"] for h in hands(g, "p0")] == [["8H", "2C"], ["8C"], ["8D"]]
    assert g.public_view()["stakes"]["p0"] == {"bet": 10, "split1": 10, "split2": 10}


def test_split_aces_take_one_card_each_and_ace_ten_is_only_21():
    """Split aces get one card each; an ace and a ten after a split is 21,
    not Black Jack (paid 1:1)."""
    g = table(["AH", "9C", "5S", "AD", "9D", "KC", "AC", "KS", "2S"])
    act(g, "p0", "split")
    assert [h["cards"] for h in hands(g, "p0")] == [["AH", "KC"], ["AD", "AC"]]
    assert [h["status"] for h in hands(g, "p0")] == ["stood", "stood"] and g.public_view()["turn"] == "p1"
    act(g, "p1", "stand")
    dealer_plays(g)  # 5 + K + 2 = 17
    assert payouts(g)[("p0", "bet")] == ("win", 10) and payouts(g)[("p0", "split1")] == ("lose", -10)


def test_three_sevens_earn_a_bonus_and_still_play():
    """21 of three sevens: a bonus equal to the stake from the bank at once;
    the hand then plays against the dealer."""
    g = table(["7H", "9C", "5S", "7D", "9D", "7C", "KS", "6S"])
    act(g, "p0", "hit")
    assert entries(g, "russian_blackjack.three_sevens") == [{"player": "p0", "hand": 0}]
    assert payouts(g) == {("p0", "bet"): ("three_sevens", 10)} and chips(g)["p2"] == 90
    assert hands(g, "p0")[0]["status"] == "stood" and g.public_view()["stakes"]["p0"] == {"bet": 10}
    act(g, "p1", "stand")
    dealer_plays(g)  # 5 + K + 6 = 21: a tie
    assert payouts(g)[("p0", "bet")] == ("tie", 0)


# -- insurance --------------------------------------------------------------------------------------------------------
def test_insurance_with_half_the_stake_pays_2_to_1_on_the_banks_black_jack():
    """Dealer's ace: insure with half the stake; the bank's Black Jack pays it
    2:1, so the player gets their stake back."""
    g = table(["10H", "9C", "AS", "9D", "8D", "KS"])
    assert g.public_view()["phase"] == "insurance"
    act(g, "p0", "insurance", take=True)
    act(g, "p1", "insurance", take=False)
    assert g.public_view()["stakes"]["p0"] == {"bet": 10, "insurance": 5}
    act(g, "p0", "stand")
    act(g, "p1", "stand")
    dealer_plays(g)
    assert entries(g, "twentyone.dealer_blackjack") == [{"cards": ["AS", "KS"]}]
    assert payouts(g)[("p0", "insurance")] == ("insurance", 10)
    assert chips(g)["p0"] == 100 and chips(g)["p1"] == 90


def test_insurance_is_lost_without_black_jack_and_the_stake_stays_in_play():
    """No Black Jack: the insurance is lost, the original stake plays on."""
    g = table(["10H", "9C", "AS", "9D", "8D", "6S"])
    act(g, "p0", "insurance", take=True)
    act(g, "p1", "insurance", take=False)
    act(g, "p0", "stand")
    act(g, "p1", "stand")
    dealer_plays(g)  # A + 6: soft 17
    assert payouts(g)[("p0", "insurance")] == ("insurance_lost", -5)
    assert payouts(g)[("p0", "bet")] == ("win", 10)


def test_insurance_is_settled_when_the_dealer_takes_the_second_card():
    """As the rules say: no Black Jack in the dealer's second card, and the
    insurance is lost there and then, while the dealer still draws; a Black
    Jack settles the insurance (and with it the deal) at that card, without
    waiting for the dealer's stand."""
    g = table(["10H", "5C", "AS", "6D", "8D", "4S", "9H"])
    act(g, "p0", "insurance", take=True)
    act(g, "p1", "insurance", take=False)
    act(g, "p0", "stand")
    act(g, "p1", "stand")
    act(g, "p2", "hit")  # the second card: A + 4, no Black Jack
    assert g.public_view()["phase"] == "dealer"
    assert payouts(g) == {("p0", "insurance"): ("insurance_lost", -5)}
    assert g.public_view()["stakes"]["p0"] == {"bet": 10}
    g = table(["10H", "9C", "AS", "9D", "8D", "KS"])
    act(g, "p0", "insurance", take=True)
    act(g, "p1", "insurance", take=False)
    act(g, "p0", "stand")
    act(g, "p1", "stand")
    act(g, "p2", "hit")  # the second card: Black Jack
    assert payouts(g)[("p0", "insurance")] == ("insurance", 10)
    assert g.public_view()["phase"] == "bet" and g.s.round == 1


# -- seats, forfeits, the session ------------------------------------------------------------------------------------------
def test_losers_drink_and_a_bust_dealer_drinks():
    """A beaten or bust hand drinks one; a bust dealer drinks one."""
    g = table(["10H", "9C", "6S", "5D", "5C", "KC", "3C", "KS", "9S"])
    act(g, "p0", "hit")  # bust
    act(g, "p1", "hit")  # 17
    act(g, "p1", "stand")
    dealer_plays(g)  # 6 + K + 9 = 25
    assert g.drinks() == {"p0": 1, "p2": 1}
    assert entries(g, "forfeit.drink") == [{"player": "p2", "count": 1, "cause": "dealer_bust"}]


def test_the_dealer_leaving_calls_the_deal_off():
    """Every stake back; the player on the dealer's left deals; not counted."""
    g = table(["10H", "9C", "5S", "9D", "8D"], n=4)
    g.remove_player("p3", 0.0)
    view = g.public_view()
    assert view["stakes"] == {} and view["dealer"] == "p0" and view["phase"] == "bet" and view["round"] == 1
    assert entries(g, "round.void") == [{"reason": "dealer_left"}]


def test_a_player_leaving_mid_hand_passes_the_turn():
    """The leaver's stake goes back with them; the next player plays."""
    g = table(["10H", "9C", "5S", "9D", "8D"])
    g.remove_player("p0", 0.0)
    assert g.public_view()["turn"] == "p1" and "p0" not in g.public_view()["hands"]


def test_skip_takes_a_tied_stake_back_sits_out_and_plays_the_dealers_move():
    """An absent player takes the tie back, then sits out; an absent dealer
    makes the rule's move."""
    g = tie_for_p1()
    g.skip("p1", 0.0)
    assert chips(g)["p1"] == 100 and g.waiting_for() == ["p1", "p2"]
    g.skip("p1", 0.0)
    act(g, "p2", "bet", amount=10)
    assert g.public_view()["sat_out"] == ["p1"]
    act(g, "p2", "stand")
    before = len(g.s.dealer_hand.cards)
    g.skip("p0", 0.0)
    assert len(g.s.dealer_hand.cards) == before + 1
    assert [e["action"] for e in entries(g, "game.skipped")] == ["take_back", "sit_out", "hit"]


def test_nothing_for_the_dealer_to_draw_settles_at_once():
    """Every player bust and nobody insured: the deal settles without the dealer."""
    g = table(["10H", "10C", "5S", "5D", "6D", "KS", "KC"])
    act(g, "p0", "hit")
    act(g, "p1", "hit")
    assert g.public_view()["phase"] == "bet" and "twentyone.dealer_card" not in msgs(g)


# -- random play -----------------------------------------------------------------------------------------------------------
def hidden(g, viewer):
    """Only the shoe is hidden: every card dealt is face up."""
    return Counter(g.s.stock)


def visible(g, viewer):
    out = Counter()
    for hs in g.s.hands.values():
        for h in hs:
            out.update(h.cards)
    if g.s.dealer_hand:
        out.update(g.s.dealer_hand.cards)
    return out


@pytest.mark.parametrize("n, seed", [(2, 1), (3, 2), (5, 3), (8, 4), (16, 5)])
def test_random_play_finishes_and_never_shows_the_shoe(n, seed):
    """Bots finish the game (one deck, so a code is one card) and no view
    carries a card of the shoe."""
    auditor = Auditor(hidden, visible)
    g = make(MODE, n, seed=seed, rounds=6, decks=1, ten_is_black_jack=seed % 2 == 0)
    g, steps = play_randomly(g, random.Random(seed), auditor=auditor)
    assert g.is_over() and auditor.checked >= steps


@pytest.mark.parametrize("seed", range(8))
def test_random_play_with_players_coming_and_going(seed):
    """Leavers (the dealer too), joiners, skipped phones, rebuys, carried
    ties: the game finishes clean and round-trips at every step."""
    options = {"rounds": 8, "rebuy": seed % 2 == 0, "start_chips": 30, "min_bet": 5, "max_bet": 20,
               "decks": 1 + seed % 2, "max_hands": 2 + seed % 3}
    play_coming_and_going(MODE, 2 + seed % 6, seed, hidden, visible, **options)


def test_state_round_trips_with_a_tied_stake():
    """A game saved with a tie on the table plays on the same."""
    g = tie_for_p1()
    plays_on_the_same(g, "p1", "add", amount=5)


def test_every_message_key_and_result_turns_up():
    """Every declared key is logged in play, and every payout result occurs."""
    log: list[dict] = []
    for seed in range(40):
        options = {"rounds": 6, "start_chips": 40, "decks": 1 + seed % 2, "rebuy": seed % 2 == 1}
        play_randomly(make(MODE, 2 + seed % 6, seed=seed, **options), random.Random(seed), churn=True,
                      skips=0.1, every=50, log=log)
    for deck in (["7H", "9C", "5S", "7D", "9D", "7C", "KS", "6S"], ["10H", "9C", "5S", "8D", "9D"]):
        g = table(deck)
        if deck[0] == "7H":
            act(g, "p0", "hit")
        g.finish(0.0)
        log.extend(e.wire() for e in g.s.log)
    used = {e["msg"] for e in log}
    assert set(RussianBlackjack.MESSAGES) - used == set()
    assert {e["result"] for e in log if e["msg"] == "chips.payout"} == set(RESULTS)
    assert json.loads(json.dumps(log)) == log


def test_a_staged_shoe_repeats_a_card_as_often_as_the_shoe_holds_it():
    """A staged deck of a 2-deck shoe may hold a card up to 2 times
    (dealt as staged), not once; more often than the shoe holds it is refused."""
    g = table(["7S", "7S", "KD", "7H", "7H"], n=3, decks=2)
    assert {p: [c for h in hands(g, p) for c in h["cards"]] for p in ("p0", "p1")} == {"p0": ["7S", "7H"], "p1": ["7S", "7H"]}
    with pytest.raises(ValueError, match="that often"):
        make(MODE, 3, deck=["AS"] * 3, decks=2)
    with pytest.raises(ValueError, match="that often"):
        make(MODE, 3, deck=["AS", "AS"], decks=1)
