"""Home Blackjack (seed 000, "BLACKJACK / 21"): one test per rule, on staged decks.

With three players p0, p1, p2 the first dealer is p2 (the last seat), so a
staged deck is dealt p0, p1, p2 (down cards), p0, p1, p2 (up cards), then the
cards asked for, in order.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from partyapp.games import MODES, IllegalAction, NotYourTurn
from partyapp.games.kit.base import GameIsOver
from partyapp.games.twentyone.blackjack import RESULTS, Blackjack

from .betting_helpers import play_coming_and_going
from .cardgame_helpers import (Auditor, act, entries, make, msgs, play_randomly, roundtrip,
                               same_seed_same_game, types)


def table(deck, n=3, bets=None, **options):
    """A game whose first deal is staged; every player but the dealer bets
    (10 each unless ``bets`` says otherwise)."""
    g = make("blackjack", n, deck=deck, **options)
    for pid in list(g.s.bettors):
        act(g, pid, "bet", amount=(bets or {}).get(pid, 10))
    return g


def stand_all(g, *pids: str) -> None:
    """Each of ``pids`` stands, in turn."""
    for pid in pids:
        act(g, pid, "stand")


def payouts(g):
    """The last deal's payouts: player -> (result, amount)."""
    return {r.player: (r.result, r.amount) for r in g.s.ledger.payouts}


def chips(g):
    return dict(g.s.ledger.stacks)


# -- the deal -----------------------------------------------------------------------------
def test_mode_is_registered():
    """blackjack is a mode of the app."""
    assert MODES["blackjack"] is Blackjack


def test_deal_goes_round_from_the_dealers_left_dealer_last_down_then_up():
    """One card down to everyone, the dealer last, then one card up, in that order."""
    g = table(["2H", "3H", "4H", "5H", "6H", "7H"])
    assert g.s.dealer == "p2"
    assert g.hand("p0") == ["2H", "5H"] and g.hand("p1") == ["3H", "6H"] and g.hand("p2") == ["4H", "7H"]
    hands = g.public_view()["hands"]
    assert hands["p0"]["cards"] == [None, "5H"] and hands["p2"]["cards"] == [None, "7H"]
    assert hands["p0"]["total"] is None


def test_players_look_at_their_own_down_card_only():
    """Each phone holds its own down card; no other view has it."""
    g = table(["2H", "3H", "4H", "5H", "6H", "7H"])
    assert g.private_view("p0") == {"hand": ["2H", "5H"], "total": {"total": 7, "soft": False}}
    others = [g.public_view(), g.private_view("p1"), g.private_view("p2")]
    assert "2H" not in repr(others)


def test_first_seat_plays_first_and_only_the_player_to_play_may_hit():
    """Play starts on the dealer's left; others are told it is not their turn."""
    g = table(["10H", "9C", "10S", "2D", "9D", "7C"])
    assert g.public_view()["turn"] == "p0"
    assert types(g, "p0") == ["hit", "stand"] and types(g, "p1") == []
    with pytest.raises(NotYourTurn):
        act(g, "p1", "hit")


def test_everybody_bets_at_once_within_the_table_limits():
    """Bets are open to every player but the dealer, from the minimum to the
    maximum or the stack; a wrong amount is refused with the reason."""
    g = make("blackjack", 3, min_bet=5, max_bet=40, dealer="p2")
    assert g.public_view()["turn"] is None and g.public_view()["waiting_for"] == ["p0", "p1"]
    assert g.legal_actions("p1")[0] == {"type": "bet", "params": {"amount": {"int": {"min": 5, "max": 40}}}}
    assert g.legal_actions("p2") == []
    with pytest.raises(IllegalAction, match="from 5 to 40"):
        act(g, "p0", "bet", amount=41)
    with pytest.raises(IllegalAction):
        act(g, "p0", "bet", amount="10")
    act(g, "p1", "bet", amount=40)
    assert g.public_view()["stakes"] == {"p1": {"bet": 40}} and chips(g)["p1"] == 60
    assert g.public_view()["phase"] == "bet"


# -- hit, stand, bust -------------------------------------------------------------------------
def test_a_hit_is_dealt_face_up():
    """A hit card is seen by everyone."""
    g = table(["10H", "9C", "10S", "2D", "9D", "7C", "3S"])
    act(g, "p0", "hit")
    assert g.public_view()["hands"]["p0"]["cards"] == [None, "2D", "3S"]
    assert entries(g, "blackjack.hit") == [{"player": "p0", "card": "3S"}]


