"""Casino Blackjack (mode ``casino_blackjack``): "21" of ``seeds/001``.

The house deals from a shoe to one to seven players, each playing their own
box against the dealer. The dealer's play is fixed by the rules, so it is
automatic, one step at a time, paced so that the table can follow it.
The deal runs on the round loop of every 21 game (``rounds.py``), driven
by this module's rule table (``CasinoRules``: the house, the deal, the peek
and insurance, hit, stand, double, split, surrender, the dealer's paced play,
settling), which lists every rule of the game below; the mechanics it
shares with Russian Blackjack (the shoe, dealing the boxes, splitting a
pair, the dealer drawing to 17) are functions in ``boxes.py``.

The rules as the seed gives them
--------------------------------
- One to seven players (``max_players`` 7), each with a betting box; the
  minimum and maximum bets are posted on the table (``min_bet``,
  ``max_bet``). Bets are placed before the deal (everybody at once; a player
  may sit a deal out).
- The shoe holds one to eight decks (``decks``, default 6; the shoe in
  ``boxes.py``). Players' cards are dealt face up, as from a shoe: first
  player, ..., the dealer's upcard, first player, ..., the hole card (face
  down). Card values: pips their number, pictures 10, an ace 1 or 11.
- **Blackjack** (an ace and a ten-value card as the first two cards) wins
  at once unless the dealer has one too, a push. It pays 3:2
  (``blackjack_pays``; ``"6:5"`` the single-deck variant), rounded down.
- **Hole card and peek** (``hole_card: "peek"``, the default): with an ace
  or a ten-value upcard the dealer checks the hole card. A dealer's
  blackjack is shown at once and wins every box but a blackjack (a push);
  the deal ends there and no double or split money is ever at risk.
  **European** (``hole_card: "european"``): the dealer takes no hole card;
  the second card comes when the players are done, and a dealer's
  blackjack then wins everything staked on the box, doubles and splits
  included (the common European rule).
- **Insurance**: when the upcard is an ace, every player may insure for
  half the bet (rounded down), before the peek; it pays 2:1 when the
  dealer has blackjack, else it is lost (at the peek, or when the
  European dealer takes the second card). A player with a blackjack may
  insure like anyone else (that is "even money").
- **The players' moves**, one box after the other from the first seat:
  ``hit``, ``stand`` (21 stands by itself), ``double {amount}`` on the
  first two cards (the bet raised by up to itself, "double for less" with
  ``double_for_less``, and exactly one more card; which totals may double:
  ``double_on`` any two cards, 9 to 11 or 10 to 11; after a split only
  with ``double_after_split``), ``split`` a pair of two cards of the same
  value (so a ten and a king too) for a second bet equal to the first, up
  to ``max_hands`` hands; split aces take one card each
  (``hit_split_aces`` off) and are not split again (``resplit_aces`` off);
  an ace and a ten after a split is 21, not blackjack. ``surrender``
  (``surrender``, default on) is late surrender: after the dealer has
  checked for blackjack, on the first two cards of an unsplit hand, giving
  up half the bet (the half kept rounded down). Without a hole card there
  is nothing checked, so a European dealer allows surrender only against
  an upcard of 2 to 9.
- **The dealer's play**: after the last box the dealer turns the hole card
  (or takes the second card) and must hit below 17 and stand on 17 or
  more; a soft 17 stands (``hit_soft_17`` off, "stand on all 17s") or hits
  (on). When every box is bust or surrendered the dealer takes no cards;
  when only blackjacks (or insurance) wait, the European dealer takes the
  second card only. Each step comes ``dealer_pace_ms`` after the last one
  (``next_deadline``/``tick``), so the TV shows the cards one by one.
- **Settling**: a bust hand loses at once; a bust dealer pays every hand
  still standing; otherwise the higher total wins 1:1, the lower loses, an
  equal one is a push and the bet comes back. The house never runs out.

Readings where the seed is open
-------------------------------
- **Forfeits** (``forfeits``, default on): losing a hand (beaten or bust)
  costs one drink, and so does a surrender.
- **The session** (``rounds.py``): ``rounds`` deals (default 5); out of
  chips, a player watches (``rebuy`` buys a new stack); the game ends when
  nobody can cover the minimum, or when the host ends it.
- **Absent phones** (``skip``): sit out a deal not yet bet on, decline
  insurance, stand.
- **Leaving**: a player's stakes go back with them and their cards go to
  the discards; play goes on. **Joining**: a newcomer (up to seven) gets a
  starting stack and bets from the next betting on (at once when the table
  is betting).
- **Taking a move back** (``takes_back``, ``rounds.TwentyOne``): a ``bet``
  while the others are still betting: it shows no card and draws none.
  Not the bet that completes the betting (the cards are dealt at once),
  and no move after the deal: each draws a card, or hands the turn on to
  hands and a dealer whose cards are then turned.
"""

