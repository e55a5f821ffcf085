"""The bots' registry: mode id -> the strategy a bot plays that game with.

Every mode bots play (``runner.plays``: every full card game, never the
drinking decks, which bots sit out) is listed here once under its mode id,
with its own strategy (one module per game or family, beside this one) or,
until it has one, ``RANDOM``: any legal move at random. The registry imports
the strategies; no strategy imports it. ``tests/test_modes_agree.py`` fails
when this list and the games' ``MODES`` disagree.
"""

from __future__ import annotations

from partyapp.bots import (blackjack, cheat, concentration, croatian_rummy, go_fish, kings_corner, old_maid, pontoon,
                           reflex, shif_shof_shum)
from partyapp.bots.strategy import RANDOM, Strategy

STRATEGIES: dict[str, Strategy] = {
    "blackjack": blackjack.HomeBot(),
    "old_maid": old_maid.OldMaidBot(),
    "cheat": cheat.CheatBot(),
    "go_fish": go_fish.GoFishBot(),
    "casino_blackjack": blackjack.CasinoBot(),
    "russian_blackjack": blackjack.RussianBot(),
    "pontoon": pontoon.PontoonBot(),
    "irish_snap": reflex.ReflexBot(),
    "egyptian_ratscrew": reflex.ReflexBot(),
    "concentration": concentration.ConcentrationBot(),
    "shif_shof_shum": shif_shof_shum.ShifShofShumBot(),
    "kings_corner": kings_corner.KingsCornerBot(),
    "croatian_rummy": croatian_rummy.CroatianRummyBot(),
}


def strategy_for(mode: str) -> Strategy:
    """The strategy a bot plays ``mode`` with (``RANDOM`` for a mode not listed)."""
    return STRATEGIES.get(mode, RANDOM)
