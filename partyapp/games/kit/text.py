"""The one cleaner of everything people type (player names, rules, card
titles and texts, deck and variant names, dares, any ``text`` move), shared
by the wire protocol and the engines, so every field refuses the same
characters for the same reasons. (Whether two names look the same is
``partyapp.rooms.names.name_key``'s.)

What a person sees decides: a text may hold no character that shows
nothing. Every default-ignorable code point (Unicode's
``Default_Ignorable_Code_Point``: joiners, variation selectors, tag
characters, the combining grapheme joiner, fillers...) and every format
character (category ``Cf``: the soft hyphen, bidi controls, interlinear
annotation marks, shorthand and hieroglyph format controls...) is refused,
except where it is part of an emoji as keyboards type it (a zero-width
joiner between two pictographs (a family), a variation selector after an
emoji (the red heart), the tag characters of a flag) and where a script
needs it: the zero-width joiner and non-joiner right after a virama (the
Sinhala "Sri", a Devanagari half form) and the non-joiner between two
letters that would join (the Persian name Alireza, written with one), as
IDNA's CONTEXTJ rules allow them (RFC 5892, appendix A.1 and A.2); a name
with one is the same name as without it
(``partyapp.rooms.names.skeleton``). The properties come
from the ``regex`` module's Unicode tables. So is every character that
draws nothing though Unicode calls it visible (``BLANK``: the object
replacement character, the Braille blank, the fillers); what is left draws
something in the app's fonts, each character checked in a real browser.
"""

from __future__ import annotations

import unicodedata
from typing import Any

import regex

from partyapp.games.kit.wording import Worded

# Characters refused in anything typed besides the default-ignorable and
# format ones: characters that draw nothing though Unicode calls them
# visible. The Braille blank and the Hangul fillers; the object replacement
# character, which browsers draw as nothing at all ("Ann" + U+FFFC sat
# beside "Ann" and looked the same); the fillers and the null notehead
# drawn empty by the fonts that have them (Khitan small script, music).
# Every other character the cleaner takes draws something in the app's
# fonts: tests/browser/test_typed_text_ink.py draws each one in Chromium.
BLANK = frozenset("\u115f\u1160\u2800\u3164\uffa0\ufffc\U00016fe4\U0001d159")
INVISIBLE = regex.compile(r"[\p{Default_Ignorable_Code_Point}\p{Cf}]")
# The emoji sequences in which an invisible character is let through.
_EMOJI_SEQUENCE = regex.compile(
    r"\p{Extended_Pictographic}\uFE0F?\p{Emoji_Modifier}?"
    r"(?:\u200D\p{Extended_Pictographic}\uFE0F?\p{Emoji_Modifier}?)+"  # joined pictographs
    r"|\p{Emoji}[\uFE0E\uFE0F]\u20E3?"  # text or emoji presentation, a keycap
    r"|\U0001F3F4[\U000E0020-\U000E007E]+\U000E007F"  # a flag's tag sequence
)
# The joiners a script needs, where it needs them (IDNA's CONTEXTJ rules): a
# zero-width non-joiner or joiner after a virama (a conjunct, a half form, a
# Sinhala yansaya or rakaransaya), and a non-joiner between a letter joining
# on its left and one joining on its right, with marks between (the Persian
# non-joiner, typed with shift and space). Each changes how the letters
# beside it are drawn.
_SCRIPT_JOINER = regex.compile(
    r"(?<=\p{Canonical_Combining_Class=Virama})[\u200C\u200D]"
    r"|(?<=[\p{Joining_Type=Left_Joining}\p{Joining_Type=Dual_Joining}]\p{Joining_Type=Transparent}*)\u200C"
    r"(?=\p{Joining_Type=Transparent}*[\p{Joining_Type=Right_Joining}\p{Joining_Type=Dual_Joining}])"
)
# Joiners and variation selectors are fine inside emoji but are not visible.
_NOT_VISIBLE = frozenset({"\u200c", "\u200d"} | {chr(c) for c in range(0xFE00, 0xFE10)})
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn"})
_CLUSTER = regex.compile(r"\X")
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
    characters (``visible_length``: grapheme clusters, what a person sees;
    the refusal of a text too long says how many it has), and at most four
    code points per visible character are taken."""
    if not isinstance(value, str):
        raise TextRefused("{field} must be text.", field=field)
    max_raw = 4 * max_visible
    if len(value) > 2 * max_raw + 64:
        raise TextRefused("{field} is longer than {count} character.|{field} is longer than {count} characters.",
                          field=field, count=max_visible)
    text = " ".join(unicodedata.normalize("NFC", value).split())
    if _hidden(text):
        raise TextRefused("{field} contains an invisible or direction-changing character.", field=field)
    for ch in text:
        if ch in BLANK:
            raise TextRefused("{field} contains an invisible or direction-changing character.", field=field)
        if unicodedata.category(ch) in _REFUSED_CATEGORIES:
            raise TextRefused("{field} contains a control character.", field=field)
    visible = visible_length(text)
    if visible < min_visible:
        if visible == 0:
            raise TextRefused("{field} is empty.", field=field)
        raise TextRefused("{field} is too short.", field=field)
    if visible > max_visible:
        raise TextRefused("{field} has {count} character: {max} at most.|{field} has {count} characters: {max} at most.",
                          field=field, count=visible, max=max_visible)
    if len(text) > max_raw:
        raise TextRefused("{field} is longer than {count} character.|{field} is longer than {count} characters.",
                          field=field, count=max_visible)
    return text


def _hidden(text: str) -> bool:
    """Whether ``text`` holds an invisible or format character outside an
    emoji sequence and outside a script's joiner."""
    let_through = {i for m in _EMOJI_SEQUENCE.finditer(text) for i in range(m.start(), m.end())}
    let_through.update(m.start() for m in _SCRIPT_JOINER.finditer(text))
    return any(m.start() not in let_through for m in INVISIBLE.finditer(text))


def visible_length(text: str) -> int:
    """How many characters a person sees in ``text``: its grapheme clusters
    (an accented letter, a flag, a family emoji, a thumb with its skin tone
    are one each), leaving out any cluster that shows nothing."""
    return sum(1 for cluster in _CLUSTER.findall(text)
               if any(unicodedata.category(ch) not in _UNCOUNTED_CATEGORIES and ch not in _NOT_VISIBLE
                      for ch in cluster))
