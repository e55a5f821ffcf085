"""``Rules``: what one game of 21 decides, as the round loop asks it.

The round loop (``rounds.TwentyOne``) is the same for the four games; each
game's engine class hands it the game's rules as a value
(``rules = CasinoRules()``): an object of a few methods, each answering one
question of the game's rule table, that the loop calls with the table
(``t``: the engine, its state ``t.s`` and the loop's tools, ``Table``).

==========================  ===================================================
``next_dealer(t, able)``    Who deals or banks the deal now beginning (None:
                            the house), logging how they came to it.
``deal(t)``                 The bets are in: deal the cards, then hand the
                            turn on (``t.advance()``) or settle at once.
``moves(t, pid)``           What ``pid`` may do now, as action specs: a bet
                            (``t.bet_moves``), the moves of the hand in play
                            (``t.turn_of``), the dealer's, the game's own.
``dealer_plays(t)``         The players are done: the dealer's or banker's
                            play begins (or the deal settles at once).
``outcomes(t)``             The results of the stakes still to pay, in
                            playing order (``table.Outcome``).
``view(t)``,                The game's own public fields (its hands, its
``seat_view(t, pid)``       dealer's hand, its piles) and ``pid``'s own.
==========================  ===================================================

and, where a game has more to say than the default:

==========================  ===================================================
``open_deal(t)``            The deal opens for the bets: the game's own state
                            for it, or a first phase of its own (nothing).
``absent(t, pid)``          The move made for ``pid``'s absent phone now, None
                            when the game does not wait on them (the first of
                            ``ABSENT`` that ``pid`` is offered).
``ready(t, turn)``          A hand gets the turn (nothing; the boxes: a split
                            hand's second card).
``dealer_step(t)``          A house dealer's step on the clock, when due.
``close_deal(t)``           Every stake is settled: what the deal leaves for
                            the next (the bank's gain, a bust dealer's drink).
``left(t, pid, dealer)``    ``pid`` left mid-game (``dealer``: they dealt).
``ending(t)``               The session ends, before its result is made.
``discard(t, cards)``       Where used cards go (nowhere: the pack is made
                            anew for every deal).
==========================  ===================================================

A move of type ``T`` is the rules' method ``do_T(t, pid, **params)``; the
bets (``do_bet``, ``do_sit_out``) are the loop's unless a game adds to them.
Plain data beside the methods name the game's phases and log keys
(``DEALER_PHASE``, ``DEAL_PHASES``, ``AT_ONCE``, ``BET_LOG``,
``SIT_OUT_LOG``), what an absent phone does (``ABSENT``) and two readings
of the table (``DEALER_SEES``, ``BUST_THROWN_IN``).

Rules objects keep nothing themselves: everything they change is in the
table's state, so one object serves every game of its mode.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Protocol

from partyapp.games.kit.chips import Ledger, Payout
from partyapp.games.twentyone.table import BET, DEALER, PLAY, Hand, InPlay, Outcome, TwentyOneState

SIT_OUT, STAND = {"type": "sit_out"}, {"type": "stand"}


class Table(Protocol):
    """What the round loop (``rounds.TwentyOne``) offers the rules: the
    state, the kit's tools, and the loop's own."""

    s: TwentyOneState
    now: float  # the time of the call being handled

    @property
    def ledger(self) -> Ledger: ...
    # The kit's: the log, the seeded generator, the stock, drinks, seats, a hand.
    def log(self, msg: str, **params: Any) -> Any: ...
    def random(self) -> random.Random: ...
    def restock(self, cards: list[str]) -> None: ...
    def draw(self) -> str: ...
    def forfeit(self, pid: str, cause: str, count: int | None = None, *, log: bool = True) -> int: ...
    def left_of(self, pid: str, among: list[str] | None = None) -> str: ...
    def hand(self, pid: str) -> list[str]: ...
    # The session's: who can play, the playing order, paying stakes.
    def able(self) -> list[str]: ...
    def dealt_in(self, dealer: str | None, able: list[str]) -> list[str]: ...
    def pay(self, pid: str, result: str, gain: int, counter: str | None = None, box: str = "bet") -> Payout: ...
    def reward(self, pid: str, result: str, amount: int, counter: str | None = None, box: str = "bet") -> Payout: ...
    def pay_hand(self, pid: str, hand: Hand, result: str, gain: int) -> None: ...
    # The bets.
    def undecided(self) -> list[str]: ...
    def bet_moves(self, pid: str) -> list[dict]: ...
    def bet(self, pid: str, amount: int) -> None: ...
    def sit_out(self, pid: str) -> None: ...
    def bets_done(self) -> None: ...
    # The hands in turn, the dealer, settling.
    def in_deal(self) -> bool: ...
    def hands_in_play(self) -> list[InPlay]: ...
    def playing(self) -> InPlay | None: ...
    def turn_of(self, pid: str) -> InPlay | None: ...
    def advance(self) -> None: ...
    def dealer_playing(self) -> bool: ...
    def settle(self) -> None: ...
    def first_offered(self, pid: str, preferred: tuple[dict, ...]) -> dict | None: ...
    # The cards on the table.
    def table_cards(self) -> list[str]: ...
    def clear_table(self) -> None: ...
    def current_view(self) -> dict | None: ...


class Rules(ABC):
    """One game's rule table; see the module docstring."""

    # The phase of the dealer's or banker's play.
    DEALER_PHASE: ClassVar[str] = DEALER
    # The phases with this deal's cards on the table (before them, the last
    # deal's hands are still shown).
    DEAL_PHASES: ClassVar[tuple[str, ...]] = (PLAY, DEALER)
    # The phases in which everybody decides at once (nobody has the turn).
    AT_ONCE: ClassVar[tuple[str, ...]] = (BET,)
    # The message keys of a bet ``(player, amount)`` and of sitting out ``(player,)``.
    BET_LOG: ClassVar[str]
    SIT_OUT_LOG: ClassVar[str]
    # The dealer's phone shows the dealer's own cards (Pontoon: once shown).
    DEALER_SEES: ClassVar[bool] = True
    # A bust hand is thrown in at once: its cards are no longer on the table.
    BUST_THROWN_IN: ClassVar[bool] = False
    # What an absent phone does, the first of these it is offered.
    ABSENT: ClassVar[tuple[dict, ...]] = (SIT_OUT, STAND)

    # -- who deals, the bets, the deal -----------------------------------------------------
    @abstractmethod
    def next_dealer(self, t: Table, able: list[str]) -> str | None:
        """Who deals or banks the deal now beginning, among ``able`` (None: the house)."""

    def open_deal(self, t: Table) -> None:
        """The deal is open for the bets (``t.s.bettors`` from the dealer's left)."""

    def do_bet(self, t: Table, pid: str, amount: int) -> None:
        t.bet(pid, amount)

    def do_sit_out(self, t: Table, pid: str) -> None:
        t.sit_out(pid)

    @abstractmethod
    def deal(self, t: Table) -> None:
        """The bets are in: the cards, then the first hand's turn (or the settling)."""

    # -- moves ----------------------------------------------------------------------------------
    @abstractmethod
    def moves(self, t: Table, pid: str) -> list[dict]:
        """What ``pid`` may do now."""

    def absent(self, t: Table, pid: str) -> dict | None:
        """The first of ``ABSENT`` that ``pid`` is offered."""
        return t.first_offered(pid, self.ABSENT)

    def ready(self, t: Table, turn: InPlay) -> None:
        """A hand gets the turn (it may end the hand)."""

    # -- the dealer, settling ---------------------------------------------------------------
    @abstractmethod
    def dealer_plays(self, t: Table) -> None:
        """The players are done: the dealer's or banker's play."""

    def dealer_step(self, t: Table) -> None:
        """One step of a house dealer on the clock (``t.s.due``)."""

    @abstractmethod
    def outcomes(self, t: Table) -> list[Outcome]:
        """The results of the stakes still to pay, in playing order."""

    def close_deal(self, t: Table) -> None:
        """Every stake of the deal is settled."""

    # -- seats, the end, the cards ---------------------------------------------------------
    def left(self, t: Table, pid: str, dealer: bool) -> None:
        """``pid`` left mid-game, their stakes and cards already off the
        table; ``dealer``: they dealt, the deal passed to their left and is
        called off next."""

    def ending(self, t: Table) -> None:
        """The session ends, before its result is made."""

    def discard(self, t: Table, cards: list[str]) -> None:
        """Used cards leave the table."""

    # -- views ---------------------------------------------------------------------------------
    @abstractmethod
    def view(self, t: Table) -> dict:
        """The game's own public fields."""

    @abstractmethod
    def seat_view(self, t: Table, pid: str) -> dict:
        """``pid``'s own fields."""
