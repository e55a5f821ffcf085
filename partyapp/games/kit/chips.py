"""The chips ledger of the betting games, over plain JSON state.

``Ledger(state)`` works on a dict kept inside the game's state::

    {"start": 100, "min": 5, "max": 50, "rebuy": false,
     "chips": {pid: n},            # each player's stack (``game.chips``)
     "stakes": {pid: {box: n}},    # chips on the table, by betting box
     "rebuys": {pid: n},           # times a player bought a new stack
     "played": [pid, ...],         # who has staked at least once
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
its view, so every payout is on the table and in the ticker. A loss can be
more than the stake (Pontoon's banker collects double): the rest comes from
the player's stack, as far as it goes. ``reward`` pays a bonus on a stake
that stays in play (Russian Blackjack's three sevens), and ``transfer``
moves chips between two stacks outside any stake (a bank sold for a price).
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
        """A player out of chips (none on the table either) buys a new
        starting stack, when the host allows it; returns the chips bought
        (0 when not allowed or not out)."""
        if not self.s["rebuy"] or self.can_bet(pid) or self.total_staked(pid) or pid not in self.s["chips"]:
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
        played = self.s.setdefault("played", [])
        if pid not in played:
            played.append(pid)
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
        loses ``-gain`` to the counter, from the stake first and, for a loss
        larger than the stake, from their stack as far as it goes, and gets
        the rest of the stake back; 0: the stake comes back. Returns the
        payout record (with ``extra`` fields), also kept in ``payouts``."""
        stake = self._take(pid, box)
        if gain >= 0:
            amount = self._pay(counter, pid, gain)
            self.s["chips"][pid] += stake
        else:
            lost = min(-gain, stake + self.chips(pid))
            self.s["chips"][pid] = self.chips(pid) + stake - lost
            if counter is not None and counter in self.s["chips"]:
                self.s["chips"][counter] += lost
            amount = -lost
        record = {"player": pid, "box": box, "result": result, "stake": stake, "amount": amount, **extra}
        self.s["payouts"].append(record)
        return record

    def _pay(self, payer: str | None, payee: str, amount: int) -> int:
        """``payer`` (None: the house) pays ``payee`` up to ``amount`` (a
        player at most their stack); returns what was paid."""
        paid = amount
        if payer is not None:
            paid = min(amount, self.chips(payer))
            if paid:
                self.s["chips"][payer] -= paid
        self.s["chips"][payee] = self.chips(payee) + paid
        return paid

    def reward(self, pid: str, box: str, result: str, amount: int, counter: str | None = None,
               **extra: Any) -> dict:
        """Pay ``pid`` a bonus of ``amount`` on the stake in ``box``, which
        stays in play; returns the payout record (``stake``: the stake it was
        paid on)."""
        paid = self._pay(counter, pid, amount)
        record = {"player": pid, "box": box, "result": result, "stake": self.stake_of(pid, box),
                  "amount": paid, **extra}
        self.s["payouts"].append(record)
        return record

    def transfer(self, payer: str, payee: str, amount: int) -> None:
        """Move ``amount`` from one player's stack to another's (no stake is
        involved); the payer must have it."""
        if amount <= 0 or amount > self.chips(payer) or payee not in self.s["chips"]:
            raise ValueError(f"{payer} cannot pay {payee} {amount} with {self.chips(payer)} chips.")
        self._pay(payer, payee, amount)

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