from __future__ import annotations

from partyapp.games.kit.cardgame import choice, flag, number
from partyapp.games.kit.cards import TEN_VALUES, hand_value, is_natural, rank_of
from partyapp.games.kit.wording import N_
from partyapp.games.twentyone import boxes
from partyapp.games.twentyone.boxes import BLACKJACK, DECLINE, INSURANCE, LOSE, PUSH, SURRENDER, SURRENDERED
from partyapp.games.twentyone.rounds import TwentyOne
from partyapp.games.twentyone.rules import SIT_OUT, STAND, Rules
from partyapp.games.twentyone.table import BET, DEALER, PLAY, BoxesState, InPlay, Outcome

RESULTS = ("win", "blackjack", "push", "lose", "bust", "surrender", "insurance", "insurance_lost")
PEEK, EUROPEAN = "peek", "european"


class CasinoRules(Rules):
    """Casino Blackjack's rule table: the house deals and plays on the clock."""

    BET_LOG, SIT_OUT_LOG = "twentyone.bet", "twentyone.sit_out"
    DEAL_PHASES = (INSURANCE, PLAY, DEALER)
    AT_ONCE = (BET, INSURANCE)
    # An absent phone sits out a deal not yet bet on, declines insurance, stands.
    ABSENT = (SIT_OUT, DECLINE, STAND)

    # -- who deals, and the deal -----------------------------------------------------------------
    def next_dealer(self, t: CasinoBlackjack, able: list[str]) -> None:
        """The house deals every deal."""
        return None

    def open_deal(self, t: CasinoBlackjack) -> None:
        t.s.insurance = {}

    def deal(self, t: CasinoBlackjack) -> None:
        """A card each, the upcard, a second card each, the hole card (peek);
        with an ace up the table decides on insurance first."""
        if not boxes.deal(t, hole_card=self._peeks(t), tens=TEN_VALUES):
            self._play(t)

    @staticmethod
    def _peeks(t: CasinoBlackjack) -> bool:
        """The dealer takes a hole card (and peeks at it), or not (European)."""
        return t.s.opts.hole_card == PEEK

    @staticmethod
    def _upcard_may_be_blackjack(t: CasinoBlackjack) -> bool:
        up = rank_of(t.s.dealer_hand.cards[0])
        return up == "A" or up in TEN_VALUES

    def _play(self, t: CasinoBlackjack) -> None:
        """After the insurance: the peek, then the first box plays."""
        t.s.phase = PLAY
        if not self._peek(t):
            t.advance()

    def _peek(self, t: CasinoBlackjack) -> bool:
        """With a hole card under an ace or a ten, the dealer checks it: a
        blackjack is shown and settles the deal (True); else insurance is lost."""
        if not self._peeks(t) or not self._upcard_may_be_blackjack(t):
            return False
        dealer = t.s.dealer_hand
        if is_natural(dealer.cards):
            dealer.shown = True
            dealer.status = BLACKJACK
            t.log("twentyone.dealer_blackjack", cards=list(dealer.cards))
            t.settle()
            return True
        t.log("casino_blackjack.peek")
        boxes.insurance_lost(t)
        return False

    def do_insurance(self, t: CasinoBlackjack, pid: str, take: bool) -> None:
        """Insure for half the bet (rounded down), or not; paid 2:1 on the
        dealer's blackjack. Once everybody has decided: the peek, and play."""
        boxes.insure(t, pid, take)
        if boxes.insurance_decided(t):
            self._play(t)

    # -- the players' moves ----------------------------------------------------------------------
    def moves(self, t: CasinoBlackjack, pid: str) -> list[dict]:
        """A bet; insurance; the hand's moves: hit (not split aces, unless
        ``hit_split_aces``), stand, and on the first two cards double,
        split and surrender where the rules allow them."""
        s = t.s
        if s.phase == BET:
            return t.bet_moves(pid)
        if s.phase == INSURANCE:
            return boxes.insurance_moves(t, pid)
        turn = t.turn_of(pid)
        if turn is None:
            return []
        hand = turn.hand
        two = len(hand.cards) == 2
        return boxes.hand_moves(hit=not (hand.aces and not s.opts.hit_split_aces),
                                double=self._double_range(t, turn) if two and not hand.aces else None,
                                split=two and boxes.may_split(t, turn, s.opts.resplit_aces),
                                surrender=two and self._may_surrender(t, turn))

    def _double_range(self, t: CasinoBlackjack, turn: InPlay) -> tuple[int, int] | None:
        """The first two cards of a total ``double_on`` allows (a split hand
        with ``double_after_split``), raised by up to the bet (exactly the
        bet without ``double_for_less``), as far as the stack goes."""
        o, hand = t.s.opts, turn.hand
        if hand.split and not o.double_after_split:
            return None
        total = hand_value(hand.cards).total
        if (o.double_on == "9-11" and not 9 <= total <= 11) or (o.double_on == "10-11" and not 10 <= total <= 11):
            return None
        most = min(hand.bet, t.ledger.chips(turn.player))
        if o.double_for_less:
            return (1, most) if most >= 1 else None
        return (hand.bet, hand.bet) if most == hand.bet else None

    def _may_surrender(self, t: CasinoBlackjack, turn: InPlay) -> bool:
        """Late surrender, on the first two cards of an unsplit hand; without
        a hole card, only against an upcard of 2 to 9."""
        hands = t.s.hands[turn.player]
        return (t.s.opts.surrender and len(hands) == 1 and len(hands[0].cards) == 2
                and (self._peeks(t) or not self._upcard_may_be_blackjack(t)))

    def ready(self, t: CasinoBlackjack, turn: InPlay) -> None:
        """A split hand's second card; split aces stand unless ``hit_split_aces``."""
        o = t.s.opts
        boxes.ready(t, turn, aces_stand=not o.hit_split_aces, resplit_aces=o.resplit_aces)

    def do_hit(self, t: CasinoBlackjack, pid: str) -> None:
        """One more card: over 21 is bust (lost at once), 21 stands."""
        turn = t.playing()
        boxes.give(t, turn, "twentyone.hit")
        boxes.played(t, turn)

    def do_stand(self, t: CasinoBlackjack, pid: str) -> None:
        boxes.stand(t, t.playing())
        t.advance()

    def do_double(self, t: CasinoBlackjack, pid: str, amount: int) -> None:
        """The bet raised by ``amount``, exactly one more card."""
        turn = t.playing()
        boxes.double(t, turn, amount)
        boxes.stand_unless_bust(t, turn)

    def do_split(self, t: CasinoBlackjack, pid: str) -> None:
        """A second bet equal to the first, one card to each hand; each hand
        gets its second card when its turn comes (the first one now)."""
        boxes.split(t, t.playing())
        t.advance()

    def do_surrender(self, t: CasinoBlackjack, pid: str) -> None:
        """Half the bet given up (the half kept rounded down)."""
        hand = t.playing().hand
        hand.status = SURRENDERED
        t.log("casino_blackjack.surrender", player=pid)
        t.pay_hand(pid, hand, SURRENDER, -(hand.stake - hand.stake // 2))
        t.advance()

    # -- the dealer's paced play --------------------------------------------------------------------
    def dealer_plays(self, t: CasinoBlackjack) -> None:
        """The house plays on the clock, a step every ``dealer_pace_ms``; when
        every player has left the deal, it settles at once."""
        s = t.s
        s.phase = DEALER
        if not s.order:
            t.settle()
        else:
            s.due = t.now + self._pace(t)

    @staticmethod
    def _pace(t: CasinoBlackjack) -> float:
        return t.s.opts.dealer_pace_ms / 1000

    def dealer_step(self, t: CasinoBlackjack) -> None:
        """Turn the hole card, draw (below 17; a soft 17 with ``hit_soft_17``),
        or stand and settle; the next step is due a pace later."""
        s = t.s
        due = s.due
        step = boxes.dealer_next(t, s.opts.hit_soft_17)
        if step == "reveal":
            dealer = s.dealer_hand
            dealer.shown = True
            t.log("casino_blackjack.reveal", cards=list(dealer.cards), total=hand_value(dealer.cards).total)
        elif step == "draw":
            boxes.dealer_draw(t, TEN_VALUES)
        else:
            boxes.dealer_done(t)
        s.due = due + self._pace(t) if t.dealer_playing() else None

    # -- settling, seats, cards, views ---------------------------------------------------------------
    def outcomes(self, t: CasinoBlackjack) -> list[Outcome]:
        """Insurance, then each hand: blackjack 3:2 (``blackjack_pays`` 6:5),
        a win 1:1, a tie a push."""
        pays = (6, 5) if t.s.opts.blackjack_pays == "6:5" else (3, 2)
        return boxes.outcomes(t, tie=PUSH, pays=pays)

    def left(self, t: CasinoBlackjack, pid: str, dealer: bool) -> None:
        """A leaver's insurance is no longer waited for."""
        boxes.insurance_left(t, pid, dealer_plays=self.dealer_plays, play=self._play)

    # The discards and the views are the boxes' (``boxes.py``).
    discard, view, seat_view = staticmethod(boxes.discard), staticmethod(boxes.view), staticmethod(boxes.seat_view)


class CasinoBlackjack(TwentyOne):
    mode = "casino_blackjack"
    title = N_("Casino Blackjack")
    min_players = 1
    max_players = 7
    MIN_ABLE = 1

    OPTIONS = {
        **TwentyOne.OPTIONS,
        **boxes.OPTIONS,
        "decks": number(6, 1, 8, "Decks in the shoe."),
        "blackjack_pays": choice("3:2", ("3:2", "6:5"), "What a blackjack pays."),
        "hit_soft_17": flag(False, "The dealer hits a soft 17 (off: stands on all 17s)."),
        "hole_card": choice(PEEK, (PEEK, EUROPEAN), "peek: the dealer takes a hole card and checks it for "
                                                    "blackjack; european: no hole card until the players "
                                                    "are done."),
        "surrender": flag(True, "Late surrender: give up half the bet on the first two cards."),
        "double_on": choice("any", ("any", "9-11", "10-11"), "The first two cards' totals that may double."),
        "double_for_less": flag(True, "A double may raise the bet by less than the bet."),
        "double_after_split": flag(True, "A split hand may double."),
        "hit_split_aces": flag(False, "Split aces may take more than one card."),
        "resplit_aces": flag(False, "Split aces may be split again."),
        "dealer_pace_ms": number(1200, 0, 5000, "The pause between the dealer's cards, in milliseconds."),
    }
    MESSAGES = {
        **TwentyOne.MESSAGES,
        **boxes.MESSAGES,
        "casino_blackjack.peek": (),
        "casino_blackjack.reveal": ("cards", "total"),
        "casino_blackjack.surrender": ("player",),
    }
    FORFEITS = {LOSE: 1, "bust": 1, SURRENDER: 1}
    # A staged deck is checked against the biggest shoe here, then against
    # the game's own (``check_together``).
    STAGED_FROM = boxes.STAGED_FROM
    State = BoxesState
    rules = CasinoRules()

    @classmethod
    def check_together(cls, opts: dict) -> None:
        super().check_together(opts)
        boxes.check_shoe(opts)
