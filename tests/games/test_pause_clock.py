"""A pause gives every timer of a game back exactly the time it had left
(``partyapp/games/kit/timeshift.py``): a game paused for D seconds and
played on D seconds later is the same game, timer for timer."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import random

import msgspec
import pytest

import partyapp.games
from partyapp.games import MODES
from partyapp.games.kit.base import HOST, IllegalAction
from partyapp.games.kit.timeshift import DURATIONS, TIMES
from tests.games.cardgame_helpers import random_action

PAUSE = 1024.0  # a power of two: the times stay exact in floats


def _records():
    for info in pkgutil.walk_packages(partyapp.games.__path__, "partyapp.games."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, msgspec.Struct) and cls.__module__ == module.__name__:
                yield cls


def test_every_float_field_of_a_game_record_is_a_time_or_a_duration():
    """A timer added to any engine's state is moved on by a pause (or said to be a duration)."""
    for cls in _records():
        for field in msgspec.structs.fields(cls):
            text = str(field.type)
            if "float" in text:
                assert field.name in TIMES | DURATIONS, f"{cls.__name__}.{field.name} ({text})"


def _new(mode: str, n: int, seed: int):
    cls = MODES[mode]
    players = [{"id": f"p{i}", "group": None} for i in range(n)]
    return cls.new(players, cls.check_options({}), random.Random(seed), 0.0)


def _copy(g):
    return type(g).from_state(g.to_state())


def _rounded(value):
    """Every float to the microsecond (a sum in another order may differ in its last bit)."""
    if isinstance(value, float):
        return round(value, 6)
    if isinstance(value, list):
        return [_rounded(v) for v in value]
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    return value


def _shifted(g, dt: float) -> dict:
    copy = _copy(g)
    copy.shift_clock(dt)
    return _rounded(copy.to_state())


@pytest.mark.parametrize("mode", sorted(MODES))
def test_a_paused_game_plays_on_as_if_the_pause_never_was(mode):
    """At every timer of random play, a copy paused for D seconds then played D seconds
    later keeps the same state with every time D later, deadlines included."""
    timers = 0
    for seed in range(3):
        n = max(MODES[mode].min_players, 3)
        g = _new(mode, n, seed)
        rng = random.Random(seed)
        now = 0.0
        twin = None
        for _ in range(600):
            if g.is_over():
                break
            deadline = g.next_deadline()
            if twin is None and deadline is not None:
                twin = _copy(g)
                twin.shift_clock(PAUSE)  # paused now, resumed PAUSE seconds later
                timers += 1
            now += 0.5
            movers = [p for p in g.players() if g.legal_actions(p)]
            if deadline is not None and (deadline <= now or not movers):
                now = max(now, deadline)
                g.tick(now)
                if twin is not None:
                    assert round(twin.next_deadline(), 6) == round(deadline + PAUSE, 6)
                    twin.tick(max(now + PAUSE, twin.next_deadline()))  # the same timer (a float's last bit aside)
            elif movers:
                pid = rng.choice(movers)
                action = random_action(g, pid, rng)
                try:
                    g.apply(pid, action, now)
                except IllegalAction:
                    continue  # what the domains cannot say (a penalty called already): nothing changed
                if twin is not None:
                    twin.apply(pid, action, now + PAUSE)
            elif g.legal_actions(HOST):
                break
            else:
                break
            if twin is not None:
                assert _rounded(twin.to_state()) == _shifted(g, PAUSE)
                if g.next_deadline() is None:
                    twin = None  # the next timer starts a fresh comparison
    if mode not in ("concentration", "go_fish", "old_maid", "kings_corner", "croatian_rummy", "shif_shof_shum",
                    "blackjack", "russian_blackjack", "pontoon", "egyptian_ratscrew"):
        assert timers, f"{mode} ran no timer in random play"
