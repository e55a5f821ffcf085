"""Helpers the betting games' tests share: the last deal's payouts, the
stacks, and a player's hands as the table sees them."""

from __future__ import annotations


def payouts(g) -> dict:
    """The last deal's payouts: (player, box) -> (result, amount)."""
    return {(r.player, r.box): (r.result, r.amount) for r in g.s.ledger.payouts}


def chips(g) -> dict:
    return dict(g.s.ledger.stacks)


def hands(g, pid) -> list:
    """``pid``'s hands in the public view."""
    return g.public_view()["hands"][pid]
