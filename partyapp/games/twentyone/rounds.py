"""``TwentyOne``: the round loop every 21 game plays, deal after deal.

Home Blackjack, Casino Blackjack, Russian Blackjack and Pontoon run their
deals through this one loop. Each game's engine class declares its mode,
options and messages and hands the loop its rules as a value, an object of
a few methods (``rules.Rules``: who deals next, the deal, the moves now,
the dealer's or banker's play, the outcome of every stake, the game's own
views); the loop asks it and does the rest the same way for all four.

The session
    Everybody starts with ``start_chips`` (the ledger, ``kit/chips.py``);
    stakes lie between the table minimum ``min_bet`` and maximum
    ``max_bet`` and the player's stack. A player who cannot cover the
    minimum is *out of chips*: with ``rebuy`` on, before the next deal the
    game waits on them (phase ``rebuy``, ``choosing``) to buy back in
    (``rebuy``: a stack of ``rebuy_chips``, logged ``chips.rebuy``, counted
    and taken off their result) or to sit the rest of the game out
    (``sit_out_rest``, ``chips.sit_out_rest``, listed in ``gone``; what an
    absent phone does); else they watch. Who bought back in, and for how
    much, is shown until the deal they bought in for is settled (``rebought``).
    The game ends after ``rounds`` deals, when fewer than
    ``MIN_ABLE`` players can play (two by default: one player alone with
    chips has won), or when the host ends it (a deal in progress is called
    off and its stakes handed back); ``result`` then holds the final
    stacks, each player's net, the rebuys, the winners (best net, when
    ahead) and losers (worst net, when behind and not everybody is level)
    among those who played (staked at least once, or whose stack moved as a
    dealer or banker) and the drinks (``betting.session_result``). A player
    sitting out (the room's ``set_sitting_out``) is dealt out from the next
    deal, unless that would leave fewer than ``MIN_ABLE`` players (not in
    Pontoon, whose banker deals every player with chips).

A deal
    The rules name who deals or banks (``next_dealer``: a player, the
    house), the deal opens (``round.start {round, dealer}``) and the
    players who can play (who cover the minimum or have a stake on the
    table; ``bettors``, from the dealer's left) bet or sit out, all at once (``turn`` null; ``waiting_for`` lists who
    has still to decide; the rules may first add a phase of their own:
    Pontoon's banker deals or sells the bank). When nobody stakes, the deal
    is called off, counted as played (``round.void {reason: "no_bets"}``);
    else the rules deal (``deal``). Then every hand in playing order
    (``hands_in_play``), the first still ``live`` having the turn
    (``current``), plays the moves the rules offer it (``moves``; a move
    ``T`` is the rules' ``do_T``, the bets are the loop's); after
    the last hand the dealer's or banker's play begins (``dealer_plays``),
    by phone (the moves offered) or, for the house, on the clock
    (``dealer_step`` when ``due``: ``next_deadline``, ``tick``). The deal
    settles (``settle``): every hand is turned up, then each result the
    rules give (``outcomes``) is paid, losers first, then ties, then
    winners, each in playing order, against the dealer (a dealer who is a
    player pays from their stack as far as it goes; the house never runs
    out); the rules close the deal (``close_deal``) and the next begins.
    The last deal's hands and payouts stay on the table until the next
    deal's cards come, the dealer's hand named after who dealt it.

Whose turn, and absent phones
    ``turn`` is the player whose hand is in play, the dealer while the
    dealer plays (null for the house), nobody while everybody decides at
    once (``Rules.AT_ONCE``), else the one player the game waits on.
    ``skip`` makes the rules' move for an absent phone (``absent``).

Seats
    A newcomer gets a starting stack and bets at once when the table is
    betting before the cards are dealt and they can cover the minimum, else
    from the next deal. A player who leaves takes their stakes with them,
    their cards leave the table (the rules' ``discard``) and play goes on
    without them; when the dealer leaves, the player on their left takes
    the deal (``dealer_left`` in the state, for the rules' ``next_dealer``)
    and the deal is called off: every stake back, not counted. The rules
    say what else goes with a leaver (``left``).

State: ``table.TwentyOneState``, typed records (the ledger, the hands, the
dealer's hand, the hand in play), which a game's ``State`` extends with its
own fields; a version 1 save is read through ``upgrade``.
"""

