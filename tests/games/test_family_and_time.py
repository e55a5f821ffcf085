"""The family wording of the drinking decks, and more time: a player's own
clocks run twice as long, races never do."""

from __future__ import annotations

import json
import random
import re

import pytest

from partyapp.games import MODES
from partyapp.games.kit.cards import RANKS
from partyapp.games.drinking.decks import DEFAULT_DECKS, FAMILY_DECKS, family_deck, validate_deck
from tests.games.drinking_helpers import act, draw, make, play_randomly

# Words no card of a family deck may carry.
DRINK_WORDS = re.compile(r"drink|sip|neck|beer|wine|shot|chug|booze|cup\b|toilet|f\*|guys|chicks|girls", re.I)


@pytest.mark.parametrize("mode", ["ring_of_fire", "kings"])
def test_family_decks_are_valid_and_speak_of_no_drink(mode):
    """Each family deck validates, holds every rank, is the same game's deck
    (same effects where the default has no drink-only card), and no title or
    text names a drink, a toilet, swearing or the guys and chicks."""
    deck = validate_deck(FAMILY_DECKS[mode])
    assert set(deck["cards"]) == set(RANKS) and deck["mode"] == mode
    assert json.loads(json.dumps(deck)) == deck
    words = [deck["name"]]
    for entry in deck["cards"].values():
        for card in (entry["red"], entry["black"]) if "red" in entry else (entry,):
            words += [card["title"], card["text"]]
            assert card["params"].get("who") not in ("guys", "chicks")
            assert not card["params"].get("neck")
            assert card["effect"] != "chugalug" and card["params"].get("role") not in ("toilet", "question_card")
    found = [w for w in words if DRINK_WORDS.search(w)]
    assert found == []
    assert deck != validate_deck(DEFAULT_DECKS[mode])


@pytest.mark.parametrize("mode", ["ring_of_fire", "kings"])
def test_family_options_play_the_family_deck(mode):
    """The family options of a drinking deck are its family deck."""
    assert MODES[mode].FAMILY_OPTIONS == {"variant": family_deck(mode)}
    g = make(mode, 3, variant=family_deck(mode))
    assert g.public_view()["deck_name"] == FAMILY_DECKS[mode]["name"]


@pytest.mark.parametrize("mode", ["ring_of_fire", "kings"])
def test_family_decks_play_to_the_end_without_leaks(mode):
    """Random bots finish games of the family decks, every view audited."""
    for seed in range(6):
        g = make(mode, 2 + seed, seed=seed, variant=family_deck(mode))
        play_randomly(g, random.Random(seed))
        assert g.is_over()


def test_every_card_game_without_forfeits_is_plain():
    """Every full card game's family options turn its forfeits off, and are
    options it knows."""
    for mode, cls in MODES.items():
        if mode in ("ring_of_fire", "kings"):
            continue
        assert cls.FAMILY_OPTIONS.get("forfeits") is False, mode
        cls.check_options(dict(cls.FAMILY_OPTIONS))


def test_chugalug_answer_clock_doubles_for_the_speaker_who_asked():
    """Kings' 5: the speaker's answer clock is twice as long when they asked
    for more time, and so is the next speaker's only if they did too."""
    g = make("kings", 3, deck=["5H"], answer_timeout_s=10)
    g.set_more_time(["p1"])
    draw(g)  # p0 draws chugalug
    act(g, "p0", "start", side="left")  # one to my left: p1 says 2
    prompt = g.public_view()["prompt"]
    assert prompt["speaker"] == "p1" and prompt["deadline"] == 20
    act(g, "p1", "answer", now=5.0, say=2)
    prompt = g.public_view()["prompt"]
    assert prompt["speaker"] == "p2" and prompt["deadline"] == 15


def test_more_time_survives_the_saved_state():
    """Who asked for more time is part of the game's state."""
    g = make("kings", 3)
    g.set_more_time(["p2", "p0"])
    again = type(g).from_state(json.loads(json.dumps(g.to_state())))
    assert again.state.more_time == ["p0", "p2"]


def test_thumb_race_keeps_its_time_for_everybody():
    """The thumbmaster's race is against everybody: never doubled."""
    g = make("kings", 3, deck=["4H"], race_timeout_s=10)
    g.set_more_time(["p0", "p1", "p2"])
    draw(g)
    act(g, "p0", "thumb", now=2.0, thumb="left")
    assert g.public_view()["prompt"]["deadline"] == 12
