"""The state of a drinking-deck game, as dataclasses that round-trip JSON.

``State`` is everything a game is: saved whole at every change (the
prompts in ``prompts/`` are dataclasses too), so a room survives a server
restart mid-game. ``dump`` gives the saved text, ``load`` takes it back.
``load`` also reads the saved form of version 2 (which spelt the pick
prompt's purpose ``for``), fills in the card parameters the effect
catalogue has gained since a game's deck was saved, with their defaults,
and the fields a state has gained since (``away``, a race's judged taps,
the holders of a role with several, the jail card's pocket, the necked cup)
with theirs.

The state stays dataclasses rather than the plain dict a card game keeps:
its prompts are typed classes and its saved form has versions to read.
The kit's engine (``kit/engine.py``) owns some of its fields (the seats,
options, seed, log, whether it is over, who is away and who asked for more
time) and reaches them by name through ``Fields`` (``state["seats"]`` is
``state.seats``), the same interface a card game's dict gives as it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

import orjson

from partyapp.games.drinking import prompts as drinking_prompts
from partyapp.games.drinking.decks import with_defaults
from partyapp.games.drinking.prompts import Prompt

VERSION = 3


def dumps(value: Any) -> str:
    """Compact JSON (orjson: the state is saved at every change)."""
    return orjson.dumps(value).decode()


@dataclass(slots=True)
class Rule:
    """A rule in force, its author and what breaking it costs."""

    by: str
    text: str
    n: int


@dataclass(slots=True)
class RoleInfo:
    """How the holder of a role got it and what it costs others."""

    rank: str  # the rank of the card that granted it
    until: str  # "next_same_rank" or "game_end"
    n: int  # what a catch or the thumb race costs
    neck: bool  # a catch is a neck
    thumbs: bool  # the thumbmaster chooses the left or right thumb
    each: bool = False  # every card of it is its own: several players may hold one
    pocket: bool = False  # the jail card can be pocketed: stolen only while out of the pocket


@dataclass(slots=True, kw_only=True)
class State:
    mode: str
    deck: dict  # the deck definition played (decks.validate_deck's form)
    house: bool = False  # a house variant: its words are shown as typed, never translated
    opts: dict  # the game's options, checked
    seats: list[str]  # player ids, clockwise
    groups: dict[str, str | None]  # "guys", "chicks" or None, by player
    direction: int = 1  # 1 clockwise, -1 counter-clockwise
    current: str | None  # who draws next
    drawn: list[str] = field(default_factory=list)
    staged: list[str] = field(default_factory=list)  # testing: dealt from the front
    last_card: str | None = None
    last_drawer: str | None = None
    cup: int = 0
    cup_total: int
    kings: int = 0
    rules: list[Rule] = field(default_factory=list)
    roles: dict[str, str | None]  # each role's holder (of a role with several, the latest)
    # A role whose every card is its own (``RoleInfo.each``: Kings' question
    # cards and thumbmasters): all its holders, in the order they drew it.
    holders: dict[str, list[str]] = field(default_factory=dict)
    pocketed: bool = False  # the jail card is in its holder's pocket
    cup_necked: bool = False  # the last king's drawer necked the cup: it is empty
    role_info: dict[str, RoleInfo] = field(default_factory=dict)
    mates: dict[str, list[str]] = field(default_factory=dict)  # undirected: both ways
    prompt: Prompt | None = None  # what the table is waiting for before the next draw
    paused: Prompt | None = None  # a card's prompt paused by the thumb race
    outcome: dict | None = None  # how the last prompt or card ended, for the table
    fingers: dict[str, int]  # drinks (Kings: fingers) handed out
    necks: dict[str, int]
    log: list[dict] = field(default_factory=list)  # the latest entries (drinking.LOG_MAX)
    log_seq: int = 0
    over: bool = False
    result: dict | None = None
    # The next draw's generator seed (the kit's ``Engine.random``): 8 bytes
    # in the saved state instead of the whole Mersenne Twister state.
    seed: int
    calls: list[str] = field(default_factory=list)  # penalty calls since the last draw (replaced, never changed in place)
    more_time: list[str] = field(default_factory=list)  # players whose own clocks run twice as long
    away: list[str] = field(default_factory=list)  # players whose phone is away
    sitting_out: list[str] = field(default_factory=list)  # players sitting out: passed over, roles kept


# Saved apart from the rest: the deck never changes during a game and the log
# entries rarely do, so their encodings are cached by the engine.
_APART = ("deck", "log")
_REST = tuple(f.name for f in fields(State) if f.name not in _APART)


def dump(state: State, deck_json: str, log_json: str) -> str:
    """The saved text: the deck and the log already encoded, then the rest."""
    rest = dumps({name: getattr(state, name) for name in _REST})
    return f'{{"v":{VERSION},"mode":{dumps(state.mode)},"deck":{deck_json},"log":[{log_json}],"s":{rest}}}'


def load(saved: dict) -> State:
    """A state from its saved form (versions 2 and 3)."""
    s = dict(saved["s"])
    s["deck"] = with_defaults(saved["deck"])
    s["log"] = saved["log"]
    s["rules"] = [Rule(**r) for r in s.get("rules", [])]
    s["role_info"] = {role: RoleInfo(**info) for role, info in s.get("role_info", {}).items()}
    s["prompt"] = drinking_prompts.load(s.get("prompt"))
    s["paused"] = drinking_prompts.load(s.get("paused"))
    names = {f.name for f in fields(State)}
    return State(**{k: v for k, v in s.items() if k in names})
