"""Deck definitions: the defaults, the effect catalogue and validate_deck."""

from __future__ import annotations

import copy
import json

import pytest

from partyapp.games.kit.cards import RANKS
from partyapp.games.drinking.decks import (DEFAULT_DECKS, EFFECTS, KINGS, RING_OF_FIRE, catalogue, default_deck, entry_for, validate_deck)


@pytest.mark.parametrize("mode", ["ring_of_fire", "kings"])
def test_default_decks_are_valid(mode):
    """Both default decks pass validation, and normalising twice changes nothing."""
    deck = validate_deck(DEFAULT_DECKS[mode])
    assert validate_deck(deck) == deck
    assert set(deck["cards"]) == set(RANKS)
    assert json.loads(json.dumps(deck)) == deck


def test_kings_two_and_three_differ_by_colour():
    """Kings' 2 and 3 mean different things in red and black."""
    deck = default_deck("kings")
    assert entry_for(deck, "2", "red")["params"] == {"who": "drawer", "n": 2}
    assert entry_for(deck, "2", "black")["params"] == {"who": "pick", "n": 2}
    assert entry_for(deck, "3", "red")["params"]["who"] == "left"
    assert entry_for(deck, "3", "black")["params"]["who"] == "right"
    assert entry_for(deck, "A", "red") is entry_for(deck, "A", "black")


def test_missing_params_take_catalogue_defaults():
    """A parameter left out takes the catalogue's default."""
    defn = copy.deepcopy(RING_OF_FIRE)
    defn["cards"]["3"] = {"title": "Me", "effect": "drink"}
    out = validate_deck(defn)
    assert out["cards"]["3"] == {"title": "Me", "text": "", "effect": "drink",
                                 "params": {"who": "drawer", "n": 1}}


def test_catalogue_is_json_ready_with_domains():
    """The catalogue lists each effect's parameters with a protocol domain and a default."""
    cat = catalogue()
    assert json.loads(json.dumps(cat)) == cat
    assert set(cat) == set(EFFECTS)
    for effect in cat.values():
        for spec in effect["params"].values():
            assert ("one_of" in spec["domain"]) or ("int" in spec["domain"])
            assert "default" in spec and "label" in spec


def _bad(change):
    defn = copy.deepcopy(KINGS)
    change(defn)
    return defn


@pytest.mark.parametrize("defn, reason", [
    ("not a deck", "must be an object"),
    ({"name": "x"}, "no \"cards\""),
    (_bad(lambda d: d["cards"].pop("7")), "Card 7 is missing"),
    (_bad(lambda d: d["cards"].__setitem__("11", d["cards"]["A"])), "'11' is not a rank"),
    (_bad(lambda d: d["cards"]["A"].__setitem__("effect", "explode")), "unknown effect 'explode'"),
    (_bad(lambda d: d["cards"]["A"].pop("effect")), "effect is missing"),
    (_bad(lambda d: d["cards"]["7"]["params"].__setitem__("n", 99)), "from 0 to 10"),
    (_bad(lambda d: d["cards"]["7"]["params"].__setitem__("n", "2")), "parameter 'n'"),
    (_bad(lambda d: d["cards"]["7"]["params"].__setitem__("n", True)), "parameter 'n'"),
    (_bad(lambda d: d["cards"]["7"]["params"].__setitem__("drinks", 2)), "no parameter 'drinks'"),
    (_bad(lambda d: d["cards"]["4"]["params"].__setitem__("role", "king")), "parameter 'role'"),
    (_bad(lambda d: d["cards"]["2"].pop("black")), "black card is missing"),
    (_bad(lambda d: d["cards"]["2"].__setitem__("green", {})), "only \"red\" and \"black\""),
    (_bad(lambda d: d["cards"]["Q"].__setitem__("title", "")), "title is empty"),
    (_bad(lambda d: d["cards"]["Q"].__setitem__("title", "q" * 41)), "41 characters: 40 at most"),
    (_bad(lambda d: d["cards"]["Q"].__setitem__("text", "q" * 301)), "301 characters: 300 at most"),
    (_bad(lambda d: d["cards"]["Q"].__setitem__("colour", "red")), "unknown field 'colour'"),
    (_bad(lambda d: d["cards"]["Q"].__setitem__("params", [1])), "params must be an object"),
    (_bad(lambda d: d.__setitem__("name", 5)), "name must be text"),
    (_bad(lambda d: d.__setitem__("mode", "poker")), "Unknown mode 'poker'"),
])
def test_validate_deck_rejects_bad_definitions_with_reason(defn, reason):
    """validate_deck refuses a bad definition and says why."""
    with pytest.raises(ValueError) as err:
        validate_deck(defn)
    assert reason in str(err.value)