def test_bust_is_shown_at_once_and_loses_even_when_the_dealer_busts():
    """Over 21 the hand is shown and lost, whatever the dealer makes."""
    g = table(["10H", "9C", "10S", "5D", "9D", "6C", "KS", "KD"])
    act(g, "p0", "hit")  # 10 + 5 + K = 25
    hand = g.public_view()["hands"]["p0"]
    assert hand == {"cards": ["10H", "5D", "KS"], "status": "bust", "total": 25, "soft": False}
    assert g.public_view()["turn"] == "p1"
    act(g, "p1", "stand")
    act(g, "p2", "hit")  # dealer 10 + 6 + K = 26
    assert payouts(g) == {"p0": ("bust", -10), "p1": ("win", 10)}
    assert chips(g) == {"p0": 90, "p1": 110, "p2": 100}


def test_a_player_on_21_may_only_stand():
    """With 21 the only move is to stand."""
    g = table(["10H", "9C", "10S", "5D", "9D", "7C", "6S"])
    act(g, "p0", "hit")
    assert types(g, "p0") == ["stand"]


# -- the dealer -------------------------------------------------------------------------------
def test_dealer_turns_the_down_card_and_must_hit_on_16():
    """At the dealer's turn the down card is shown; on 16 the only move is hit."""
    g = table(["10H", "9C", "10S", "8D", "9D", "6C", "AS"])
    stand_all(g, "p0", "p1")
    assert g.public_view()["turn"] == "p2"
    assert g.public_view()["hands"]["p2"]["cards"] == ["10S", "6C"]
    assert entries(g, "blackjack.reveal") == [{"player": "p2", "cards": ["10S", "6C"], "total": 16}]
    assert types(g, "p2") == ["hit"]
    act(g, "p2", "hit")  # 17: the round is not over until the dealer stands
    assert types(g, "p2") == ["stand"]


def test_dealer_stands_on_17():
    """On 17 or more the only move is stand; then hands are compared."""
    g = table(["10H", "9C", "10S", "8D", "9D", "7C"])
    stand_all(g, "p0", "p1")
    assert types(g, "p2") == ["stand"]
    act(g, "p2", "stand")
    assert payouts(g) == {"p0": ("win", 10), "p1": ("win", 10)}


def test_dealer_stands_on_soft_17_by_default():
    """Ace and six: the dealer stands (hit_soft_17 off)."""
    g = table(["10H", "9C", "AS", "8D", "9D", "6C"])
    stand_all(g, "p0", "p1")
    assert g.public_view()["hands"]["p2"]["soft"] is True
    assert types(g, "p2") == ["stand"]


def test_dealer_hits_soft_17_when_the_option_says_so():
    """With hit_soft_17 the dealer hits ace-six, and stands on hard 17."""
    g = table(["10H", "9C", "AS", "8D", "9D", "6C", "KH"], hit_soft_17=True)
    stand_all(g, "p0", "p1")
    assert types(g, "p2") == ["hit"]
    act(g, "p2", "hit")  # A + 6 + K = hard 17
    assert types(g, "p2") == ["stand"]


def test_soft_and_hard_aces():
    """An ace counts 11 while that does not bust the hand, else 1."""
    g = table(["AH", "9C", "10S", "6D", "9D", "7C", "10C", "AD"])
    assert g.private_view("p0")["total"] == {"total": 17, "soft": True}
    act(g, "p0", "hit")  # A + 6 + 10: hard 17
    assert g.private_view("p0")["total"] == {"total": 17, "soft": False}
    act(g, "p0", "hit")  # + A: hard 18
    assert g.private_view("p0")["total"] == {"total": 18, "soft": False}


def test_every_player_bust_the_dealer_does_not_play():
    """When nobody is left standing the deal is settled without the dealer's turn."""
    g = table(["10H", "10C", "10S", "5D", "5C", "6C", "KS", "KD"])
    act(g, "p0", "hit")
    act(g, "p1", "hit")
    assert payouts(g) == {"p0": ("bust", -10), "p1": ("bust", -10)}
    assert "blackjack.reveal" not in msgs(g)
    assert g.s.round == 1 and g.public_view()["phase"] == "bet"


