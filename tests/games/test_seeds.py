"""A game of 21 plays from its seed: one seed deals and plays the same game
twice (bots drawing from one seed too). (Each other card game's test file
checks its seed itself, with a second seed that deals another game.)"""

from __future__ import annotations

import pytest

from .cardgame_helpers import same_seed_same_game


@pytest.mark.parametrize("mode, seed, n, options", [
    ("casino_blackjack", 42, 5, {}),
    ("pontoon", 42, 5, {}),
    ("russian_blackjack", 42, 5, {}),
])
def test_one_seed_plays_the_same_game(mode, seed, n, options):
    """The two games' logs and states are the same."""
    same_seed_same_game(mode, seed, n=n, **options)
