"""The chips ledger of the betting games: a record kept in the game's state.

``Ledger`` (``state.ledger``)::

    Ledger(start=100, minimum=5, maximum=50, rebuy_allowed=False, rebuy_chips=0,
           stacks={pid: n},           # each player's stack (``chips(pid)``)
           boxes={pid: {box: n}},     # chips on the table, by betting box (``stakes(pid)``)
           rebuys={pid: n},           # times a player bought a new stack
           played=[pid, ...],         # who has staked at least once
           payouts=[Payout, ...])     # the settled results of the last round

(saved under the names ``chips``, ``stakes``, ``min``, ``max`` and ``rebuy``;
``rebuy_chips`` is the stack a re-buy buys, 0 for the starting stack).

A *box* names one stake of a player (``"bet"``, ``"split1"``,
``"insurance"`` ...). Chips only move through the methods here, so the total
of stacks, stakes and what the house (the counterparty ``None``, which never
runs out) won or paid always adds up. A counterparty who is a player (a
dealer or banker) pays what their stack holds and no more: ``settle`` says
how much was really paid.

Every settled stake is a ``Payout`` with a named result::

    Payout(player="p2", box="bet", result="win", stake=10, amount=10, drinks=0)

``amount`` is the player's gain (negative for a loss, 0 for a stake handed
back). The game logs each record (``chips.payout``) and shows the list in
its view, so every payout is on the table and in the ticker. A loss can be
more than the stake (Pontoon's banker collects double): the rest comes from
the player's stack, as far as it goes. ``reward`` pays a bonus on a stake
that stays in play (Russian Blackjack's three sevens), and ``transfer``
moves chips between two stacks outside any stake (a bank sold for a price).
"""

from __future__ import annotations

from partyapp.games.kit.record import Record, field, to_plain


class Payout(Record):
    """One settled stake (or a bonus paid on one): ``amount`` is the
    player's gain, negative for a loss; ``drinks`` the forfeit it cost."""

    player: str
    box: str
    result: str
    stake: int
    amount: int
    drinks: int = 0


