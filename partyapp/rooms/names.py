"""Players' names: what a name may be, and when two names are the same.

What a person sees decides sameness. ``skeleton`` follows Unicode TS #39
(section 4, confusable detection): the text NFKC-normalised and case-folded,
each character replaced by the prototype of its class of confusables, then
case-folded and mapped once more (a prototype may be a capital), invisible
characters dropped, so "Ann", "ANN", "An\u200dn" and "\u0410nn" (Cyrillic A)
have one skeleton. The classes are those of Unicode's confusables.txt as the
``confusable-homoglyphs`` package ships them; each class's prototype is its
lowest code point, or the sequence confusables.txt draws it as (so "m" and
"rn" are one). The text cleaner (``games/kit/text.py``) refuses the
invisible characters in the first place; dropping them here keeps stored
names that predate it comparable.
"""

from __future__ import annotations

import json
import os
import unicodedata
from functools import lru_cache
from typing import Any

from partyapp.games.kit.text import BLANK, INVISIBLE, TextRefused, clean_text
from partyapp.games.kit.wording import Term
from partyapp.rooms.errors import BadRequest

NAME_MAX = 24


def clean_name(value: Any) -> str:
    """A player's name: 1 to ``NAME_MAX`` visible characters."""
    try:
        return clean_text(value, Term("The name"), NAME_MAX)
    except TextRefused as exc:
        raise BadRequest(exc.wording) from None


def name_key(name: str) -> str:
    """Names are unique per room by what a person sees: ignoring case,
    width and invisible characters, and letters of other scripts that look
    the same (``text.skeleton``): "Ann", "ANN" and Cyrillic "\u0410nn" are one name."""
    return skeleton(name)


def _confusables() -> dict[str, list[str]]:
    import confusable_homoglyphs

    path = os.path.join(os.path.dirname(confusable_homoglyphs.__file__), "confusables.json")
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    return {char: [h["c"] for h in found] for char, found in data.items()}


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """Each confusable character to its class's prototype."""
    data = _confusables()
    parent: dict[str, str] = {}

    def find(c: str) -> str:
        root = c
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(c, c) != root:
            parent[c], c = root, parent[c]
        return root

    def union(a: str, b: str) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            lo, hi = sorted((ra, rb))
            parent[hi] = lo
            parent.setdefault(lo, lo)

    sequences: dict[str, list[str]] = {}
    for char, glyphs in data.items():
        parent.setdefault(char, char)
        for glyph in glyphs:
            glyph = INVISIBLE.sub("", glyph)  # some entries carry direction marks
            if len(glyph) == 1:
                union(char, glyph)
            elif glyph:
                sequences.setdefault(char, []).append(glyph)
    proto = {char: find(char) for char in parent}
    # a class confusables.txt draws as a sequence ("m" as "rn") maps to it
    drawn: dict[str, str] = {}
    for char, found in sequences.items():
        seq = min("".join(proto.get(c, c) for c in g) for g in found)
        root = proto[char]
        drawn[root] = min(drawn.get(root, seq), seq)
    proto = {char: drawn.get(root, root) for char, root in proto.items()}
    return {c: p for c, p in proto.items() if c != p}


def _map(text: str) -> str:
    table = _prototypes()
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in unicodedata.normalize("NFD", text)))


def skeleton(text: str) -> str:
    """What ``text`` looks like, for telling whether two texts look the same
    (Unicode TS #39, NFKC and case-folded; see the module's text): equal
    skeletons, same-looking texts."""
    text = "".join(c for c in text if c not in BLANK)  # names stored before the cleaner refused them
    text = INVISIBLE.sub("", unicodedata.normalize("NFKC", text).casefold())
    text = unicodedata.normalize("NFKC", _map(text)).casefold()
    return INVISIBLE.sub("", _map(text))
