"""Pontoon (mode ``pontoon``): "PONTOON / BLACKJACK / 21 / TWIST" of ``seeds/000``.

A player holds the bank; everybody else bets on beating the banker's hand.
The deal runs on the 21 family's round loop (``rounds.py``: the bets, the
turns, the banker's turn, settling, seats), driven by this module's rule
table (``PontoonRules``), which lists them all below.

The rules as the seed gives them
--------------------------------
- One pack of 52. Card values: ace 1 or 11 (whichever is better for the
  hand), K Q J 10 ten, the rest their pips.
- **The hands, best first** (``rank``): a *pontoon* (21 in two cards: an
  ace and a ten-point card); a *five card trick* (five cards totalling 21
  or less); 21 in three or four cards; then 20 or less, nearer 21 better.
  Over 21 is bust. The banker wins ties. The seed's example orders as it
  says: A-J > 7-3-4-2-2 > 9-8-4 > 9-A > 9-6-A.
- **The first banker** is whoever cuts the highest card: every player cuts
  (``pontoon.cut``, in seat order, the ace high, suits equal); players tied
  for the highest cut again; then the pack is shuffled. A staged deck
  (testing mode) deals that cut from its front, unless the testing option
  ``banker`` names the first banker: then nobody cuts (``pontoon.banker``
  with reason ``"staged"``) and the staged deck is dealt from the first
  deal on, so a staged deck with ``banker`` the last seat has the first
  seat play first, as PROTOCOL.md's staged decks do.
- **The deal**: the banker deals one card face down to each player from
  their left, themselves last. Every player but the banker looks at it and
  stakes between the table minimum and maximum (``min_bet``, ``max_bet``;
  everybody at once). Then a second card face down each. The banker does
  not look at their own cards until their turn.
- **The banker's pontoon** is shown at once and collects double the stake
  from every player; the deal ends there.
- **The players' turns**, from the banker's left, each hand in turn:
  ``declare`` a pontoon (the ace shown on the face-down ten); ``split`` two
  cards of equal rank (two queens, not a queen and a jack) for a second
  stake equal to the first (the pair shown, a card face down to each new
  hand at once; a new pair may be split again, up to four hands);
  ``buy {amount}`` a card face down when the total is below 21, adding to
  the stake from the first stake up to twice it for the third card, and
  for later cards from the first stake up to the amount added last;
  ``twist`` a card face up when the total is below 21, the stake unchanged
  (once twisted, a hand can only twist); ``stick`` with 15 to 21. A hand
  over 21 is bust: thrown in face up at once, the stake to the banker, the
  cards to the bottom of the pack. Five cards not over 21 are a five card
  trick and take no more. Split hands are played one after the other.
- **The banker's turn**: the banker's two cards are turned up; the banker
  twists cards face up one at a time and sticks whenever satisfied
  (``pontoon.paying``: a banker staying on 18 is "paying 19"). A bust
  banker pays every hand not bust; a banker staying on 21 or less with four
  cards or fewer pays hands higher than theirs and collects from the rest;
  a banker's five card trick pays pontoons only and collects double from
  everyone else. Pontoons and five card tricks are always paid double.
  When every player is bust the banker does not play.
- **The next deal**: when nobody had a pontoon the used cards go to the
  bottom of the pack and the next deal follows without a shuffle (the bust
  hands' cards went there first, as they were thrown in); after a pontoon
  the whole pack is shuffled.
- **The bank passes** to a player who made a pontoon in an unsplit hand
  (and the banker had none), the one nearest the banker's left when there
  are several. Between deals the banker may also ``sell {player, price}``
  the bank: the buyer ``accept``s (paying the price) or ``refuse``s.

Readings where the seed is open
-------------------------------
- Between deals the banker deals the next one (``deal``), or offers the
  bank for sale first, so the table sees the last deal's hands meanwhile.
- A pontoon may be stuck without declaring it (it still ranks as a
  pontoon); a split hand of an ace and a ten is a pontoon too (paid
  double), but only an unsplit one takes the bank.
- At the end of a deal every hand is shown on the table, the banker's
  too, named with the player who banked it (``banker_hand.player``) while
  the next banker deals or sells. A pontoon on the game's last deal wins
  double but passes the bank to nobody: the game ends with it.
- **Chips** (``rounds.py``): stakes between the table limits; a buy
  needs the chips to pay for it; a banker pays from their own stack,
  losers' stakes collected first, then the winners paid from the banker's
  left as far as the stack goes; a double loss takes the second stake from
  the player's stack as far as it goes. A banker who can no longer cover
  the minimum hands the bank to the left.
- **Forfeits** (``forfeits``, default on): losing a hand (beaten or bust)
  costs one drink, losing double (to the banker's pontoon or five card
  trick) two, and a bust banker drinks one.
- **The session**: ``rounds`` deals (default 5), or until one player alone
  has chips, or the host ends it.
- **Absent phones** (``skip``): the banker deals; a buyer refuses; a player
  who has not bet sits the deal out (their card goes to the bottom of the
  pack unseen); a player to play declares a pontoon, sticks on 15 or more,
  else twists; an absent banker twists below 17 and sticks on 17 or more.
- **Leaving**: a player's stakes go back with them and their cards to the
  bottom of the pack; when the banker leaves the deal is called off (every
  stake back) and the bank passes to their left. **Joining**: a newcomer
  gets a starting stack and is dealt in from the next deal.
- Should the pack run out in the middle of a deal (only with very many
  players), a second pack is shuffled in (logged ``pontoon.second_pack``;
  the table shows the packs in play, ``packs``). Its cards go under the
  pack with the others after the deal, so both packs stay in play until
  the next shuffle (after a pontoon) gathers the cards into one pack.
- **Taking a move back** (``takes_back``): a ``bet`` while others still bet
  (no card is dealt or drawn for it), as in home Blackjack.
"""

