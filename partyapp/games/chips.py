"""The chips ledger of the betting games, over plain JSON state.

``Ledger(state)`` works on a dict kept inside the game's state::

    {"start": 100, "min": 5, "max": 50, "rebuy": false,
     "chips": {pid: n},            # each player's stack (``game.chips``)
     "stakes": {pid: {box: n}},    # chips on the table, by betting box
     "rebuys": {pid: n},           # times a player bought a new stack
     "payouts": [record, ...]}     # the settled results of the last round

A *box* names one stake of a player (``"bet"``, ``"split1"``,
``"insurance"`` ...). Chips only move through the methods here, so the total
of stacks, stakes and what the house (the counterparty ``None``, which never
runs out) won or paid always adds up. A counterparty who is a player (a
dealer or banker) pays what their stack holds and no more: ``settle`` says
how much was really paid.

Every settled stake is a *payout record* with a named result::

    {"player": "p2", "box": "bet", "result": "win", "stake": 10, "amount": 10}

``amount`` is the player's gain (negative for a loss, 0 for a stake handed
back). The game logs each record (``chips.payout``) and shows the list in
its view, so every payout is on the table and in the ticker.
"""

from __future__ import annotations

from typing import Any


def new_ledger(players: list[str], *, start: int, minimum: int, maximum: int, rebuy: bool) -> dict:
    """The ledger state of a new game: everybody with a starting stack."""
    if not 1 <= minimum <= maximum:
        raise ValueError("The table minimum must be at least 1 and at most the maximum.")
    return {"start": start, "min": minimum, "max": maximum, "rebuy": rebuy,
            "chips": {p: start for p in players}, "stakes": {}, "rebuys": {}, "payouts": []}


class Ledger:
    """Moves chips between stacks, stakes and counterparties."""

    __slots__ = ("s",)

    def __init__(self, state: dict) -> None:
        self.s = state

    # -- players -------------------------------------------------------------------
    def add(self, pid: str) -> None:
        """A player who joins mid-game gets the starting stack."""
        self.s["chips"].setdefault(pid, self.s["start"])

    def remove(self, pid: str) -> int:
        """A player leaves: their stakes go back to their stack, and stack and
        stakes leave the table with them. Returns the chips they took."""
        self.return_all(pid)
        self.s["rebuys"].pop(pid, None)
        return self.s["chips"].pop(pid, 0)

    def chips(self, pid: str) -> int:
        return self.s["chips"].get(pid, 0)

    def can_bet(self, pid: str) -> bool:
        """Has the table minimum (else the player is out of chips)."""
        return self.chips(pid) >= self.s["min"]

    def bet_limits(self, pid: str) -> tuple[int, int] | None:
        """The bets open to ``pid`` now: the table minimum to the table maximum
        or their stack, whichever is less; None when they cannot cover the minimum."""
        most = min(self.s["max"], self.chips(pid))
        return (self.s["min"], most) if most >= self.s["min"] else None

    def rebuy(self, pid: str) -> int:
        """A player out of chips buys a new starting stack, when the host
        allows it; returns the chips bought (0 when not allowed or not out)."""
        if not self.s["rebuy"] or self.can_bet(pid) or pid not in self.s["chips"]:
            return 0
        self.s["chips"][pid] += self.s["start"]
        self.s["rebuys"][pid] = self.s["rebuys"].get(pid, 0) + 1
        return self.s["start"]

    def net(self, pid: str) -> int:
        """Chips won or lost over the game, counting every stack bought."""
        bought = self.s["start"] * (1 + self.s["rebuys"].get(pid, 0))
        return self.chips(pid) + sum(self.stakes(pid).values()) - bought

    # -- stakes ----------------------------------------------------------------------
    def stakes(self, pid: str) -> dict[str, int]:
        return self.s["stakes"].get(pid, {})

    def stake_of(self, pid: str, box: str = "bet") -> int:
        return self.stakes(pid).get(box, 0)

    def total_staked(self, pid: str) -> int:
        return sum(self.stakes(pid).values())

    def stake(self, pid: str, amount: int, box: str = "bet") -> None:
        """Move ``amount`` from the stack into a box on the table (raising it
        when the box holds a stake already)."""
        if amount <= 0 or amount > self.chips(pid):
            raise ValueError(f"{pid} cannot stake {amount} with {self.chips(pid)} chips.")
        self.s["chips"][pid] -= amount
        boxes = self.s["stakes"].setdefault(pid, {})
        boxes[box] = boxes.get(box, 0) + amount

    def _take(self, pid: str, box: str) -> int:
        boxes = self.s["stakes"].get(pid, {})
        amount = boxes.pop(box, 0)
        if not boxes:
            self.s["stakes"].pop(pid, None)
        return amount

    def return_all(self, pid: str | None = None) -> None:
        """Hand stakes back unsettled (a round called off, a player leaving)."""
        for p in [pid] if pid is not None else list(self.s["stakes"]):
            for box in list(self.stakes(p)):
                amount = self._take(p, box)
                if p in self.s["chips"]:
                    self.s["chips"][p] += amount

    # -- settling ----------------------------------------------------------------------
    def settle(self, pid: str, box: str, result: str, gain: int, counter: str | None = None,
               **extra: Any) -> dict:
        """Settle one stake against ``counter`` (a player id, or None for the
        house). ``gain`` > 0: the stake comes back with ``gain`` paid by the
        counter (a player pays at most their stack); ``gain`` < 0: the player
        loses ``-gain`` of the stake (at most all of it) to the counter and
        gets the rest back; 0: the stake comes back. Returns the payout
        record (with ``extra`` fields), also kept in ``payouts``."""
        stake = self._take(pid, box)
        if gain >= 0:
            paid = gain
            if counter is not None:
                paid = min(gain, self.chips(counter))
                self.s["chips"][counter] -= paid
            self.s["chips"][pid] = self.chips(pid) + stake + paid
            amount = paid
        else:
            lost = min(-gain, stake)
            self.s["chips"][pid] = self.chips(pid) + stake - lost
            if counter is not None and counter in self.s["chips"]:
                self.s["chips"][counter] += lost
            amount = -lost
        record = {"player": pid, "box": box, "result": result, "stake": stake, "amount": amount, **extra}
        self.s["payouts"].append(record)
        return record

    def new_round(self) -> None:
        """Forget the last round's payouts (the stacks keep what they won)."""
        self.s["payouts"] = []

    # -- views ---------------------------------------------------------------------------
    def view(self) -> dict:
        """The public part: stacks, stakes, table limits, rebuys, payouts."""
        s = self.s
        return {"chips": dict(s["chips"]),
                "stakes": {p: dict(b) for p, b in s["stakes"].items()},
                "table": {"min": s["min"], "max": s["max"], "start": s["start"], "rebuy": s["rebuy"]},
                "rebuys": dict(s["rebuys"]),
                "payouts": [dict(r) for r in s["payouts"]]}
