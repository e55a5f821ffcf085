"""``DealGame``: a card game played as a session of deals scored on a sheet,
one player's turn at a time (Kings Corner, Croatian Rummy).

What such games share on top of ``CardGame``:

State
    ``DealState``: ``hands`` (player id -> cards; nobody outside the deal
    under way holds any), ``dealt`` (who is in that deal, in playing order
    from the dealer's left), ``dealer``, ``current`` (whose turn it is),
    ``round`` (deals begun) and ``scores`` (a ``scores.ScoreSheet``).

The deal
    The game names the first dealer (``setup_deals(dealer)``: by default the
    last seat, so the first seat plays first and a staged deck is dealt from
    the first seat; the games here pass it ``starting_dealer(dealer)``: the
    room's turn to deal, or one drawn by lot). ``begin_deal()`` starts a
    deal with everybody seated (logged ``round.start``, which names the
    dealer) and returns who plays first; the game then deals.
    ``pass_deal()`` hands the deal to the left. The deal passes on from game
    to game too (``DEAL_PASSES``): the room hands the next game the player
    on the left of who dealt the last deal (``last_dealer``).

Seats
    A player who joins waits for the next deal, on ``joining_score(pid)``
    points. A player who leaves takes their cards away unseen and their
    score off the sheet (``left_game`` tidies the game's own state); when
    the dealer leaves, the seat before them counts as the dealer, so the
    deal still passes to the same player. When fewer than two players in
    the deal are left, it is called off unscored (``round.void``) and the
    next one begins; when the player to move leaves, the next player in the
    deal takes the turn.

A game writes ``start_turn(pid)`` (the turn passes to ``pid``) and
``next_deal()`` (deal again, or end the game).
"""

from __future__ import annotations

from abc import abstractmethod

from partyapp.games.kit.cardgame import DEALER_LOT, CardGame, CardState
from partyapp.games.kit.cards import deal_order
from partyapp.games.kit.record import field
from partyapp.games.kit.scores import ScoreSheet


class DealState(CardState):
    """A session of deals: who holds what, who deals, whose turn, the scores."""

    hands: dict[str, list[str]] = {}
    dealt: list[str] = []  # the players in the deal under way, from the dealer's left
    dealer: str | None = None
    current: str | None = None  # whose turn it is
    round: int = 0  # deals begun
    scores: ScoreSheet = field(default_factory=ScoreSheet)


class DealGame(CardGame):
    DEAL_PASSES = True
    OPTION_DATA = ("deck", "dealer")
    TESTING_OPTIONS = ("deck", "dealer")
    MESSAGES = {
        **CardGame.MESSAGES,
        **DEALER_LOT,
        "round.start": ("round", "dealer"),
        "round.void": ("reason",),
    }
    State = DealState

    @property
    def sheet(self) -> ScoreSheet:
        return self.s.scores

    def setup_deals(self, dealer: str | None = None) -> None:
        """The session's state before the first deal, ``dealer`` dealing it
        (default: the last seat)."""
        s = self.s
        s.scores = ScoreSheet.new(s.seats)
        s.dealer = dealer or s.seats[-1]
        s.round, s.dealt, s.current = 0, [], None
        s.hands = {p: [] for p in s.seats}

    def begin_deal(self) -> str:
        """Start a deal with everybody seated; returns who plays first."""
        s = self.s
        s.round += 1
        seats = list(s.seats)
        first = self.left_of(s.dealer)
        s.hands = {p: [] for p in seats}
        s.dealt, s.current = deal_order(seats, 1, first=first), None
        self.log("round.start", round=s.round, dealer=s.dealer)
        return first

    def pass_deal(self) -> None:
        self.s.dealer = self.left_of(self.s.dealer)

    def last_dealer(self) -> str | None:
        return self.s.dealer

    @abstractmethod
    def start_turn(self, pid: str) -> None:
        """The turn passes to ``pid`` (the game's rules)."""

    @abstractmethod
    def next_deal(self) -> None:
        """Deal again, or end the game (the game's rules)."""

    # -- turns and views --------------------------------------------------------------------
    def turn(self) -> str | None:
        return self.s.current

    def hand(self, pid: str) -> list[str]:
        return list(self.s.hands.get(pid, []))

    def hand_sizes(self) -> dict[str, int]:
        hands = self.s.hands
        return {p: len(hands.get(p, [])) for p in self.s.seats}

    # -- seats --------------------------------------------------------------------------------
    def joining_score(self, pid: str) -> int:
        """The points a newcomer starts on (default 0)."""
        return 0

    def on_join(self, pid: str) -> None:
        self.sheet.add_player(pid, self.joining_score(pid))
        self.s.hands[pid] = []

    def left_game(self, pid: str) -> None:
        """Tidy the game's own state of a player who left."""

    def on_leave(self, pid: str, index: int) -> None:
        s = self.s
        s.hands.pop(pid, None)
        self.sheet.remove(pid)
        self.left_game(pid)
        if s.dealer == pid:
            s.dealer = s.seats[(index - 1) % len(s.seats)]
        if pid not in s.dealt:
            return
        at = s.dealt.index(pid)
        s.dealt.remove(pid)
        if len(s.dealt) < 2:
            # Nobody left to play against: the deal is called off unscored.
            self.log("round.void", reason="players")
            s.current = None
            s.hands = {p: [] for p in s.seats}
            self.next_deal()
            return
        if s.current == pid:
            self.start_turn(s.dealt[at % len(s.dealt)])