# -- comparing hands ------------------------------------------------------------------------
def test_equal_hands_knock_and_the_stake_comes_back():
    """A tie with the dealer is a knock: no chips move."""
    g = table(["10H", "9C", "10S", "8D", "9D", "8C"])
    act(g, "p0", "stand")  # 18
    act(g, "p1", "stand")  # 18
    act(g, "p2", "stand")  # 18
    assert payouts(g) == {"p0": ("knock", 0), "p1": ("knock", 0)}
    assert chips(g) == {"p0": 100, "p1": 100, "p2": 100}


def test_higher_wins_lower_loses_against_the_dealer():
    """Better than the dealer wins 1:1, worse loses the stake to the dealer."""
    g = table(["10H", "9C", "10S", "9D", "7D", "8C"], bets={"p0": 20, "p1": 30})
    act(g, "p0", "stand")  # 19
    act(g, "p1", "stand")  # 16
    act(g, "p2", "stand")  # 18
    assert payouts(g) == {"p0": ("win", 20), "p1": ("lose", -30)}
    assert chips(g) == {"p0": 120, "p1": 70, "p2": 110}
    assert entries(g, "blackjack.bank") == [{"player": "p2", "amount": 10}]


def test_dealer_bust_pays_every_player_standing():
    """A bust dealer pays all who did not bust."""
    g = table(["10H", "9C", "10S", "2D", "7D", "6C", "9S"])
    act(g, "p0", "stand")  # 12
    act(g, "p1", "stand")  # 16
    act(g, "p2", "hit")  # 25
    assert payouts(g) == {"p0": ("win", 10), "p1": ("win", 10)}


def test_a_dealer_who_runs_dry_pays_what_is_left():
    """Losers pay first; winners are paid from the dealer's left while chips last."""
    g = make("blackjack", 3, deck=["10H", "9C", "10S", "9D", "9H", "6C", "10D"], start_chips=30,
             min_bet=5, max_bet=30)
    act(g, "p0", "bet", amount=30)
    act(g, "p1", "bet", amount=30)
    stand_all(g, "p0", "p1")
    act(g, "p2", "hit")  # 26: bust, owes 60 with 30 chips
    assert payouts(g) == {"p0": ("win", 30), "p1": ("win", 0)}
    assert chips(g) == {"p0": 60, "p1": 30, "p2": 0}


# -- naturals ---------------------------------------------------------------------------------
def test_a_players_natural_is_shown_and_paid_3_to_2():
    """naturals on: ace and a ten-value card is shown at once, takes no more
    cards, and is paid 3:2."""
    g = table(["AH", "9C", "10S", "KD", "9D", "7C"], naturals=True)
    assert g.public_view()["hands"]["p0"] == {"cards": ["AH", "KD"], "status": "natural", "total": 21, "soft": True}
    assert g.public_view()["turn"] == "p1"
    act(g, "p1", "stand")
    act(g, "p2", "stand")
    assert payouts(g) == {"p0": ("natural", 15), "p1": ("win", 10)}


def test_a_dealers_natural_wins_at_once_and_knocks_with_a_natural():
    """naturals on: the dealer's natural is shown after the deal and settles everything."""
    g = table(["AH", "9C", "AS", "KD", "9D", "QC"], naturals=True)
    assert payouts(g) == {"p0": ("knock", 0), "p1": ("lose", -10)}
    assert g.public_view()["hands"]["p2"]["cards"] == ["AS", "QC"]
    assert g.s.round == 1 and "blackjack.hit" not in msgs(g)


def test_a_two_card_21_is_a_21_like_any_other_by_default():
    """The seed has no naturals (``naturals`` is off by default): A-K stands
    like any 21, and the dealer's A-Q does not end the deal, so a player who
    draws to a three-card 21 ties it."""
    g = table(["AH", "9C", "AS", "KD", "9D", "QC", "3S"])
    assert g.s.opts.naturals is False
    assert g.public_view()["turn"] == "p0" and types(g, "p0") == ["stand"]
    assert g.public_view()["hands"]["p0"]["status"] == "live"
    act(g, "p0", "stand")
    act(g, "p1", "hit")  # 9 + 9 + 3 = 21
    act(g, "p1", "stand")
    act(g, "p2", "stand")
    assert payouts(g) == {"p0": ("knock", 0), "p1": ("knock", 0)}


