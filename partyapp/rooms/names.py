"""Players' names: what a name may be, and when two names are the same."""

from __future__ import annotations

import unicodedata
from typing import Any

from partyapp.games.kit.text import TextRefused, clean_text
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
    """Names are unique per room ignoring case."""
    return unicodedata.normalize("NFKC", name).casefold()
