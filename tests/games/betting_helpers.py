"""Helpers the betting games' tests share: the last deal's payouts, the
stacks, a player's hands as the table sees them, and random play with
players coming and going."""

from __future__ import annotations

import random

from .cardgame_helpers import Auditor, make, play_randomly


def payouts(g) -> dict:
    """The last deal's payouts: (player, box) -> (result, amount)."""
    return {(r.player, r.box): (r.result, r.amount) for r in g.s.ledger.payouts}


def chips(g) -> dict:
    return dict(g.s.ledger.stacks)


def hands(g, pid) -> list:
    """``pid``'s hands in the public view."""
    return g.public_view()["hands"][pid]


def play_coming_and_going(mode: str, n: int, seed: int, hidden, visible, **options):
    """Bots from ``seed`` play ``mode`` to its end with leavers, joiners and
    absent phones skipped, every view audited for leaks (``hidden``,
    ``visible``); the game is over. Returns it."""
    g, _ = play_randomly(make(mode, n, seed=seed, **options), random.Random(seed),
                         auditor=Auditor(hidden, visible), churn=True, skips=0.2)
    assert g.is_over()
    return g