def test_a_two_card_21_is_paid_1_to_1_by_default():
    """Without naturals, A-10 beating the dealer's 19 wins even money."""
    g = table(["AH", "9C", "10S", "10D", "9D", "9H"])
    stand_all(g, "p0", "p1", "p2")
    assert payouts(g) == {"p0": ("win", 10), "p1": ("lose", -10)}


# -- the session --------------------------------------------------------------------------------
def test_the_deal_rotates_to_the_left():
    """After a deal the player on the dealer's left deals, and plays last."""
    deck = ["10H", "9C", "10S", "8D", "9D", "8C", "2H", "3H", "4H", "5H", "6H", "7H"]
    g = table(deck)
    for pid in ("p0", "p1", "p2"):
        act(g, pid, "stand")
    assert g.s.dealer == "p0" and g.public_view()["waiting_for"] == ["p1", "p2"]
    act(g, "p1", "bet", amount=10)
    act(g, "p2", "bet", amount=10)
    assert g.public_view()["order"] == ["p1", "p2", "p0"]
    assert g.hand("p1") == ["2H", "5H"] and g.hand("p0") == ["4H", "7H"]
    assert entries(g, "round.start")[-1] == {"round": 2, "dealer": "p0"}


def test_one_dealer_throughout_when_rotation_is_off():
    """rotate_dealer off: the first dealer keeps the deal."""
    g = table(["10H", "9C", "10S", "8D", "9D", "8C"], rotate_dealer=False)
    for pid in ("p0", "p1", "p2"):
        act(g, pid, "stand")
    assert g.s.dealer == "p2"


def test_the_game_ends_after_the_rounds():
    """After ``rounds`` deals the game is over with stacks, net, winners and drinks."""
    g = table(["10H", "9C", "10S", "9D", "7D", "8C"], n=3, rounds=1)
    for pid in ("p0", "p1", "p2"):
        act(g, pid, "stand")
    view = g.public_view()
    assert view["over"] and view["turn"] is None
    result = view["result"]
    assert result["reason"] == "rounds" and result["rounds"] == 1
    assert result["chips"] == {"p0": 110, "p1": 90, "p2": 100}
    assert result["net"] == {"p0": 10, "p1": -10, "p2": 0}
    assert result["winners"] == ["p0"] and result["losers"] == ["p1"]
    assert result["drinks"] == {"p1": 1}
    assert g.legal_actions("p0") == []
    with pytest.raises(GameIsOver):
        act(g, "p0", "bet", amount=5)


def test_the_game_ends_when_one_player_alone_has_chips():
    """A player who cannot cover the minimum watches; alone with chips, the other wins."""
    g = make("blackjack", 2, deck=["10H", "10S", "6D", "8C", "KS"], start_chips=10, min_bet=10, max_bet=10)
    act(g, "p0", "bet", amount=10)
    act(g, "p0", "hit")  # 26
    assert g.is_over()
    assert g.s.result["reason"] == "chips" and g.s.result["winners"] == ["p1"]
    assert entries(g, "chips.out") == [{"player": "p0"}]


def test_rebuy_gives_a_new_stack_and_counts_against_the_result():
    """With rebuy a player out of chips buys the starting stack at the next deal."""
    g = make("blackjack", 2, deck=["10H", "10S", "6D", "8C", "KS"], start_chips=10, min_bet=10,
             max_bet=10, rebuy=True, rounds=3)
    act(g, "p0", "bet", amount=10)
    act(g, "p0", "hit")
    assert not g.is_over()
    act(g, "p0", "rebuy")
    assert entries(g, "chips.rebuy") == [{"player": "p0", "amount": 10}]
    assert g.public_view()["rebuys"] == {"p0": 1}
    g.finish(0.0)
    assert g.s.result["net"] == {"p0": -10, "p1": 10} and g.s.result["rebuys"] == {"p0": 1}


def test_the_host_ends_the_game_mid_deal():
    """finish: the stakes on the table go back, the down cards stay hidden,
    and the result shows the stacks."""
    g = table(["10H", "9C", "10S", "8D", "9D", "8C"])
    assert g.finish(0.0) is True
    view = g.public_view()
    assert view["over"] and view["result"]["reason"] == "host"
    assert view["chips"] == {"p0": 100, "p1": 100, "p2": 100} and view["stakes"] == {}
    assert "10H" not in repr(view) and view["hands"]["p0"]["cards"] == [None, "8D"]
    assert entries(g, "round.void") == [{"reason": "host"}]


