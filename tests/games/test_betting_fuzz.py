"""Every betting game answers any move, at any moment of a game, with a
change or a refusal a player can read (``IllegalAction``), never with
another error, and a refusal leaves the game as it was."""

from __future__ import annotations

import json
import random

import pytest

from partyapp.games.kit.base import HOST, IllegalAction

from .cardgame_helpers import make, random_action

MODES = ["blackjack", "casino_blackjack", "russian_blackjack", "pontoon"]
TYPES = ["bet", "sit_out", "hit", "stand", "double", "split", "surrender", "insurance", "leave", "add",
         "take_back", "deal", "sell", "accept", "refuse", "declare", "buy", "twist", "stick", "skip", "x"]
VALUES = [None, True, False, 0, -1, 1, 5, 10, 10**9, 2.5, "", "p0", "p1", "p99", "10", [], {}, ["AS"]]
NAMES = ["amount", "take", "player", "price", "hand", "type", "cards"]


def junk(rng: random.Random) -> object:
    """A move a careless or hostile client might send."""
    if rng.random() < 0.1:
        return rng.choice(VALUES)
    action = {"type": rng.choice(TYPES)}
    for _ in range(rng.randint(0, 2)):
        action[rng.choice(NAMES)] = rng.choice(VALUES)
    return action


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seed", range(4))
def test_any_move_is_applied_or_refused_cleanly(mode, seed):
    """Junk from every seat (and the host) through whole games: refused with
    IllegalAction and no change, or a legal move applied."""
    rng = random.Random(seed)
    g = make(mode, 2 + seed, seed=seed, rounds=4)
    steps = 0
    while not g.is_over() and steps < 3000:
        steps += 1
        if g.next_deadline() is not None:
            g.tick(g.next_deadline())
            continue
        pid = rng.choice([*g.players(), HOST, "stranger"])
        before = json.dumps(g.to_state(), sort_keys=True)
        try:
            g.apply(pid, junk(rng), float(steps))
        except IllegalAction:
            assert json.dumps(g.to_state(), sort_keys=True) == before
        movers = [p for p in g.players() if g.legal_actions(p)]
        if movers:
            mover = rng.choice(movers)
            g.apply(mover, random_action(g, mover, rng), float(steps))
    assert g.is_over()
