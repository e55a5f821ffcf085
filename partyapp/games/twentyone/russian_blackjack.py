"""Russian Blackjack (mode ``russian_blackjack``): the home variant of
``seeds/003`` ("Блек-джек"; ``seeds/003_english.md`` renders it).

Each player plays against the bank, held by a player who deals; the deal
passes round the table. The deal runs on the round loop of every 21 game
(``rounds.py``), driven by this module's rule table (``RussianRules``: the
deal passing on, the tied stakes, the deal of one dealer's card, insurance,
hit, stand, double, split, three sevens, the dealer's play, settling), which
lists every rule of the game below; the mechanics it shares with casino
Blackjack (the shoe, dealing the boxes, splitting a pair, the dealer drawing
to 17) are functions in ``boxes.py``.

The rules as the seed gives them
--------------------------------
- Two full 52-card decks shuffled together (``decks``, 1 to 8, default 2:
  "at home with few players two decks are enough"). Card values: pips
  their number, J Q K 10, an ace 1 or 11, whichever is better for the hand.
- After the bets the dealer deals each player two cards and **takes only
  one** (first player, ..., the dealer, then the players' second cards).
  The players ask for more cards; then the dealer draws until they have at
  least 17 (a soft 17 stands).
- **Black Jack**, an ace and a ten-valued card as the first two cards, pays
  3 to 2 (rounded down). The seed says "a picture card": whether a plain
  ten with an ace counts is open, so it is the option
  ``ten_is_black_jack`` (default on, as in a casino; off: ace and ten is a
  plain 21). A hand closer to 21 than the dealer's wins 1 to 1, a lower one
  loses, over 21 loses.
- **A tie**: the stake stays on the table, and at the next betting the
  player decides what to do with it: ``leave`` it as it is, ``add {amount}``
  to it (up to the table maximum), or ``take_back`` (into the stack; then
  they bet anew or sit out). Ties of several split hands lie together.
- **Double**: when the first two cards total 9, 10 or 11 (an ace counted
  1 or 11, as the player likes), the player may double the stake (exactly)
  and receives exactly one more card. A split hand's first two cards may
  double too.
- **Split**: two first cards of equal value (so a ten and a king too) may
  be split for a second stake equal to the first; each hand is played
  separately and may draw further cards, and a new pair may be split again
  the same way, up to ``max_hands`` hands. Split aces receive one card each
  (not split again), and an ace and a ten after a split is 21, not Black
  Jack.
- **Three sevens**: 21 made of three sevens earns at once a bonus equal to
  the stake, paid by the bank; the hand and its stake then still play
  against the dealer.
- **Insurance**: when the dealer's first card is an ace, a player may
  insure with half the stake (rounded down). When the bank makes Black Jack
  insurance pays 2 to 1, so the player gets the original stake back;
  otherwise it is lost and the original stake stays in play. Both are
  settled when the dealer takes the second card: without Black Jack the
  insurance is lost there and then, and the dealer draws on; with Black
  Jack the deal is settled at that card (every hand is decided: Black Jack
  beats all but a Black Jack), the insurance with it.
- **The dealer role** passes to each player in turn, to the left, and from
  game to game: the room hands the next game the player on the left of who
  dealt the last deal (``Game.DEAL_PASSES``, the start input ``dealer``,
  which testing mode may also name). The seed names no first dealer: the
  room's first game draws one by lot (the game's seeded generator); with a
  staged deck (testing mode) it is the last seat, so that the first seat
  is dealt to first. The bank is the dealer's own stack: the dealer
  collects the losing stakes first, then pays the winners from their left
  as far as the stack goes.

Readings where the seed is open
-------------------------------
- The dealer's play is fixed, so the dealer's phone offers exactly the one
  move the rule allows (``hit`` below 17, else ``stand``); when no hand
  needs the dealer (all bust, no insurance) the deal settles at once.
- A tied stake left on the table of a player who now deals, or who stays
  on at the end of the game, goes back to their stack (``russian_blackjack.take_back``).
- **Forfeits** (``forfeits``, default on): losing a hand (beaten or bust)
  costs one drink; a dealer who busts drinks one.
- **The session** (``rounds.py``): ``rounds`` deals, or until one player
  alone has chips, or the host ends it.
- **Absent phones** (``skip``): take a tied stake back, then sit out a deal
  not yet bet on; decline insurance; stand; an absent dealer makes the
  rule's move.
- **Leaving**: a player's stakes go back with them; when the dealer leaves,
  the deal is called off (every stake back, tied stakes included) and the
  player on their left deals. **Joining**: as in home Blackjack.
- **Taking a move back** (``takes_back``, ``rounds.TwentyOne``): a ``bet``
  while the others are still betting: it shows no card and draws none.
  Not the bet that completes the betting (the cards are dealt at once),
  and no move after the deal: each draws a card, or hands the turn on to
  hands and a dealer whose cards are then turned.
"""