# -- forfeits -------------------------------------------------------------------------------------
def test_losers_drink_and_a_bust_dealer_drinks():
    """Losing a hand (bust or beaten) costs one drink; a dealer's bust too."""
    g = table(["10H", "9C", "10S", "5D", "7D", "6C", "KS", "9S"])
    act(g, "p0", "hit")  # bust
    act(g, "p1", "stand")
    act(g, "p2", "hit")  # 25: dealer bust
    assert g.drinks() == {"p0": 1, "p2": 1}
    assert entries(g, "forfeit.drink") == [{"player": "p2", "count": 1, "cause": "dealer_bust"}]
    assert {"player": "p0", "result": "bust", "stake": 10, "amount": -10, "drinks": 1} in entries(g, "chips.payout")


def test_forfeits_can_be_switched_off():
    """forfeits off: nobody drinks."""
    g = table(["10H", "9C", "10S", "5D", "7D", "6C", "KS", "9S"], forfeits=False)
    act(g, "p0", "hit")
    act(g, "p1", "stand")
    act(g, "p2", "hit")
    assert g.drinks() == {} and "forfeit.drink" not in msgs(g)


# -- seats ------------------------------------------------------------------------------------------
def test_a_player_leaving_mid_hand_passes_the_turn_and_takes_the_cards_away():
    """The leaver's hand leaves unseen; the next player plays."""
    g = table(["10H", "9C", "10S", "8D", "9D", "8C"])
    g.remove_player("p0", 0.0)
    view = g.public_view()
    assert view["turn"] == "p1" and "p0" not in view["hands"] and "10H" not in repr(view)
    act(g, "p1", "stand")
    act(g, "p2", "stand")
    assert payouts(g) == {"p1": ("knock", 0)}


def test_the_dealer_leaving_calls_the_deal_off_and_the_left_player_deals():
    """Every stake goes back and the player on the dealer's left deals; the
    deal is not counted."""
    g = table(["10H", "9C", "10S", "8D", "9D", "8C"], n=4)
    g.remove_player("p3", 0.0)
    view = g.public_view()
    assert view["stakes"] == {} and view["chips"] == {"p0": 100, "p1": 100, "p2": 100}
    assert view["dealer"] == "p0" and view["phase"] == "bet" and view["round"] == 1
    assert view["hands"] == {} and "10S" not in repr(view)
    assert entries(g, "round.void") == [{"reason": "dealer_left"}]


def test_a_joiner_waits_for_the_next_deal():
    """A player who joins during a deal is dealt in at the next one (seated
    last, on the dealer's left, they deal it)."""
    g = table(["10H", "9C", "10S", "8D", "9D", "8C"])
    g.add_player({"id": "p9", "group": None}, 0.0)
    assert "p9" not in g.s.order and g.legal_actions("p9") == []
    assert g.public_view()["chips"]["p9"] == 100
    for pid in ("p0", "p1", "p2"):
        act(g, pid, "stand")
    assert g.public_view()["dealer"] == "p9" and g.public_view()["waiting_for"] == ["p0", "p1", "p2"]


def test_a_joiner_during_the_betting_bets_now():
    """Joining while the table bets: the newcomer bets in this deal."""
    g = make("blackjack", 3, dealer="p2")
    g.add_player({"id": "p9", "group": None}, 0.0)
    assert g.public_view()["waiting_for"] == ["p0", "p1", "p9"]


def test_the_game_ends_when_too_few_players_are_left():
    """With one player left the game is over, the stakes handed back."""
    g = table(["10H", "9C", "10S", "8D"], n=2)
    g.remove_player("p1", 0.0)
    assert g.is_over() and g.s.result["reason"] == "players" and g.s.result["chips"] == {"p0": 100}


# -- absent phones ------------------------------------------------------------------------------------
def test_skip_sits_out_a_player_who_has_not_bet():
    """An absent player sits the deal out."""
    g = make("blackjack", 3, deck=["10H", "10S", "8D", "8C"])
    act(g, "p0", "bet", amount=10)
    g.skip("p1", 0.0)
    assert entries(g, "game.skipped") == [{"player": "p1", "action": "sit_out"}]
    assert g.public_view()["order"] == ["p0", "p2"] and g.public_view()["sat_out"] == ["p1"]


