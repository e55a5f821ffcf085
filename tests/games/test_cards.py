"""Card codes, decks and shoes, stocks and dealing, rank orders, blackjack values."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from partyapp.games.kit.cards import (ACE_HIGH, ACE_LOW, STANDARD_DECK, HandValue, card, card_name, colour_of, deal, deal_all, deal_evenly, deal_order, draw, hand_value, is_card, is_natural, make_deck, make_shoe, make_stock, parse_card, points, rank_index, remaining_after, shuffled_deck, sort_cards, standard_deck, take_out, validate_cards)


def test_standard_deck_has_52_distinct_cards():
    """The standard deck holds 52 distinct cards, 13 of each suit."""
    deck = standard_deck()
    assert len(deck) == 52 == len(set(deck))
    assert sum(c.endswith("H") for c in deck) == 13
    assert "10H" in deck and "X1" not in deck


@pytest.mark.parametrize("code, rank, suit, colour", [
    ("AS", "A", "S", "black"), ("10H", "10", "H", "red"), ("QD", "Q", "D", "red"),
    ("2C", "2", "C", "black"),
])
def test_parse_and_colour(code, rank, suit, colour):
    """Codes parse to rank and suit; hearts and diamonds are red."""
    assert parse_card(code) == (rank, suit)
    assert colour_of(code) == colour
    assert card(rank, suit) == code


@pytest.mark.parametrize("bad", ["1S", "10", "AZ", "as", "", None, 10, "X1", "11H"])
def test_bad_codes_are_refused(bad):
    """Anything but a rank then a suit is refused."""
    assert not is_card(bad)
    with pytest.raises(ValueError):
        parse_card(bad)


def test_jokers_only_when_asked():
    """Jokers are cards only where a game asks for them."""
    assert is_card("X2", jokers=True) and not is_card("X2")


def test_validate_cards_names_the_problem():
    """validate_cards refuses duplicates and non-cards, naming the entry."""
    assert validate_cards(["AS", "2H"]) == ["AS", "2H"]
    with pytest.raises(ValueError, match="twice"):
        validate_cards(["AS", "AS"])
    with pytest.raises(ValueError, match="Entry 2"):
        validate_cards(["AS", "ZZ"])
    with pytest.raises(ValueError):
        validate_cards("AS")
    with pytest.raises(ValueError):
        validate_cards(list(STANDARD_DECK) + ["AS"], allow_duplicates=True, max_len=52)


def test_helpers():
    """Names, shuffles and the remaining cards."""
    assert card_name("QD") == "Queen of Diamonds"
    assert sorted(shuffled_deck(random.Random(1))) == sorted(STANDARD_DECK)
    assert len(remaining_after(["AS", "KD"])) == 50


# -- decks, shoes, stocks and dealing -------------------------------------------------


@pytest.mark.parametrize("size, ranks", [(52, 13), (32, 8)])
def test_decks_of_52_and_32(size, ranks):
    """A 52-card pack has A to K in each suit; a 32-card pack 7 to A."""
    deck = make_deck(size)
    assert len(deck) == size == len(set(deck))
    assert sum(c.endswith("S") for c in deck) == ranks
    if size == 32:
        assert "7S" in deck and "6S" not in deck and "AS" in deck


def test_old_maid_deck_has_51_cards():
    """Taking one queen out leaves 51 cards, three queens."""
    deck = make_deck(without=["QC"])
    assert len(deck) == 51 and "QC" not in deck and sum(c.startswith("Q") for c in deck) == 3


def test_jokers_on_request():
    """Jokers X1 and X2 join the pack only when asked."""
    assert make_deck(jokers=2)[-2:] == ["X1", "X2"] and len(make_deck(jokers=2)) == 54
    with pytest.raises(ValueError):
        make_deck(jokers=3)
    with pytest.raises(ValueError):
        make_deck(36)


@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_shoes_hold_1_to_8_decks_with_repeated_codes(decks):
    """A shoe of n decks holds every card n times."""
    shoe = make_shoe(decks)
    assert len(shoe) == 52 * decks and set(Counter(shoe).values()) == {decks}


@pytest.mark.parametrize("bad", [0, 9, True, "2"])
def test_shoe_sizes_are_checked(bad):
    """Shoes outside 1 to 8 decks are refused."""
    with pytest.raises(ValueError):
        make_shoe(bad)


def test_take_out_counts_copies():
    """take_out removes one copy per card asked, and refuses what is not there."""
    assert take_out(["AS", "AS", "2H"], ["AS"]) == ["AS", "2H"]
    with pytest.raises(ValueError, match="that often"):
        take_out(["AS", "2H"], ["AS", "AS"])
    with pytest.raises(ValueError):
        take_out(["AS"], ["KD"])


def test_stock_deals_staged_cards_first_then_the_shuffled_rest():
    """A staged deck is dealt from its front; the rest is the pack without it, shuffled."""
    stock = make_stock(make_deck(), random.Random(3), ["KD", "2C", "AS"])
    assert [draw(stock), draw(stock), draw(stock)] == ["KD", "2C", "AS"]
    assert len(stock) == 49 and not {"KD", "2C", "AS"} & set(stock)
    assert make_stock(make_deck(), random.Random(3)) == make_stock(make_deck(), random.Random(3))
    assert make_stock(make_deck(), random.Random(3)) != make_stock(make_deck(), random.Random(4))


def test_staged_cards_in_a_shoe_are_counted():
    """In a two-deck shoe a card may be staged twice, not three times."""
    stock = make_stock(make_shoe(2), random.Random(1), ["AS", "AS"])
    assert Counter(stock)["AS"] == 2 and len(stock) == 104
    with pytest.raises(ValueError):
        make_stock(make_shoe(2), random.Random(1), ["AS", "AS", "AS"])


def test_deal_order_round_the_seats_house_last():
    """One card at a time from the first seat; the house last in each round
    (casino 21: player, upcard, player, hole card)."""
    assert deal_order(["p1"], 2, house="dealer") == ["p1", "dealer", "p1", "dealer"]
    assert deal_order(["a", "b", "c"], 2, first="b") == ["b", "c", "a", "b", "c", "a"]
    stock = make_stock(make_deck(), random.Random(1), ["2H", "3H", "4H", "5H", "6H", "7H"])
    assert deal(stock, ["a", "b"], 2, house="h") == {"a": ["2H", "5H"], "b": ["3H", "6H"], "h": ["4H", "7H"]}


def test_rank_orders_and_sorting():
    """Ace low or high; sorting by rank then suit, or by suit; jokers last."""
    assert ACE_LOW[0] == "A" and ACE_HIGH[-1] == "A"
    assert rank_index("AS") == 12 and rank_index("AS", ACE_LOW) == 0 and rank_index("X1") == 13
    hand = ["KD", "X1", "2C", "AS", "2S", "10H"]
    assert sort_cards(hand) == ["2S", "2C", "10H", "KD", "AS", "X1"]
    assert sort_cards(hand, ACE_LOW) == ["AS", "2S", "2C", "10H", "KD", "X1"]
    assert sort_cards(hand, by_suit=True) == ["2S", "AS", "10H", "KD", "2C", "X1"]


@pytest.mark.parametrize("cards, value", [
    (["AS", "6H"], HandValue(17, True)),
    (["AS", "6H", "KD"], HandValue(17, False)),
    (["AS", "AH"], HandValue(12, True)),
    (["AS", "AH", "9C"], HandValue(21, True)),
    (["KS", "QH", "2C"], HandValue(22, False)),
    (["AS", "KH"], HandValue(21, True)),
    (["5S", "5H", "AC", "AD"], HandValue(12, False)),
    ([], HandValue(0, False)),
])
def test_blackjack_hand_values_soft_and_hard(cards, value):
    """Pips count their number, pictures 10, an ace 11 while that does not bust."""
    assert hand_value(cards) == value


def test_points_and_naturals():
    """Card points with the ace as 1; a natural is an ace and a ten-value card in two."""
    assert [points(c) for c in ("AS", "7H", "10D", "JC", "KS")] == [1, 7, 10, 10, 10]
    assert is_natural(["AS", "10H"]) and is_natural(["QD", "AC"])
    assert not is_natural(["AS", "9H"]) and not is_natural(["AS", "5H", "5D"])
    assert not is_natural(["AS", "10H"], tens=frozenset({"J", "Q", "K"}))


def test_dealing_the_whole_pack_and_dealing_evenly():
    """deal_all deals every card (the first seats may get one more); deal_evenly
    leaves the odd cards in the stock."""
    stock = make_stock(make_deck(without=["QC"]), random.Random(2))
    hands = deal_all(stock, ["a", "b", "c", "d"], first="b")
    assert [len(hands[p]) for p in "bcda"] == [13, 13, 13, 12] and stock == []
    stock = make_stock(make_deck(32), random.Random(2), ["7S", "8S", "9S"])
    hands = deal_evenly(stock, ["a", "b", "c"])
    assert [len(hands[p]) for p in "abc"] == [10, 10, 10] and len(stock) == 2
    assert hands["a"][0] == "7S" and hands["c"][0] == "9S"
