"""Blackjack in betting boxes against a dealer: what casino and Russian
Blackjack share (``BoxesGame``). Each game's own rules are in its module
(``casino_blackjack.py``, ``russian_blackjack.py``); the round loop they
run on (the order of the phases, the turns, settling, seats) is
``rounds.py``'s; this one holds the play the two have in common.

A deal, phase by phase (``phase`` in the view)
----------------------------------------------
``bet``
    Every player but the dealer stakes from the table minimum to the maximum
    (or their stack) or sits the deal out, all at once (``turn`` is null).
``insurance``
    When the dealer's first card is an ace, every player who can afford it
    decides at once whether to insure: a side stake of half the bet
    (rounded down), paid 2:1 when the dealer has blackjack, else lost.
``play``
    From the first player dealt in, each hand in turn: ``hit``, ``stand``,
    ``double {amount}`` on the first two cards (the stake raised, exactly
    one more card), ``split`` a pair (a second stake equal to the first; each
    hand is then played in turn and gets its second card when its turn
    comes), and whatever the game adds (casino: ``surrender``). A hand that
    makes 21 stands by itself; a bust hand is shown lost at once and its
    stake collected. Split aces take one card each (casino:
    ``hit_split_aces``), a pair may be split again up to ``max_hands`` hands
    (aces again only with ``resplit_aces``), and ace and ten after a split
    is 21, not blackjack.
``dealer``
    The dealer shows the hole card or takes the second card, then draws to
    17 (the game says what a soft 17 does). When no hand needs the dealer
    (every hand bust or surrendered), the dealer takes no more cards; when
    every player has left the deal, it is settled at once.
    Then every hand is settled in the round loop's order: losers pay first,
    then ties, then the winners are paid (a dealer who is a player pays from
    their stack, as far as it goes; insurance is settled with its box); the
    next deal begins with its betting, the last deal's hands and payouts
    still on the table (the dealer's hand named with the player who dealt
    it, ``dealer_hand.player``, while the next dealer's betting goes on).

Cards are dealt face up to the players, as from a shoe (the dealer's play is
fixed, so nothing is gained by hiding them): the only hidden cards are the
shoe and a hole card not yet shown.

The shoe: ``decks`` packs shuffled together. A staged deck (testing mode)
may hold a card as often as the shoe does (``decks`` times), no more.
Before a deal the last deal's
cards go to the discards; when less than a quarter of the shoe is left (the
cut card) every card goes back and the shoe is shuffled (``bj.shuffle``).
Should the shoe run dry in the middle of a deal, the discards are shuffled
and dealt on; with no discards either (every card on the table) a fresh
pack is opened.

Hands in the state: ``hands[pid]`` is a list of ``{"box", "cards", "status",
"bet", "stake", "doubled", "split", "aces", "result", "amount"}``: ``box``
names the hand's stake in the ledger (``bet``, then ``split1`` ...), ``bet``
is the stake it started with and ``stake`` what it carries now (raised by a
double), ``status`` is ``live``, ``stood``, ``bust``, ``blackjack`` or
``surrendered``, and ``result``/``amount`` its settled payout.
"""

from __future__ import annotations

from typing import Any, ClassVar

from partyapp.games.kit.actions import int_range, one_of, spec
from partyapp.games.kit.cardgame import number
from partyapp.games.kit.cards import (MAX_SHOE, TEN_VALUES, hand_value, is_natural, make_shoe, points, rank_of,
                                      shuffled, take_out)
from partyapp.games.twentyone.rounds import LIVE, PLAY, TwentyOneGame

INSURANCE, DEALER = "insurance", "dealer"
STOOD, BUST, BLACKJACK, SURRENDERED = "stood", "bust", "blackjack", "surrendered"
# Named results of a stake, as ``chips.payout`` logs them.
WIN, LOSE, PUSH = "win", "lose", "push"
SURRENDER, INSURED, INSURANCE_LOST = "surrender", "insurance", "insurance_lost"


def new_hand(box: str, cards: list[str], bet: int, *, split: bool = False, aces: bool = False) -> dict:
    return {"box": box, "cards": cards, "status": LIVE, "bet": bet, "stake": bet, "doubled": 0,
            "split": split, "aces": aces, "result": None, "amount": None}


