"""The prompts a drinking-deck card can open, one small class per kind (see
``base.py`` for what each kind answers for). The engine is
``partyapp/games/drinking/engine.py``."""

from __future__ import annotations

from typing import Union

from partyapp.games.drinking.prompts.base import Prompt
from partyapp.games.drinking.prompts.chugalug import Chugalug
from partyapp.games.drinking.prompts.pick import Pick
from partyapp.games.drinking.prompts.race import Race
from partyapp.games.drinking.prompts.round import RoundGame
from partyapp.games.drinking.prompts.rps import PaperScissorsStone
from partyapp.games.drinking.prompts.rule import MakeRule

# A prompt of any kind, as the state keeps it (told apart by ``kind``).
AnyPrompt = Union[Pick, MakeRule, Race, RoundGame, Chugalug, PaperScissorsStone]

__all__ = ["AnyPrompt", "Chugalug", "MakeRule", "PaperScissorsStone", "Pick", "Prompt", "Race", "RoundGame"]