from __future__ import annotations

from partyapp.games.kit.actions import int_range, spec
from partyapp.games.kit.cardgame import DEALER_LOT, flag, number
from partyapp.games.kit.cards import TEN_VALUES, points, rank_of
from partyapp.games.kit.wording import N_
from partyapp.games.twentyone import boxes, rotation
from partyapp.games.twentyone.boxes import BLACKJACK, DECLINE, INSURANCE, LOSE
from partyapp.games.twentyone.rounds import TwentyOne
from partyapp.games.twentyone.rules import SIT_OUT, STAND, Rules
from partyapp.games.twentyone.table import BET, BUST, DEALER, PLAY, BoxesState, InPlay, Outcome

TIE, THREE_SEVENS = "tie", "three_sevens"
RESULTS = ("win", "blackjack", TIE, "lose", "bust", "insurance", "insurance_lost", THREE_SEVENS)
PICTURES = frozenset({"J", "Q", "K"})


class RussianRules(Rules):
    """Russian Blackjack's rule table: a dealer who is a player, one card
    for the dealer until the players are done, tied stakes left on the table."""

    BET_LOG, SIT_OUT_LOG = "twentyone.bet", "twentyone.sit_out"
    DEAL_PHASES = (INSURANCE, PLAY, DEALER)
    AT_ONCE = (BET, INSURANCE)
    # An absent phone takes a tied stake back (then sits out), declines
    # insurance, stands; an absent dealer makes the one move offered.
    ABSENT = ({"type": "take_back"}, SIT_OUT, DECLINE, STAND, {"type": "hit"})

    # -- who deals, the tied stakes -------------------------------------------------------------
    def next_dealer(self, t: RussianBlackjack, able: list[str]) -> str:
        """The deal passes to the left."""
        return rotation.next_dealer(t, able)

    def open_deal(self, t: RussianBlackjack) -> None:
        """A tied stake of the player who now deals goes back to their stack."""
        s = t.s
        if t.ledger.stake_of(s.dealer):
            self.do_take_back(t, s.dealer)
        s.insurance = {}

    @staticmethod
    def _tied(t: RussianBlackjack, pid: str) -> int:
        """The stake a tie left on the table for ``pid``, while they have
        still to decide what to do with it (a bettor's only stake then)."""
        return t.ledger.stake_of(pid) if pid in t.undecided() else 0

    def do_leave(self, t: RussianBlackjack, pid: str) -> None:
        """The tied stake is this deal's bet."""
        t.s.decided.append(pid)
        t.log("russian_blackjack.leave", player=pid, amount=t.ledger.stake_of(pid))
        t.bets_done()

    def do_add(self, t: RussianBlackjack, pid: str, amount: int) -> None:
        """The tied stake raised (up to the table maximum) is this deal's bet."""
        t.ledger.stake(pid, amount)
        t.s.decided.append(pid)
        t.log("russian_blackjack.add", player=pid, amount=amount, total=t.ledger.stake_of(pid))
        t.bets_done()

    def do_take_back(self, t: RussianBlackjack, pid: str) -> None:
        """The tied stake back into the stack (then a bet, or sitting out)."""
        amount = t.ledger.stake_of(pid)
        t.ledger.return_all(pid)
        t.log("russian_blackjack.take_back", player=pid, amount=amount)

    def ending(self, t: RussianBlackjack) -> None:
        """A tied stake still on the table goes back to its player."""
        for pid in list(t.ledger.boxes):
            self.do_take_back(t, pid)

    # -- the deal, insurance ---------------------------------------------------------------------
    @staticmethod
    def _tens(t: RussianBlackjack) -> frozenset[str]:
        """The cards that make Black Jack with an ace (``ten_is_black_jack``)."""
        return TEN_VALUES if t.s.opts.ten_is_black_jack else PICTURES

    def deal(self, t: RussianBlackjack) -> None:
        """Two cards each, one for the dealer; with an ace up the table
        decides on insurance first."""
        if not boxes.deal(t, hole_card=False, tens=self._tens(t)):
            self._play(t)

    @staticmethod
    def _play(t: RussianBlackjack) -> None:
        t.s.phase = PLAY
        t.advance()

    def do_insurance(self, t: RussianBlackjack, pid: str, take: bool) -> None:
        """Insure for half the stake (rounded down), or not; settled at the
        dealer's second card."""
        boxes.insure(t, pid, take)
        if boxes.insurance_decided(t):
            self._play(t)

    # -- the players' moves ------------------------------------------------------------------------
    def moves(self, t: RussianBlackjack, pid: str) -> list[dict]:
        """A bet, or what to do with a tied stake (``leave``, ``add``,
        ``take_back``); insurance; the hand's moves: hit (not split aces),
        stand, double on 9 to 11, split a pair; the dealer's rule move."""
        s = t.s
        if s.phase == BET:
            tied = self._tied(t, pid)
            if not tied:
                return t.bet_moves(pid)
            acts = [spec("leave")]
            most = min(t.ledger.maximum - tied, t.ledger.chips(pid))
            if most >= 1:
                acts.append(spec("add", amount=int_range(1, most)))
            acts.append(spec("take_back"))
            return acts
        if s.phase == INSURANCE:
            return boxes.insurance_moves(t, pid)
        if s.phase == DEALER:
            if pid != s.dealer:
                return []
            return [spec("hit" if boxes.dealer_next(t, False) == "draw" else "stand")]
        turn = t.turn_of(pid)
        if turn is None:
            return []
        hand = turn.hand
        two = len(hand.cards) == 2
        return boxes.hand_moves(hit=not hand.aces, double=self._double_range(t, turn) if two and not hand.aces else None,
                                split=two and boxes.may_split(t, turn, resplit_aces=False))

    @staticmethod
    def _double_range(t: RussianBlackjack, turn: InPlay) -> tuple[int, int] | None:
        """The first two cards total 9, 10 or 11 (an ace 1 or 11, as the
        player likes): the stake doubled exactly."""
        hand = turn.hand
        hard = sum(points(c) for c in hand.cards)
        counts = {hard, hard + 10} if any(rank_of(c) == "A" for c in hand.cards) else {hard}
        if not any(9 <= total <= 11 for total in counts) or t.ledger.chips(turn.player) < hand.bet:
            return None
        return hand.bet, hand.bet

    def ready(self, t: RussianBlackjack, turn: InPlay) -> None:
        """A split hand's second card; split aces then stand."""
        boxes.ready(t, turn, aces_stand=True, resplit_aces=False)

    @staticmethod
    def _three_sevens(t: RussianBlackjack, turn: InPlay) -> None:
        """21 of three sevens: the bank pays a bonus equal to the stake at
        once; the hand plays on against the dealer."""
        hand = turn.hand
        if len(hand.cards) == 3 and all(rank_of(c) == "7" for c in hand.cards):
            t.log("russian_blackjack.three_sevens", player=turn.player, hand=turn.index)
            t.reward(turn.player, THREE_SEVENS, hand.stake, counter=t.s.dealer, box=hand.box)

    def do_hit(self, t: RussianBlackjack, pid: str) -> None:
        """A player's hit (over 21 is bust, 21 stands), or the dealer's step."""
        if t.dealer_playing():
            self._dealer_step(t)
            return
        turn = t.playing()
        boxes.give(t, turn, "twentyone.hit")
        self._three_sevens(t, turn)
        boxes.played(t, turn)

    def do_stand(self, t: RussianBlackjack, pid: str) -> None:
        if t.dealer_playing():
            self._dealer_step(t)
            return
        boxes.stand(t, t.playing())
        t.advance()

    def do_double(self, t: RussianBlackjack, pid: str, amount: int) -> None:
        """The stake doubled, exactly one more card."""
        turn = t.playing()
        boxes.double(t, turn, amount)
        self._three_sevens(t, turn)
        boxes.stand_unless_bust(t, turn)

    def do_split(self, t: RussianBlackjack, pid: str) -> None:
        """A second stake equal to the first, one card to each hand; each hand
        gets its second card when its turn comes (the first one now)."""
        boxes.split(t, t.playing())
        t.advance()

    def dealer_plays(self, t: RussianBlackjack) -> None:
        """The dealer plays by phone (``hit``/``stand``: the rule's move);
        with nothing to draw for (no hand stood, no Black Jack or insurance
        waits, everybody left) the deal settles at once."""
        t.s.phase = DEALER
        if boxes.dealer_next(t, False) == "done":
            t.settle()

    def _dealer_step(self, t: RussianBlackjack) -> None:
        """Draw below 17 (a soft 17 stands), else stand and settle; the
        second card settles the insurance (a Black Jack the whole deal)."""
        dealer = t.s.dealer_hand
        if boxes.dealer_next(t, False) != "draw":
            boxes.dealer_done(t)
            return
        second = len(dealer.cards) == 1
        boxes.dealer_draw(t, self._tens(t))
        if not second:
            return
        if dealer.status == BLACKJACK:
            t.settle()
        else:
            boxes.insurance_lost(t)

    # -- settling -------------------------------------------------------------------------------------
    def outcomes(self, t: RussianBlackjack) -> list[Outcome]:
        """Insurance, then each hand: Black Jack 3:2, a win 1:1, a tie stays on the table."""
        return boxes.outcomes(t, tie=TIE, pays=(3, 2))

    def close_deal(self, t: RussianBlackjack) -> None:
        """Tied stakes go back on the table for the next deal; the dealer's
        gain over the deal is logged; a bust dealer drinks."""
        s = t.s
        for pid in s.order:
            tied = sum(h.stake for h in s.hands[pid] if h.result == TIE)
            if tied:
                t.ledger.stake(pid, tied)
                t.log("russian_blackjack.carry", player=pid, amount=tied)
        t.log("russian_blackjack.bank", player=s.dealer, amount=t.ledger.chips(s.dealer) - (s.bank_before or 0))
        if s.dealer_hand.status == BUST:
            t.forfeit(s.dealer, "dealer_bust")

    # -- seats, cards, views ---------------------------------------------------------------------------
    def left(self, t: RussianBlackjack, pid: str, dealer: bool) -> None:
        """A dealer leaving takes the table's cards to the discards (the
        tied stakes go back with the others); a player's insurance is no
        longer waited for."""
        if dealer:
            t.clear_table()
            return
        boxes.insurance_left(t, pid, dealer_plays=self.dealer_plays, play=self._play)

    # The discards and the views are the boxes' (``boxes.py``).
    discard, view, seat_view = staticmethod(boxes.discard), staticmethod(boxes.view), staticmethod(boxes.seat_view)


