"""What every bot strategy shares: the base class, the random fallback, and
the human-looking pauses (the strategy of each mode is in ``registry.py``).

A strategy is handed a seat's **frame**: exactly the JSON a phone in that
seat receives (the public view, ``game`` and ``players`` and ``room``, plus
``you``). It answers with one of ``frame["you"]["actions"]`` filled in, or
None when it would rather not move (an optional move such as Old Maid's
shuffle). Nothing else reaches it: what it remembers (Go Fish asks, the
cards turned in Concentration) it builds in ``memory`` from the frames it
was handed (``observe``), a plain JSON dict saved with the room.

Adding a bot for a new game is one module that subclasses ``Strategy`` and
one line in ``registry.STRATEGIES`` under the game's mode id. Until it has
one, a full card game is listed there with ``RANDOM``, which plays any legal
move at random.

Levels (``slow``, ``normal``, ``fast``) set how long a bot thinks, how fast
it slaps, and how much it remembers where a game has memory.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

LEVELS = ("slow", "normal", "fast")
NORMAL = "normal"

# A think before an ordinary move: the median in seconds by level; each
# pause is that times a log-normal spread, within the bounds.
THINK_S = {"slow": 2.4, "normal": 1.5, "fast": 0.9}
THINK_SPREAD = 0.35
THINK_BOUNDS = (0.4, 6.0)
# A reaction to something everybody sees at once (a snap to slap): mean and
# spread in seconds by level, within the bounds. People react to a card on a
# screen in about a quarter to a whole second.
REACT_S = {"slow": (0.95, 0.2), "normal": (0.62, 0.12), "fast": (0.42, 0.07)}
REACT_BOUNDS = (0.25, 1.8)


def think(level: str, rng: random.Random, scale: float = 1.0) -> float:
    """A human-looking pause before an ordinary move, in seconds."""
    median = THINK_S.get(level, THINK_S[NORMAL]) * scale
    lo, hi = THINK_BOUNDS
    return min(hi * scale, max(lo * min(scale, 1.0), median * math.exp(rng.gauss(0.0, THINK_SPREAD))))


def react(level: str, rng: random.Random) -> float:
    """A reaction time to a card everybody sees, in seconds."""
    mean, spread = REACT_S.get(level, REACT_S[NORMAL])
    lo, hi = REACT_BOUNDS
    return min(hi, max(lo, rng.gauss(mean, spread)))


# -- reading a frame ------------------------------------------------------------------
class Moves:
    """A seat's ``you.actions``, to look moves up by type."""

    __slots__ = ("specs",)

    def __init__(self, frame: dict) -> None:
        self.specs: list[dict] = frame["you"]["actions"]

    @property
    def types(self) -> list[str]:
        return list(dict.fromkeys(s["type"] for s in self.specs))

    def has(self, type_: str) -> bool:
        return any(s["type"] == type_ for s in self.specs)

    def all(self, type_: str) -> list[dict]:
        """Every entry of that type (a type may come in several, one per family of moves)."""
        return [s for s in self.specs if s["type"] == type_]

    def choices(self, type_: str, param: str) -> list:
        """Every value ``param`` may take in a move of that type (``one_of``,
        or the values of a ``subset_of``), over all its entries."""
        out: list = []
        for spec in self.all(type_):
            domain = spec["params"].get(param) or {}
            for value in domain.get("one_of", domain.get("subset_of", [])):
                if value not in out:
                    out.append(value)
        return out

    def bounds(self, type_: str, param: str) -> tuple[int, int] | None:
        """The range of an ``int`` parameter of that move, or None."""
        for spec in self.all(type_):
            domain = spec["params"].get(param) or {}
            if "int" in domain:
                return domain["int"]["min"], domain["int"]["max"]
        return None

    def allows(self, action: dict) -> bool:
        """Is ``action`` inside one of the entries of its type?"""
        for spec in self.all(action.get("type")):
            params = spec["params"]
            if set(params) != set(action) - {"type"}:
                continue
            if all(_in(params[k], action[k]) for k in params):
                return True
        return False


def _in(domain: dict, value: Any) -> bool:
    if "one_of" in domain:
        return value in domain["one_of"]
    if "int" in domain:
        return isinstance(value, int) and domain["int"]["min"] <= value <= domain["int"]["max"]
    if "subset_of" in domain:
        return (isinstance(value, list) and domain["min"] <= len(value) <= domain["max"]
                and len(set(value)) == len(value) and all(v in domain["subset_of"] for v in value))
    if "text" in domain:
        return isinstance(value, str) and 1 <= len(value) <= domain["text"]["max_len"]
    return False


def typed(frame: dict | None, max_len: int) -> str:
    """A bot's text: "ok", numbered past any rule in force that says the same
    (a drinking deck refuses a rule made twice)."""
    rules = ((frame or {}).get("game") or {}).get("rules") or []
    taken = {" ".join(r["text"].split()).casefold() for r in rules if isinstance(r, dict) and isinstance(r.get("text"), str)}
    words, n = "ok", 1
    while words.casefold() in taken:
        n += 1
        words = f"ok {n}"
    return words[:max_len] or "o"


def fill(spec: dict, rng: random.Random, frame: dict | None = None) -> dict:
    """A move drawn at random from one entry of ``you.actions`` (``frame``'s)."""
    action: dict[str, Any] = {"type": spec["type"]}
    for name, domain in spec["params"].items():
        if "one_of" in domain:
            action[name] = rng.choice(domain["one_of"])
        elif "int" in domain:
            action[name] = rng.randint(domain["int"]["min"], domain["int"]["max"])
        elif "subset_of" in domain:
            action[name] = rng.sample(domain["subset_of"], rng.randint(domain["min"], domain["max"]))
        else:
            action[name] = typed(frame, domain["text"]["max_len"])
    return action


def me(frame: dict) -> str:
    return frame["you"]["player_id"]


def new_log(frame: dict, memory: dict) -> list[dict]:
    """The public log entries this seat has not been handed before (by id);
    remembers the last one seen in ``memory["seen"]``."""
    seen = memory.get("seen", 0)
    fresh = [e for e in frame["game"].get("log", []) if e["id"] > seen]
    if fresh:
        memory["seen"] = fresh[-1]["id"]
    return fresh


# -- strategies ------------------------------------------------------------------------
class Strategy(ABC):
    """A bot's play of one game (or family). Stateless: whatever it keeps
    between moves is in ``memory``."""

    # ``observe`` is called with every new frame of a seat it plays.
    remembers: ClassVar[bool] = False

    def situation(self, frame: dict) -> Any:
        """What the seat faces, as JSON: a new situation restarts its pause
        (the moves it may make, its hand, whose turn it is)."""
        return [frame["you"]["actions"], frame["you"].get("hand"), frame["game"].get("turn")]

    def pause(self, frame: dict, level: str, rng: random.Random) -> float:
        """Seconds between the situation appearing and the move."""
        return think(level, rng)

    def observe(self, frame: dict, memory: dict, level: str, rng: random.Random) -> None:
        """Take in a new frame (only called when ``remembers``)."""

    @abstractmethod
    def choose(self, frame: dict, memory: dict, level: str, rng: random.Random) -> dict | None:
        """The move to make, or None to make none now."""


class RandomStrategy(Strategy):
    """The fallback: any move offered, at random (PROTOCOL.md: such a bot can
    finish every game)."""

    def choose(self, frame: dict, memory: dict, level: str, rng: random.Random) -> dict | None:
        specs = frame["you"]["actions"]
        return fill(rng.choice(specs), rng, frame) if specs else None


RANDOM = RandomStrategy()