from __future__ import annotations

from typing import Any

from partyapp.games.kit.actions import int_range, one_of, spec
from partyapp.games.kit.cards import ACE_HIGH, hand_value, is_natural, make_deck, rank_index, rank_of, shuffled
from partyapp.games.kit.wording import N_
from partyapp.games.twentyone.rounds import TwentyOne
from partyapp.games.twentyone.rules import SIT_OUT, Rules
from partyapp.games.twentyone.table import (BET, BUST, PLAY, Cut, DealerHand, Hand, InPlay, Offer, Outcome,
                                            PontoonState, new_hand)

DEAL, BANKER = "deal", "banker"
STUCK, PONTOON, TRICK = "stuck", "pontoon", "trick"
# Named results of a stake, as ``chips.payout`` logs them.
WIN, LOSE = "win", "lose"
BANKER_PONTOON, BANKER_TRICK = "banker_pontoon", "banker_trick"
RESULTS = (WIN, PONTOON, TRICK, LOSE, BUST, BANKER_PONTOON, BANKER_TRICK)
MAX_HANDS = 4


def is_pontoon(cards: list[str]) -> bool:
    return is_natural(cards)  # 21 in two cards: an ace and a ten-point card


def rank(cards: list[str]) -> tuple[int, int]:
    """A hand's place in Pontoon's order, higher better: a pontoon, a five
    card trick, then the total (21 in three or four cards the best of
    those); bust (0, 0) lowest."""
    total = hand_value(cards).total
    if total > 21:
        return (0, 0)
    if is_pontoon(cards):
        return (3, 0)
    if len(cards) >= 5:
        return (2, 0)
    return (1, total)


