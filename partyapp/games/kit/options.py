"""Game options as declarations: ``Option`` and its kinds ``flag``, ``number``
and ``choice``.

A game declares its options (``Engine.OPTIONS``: name -> ``Option``); the
kit checks a host's options against them (``Engine.check_options``) and
describes them for the host's option form (``Engine.option_list``: name,
kind, default, limits and the help text). Each kind checks its own values
and refuses a bad one with an ``OptionError`` naming the option, in the
host's language. The help texts are message ids (the catalogue extracts
the ``doc`` argument of ``flag``/``number``/``choice``).

``options_record`` makes the typed record a game's state keeps its
options in (``state.opts.forfeits``): one field per declared option, of its
kind's type, with its default.

Imports nothing outside ``partyapp.games.kit`` and the standard library.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from partyapp.games.kit.base import OptionError
from partyapp.games.kit.record import Record
from partyapp.games.kit.wording import Term

# The Python type of each kind's values.
TYPES = {"bool": bool, "int": int, "choice": str}


@dataclass(frozen=True, slots=True)
class Option:
    """One named option of a game: its kind, default, limits and meaning."""

    kind: str  # "bool", "int" or "choice"
    default: Any
    doc: str
    lo: int = 0
    hi: int = 0
    choices: tuple = ()

    def check(self, name: str, value: Any) -> Any:
        label = Term(name.replace("_", " ").capitalize())  # the option form's label
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise OptionError("{option} must be on or off.", option=label)
        elif self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int) or not self.lo <= value <= self.hi:
                raise OptionError("{option} must be a whole number from {min} to {max}.", option=label, min=self.lo, max=self.hi)
        elif value not in self.choices or not isinstance(value, str):
            raise OptionError("{option} must be one of the choices offered.", option=label)
        return value

    def describe(self, name: str) -> dict:
        out: dict[str, Any] = {"name": name, "kind": self.kind, "default": self.default, "doc": self.doc}
        if self.kind == "int":
            out.update(min=self.lo, max=self.hi)
        elif self.kind == "choice":
            out["choices"] = list(self.choices)
        return out


def flag(default: bool, doc: str) -> Option:
    """An option that is on or off."""
    return Option("bool", default, doc)


def number(default: int, lo: int, hi: int, doc: str) -> Option:
    """A whole number from ``lo`` to ``hi``."""
    return Option("int", default, doc, lo, hi)


def choice(default: str, choices: tuple[str, ...], doc: str) -> Option:
    """One of a few named choices."""
    return Option("choice", default, doc, choices=choices)


def options_record(name: str, options: dict[str, Option]) -> type[Record]:
    """The record of a game's checked options: a field per option in
    ``options``, typed by its kind, defaulting to its default."""
    namespace: dict[str, Any] = {key: opt.default for key, opt in options.items()}
    namespace["__annotations__"] = {key: TYPES[opt.kind] for key, opt in options.items()}
    return type(Record)(name, (Record,), namespace)
