"""Sentences the server says, kept as message ids with parameters so that
each reader gets them in their own language.

A sentence is its English text with ``{name}`` placeholders (the gettext
message id) plus its values; a sentence that depends on a number is written
``"one form|other form"`` and takes ``count``::

    Wording("{game} needs at least {count} player.|{game} needs at least {count} players.",
            game=Term("Cheat"), count=3)

``str()`` of it is the English sentence; ``render(gettext, ngettext)`` words
it in a catalogue's language (``partyapp.i18n`` does that for the
connection a refusal answers). A value that is itself a message id (a
game's title, a role) is a ``Term``: it is translated before it is placed.
``N_`` marks a message id where it is written, for the extractor, without
translating it there. Nothing here reads a catalogue: this module is plain
Python the engines may use.
"""

from __future__ import annotations

import re
from typing import Any, Callable

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def N_(msgid: str) -> str:  # noqa: N802 - gettext's name for "mark, do not translate"
    """A message id, marked for extraction and left as it is."""
    return msgid


class Term(str):
    """A value that is a message id itself: translated before it is placed."""

    __slots__ = ()


def fill(text: str, params: dict[str, Any]) -> str:
    """``{name}`` placeholders replaced by their values; nothing else is
    interpreted (a value is never read as a template)."""
    return PLACEHOLDER.sub(lambda m: str(params[m.group(1)]) if m.group(1) in params else m.group(0), text)


def english(msgid: str, count: Any = None) -> str:
    """The English form of a message id: ``"one|many"`` picked by ``count``."""
    if "|" not in msgid:
        return msgid
    one, many = msgid.split("|", 1)
    return one if count == 1 else many


class Wording:
    """A sentence for a person: message id and values (see the module doc)."""

    __slots__ = ("msgid", "params")

    def __init__(self, msgid: str, **params: Any) -> None:
        self.msgid = msgid
        self.params = params

    def render(self, gettext: Callable[[str], str] | None = None,
               ngettext: Callable[[str, str, int], str] | None = None) -> str:
        """The sentence worded through a catalogue's functions (English without)."""
        count = self.params.get("count")
        if gettext is None or ngettext is None:
            text = english(self.msgid, count)
            values = dict(self.params)
        else:
            if "|" in self.msgid:
                one, many = self.msgid.split("|", 1)
                text = ngettext(one, many, count if isinstance(count, int) else 1)
            else:
                text = gettext(self.msgid)
            values = {k: (gettext(v) if isinstance(v, Term) else v) for k, v in self.params.items()}
        values = {k: (v.render(gettext, ngettext) if isinstance(v, Wording) else v) for k, v in values.items()}
        return fill(text, values)

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Wording({self.msgid!r}, **{self.params!r})"


class Worded(Exception):
    """An exception whose message is a ``Wording``: ``str()`` is English,
    ``wording`` words it in any language."""

    def __init__(self, msgid: "str | Wording", **params: Any) -> None:
        self.wording = msgid if isinstance(msgid, Wording) else Wording(msgid, **params)
        super().__init__(str(self.wording))


def wording_of(exc: BaseException) -> Wording:
    """The wording of an exception: its own, or its English text as it is."""
    found = getattr(exc, "wording", None)
    return found if isinstance(found, Wording) else Wording(str(exc).replace("{", "(").replace("}", ")"))
