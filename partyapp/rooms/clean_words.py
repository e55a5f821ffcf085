"""The room's word filter: in family mode, or when the host turns it on
(the night's ``clean_words`` setting), everything a person types that
others will see (names, rules and any other ``text`` move, dares, house
variants' names and card texts) is checked before it is taken, and a text
with a swear word in it is refused (``WordsRefused``, code
``words_filtered``) to its typist alone, naming the word.

The lists are kept by projects that maintain them, none made here:

- English: ``glin-profanity`` (MIT; a dependency), its English dictionary
  and its matcher (word boundaries, leetspeak and look-alike letters,
  its allowlist: "assassin", "Scunthorpe" and "cocktail" pass).
- Russian: the inflected forms of slaviclean's Russian profanity lexicon
  (MIT, ``wordlists/ru.txt`` beside this module, one form a line, 22,036
  forms of the obscene roots and insults with their inflections; its
  licence in ``wordlists/LICENSE-slaviclean``), looked up word by word
  (``ё`` read as ``е`` too), and, for the words a list cannot enumerate
  (prefixed and spelt-apart forms: "распиздяй", "въебать", "п.и.з.д.а"), the
  root patterns of python-obscene-words-filter (asyncee, MIT), those of
  them that match no word of an ordinary Russian dictionary (hunspell-ru's
  forms: ``tests/rooms/test_clean_words.py`` lists the words that must
  pass), applied inside one word at a time.
- ``ALLOWED`` and ``ALLOWED_STEMS``: ordinary words the Russian lexicon
  carries as forms of a swear word (the rower's "гребу", the rooster
  "петух", "веб"), which pass.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from pathlib import Path

from partyapp.games.kit.refusals import Code
from partyapp.rooms.errors import RoomError

WORDLISTS = Path(__file__).with_name("wordlists")

# Ordinary Russian words that slaviclean's lexicon lists as forms of a swear
# word (homographs: "греби" is "row!", "петух" a rooster, "веб" the web),
# whole words and the beginnings of words.
ALLOWED = frozenset({"гребу", "греби", "гребите", "гребём", "гребем", "веб", "шляться", "сук", "сучат",
                     "сучим", "бляха", "бляхи", "бляху", "бляхой"})
ALLOWED_STEMS = ("петух", "петуш", "хохолк", "мерзк")

# python-obscene-words-filter's patterns (``conf.bad_words``), each a run of
# letter classes, letters of one word that may be repeated or split by
# characters that are not Cyrillic letters ("п*и*з*д"), kept where they
# match no ordinary word.
_ROOTS = ("п еи з д", "п и д р", "у её б оа нтк", "в ы её б", "е б ё т", "св ъь еёи б", "д ао л б ао её б",
          "з ао л у п", "ш л ю х", "с у ч а р", "о х у е втл", "х у й", "х у е в", "м у д а к", "м у д и л",
          "б л я д", "г оа н д о н")
_GAP = r"[^а-яё\s]*"
_ROOT_RE = re.compile("|".join(_GAP.join(f"[{letters}]+" for letters in root.split()) for root in _ROOTS))
# Words of python-obscene-words-filter's ``good_words`` that contain a root.
_GOOD_RE = re.compile(r"(за|под|пере)?страху[йяюе]|скреб[её]т")
_WORD = re.compile(r"[^\s,;:!?\"«»()\[\]{}]+")
_LETTERS = re.compile(r"[^\W\d_]+")
_CYRILLIC = re.compile("[а-яё]")
# Latin letters and digits that look like Cyrillic ones, read as those in a
# word that has Cyrillic letters.
_LOOK_ALIKES = str.maketrans("aeopcxyku306", "аеорсхукизоб")


class WordsRefused(RoomError):
    """A typed text with a word the room's word filter does not let through."""

    code = Code.WORDS_FILTERED


@lru_cache(maxsize=1)
def _russian() -> frozenset[str]:
    forms = (WORDLISTS / "ru.txt").read_text(encoding="utf-8").split()
    return frozenset(f for f in {*forms, *(f.replace("ё", "е") for f in forms)}
                     if f not in ALLOWED and not f.startswith(ALLOWED_STEMS))


@lru_cache(maxsize=1)
def _english():
    from glin_profanity import Filter  # loaded on first use: rooms without the filter never pay for it

    return Filter({"languages": ["english"], "detect_leetspeak": True, "normalize_unicode": True,
                   "cache_results": True})


def _fold(text: str) -> str:
    return unicodedata.normalize("NFC", text).casefold()


def bad_word(text: str) -> str | None:
    """The first word of ``text`` the filter refuses (lower case), or None."""
    russian = _russian()
    for m in _WORD.finditer(_fold(text)):
        chunk = m.group()
        if _CYRILLIC.search(chunk):
            chunk = chunk.translate(_LOOK_ALIKES)  # "xуй" typed with a Latin x
        words = _LETTERS.findall(chunk)
        for word in words:
            if word in russian or word.replace("ё", "е") in russian:
                return word
        allowed = all(w in ALLOWED or w.startswith(ALLOWED_STEMS) for w in words)
        if _ROOT_RE.search(chunk) and not _GOOD_RE.search(chunk) and not allowed:
            return chunk
    english = _english()
    if english.is_profane(text):
        found = english.check_profanity(text).get("profane_words") or []
        return found[0] if found else text
    return None


def check(on: bool, text: str, field: str) -> str:
    """``text`` when the filter is off or lets it through; else refused,
    naming the field and the word."""
    if on:
        word = bad_word(text)
        if word is not None:
            raise WordsRefused("{field} has a word this room's word filter does not let through: {word}.",
                               field=field, word=word)
    return text
