"""Every log key a full card game can log has its words in the screens'
message tables (static/js), so that the table's ticker and log never fall
back to a key's bare name."""

from __future__ import annotations

import re

import pytest

from partyapp.games import MODES
from tests import ROOT

JS = ROOT / "partyapp" / "static" / "js"
REGISTERED = re.compile(r'^\s*"([a-z_]+\.[a-z_]+)":', re.M)


def worded_keys() -> set[str]:
    """The keys given to registerMessages in every screen module."""
    keys: set[str] = set()
    for path in JS.rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        for block in re.findall(r"registerMessages\(\{(.*?)\n\}\);", text, re.S):
            keys.update(REGISTERED.findall(block))
    return keys


@pytest.mark.parametrize("mode", sorted(m for m, cls in MODES.items() if hasattr(cls, "MESSAGES")))
def test_every_log_key_has_words(mode):
    """The mode's message keys, the kit's included, are all worded."""
    missing = set(MODES[mode].MESSAGES) - worded_keys()
    assert not missing, f"{mode}: no words for {sorted(missing)}"