def test_validate_deck_does_not_change_its_input():
    """validate_deck returns a new definition and leaves its argument alone."""
    defn = copy.deepcopy(KINGS)
    out = validate_deck(defn)
    out["cards"]["A"]["title"] = "changed"
    assert defn == KINGS


def test_every_effect_of_the_catalogue_is_played():
    """Each effect the editor offers has its implementation in the engine, and
    no implementation lacks its catalogue entry."""
    from partyapp.games.drinking.effects import EFFECTS as PLAYED

    assert set(PLAYED) == set(EFFECTS)


def test_ring_of_fire_ten_is_thumbmaster_then_category_and_round_cards_default_without():
    """Ring of Fire's 10 is a round game whose drawer becomes thumbmaster; a
    round card saved without the option (an older house deck) plays without."""
    deck = default_deck("ring_of_fire")
    ten = deck["cards"]["10"]
    assert ten["title"] == "Thumbmaster" and ten["effect"] == "round"
    assert ten["params"] == {"n": 1, "thumbmaster": True}
    assert deck["cards"]["9"]["params"] == {"n": 1, "thumbmaster": False}
    old = copy.deepcopy(RING_OF_FIRE)
    old["cards"]["10"] = {"title": "Category", "text": "Name things.", "effect": "round", "params": {"n": 1}}
    assert validate_deck(old)["cards"]["10"]["params"] == {"n": 1, "thumbmaster": False}
    assert catalogue()["round"]["params"]["thumbmaster"]["domain"] == {"one_of": [True, False]}


def test_the_editor_offers_each_reading_where_houses_differ():
    """The catalogue the editor draws from offers the waterfall as a cascade
    or not (not by default), the cascade in the direction of play or to the
    left (to the left by default), a cup in the middle or the drink in
    front, a role whose every card is its own, and the jail card's pocket;
    the standard decks take the seeds' readings."""
    cat = catalogue()
    assert cat["waterfall"]["params"]["cascade"]["default"] is False
    assert cat["waterfall"]["params"]["follow_play"]["default"] is False
    assert cat["cup"]["params"]["cup"]["default"] is True
    assert cat["role"]["params"]["each"]["default"] is False
    assert cat["role"]["params"]["pocket"]["default"] is False
    for effect, name in (("waterfall", "cascade"), ("waterfall", "follow_play"), ("cup", "cup"), ("role", "each"),
                         ("role", "pocket")):
        assert cat[effect]["params"][name]["domain"] == {"one_of": [True, False]}
        assert cat[effect]["params"][name]["label"]
    rof, kings = default_deck("ring_of_fire"), default_deck("kings")
    assert rof["cards"]["A"]["params"]["cascade"] is False and kings["cards"]["A"]["params"]["cascade"] is True
    assert rof["cards"]["A"]["params"]["follow_play"] is False and kings["cards"]["A"]["params"]["follow_play"] is False
    assert rof["cards"]["K"]["params"]["cup"] is True and kings["cards"]["K"]["params"]["cup"] is False
    assert kings["cards"]["Q"]["params"]["each"] is True and kings["cards"]["4"]["params"]["each"] is True
    assert kings["cards"]["J"]["params"]["pocket"] is True


def test_a_house_variant_saved_before_the_new_readings_loads_as_it_played():
    """A variant saved before the cascade, its direction, the cup, the own
    cards and the pocket existed loads with what it played then: its
    waterfall a cascade in the direction of play, its kings poured into a
    cup, its roles passed on, its jail card never pocketed."""
    from partyapp.games.drinking.decks import with_defaults

    old = copy.deepcopy(KINGS)
    old["cards"]["A"]["params"] = {"n": 1}
    old["cards"]["K"]["params"] = {"return_cards": True}
    old["cards"]["Q"]["params"] = {"role": "question_card", "until": "game_end", "neck": True}
    old["cards"]["J"]["params"] = {"role": "jail", "until": "game_end"}
    for deck in (validate_deck(old), with_defaults(copy.deepcopy(old))):
        assert deck["cards"]["A"]["params"]["cascade"] is True
        assert deck["cards"]["A"]["params"]["follow_play"] is True
        assert deck["cards"]["K"]["params"]["cup"] is True
        assert deck["cards"]["Q"]["params"]["each"] is False
        assert deck["cards"]["J"]["params"]["pocket"] is False