class BoxesGame(TwentyOneGame):
    """Players' boxes against one dealer; see the module docstring."""

    OPTIONS = {
        **TwentyOneGame.OPTIONS,
        "max_hands": number(4, 2, 4, "Hands a player may split into (a pair split again up to this)."),
    }
    MESSAGES = {
        **TwentyOneGame.MESSAGES,
        "bj.shuffle": ("count",),
        "bj.bet": ("player", "amount"),
        "bj.sit_out": ("player",),
        "bj.deal": ("dealer", "players", "upcard"),
        "bj.blackjack": ("player", "cards"),
        "bj.insurance": ("player", "amount"),
        "bj.card": ("player", "hand", "card", "total"),
        "bj.hit": ("player", "hand", "card", "total"),
        "bj.stand": ("player", "hand", "total"),
        "bj.double": ("player", "hand", "amount", "card", "total"),
        "bj.split": ("player", "hand", "cards"),
        "bj.bust": ("player", "hand", "total"),
        "bj.dealer_card": ("card", "total"),
        "bj.dealer_blackjack": ("cards",),
        "bj.dealer_stand": ("total",),
        "bj.dealer_bust": ("total",),
    }
    BET_LOG, SIT_OUT_LOG = "bj.bet", "bj.sit_out"
    DEAL_PHASES = (INSURANCE, PLAY, DEALER)
    # The result a tie between a hand and the dealer is paid as.
    TIE: ClassVar[str] = PUSH
    # The cards that make a natural with an ace.
    NATURAL_TENS: ClassVar[frozenset[str]] = TEN_VALUES
    # A staged deck is checked against the biggest shoe here, then against
    # the game's own (``check_together``).
    STAGED_FROM = tuple(make_shoe(MAX_SHOE))

    @classmethod
    def check_together(cls, opts: dict) -> None:
        super().check_together(opts)
        if opts.get("deck"):
            take_out(make_shoe(opts["decks"]), opts["deck"])  # ValueError: more often than the shoe holds it

    # -- what each game decides ------------------------------------------------------------
    def hole_card(self) -> bool:
        """The dealer takes a second card face down at the deal."""
        return False

    def hit_soft_17(self) -> bool:
        return False

    def hit_split_aces(self) -> bool:
        return False

    def resplit_aces(self) -> bool:
        return False

    def natural_tens(self) -> frozenset[str]:
        return self.NATURAL_TENS

    def blackjack_gain(self, stake: int) -> int:
        """What a natural wins (3:2, rounded down, unless the game says otherwise)."""
        return stake * 3 // 2

    def double_range(self, pid: str, hand: dict) -> tuple[int, int] | None:
        """The amounts ``pid`` may double ``hand`` for, or None."""
        return None

    def may_surrender(self, pid: str, index: int) -> bool:
        return False

    def after_card(self, pid: str, index: int) -> None:
        """A card was added to a player's hand (bonuses)."""

    def check_dealer(self) -> bool:
        """After the insurance: look at the hole card; True when the deal
        is over (the dealer's blackjack settled it)."""
        return False

    # -- the betting ------------------------------------------------------------------------
    def open_round(self, dealer: str | None, able: list[str]) -> None:
        s = self.s
        s.update(decided=[], insurance={}, due=None, bettors=self.dealt_in(dealer, able))
        s.setdefault("hands", {})
        s.setdefault("order", [])
        s.setdefault("dealer_hand", None)
        s.setdefault("discards", [])
        s.setdefault("bank_before", None)

    # -- the deal ------------------------------------------------------------------------------
    def _shuffle_if_due(self) -> None:
        """Before a deal: the last deal's cards go to the discards; past the
        cut card the whole shoe is shuffled."""
        s = self.s
        s["discards"].extend(self.table_cards())
        if len(s["stock"]) < 52 * s["opts"]["decks"] // 4:
            s["discards"] = []
            self.restock(make_shoe(s["opts"]["decks"]))
            self.log("bj.shuffle", count=len(s["stock"]))

    def discard(self, cards: list[str]) -> None:
        self.s["discards"].extend(cards)

    def _card(self) -> str:
        """The next card of the shoe, refilled from the discards (or a fresh
        pack) when it has run dry."""
        s = self.s
        if not s["stock"]:
            refill = s["discards"] or make_shoe(1)
            s["discards"] = []
            s["stock"] = shuffled(refill, self.random())
            self.log("bj.shuffle", count=len(s["stock"]))
        return self.draw()

    def start_play(self) -> None:
        s = self.s
        ledger = self.ledger
        players = [p for p in s["bettors"] if ledger.stake_of(p)]
        ledger.new_round()
        self._shuffle_if_due()
        hands = {p: [new_hand("bet", [], ledger.stake_of(p))] for p in players}
        dealer = {"player": s["dealer"], "cards": [], "hidden": False, "status": LIVE}
        s.update(phase=PLAY, order=players, hands=hands, dealer_hand=dealer, current=None, insurance={},
                 bank_before=ledger.chips(s["dealer"]) if s["dealer"] else None)
        for p in players:
            hands[p][0]["cards"].append(self._card())
        dealer["cards"].append(self._card())
        for p in players:
            hands[p][0]["cards"].append(self._card())
        if self.hole_card():
            dealer["cards"].append(self._card())
            dealer["hidden"] = True
        self.log("bj.deal", dealer=s["dealer"], players=players, upcard=dealer["cards"][0])
        for p in players:
            hand = hands[p][0]
            if is_natural(hand["cards"], tens=self.natural_tens()):
                hand["status"] = BLACKJACK
                self.log("bj.blackjack", player=p, cards=list(hand["cards"]))
        if rank_of(dealer["cards"][0]) == "A":
            s["insurance"] = {p: None for p in players if self._insurance_amount(p)}
            if s["insurance"]:
                s["phase"] = INSURANCE
                return
        self._after_insurance()

    # -- insurance -----------------------------------------------------------------------------
    def _insurance_amount(self, pid: str) -> int:
        """Half the bet, rounded down; 0 when that is nothing or more than the stack."""
        half = self.ledger.stake_of(pid) // 2
        return half if 0 < half <= self.ledger.chips(pid) else 0

    def do_insurance(self, pid: str, take: bool) -> None:
        s = self.s
        amount = self._insurance_amount(pid) if take else 0
        if amount:
            self.ledger.stake(pid, amount, "insurance")
        s["insurance"][pid] = amount
        self.log("bj.insurance", player=pid, amount=amount)
        self._insurance_done()

    def _insurance_done(self) -> None:
        s = self.s
        if s["phase"] == INSURANCE and all(v is not None for v in s["insurance"].values()):
            self._after_insurance()

    def _after_insurance(self) -> None:
        self.s["phase"] = PLAY
        if self.check_dealer():
            return
        self.advance()

    def insurance_lost(self) -> None:
        """The dealer has no blackjack: every insurance is lost now (when the
        deal is settled, a dealer's blackjack pays it 2:1)."""
        for pid in self.s["order"]:
            amount = self.ledger.stake_of(pid, "insurance")
            if amount:
                self.pay(pid, INSURANCE_LOST, -amount, counter=self.counter(), box="insurance")

    def _insuring(self, pid: str) -> bool:
        """``pid`` has still to decide on insurance."""
        return self.s["phase"] == INSURANCE and self.s["insurance"].get(pid, 0) is None

    def phase_actions(self, pid: str) -> list[dict]:
        return [spec("insurance", take=one_of([True, False]))] if self._insuring(pid) else []

    def phase_default(self, pid: str) -> dict | None:
        """An absent phone declines insurance."""
        return {"type": "insurance", "take": False} if self._insuring(pid) else None

    def deciding(self) -> list[str]:
        if self.s.get("phase") == INSURANCE:
            return [p for p, v in self.s["insurance"].items() if v is None]
        return super().deciding()

    # -- the players' turns ------------------------------------------------------------------------
    def prepare(self, pid: str, i: int) -> None:
        """A split hand gets its second card when its turn comes; split aces
        then stand (unless they may hit or split again), and 21 stands."""
        hand = self.s["hands"][pid][i]
        if len(hand["cards"]) == 1:
            card = self._card()
            hand["cards"].append(card)
            self.log("bj.card", player=pid, hand=i, card=card, total=hand_value(hand["cards"]).total)
            self.after_card(pid, i)
            if hand["aces"] and not self.hit_split_aces() and not self._may_split(pid, i):
                self._stand(pid, i)
                return
        if hand_value(hand["cards"]).total == 21:
            self._stand(pid, i)

    def _stand(self, pid: str, i: int) -> None:
        hand = self.s["hands"][pid][i]
        hand["status"] = STOOD
        self.log("bj.stand", player=pid, hand=i, total=hand_value(hand["cards"]).total)

    def _may_split(self, pid: str, i: int) -> bool:
        hand = self.s["hands"][pid][i]
        cards = hand["cards"]
        return (len(cards) == 2 and points(cards[0]) == points(cards[1]) and not hand["doubled"]
                and len(self.s["hands"][pid]) < self.s["opts"]["max_hands"]
                and self.ledger.chips(pid) >= hand["bet"]
                and (not hand["aces"] or self.resplit_aces()))

    def hand_actions(self, pid: str, i: int) -> list[dict]:
        hand = self.s["hands"][pid][i]
        acts = []
        if not (hand["aces"] and not self.hit_split_aces()):
            acts.append(spec("hit"))
        acts.append(spec("stand"))
        if len(hand["cards"]) == 2:
            amounts = None if hand["aces"] else self.double_range(pid, hand)
            if amounts:
                acts.append(spec("double", amount=int_range(*amounts)))
            if self._may_split(pid, i):
                acts.append(spec("split"))
            if self.may_surrender(pid, i):
                acts.append(spec("surrender"))
        return acts

    def _played(self, pid: str, i: int) -> None:
        """After a card: bust, 21, or the hand plays on."""
        hand = self.s["hands"][pid][i]
        total = hand_value(hand["cards"]).total
        if total > 21:
            hand["status"] = BUST
            self.log("bj.bust", player=pid, hand=i, total=total)
            self.pay_hand(pid, hand, BUST, -hand["stake"])
        elif total == 21 and hand["status"] == LIVE:
            self._stand(pid, i)
        if hand["status"] != LIVE:
            self.advance()

    def do_hit(self, pid: str) -> None:
        """A player's hit, or a dealer's on their phone (the rule's step)."""
        if self.dealer_playing():
            self.dealer_step()
            return
        _, i, hand = self.playing()
        card = self._card()
        hand["cards"].append(card)
        self.log("bj.hit", player=pid, hand=i, card=card, total=hand_value(hand["cards"]).total)
        self.after_card(pid, i)
        self._played(pid, i)

    def do_stand(self, pid: str) -> None:
        if self.dealer_playing():
            self.dealer_step()
            return
        _, i, _ = self.playing()
        self._stand(pid, i)
        self.advance()

    def do_double(self, pid: str, amount: int) -> None:
        _, i, hand = self.playing()
        self.ledger.stake(pid, amount, hand["box"])
        hand["stake"] += amount
        hand["doubled"] = amount
        card = self._card()
        hand["cards"].append(card)
        total = hand_value(hand["cards"]).total
        self.log("bj.double", player=pid, hand=i, amount=amount, card=card, total=total)
        self.after_card(pid, i)
        if total <= 21 and hand["status"] == LIVE:
            hand["status"] = STOOD
        self._played(pid, i)

    def do_split(self, pid: str) -> None:
        _, i, hand = self.playing()
        hands = self.s["hands"][pid]
        box = f"split{len(hands)}"
        self.ledger.stake(pid, hand["bet"], box)
        second = hand["cards"].pop()
        aces = rank_of(second) == "A"
        hand["split"] = True
        hand["aces"] = aces
        hands.insert(i + 1, new_hand(box, [second], hand["bet"], split=True, aces=aces))
        self.log("bj.split", player=pid, hand=i, cards=[hand["cards"][0], second])
        self.prepare(pid, i)
        if hand["status"] != LIVE:
            self.advance()

    # -- the dealer ---------------------------------------------------------------------------------
    def dealer_plays(self) -> None:
        """The dealer's phase; when every player has left, the deal settles."""
        self.s["phase"] = DEALER
        if not self.s["order"]:
            self.settle()

    def dealer_must_hit(self) -> bool:
        value = hand_value(self.s["dealer_hand"]["cards"])
        return value.total < 17 or (value.total == 17 and value.soft and self.hit_soft_17())

    def dealer_next(self) -> str:
        """The dealer's next step: ``reveal`` the hole card, ``draw`` a card,
        or ``done`` (stand, and settle)."""
        s = self.s
        dealer = s["dealer_hand"]
        if dealer["hidden"]:
            return "reveal"
        if dealer["status"] != LIVE:
            return "done"
        hands = [hand for _, _, hand in self.hands_in_play()]
        stood = any(h["status"] == STOOD for h in hands)
        if len(dealer["cards"]) < 2:
            waiting = stood or any(h["status"] == BLACKJACK for h in hands) or any(s["insurance"].values())
            return "draw" if waiting else "done"
        return "draw" if stood and self.dealer_must_hit() else "done"

    def dealer_move(self) -> str:
        """``hit`` while the rule has the dealer draw, else ``stand``."""
        return "hit" if self.dealer_next() == "draw" else "stand"

    def dealer_step(self) -> None:
        """One step of the dealer's play (see ``dealer_next``)."""
        s = self.s
        dealer = s["dealer_hand"]
        step = self.dealer_next()
        if step == "reveal":
            self.reveal_hole_card()
            return
        if step == "draw":
            card = self._card()
            dealer["cards"].append(card)
            total = hand_value(dealer["cards"]).total
            self.log("bj.dealer_card", card=card, total=total)
            if is_natural(dealer["cards"], tens=self.natural_tens()):
                dealer["status"] = BLACKJACK
                self.log("bj.dealer_blackjack", cards=list(dealer["cards"]))
            elif total > 21:
                dealer["status"] = BUST
                self.log("bj.dealer_bust", total=total)
            return
        # The dealer stands only against a hand that waits for it: when every
        # box is bust the dealer's cards are turned and nothing more is said.
        waiting = any(h["status"] == STOOD for _, _, h in self.hands_in_play())
        if dealer["status"] == LIVE and len(dealer["cards"]) >= 2 and waiting:
            dealer["status"] = STOOD
            self.log("bj.dealer_stand", total=hand_value(dealer["cards"]).total)
        self.settle()

    def reveal_hole_card(self) -> None:
        """The dealer turns the hole card (games with one say how it is logged)."""
        self.s["dealer_hand"]["hidden"] = False

    # -- settling ---------------------------------------------------------------------------------------
    def show_all(self) -> None:
        self.s["dealer_hand"]["hidden"] = False

    def outcome(self, hand: dict) -> tuple[str, int]:
        """The result of a hand still in play against the dealer's final hand."""
        dealer = self.s["dealer_hand"]
        stake = hand["stake"]
        dealer_bj = dealer["status"] == BLACKJACK
        if hand["status"] == BLACKJACK:
            return (self.TIE, 0) if dealer_bj else (BLACKJACK, self.blackjack_gain(stake))
        if dealer_bj:
            return LOSE, -stake
        total = hand_value(hand["cards"]).total
        dealer_total = hand_value(dealer["cards"]).total
        if dealer_total > 21 or total > dealer_total:
            return WIN, stake
        if total < dealer_total:
            return LOSE, -stake
        return self.TIE, 0

    def outcomes(self) -> list[tuple[str, str, dict | None, str, int]]:
        """Each player's insurance (paid 2:1 on the dealer's blackjack, else
        lost), then each hand not yet settled."""
        s = self.s
        dealer_bj = s["dealer_hand"]["status"] == BLACKJACK
        out: list[tuple[str, str, dict | None, str, int]] = []
        for pid in s["order"]:
            insured = self.ledger.stake_of(pid, "insurance")
            if insured:
                out.append((pid, "insurance", None, *((INSURED, 2 * insured) if dealer_bj else (INSURANCE_LOST, -insured))))
            for hand in s["hands"][pid]:
                if hand["result"] is None:
                    out.append((pid, hand["box"], hand, *self.outcome(hand)))
        return out

    # -- seats ------------------------------------------------------------------------------------------
    def leave_deal(self, pid: str) -> None:
        """A player's cards go to the discards; an insurance they owed is
        no longer waited for."""
        s = self.s
        insuring = s["phase"] == INSURANCE
        s["insurance"].pop(pid, None)
        super().leave_deal(pid)
        if insuring:
            if s["order"]:
                self._insurance_done()
            else:
                self.dealer_turn()

    # -- views ----------------------------------------------------------------------------------------------
    def piles(self) -> dict:
        return {"shoe": len(self.s["stock"]), "discards": len(self.s.get("discards", []))}

    @staticmethod
    def _hand_view(hand: dict) -> dict[str, Any]:
        value = hand_value(hand["cards"])
        return {"box": hand["box"], "cards": list(hand["cards"]), "status": hand["status"], "total": value.total,
                "soft": value.soft, "bet": hand["bet"], "stake": hand["stake"], "doubled": hand["doubled"],
                "split": hand["split"], "result": hand["result"], "amount": hand["amount"]}

    def _dealer_view(self) -> dict | None:
        dealer = self.s.get("dealer_hand")
        if dealer is None:
            return None
        cards = dealer["cards"]
        shown = cards[:1] if dealer["hidden"] else cards
        value = hand_value(shown)
        return {"player": self.dealt_by(), "cards": shown + [None] * (len(cards) - len(shown)),
                "status": dealer["status"], "total": value.total, "soft": value.soft}

    def table_view(self) -> dict:
        s = self.s
        view = super().table_view()
        view.update(
            hands={p: [self._hand_view(h) for h in hands] for p, hands in s.get("hands", {}).items()},
            dealer_hand=self._dealer_view(),
            current=self.current_view(),
            insurance={p: v for p, v in s.get("insurance", {}).items() if v},
        )
        return view

    def seat_view(self, pid: str) -> dict:
        totals = []
        for hand in self.s.get("hands", {}).get(pid, []):
            value = hand_value(hand["cards"])
            totals.append({"total": value.total, "soft": value.soft})
        return {"totals": totals}
