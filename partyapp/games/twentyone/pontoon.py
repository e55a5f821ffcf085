"""Pontoon (mode ``pontoon``): "PONTOON / BLACKJACK / 21 / TWIST" of ``seeds/000``.

A player holds the bank; everybody else bets on beating the banker's hand.
The deal runs on the 21 family's round loop (``rounds.py``: the bets, the
turns, the banker's turn, settling, seats); this module holds Pontoon's own
rules, and lists them all below.

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
- **Chips** (``BettingGame``): stakes between the table limits; a buy
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
  players), a second pack is shuffled in.
"""

from __future__ import annotations

from typing import Any

from partyapp.games.kit.actions import int_range, one_of, spec
from partyapp.games.kit.cards import ACE_HIGH, hand_value, is_natural, make_deck, rank_index, rank_of, shuffled
from partyapp.games.kit.wording import N_
from partyapp.games.twentyone.rounds import BET, LIVE, PLAY, TwentyOneGame

DEAL, BANKER = "deal", "banker"
STUCK, BUST, PONTOON, TRICK = "stuck", "bust", "pontoon", "trick"
# Named results of a stake, as ``chips.payout`` logs them.
WIN, LOSE = "win", "lose"
BANKER_PONTOON, BANKER_TRICK = "banker_pontoon", "banker_trick"
RESULTS = (WIN, PONTOON, TRICK, LOSE, BUST, BANKER_PONTOON, BANKER_TRICK)
MAX_HANDS = 4


def is_pontoon(cards: list[str]) -> bool:
    """21 in two cards: an ace and a ten-point card."""
    return is_natural(cards)


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


def new_hand(box: str, cards: list[str], up: list[bool], bet: int, *, split: bool = False) -> dict:
    return {"box": box, "cards": cards, "up": up, "status": LIVE, "bet": bet, "stake": bet, "bought": 0,
            "twisted": False, "split": split, "shown": False, "result": None, "amount": None}


