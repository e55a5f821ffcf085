"""One registry per mode and layer, and the layers agree: each declares every
mode once, under its mode id.

- the engines: ``partyapp.games.MODES``;
- the bots: ``partyapp.bots.registry.STRATEGIES``, every mode bots play
  (``bots.plays``: every full card game; bots sit the drinking decks out), a
  game without a strategy of its own listed with ``RANDOM``;
- the screens: ``LOADERS`` in static/js/modes/index.js (read as the server
  reads it, ``Assets.screens``), and the module each loads registers that
  mode (``registerMode`` in modes/registry.js);
- the how-to: ``HOW`` in static/js/howto.js, a title and the rules per mode;
- the log: a key a mode logs starts with its mode id (``kings_corner.play``),
  or with a prefix several modes share that is no mode id (a family's,
  ``twentyone.hit``, or the kit's, ``game.over``).
"""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

from partyapp.bots import plays
from partyapp.bots.registry import STRATEGIES
from partyapp.games import MODES
from partyapp.web.assets import SCREENS_INDEX, Assets
from tests import ROOT

STATIC = ROOT / "partyapp" / "static"
JS = STATIC / "js"
# `registerMode(["casino_blackjack", "russian_blackjack"], {`
REGISTER = re.compile(r"\bregisterMode\(\s*\[([^\]]*)\]")
# howto.js: `const HOW = {` ... `};`, an entry `  old_maid: {` opening with its `title: N_("...")`.
HOW_TABLE = re.compile(r"^const HOW = \{\n(.*?)^\};", re.M | re.S)
HOW_ENTRY = re.compile(r"^  (\w+): \{\n    title: N_\(\"[^\"\n]+\"\),\n", re.M)


def ids(listed: str) -> list[str]:
    return re.findall(r"[\"'](\w+)[\"']", listed)


@pytest.fixture(scope="module")
def assets():
    return Assets(STATIC)


def reached(assets: Assets, module: str) -> set[str]:
    """``module`` and every module it imports statically, at any depth."""
    seen, todo = set(), [module]
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo.extend(assets.graph.get(m, []))
    return seen


def registered(assets: Assets) -> dict[str, set[str]]:
    """Mode id -> the modules that register screens for it."""
    out: dict[str, set[str]] = defaultdict(set)
    for path in (JS / "modes").rglob("*.js"):
        for listed in REGISTER.findall(path.read_text(encoding="utf-8")):
            for mode in ids(listed):
                out[mode].add(path.relative_to(STATIC).as_posix())
    return out


def test_the_bots_registry_lists_every_mode_bots_play():
    """``STRATEGIES`` names exactly the modes bots play, each once under its
    id (a full card game without a strategy of its own is listed with
    ``RANDOM``); bots sit out the rest, the drinking decks."""
    assert set(STRATEGIES) <= set(MODES), f"not modes: {sorted(set(STRATEGIES) - set(MODES))}"
    assert set(STRATEGIES) == {m for m in MODES if plays(m)}
    assert {m for m in MODES if not plays(m)} == {"ring_of_fire", "kings"}


def test_every_mode_has_its_screens_loader(assets):
    """``LOADERS`` in modes/index.js names every mode, and no other."""
    assert set(assets.screens) == set(MODES)


def test_each_loader_loads_the_module_that_registers_its_mode(assets):
    """The module a mode's loader imports (or one it imports) registers that
    mode's screens, and no module registers a mode under another's loader."""
    found = registered(assets)
    assert set(found) == set(MODES), f"registered {sorted(found)}, modes {sorted(MODES)}"
    for mode, module in assets.screens.items():
        assert found[mode] & reached(assets, module), f"{module} (LOADERS.{mode}) does not register {mode}"
        assert len(found[mode]) == 1, f"{mode} is registered by {sorted(found[mode])}"
    assert SCREENS_INDEX not in {m for modules in found.values() for m in modules}


def test_every_mode_has_a_how_to_with_its_title():
    """``HOW`` in howto.js holds every mode once, each with its title."""
    source = (JS / "howto.js").read_text(encoding="utf-8")
    table = HOW_TABLE.search(source).group(1)
    entries = re.findall(r"^  (\w+): \{$", table, re.M)
    assert sorted(entries) == sorted(MODES) and len(entries) == len(set(entries))
    assert sorted(HOW_ENTRY.findall(table)) == sorted(MODES), "every entry opens with its title"


def logged_by() -> dict[str, set[str]]:
    """Log key prefix -> the modes whose engines log keys under it."""
    out: dict[str, set[str]] = defaultdict(set)
    for mode, cls in MODES.items():
        for key in cls.MESSAGES:
            out[key.split(".")[0]].add(mode)
    return out


@pytest.mark.parametrize("mode", sorted(MODES))
def test_a_modes_own_log_keys_start_with_its_mode_id(mode):
    """Every key the mode logs starts with its own mode id, or with a prefix
    that is no mode's id and that other modes log under too (a family's or
    the kit's): never another mode's id, never a short name of its own."""
    shared = logged_by()
    for key in MODES[mode].MESSAGES:
        prefix = key.split(".")[0]
        if prefix == mode:
            continue
        assert prefix not in MODES, f"{mode} logs {key!r}, under the mode {prefix!r}"
        assert len(shared[prefix]) > 1, f"{mode} alone logs under {prefix!r}: its keys start with {mode!r}"


def test_the_log_prefixes_name_the_modes():
    """The mode ids among the log prefixes are the modes, but for the decks
    over one engine that log the same keys under their family's name (Ring
    of Fire and Kings: ``drinking.``)."""
    prefixes = set(logged_by())
    same_log = {m for m in MODES if any(o != m and MODES[o].MESSAGES == MODES[m].MESSAGES for o in MODES)}
    assert prefixes & set(MODES) == set(MODES) - same_log
    for mode in same_log:
        family = MODES[mode].__module__.split(".")[2]
        assert {key.split(".")[0] for key in MODES[mode].MESSAGES} == {family}, mode