def test_skip_stands_for_a_player_and_plays_the_rule_for_the_dealer():
    """An absent player stands; an absent dealer makes the one move the rule allows."""
    g = table(["10H", "9C", "10S", "8D", "9D", "6C", "3S", "KH"])
    g.skip("p0", 0.0)
    assert g.s.hands["p0"][0].status == "stood" and g.public_view()["turn"] == "p1"
    with pytest.raises(IllegalAction):
        g.skip("p0", 0.0)  # the game does not wait on p0 any more
    act(g, "p1", "stand")
    g.skip("p2", 0.0)  # 16: hit
    assert g.hand("p2") == ["10S", "6C", "3S"]
    g.skip("p2", 0.0)  # 19: stand
    assert payouts(g) == {"p0": ("lose", -10), "p1": ("lose", -10)}


# -- random play ---------------------------------------------------------------------------------------
def on_table(g):
    """Every hand on the table with its holder, the dealer's too."""
    hands = [(pid, held[0]) for pid, held in g.s.hands.items()]
    if g.s.dealer_hand is not None:
        hands.append((g.s.dealer_hand.player, g.s.dealer_hand))
    return hands


def hidden(g, viewer):
    """The stock, and the down cards not yet shown of everybody but the viewer."""
    out = Counter(g.s.stock)
    for pid, hand in on_table(g):
        if not hand.shown and pid != viewer:
            out[hand.cards[0]] += 1
    return out


def visible(g, viewer):
    """Every card on the table face up, and the viewer's own hand."""
    out = Counter()
    for pid, hand in on_table(g):
        cards = hand.cards if hand.shown or pid == viewer else hand.cards[1:]
        out.update(cards)
    return out


@pytest.mark.parametrize("n, seed", [(2, 1), (3, 2), (5, 3), (7, 4), (10, 5), (16, 6)])
def test_random_play_finishes_and_never_shows_a_hidden_card(n, seed):
    """Bots picking at random from their actions finish the game, and no view
    ever carries the stock or a down card before it is shown."""
    auditor = Auditor(hidden, visible)
    g, steps = play_randomly(make("blackjack", n, seed=seed, rounds=4), random.Random(seed), auditor=auditor)
    assert g.is_over() and auditor.checked >= steps


@pytest.mark.parametrize("seed", range(8))
def test_random_play_with_players_coming_and_going(seed):
    """Leavers, joiners, absent phones skipped, rebuys: the game still finishes
    clean and round-trips through JSON at every step."""
    options = {"rounds": 6, "rebuy": seed % 2 == 0, "hit_soft_17": seed % 3 == 0, "naturals": seed % 4 != 1,
               "start_chips": 20, "min_bet": 5, "max_bet": 20}
    g = play_coming_and_going("blackjack", 4, seed, hidden, visible, **options)
    assert g.s.result["reason"] in ("rounds", "chips", "players")


def test_same_seed_same_game():
    """One seed deals and plays the same game."""
    same_seed_same_game("blackjack", 42, n=5)
    a = make("blackjack", 3, seed=7, dealer="p2")
    b = make("blackjack", 3, seed=8, dealer="p2")
    for g in (a, b):
        for pid in ("p0", "p1"):
            act(g, pid, "bet", amount=10)
    assert a.hand("p0") != b.hand("p0") or a.hand("p1") != b.hand("p1")


def test_state_round_trips_mid_deal():
    """A game saved mid-deal plays on the same after a restart."""
    g = table(["10H", "9C", "10S", "8D", "9D", "6C", "3S"])
    copy = roundtrip(g)
    act(copy, "p0", "hit")
    act(g, "p0", "hit")
    assert copy.to_state() == g.to_state()


def test_every_message_key_is_declared_and_used():
    """Every key an engine logs is declared with its parameters, and every
    declared key turns up in play (the catalogue the screens word)."""
    log: list[dict] = []
    for seed in range(30):
        g = make("blackjack", 2 + seed % 5, seed=seed, rounds=5, rebuy=seed % 2 == 0, start_chips=15,
                 min_bet=5, max_bet=15, naturals=seed % 3 != 0)
        play_randomly(g, random.Random(seed), churn=True, skips=0.2, every=25, log=log)
    g = table(["10H", "9C", "10S", "8D", "9D", "8C"])
    g.finish(0.0)
    used = {e["msg"] for e in log} | set(msgs(g))
    assert set(Blackjack.MESSAGES) - used == set()
    results = {e["result"] for e in log if e["msg"] == "chips.payout"}
    assert results == set(RESULTS)
