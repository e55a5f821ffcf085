"""Action specs in the protocol's domains, and the one check of a move against them.

An engine lists what a player may send now as specs (PROTOCOL.md,
``you.actions``)::

    spec("bet", amount=int_range(5, 50))  ->  {"type": "bet", "params": {"amount": {"int": {...}}}}

and a move arrives as ``{"type": "bet", "amount": 20}``. ``match(specs,
action)`` accepts it only when its type is one of the specs and every
parameter lies in its domain (no parameter missing, none extra), and returns
an ``Action`` with the values normalised (text cleaned, choices given back as
the engine's own objects). Anything else raises ``IllegalAction`` with a
sentence a player can read (a refused text with the text cleaner's reason
too: a control character, too long ...). An engine that validates this way
never sees a move its ``legal_actions`` did not offer; every engine does,
through ``engine.Engine.check``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from partyapp.games.kit.wording import Term, Wording
from partyapp.games.kit.base import IllegalAction
from partyapp.games.kit.text import TextRefused, clean_text

NOT_UNDERSTOOD = "That move is not understood."


# -- domains -------------------------------------------------------------------------
def one_of(values: Iterable[Any]) -> dict:
    """Exactly one of the values."""
    return {"one_of": list(values)}


def subset_of(values: Iterable[Any], min: int = 1, max: int | None = None) -> dict:  # noqa: A002
    """A list of distinct values, ``min`` to ``max`` of them (default: all)."""
    values = list(values)
    return {"subset_of": values, "min": min, "max": len(values) if max is None else max}


def int_range(lo: int, hi: int) -> dict:
    """An integer from ``lo`` to ``hi``."""
    return {"int": {"min": lo, "max": hi}}


def text(max_len: int) -> dict:
    """Free text, 1 to ``max_len`` visible characters."""
    return {"text": {"max_len": max_len}}


def spec(type_: str, **params: dict) -> dict:
    """One entry of ``you.actions``."""
    return {"type": type_, "params": params}


# -- checking a move -----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Action:
    """A move that passed ``match``: its type and its normalised parameters."""

    type: str
    params: dict = field(default_factory=dict)


def in_domain(domain: dict, value: Any) -> tuple[bool, Any]:
    """Is ``value`` allowed by a protocol domain? Returns (ok, normalised value)."""
    if "one_of" in domain:
        for choice in domain["one_of"]:
            if value == choice and type(value) is type(choice):
                return True, choice
        return False, None
    if "int" in domain:
        lim = domain["int"]
        ok = isinstance(value, int) and not isinstance(value, bool) and lim["min"] <= value <= lim["max"]
        return ok, value
    if "text" in domain:
        try:
            return True, clean_text(value, Term("The text"), domain["text"]["max_len"])
        except TextRefused:
            return False, None
    if "subset_of" in domain:
        if not isinstance(value, list) or not domain["min"] <= len(value) <= domain["max"]:
            return False, None
        out = []
        for v in value:
            ok, v = in_domain({"one_of": domain["subset_of"]}, v)
            if not ok or v in out:
                return False, None
            out.append(v)
        return True, out
    return False, None


# The words for the moves and their parameters that refusals name ("You can:
# hit, stand."), so each screen reads them in its own language. A name not
# listed here is shown as itself, its underscores as spaces.
MOVES: dict[str, Term] = {
    "accept": Term("accept"), "add": Term("add"), "answer": Term("answer"), "answered": Term("answered"),
    "ask": Term("ask"), "bet": Term("bet"),
    "breach": Term("breach"), "buy": Term("buy"), "call": Term("call"), "caught": Term("caught"), "deal": Term("deal"),
    "declare": Term("declare"), "deflect": Term("deflect"), "discard": Term("discard"), "done": Term("done"),
    "double": Term("double"), "draw": Term("draw"), "escape": Term("get out"), "flip": Term("flip"), "hit": Term("hit"),
    "insurance": Term("insurance"), "jail": Term("jail"), "layoff": Term("lay off"), "leave": Term("leave"),
    "meld": Term("meld"), "missed": Term("missed"), "move": Term("move"), "pass": Term("pass"), "pick": Term("pick"),
    "play": Term("play"), "pocket": Term("pocket"), "rebuy": Term("buy back in"), "refuse": Term("refuse"),
    "rps": Term("paper, scissors, stone"), "rule": Term("rule"),
    "sell": Term("sell"), "shuffle": Term("shuffle"), "sit_out": Term("sit out"),
    "sit_out_rest": Term("sit out the rest"), "skip": Term("skip"),
    "slap": Term("slap"), "split": Term("split"), "stand": Term("stand"), "start": Term("start"), "steal": Term("steal"),
    "stick": Term("stick"), "surrender": Term("surrender"), "swap": Term("swap"), "take": Term("take"),
    "take_back": Term("take back"), "tap": Term("tap"), "thumb": Term("thumb"), "toilet": Term("toilet"),
    "twist": Term("twist"), "undo": Term("undo"), "unpocket": Term("take out of the pocket"),
}
# A parameter: (in a sentence, as a label).
PARAMETERS: dict[str, tuple[Term, Term]] = {
    "amount": (Term("amount"), Term("Amount")), "by": (Term("role card"), Term("Role card")),
    "card": (Term("card"), Term("Card")), "cards": (Term("cards"), Term("Cards")),
    "entry": (Term("forfeit"), Term("Forfeit")), "meld": (Term("meld"), Term("Meld")),
    "pick": (Term("choice"), Term("Choice")), "pile": (Term("pile"), Term("Pile")),
    "player": (Term("player"), Term("Player")), "position": (Term("place"), Term("Place")),
    "price": (Term("price"), Term("Price")), "rank": (Term("rank"), Term("Rank")), "rule": (Term("rule"), Term("Rule")),
    "say": (Term("answer"), Term("Answer")), "side": (Term("side"), Term("Side")), "take": (Term("choice"), Term("Choice")),
    "text": (Term("text"), Term("Text")), "thumb": (Term("thumb"), Term("Thumb")), "to": (Term("place"), Term("Place")),
}


def _words(name: str) -> str:
    return name.replace("_", " ")


def move_word(type_: str) -> str:
    """A move's name in words (a ``Term`` when the catalogue has it)."""
    return MOVES.get(type_) or _words(type_)