class Ledger(Record):
    """Moves chips between stacks, stakes and counterparties."""

    start: int
    minimum: int = field(name="min")
    maximum: int = field(name="max")
    rebuy_allowed: bool = field(default=False, name="rebuy")
    rebuy_chips: int = 0  # the stack a re-buy buys; 0: the starting stack
    stacks: dict[str, int] = field(default_factory=dict, name="chips")
    boxes: dict[str, dict[str, int]] = field(default_factory=dict, name="stakes")
    rebuys: dict[str, int] = {}
    played: list[str] = []
    payouts: list[Payout] = []

    @classmethod
    def new(cls, players: list[str], *, start: int, minimum: int, maximum: int, rebuy: bool,
            rebuy_chips: int = 0) -> "Ledger":
        """The ledger of a new game: everybody with a starting stack."""
        if not 1 <= minimum <= maximum:
            raise ValueError("The table minimum must be at least 1 and at most the maximum.")
        return cls(start=start, minimum=minimum, maximum=maximum, rebuy_allowed=rebuy, rebuy_chips=rebuy_chips,
                   stacks={p: start for p in players})

    # -- players -------------------------------------------------------------------
    def add(self, pid: str) -> None:
        """A player who joins mid-game gets the starting stack."""
        self.stacks.setdefault(pid, self.start)

    def remove(self, pid: str) -> int:
        """A player leaves: their stakes go back to their stack, and stack and
        stakes leave the table with them. Returns the chips they took."""
        self.return_all(pid)
        self.rebuys.pop(pid, None)
        return self.stacks.pop(pid, 0)

    def chips(self, pid: str) -> int:
        return self.stacks.get(pid, 0)

    def can_bet(self, pid: str) -> bool:
        """Has the table minimum (else the player is out of chips)."""
        return self.chips(pid) >= self.minimum

    def bet_limits(self, pid: str) -> tuple[int, int] | None:
        """The bets open to ``pid`` now: the table minimum to the table maximum
        or their stack, whichever is less; None when they cannot cover the minimum."""
        most = min(self.maximum, self.chips(pid))
        return (self.minimum, most) if most >= self.minimum else None

    @property
    def rebuy_stack(self) -> int:
        """The stack a re-buy buys."""
        return self.rebuy_chips or self.start

    def may_rebuy(self, pid: str) -> bool:
        """Out of chips (none on the table either) at a table that allows re-buys."""
        return self.rebuy_allowed and pid in self.stacks and not self.can_bet(pid) and not self.total_staked(pid)

    def rebuy(self, pid: str) -> int:
        """A player out of chips (none on the table either) buys a new
        stack (``rebuy_stack``), when the host allows it; returns the chips
        bought (0 when not allowed or not out)."""
        if not self.may_rebuy(pid):
            return 0
        self.stacks[pid] += self.rebuy_stack
        self.rebuys[pid] = self.rebuys.get(pid, 0) + 1
        return self.rebuy_stack

    def net(self, pid: str) -> int:
        """Chips won or lost over the game, counting every stack bought."""
        bought = self.start + self.rebuy_stack * self.rebuys.get(pid, 0)
        return self.chips(pid) + sum(self.stakes(pid).values()) - bought

    # -- stakes ----------------------------------------------------------------------
    def stakes(self, pid: str) -> dict[str, int]:
        return self.boxes.get(pid, {})

    def stake_of(self, pid: str, box: str = "bet") -> int:
        return self.stakes(pid).get(box, 0)

    def total_staked(self, pid: str) -> int:
        return sum(self.stakes(pid).values())

    def stake(self, pid: str, amount: int, box: str = "bet") -> None:
        """Move ``amount`` from the stack into a box on the table (raising it
        when the box holds a stake already)."""
        if amount <= 0 or amount > self.chips(pid):
            raise ValueError(f"{pid} cannot stake {amount} with {self.chips(pid)} chips.")
        self.stacks[pid] -= amount
        if pid not in self.played:
            self.played.append(pid)
        mine = self.boxes.setdefault(pid, {})
        mine[box] = mine.get(box, 0) + amount

    def _take(self, pid: str, box: str) -> int:
        mine = self.boxes.get(pid, {})
        amount = mine.pop(box, 0)
        if not mine:
            self.boxes.pop(pid, None)
        return amount

    def return_all(self, pid: str | None = None) -> None:
        """Hand stakes back unsettled (a round called off, a player leaving)."""
        for p in [pid] if pid is not None else list(self.boxes):
            for box in list(self.stakes(p)):
                amount = self._take(p, box)
                if p in self.stacks:
                    self.stacks[p] += amount

    # -- settling ----------------------------------------------------------------------
    def settle(self, pid: str, box: str, result: str, gain: int, counter: str | None = None,
               drinks: int = 0) -> Payout:
        """Settle one stake against ``counter`` (a player id, or None for the
        house). ``gain`` > 0: the stake comes back with ``gain`` paid by the
        counter (a player pays at most their stack); ``gain`` < 0: the player
        loses ``-gain`` to the counter, from the stake first and, for a loss
        larger than the stake, from their stack as far as it goes, and gets
        the rest of the stake back; 0: the stake comes back. Returns the
        ``Payout`` (``drinks``: the forfeit it cost), also kept in ``payouts``."""
        stake = self._take(pid, box)
        if gain >= 0:
            amount = self._pay(counter, pid, gain)
            self.stacks[pid] += stake
        else:
            lost = min(-gain, stake + self.chips(pid))
            self.stacks[pid] = self.chips(pid) + stake - lost
            if counter is not None and counter in self.stacks:
                self.stacks[counter] += lost
            amount = -lost
        record = Payout(player=pid, box=box, result=result, stake=stake, amount=amount, drinks=drinks)
        self.payouts.append(record)
        return record

    def _pay(self, payer: str | None, payee: str, amount: int) -> int:
        """``payer`` (None: the house) pays ``payee`` up to ``amount`` (a
        player at most their stack); returns what was paid."""
        paid = amount
        if payer is not None:
            paid = min(amount, self.chips(payer))
            if paid:
                self.stacks[payer] -= paid
        self.stacks[payee] = self.chips(payee) + paid
        return paid

    def reward(self, pid: str, box: str, result: str, amount: int, counter: str | None = None) -> Payout:
        """Pay ``pid`` a bonus of ``amount`` on the stake in ``box``, which
        stays in play; returns the ``Payout`` (``stake``: the stake it was
        paid on)."""
        paid = self._pay(counter, pid, amount)
        record = Payout(player=pid, box=box, result=result, stake=self.stake_of(pid, box), amount=paid)
        self.payouts.append(record)
        return record

    def transfer(self, payer: str, payee: str, amount: int) -> None:
        """Move ``amount`` from one player's stack to another's (no stake is
        involved); the payer must have it."""
        if amount <= 0 or amount > self.chips(payer) or payee not in self.stacks:
            raise ValueError(f"{payer} cannot pay {payee} {amount} with {self.chips(payer)} chips.")
        self._pay(payer, payee, amount)

    def new_round(self) -> None:
        """Forget the last round's payouts (the stacks keep what they won)."""
        self.payouts = []

    # -- views ---------------------------------------------------------------------------
    def view(self) -> dict:
        """The public part: stacks, stakes, table limits, rebuys, payouts."""
        return {"chips": dict(self.stacks),
                "stakes": {p: dict(b) for p, b in self.boxes.items()},
                "table": {"min": self.minimum, "max": self.maximum, "start": self.start,
                          "rebuy": self.rebuy_allowed, "rebuy_chips": self.rebuy_stack},
                "rebuys": dict(self.rebuys),
                "payouts": to_plain(self.payouts)}
