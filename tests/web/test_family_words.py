"""Family mode says no drink word: every string of the screens' scripts
that names a drink, a toilet or swearing has a family wording in
static/js/family.js (forfeits.js words each form of a forfeit itself and
never picks the drink form in family mode)."""

from __future__ import annotations

import json
import re
from tests import ROOT

JS = ROOT / "partyapp" / "static" / "js"
DRINK = re.compile(r"drink|\bsips?\b|neck|beer|chug|\bcup\b|toilet|finger|f\*\*\*|\bpour", re.I)
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
CLASS_NAMES = re.compile(r"^[a-z-]+( [a-z-]+)*$")
NOT_WORDS = re.compile(r"^[a-z_]+(\.[a-z_]+)+$|\.js$")  # message keys, module paths
KEY = re.compile(r'^\s*("(?:[^"\\\n]|\\.)*"|[A-Za-z_]\w*)\s*:', re.M)
WORDED_HERE = {"forfeits.js", "family.js"}
# Words a screen shows only outside family mode (each is checked to exist).
ADULT_ONLY = {
    # me.js: how a player takes part, a choice family mode does not offer
    "I'm drinking", "Soft drinks (no alcohol)", "I'm not drinking",
    "Nobody has to drink. Forfeits of who is not drinking are points or dares. You can change this at any time.",
    # night.js: the pace and the alternative to drinks, hidden in family mode
    "At most {count} drink per person an hour|At most {count} drinks per person an hour",
    "Forfeits of who is not drinking",
    # recap.js: a column and a line of a recap out of family mode
    "Soft drinks", "Everybody took part their own way: drinks, soft drinks, water, points or dares.",
    # howto.js: what a forfeit is at a table out of family mode
    "A forfeit is a drink; who is not drinking does a dare instead.",
    "A forfeit is a drink; who is not drinking takes a point instead.",
}


def words_with_drinks() -> dict[str, str]:
    """Every string literal of static/js (outside comments) that names a
    drink and is words, not a class name or a key: text -> file."""
    found: dict[str, str] = {}
    for path in sorted(JS.rglob("*.js")):
        if path.name in WORDED_HERE:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.lstrip().startswith("//"):
                continue
            for m in LITERAL.finditer(line):
                text = json.loads(f'"{m.group(1)}"')
                if not DRINK.search(text):
                    continue
                if CLASS_NAMES.match(text) and ("-" in text or " " not in text) or NOT_WORDS.search(text):
                    continue  # a class name, a field name such as "drinks", a key or a path
                found[text] = path.relative_to(ROOT).as_posix()
    return found


def family_keys() -> set[str]:
    source = (JS / "family.js").read_text(encoding="utf-8")
    body = source[source.index("registerFamilyWords({"):]
    keys = set()
    for m in KEY.finditer(body):
        key = m.group(1)
        keys.add(json.loads(key) if key.startswith('"') else key)
    return keys


def test_the_scan_finds_drink_words():
    """The scan sees the strings it is meant to (so the next test can fail)."""
    found = words_with_drinks()
    assert "Pick who drinks" in found and "Toilet card" in found


def test_every_drink_word_has_a_family_wording():
    """No string of the scripts that names a drink lacks a family wording."""
    missing = sorted(text for text in words_with_drinks() if text not in family_keys() | ADULT_ONLY)
    assert missing == [], "add these to static/js/family.js:\n" + "\n".join(missing)


def test_family_words_are_all_used():
    """Every family entry words a string the scripts still have (or a value
    they word through t(), such as the chugalug answer)."""
    generated = {"Chugalug", "Mates", "Pick your mate", "{name} is choosing a mate…",
                 "Your mates share your forfeits: {names}", "Waterfall — stop in this order: {order}"}
    stale = sorted(family_keys() - set(words_with_drinks()) - generated)
    assert stale == []


def test_words_shown_only_outside_family_mode_still_exist():
    """The list of adult-only words names strings the scripts still have."""
    assert sorted(ADULT_ONLY - set(words_with_drinks())) == []
