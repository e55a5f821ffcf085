"""Russian Blackjack (mode ``russian_blackjack``): the home variant of
``seeds/003`` ("Блек-джек"; ``seeds/003_english.md`` renders it).

Each player plays against the bank, held by a player who deals; the deal
passes round the table. What it shares with casino Blackjack (boxes,
insurance, double, split, the dealer drawing to 17, settling) is in
``boxes.py``, the round loop of every 21 game in ``rounds.py``; this module
holds what is Russian, and lists every rule of the game below.

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
- **The dealer role** passes to each player in turn, to the left (the first
  dealer is the last seat, so that the first seat is dealt to first). The
  bank is the dealer's own stack: the dealer collects the losing stakes
  first, then pays the winners from their left as far as the stack goes.

Readings where the seed is open
-------------------------------
- The dealer's play is fixed, so the dealer's phone offers exactly the one
  move the rule allows (``hit`` below 17, else ``stand``); when no hand
  needs the dealer (all bust, no insurance) the deal settles at once.
- A tied stake left on the table of a player who now deals, or who stays
  on at the end of the game, goes back to their stack (``russian.take_back``).
- **Forfeits** (``forfeits``, default on): losing a hand (beaten or bust)
  costs one drink; a dealer who busts drinks one.
- **The session** (``BettingGame``): ``rounds`` deals, or until one player
  alone has chips, or the host ends it.
- **Absent phones** (``skip``): take a tied stake back, then sit out a deal
  not yet bet on; decline insurance; stand; an absent dealer makes the
  rule's move.
- **Leaving**: a player's stakes go back with them; when the dealer leaves,
  the deal is called off (every stake back, tied stakes included) and the
  player on their left deals. **Joining**: as in home Blackjack.
"""

from __future__ import annotations

from partyapp.games.kit.wording import N_
from partyapp.games.kit.actions import int_range, spec
from partyapp.games.kit.cardgame import flag, number
from partyapp.games.kit.cards import TEN_VALUES, points, rank_of
from partyapp.games.twentyone.boxes import BLACKJACK, BUST, DEALER, LOSE, BoxesGame
from partyapp.games.twentyone.rotation import RotatingDealer

TIE, THREE_SEVENS = "tie", "three_sevens"
RESULTS = ("win", "blackjack", TIE, "lose", "bust", "insurance", "insurance_lost", THREE_SEVENS)
PICTURES = frozenset({"J", "Q", "K"})


