"""Card codes and the standard deck."""

from __future__ import annotations

import random

import pytest

from partyapp.games.cards import (STANDARD_DECK, card, card_name, colour_of, is_card, parse_card,
                                  remaining_after, shuffled_deck, standard_deck, validate_cards)


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
