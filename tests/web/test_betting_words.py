"""Every log key the betting games write has words on the screens: the
screens register a message for each (static/js), so the TV's ticker and
the log never fall back to the key's own name."""

from __future__ import annotations

import re

import pytest

from partyapp.games import MODES
from tests import ROOT

STATIC = ROOT / "partyapp" / "static" / "js"
REGISTERED = re.compile(r'^\s*"([a-z_]+\.[a-z_]+)":', re.MULTILINE)


def registered_keys() -> set[str]:
    keys: set[str] = set()
    for path in STATIC.rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        if "registerMessages(" in text:
            keys.update(REGISTERED.findall(text))
    return keys


@pytest.mark.parametrize("mode", ["blackjack", "casino_blackjack", "russian_blackjack", "pontoon"])
def test_every_log_key_of_the_game_is_worded(mode):
    """The screens word every key the engine declares."""
    missing = set(MODES[mode].MESSAGES) - registered_keys()
    assert missing == set(), f"no words for {sorted(missing)}"
