"""The prompts a drinking-deck card can open, one small class per kind (see
``base.py`` for what each kind answers for). The engine is
``partyapp/games/drinking/engine.py``."""

from __future__ import annotations

from partyapp.games.drinking.prompts.base import Prompt
from partyapp.games.drinking.prompts.chugalug import Chugalug
from partyapp.games.drinking.prompts.pick import Pick
from partyapp.games.drinking.prompts.race import Race
from partyapp.games.drinking.prompts.round import RoundGame
from partyapp.games.drinking.prompts.rps import PaperScissorsStone
from partyapp.games.drinking.prompts.rule import MakeRule

KINDS: dict[str, type[Prompt]] = {
    "pick": Pick, "rule": MakeRule, "race": Race, "round": RoundGame, "chugalug": Chugalug,
    "rps": PaperScissorsStone,
}


def load(data: dict | None) -> Prompt | None:
    """A prompt from its saved form (``to_json``); None stays None."""
    if data is None:
        return None
    if data["kind"] == "pick" and "for" in data:  # saved before version 3 of the state
        data = {**{k: v for k, v in data.items() if k != "for"}, "what": data["for"]}
    return KINDS[data["kind"]].from_json(data)


__all__ = ["KINDS", "Chugalug", "MakeRule", "PaperScissorsStone", "Pick", "Prompt", "Race", "RoundGame", "load"]
