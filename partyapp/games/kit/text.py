"""The one cleaner of everything people type (player names, rules, card
titles and texts, deck and variant names, any ``text`` move), shared by the
wire protocol and the engines, so every field refuses the same characters
for the same reasons."""

from __future__ import annotations

import unicodedata
from typing import Any

from partyapp.games.kit.wording import Worded

# Characters refused in anything typed: bidi overrides, embeddings, marks
# and isolates, and invisible characters that could hide or reorder text or
# make a name look blank.
_BIDI_AND_INVISIBLE = frozenset(
    "\u061c\u115f\u1160\u180e\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
    "\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\u206a\u206b\u206c\u206d"
    "\u206e\u206f\u2800\u3164\ufeff\uffa0"
)
# Joiners and variation selectors are fine inside emoji but are not visible.
_NOT_VISIBLE = frozenset({"\u200c", "\u200d"} | {chr(c) for c in range(0xFE00, 0xFE10)})
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn"})
_UNCOUNTED_CATEGORIES = frozenset({"Mn", "Me", "Cf"})


class TextRefused(Worded, ValueError):
    """Typed text that is not accepted; the message says why, naming the field."""


def clean_text(value: Any, field: str, max_visible: int, *, min_visible: int = 1) -> str:
    """The one cleaner of everything people type: player names, rules, card
    titles and texts, deck and variant names.

    The text is NFC-normalised, every run of white space (tabs and line
    breaks included) becomes one space, and the ends are trimmed. It is
    refused (``TextRefused``, the message beginning with ``field``) when it
    is not a string, holds a control, surrogate, private-use or unassigned
    character, a bidi override or isolate or another invisible character, or
    has fewer than ``min_visible`` or more than ``max_visible`` visible
    characters (combining marks, joiners and variation selectors are not
    counted, and at most four code points per visible character are taken)."""
    if not isinstance(value, str):
        raise TextRefused("{field} must be text.", field=field)
    max_raw = 4 * max_visible
    if len(value) > 2 * max_raw + 64:
        raise TextRefused("{field} is longer than {count} character.|{field} is longer than {count} characters.",
                          field=field, count=max_visible)
    text = " ".join(unicodedata.normalize("NFC", value).split())
    visible = 0
    for ch in text:
        if ch in _BIDI_AND_INVISIBLE:
            raise TextRefused("{field} contains an invisible or direction-changing character.", field=field)
        cat = unicodedata.category(ch)
        if cat in _REFUSED_CATEGORIES:
            raise TextRefused("{field} contains a control character.", field=field)
        if cat not in _UNCOUNTED_CATEGORIES and ch not in _NOT_VISIBLE:
            visible += 1
    if visible < min_visible:
        if visible == 0:
            raise TextRefused("{field} is empty.", field=field)
        raise TextRefused("{field} is too short.", field=field)
    if visible > max_visible or len(text) > max_raw:
        raise TextRefused("{field} is longer than {count} character.|{field} is longer than {count} characters.",
                          field=field, count=max_visible)
    return text
