"""Home Blackjack (mode ``blackjack``): "BLACKJACK / 21" of ``seeds/000``.

A player deals; everybody else plays against the dealer for chips, and the
losers drink. The deal runs on the 21 family's round loop (``rounds.py``:
the bets, the turns, the dealer's turn, settling, seats), driven by this
module's rule table (``BlackjackRules``), which lists them all below.

The rules as the seed gives them
--------------------------------
- The dealer gives everyone, themselves included, one card face down, then
  one card face up: one card at a time, starting with the player on the
  dealer's left and ending with the dealer (PROTOCOL.md's deal order).
- Each player looks at their own down card (``you.hand``); nobody else sees
  it until it is shown.
- Starting on the dealer's left, each player in turn may ``hit`` (one more
  card, face up) or ``stand``. A hand over 21 is bust: it is shown at once
  and has lost, whatever the dealer does.
- Card values: pips count their number, pictures 10, an ace 1 or 11,
  whichever is better (``cards.hand_value``: soft while an ace counts 11).
- Then the dealer turns the down card and must hit on 16 or less and stand
  on 17 or more. A bust dealer loses to every player still standing. Else
  a higher hand than the dealer's wins, a lower one loses, and an equal one
  "knocks": the stake comes back.

Readings where the seed is open (the options in brackets)
----------------------------------------------------------
- **Chips.** Each player but the dealer stakes before the deal, from the
  table minimum to the maximum (``min_bet``, ``max_bet``, stacks of
  ``start_chips``); all players bet at the same time (``game.turn`` is null
  while they do), and a player may ``sit_out`` a deal. A win is paid 1:1 by
  the dealer, a loss goes to the dealer. The dealer pays from their own
  stack: losers' stakes are collected first, then winners are paid from the
  dealer's left; a dealer who runs dry pays the rest what is left (the
  payout shows what was really paid). Out of chips (below the minimum): with
  ``rebuy`` a new stack at the next deal, else the player watches.
- **The dealer** rotates to the left after every deal (``rotate_dealer``,
  default on; off: the first dealer keeps the deal while they have chips),
  and from game to game: the room hands the next game the player on the
  left of who dealt the last deal (``Game.DEAL_PASSES``, the start input
  ``dealer``, which testing mode may also name). The seed names no first
  dealer: the room's first game draws one by lot (the game's seeded
  generator). With a staged deck (testing mode) the first dealer is the
  last seat, so the first seat is dealt to and plays first. A player out
  of chips is passed over for the deal.
- **The dealer's play** is fixed by the rules, so the dealer's phone offers
  exactly the one move the rule allows (``hit`` below 17, else ``stand``);
  the dealer's down card is turned when their turn begins. When every player
  has bust the dealer does not play. **Soft 17**: the dealer stands on it
  (``hit_soft_17`` off, the default); on: the dealer hits a soft 17.
- **Naturals** (``naturals``, default off): the seed has none. A two-card
  21 is a 21 like any other, the dealer's included: it stands (21 may only
  stand), is paid 1:1, knocks with the dealer's 21, and the dealer's ace
  and ten end nothing: every player plays their hand first. On (a table
  rule): an ace and a ten-value card as the first two cards is a natural.
  A player's natural is shown at once, takes no more cards and is paid 3:2
  (rounded down) unless the dealer has one too (a knock). A dealer's
  natural is shown at once and wins every stake but a natural's, and the
  deal ends there.
- **21**: a player whose hand makes 21 may only stand.
- **Forfeits** (``forfeits``, default on): a player who loses a hand (bust or
  beaten) drinks 1; a dealer who busts drinks 1.
- **Cards**: one pack of 52, shuffled for every deal; two packs from twelve
  hands on (a hand never takes more than 30 in hard points, so eleven hands
  cannot use up the 340 points of one pack). At the next betting all of the
  last deal's hands stay shown on the table with their payouts.
- **The session**: ``rounds`` deals (default 5), or until only one player can
  still cover the minimum, or until the host ends it (``rounds.py``).
- **Absent phones** (``skip``): a player who has not bet sits the deal out; a
  player to play stands; a dealer to play makes the rule's move.
- **Leaving**: a player's stake goes back with them and their cards leave
  the table unseen; when the dealer leaves, the deal is called off (every
  stake back, not counted as a round) and the player on their left deals.
  **Joining**: a newcomer gets a starting stack and bets from the next
  betting on (at once when the table is betting).
- **Taking a move back** (``takes_back``, ``rounds.TwentyOne``): a ``bet``
  while the others are still betting: it shows no card and draws none.
  Not the bet that completes the betting (the cards are dealt at once),
  and no move after the deal: each draws a card, or hands the turn on to
  hands and a dealer whose cards are then turned.
"""