from __future__ import annotations

from typing import ClassVar

from partyapp.games.kit.actions import Action, int_range, spec
from partyapp.games.kit.cardgame import CardGame
from partyapp.games.kit.chips import Ledger, Payout
from partyapp.games.twentyone.betting import MESSAGES, OPTIONS, check_limits, session_result
from partyapp.games.twentyone.rules import Rules
from partyapp.games.twentyone.table import BET, BUST, LIVE, PLAY, REBUY, Hand, InPlay, Turn, TwentyOneState


class TwentyOne(CardGame):
    """One deal after the other against a dealer, by a game's rules; see the
    module docstring."""

    OPTIONS = OPTIONS
    MESSAGES = MESSAGES
    State = TwentyOneState
    # Players with chips needed to deal again.
    MIN_ABLE: ClassVar[int] = 2
    # The game's rule table (``rules.Rules``).
    rules: ClassVar[Rules]
    s: TwentyOneState

    @classmethod
    def check_together(cls, opts: dict) -> None:
        check_limits(opts)

    @classmethod
    def upgrade(cls, state: dict, version: int) -> dict:
        """Version 1 named the hand in play ``[player, index]``, kept
        ``dealer_keeps`` (now ``dealer_left``) and, in the boxes, a dealer's
        hand with its hole card ``hidden`` (now: not ``shown``), which an
        early save did not name after its dealer."""
        state = super().upgrade(state, version)
        current = state.get("current")
        if isinstance(current, list):
            state["current"] = {"player": current[0], "hand": current[1]}
        if "dealer_keeps" in state:
            state["dealer_left"] = bool(state.pop("dealer_keeps"))
        dealer = state.get("dealer_hand")
        if dealer is not None:
            state["dealer_hand"] = dealer = dict(dealer)
            dealer.setdefault("player", state.get("dealer"))
            if "hidden" in dealer:
                dealer["shown"] = not dealer.pop("hidden")
        return state

    @property
    def ledger(self) -> Ledger:
        return self.s.ledger

    # -- the session -------------------------------------------------------------------------
    def setup(self, banker: str | None = None, dealer: str | None = None) -> None:
        """The ledger, then the first deal; ``banker``: a first banker named
        in testing mode (Pontoon's option); ``dealer``: the first dealer the
        room hands a game whose deal passes (or a test's), for the rules'
        ``next_dealer``."""
        s = self.s
        o = s.opts
        s.ledger = Ledger.new(s.seats, start=o.start_chips, minimum=o.min_bet, maximum=o.max_bet, rebuy=o.rebuy,
                              rebuy_chips=o.rebuy_chips)
        s.round, s.out = 0, []
        first = banker or dealer
        s.first_dealer = first if first in s.seats else None
        self.next_round()

    def last_dealer(self) -> str | None:
        return self.s.dealer

    def able(self) -> list[str]:
        """Players who can cover the table minimum or have a stake on the
        table (Russian Blackjack's tied stake), in seat order."""
        ledger = self.ledger
        return [p for p in self.s.seats if ledger.can_bet(p) or ledger.stake_of(p)]

    def next_round(self) -> None:
        """Start the next deal, or end the game."""
        s = self.s
        if s.phase != REBUY:  # a deal settled: its re-buys are said no more
            s.rebought = {}
        if s.round >= s.opts.rounds:
            self.end("rounds")
            return
        ledger = self.ledger
        able = self.able()
        for p in s.seats:
            if p not in able and p not in s.out:
                s.out.append(p)
                self.log("chips.out", player=p)
        s.out = [p for p in s.out if p not in able]
        choosing = [p for p in s.seats if p not in s.gone and ledger.may_rebuy(p)]
        if choosing and len(able) + len(choosing) >= self.MIN_ABLE:
            s.phase, s.choosing, s.current, s.due = REBUY, choosing, None, None
            return
        if len(able) < self.MIN_ABLE:
            self.end("chips")
            return
        dealt = [p for p in able if p not in s.sitting_out]
        self.begin_round(dealt if len(dealt) >= self.MIN_ABLE else able)

    def choose(self, pid: str, rebuy: bool) -> None:
        """``pid``, out of chips, buys back in or sits the rest of the game
        out; once nobody is left to choose, the next deal."""
        s = self.s
        s.choosing.remove(pid)
        if rebuy:
            amount = self.ledger.rebuy(pid)
            s.rebought = {**s.rebought, pid: amount}
            self.log("chips.rebuy", player=pid, amount=amount)
        else:
            s.gone.append(pid)
            self.log("chips.sit_out_rest", player=pid)
        if not s.choosing:
            self.next_round()

    def set_sitting_out(self, pids: list[str], now: float) -> None:
        """Who sits out from the next deal on."""
        self.s.sitting_out = [p for p in self.s.seats if p in pids]

    def round_done(self) -> None:
        """A deal is settled: count it and go on."""
        self.s.round += 1
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

    def pay(self, pid: str, result: str, gain: int, counter: str | None = None, box: str = "bet") -> Payout:
        """Settle ``pid``'s stake in ``box`` with a named result (``Ledger.settle``),
        log the payout and take the result's forfeit."""
        drinks = self.forfeit(pid, result, log=False)
        record = self.ledger.settle(pid, box, result, gain, counter, drinks=drinks)
        self.log("chips.payout", player=pid, result=result, stake=record.stake, amount=record.amount, drinks=drinks)
        return record

    def reward(self, pid: str, result: str, amount: int, counter: str | None = None, box: str = "bet") -> Payout:
        """Pay ``pid`` a bonus on the stake in ``box``, which stays in play
        (``Ledger.reward``), logged as a payout like the others."""
        record = self.ledger.reward(pid, box, result, amount, counter)
        self.log("chips.payout", player=pid, result=result, stake=record.stake, amount=record.amount, drinks=0)
        return record

    def pay_hand(self, pid: str, hand: Hand, result: str, gain: int) -> None:
        """Settle a hand's stake (its ``box``) against the dealer; the hand keeps its result."""
        record = self.pay(pid, result, gain, counter=self.s.dealer, box=hand.box)
        hand.result, hand.amount = result, record.amount

    # -- the next deal, and its bets ----------------------------------------------------------
    def begin_round(self, able: list[str]) -> None:
        s = self.s
        dealer = self.rules.next_dealer(self, able)
        s.dealer, s.dealer_left = dealer, False
        s.phase, s.current, s.due = BET, None, None
        s.bettors, s.decided, s.sat_out = self.dealt_in(dealer, able), [], []
        self.rules.open_deal(self)
        self.log("round.start", round=s.round + 1, dealer=dealer)

    def dealt_in(self, dealer: str | None, able: list[str]) -> list[str]:
        """The players of ``able`` in playing order: from the dealer's left
        round the table, the dealer out (the house: in seat order)."""
        if dealer is None:
            return list(able)
        seats = self.s.seats
        i = seats.index(dealer)
        return [p for p in seats[i + 1:] + seats[:i] if p in able]

    def in_deal(self) -> bool:
        """This deal's cards are on the table."""
        return self.s.phase in self.rules.DEAL_PHASES

    def undecided(self) -> list[str]:
        """The bettors who have neither bet nor sat out yet."""
        decided = self.s.decided
        return [p for p in self.s.bettors if p not in decided]

    def bet_moves(self, pid: str) -> list[dict]:
        """A bettor's choice: a stake within the limits, or sitting out (only
        that, for a bettor who cannot cover the minimum)."""
        if self.s.phase != BET or pid not in self.undecided():
            return []
        limits = self.ledger.bet_limits(pid)
        if limits is None:
            return [spec("sit_out")]
        return [spec("bet", amount=int_range(*limits)), spec("sit_out")]

    def bet(self, pid: str, amount: int) -> None:
        self.ledger.stake(pid, amount)
        self.s.decided.append(pid)
        self.log(self.rules.BET_LOG, player=pid, amount=amount)
        self.bets_done()

    def sit_out(self, pid: str) -> None:
        self.s.sat_out.append(pid)
        self.s.decided.append(pid)
        self.log(self.rules.SIT_OUT_LOG, player=pid)
        self.bets_done()

    def bets_done(self) -> None:
        """Once everybody has decided: the deal, or the deal called off."""
        s = self.s
        if s.phase != BET or self.undecided():
            return
        if any(self.ledger.stake_of(p) for p in s.bettors):
            self.rules.deal(self)
            return
        if self.in_deal():
            self.clear_table()
        self.void_round("no_bets", count=True)

    # -- the players' hands in turn -------------------------------------------------------------
    def hands_in_play(self) -> list[InPlay]:
        """Every hand dealt this deal, in playing order."""
        hands = self.s.hands
        return [InPlay(p, i, hand) for p in self.s.order for i, hand in enumerate(hands[p])]

    def playing(self) -> InPlay | None:
        """The hand in play."""
        current = self.s.current
        if current is None:
            return None
        return InPlay(current.player, current.hand, self.s.hands[current.player][current.hand])

    def turn_of(self, pid: str) -> InPlay | None:
        """The hand in play, when it is ``pid``'s and the players play."""
        if self.s.phase != PLAY:
            return None
        playing = self.playing()
        return playing if playing is not None and playing.player == pid else None

    def advance(self) -> None:
        """The turn goes to the first hand still live (readied first, which
        may end it); with none left, the dealer's play."""
        for turn in self.hands_in_play():
            if turn.hand.status != LIVE:
                continue
            self.s.current = Turn(player=turn.player, hand=turn.index)
            self.rules.ready(self, turn)
            if turn.hand.status == LIVE:
                return
        self.s.current = None
        self.rules.dealer_plays(self)

    # -- the dealer's play, settling ------------------------------------------------------------
    def dealer_playing(self) -> bool:
        return self.s.phase == self.rules.DEALER_PHASE

    def next_deadline(self) -> float | None:
        s = self.s
        return s.due if not s.over and self.dealer_playing() else None

    def due_steps(self, now: float) -> None:
        s = self.s
        while not s.over and self.dealer_playing() and s.due is not None and s.due <= now:
            self.rules.dealer_step(self)

    def settle(self) -> None:
        """Every hand is turned up and every stake paid, losers first, then
        ties, then winners (a stable sort keeps the playing order): a
        dealer's stack pays the winners as far as it goes. Then the next deal."""
        s = self.s
        s.current = None
        for turn in self.hands_in_play():
            turn.hand.shown = True
        if s.dealer_hand is not None:
            s.dealer_hand.shown = True
        for o in sorted(self.rules.outcomes(self), key=lambda o: (o.gain > 0) - (o.gain < 0)):
            if o.hand is None:
                self.pay(o.player, o.result, o.gain, counter=s.dealer, box=o.box)
            else:
                self.pay_hand(o.player, o.hand, o.result, o.gain)
        self.rules.close_deal(self)
        self.round_done()

    # -- whose turn, and what each player may do --------------------------------------------------
    def turn(self) -> str | None:
        s = self.s
        if s.phase in self.rules.AT_ONCE:
            return None
        if self.dealer_playing():
            return s.dealer
        if s.phase == PLAY:
            playing = self.playing()
            return playing.player if playing else None
        waiting = self.waiting_for()
        return waiting[0] if len(waiting) == 1 else None

    def actions(self, pid: str) -> list[dict]:
        if self.s.phase == REBUY:
            return [spec("rebuy"), spec("sit_out_rest")] if pid in self.s.choosing else []
        return self.rules.moves(self, pid)

    def default_action(self, pid: str) -> dict | None:
        if self.s.phase == REBUY:
            return {"type": "sit_out_rest"} if pid in self.s.choosing else None
        return self.rules.absent(self, pid)

    def first_offered(self, pid: str, preferred: tuple[dict, ...]) -> dict | None:
        """The first of ``preferred`` moves whose type ``pid`` is offered now."""
        offered = {a["type"] for a in self.actions(pid)}
        return next((dict(move) for move in preferred if move["type"] in offered), None)

    def play_absent(self, pid: str, action: dict) -> None:
        """An absent phone's move (``Rules.absent``), made as the rules give
        it (Pontoon's absent bettor sits out, which no phone is offered)."""
        self.perform(pid, Action(action["type"], {k: v for k, v in action.items() if k != "type"}))

    def takes_back(self, pid: str, act: Action) -> bool:
        """A bet while the others still bet (the games' docstrings): no card
        was dealt for it."""
        return act.type == "bet" and self.s.phase == BET and bool(self.undecided())

    def perform(self, pid: str, act: Action) -> None:
        """A move ``T`` is the rules' ``do_T`` (the choice out of chips: the loop's)."""
        if act.type in ("rebuy", "sit_out_rest"):
            self.choose(pid, act.type == "rebuy")
            return
        getattr(self.rules, "do_" + act.type)(self, pid, **act.params)

    # -- seats and the end -----------------------------------------------------------------------------
    def on_join(self, pid: str) -> None:
        s = self.s
        self.ledger.add(pid)
        if s.phase == BET and not self.in_deal() and self.ledger.can_bet(pid):
            s.bettors.append(pid)

    def on_leave(self, pid: str, index: int) -> None:
        """The leaver's stakes go back to them and their chips leave with
        them; out of the deal, their cards off the table; the dealer's
        deal passes to their left and is called off."""
        s = self.s
        phase, playing = s.phase, self.playing()
        self.ledger.remove(pid)
        for listed in (s.out, s.choosing, s.gone):
            if pid in listed:
                listed.remove(pid)
        dealer = pid == s.dealer
        if dealer:
            s.dealer, s.dealer_left = s.seats[index % len(s.seats)], True
        for listed in (s.bettors, s.sat_out, s.decided):
            if pid in listed:
                listed.remove(pid)
        if self.in_deal() and pid in s.order:
            self.rules.discard(self, self.cards_of(pid))
            s.order.remove(pid)
            del s.hands[pid]
        self.rules.left(self, pid, dealer)
        if phase == REBUY:
            if not s.choosing:
                self.next_round()
        elif dealer:
            self.void_round("dealer_left")
        elif phase == BET:
            self.bets_done()
        elif playing is not None and playing.player == pid:
            self.advance()

    def on_finish(self) -> None:
        if any(self.ledger.boxes.values()):
            self.ledger.return_all()
            self.log("round.void", reason="host")

    def end(self, reason: str) -> None:
        if not self.s.over:
            self.rules.ending(self)
        super().end(reason)

    def final_result(self, reason: str) -> dict:
        s = self.s
        return session_result(super().final_result(reason), s.ledger, s.seats, s.round)

    # -- the cards on the table ----------------------------------------------------------------------------
    def cards_of(self, pid: str) -> list[str]:
        """The cards of ``pid``'s hands on the table."""
        thrown_in = self.rules.BUST_THROWN_IN
        return [c for hand in self.s.hands.get(pid, ()) if not (thrown_in and hand.status == BUST)
                for c in hand.cards]

    def table_cards(self) -> list[str]:
        """Every card on the table, the dealer's too."""
        cards = [c for p in self.s.order for c in self.cards_of(p)]
        if self.s.dealer_hand is not None:
            cards.extend(self.s.dealer_hand.cards)
        return cards

    def clear_table(self) -> None:
        """Every card leaves the table; no hand is left in play."""
        s = self.s
        self.rules.discard(self, self.table_cards())
        s.hands, s.order, s.current, s.dealer_hand = {}, [], None, None

    # -- views --------------------------------------------------------------------------------------------
    def hand(self, pid: str) -> list[str]:
        s = self.s
        cards = [c for hand in s.hands.get(pid, ()) for c in hand.cards]
        dealer = s.dealer_hand
        if dealer is not None and pid == dealer.player and (self.rules.DEALER_SEES or dealer.shown):
            cards.extend(dealer.cards)
        return cards

    def hand_sizes(self) -> dict[str, int]:
        s = self.s
        dealer = s.dealer_hand
        by = dealer.player if dealer is not None else None
        return {p: sum(len(h.cards) for h in s.hands.get(p, ())) + (len(dealer.cards) if p == by else 0)
                for p in s.seats}

    def current_view(self) -> dict | None:
        """The hand in play as the views of several hands a player show it."""
        current = self.s.current
        return {"player": current.player, "hand": current.hand} if current and not self.s.over else None

    def table_view(self) -> dict:
        s = self.s
        view = s.ledger.view()
        view["round"] = s.round if s.over else s.round + 1
        view["rounds"] = s.opts.rounds
        view.update(phase=s.phase, dealer=s.dealer, order=list(s.order),
                    waiting_for=[] if s.over or s.phase not in (BET, REBUY) else
                    list(s.choosing) if s.phase == REBUY else self.undecided(),
                    sat_out=list(s.sat_out), gone=list(s.gone), rebought=dict(s.rebought))
        view.update(self.rules.view(self))
        return view

    def seat_view(self, pid: str) -> dict:
        return self.rules.seat_view(self, pid)