class RussianBlackjack(RotatingDealer, BoxesGame):
    mode = "russian_blackjack"
    title = N_("Russian Blackjack")
    min_players = 2
    max_players = 16
    TIE = TIE

    OPTIONS = {
        **BoxesGame.OPTIONS,
        "decks": number(2, 1, 8, "Decks shuffled together."),
        "ten_is_black_jack": flag(True, "An ace and a ten is Black Jack (off: only an ace and a picture card)."),
    }
    MESSAGES = {
        **BoxesGame.MESSAGES,
        "russian.three_sevens": ("player", "hand"),
        "russian.carry": ("player", "amount"),
        "russian.leave": ("player", "amount"),
        "russian.add": ("player", "amount", "total"),
        "russian.take_back": ("player", "amount"),
        "russian.bank": ("player", "amount"),
    }
    FORFEITS = {LOSE: 1, BUST: 1, "dealer_bust": 1}

    # -- the rules' choices -------------------------------------------------------------------------
    def natural_tens(self) -> frozenset[str]:
        return TEN_VALUES if self.s["opts"]["ten_is_black_jack"] else PICTURES

    def double_range(self, pid: str, hand: dict) -> tuple[int, int] | None:
        hard = sum(points(c) for c in hand["cards"])
        counts = {hard, hard + 10} if any(rank_of(c) == "A" for c in hand["cards"]) else {hard}
        if not any(9 <= t <= 11 for t in counts) or self.ledger.chips(pid) < hand["bet"]:
            return None
        return hand["bet"], hand["bet"]

    def after_card(self, pid: str, index: int) -> None:
        hand = self.s["hands"][pid][index]
        if len(hand["cards"]) == 3 and all(rank_of(c) == "7" for c in hand["cards"]):
            self.log("russian.three_sevens", player=pid, hand=index)
            self.reward(pid, THREE_SEVENS, hand["stake"], counter=self.s["dealer"], box=hand["box"])

    # -- the deal and the tied stakes -------------------------------------------------------------------
    def able(self) -> list[str]:
        """Players who can cover the minimum, or who have a tied stake on the table."""
        ledger = self.ledger
        return [p for p in self.s["seats"] if ledger.can_bet(p) or ledger.stake_of(p)]

    def open_round(self, dealer: str | None, able: list[str]) -> None:
        """A tied stake of the player who now deals goes back to their stack."""
        s = self.s
        s.setdefault("carried", {})
        if dealer in s["carried"]:
            self._take_back(dealer)
        super().open_round(dealer, able)

    def _take_back(self, pid: str) -> None:
        amount = self.s["carried"].pop(pid)
        self.ledger.return_all(pid)
        self.log("russian.take_back", player=pid, amount=amount)

    def bet_actions(self, pid: str) -> list[dict]:
        carried = self.s["carried"].get(pid)
        if not carried:
            return super().bet_actions(pid)
        acts = [spec("leave")]
        most = min(self.ledger.s["max"] - carried, self.ledger.chips(pid))
        if most >= 1:
            acts.append(spec("add", amount=int_range(1, most)))
        acts.append(spec("take_back"))
        return acts

    def bet_default(self, pid: str) -> dict:
        """An absent phone takes a tied stake back (then sits the deal out)."""
        return {"type": "take_back"} if self.s["carried"].get(pid) else super().bet_default(pid)

    def do_leave(self, pid: str) -> None:
        self.decide(pid)
        self.log("russian.leave", player=pid, amount=self.s["carried"].pop(pid))
        self.bets_done()

    def do_add(self, pid: str, amount: int) -> None:
        self.ledger.stake(pid, amount)
        self.decide(pid)
        self.s["carried"].pop(pid)
        self.log("russian.add", player=pid, amount=amount, total=self.ledger.stake_of(pid))
        self.bets_done()

    def do_take_back(self, pid: str) -> None:
        self._take_back(pid)

    def close_deal(self) -> None:
        """Tied stakes go back on the table for the next deal; the dealer's
        gain over the deal is logged; a bust dealer drinks."""
        s = self.s
        dealer = s["dealer"]
        for pid in s["order"]:
            tied = sum(h["stake"] for h in s["hands"][pid] if h["result"] == TIE)
            if tied:
                self.ledger.stake(pid, tied)
                s["carried"][pid] = tied
                self.log("russian.carry", player=pid, amount=tied)
        self.log("russian.bank", player=dealer, amount=self.ledger.chips(dealer) - (s["bank_before"] or 0))
        if s["dealer_hand"]["status"] == BUST:
            self.forfeit(dealer, "dealer_bust")

    def on_finish(self) -> None:
        super().on_finish()  # every stake back, the tied ones too
        self.s["carried"] = {}

    def end(self, reason: str) -> None:
        s = self.s
        if not s["over"]:
            for pid in list(s.get("carried", {})):
                self._take_back(pid)
        super().end(reason)

    # -- the dealer's turn ----------------------------------------------------------------------------------
    def dealer_plays(self) -> None:
        """The dealer plays by phone (``hit``/``stand``: the rule's move);
        with nothing to draw for (no hand stood, no Black Jack or insurance
        waits, everybody left) the deal settles at once."""
        self.s["phase"] = DEALER
        if self.dealer_next() == "done":
            self.settle()

    def dealer_step(self) -> None:
        """One step of the dealer's play; the second card settles the
        insurance (a Black Jack the whole deal) at once."""
        s = self.s
        dealer = s["dealer_hand"]
        second = len(dealer["cards"]) == 1 and self.dealer_next() == "draw"
        super().dealer_step()
        if not second or s["phase"] != DEALER or len(dealer["cards"]) != 2:
            return
        if dealer["status"] == BLACKJACK:
            self.settle()
        else:
            self.insurance_lost()

    # -- seats --------------------------------------------------------------------------------------------
    def on_leave(self, pid: str, index: int) -> None:
        self.s["carried"].pop(pid, None)
        super().on_leave(pid, index)

    def dealer_left(self) -> None:
        """The table's cards go to the discards; the tied stakes go back
        with the others."""
        super().dealer_left()
        self.clear_table()
        self.s["carried"] = {}


# Every message key this engine logs, with its parameters.
MESSAGES = RussianBlackjack.MESSAGES
