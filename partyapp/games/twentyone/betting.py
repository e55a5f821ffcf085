"""``BettingGame``: a card game played for chips as a session of deals.

What the betting games (home and casino Blackjack, Russian Blackjack,
Pontoon) share on top of ``CardGame``:

- **Chips** (``chips.Ledger`` in ``s["ledger"]``): everybody starts with
  ``start_chips``; stakes lie between the table minimum ``min_bet`` and
  maximum ``max_bet`` (and the player's stack). A player who cannot cover the
  minimum is *out of chips*: with ``rebuy`` on they buy a new starting stack
  at the next deal (counted, and taken off their result), else they watch.
- **Payouts**: ``pay`` settles one stake with a named result and logs it as
  ``chips.payout {player, result, stake, amount, drinks}`` (``amount`` is the
  player's gain, negative for a loss; ``drinks`` what the result cost when
  the game's ``FORFEITS`` name it); ``reward`` pays a bonus on a stake that
  stays in play, logged the same way; the deal's records are in the view
  (``payouts``).
- **Rounds**: a game is a session of deals. It ends after ``rounds`` deals,
  when fewer than ``MIN_ABLE`` players still have chips (two by default: one
  player alone with chips has won), or when the host ends it (a deal in
  progress is called off and its stakes handed back). ``result`` then holds
  the final stacks, each player's net over the game, the rebuys, the winners
  (best net, when ahead) and losers (worst net, when behind and not
  everybody is level) among those who played (staked at least once, or
  whose stack moved as a dealer or banker: a player who sat out every deal
  or ended at 0 is neither) and the drinks.
- **Sitting out** (the room's ``set_sitting_out``): a player sitting out is
  not dealt into the next deal (a deal in progress they play to its end);
  back in, they are dealt in from the next deal. When that would leave
  fewer than ``MIN_ABLE`` players, those sitting out are dealt in too (they
  may still sit each deal out with ``sit_out``).

The round loop (``rounds.TwentyOneGame``) writes ``begin_round(able)``
(start a deal with the players who have chips) and calls ``round_done()``
when a deal is settled, or ``void_round`` to call one off; a game clears
the last deal's payouts when it deals the cards (``ledger.new_round()``:
until then the table shows them).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar

from partyapp.games.kit.base import OptionError
from partyapp.games.kit.cardgame import CardGame, flag, number
from partyapp.games.kit.chips import Ledger


class BettingGame(CardGame):
    OPTIONS = {
        **CardGame.OPTIONS,
        "rounds": number(5, 1, 100, "Deals played; then the game ends."),
        "start_chips": number(100, 1, 100_000, "Each player's starting stack."),
        "min_bet": number(5, 1, 10_000, "The table minimum stake."),
        "max_bet": number(50, 1, 100_000, "The table maximum stake."),
        "rebuy": flag(False, "A player out of chips buys a new starting stack at the next deal; "
                             "off: they watch."),
    }
    MESSAGES = {
        **CardGame.MESSAGES,
        "round.start": ("round", "dealer"),
        "round.void": ("reason",),
        "chips.payout": ("player", "result", "stake", "amount", "drinks"),
        "chips.rebuy": ("player", "amount"),
        "chips.out": ("player",),
    }
    # Players with chips needed to deal again.
    MIN_ABLE: ClassVar[int] = 2

    @classmethod
    def check_together(cls, opts: dict) -> None:
        if opts["min_bet"] > opts["max_bet"]:
            raise OptionError("The min bet must not be above the max bet.")
        if opts["min_bet"] > opts["start_chips"]:
            raise OptionError("The min bet must not be above the start chips.")

    @property
    def ledger(self) -> Ledger:
        return Ledger(self.s["ledger"])

    def setup(self) -> None:
        o = self.s["opts"]
        self.s["ledger"] = Ledger.new(self.s["seats"], start=o["start_chips"], minimum=o["min_bet"],
                                      maximum=o["max_bet"], rebuy=o["rebuy"])
        self.s["round"] = 0  # deals settled
        self.s["out"] = []  # players logged as out of chips
        self.next_round()

    # -- the session ---------------------------------------------------------------------
    def able(self) -> list[str]:
        """Players who can cover the table minimum, in seat order."""
        ledger = self.ledger
        return [p for p in self.s["seats"] if ledger.can_bet(p)]

    def next_round(self) -> None:
        """Start the next deal, or end the game."""
        s = self.s
        if s["round"] >= s["opts"]["rounds"]:
            self.end("rounds")
            return
        ledger = self.ledger
        for p in s["seats"]:
            bought = ledger.rebuy(p)
            if bought:
                self.log("chips.rebuy", player=p, amount=bought)
        able = self.able()
        for p in s["seats"]:
            if p not in able and p not in s["out"]:
                s["out"].append(p)
                self.log("chips.out", player=p)
        s["out"] = [p for p in s["out"] if p not in able]
        if len(able) < self.MIN_ABLE:
            self.end("chips")
            return
        sitting = s.get("sitting_out") or ()
        dealt = [p for p in able if p not in sitting]
        self.begin_round(dealt if len(dealt) >= self.MIN_ABLE else able)

    def set_sitting_out(self, pids: list[str], now: float) -> None:
        """Who sits out from the next deal on (see the module text)."""
        self.s["sitting_out"] = [p for p in self.s["seats"] if p in pids]

    @abstractmethod
    def begin_round(self, able: list[str]) -> None:
        """Start a deal with the players who have chips (the game's rules)."""

    def round_done(self) -> None:
        """A deal is settled: count it and go on."""
        self.s["round"] += 1
        self.next_round()

    def void_round(self, reason: str, count: bool = False) -> None:
        """Call the deal off: every stake goes back; the next deal starts
        (counted as played only when ``count``)."""
        self.ledger.return_all()
        self.log("round.void", reason=reason)
        if count:
            self.round_done()
        else:
            self.next_round()

    def pay(self, pid: str, result: str, gain: int, counter: str | None = None, box: str = "bet") -> dict:
        """Settle ``pid``'s stake in ``box`` with a named result (see
        ``Ledger.settle``), log the payout and take the result's forfeit."""
        drinks = self.forfeit(pid, result, log=False)
        record = self.ledger.settle(pid, box, result, gain, counter, drinks=drinks)
        self.log("chips.payout", player=pid, result=result, stake=record["stake"], amount=record["amount"],
                 drinks=drinks)
        return record

    def reward(self, pid: str, result: str, amount: int, counter: str | None = None, box: str = "bet") -> dict:
        """Pay ``pid`` a bonus on the stake in ``box``, which stays in play
        (``Ledger.reward``), logged as a payout like the others."""
        record = self.ledger.reward(pid, box, result, amount, counter, drinks=0)
        self.log("chips.payout", player=pid, result=result, stake=record["stake"], amount=record["amount"],
                 drinks=0)
        return record

    # -- seats -----------------------------------------------------------------------------
    def on_join(self, pid: str) -> None:
        self.ledger.add(pid)

    def on_leave(self, pid: str, index: int) -> None:
        """The leaver's stakes go back to them and their chips leave with them;
        a game handles their cards after calling this."""
        self.ledger.remove(pid)
        if pid in self.s["out"]:
            self.s["out"].remove(pid)

    def on_finish(self) -> None:
        if any(self.s["ledger"]["stakes"].values()):
            self.ledger.return_all()
            self.log("round.void", reason="host")

    # -- the end ------------------------------------------------------------------------------
    def final_result(self, reason: str) -> dict:
        result = super().final_result(reason)
        ledger = self.ledger
        seats = self.s["seats"]
        net = {p: ledger.net(p) for p in seats}
        staked = self.s["ledger"].get("played") or ()
        played = [p for p in seats if p in staked or net[p] != 0]
        if played:
            best, worst = max(net[p] for p in played), min(net[p] for p in played)
            result["winners"] = [p for p in played if net[p] == best] if best > 0 else []
            result["losers"] = [p for p in played if net[p] == worst] if worst < 0 and worst < best else []
        result.update(chips={p: ledger.chips(p) for p in seats}, net=net,
                      rebuys={p: n for p, n in self.s["ledger"]["rebuys"].items() if p in net},
                      rounds=self.s["round"])
        return result

    # -- views ---------------------------------------------------------------------------------
    def table_view(self) -> dict:
        s = self.s
        view = self.ledger.view()
        view["round"] = s["round"] if s["over"] else s["round"] + 1
        view["rounds"] = s["opts"]["rounds"]
        return view
