"""Go Fish (seed 003, "Fish", in English in 003_english.md): one test per
rule, on staged decks.

A staged game's dealer is the last seat, so the deal starts with p0 and p0
asks first; the staged cards after the hands are the top of the stock, in
the order they are drawn.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from partyapp.games import MODES, IllegalAction, NotYourTurn
from partyapp.games.kit.cards import STANDARD_DECK
from partyapp.games.go_fish import GoFish

from .cardgame_helpers import (CARD, Auditor, act, entries, make, msgs, play_randomly, roundtrip,
                               same_seed_same_game, types, unseen)
from .hand_helpers import deal_order_deck

P0 = ["7S", "7H", "7D", "3C", "5C", "9C", "JC"]
P1 = ["7C", "3D", "8D", "8H", "8S", "10D", "QD"]


def fish(hands=(P0, P1), stock=(), **options):
    return make("go_fish", len(hands), deck=deal_order_deck(list(hands), list(stock)), **options)


def ask(g, pid, rank, player=None):
    action = {"type": "ask", "rank": rank}
    if player is not None:
        action["player"] = player
    return g.apply(pid, action, 0.0)


# -- the deal -------------------------------------------------------------------------------------
def test_mode_is_registered():
    """go_fish is a mode of the app."""
    assert MODES["go_fish"] is GoFish


@pytest.mark.parametrize("n, each", [(2, 7), (3, 7), (4, 5), (5, 5), (6, 5), (10, 5)])
def test_seven_cards_each_for_two_or_three_five_for_more_the_rest_is_the_stock(n, each):
    """The deal size follows the number of players; the stock holds the rest."""
    g = make("go_fish", n, seed=n)
    in_hands = sum(len(g.hand(p)) for p in g.players()) + 4 * sum(len(b) for b in g.s.books.values())
    assert in_hands == n * each
    assert g.public_view()["piles"] == {"stock": 52 - n * each}
    assert entries(g, "go_fish.deal")[0]["each"] == each


def test_the_dealer_is_drawn_by_lot_and_the_player_on_the_left_starts():
    """A random dealer; the first turn is the dealer's left neighbour's."""
    dealers = set()
    for seed in range(12):
        g = make("go_fish", 4, seed=seed)
        dealers.add(g.s.dealer)
        assert g.public_view()["turn"] == g.next_after(g.s.dealer)
    assert len(dealers) > 1
    g = fish()
    assert g.public_view()["dealer"] == "p1" and g.public_view()["turn"] == "p0"


def test_the_dealer_given_deals_and_the_player_on_their_left_starts():
    """The start input ``dealer`` (the room's turn to deal) names who deals:
    the same seed deals another game from another dealer, and the player on
    the dealer's left asks first."""
    for dealer, first in (("p0", "p1"), ("p2", "p3"), ("p3", "p0")):
        g = make("go_fish", 4, seed=3, dealer=dealer)
        view = g.public_view()
        assert view["dealer"] == dealer and view["turn"] == first
        assert entries(g, "go_fish.deal")[0]["dealer"] == dealer and "dealer" not in view["options"]


def test_a_four_of_a_kind_dealt_is_laid_down_at_once():
    """Books go face up in front of their owner from the deal on."""
    g = fish(hands=(["7S", "7H", "7D", "7C", "5C", "9C", "JC"], P1[1:] + ["2S"]))
    assert g.public_view()["books"] == {"p0": ["7"], "p1": []}
    assert sorted(g.hand("p0")) == ["5C", "9C", "JC"]
    assert entries(g, "go_fish.book") == [{"player": "p0", "rank": "7", "cards": ["7S", "7H", "7D", "7C"]}]


# -- asking ------------------------------------------------------------------------------------------
def test_you_ask_another_player_for_a_rank_you_hold():
    """The ranks offered are those in your hand; the players, everybody else."""
    g = fish()
    [spec] = g.legal_actions("p0")
    assert spec == {"type": "ask", "params": {"player": {"one_of": ["p1"]},
                                              "rank": {"one_of": ["3", "5", "7", "9", "J"]}}}
    with pytest.raises(IllegalAction):
        ask(g, "p0", "8", "p1")
    with pytest.raises(IllegalAction):
        ask(g, "p0", "7", "p0")
    with pytest.raises(NotYourTurn):
        ask(g, "p1", "8", "p0")


def test_the_cards_of_the_rank_are_handed_over_and_you_ask_again():
    """Every card of the rank the player asked holds goes to the asker, who goes on."""
    g = fish(hands=(["8C"] + P0[1:], P1))
    ask(g, "p0", "8", "p1")
    assert not [c for c in g.hand("p0") if c[0] == "8"] and not [c for c in g.hand("p1") if c[0] == "8"]
    assert entries(g, "go_fish.give") == [{"player": "p1", "to": "p0", "rank": "8", "count": 3}]
    assert g.s.books["p0"] == ["8"] and g.public_view()["turn"] == "p0"
    assert g.public_view()["last"] == {"player": "p0", "target": "p1", "rank": "8", "count": 3}


def test_four_of_a_kind_made_by_asking_is_laid_down():
    """The fourth card of a rank makes a book at once."""
    g = fish()
    ask(g, "p0", "7", "p1")
    assert g.public_view()["books"]["p0"] == ["7"]
    assert not [c for c in g.hand("p0") if c[0] == "7"]
    assert msgs(g)[-2:] == ["go_fish.give", "go_fish.book"]


def test_the_table_shows_rank_and_count_never_the_suits_handed_over():
    """Cards changing hands are public only as a rank and a count."""
    g = fish()
    ask(g, "p0", "3", "p1")  # 3D changes hands
    public = g.public_view()
    assert "3D" not in CARD.findall(json.dumps(public)) and "3D" not in CARD.findall(json.dumps(g.private_view("p1")))
    assert "3D" in g.private_view("p0")["hand"]
    assert entries(g, "go_fish.give") == [{"player": "p1", "to": "p0", "rank": "3", "count": 1}]


def test_nobody_has_it_go_fish_and_the_turn_passes():
    """Draw the top card of the stock; the next player clockwise asks."""
    g = fish(stock=["4S", "2D"])
    ask(g, "p0", "5", "p1")
    assert "4S" in g.hand("p0") and g.public_view()["piles"]["stock"] == 52 - 14 - 1
    assert entries(g, "go_fish.fish") == [{"player": "p0", "count": 1}]
    assert g.private_view("p0")["drawn"] == "4S" and g.private_view("p1")["drawn"] is None
    assert g.public_view()["turn"] == "p1"
    assert "4S" not in CARD.findall(json.dumps(g.public_view()))


def test_another_turn_after_a_good_ask_can_be_switched_off():
    """With ``again`` off the turn passes after cards are handed over too."""
    g = fish(again=False)
    ask(g, "p0", "3", "p1")
    assert g.public_view()["turn"] == "p1"


def test_fishing_the_rank_you_asked_for_shows_it_and_you_go_again_when_the_option_says_so():
    """``fish_wish``: the card is shown to everybody and the asker goes on."""
    g = fish(stock=["5H"], fish_wish=True)
    ask(g, "p0", "5", "p1")
    assert entries(g, "go_fish.wish") == [{"player": "p0", "card": "5H"}]
    assert g.public_view()["shown"] == "5H" and g.public_view()["turn"] == "p0"
    g = fish(stock=["5H"])
    ask(g, "p0", "5", "p1")
    assert g.public_view()["shown"] is None and g.public_view()["turn"] == "p1"


def test_asking_everyone_takes_the_rank_from_every_other_player():
    """``ask`` = everyone: one rank, every other player hands theirs over."""
    g = fish(hands=(P0, P1, ["3H", "3S", "2C", "2D", "4C", "4D", "6C"]), ask="everyone")
    [spec] = g.legal_actions("p0")
    assert spec["params"] == {"rank": {"one_of": ["3", "5", "7", "9", "J"]}}
    ask(g, "p0", "3")
    assert entries(g, "go_fish.ask") == [{"player": "p0", "target": None, "rank": "3"}]
    assert entries(g, "go_fish.give") == [{"player": "p1", "to": "p0", "rank": "3", "count": 1},
                                          {"player": "p2", "to": "p0", "rank": "3", "count": 2}]
    assert g.public_view()["books"]["p0"] == ["3"]


def test_an_empty_stock_gives_nothing_and_the_turn_passes():
    """Ten players leave two cards to fish; after them "Fish!" draws nothing."""
    cards = list(STANDARD_DECK)
    hands = [cards[i * 5:i * 5 + 5] for i in range(10)]
    g = make("go_fish", 10, deck=deal_order_deck(hands, cards[50:]))
    assert g.hand("p0") == ["AS", "2S", "3S", "4S", "5S"] and g.public_view()["piles"]["stock"] == 2
    ask(g, "p0", "A", "p1")
    ask(g, "p1", "6", "p2")
    assert g.public_view()["piles"]["stock"] == 0 and "QC" in g.hand("p0") and "KC" in g.hand("p1")
    ask(g, "p2", "J", "p3")
    assert entries(g, "go_fish.fish")[-1] == {"player": "p2", "count": 0}
    assert g.public_view()["turn"] == "p3"


# -- the end -------------------------------------------------------------------------------------------
# p0 empties its hand by books while p1's last cards go to p0: both are out at once.
TIE = (["7S", "7H", "KS", "KH", "KD", "3S", "3H"], ["7D", "7C", "KC", "4C", "4D", "4H", "3C"])
TIE_STOCK = ["3D", "4S"]


def play_to_the_tie(g):
    ask(g, "p0", "K", "p1")  # KC: book of kings
    ask(g, "p0", "3", "p1")  # 3C
    ask(g, "p0", "3", "p1")  # none: fish 3D, book of threes; p0 holds 7S 7H
    ask(g, "p1", "4", "p0")  # none: fish 4S, book of fours; p1 holds 7D 7C
    ask(g, "p0", "7", "p1")  # both hands empty


def test_the_first_player_with_no_cards_in_hand_wins_and_the_most_cards_drink():
    """Out of cards but for the books: the game is over; whoever holds most drinks."""
    g = make("go_fish", 4, deck=deal_order_deck([["7S", "7H", "7D", "8S", "8H"], ["7C", "8D", "2S", "2H", "2D"],
                                                  ["8C", "3S", "3H", "4S", "4H"], ["5S", "5H", "6S", "6H", "9S"]]))
    ask(g, "p0", "7", "p1")
    ask(g, "p0", "8", "p1")
    assert not g.is_over()
    ask(g, "p0", "8", "p2")
    result = g.public_view()["result"]
    assert g.is_over() and result["winners"] == ["p0"] and result["books"]["p0"] == 2
    assert result["cards"] == {"p0": 0, "p1": 3, "p2": 4, "p3": 5} and result["losers"] == ["p3"]
    assert g.drinks() == {"p3": 1}
    assert entries(g, "go_fish.out") == [{"player": "p0", "books": 2}]


def test_giving_away_your_last_cards_also_wins():
    """The seed's goal is an empty hand: a player asked for their last cards is out."""
    g = fish(hands=(["7S", "7H", "QS", "QH", "QD", "9S", "9H"], ["JS", "JH", "JD", "JC", "7D", "7C", "9D"]),
             stock=["2S"])
    assert g.hand("p1") == ["7D", "7C", "9D"]
    ask(g, "p0", "9", "p1")  # 9D
    ask(g, "p0", "Q", "p1")  # none: fish 2S
    ask(g, "p1", "7", "p0")  # p1 takes 7S 7H: book; p1 is out
    assert g.is_over() and g.s.result["winners"] == ["p1"]


# Four players, five cards each: p1 lays down the jacks dealt and holds one
# card, a 9; p0 asks for it at once.
LAST_CARD = (["9S", "9H", "QS", "QH", "3D"], ["9D", "JS", "JH", "JD", "JC"], ["2C", "3C", "4C", "5C", "6C"],
             ["2H", "3H", "4H", "5H", "6H"])


def test_handing_over_your_last_card_wins_at_once_by_default():
    """``empty_hand`` is ``wins`` by default: p1, asked for their last card,
    has an empty hand and wins there and then."""
    g = fish(hands=LAST_CARD, stock=["2S", "3S"])
    assert g.s.opts.empty_hand == "wins" and g.hand("p1") == ["9D"]
    ask(g, "p0", "9", "p1")
    result = g.public_view()["result"]
    assert g.is_over() and result["winners"] == ["p1"] and result["out"] == ["p1"]


def test_with_draws_a_player_whose_hand_empties_draws_and_plays_on():
    """``empty_hand: draws``: p1, asked for their last card, draws the top of
    the stock (2S, theirs alone to see) and the game goes on; p0 asks again."""
    g = fish(hands=LAST_CARD, stock=["2S", "3S"], empty_hand="draws")
    ask(g, "p0", "9", "p1")
    assert not g.is_over() and g.hand("p1") == ["2S"]
    assert entries(g, "go_fish.refill") == [{"player": "p1"}]
    view = g.public_view()
    assert view["turn"] == "p0" and view["hand_sizes"]["p1"] == 1 and "2S" not in json.dumps(view)


def test_with_draws_an_empty_hand_wins_once_the_stock_is_out():
    """``empty_hand: draws`` and no stock left: the empty hand wins as by default."""
    g = fish(hands=LAST_CARD, empty_hand="draws")
    g.s.stock = []
    ask(g, "p0", "9", "p1")
    assert g.is_over() and g.s.result["winners"] == ["p1"]


def test_two_out_at_once_the_one_with_more_books_wins():
    """Both hands empty on one ask: more books wins."""
    g = fish(hands=TIE, stock=TIE_STOCK)
    play_to_the_tie(g)
    result = g.s.result
    assert g.is_over() and result["out"] == ["p0", "p1"]
    assert result["books"] == {"p0": 3, "p1": 1} and result["winners"] == ["p0"]
    assert [e["player"] for e in entries(g, "go_fish.out")] == ["p0", "p1"]


def test_two_out_at_once_with_equal_books_the_last_in_the_order_of_play_wins():
    """Equal books: the last of them clockwise from the first player wins (here
    the player asked, p1, after the asker, p0)."""
    g = fish(hands=TIE, stock=TIE_STOCK)
    # the same position, but p1 had laid two more books before
    g.s.books["p1"] += ["5", "6"]
    for rank in ("5", "6"):
        g.s.stock = [c for c in g.s.stock if c[:-1] != rank]
    play_to_the_tie(g)
    result = g.s.result
    assert result["books"] == {"p0": 3, "p1": 3} and result["winners"] == ["p1"]


# Three players (p0 asks first): p0 takes p1's nines (a book) and fishes
# the last jack (a book), holding 7S 7H; p1 takes p2's last five (a book)
# and asks p0 for sevens: p0 and p1 run out at once with two books each.
EQUAL_BOOKS = (["7S", "7H", "9S", "9H", "JS", "JH", "JD"], ["7D", "7C", "9D", "9C", "5S", "5H", "5D"],
               ["5C", "2S", "2H", "3S", "3H", "4S", "4H"])


def test_equal_books_at_once_the_last_in_the_order_of_play_wins_not_the_last_from_the_asker():
    """The seed's tie (two out at once with equal books: "the last player
    clockwise" wins), read in the order of play from the first player: p1,
    the asker, comes after p0 and wins; counted from the asker, p0 would."""
    g = fish(hands=EQUAL_BOOKS, stock=["JC"])
    ask(g, "p0", "9", "p1")  # p0's book of nines; p0 asks again
    ask(g, "p0", "J", "p2")  # none: p0 fishes JC, a book; the turn passes
    assert g.public_view()["turn"] == "p1" and g.hand("p0") == ["7S", "7H"]
    ask(g, "p1", "5", "p2")  # p1's book of fives
    ask(g, "p1", "7", "p0")  # p1's book of sevens: p0 and p1 are both out
    result = g.s.result
    assert g.is_over() and result["out"] == ["p0", "p1"]
    assert result["books"] == {"p0": 2, "p1": 2, "p2": 0} and result["winners"] == ["p1"]


def test_forfeits_can_be_switched_off():
    """Nobody drinks at the end; the winner is the same."""
    g = fish(hands=TIE, stock=TIE_STOCK, forfeits=False)
    play_to_the_tie(g)
    assert g.s.result["winners"] == ["p0"] and g.drinks() == {}


def test_the_host_ending_the_game_names_the_most_books():
    """Ended early: most books win, most cards in hand lose."""
    g = fish()
    ask(g, "p0", "7", "p1")
    g.finish(0.0)
    result = g.s.result
    assert result["reason"] == "host" and result["winners"] == ["p0"] and result["losers"] == ["p1"]
    assert result["winner"] is None and g.drinks() == {}


# -- absent and leaving players ---------------------------------------------------------------------
def test_skip_asks_the_next_player_for_the_rank_held_most():
    """An absent player asks their left neighbour for their biggest group."""
    g = fish()
    g.skip("p0", 0.0)
    assert entries(g, "go_fish.ask") == [{"player": "p0", "target": "p1", "rank": "7"}]
    assert entries(g, "game.skipped") == [{"player": "p0", "action": "ask"}]


def test_skip_is_refused_for_a_player_the_game_does_not_wait_on():
    """Only the player to ask is waited on."""
    g = fish()
    with pytest.raises(IllegalAction):
        g.skip("p1", 0.0)


def test_a_leavers_hand_goes_into_the_stock_and_the_turn_passes():
    """Their cards are shuffled into the stock; their books leave with them."""
    g = fish(hands=(P0, P1, ["2S", "2H", "2D", "2C", "4C", "4D", "6C"]))
    assert g.s.books["p2"] == ["2"]
    g.remove_player("p0", 0.0)
    assert g.public_view()["piles"]["stock"] == 52 - 21 + 7
    assert set(P0) <= set(g.s.stock)
    assert g.public_view()["turn"] == "p1" and "p0" not in g.public_view()["books"]


# -- random play ------------------------------------------------------------------------------------
def hidden(g, viewer):
    """The stock and every hand but the viewer's."""
    return unseen(g, viewer, g.s.stock)


def visible(g, viewer):
    """The viewer's hand and the card shown by a wish come true."""
    out = Counter(g.s.hands.get(viewer, []))
    if g.s.shown:
        out[g.s.shown] += 1
    return out


@pytest.mark.parametrize("n, seed, options", [
    (2, 1, {}), (3, 2, {"fish_wish": True}), (4, 3, {"ask": "everyone"}), (6, 4, {"again": False}),
    (10, 5, {"ask": "everyone", "fish_wish": True}), (3, 6, {"empty_hand": "draws"}),
    (5, 7, {"empty_hand": "draws", "ask": "everyone"}),
])
def test_random_play_finishes_and_never_shows_a_hidden_card(n, seed, options):
    """Bots asking at random finish the game, and no view carries the stock
    or a card of another hand (so never the suits handed over)."""
    auditor = Auditor(hidden, visible)
    g, steps = play_randomly(make("go_fish", n, seed=seed, **options), random.Random(seed), auditor=auditor)
    result = g.s.result
    assert g.is_over() and result["reason"] == "out" and auditor.checked >= steps
    assert g.hand(result["winner"]) == []
    cards = sum(len(h) for h in g.s.hands.values()) + len(g.s.stock) + 4 * sum(result["books"].values())
    assert cards == 52


@pytest.mark.parametrize("seed", range(6))
def test_random_play_with_players_leaving_and_absent(seed):
    """Leavers and skipped phones: the game still ends clean."""
    g, _ = play_randomly(make("go_fish", 4, seed=seed, ask="everyone" if seed % 2 else "player"),
                         random.Random(seed), auditor=Auditor(hidden, visible), churn=True, joins=False, skips=0.2)
    assert g.is_over() and g.s.result["reason"] in ("out", "players")


def test_same_seed_same_game():
    """One seed deals and plays the same game; another seed deals another."""
    same_seed_same_game("go_fish", 42, n=4)
    assert make("go_fish", 3, seed=7).hand("p0") != make("go_fish", 3, seed=8).hand("p0")


def test_state_round_trips_mid_game():
    """A game saved mid-game plays on the same after a restart."""
    g = fish()
    ask(g, "p0", "3", "p1")
    copy = roundtrip(g)
    ask(copy, "p0", "5", "p1")
    ask(g, "p0", "5", "p1")
    assert copy.to_state() == g.to_state()
    assert types(copy, "p1") == ["ask"]


def test_every_message_key_is_declared_and_used():
    """Every key this engine logs is declared, and every declared key turns up."""
    log: list[dict] = []
    for seed in range(20):
        play_randomly(make("go_fish", 2 + seed % 5, seed=seed, fish_wish=seed % 2 == 0,
                           empty_hand="draws" if seed % 3 == 0 else "wins"), random.Random(seed),
                      churn=True, joins=False, skips=0.2, every=25, log=log)
    used = {e["msg"] for e in log}
    assert set(GoFish.MESSAGES) - used == set()