class Pontoon(TwentyOneGame):
    mode = "pontoon"
    title = N_("Pontoon")
    min_players = 2
    max_players = 16

    MESSAGES = {
        **TwentyOneGame.MESSAGES,
        "pontoon.cut": ("player", "card"),
        "pontoon.banker": ("player", "reason"),
        "pontoon.offer": ("player", "buyer", "price"),
        "pontoon.refuse": ("player",),
        "pontoon.sold": ("player", "buyer", "price"),
        "pontoon.shuffle": (),
        "pontoon.deal": ("player", "players"),
        "pontoon.bet": ("player", "amount"),
        "pontoon.sit_out": ("player",),
        "pontoon.banker_pontoon": ("player", "cards"),
        "pontoon.declare": ("player", "hand", "card"),
        "pontoon.split": ("player", "hand", "cards"),
        "pontoon.buy": ("player", "hand", "amount"),
        "pontoon.twist": ("player", "hand", "card"),
        "pontoon.stick": ("player", "hand"),
        "pontoon.bust": ("player", "hand", "cards", "total"),
        "pontoon.trick": ("player", "hand"),
        "pontoon.banker_shows": ("player", "cards", "total"),
        "pontoon.banker_twist": ("player", "card", "total"),
        "pontoon.paying": ("player", "total", "paying"),
        "pontoon.banker_trick": ("player", "cards"),
        "pontoon.banker_bust": ("player", "cards", "total"),
        "pontoon.bank": ("player", "amount"),
    }
    FORFEITS = {LOSE: 1, BUST: 1, BANKER_PONTOON: 2, BANKER_TRICK: 2, "banker_bust": 1}
    BET_LOG, SIT_OUT_LOG = "pontoon.bet", "pontoon.sit_out"
    # Testing mode may name the first banker (no cut then).
    OPTION_DATA = ("deck", "banker")
    TESTING_OPTIONS = ("deck", "banker")
    # The banker deals (or sells the bank) before the bets, which come after
    # the first card: this deal's cards are on the table from the bets on.
    DEALER_KEY, DEALER_HAND, DEALER_PHASE = "banker", "banker_hand", BANKER
    DEAL_PHASES = (BET, PLAY, BANKER)

    # -- the bank ------------------------------------------------------------------------------
    @classmethod
    def check_data(cls, name: str, value: Any) -> Any:
        """``banker``: the player id of the first banker (testing mode), else
        the staged deck."""
        if name == "banker":
            if not isinstance(value, str) or not 0 < len(value) <= 64:
                raise ValueError("banker must be a player id.")
            return value
        return super().check_data(name, value)

    def setup(self) -> None:
        given = self.s["opts"].pop("banker", None)
        self.s["first_banker"] = given if given in self.s["seats"] else None
        super().setup()

    def _cut_for_bank(self, able: list[str]) -> str:
        """Everybody cuts; the highest card takes the bank, ties cut again."""
        self.restock(make_deck())
        cutting = list(able)
        while True:
            cuts = [(p, self._card()) for p in cutting]
            for p, card in cuts:
                self.log("pontoon.cut", player=p, card=card)
            best = max(rank_index(c, ACE_HIGH) for _, c in cuts)
            cutting = [p for p, c in cuts if rank_index(c, ACE_HIGH) == best]
            self.s["cuts"] = [{"player": p, "card": c} for p, c in cuts]
            if len(cutting) == 1:
                return cutting[0]

    def next_dealer(self, able: list[str]) -> str:
        s = self.s
        banker, reason = s.get("banker"), s.get("banker_reason")
        if s.get("bank_to"):  # a player's pontoon took the bank in the last deal
            banker, reason = s["bank_to"], "pontoon"
        if banker is None:
            s.update(cuts=[], hands={}, order=[], banker_hand=None, shuffle=True, offer=None)
            first = s.pop("first_banker", None)
            if first in able:
                banker, reason = first, "staged"
            else:
                banker, reason = self._cut_for_bank(able), "cut"
        elif banker not in able:
            # out of chips: the bank passes to the left
            banker, reason = self.left_of(banker, able), reason or "chips"
        if reason:
            self.log("pontoon.banker", player=banker, reason=reason)
        return banker

    def open_round(self, dealer: str | None, able: list[str]) -> None:
        self.s.update(phase=DEAL, banker_reason=None, bank_to=None, offer=None, decided=[])

    def end(self, reason: str) -> None:
        self.s["bank_to"] = None  # no next deal: the bank passes to nobody
        super().end(reason)

    def do_sell(self, pid: str, player: str, price: int) -> None:
        self.s["offer"] = {"player": player, "price": price}
        self.log("pontoon.offer", player=pid, buyer=player, price=price)

    def do_accept(self, pid: str) -> None:
        s = self.s
        price = s["offer"]["price"]
        old = s["banker"]
        self.ledger.transfer(pid, old, price)
        s.update(banker=pid, offer=None)
        self.log("pontoon.sold", player=old, buyer=pid, price=price)
        self.log("pontoon.banker", player=pid, reason="sold")

    def do_refuse(self, pid: str) -> None:
        self.s["offer"] = None
        self.log("pontoon.refuse", player=pid)

    # -- the deal ----------------------------------------------------------------------------------
    def _card(self) -> str:
        s = self.s
        if not s["stock"]:
            s["stock"] = shuffled(make_deck(), self.random())
        return self.draw()

    def discard(self, cards: list[str]) -> None:
        """Used cards go under the pack, the first of them to be dealt first."""
        self.s["stock"][0:0] = reversed(cards)

    def on_table(self, hand: dict) -> bool:
        """A bust hand went under the pack at once."""
        return hand["status"] != BUST

    def do_deal(self, pid: str) -> None:
        s = self.s
        ledger = self.ledger
        ledger.new_round()
        if s["shuffle"]:
            self.restock(make_deck())
            self.log("pontoon.shuffle")
        players = self.dealt_in(pid, self.able())
        hands = {p: [new_hand("bet", [], [], 0)] for p in players}
        banker_hand = {"player": pid, "cards": [], "shown": False, "status": LIVE}
        s.update(phase=BET, order=players, hands=hands, banker_hand=banker_hand, shuffle=False,
                 bank_before=ledger.chips(pid), current=None, offer=None, cuts=[])
        for p in players:
            self._give(p, 0, up=False)
        banker_hand["cards"].append(self._card())
        self.log("pontoon.deal", player=pid, players=players)

    def _give(self, pid: str, i: int, *, up: bool) -> str:
        hand = self.s["hands"][pid][i]
        card = self._card()
        hand["cards"].append(card)
        hand["up"].append(up)
        return card

    def bettors(self) -> list[str]:
        """The players dealt their first card (who have not sat out)."""
        return self.s["order"]

    def bet_actions(self, pid: str) -> list[dict]:
        """Everybody dealt in bets (sitting out is only for an absent phone)."""
        return [spec("bet", amount=int_range(*self.ledger.bet_limits(pid)))]

    def do_bet(self, pid: str, amount: int) -> None:
        hand = self.s["hands"][pid][0]
        hand["bet"] = hand["stake"] = amount
        super().do_bet(pid, amount)

    def do_sit_out(self, pid: str) -> None:
        """The card goes to the bottom of the pack unseen."""
        s = self.s
        s["order"].remove(pid)
        self.discard(s["hands"].pop(pid)[0]["cards"])
        super().do_sit_out(pid)

    def start_play(self) -> None:
        """The second card face down each; the banker's pontoon settles the deal at once."""
        s = self.s
        for p in s["order"]:
            self._give(p, 0, up=False)
        banker = s["banker_hand"]
        banker["cards"].append(self._card())
        if is_pontoon(banker["cards"]):
            banker.update(shown=True, status=PONTOON)
            self.log("pontoon.banker_pontoon", player=s["banker"], cards=list(banker["cards"]))
            self.settle()
            return
        s["phase"] = PLAY
        self.advance()

    # -- the players' turns ----------------------------------------------------------------------------
    def _buy_range(self, pid: str, hand: dict) -> tuple[int, int] | None:
        if hand["twisted"]:
            return None
        most = min(hand["bought"] or 2 * hand["bet"], self.ledger.chips(pid))
        return (hand["bet"], most) if most >= hand["bet"] else None

    def _may_split(self, pid: str, hand: dict) -> bool:
        cards = hand["cards"]
        return (len(cards) == 2 and rank_of(cards[0]) == rank_of(cards[1]) and not hand["bought"]
                and not hand["twisted"] and len(self.s["hands"][pid]) < MAX_HANDS
                and self.ledger.chips(pid) >= hand["bet"])

    def hand_actions(self, pid: str, i: int) -> list[dict]:
        hand = self.s["hands"][pid][i]
        cards = hand["cards"]
        total = hand_value(cards).total
        acts = []
        if is_pontoon(cards):
            acts.append(spec("declare"))
        if self._may_split(pid, hand):
            acts.append(spec("split"))
        if total < 21:
            amounts = self._buy_range(pid, hand)
            if amounts:
                acts.append(spec("buy", amount=int_range(*amounts)))
            acts.append(spec("twist"))
        if total >= 15:
            acts.append(spec("stick"))
        return acts

    def hand_default(self, pid: str, i: int) -> dict | None:
        """An absent phone declares a pontoon, sticks on 15 or more, else twists."""
        types = [a["type"] for a in self.hand_actions(pid, i)]
        for move in ("declare", "stick", "twist"):
            if move in types:
                return {"type": move}
        return None

    def do_declare(self, pid: str) -> None:
        _, i, hand = self.playing()
        hand["status"] = PONTOON
        hand["up"] = [rank_of(c) == "A" for c in hand["cards"]]
        ace = next(c for c in hand["cards"] if rank_of(c) == "A")
        self.log("pontoon.declare", player=pid, hand=i, card=ace)
        self.advance()

    def do_split(self, pid: str) -> None:
        s = self.s
        _, i, hand = self.playing()
        hands = s["hands"][pid]
        box = f"split{len(hands)}"
        self.ledger.stake(pid, hand["bet"], box)
        second = hand["cards"].pop()
        hand["up"] = [True]
        hand["split"] = True
        hands.insert(i + 1, new_hand(box, [second], [True], hand["bet"], split=True))
        self.log("pontoon.split", player=pid, hand=i, cards=[hand["cards"][0], second])
        self._give(pid, i, up=False)
        self._give(pid, i + 1, up=False)

    def do_buy(self, pid: str, amount: int) -> None:
        _, i, hand = self.playing()
        self.ledger.stake(pid, amount, hand["box"])
        hand["stake"] += amount
        hand["bought"] = amount
        self._give(pid, i, up=False)
        self.log("pontoon.buy", player=pid, hand=i, amount=amount)
        self._after_card(pid, i)

    def do_twist(self, pid: str) -> None:
        if self.dealer_playing():
            self._banker_twist()
            return
        _, i, hand = self.playing()
        hand["twisted"] = True
        card = self._give(pid, i, up=True)
        self.log("pontoon.twist", player=pid, hand=i, card=card)
        self._after_card(pid, i)

    def _after_card(self, pid: str, i: int) -> None:
        s = self.s
        hand = s["hands"][pid][i]
        total = hand_value(hand["cards"]).total
        if total > 21:
            hand.update(status=BUST, shown=True)
            self.log("pontoon.bust", player=pid, hand=i, cards=list(hand["cards"]), total=total)
            self.pay_hand(pid, hand, BUST, -hand["stake"])
            self.discard(hand["cards"])
        elif len(hand["cards"]) == 5:
            hand["status"] = TRICK
            self.log("pontoon.trick", player=pid, hand=i)
        else:
            return
        self.advance()

    def do_stick(self, pid: str) -> None:
        if self.dealer_playing():
            self._banker_stick()
            return
        _, i, hand = self.playing()
        hand["status"] = STUCK
        self.log("pontoon.stick", player=pid, hand=i)
        self.advance()

    # -- the banker's turn ---------------------------------------------------------------------------------
    def dealer_needed(self) -> bool:
        """When every player is bust the banker does not play."""
        return not all(hand["status"] == BUST for _, _, hand in self.hands_in_play())

    def dealer_plays(self) -> None:
        s = self.s
        banker = s["banker_hand"]
        banker["shown"] = True
        s["phase"] = BANKER
        self.log("pontoon.banker_shows", player=s["banker"], cards=list(banker["cards"]),
                 total=hand_value(banker["cards"]).total)

    def dealer_actions(self) -> list[dict]:
        """The banker twists and sticks at will (on 21, sticks)."""
        total = hand_value(self.s["banker_hand"]["cards"]).total
        return [spec("twist"), spec("stick")] if total < 21 else [spec("stick")]

    def dealer_move(self) -> str:
        """An absent banker twists below 17 and sticks on 17 or more."""
        return "twist" if hand_value(self.s["banker_hand"]["cards"]).total < 17 else "stick"

    def _banker_twist(self) -> None:
        s = self.s
        banker = s["banker_hand"]
        card = self._card()
        banker["cards"].append(card)
        total = hand_value(banker["cards"]).total
        self.log("pontoon.banker_twist", player=s["banker"], card=card, total=total)
        if total > 21:
            banker["status"] = BUST
            self.log("pontoon.banker_bust", player=s["banker"], cards=list(banker["cards"]), total=total)
            self.forfeit(s["banker"], "banker_bust")
            self.settle()
        elif len(banker["cards"]) == 5:
            banker["status"] = TRICK
            self.log("pontoon.banker_trick", player=s["banker"], cards=list(banker["cards"]))
            self.settle()

    def _banker_stick(self) -> None:
        s = self.s
        banker = s["banker_hand"]
        banker["status"] = STUCK
        total = hand_value(banker["cards"]).total
        self.log("pontoon.paying", player=s["banker"], total=total, paying=total + 1 if total < 21 else None)
        self.settle()

    # -- settling ----------------------------------------------------------------------------------------------
    def outcome(self, hand: dict) -> tuple[str, int]:
        """The result of a hand still in play against the banker's final hand."""
        banker = self.s["banker_hand"]
        stake = hand["stake"]
        mine = rank(hand["cards"])
        if banker["status"] == PONTOON:
            return BANKER_PONTOON, -2 * stake
        double = mine[0] >= 2  # a pontoon or a five card trick
        kind = PONTOON if mine[0] == 3 else TRICK
        if banker["status"] == TRICK:
            return (PONTOON, 2 * stake) if mine[0] == 3 else (BANKER_TRICK, -2 * stake)
        if banker["status"] == BUST or mine > rank(banker["cards"]):
            return (kind, 2 * stake) if double else (WIN, stake)
        return LOSE, -stake

    def show_all(self) -> None:
        self.s["banker_hand"]["shown"] = True
        for _, _, hand in self.hands_in_play():
            hand["shown"] = True

    def outcomes(self) -> list[tuple[str, str, dict | None, str, int]]:
        return [(pid, hand["box"], hand, *self.outcome(hand)) for pid, _, hand in self.hands_in_play()
                if hand["result"] is None]

    def close_deal(self) -> None:
        """The banker's gain is logged. Without a pontoon the used cards go
        under the pack; after one the pack is shuffled, and a player's
        unsplit pontoon (the banker had none) takes the bank, the one
        nearest the banker's left first."""
        s = self.s
        banker = s["banker"]
        self.log("pontoon.bank", player=banker, amount=self.ledger.chips(banker) - s["bank_before"])
        pontoons = [p for p, _, hand in self.hands_in_play() if rank(hand["cards"])[0] == 3]
        s["shuffle"] = bool(pontoons) or s["banker_hand"]["status"] == PONTOON
        if not s["shuffle"]:
            self.discard(self.table_cards())
        elif s["banker_hand"]["status"] != PONTOON:
            unsplit = [p for p in pontoons if len(s["hands"][p]) == 1]
            if unsplit:  # the bank passes when the next deal begins, if there is one
                s["bank_to"] = unsplit[0]

    # -- the banker's choice between deals, absent phones ----------------------------------------------------
    def phase_turn(self) -> str | None:
        s = self.s
        if s["phase"] == DEAL:
            return s["offer"]["player"] if s["offer"] else s["banker"]
        return None

    def phase_actions(self, pid: str) -> list[dict]:
        s = self.s
        if s["phase"] != DEAL:
            return []
        offer = s["offer"]
        if offer:
            if pid != offer["player"]:
                return []
            can_pay = self.ledger.chips(pid) >= offer["price"]
            return ([spec("accept")] if can_pay else []) + [spec("refuse")]
        if pid != s["banker"]:
            return []
        buyers = [p for p in s["seats"] if p != pid and self.ledger.chips(p) > 0]
        most = max((self.ledger.chips(p) for p in buyers), default=0)
        acts = [spec("deal")]
        if buyers:
            acts.append(spec("sell", player=one_of(buyers), price=int_range(1, most)))
        return acts

    def phase_default(self, pid: str) -> dict | None:
        """An absent banker deals; an absent buyer refuses."""
        s = self.s
        if s["phase"] != DEAL:
            return None
        if s["offer"]:
            return {"type": "refuse"} if pid == s["offer"]["player"] else None
        return {"type": "deal"} if pid == s["banker"] else None

    def skip(self, pid: str, now: float) -> list[dict]:
        """An absent player who has not bet sits the deal out (there is no
        such move for a player who is there: the seed has everybody bet)."""
        s = self.s
        if s["phase"] == BET and pid in self.undecided() and not s["over"]:
            self._events = []
            self.now = now
            self.log("game.skipped", player=pid, action="sit_out")
            self.do_sit_out(pid)
            return self._events
        return super().skip(pid, now)

    # -- seats ------------------------------------------------------------------------------------------------------
    def on_leave(self, pid: str, index: int) -> None:
        s = self.s
        if s.get("offer") and pid in (s["offer"]["player"], s["banker"]):
            s["offer"] = None
        super().on_leave(pid, index)

    def dealer_left(self) -> None:
        """The cards of the deal go under the pack; the new banker deals or
        sells next."""
        s = self.s
        s["banker_reason"] = "left"
        if self.in_deal():
            self.clear_table()
        s["phase"] = DEAL

    # -- views --------------------------------------------------------------------------------------------------------
    def dealer_sees(self, hand: dict) -> bool:
        """The banker does not look at their own cards until their turn."""
        return hand["shown"]

    def piles(self) -> dict:
        return {"pack": len(self.s["stock"])}

    @staticmethod
    def _hand_view(hand: dict) -> dict[str, Any]:
        shown = hand["shown"]
        cards = [c if shown or up else None for c, up in zip(hand["cards"], hand["up"])]
        view = {"box": hand["box"], "cards": cards, "status": hand["status"], "bet": hand["bet"],
                "stake": hand["stake"], "split": hand["split"], "twisted": hand["twisted"],
                "result": hand["result"], "amount": hand["amount"], "total": None, "soft": None}
        if shown:
            value = hand_value(hand["cards"])
            view.update(total=value.total, soft=value.soft)
        return view

    def _banker_view(self) -> dict | None:
        banker = self.s.get("banker_hand")
        if banker is None:
            return None
        player = self.dealt_by()
        if not banker["shown"]:
            return {"player": player, "cards": [None] * len(banker["cards"]), "status": banker["status"],
                    "total": None, "soft": None}
        value = hand_value(banker["cards"])
        return {"player": player, "cards": list(banker["cards"]), "status": banker["status"], "total": value.total,
                "soft": value.soft}

    def table_view(self) -> dict:
        s = self.s
        view = super().table_view()
        view.update(
            banker=s.get("banker"),
            cuts=list(s.get("cuts", [])),
            hands={p: [self._hand_view(h) for h in hands] for p, hands in s.get("hands", {}).items()},
            banker_hand=self._banker_view(),
            current=self.current_view(),
            offer=dict(s["offer"]) if s.get("offer") and not s["over"] else None,
            shuffle_next=bool(s.get("shuffle")),
        )
        return view

    def seat_view(self, pid: str) -> dict:
        hands = []
        for hand in self.s.get("hands", {}).get(pid, []):
            value = hand_value(hand["cards"])
            hands.append({"cards": list(hand["cards"]), "total": value.total, "soft": value.soft,
                          "rank": list(rank(hand["cards"]))})
        return {"hands": hands}


# Every message key this engine logs, with its parameters.
MESSAGES = Pontoon.MESSAGES
