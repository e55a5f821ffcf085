"""``TwentyOneGame``: the round loop every 21 game plays, deal after deal.

Home Blackjack, Casino Blackjack, Russian Blackjack and Pontoon all run
their deals through this one loop. It owns the order of things; each game
says its own rules (how it deals, which moves it offers, how its dealer
plays, how it pays, how the deal or bank passes) through the methods
named in brackets below. The session around the deals (chips and
stakes, the deals counted, rebuys, out of chips, the end of the game and
its result) is ``BettingGame``'s (``betting.py``).

A deal, phase by phase (``phase`` in the view)
----------------------------------------------
The next deal
    ``begin_round`` asks the game who deals or banks (``next_dealer``: the
    deal passed to the left, the house, the bank), opens the deal with its
    betting (``open_round`` adds the game's own state, or a first phase of
    its own: Pontoon's banker deals or sells the bank before the bets) and
    logs ``round.start {round, dealer}``.
``bet``
    The players dealt in (``bettors``, from the dealer's left:
    ``dealt_in``) stake from the table minimum to the maximum or their
    stack, or sit the deal out, all at once (``turn`` is null, the view's
    ``waiting_for`` lists who has still to decide). The game names the log
    entries (``BET_LOG``, ``SIT_OUT_LOG``). When everybody has decided the
    cards are dealt and play starts (``start_play``); when nobody stakes,
    whatever was dealt leaves the table and the deal is called off, counted
    as played (``round.void {reason: "no_bets"}``).
``play``
    Hand after hand in playing order (``hands_in_play``), the first still
    ``live`` has the turn (``current``): the game readies it (``prepare``,
    e.g. a split hand's second card) and offers its moves
    (``hand_actions``). Once a hand is no longer live (stood, bust ...)
    the turn goes on (``advance``); after the last hand, the dealer's turn.
The dealer's play
    When no hand waits for the dealer (``dealer_needed``) the deal is
    settled at once. Else the dealer plays (``dealer_plays`` begins it; the
    game names the phase, ``DEALER_PHASE``): a dealer who is a player on
    their phone, offered by default exactly the one move the rule allows
    (``dealer_move``), the house on the clock: with a ``dealer_pace`` one
    ``dealer_step`` (by default the rule's move) is due that many seconds
    after the last (``next_deadline``, ``tick``).
Settlement (``settle``)
    Every hand is shown (``show_all``) and gets its result (``outcomes``:
    who wins or loses what). The losers pay first, then the stakes of ties
    come back, then the winners are paid in playing order, against the
    dealer (``counter``: a dealer who is a player pays from their stack as
    far as it goes; the house never runs out). The game closes the deal
    (``close_deal``: the bank's gain, a bust dealer's forfeit, what passes
    to the next deal), then the next deal begins or the game ends
    (``BettingGame.round_done``). The last deal's hands and payouts stay on
    the table until the next deal's cards come, the dealer's hand named
    after who dealt or banked it (``dealt_by``), who may have passed the
    deal or the bank on since.

Whose turn and absent phones
    ``turn`` is the player whose hand is in play, or the dealer while the
    dealer plays (null for the house, and while everybody bets).
    ``actions`` and ``default_action`` (what ``skip`` plays for an absent
    phone) follow the phase: a bet or sitting out (``bet_actions``,
    ``bet_default``), the hand in play's moves (``hand_actions``,
    ``hand_default``), the dealer's (``dealer_actions``,
    ``dealer_default``); a game's other phases are its own
    (``phase_turn``, ``phase_actions``, ``phase_default``).

Seats
    A newcomer bets at once when the table is betting before the cards are
    dealt and they can cover the minimum, else from the next deal. A
    player who leaves takes their stakes with them (``BettingGame``); their
    cards leave the table (``discard``: where the game puts used cards),
    and play goes on without them. When the dealer leaves, the deal passes
    to the player on their left (``dealer_left`` says what else the game
    does) and the deal is called off: every stake back, not counted.

State (plain JSON, in ``self.s``)
    ``phase``; the dealer under ``DEALER_KEY``; ``bettors`` and ``decided``
    (who has bet or sat out), ``sat_out``; ``order``, the players dealt in,
    in playing order; ``hands``, each player's list of hands (dicts with at
    least ``cards`` and ``status``); ``current``, ``[player, hand index]``
    of the hand in play; the dealer's hand under ``DEALER_HAND``. Home
    Blackjack keeps one hand a player, the dealer's among them, ``current``
    naming the player, and says so where it differs (``hands_of``,
    ``hands_in_play``, ``playing``, ``give_turn``, ``dealer_playing``).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar

from partyapp.games.kit.actions import int_range, spec
from partyapp.games.twentyone.betting import BettingGame

BET, PLAY = "bet", "play"
LIVE = "live"


class TwentyOneGame(BettingGame):
    """One deal after the other against a dealer; see the module docstring."""

    # Where the state and the view name who deals (Pontoon: "banker").
    DEALER_KEY: ClassVar[str] = "dealer"
    # Where the state and the view keep the dealer's hand (None: among ``hands``).
    DEALER_HAND: ClassVar[str | None] = "dealer_hand"
    # The phase of the dealer's play.
    DEALER_PHASE: ClassVar[str] = "dealer"
    # The phases with this deal's cards on the table (before them the last
    # deal's are still shown).
    DEAL_PHASES: ClassVar[tuple[str, ...]] = (PLAY,)
    # The message keys of a bet ``(player, amount)`` and of sitting out ``(player,)``.
    BET_LOG: ClassVar[str]
    SIT_OUT_LOG: ClassVar[str]

    # -- who deals ------------------------------------------------------------------------
    @property
    def dealer(self) -> str | None:
        """Who deals or banks now: a player, or None for the house."""
        return self.s.get(self.DEALER_KEY)

    def counter(self) -> str | None:
        """Who pays and collects the stakes: the dealer (None: the house)."""
        return self.dealer

    def dealer_hand(self) -> dict | None:
        """The dealer's hand on the table, this deal's or the last one's."""
        return self.s.get(self.DEALER_HAND) if self.DEALER_HAND else None

    def dealt_by(self) -> str | None:
        """Who dealt or banked the dealer's hand on the table (None: the
        house, or no such hand): the deal's dealer, who may have passed the
        deal or the bank on since."""
        hand = self.dealer_hand()
        if hand is None:
            return None
        return hand.get("player", self.dealer)  # a hand saved before it named its player

    def dealt_in(self, dealer: str | None, able: list[str]) -> list[str]:
        """The players of ``able`` in playing order: from the dealer's left
        round the table, the dealer out (the house: in seat order)."""
        if dealer is None:
            return list(able)
        seats = self.s["seats"]
        i = seats.index(dealer)
        return [p for p in seats[i + 1:] + seats[:i] if p in able]

    # -- the next deal ------------------------------------------------------------------------
    def begin_round(self, able: list[str]) -> None:
        dealer = self.next_dealer(able)
        self.s.update({self.DEALER_KEY: dealer}, phase=BET, current=None, sat_out=[])
        self.open_round(dealer, able)
        self.log("round.start", round=self.s["round"] + 1, dealer=dealer)

    @abstractmethod
    def next_dealer(self, able: list[str]) -> str | None:
        """Who deals or banks the deal now beginning (the game's: how the
        deal or the bank passes); may log how they came to it."""

    @abstractmethod
    def open_round(self, dealer: str | None, able: list[str]) -> None:
        """The game's own state for a new deal, opened for the bets (or the
        game's own first phase)."""

    def in_deal(self) -> bool:
        """This deal's cards are on the table."""
        return self.s.get("phase") in self.DEAL_PHASES

    # -- the bets -------------------------------------------------------------------------------
    def bettors(self) -> list[str]:
        """The players who bet this deal, in playing order."""
        return self.s["bettors"]

    def undecided(self) -> list[str]:
        """The bettors who have neither bet nor sat out yet."""
        decided = self.s["decided"]
        return [p for p in self.bettors() if p not in decided]

    def decide(self, pid: str) -> None:
        """``pid`` has made their choice for this deal's betting."""
        self.s["decided"].append(pid)

    def bet_actions(self, pid: str) -> list[dict]:
        """A stake within the limits, or sitting out (only that, for a
        bettor who cannot cover the minimum)."""
        limits = self.ledger.bet_limits(pid)
        if limits is None:
            return [spec("sit_out")]
        return [spec("bet", amount=int_range(*limits)), spec("sit_out")]

    def bet_default(self, pid: str) -> dict:
        """An absent phone sits the deal out."""
        return {"type": "sit_out"}

    def do_bet(self, pid: str, amount: int) -> None:
        self.ledger.stake(pid, amount)
        self.decide(pid)
        self.log(self.BET_LOG, player=pid, amount=amount)
        self.bets_done()

    def do_sit_out(self, pid: str) -> None:
        self.s["sat_out"].append(pid)
        self.decide(pid)
        self.log(self.SIT_OUT_LOG, player=pid)
        self.bets_done()

    def bets_done(self) -> None:
        """Once everybody has decided: play, or call the deal off."""
        if self.s["phase"] != BET or self.undecided():
            return
        if any(self.ledger.stake_of(p) for p in self.bettors()):
            self.start_play()
            return
        if self.in_deal():
            self.clear_table()
        self.void_round("no_bets", count=True)

    @abstractmethod
    def start_play(self) -> None:
        """The bets are in: deal the cards, then ``advance`` (or ``settle``
        when the deal is decided at once) (the game's)."""

    # -- the players' turns -------------------------------------------------------------------
    def hands_of(self, pid: str) -> list[dict]:
        """``pid``'s hands on the table (this deal's or the last one's)."""
        return self.s.get("hands", {}).get(pid, [])

    def hands_in_play(self) -> list[tuple[str, int, dict]]:
        """Every player's hands dealt this deal, in playing order, as
        ``(player, index, hand)``."""
        s = self.s
        return [(p, i, hand) for p in s["order"] for i, hand in enumerate(s["hands"][p])]

    def playing(self) -> tuple[str, int, dict] | None:
        """The hand in play, as ``(player, index, hand)``."""
        current = self.s.get("current")
        if current is None:
            return None
        pid, i = current
        return pid, i, self.s["hands"][pid][i]

    def give_turn(self, pid: str, i: int) -> None:
        self.s["current"] = [pid, i]

    def prepare(self, pid: str, i: int) -> None:
        """A hand gets the turn: ready it (the game's; nothing by default)."""

    def advance(self) -> None:
        """The turn goes to the first hand still live (readied first, which
        may end it); with none left, the dealer's turn."""
        for pid, i, hand in self.hands_in_play():
            if hand["status"] != LIVE:
                continue
            self.give_turn(pid, i)
            self.prepare(pid, i)
            if hand["status"] == LIVE:
                return
        self.s["current"] = None
        self.dealer_turn()

    @abstractmethod
    def hand_actions(self, pid: str, i: int) -> list[dict]:
        """The moves of ``pid``'s hand ``i``, now in play (the game's)."""

    def hand_default(self, pid: str, i: int) -> dict | None:
        """An absent phone's hand stands."""
        return {"type": "stand"}

    # -- the dealer's play --------------------------------------------------------------------
    def dealer_playing(self) -> bool:
        return self.s.get("phase") == self.DEALER_PHASE

    def dealer_needed(self) -> bool:
        """Some hand waits for the dealer's play (else the deal settles at once)."""
        return True

    @abstractmethod
    def dealer_plays(self) -> None:
        """The dealer's play begins (the game's: the hand shown, the phase)."""

    def dealer_turn(self) -> None:
        """The players are done: the dealer plays, on the clock when paced."""
        if not self.dealer_needed():
            self.settle()
            return
        self.dealer_plays()
        pace = self.dealer_pace()
        if pace is not None and self.dealer_playing() and not self.s["over"]:  # not settled at once
            self.s["due"] = self.now + pace

    @abstractmethod
    def dealer_move(self) -> str:
        """The dealer's move as the rule plays it (the game's): by default
        the only one a dealer's phone is offered, and the one played for an
        absent dealer."""

    def dealer_actions(self) -> list[dict]:
        return [spec(self.dealer_move())]

    def dealer_default(self) -> dict | None:
        return {"type": self.dealer_move()}

    def dealer_pace(self) -> float | None:
        """Seconds between the steps of a dealer who plays on the clock
        (None: the dealer plays by phone)."""
        return None

    def dealer_step(self) -> None:
        """One step of the dealer's play on the clock: the rule's move."""
        getattr(self, "do_" + self.dealer_move())(self.dealer)

    def next_deadline(self) -> float | None:
        s = self.s
        return s.get("due") if not s["over"] and self.dealer_playing() else None

    def due_steps(self, now: float) -> None:
        s = self.s
        while not s["over"] and self.dealer_playing() and s.get("due") is not None and s["due"] <= now:
            due = s["due"]
            self.dealer_step()
            s["due"] = due + self.dealer_pace() if self.dealer_playing() else None

    # -- settling -----------------------------------------------------------------------------
    def show_all(self) -> None:
        """Every card of the deal is turned up (the game's)."""

    @abstractmethod
    def outcomes(self) -> list[tuple[str, str, dict | None, str, int]]:
        """The deal's results still to pay, in playing order, as ``(player,
        box, hand or None, result, gain)`` (the game's: how it pays)."""

    def pay_hand(self, pid: str, hand: dict, result: str, gain: int) -> None:
        """Settle a hand's stake (its ``box``); the hand keeps its result."""
        record = self.pay(pid, result, gain, counter=self.counter(), box=hand["box"])
        hand["result"] = result
        hand["amount"] = record["amount"]

    def settle(self) -> None:
        """Every stake of the deal is paid; the deal is closed; next deal."""
        self.s["current"] = None
        self.show_all()
        # Losers first, then ties, then winners, each in playing order (a
        # stable sort): a dealer's stack pays the winners as far as it goes.
        for pid, box, hand, result, gain in sorted(self.outcomes(), key=lambda o: (o[4] > 0) - (o[4] < 0)):
            if hand is None:
                self.pay(pid, result, gain, counter=self.counter(), box=box)
            else:
                self.pay_hand(pid, hand, result, gain)
        self.close_deal()
        self.round_done()

    def close_deal(self) -> None:
        """Every stake is settled: what the game logs and keeps for the next deal."""

    # -- whose turn, and what each player may do ---------------------------------------------
    def turn(self) -> str | None:
        if self.dealer_playing():
            return self.dealer
        if self.s["phase"] == PLAY:
            playing = self.playing()
            return playing[0] if playing else None
        return self.phase_turn()

    def actions(self, pid: str) -> list[dict]:
        s = self.s
        if s["phase"] == BET:
            return self.bet_actions(pid) if pid in self.undecided() else []
        if self.dealer_playing():
            return self.dealer_actions() if pid == self.dealer else []
        if s["phase"] == PLAY:
            playing = self.playing()
            return self.hand_actions(pid, playing[1]) if playing and playing[0] == pid else []
        return self.phase_actions(pid)

    def default_action(self, pid: str) -> dict | None:
        s = self.s
        if s["phase"] == BET:
            return self.bet_default(pid) if pid in self.undecided() else None
        if self.dealer_playing():
            return self.dealer_default() if pid == self.dealer else None
        if s["phase"] == PLAY:
            playing = self.playing()
            return self.hand_default(pid, playing[1]) if playing and playing[0] == pid else None
        return self.phase_default(pid)

    def phase_turn(self) -> str | None:
        """Whose turn it is in the game's own phases."""
        return None

    def phase_actions(self, pid: str) -> list[dict]:
        """``pid``'s moves in the game's own phases."""
        return []

    def phase_default(self, pid: str) -> dict | None:
        """An absent ``pid``'s move in the game's own phases."""
        return None

    # -- seats --------------------------------------------------------------------------------
    def on_join(self, pid: str) -> None:
        super().on_join(pid)
        s = self.s
        if s.get("phase") == BET and not self.in_deal() and self.ledger.can_bet(pid):
            s["bettors"].append(pid)

    def on_leave(self, pid: str, index: int) -> None:
        super().on_leave(pid, index)
        s = self.s
        if pid != self.dealer:
            self.leave_deal(pid)
            return
        seats = s["seats"]
        s[self.DEALER_KEY] = seats[index % len(seats)]  # the player on the leaver's left
        self.dealer_left()
        self.void_round("dealer_left")

    def dealer_left(self) -> None:
        """The dealer left mid-deal and the player on their left took the
        deal: what the game does before the deal is called off."""

    def leave_deal(self, pid: str) -> None:
        """A player who is not the dealer left: out of the deal's lists,
        their cards off the table, and play goes on."""
        s = self.s
        playing = self.playing() if s["phase"] == PLAY else None
        for key in ("bettors", "sat_out", "decided"):  # those the game keeps
            if pid in s.get(key, ()):
                s[key].remove(pid)
        if self.in_deal() and pid in s["order"]:
            self.discard(self.cards_of(pid))
            s["order"].remove(pid)
            del s["hands"][pid]
        if s["phase"] == BET:
            self.bets_done()
        elif playing is not None and playing[0] == pid:
            self.advance()

    # -- the cards on the table ---------------------------------------------------------------
    def on_table(self, hand: dict) -> bool:
        """The hand's cards are still on the table."""
        return True

    def cards_of(self, pid: str) -> list[str]:
        """The cards of ``pid``'s hands on the table."""
        return [c for hand in self.hands_of(pid) if self.on_table(hand) for c in hand["cards"]]

    def table_cards(self) -> list[str]:
        """Every card on the table, the dealer's too."""
        cards = [c for p in self.s["order"] for c in self.cards_of(p)]
        dealer = self.dealer_hand()
        if dealer:
            cards.extend(dealer["cards"])
        return cards

    def discard(self, cards: list[str]) -> None:
        """Used cards leave the table (the game's: where they go; by default
        nowhere, the pack being made anew for every deal)."""

    def clear_table(self) -> None:
        """Every card leaves the table; no hand is left in play."""
        self.discard(self.table_cards())
        self.s.update(hands={}, order=[], current=None)
        if self.DEALER_HAND:
            self.s[self.DEALER_HAND] = None

    # -- views ------------------------------------------------------------------------------------
    def dealer_sees(self, hand: dict) -> bool:
        """The dealer's phone shows the dealer's own hand."""
        return True

    def hand(self, pid: str) -> list[str]:
        cards = [c for hand in self.hands_of(pid) for c in hand["cards"]]
        dealer = self.dealer_hand()
        if dealer and pid == self.dealt_by() and self.dealer_sees(dealer):
            cards.extend(dealer["cards"])
        return cards

    def hand_sizes(self) -> dict[str, int]:
        dealer = self.dealer_hand()
        by = self.dealt_by()
        return {p: sum(len(h["cards"]) for h in self.hands_of(p)) + (len(dealer["cards"]) if dealer and p == by else 0)
                for p in self.s["seats"]}

    def deciding(self) -> list[str]:
        """Whom the table waits on to decide, all at once (the bets)."""
        return self.undecided() if self.s.get("phase") == BET else []

    def current_view(self) -> dict | None:
        """The hand in play as the views of several hands a player show it."""
        current = self.s.get("current")
        return {"player": current[0], "hand": current[1]} if current and not self.s["over"] else None

    def table_view(self) -> dict:
        s = self.s
        view = super().table_view()
        view.update(
            phase=s.get("phase"),
            dealer=self.dealer,
            order=list(s.get("order", [])),
            waiting_for=[] if s["over"] else self.deciding(),
            sat_out=list(s.get("sat_out", [])),
        )
        return view