class PontoonRules(Rules):
    """Pontoon's rule table: a banker who is a player, the bank cut for,
    sold and passed on a pontoon; the first card before the bets."""

    BET_LOG, SIT_OUT_LOG = "pontoon.bet", "pontoon.sit_out"
    DEALER_PHASE, DEAL_PHASES = BANKER, (BET, PLAY, BANKER)  # the first card comes before the bets
    DEALER_SEES = False  # the banker looks at their own cards on their turn
    BUST_THROWN_IN = True  # a bust hand's cards go under the pack at once
    ABSENT = ({"type": "declare"}, {"type": "stick"}, {"type": "twist"}, {"type": "deal"}, {"type": "refuse"})

    # -- the bank ------------------------------------------------------------------------------
    def next_dealer(self, t: Pontoon, able: list[str]) -> str:
        """The first banker cuts for (or is named in testing mode); a
        player's pontoon takes the bank; a banker out of chips hands it to
        the left."""
        s = t.s
        banker, reason = s.dealer, "left" if s.dealer_left else None
        if s.bank_to:  # a player's pontoon took the bank in the last deal
            banker, reason = s.bank_to, "pontoon"
        if banker is None:
            s.cuts, s.hands, s.order, s.dealer_hand, s.shuffle, s.offer = [], {}, [], None, True, None
            first, s.first_dealer = s.first_dealer, None
            if first in able:
                banker, reason = first, "staged"
            else:
                banker, reason = self._cut_for_bank(t, able), "cut"
        elif banker not in able:
            # out of chips: the bank passes to the left
            banker, reason = t.left_of(banker, able), reason or "chips"
        if reason:
            t.log("pontoon.banker", player=banker, reason=reason)
        return banker

    def _cut_for_bank(self, t: Pontoon, able: list[str]) -> str:
        """Everybody cuts; the highest card takes the bank, ties cut again."""
        self._new_pack(t)
        cutting = list(able)
        while True:
            cuts = [(p, self._card(t)) for p in cutting]
            for p, card in cuts:
                t.log("pontoon.cut", player=p, card=card)
            best = max(rank_index(c, ACE_HIGH) for _, c in cuts)
            cutting = [p for p, c in cuts if rank_index(c, ACE_HIGH) == best]
            t.s.cuts = [Cut(player=p, card=c) for p, c in cuts]
            if len(cutting) == 1:
                return cutting[0]

    def open_deal(self, t: Pontoon) -> None:
        """The banker deals, or offers the bank for sale first."""
        t.s.phase, t.s.bank_to, t.s.offer = DEAL, None, None

    def do_sell(self, t: Pontoon, pid: str, player: str, price: int) -> None:
        t.s.offer = Offer(player=player, price=price)
        t.log("pontoon.offer", player=pid, buyer=player, price=price)

    def do_accept(self, t: Pontoon, pid: str) -> None:
        """The buyer pays the price and holds the bank."""
        s = t.s
        price, old = s.offer.price, s.dealer
        t.ledger.transfer(pid, old, price)
        s.dealer, s.offer = pid, None
        t.log("pontoon.sold", player=old, buyer=pid, price=price)
        t.log("pontoon.banker", player=pid, reason="sold")

    def do_refuse(self, t: Pontoon, pid: str) -> None:
        t.s.offer = None
        t.log("pontoon.refuse", player=pid)

    # -- the deal ----------------------------------------------------------------------------------
    @staticmethod
    def _new_pack(t: Pontoon) -> None:
        """Every card gathered into one pack, shuffled."""
        t.restock(make_deck())
        t.s.packs = 1

    @staticmethod
    def _card(t: Pontoon) -> str:
        """The top card of the pack; when the pack has run out, a second
        pack is shuffled in first."""
        s = t.s
        if not s.stock:
            s.stock = shuffled(make_deck(), t.random())
            s.packs += 1
            t.log("pontoon.second_pack", packs=s.packs)
        return t.draw()

    def discard(self, t: Pontoon, cards: list[str]) -> None:
        """Used cards go under the pack, the first of them to be dealt first."""
        t.s.stock[0:0] = reversed(cards)

    def do_deal(self, t: Pontoon, pid: str) -> None:
        """One card face down to each player from the banker's left, the
        banker last (the pack shuffled first after a pontoon); then the bets."""
        s = t.s
        ledger = t.ledger
        ledger.new_round()
        if s.shuffle:
            self._new_pack(t)
            t.log("pontoon.shuffle")
        players = t.dealt_in(pid, t.able())
        s.phase, s.order, s.bettors, s.dealer_hand = BET, players, list(players), DealerHand(player=pid)
        s.hands = {p: [new_hand()] for p in players}
        s.shuffle, s.bank_before, s.current, s.offer, s.cuts = False, ledger.chips(pid), None, None, []
        for p in players:
            self._give(t, s.hands[p][0], up=False)
        s.dealer_hand.cards.append(self._card(t))
        t.log("pontoon.deal", player=pid, players=players)

    def _give(self, t: Pontoon, hand: Hand, *, up: bool) -> str:
        card = self._card(t)
        hand.cards.append(card)
        hand.up.append(up)
        return card

    def do_bet(self, t: Pontoon, pid: str, amount: int) -> None:
        """The bet is the hand's first stake."""
        hand = t.s.hands[pid][0]
        hand.bet = hand.stake = amount
        t.bet(pid, amount)

    def do_sit_out(self, t: Pontoon, pid: str) -> None:
        """(An absent phone only.) The card goes to the bottom of the pack unseen."""
        s = t.s
        s.order.remove(pid)
        self.discard(t, s.hands.pop(pid)[0].cards)
        t.sit_out(pid)

    def deal(self, t: Pontoon) -> None:
        """The second card face down each; the banker's pontoon settles the deal at once."""
        s = t.s
        for p in s.order:
            self._give(t, s.hands[p][0], up=False)
        banker = s.dealer_hand
        banker.cards.append(self._card(t))
        if is_pontoon(banker.cards):
            banker.shown, banker.status = True, PONTOON
            t.log("pontoon.banker_pontoon", player=s.dealer, cards=list(banker.cards))
            t.settle()
            return
        s.phase = PLAY
        t.advance()

    # -- moves ---------------------------------------------------------------------------------------
    def moves(self, t: Pontoon, pid: str) -> list[dict]:
        """The banker's deal or sale and the buyer's answer; a bet (everybody
        dealt in bets); the hand's moves; the banker's twist and stick."""
        s = t.s
        if s.phase == DEAL:
            return self._bank_moves(t, pid)
        if s.phase == BET:
            return [spec("bet", amount=int_range(*t.ledger.bet_limits(pid)))] if pid in t.undecided() else []
        if s.phase == BANKER:
            if pid != s.dealer:
                return []
            return [spec("twist"), spec("stick")] if hand_value(s.dealer_hand.cards).total < 21 else [spec("stick")]
        turn = t.turn_of(pid)
        return [] if turn is None else self._hand_moves(t, turn)

    @staticmethod
    def _bank_moves(t: Pontoon, pid: str) -> list[dict]:
        """Between deals the banker deals or offers the bank to a player with
        chips, who accepts (when they can pay) or refuses."""
        s, chips = t.s, t.ledger.chips
        if s.offer:
            if pid != s.offer.player:
                return []
            return ([spec("accept")] if chips(pid) >= s.offer.price else []) + [spec("refuse")]
        if pid != s.dealer:
            return []
        buyers = [p for p in s.seats if p != pid and chips(p) > 0]
        acts = [spec("deal")]
        if buyers:
            acts.append(spec("sell", player=one_of(buyers), price=int_range(1, max(chips(p) for p in buyers))))
        return acts

    def _hand_moves(self, t: Pontoon, turn: InPlay) -> list[dict]:
        """Declare a pontoon; split a pair of one rank; below 21 buy or
        twist; stick on 15 or more."""
        hand = turn.hand
        cards = hand.cards
        total = hand_value(cards).total
        acts = []
        if is_pontoon(cards):
            acts.append(spec("declare"))
        if (len(cards) == 2 and rank_of(cards[0]) == rank_of(cards[1]) and not hand.bought and not hand.twisted
                and len(t.s.hands[turn.player]) < MAX_HANDS and t.ledger.chips(turn.player) >= hand.bet):
            acts.append(spec("split"))
        if total < 21:
            amounts = self._buy_range(t, turn)
            if amounts:
                acts.append(spec("buy", amount=int_range(*amounts)))
            acts.append(spec("twist"))
        if total >= 15:
            acts.append(spec("stick"))
        return acts

    @staticmethod
    def _buy_range(t: Pontoon, turn: InPlay) -> tuple[int, int] | None:
        """From the first stake up to twice it for the third card, for later
        cards up to the amount added last (not once twisted)."""
        hand = turn.hand
        if hand.twisted:
            return None
        most = min(hand.bought or 2 * hand.bet, t.ledger.chips(turn.player))
        return (hand.bet, most) if most >= hand.bet else None

    def absent(self, t: Pontoon, pid: str) -> dict | None:
        """An absent bettor sits out (a move only an absent phone makes); an
        absent banker twists below 17 and sticks on 17 or more."""
        s = t.s
        if s.phase == BET:
            return dict(SIT_OUT) if pid in t.undecided() else None
        if t.dealer_playing():
            total = hand_value(s.dealer_hand.cards).total
            return {"type": "twist" if total < 17 else "stick"} if pid == s.dealer else None
        return super().absent(t, pid)

    def do_declare(self, t: Pontoon, pid: str) -> None:
        """The ace shown on the face-down ten."""
        turn = t.playing()
        hand = turn.hand
        hand.status = PONTOON
        hand.up = [rank_of(c) == "A" for c in hand.cards]
        ace = next(c for c in hand.cards if rank_of(c) == "A")
        t.log("pontoon.declare", player=pid, hand=turn.index, card=ace)
        t.advance()

    def do_split(self, t: Pontoon, pid: str) -> None:
        """The pair shown, a second stake equal to the first, a card face down to each hand."""
        turn = t.playing()
        hand, i = turn.hand, turn.index
        hands = t.s.hands[pid]
        box = f"split{len(hands)}"
        t.ledger.stake(pid, hand.bet, box)
        second = hand.cards.pop()
        hand.up = [True]
        hand.split = True
        hands.insert(i + 1, new_hand(box, [second], hand.bet, split=True, up=[True]))
        t.log("pontoon.split", player=pid, hand=i, cards=[hand.cards[0], second])
        self._give(t, hand, up=False)
        self._give(t, hands[i + 1], up=False)

    def do_buy(self, t: Pontoon, pid: str, amount: int) -> None:
        """A card face down, the stake raised by ``amount``."""
        turn = t.playing()
        t.ledger.stake(pid, amount, turn.hand.box)
        turn.hand.stake += amount
        turn.hand.bought = amount
        self._give(t, turn.hand, up=False)
        t.log("pontoon.buy", player=pid, hand=turn.index, amount=amount)
        self._after_card(t, turn)

    def do_twist(self, t: Pontoon, pid: str) -> None:
        """A card face up, the stake unchanged (then only twists); the banker's twist."""
        if t.dealer_playing():
            self._banker_card(t)
            return
        turn = t.playing()
        turn.hand.twisted = True
        card = self._give(t, turn.hand, up=True)
        t.log("pontoon.twist", player=pid, hand=turn.index, card=card)
        self._after_card(t, turn)

    def _after_card(self, t: Pontoon, turn: InPlay) -> None:
        """Over 21: bust, thrown in face up at once, the stake to the banker,
        the cards under the pack; five cards: a five card trick, no more."""
        hand = turn.hand
        total = hand_value(hand.cards).total
        if total > 21:
            hand.status, hand.shown = BUST, True
            t.log("pontoon.bust", player=turn.player, hand=turn.index, cards=list(hand.cards), total=total)
            t.pay_hand(turn.player, hand, BUST, -hand.stake)
            self.discard(t, hand.cards)
        elif len(hand.cards) == 5:
            hand.status = TRICK
            t.log("pontoon.trick", player=turn.player, hand=turn.index)
        else:
            return
        t.advance()

    def do_stick(self, t: Pontoon, pid: str) -> None:
        """Stay on 15 to 21; the banker stays, "paying" one more."""
        if t.dealer_playing():
            banker = t.s.dealer_hand
            banker.status = STUCK
            total = hand_value(banker.cards).total
            t.log("pontoon.paying", player=pid, total=total, paying=total + 1 if total < 21 else None)
            t.settle()
            return
        turn = t.playing()
        turn.hand.status = STUCK
        t.log("pontoon.stick", player=pid, hand=turn.index)
        t.advance()

    # -- the banker's turn ---------------------------------------------------------------------------
    def dealer_plays(self, t: Pontoon) -> None:
        """The banker's cards are turned up and the banker plays; when every
        player is bust the banker does not play."""
        s = t.s
        if all(turn.hand.status == BUST for turn in t.hands_in_play()):
            t.settle()
            return
        banker = s.dealer_hand
        banker.shown = True
        s.phase = BANKER
        t.log("pontoon.banker_shows", player=s.dealer, cards=list(banker.cards), total=hand_value(banker.cards).total)

    def _banker_card(self, t: Pontoon) -> None:
        """The banker twists: bust, or a five card trick, ends the banker's turn."""
        s = t.s
        banker = s.dealer_hand
        card = self._card(t)
        banker.cards.append(card)
        total = hand_value(banker.cards).total
        t.log("pontoon.banker_twist", player=s.dealer, card=card, total=total)
        if total > 21:
            banker.status = BUST
            t.log("pontoon.banker_bust", player=s.dealer, cards=list(banker.cards), total=total)
            t.forfeit(s.dealer, "banker_bust")
            t.settle()
        elif len(banker.cards) == 5:
            banker.status = TRICK
            t.log("pontoon.banker_trick", player=s.dealer, cards=list(banker.cards))
            t.settle()

    # -- settling --------------------------------------------------------------------------------------
    def outcomes(self, t: Pontoon) -> list[Outcome]:
        """Each hand not bust against the banker's final hand."""
        banker = t.s.dealer_hand
        return [self._outcome(turn, banker) for turn in t.hands_in_play() if turn.hand.result is None]

    @staticmethod
    def _outcome(turn: InPlay, banker: DealerHand) -> Outcome:
        """The banker's pontoon collects double; the banker's five card trick
        pays pontoons double and collects double from the rest; else a
        better hand than the banker's (a bust banker: any) wins, pontoons
        and five card tricks double, and the banker wins ties."""
        hand = turn.hand
        stake, mine = hand.stake, rank(hand.cards)
        if banker.status == PONTOON:
            result, gain = BANKER_PONTOON, -2 * stake
        elif banker.status == TRICK:
            result, gain = (PONTOON, 2 * stake) if mine[0] == 3 else (BANKER_TRICK, -2 * stake)
        elif banker.status == BUST or mine > rank(banker.cards):
            # a pontoon or a five card trick wins double
            result, gain = (PONTOON if mine[0] == 3 else TRICK, 2 * stake) if mine[0] >= 2 else (WIN, stake)
        else:
            result, gain = LOSE, -stake
        return Outcome(player=turn.player, box=hand.box, result=result, gain=gain, hand=hand)

    def close_deal(self, t: Pontoon) -> None:
        """The banker's gain is logged. Without a pontoon the used cards go
        under the pack; after one the pack is shuffled, and a player's
        unsplit pontoon (the banker had none) takes the bank, the one
        nearest the banker's left first."""
        s = t.s
        banker = s.dealer_hand
        t.log("pontoon.bank", player=s.dealer, amount=t.ledger.chips(s.dealer) - s.bank_before)
        pontoons = [turn.player for turn in t.hands_in_play() if rank(turn.hand.cards)[0] == 3]
        s.shuffle = bool(pontoons) or banker.status == PONTOON
        if not s.shuffle:
            self.discard(t, t.table_cards())
        elif banker.status != PONTOON:
            unsplit = [p for p in pontoons if len(s.hands[p]) == 1]
            if unsplit:  # the bank passes when the next deal begins, if there is one
                s.bank_to = unsplit[0]

    # -- seats, views ---------------------------------------------------------------------------------
    def left(self, t: Pontoon, pid: str, dealer: bool) -> None:
        """An offer to or from the leaver lapses. A banker leaving takes the
        deal's cards under the pack; the new banker deals or sells next."""
        s = t.s
        if s.offer and (dealer or pid == s.offer.player):
            s.offer = None
        if dealer:
            if t.in_deal():
                t.clear_table()
            s.phase = DEAL

    def view(self, t: Pontoon) -> dict:
        """Cards face down as None, a total once every card is shown."""
        s = t.s
        banker = s.dealer_hand
        shown = banker is not None and banker.shown
        value = hand_value(banker.cards) if shown else None
        return {
            "piles": {"pack": len(s.stock)},
            "packs": s.packs,
            "banker": s.dealer,
            "cuts": [{"player": c.player, "card": c.card} for c in s.cuts],
            "hands": {p: [self._hand_view(h) for h in hands] for p, hands in s.hands.items()},
            "banker_hand": None if banker is None else {
                "player": banker.player, "cards": list(banker.cards) if shown else [None] * len(banker.cards),
                "status": banker.status, "total": value.total if shown else None,
                "soft": value.soft if shown else None},
            "current": t.current_view(),
            "offer": {"player": s.offer.player, "price": s.offer.price} if s.offer and not s.over else None,
            "shuffle_next": s.shuffle,
        }

    @staticmethod
    def _hand_view(hand: Hand) -> dict[str, Any]:
        value = hand_value(hand.cards) if hand.shown else None
        return {"box": hand.box, "cards": [c if hand.shown or up else None for c, up in zip(hand.cards, hand.up)],
                "status": hand.status, "bet": hand.bet, "stake": hand.stake, "split": hand.split,
                "twisted": hand.twisted, "result": hand.result, "amount": hand.amount,
                "total": value.total if value else None, "soft": value.soft if value else None}

    def seat_view(self, t: Pontoon, pid: str) -> dict:
        hands = []
        for hand in t.s.hands.get(pid, ()):
            value = hand_value(hand.cards)
            hands.append({"cards": list(hand.cards), "total": value.total, "soft": value.soft,
                          "rank": list(rank(hand.cards))})
        return {"hands": hands}