class RussianBlackjack(TwentyOne):
    mode = "russian_blackjack"
    title = N_("Russian Blackjack")

    OPTIONS = {
        **TwentyOne.OPTIONS,
        **boxes.OPTIONS,
        "decks": number(2, 1, 8, "Decks shuffled together."),
        "ten_is_black_jack": flag(True, "An ace and a ten is Black Jack (off: only an ace and a picture card)."),
    }
    DEAL_PASSES = True
    OPTION_DATA = ("deck", "dealer")
    TESTING_OPTIONS = ("deck", "dealer")
    MESSAGES = {
        **TwentyOne.MESSAGES,
        **boxes.MESSAGES,
        **DEALER_LOT,
        "russian_blackjack.three_sevens": ("player", "hand"),
        "russian_blackjack.carry": ("player", "amount"),
        "russian_blackjack.leave": ("player", "amount"),
        "russian_blackjack.add": ("player", "amount", "total"),
        "russian_blackjack.take_back": ("player", "amount"),
        "russian_blackjack.bank": ("player", "amount"),
    }
    FORFEITS = {LOSE: 1, BUST: 1, "dealer_bust": 1}
    STAGED_FROM = boxes.STAGED_FROM
    State = BoxesState
    rules = RussianRules()

    @classmethod
    def check_together(cls, opts: dict) -> None:
        super().check_together(opts)
        boxes.check_shoe(opts)
