"""Casino Blackjack (mode ``casino_blackjack``): "21" of ``seeds/001``.

The house deals from a shoe to one to seven players, each playing their own
box against the dealer. The dealer's play is fixed by the rules, so it is
automatic, one step at a time, paced so that the table can follow it.
What it shares with Russian Blackjack is in ``boxes.py``, the round loop of
every 21 game in ``rounds.py``; this module holds what is the casino's, and
lists every rule of the game below.

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
- **The session** (``BettingGame``): ``rounds`` deals (default 5); out of
  chips, a player watches (``rebuy`` buys a new stack); the game ends when
  nobody can cover the minimum, or when the host ends it.
- **Absent phones** (``skip``): sit out a deal not yet bet on, decline
  insurance, stand.
- **Leaving**: a player's stakes go back with them and their cards go to
  the discards; play goes on. **Joining**: a newcomer (up to seven) gets a
  starting stack and bets from the next betting on (at once when the table
  is betting).
"""

from __future__ import annotations

from partyapp.games.kit.wording import N_
from partyapp.games.kit.cardgame import choice, flag, number
from partyapp.games.kit.cards import TEN_VALUES, hand_value, is_natural, rank_of
from partyapp.games.twentyone.boxes import BLACKJACK, LOSE, SURRENDER, SURRENDERED, BoxesGame

RESULTS = ("win", "blackjack", "push", "lose", "bust", "surrender", "insurance", "insurance_lost")
PEEK, EUROPEAN = "peek", "european"


class CasinoBlackjack(BoxesGame):
    mode = "casino_blackjack"
    title = N_("Casino Blackjack")
    min_players = 1
    max_players = 7
    MIN_ABLE = 1

    OPTIONS = {
        **BoxesGame.OPTIONS,
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
        **BoxesGame.MESSAGES,
        "casino.peek": (),
        "casino.reveal": ("cards", "total"),
        "casino.surrender": ("player",),
    }
    FORFEITS = {LOSE: 1, "bust": 1, SURRENDER: 1}

    # -- the rules' choices ----------------------------------------------------------------------
    def hole_card(self) -> bool:
        return self.s["opts"]["hole_card"] == PEEK

    def hit_soft_17(self) -> bool:
        return self.s["opts"]["hit_soft_17"]

    def hit_split_aces(self) -> bool:
        return self.s["opts"]["hit_split_aces"]

    def resplit_aces(self) -> bool:
        return self.s["opts"]["resplit_aces"]

    def blackjack_gain(self, stake: int) -> int:
        return stake * 6 // 5 if self.s["opts"]["blackjack_pays"] == "6:5" else stake * 3 // 2

    def _upcard_may_be_blackjack(self) -> bool:
        up = rank_of(self.s["dealer_hand"]["cards"][0])
        return up == "A" or up in TEN_VALUES

    def double_range(self, pid: str, hand: dict) -> tuple[int, int] | None:
        o = self.s["opts"]
        if hand["split"] and not o["double_after_split"]:
            return None
        total = hand_value(hand["cards"]).total
        if (o["double_on"] == "9-11" and not 9 <= total <= 11) or (o["double_on"] == "10-11" and not 10 <= total <= 11):
            return None
        most = min(hand["bet"], self.ledger.chips(pid))
        if o["double_for_less"]:
            return (1, most) if most >= 1 else None
        return (hand["bet"], hand["bet"]) if most == hand["bet"] else None

    def may_surrender(self, pid: str, index: int) -> bool:
        o = self.s["opts"]
        hands = self.s["hands"][pid]
        return (o["surrender"] and len(hands) == 1 and len(hands[0]["cards"]) == 2
                and (self.hole_card() or not self._upcard_may_be_blackjack()))

    # -- the peek -------------------------------------------------------------------------------------
    def check_dealer(self) -> bool:
        """With a hole card under an ace or a ten, the dealer checks it: a
        blackjack is shown and settles the deal; else insurance is lost."""
        s = self.s
        if not self.hole_card() or not self._upcard_may_be_blackjack():
            return False
        dealer = s["dealer_hand"]
        if is_natural(dealer["cards"]):
            dealer["hidden"] = False
            dealer["status"] = BLACKJACK
            self.log("bj.dealer_blackjack", cards=list(dealer["cards"]))
            self.settle()
            return True
        self.log("casino.peek")
        self.insurance_lost()
        return False

    def reveal_hole_card(self) -> None:
        dealer = self.s["dealer_hand"]
        dealer["hidden"] = False
        self.log("casino.reveal", cards=list(dealer["cards"]), total=hand_value(dealer["cards"]).total)

    # -- the deal --------------------------------------------------------------------------------------
    def next_dealer(self, able: list[str]) -> None:
        """The house deals every deal."""
        return None

    def do_surrender(self, pid: str) -> None:
        _, _, hand = self.playing()
        hand["status"] = SURRENDERED
        self.log("casino.surrender", player=pid)
        self.pay_hand(pid, hand, SURRENDER, -(hand["stake"] - hand["stake"] // 2))
        self.advance()

    # -- the dealer's paced play --------------------------------------------------------------------------
    def dealer_pace(self) -> float:
        """The house plays on the clock, a step every ``dealer_pace_ms``."""
        return self.s["opts"]["dealer_pace_ms"] / 1000


# Every message key this engine logs, with its parameters.
MESSAGES = CasinoBlackjack.MESSAGES