class Pontoon(TwentyOne):
    mode = "pontoon"
    title = N_("Pontoon")

    MESSAGES = {
        **TwentyOne.MESSAGES,
        "pontoon.cut": ("player", "card"), "pontoon.banker": ("player", "reason"),
        "pontoon.offer": ("player", "buyer", "price"), "pontoon.refuse": ("player",),
        "pontoon.sold": ("player", "buyer", "price"), "pontoon.shuffle": (),
        "pontoon.deal": ("player", "players"), "pontoon.bet": ("player", "amount"),
        "pontoon.sit_out": ("player",), "pontoon.banker_pontoon": ("player", "cards"),
        "pontoon.declare": ("player", "hand", "card"), "pontoon.split": ("player", "hand", "cards"),
        "pontoon.buy": ("player", "hand", "amount"), "pontoon.twist": ("player", "hand", "card"),
        "pontoon.stick": ("player", "hand"), "pontoon.bust": ("player", "hand", "cards", "total"),
        "pontoon.trick": ("player", "hand"), "pontoon.banker_shows": ("player", "cards", "total"),
        "pontoon.banker_twist": ("player", "card", "total"), "pontoon.paying": ("player", "total", "paying"),
        "pontoon.banker_trick": ("player", "cards"), "pontoon.banker_bust": ("player", "cards", "total"),
        "pontoon.bank": ("player", "amount"), "pontoon.second_pack": ("packs",),
    }
    FORFEITS = {LOSE: 1, BUST: 1, BANKER_PONTOON: 2, BANKER_TRICK: 2, "banker_bust": 1}
    # Testing mode may name the first banker (no cut then).
    OPTION_DATA = ("deck", "banker")
    TESTING_OPTIONS = ("deck", "banker")
    State = PontoonState
    rules = PontoonRules()

    @classmethod
    def check_data(cls, name: str, value: Any) -> Any:
        """``banker``: the first banker's player id (testing mode); else the staged deck."""
        if name == "banker":
            if not isinstance(value, str) or not 0 < len(value) <= 64:
                raise ValueError("banker must be a player id.")
            return value
        return super().check_data(name, value)

    @classmethod
    def upgrade(cls, state: dict, version: int) -> dict:
        """Version 1 said ``banker`` for the dealer, its bettors were ``order``."""
        state["dealer"] = state.pop("banker", None)
        state["dealer_hand"] = state.pop("banker_hand", None)
        state["dealer_left"] = state.pop("banker_reason", None) == "left"
        state["first_dealer"] = state.pop("first_banker", None)
        state["bettors"] = list(state.get("order") or [])
        return super().upgrade(state, version)
