"""How a room's views become the text every screen receives: one encoding
for the table, each phone and each bot.

The public view is encoded once per change and each seat's ``you`` spliced
into that text (``with_you``): the same JSON as ``{**public, "you": you}``,
without encoding the public view again for every phone. A bot is handed
exactly the frame its seat's phone would get (``partyapp/bots/runner.py``).
"""

from __future__ import annotations

import orjson


def encode(data) -> str:
    """Compact JSON text of ``data``, with orjson (several times faster than the
    standard encoder on the views; non-ASCII text stays UTF-8 rather than
    escape sequences, which every JSON parser reads the same)."""
    return orjson.dumps(data).decode()


def with_you(public_text: str, you: dict) -> str:
    """A seat's frame: the public view's JSON text with ``you`` spliced in."""
    return public_text[:-1] + ',"you":' + encode(you) + "}"