def parameter_word(name: str, label: bool = False) -> str:
    """A move parameter's name in words, in a sentence or as a label."""
    words = PARAMETERS.get(name)
    if words is not None:
        return words[label]
    return _words(name).capitalize() if label else _words(name)


def moves_in_words(types: Iterable[str]) -> Wording:
    """Moves listed in words ("hit, stand"), each in the screen's language."""
    names = list(dict.fromkeys(types))
    template = ", ".join("{m%d}" % i for i in range(len(names)))
    return Wording(template, **{"m%d" % i: move_word(t) for i, t in enumerate(names)})


def why_not(name: str, domain: dict, value: Any = None) -> Wording:
    """The reason ``value`` of parameter ``name`` was refused, for the player
    (a text refused for what it holds says what, as the cleaner does)."""
    label = parameter_word(name, label=True)
    if "text" in domain and isinstance(value, str):
        rule = why_not(name, domain)
        try:
            clean_text(value, Term("The text"), domain["text"]["max_len"])
        except TextRefused as exc:
            return Wording("{rule} {reason}", rule=rule, reason=exc.wording)
        return rule
    if "int" in domain:
        lim = domain["int"]
        if lim["min"] == lim["max"]:
            return Wording("{label} must be {value}.", label=label, value=lim["min"])
        return Wording("{label} must be a whole number from {min} to {max}.", label=label, min=lim["min"], max=lim["max"])
    if "text" in domain:
        return Wording("{label} must be 1 to {max} characters.", label=label, max=domain["text"]["max_len"])
    if "subset_of" in domain:
        lo, hi = domain["min"], domain["max"]
        if lo == hi:
            return Wording("{label}: pick {count} of the choices offered, each once.", label=label, count=lo)
        return Wording("{label}: pick {min} to {max} of the choices offered, each once.", label=label, min=lo, max=hi)
    return Wording("{label} must be one of the choices offered.", label=label)


def match(specs: list[dict], action: Any) -> Action:
    """The move ``action`` checked against the specs a player was offered.

    A type may be offered in several entries, each one exact family of moves
    (Kings Corner offers ``play`` once per space, with the cards that fit
    there): the move is taken when it fits any of them, else refused with
    the reason the first of them gives."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(NOT_UNDERSTOOD)
    wanted = action["type"]
    found = [s for s in specs if s["type"] == wanted]
    if not found:
        if not specs:
            raise IllegalAction("There is nothing for you to do right now.")
        raise IllegalAction("You cannot do that now. You can: {offered}.", offered=moves_in_words(s["type"] for s in specs))
    refusal: IllegalAction | None = None
    for entry in found:
        try:
            return _match_one(entry["params"], wanted, action)
        except IllegalAction as exc:
            refusal = refusal or exc
    assert refusal is not None
    raise refusal


def _match_one(params: dict, wanted: str, action: dict) -> Action:
    extra = [k for k in action if k != "type" and k not in params]
    if extra:
        raise IllegalAction("A {move} takes no {name}.", move=move_word(wanted), name=parameter_word(str(extra[0])[:32]))
    values: dict[str, Any] = {}
    for name, domain in params.items():
        if name not in action:
            raise IllegalAction("A {move} needs {name}.", move=move_word(wanted), name=parameter_word(name))
        ok, value = in_domain(domain, action[name])
        if not ok:
            raise IllegalAction(why_not(name, domain, action[name]))
        values[name] = value
    return Action(wanted, values)
