"""``Rules``: what one game of 21 decides, as the round loop asks it.

The round loop (``rounds.TwentyOne``) is the same for the four games; each
game's engine class hands it the game's rules as a value
(``rules = CasinoRules()``), an object of a few methods that the loop
calls with the table (``t``: the engine, its state ``t.s`` and the loop's
tools). Every method of a rules object answers one question of the game's
rule table:

==========================  ===================================================
``next_dealer(t, able)``    Who deals or banks the deal now beginning (the
                            house: None), logging how they came to it.
``open_deal(t)``            The deal is open for the bets: the game's own
                            state for it, or a first phase of its own.
``deal(t)``                 The bets are in: deal the cards, then hand the
                            turn on (``t.advance()``) or settle at once.
``moves(t, pid)``           What ``pid`` may do now, as action specs: a bet
                            (``t.bet_moves``), the moves of the hand in play
                            (``t.turn_of``), the dealer's, the game's own.
``absent(t, pid)``          The move made for ``pid``'s absent phone now
                            (``skip``), or None when the game does not wait
                            on them.
``dealer_plays(t)``         The players are done: the dealer's or banker's
                            play begins (or the deal settles at once).
``outcomes(t)``             The deal's results still to pay (``Outcome``\\ s,
                            in playing order).
``view(t)``,                The game's own public fields (its hands, its
``seat_view(t, pid)``       dealer's hand, its piles) and ``pid``'s own.
==========================  ===================================================

and, where a game has something to say there (the defaults do nothing):

==========================  ===================================================
``ready(t, turn)``          A hand gets the turn (a split hand's second card).
``dealer_step(t)``          One step of a house dealer on the clock, when due.
``close_deal(t)``           Every stake is settled: what the deal leaves for
                            the next (the bank's gain, a bust dealer's drink).
``left(t, pid, dealer)``    ``pid`` left mid-game (the dealer: ``dealer``).
``ending(t)``               The session is ending (stakes still on the table).
``discard(t, cards)``       Where used cards go (default: nowhere, the pack
                            being made anew for every deal).
==========================  ===================================================

A move of type ``T`` is the rules' method ``do_T(t, pid, **params)``; the
bets (``do_bet``, ``do_sit_out``) are the loop's unless a game adds to them.
Plain data beside the methods name the game's phases and log keys
(``DEAL_PHASES``, ``AT_ONCE``, ``BET_LOG``, ``SIT_OUT_LOG``) and two readings
of the table (``DEALER_SEES``, ``BUST_THROWN_IN``).

Rules objects keep nothing themselves: everything they change is in the
table's state, so one object serves every game of its mode.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar

from partyapp.games.twentyone.table import BET, DEALER, PLAY, InPlay, Outcome

if TYPE_CHECKING:
    from partyapp.games.twentyone.rounds import TwentyOne

SIT_OUT, STAND = {"type": "sit_out"}, {"type": "stand"}


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
    def next_dealer(self, t: TwentyOne, able: list[str]) -> str | None:
        ...

    def open_deal(self, t: TwentyOne) -> None:
        """The deal is open for the bets (``t.s.bettors`` from the dealer's left)."""

    def do_bet(self, t: TwentyOne, pid: str, amount: int) -> None:
        t.bet(pid, amount)

    def do_sit_out(self, t: TwentyOne, pid: str) -> None:
        t.sit_out(pid)

    @abstractmethod
    def deal(self, t: TwentyOne) -> None:
        ...

    # -- moves ----------------------------------------------------------------------------------
    @abstractmethod
    def moves(self, t: TwentyOne, pid: str) -> list[dict]:
        ...

    def absent(self, t: TwentyOne, pid: str) -> dict | None:
        """The first of ``ABSENT`` that ``pid`` is offered."""
        return t.first_offered(pid, self.ABSENT)

    def ready(self, t: TwentyOne, turn: InPlay) -> None:
        """A hand gets the turn."""

    # -- the dealer, settling ---------------------------------------------------------------
    @abstractmethod
    def dealer_plays(self, t: TwentyOne) -> None:
        ...

    def dealer_step(self, t: TwentyOne) -> None:
        """One step of a house dealer on the clock (``t.s.due``)."""

    @abstractmethod
    def outcomes(self, t: TwentyOne) -> list[Outcome]:
        ...

    def close_deal(self, t: TwentyOne) -> None:
        """Every stake of the deal is settled."""

    # -- seats, the end, the cards ---------------------------------------------------------
    def left(self, t: TwentyOne, pid: str, dealer: bool) -> None:
        """``pid`` left mid-game: already out of the deal's lists, their cards
        off the table; ``dealer``: they dealt it, and the deal is called off
        next."""

    def ending(self, t: TwentyOne) -> None:
        """The session ends (not called off by the host, nor for want of players)."""

    def discard(self, t: TwentyOne, cards: list[str]) -> None:
        """Used cards leave the table."""

    # -- views ---------------------------------------------------------------------------------
    @abstractmethod
    def view(self, t: TwentyOne) -> dict:
        ...

    @abstractmethod
    def seat_view(self, t: TwentyOne, pid: str) -> dict:
        ...
