"""The round loop every 21 game plays (``twentyone/rounds.py``), checked the
same way in all four through whole random games, players coming and going
and absent phones skipped: while the table bets nobody has the turn and the
table waits for exactly the players with a bet to decide; each deal pays its
losers before the stakes of ties come back and the winners are paid; and
the dealer's (or banker's) hand on the table is named after the player who
dealt it, also once the deal has passed on."""

from __future__ import annotations

import random

import pytest

from partyapp.games import MODES as MODE_CLASSES

from .cardgame_helpers import make, play_randomly

MODES = ["blackjack", "casino_blackjack", "russian_blackjack", "pontoon"]
# Every named result a stake is settled with, by the order it is paid in (a
# bonus paid on a stake that stays in play, three sevens, is not a settling).
PAID_FIRST = {"lose": 0, "bust": 0, "surrender": 0, "insurance_lost": 0, "banker_pontoon": 0, "banker_trick": 0,
              "knock": 1, "push": 1, "tie": 1,
              "win": 2, "natural": 2, "blackjack": 2, "insurance": 2, "pontoon": 2, "trick": 2}
# The log entry of each game's deal, and its parameter naming who dealt.
DEALS = {"blackjack.deal": "dealer", "twentyone.deal": "dealer", "pontoon.deal": "player"}


class LoopWatcher:
    """Checks the loop's promises at every step (``play_randomly`` calls
    ``check`` with the game after each one)."""

    def __init__(self) -> None:
        self.seen = 0
        self.paid: list[int] = []  # the payout order of the deal in progress
        self.dealt_by = None  # who dealt the last deal's cards
        self.deals = self.payouts = 0

    def check(self, g) -> None:
        for e in (entry.wire() for entry in g.s.log):
            if e["id"] <= self.seen:
                continue
            assert e["id"] == self.seen + 1, "a step logged more than the log keeps"
            self.seen = e["id"]
            if e["msg"] == "round.start":
                self.paid = []
                self.deals += 1
            elif e["msg"] in DEALS:
                self.dealt_by = e[DEALS[e["msg"]]]
            elif e["msg"] == "chips.payout" and e["result"] != "three_sevens":
                rank = PAID_FIRST[e["result"]]
                assert rank >= max(self.paid, default=0), f"{e} paid after {self.paid}"
                self.paid.append(rank)
                self.payouts += 1
        view = g.public_view()
        if view["over"]:
            return
        if view["phase"] == "bet":
            assert view["turn"] is None
            assert set(view["waiting_for"]) == {p for p in g.players() if g.legal_actions(p)}
        house = view.get("dealer_hand") or view.get("banker_hand")
        if house is not None:
            assert house["player"] == self.dealt_by
        if g.mode == "blackjack" and view["order"]:
            assert view["order"][-1] == self.dealt_by  # home: the dealer's hand is the last in order


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seed", range(3))
def test_every_21_game_keeps_the_round_loops_promises(mode, seed):
    """Betting, paying and naming the dealer of the cards shown are the same in all four games."""
    watcher = LoopWatcher()
    # A game whose first dealer is drawn by lot is given the last seat, so
    # that each seed plays the game it played before the draw.
    first = {"dealer": f"p{3 + seed}"} if MODE_CLASSES[mode].DEAL_PASSES else {}
    g = make(mode, 4 + seed, seed=seed, rounds=6, start_chips=40, min_bet=5, max_bet=20, rebuy=seed == 1, **first)
    g, _ = play_randomly(g, random.Random(seed), auditor=watcher, churn=True, skips=0.2)
    assert g.is_over() and watcher.deals >= 3 and watcher.payouts >= 5
