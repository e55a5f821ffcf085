"""Transport-free rules engines, one module per game named after it, and the
registry of modes.

``kit/`` is what every engine is built on; ``drinking/`` holds the drinking
decks and ``twentyone/`` the 21 family; every other full card game is one
module here. ``MODES`` maps a mode id to its engine class (a
``kit.base.Game`` subclass); ``get_mode`` looks one up with a readable error.
Each engine logs its own message keys under its mode id (``cheat.call``);
the other layers list the modes under the same ids
(``tests/test_modes_agree.py``).

Engines import nothing outside ``partyapp.games`` but the standard library,
msgspec (the typed state's records and its one JSON codec, ``kit/record.py``)
and regex (the text cleaner's Unicode properties, ``kit/text.py``): no
clock, no network, no global.
"""

from __future__ import annotations

from partyapp.games.kit.base import HOST, Game, GameIsOver, IllegalAction, NotYourTurn
from partyapp.games.twentyone.blackjack import Blackjack
from partyapp.games.twentyone.casino_blackjack import CasinoBlackjack
from partyapp.games.twentyone.russian_blackjack import RussianBlackjack
from partyapp.games.cheat import Cheat
from partyapp.games.concentration import Concentration
from partyapp.games.croatian_rummy import CroatianRummy
from partyapp.games.drinking.engine import Kings, RingOfFire
from partyapp.games.egyptian_ratscrew import EgyptianRatscrew
from partyapp.games.go_fish import GoFish
from partyapp.games.irish_snap import IrishSnap
from partyapp.games.kings_corner import KingsCorner
from partyapp.games.old_maid import OldMaid
from partyapp.games.twentyone.pontoon import Pontoon
from partyapp.games.shif_shof_shum import ShifShofShum

MODES: dict[str, type[Game]] = {
    "ring_of_fire": RingOfFire,
    "kings": Kings,
    "blackjack": Blackjack,
    "old_maid": OldMaid,
    "cheat": Cheat,
    "go_fish": GoFish,
    "casino_blackjack": CasinoBlackjack,
    "russian_blackjack": RussianBlackjack,
    "pontoon": Pontoon,
    "irish_snap": IrishSnap,
    "egyptian_ratscrew": EgyptianRatscrew,
    "concentration": Concentration,
    "shif_shof_shum": ShifShofShum,
    "kings_corner": KingsCorner,
    "croatian_rummy": CroatianRummy,
}


def get_mode(mode_id: str) -> type[Game]:
    """The engine class of a mode; raises ``KeyError`` naming the known modes."""
    try:
        return MODES[mode_id]
    except (KeyError, TypeError):
        raise KeyError(f"There is no mode {mode_id!r} (modes: {', '.join(sorted(MODES))}).") from None


__all__ = ["HOST", "MODES", "Game", "GameIsOver", "IllegalAction", "NotYourTurn", "get_mode"]