from __future__ import annotations

from typing import Any

from partyapp.games.kit.actions import spec
from partyapp.games.kit.cardgame import DEALER_LOT, flag
from partyapp.games.kit.cards import deal_order, hand_value, is_natural, make_shoe
from partyapp.games.kit.wording import N_
from partyapp.games.twentyone import rotation
from partyapp.games.twentyone.rounds import TwentyOne
from partyapp.games.twentyone.rules import SIT_OUT, STAND, Rules
from partyapp.games.twentyone.table import BET, BUST, DEALER, PLAY, DealerHand, Hand, Outcome, new_hand

STOOD, NATURAL = "stood", "natural"
# Named results of a player's stake, as ``chips.payout`` logs them.
WIN, LOSE, KNOCK = "win", "lose", "knock"
RESULTS = (WIN, NATURAL, KNOCK, LOSE, BUST)
HANDS_PER_PACK = 11


class BlackjackRules(Rules):
    """Home Blackjack's rule table: one hand a player, against a dealer who
    is a player; the dealer's turn is the last of the play (the view's
    ``phase`` stays ``play`` through it)."""

    BET_LOG, SIT_OUT_LOG = "blackjack.bet", "blackjack.sit_out"
    # An absent phone sits out, stands, or (the dealer) makes the one move offered.
    ABSENT = (SIT_OUT, STAND, {"type": "hit"})

    # -- who deals, and the deal ------------------------------------------------------------
    def next_dealer(self, t: Blackjack, able: list[str]) -> str:
        """The deal passes to the left (``rotate_dealer`` off: the dealer keeps it)."""
        return rotation.next_dealer(t, able, keep=not t.s.opts.rotate_dealer)

    def deal(self, t: Blackjack) -> None:
        """Two cards each round the table from the dealer's left, the dealer
        last; with ``naturals`` a natural is shown at once, and a dealer's
        ends the deal."""
        s = t.s
        dealer = s.dealer
        players = [p for p in s.bettors if p in t.ledger.boxes]
        t.ledger.new_round()
        t.restock(make_shoe(1 if len(players) + 1 <= HANDS_PER_PACK else 2))
        hands = {p: [new_hand()] for p in players}
        dealer_hand = DealerHand(player=dealer)
        for who in deal_order(players + [dealer], 2):
            (dealer_hand if who == dealer else hands[who][0]).cards.append(t.draw())
        s.phase, s.order, s.hands, s.dealer_hand, s.current = PLAY, list(players), hands, dealer_hand, None
        t.log("blackjack.deal", dealer=dealer, players=players)
        if s.opts.naturals:
            dealt = [(p, hands[p][0]) for p in players]
            if is_natural(dealer_hand.cards):
                for p, hand in dealt + [(dealer, dealer_hand)]:
                    if is_natural(hand.cards):
                        self._show(t, p, hand, "blackjack.natural")
                        hand.status = NATURAL
                t.settle()
                return
            for p, hand in dealt:
                if is_natural(hand.cards):
                    self._show(t, p, hand, "blackjack.natural")
                    hand.status = NATURAL
        t.advance()

    @staticmethod
    def _show(t: Blackjack, pid: str, hand: Hand | DealerHand, msg: str) -> None:
        hand.shown = True
        if msg == "blackjack.natural":
            t.log(msg, player=pid, cards=list(hand.cards))
        else:
            t.log(msg, player=pid, cards=list(hand.cards), total=hand_value(hand.cards).total)

    # -- the players' moves, and the dealer's -----------------------------------------------------
    def moves(self, t: Blackjack, pid: str) -> list[dict]:
        """A bet; hit or stand (on 21, stand only); the dealer's rule move."""
        s = t.s
        if s.phase == BET:
            return t.bet_moves(pid)
        if s.phase == DEALER:
            return [spec(self.dealer_move(t))] if pid == s.dealer else []
        turn = t.turn_of(pid)
        if turn is None:
            return []
        if hand_value(turn.hand.cards).total >= 21:
            return [spec("stand")]
        return [spec("hit"), spec("stand")]

    def dealer_plays(self, t: Blackjack) -> None:
        """The dealer turns the down card and plays on their phone; when
        every player is bust, the dealer does not play."""
        if not any(turn.hand.status == STOOD for turn in t.hands_in_play()):
            t.settle()
            return
        t.s.phase = DEALER
        self._show(t, t.s.dealer, t.s.dealer_hand, "blackjack.reveal")

    @staticmethod
    def dealer_move(t: Blackjack) -> str:
        """Hit on 16 or less (a soft 17 too with ``hit_soft_17``), else stand."""
        value = hand_value(t.s.dealer_hand.cards)
        must_hit = value.total < 17 or (value.total == 17 and value.soft and t.s.opts.hit_soft_17)
        return "hit" if must_hit else "stand"

    def _hand(self, t: Blackjack) -> Hand | DealerHand:
        """The hand to play: the dealer's while the dealer plays, else the hand in play."""
        return t.s.dealer_hand if t.dealer_playing() else t.playing().hand

    def do_hit(self, t: Blackjack, pid: str) -> None:
        """One more card, face up; over 21 is bust, shown at once."""
        hand = self._hand(t)
        card = t.draw()
        hand.cards.append(card)
        t.log("blackjack.hit", player=pid, card=card)
        if hand_value(hand.cards).total <= 21:
            return
        hand.status = BUST
        self._show(t, pid, hand, "blackjack.bust")
        self._next(t)

    def do_stand(self, t: Blackjack, pid: str) -> None:
        self._hand(t).status = STOOD
        t.log("blackjack.stand", player=pid)
        self._next(t)

    @staticmethod
    def _next(t: Blackjack) -> None:
        """A hand is done: the next one plays, or the dealer's done settles."""
        if t.dealer_playing():
            t.settle()
        else:
            t.advance()

    # -- settling -----------------------------------------------------------------------------
    def outcomes(self, t: Blackjack) -> list[Outcome]:
        """Every player's stake against the dealer's hand (a bust hand loses
        whatever the dealer does)."""
        s = t.s
        dealer_cards = s.dealer_hand.cards
        dealer_total = hand_value(dealer_cards).total
        dealer_natural = s.opts.naturals and is_natural(dealer_cards)
        out = []
        for turn in t.hands_in_play():
            result, gain = self._outcome(turn.hand, t.ledger.stake_of(turn.player), dealer_total, dealer_natural)
            out.append(Outcome(player=turn.player, box="bet", result=result, gain=gain))
        return out

    @staticmethod
    def _outcome(hand: Hand, stake: int, dealer_total: int, dealer_natural: bool) -> tuple[str, int]:
        if hand.status == BUST:
            return BUST, -stake
        if hand.status == NATURAL:
            return (KNOCK, 0) if dealer_natural else (NATURAL, stake * 3 // 2)
        total = hand_value(hand.cards).total
        if dealer_natural or (dealer_total <= 21 and total < dealer_total):
            return LOSE, -stake
        if dealer_total > 21 or total > dealer_total:
            return WIN, stake
        return KNOCK, 0

    def close_deal(self, t: Blackjack) -> None:
        """The dealer's gain is logged (every stake was settled against them
        just now: what the players lost, less what they won); a bust dealer
        drinks."""
        s = t.s
        t.log("blackjack.bank", player=s.dealer, amount=-sum(r.amount for r in t.ledger.payouts))
        if hand_value(s.dealer_hand.cards).total > 21:
            t.forfeit(s.dealer, "dealer_bust")

    # -- seats ---------------------------------------------------------------------------------
    def left(self, t: Blackjack, pid: str, dealer: bool) -> None:
        """A dealer leaving mid-deal takes the deal's cards off the table with it."""
        if dealer and t.in_deal():
            t.clear_table()

    # -- views -----------------------------------------------------------------------------------
    @staticmethod
    def _public_hand(hand: Hand | DealerHand) -> dict[str, Any]:
        cards = hand.cards
        if hand.shown:
            value = hand_value(cards)
            return {"cards": list(cards), "status": hand.status, "total": value.total, "soft": value.soft}
        return {"cards": [None] + cards[1:], "status": hand.status, "total": None, "soft": None}

    def view(self, t: Blackjack) -> dict:
        """Each player's one hand, the dealer's last (in ``order`` too); the
        dealer's turn is shown as the last of the play."""
        s = t.s
        hands = {p: self._public_hand(h[0]) for p, h in s.hands.items()}
        order = list(s.order)
        if s.dealer_hand is not None:
            hands[s.dealer_hand.player] = self._public_hand(s.dealer_hand)
            order.append(s.dealer_hand.player)
        return {"phase": PLAY if s.phase == DEALER else s.phase, "order": order, "hands": hands}

    def seat_view(self, t: Blackjack, pid: str) -> dict:
        cards = t.hand(pid)
        if not cards:
            return {"total": None}
        value = hand_value(cards)
        return {"total": {"total": value.total, "soft": value.soft}}


class Blackjack(TwentyOne):
    mode = "blackjack"
    title = N_("Blackjack")

    OPTIONS = {
        **TwentyOne.OPTIONS,
        "hit_soft_17": flag(False, "The dealer hits a soft 17 (off: stands on every 17)."),
        "naturals": flag(False, "An ace and a ten-value card first up is a natural: paid 3:2, "
                                "and a dealer's natural wins at once (off: a 21 like any other)."),
        "rotate_dealer": flag(True, "The deal passes to the left after every hand (off: one dealer)."),
    }
    DEAL_PASSES = True
    OPTION_DATA = ("deck", "dealer")
    TESTING_OPTIONS = ("deck", "dealer")
    MESSAGES = {
        **TwentyOne.MESSAGES,
        **DEALER_LOT,
        "blackjack.bet": ("player", "amount"),
        "blackjack.sit_out": ("player",),
        "blackjack.deal": ("dealer", "players"),
        "blackjack.natural": ("player", "cards"),
        "blackjack.hit": ("player", "card"),
        "blackjack.stand": ("player",),
        "blackjack.bust": ("player", "cards", "total"),
        "blackjack.reveal": ("player", "cards", "total"),
        "blackjack.bank": ("player", "amount"),
    }
    FORFEITS = {LOSE: 1, BUST: 1, "dealer_bust": 1}
    rules = BlackjackRules()

    @classmethod
    def upgrade(cls, state: dict, version: int) -> dict:
        """Version 1 kept the dealer's hand among the players' (last in
        ``order``), one hand a player, ``current`` a player id (the dealer's
        during their turn), no ``decided``."""
        state = super().upgrade(state, version)
        hands, order, dealer = dict(state.get("hands") or {}), list(state.get("order") or []), state.get("dealer")
        state["dealer_hand"] = {"player": order[-1], **hands.pop(order[-1])} if order else None
        state["order"] = order[:-1]
        state["hands"] = {p: [hand] for p, hand in hands.items()}
        current = state.get("current")
        if current is not None and current == dealer and state.get("phase") == PLAY:
            state["phase"], state["current"] = DEALER, None
        elif current is not None:
            state["current"] = {"player": current, "hand": 0}
        stakes = (state.get("ledger") or {}).get("stakes") or {}
        sat_out = state.get("sat_out") or []
        state["decided"] = [p for p in state.get("bettors") or [] if p in stakes or p in sat_out]
        return state
