"""Home Blackjack (mode ``blackjack``): "BLACKJACK / 21" of ``seeds/000``.

A player deals; everybody else plays against the dealer for chips, and the
losers drink. The deal runs on the 21 family's round loop (``rounds.py``:
the bets, the turns, the dealer's turn, settling, seats); this module holds
home Blackjack's own rules, and lists them all below.

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
  default on; off: the first dealer keeps the deal while they have chips).
  The first dealer is the last seat, so the first seat is dealt to and plays
  first. A player out of chips is passed over for the deal.
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
  still cover the minimum, or until the host ends it (``BettingGame``).
- **Absent phones** (``skip``): a player who has not bet sits the deal out; a
  player to play stands; a dealer to play makes the rule's move.
- **Leaving**: a player's stake goes back with them and their cards leave
  the table unseen; when the dealer leaves, the deal is called off (every
  stake back, not counted as a round) and the player on their left deals.
  **Joining**: a newcomer gets a starting stack and bets from the next
  betting on (at once when the table is betting).
"""

from __future__ import annotations

from typing import Any

from partyapp.games.kit.actions import spec
from partyapp.games.kit.cardgame import flag
from partyapp.games.kit.cards import deal_order, hand_value, is_natural, make_shoe
from partyapp.games.kit.wording import N_
from partyapp.games.twentyone.rotation import RotatingDealer
from partyapp.games.twentyone.rounds import LIVE, PLAY, TwentyOneGame

STOOD, BUST, NATURAL = "stood", "bust", "natural"
# Named results of a player's stake, as ``chips.payout`` logs them.
WIN, LOSE, KNOCK = "win", "lose", "knock"
RESULTS = (WIN, NATURAL, KNOCK, LOSE, BUST)
HANDS_PER_PACK = 11


class Blackjack(RotatingDealer, TwentyOneGame):
    mode = "blackjack"
    title = N_("Blackjack")
    min_players = 2
    max_players = 16

    OPTIONS = {
        **TwentyOneGame.OPTIONS,
        "hit_soft_17": flag(False, "The dealer hits a soft 17 (off: stands on every 17)."),
        "naturals": flag(False, "An ace and a ten-value card first up is a natural: paid 3:2, "
                                "and a dealer's natural wins at once (off: a 21 like any other)."),
        "rotate_dealer": flag(True, "The deal passes to the left after every hand (off: one dealer)."),
    }
    MESSAGES = {
        **TwentyOneGame.MESSAGES,
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
    BET_LOG, SIT_OUT_LOG = "blackjack.bet", "blackjack.sit_out"

    # -- the table: one hand a player, the dealer's among them ------------------------------
    # ``hands[pid]`` is a player's one hand ``{"cards", "shown", "status"}``,
    # the dealer's too; ``order`` is the players dealt in, then the dealer;
    # ``current`` the id of the player (or dealer) to play.
    DEALER_HAND = None

    def hands_of(self, pid: str) -> list[dict]:
        hand = self.s.get("hands", {}).get(pid)
        return [hand] if hand else []

    def hands_in_play(self) -> list[tuple[str, int, dict]]:
        s = self.s
        return [(p, 0, s["hands"][p]) for p in s["order"][:-1]]

    def playing(self) -> tuple[str, int, dict] | None:
        pid = self.s.get("current")
        return None if pid is None else (pid, 0, self.s["hands"][pid])

    def give_turn(self, pid: str, i: int) -> None:
        self.s["current"] = pid

    def dealer_playing(self) -> bool:
        """The dealer's turn is the last of the play."""
        s = self.s
        return s.get("phase") == PLAY and s["current"] == s["dealer"]

    # -- the bets and the deal ------------------------------------------------------------------
    def open_round(self, dealer: str | None, able: list[str]) -> None:
        self.s["bettors"] = self.dealt_in(dealer, able)

    def undecided(self) -> list[str]:
        s = self.s
        stakes = s["ledger"]["stakes"]
        return [p for p in s["bettors"] if p not in stakes and p not in s["sat_out"]]

    def decide(self, pid: str) -> None:
        """A stake or sitting out is the choice (the ledger and ``sat_out`` keep it)."""

    def start_play(self) -> None:
        s = self.s
        dealer = s["dealer"]
        players = [p for p in s["bettors"] if p in s["ledger"]["stakes"]]
        order = players + [dealer]
        self.ledger.new_round()
        self.restock(make_shoe(1 if len(order) <= HANDS_PER_PACK else 2))
        hands: dict[str, dict] = {p: {"cards": [], "shown": False, "status": LIVE} for p in order}
        for who in deal_order(order, 2):
            hands[who]["cards"].append(self.draw())
        s.update(phase=PLAY, order=order, hands=hands, current=None)
        self.log("blackjack.deal", dealer=dealer, players=players)
        if s["opts"]["naturals"]:
            if is_natural(hands[dealer]["cards"]):
                for p in order:
                    if is_natural(hands[p]["cards"]):
                        self._show(p, "blackjack.natural")
                        hands[p]["status"] = NATURAL
                self.settle()
                return
            for p in players:
                if is_natural(hands[p]["cards"]):
                    self._show(p, "blackjack.natural")
                    hands[p]["status"] = NATURAL
        self.advance()

    def _show(self, pid: str, msg: str) -> None:
        hand = self.s["hands"][pid]
        hand["shown"] = True
        if msg == "blackjack.natural":
            self.log(msg, player=pid, cards=list(hand["cards"]))
        else:
            self.log(msg, player=pid, cards=list(hand["cards"]), total=hand_value(hand["cards"]).total)

    # -- the players' moves, and the dealer's --------------------------------------------------
    def hand_actions(self, pid: str, i: int) -> list[dict]:
        """Hit or stand; on 21, stand only."""
        if hand_value(self.s["hands"][pid]["cards"]).total >= 21:
            return [spec("stand")]
        return [spec("hit"), spec("stand")]

    def dealer_needed(self) -> bool:
        """Some player stood (when every player is bust, the dealer does not play)."""
        return any(hand["status"] == STOOD for _, _, hand in self.hands_in_play())

    def dealer_plays(self) -> None:
        """The dealer turns the down card and plays on their phone."""
        s = self.s
        s["current"] = s["dealer"]
        self._show(s["dealer"], "blackjack.reveal")

    def dealer_move(self) -> str:
        """Hit on 16 or less (a soft 17 too with ``hit_soft_17``), else stand."""
        value = hand_value(self.s["hands"][self.s["dealer"]]["cards"])
        must_hit = value.total < 17 or (value.total == 17 and value.soft and self.s["opts"]["hit_soft_17"])
        return "hit" if must_hit else "stand"

    def do_hit(self, pid: str) -> None:
        s = self.s
        hand = s["hands"][pid]
        card = self.draw()
        hand["cards"].append(card)
        self.log("blackjack.hit", player=pid, card=card)
        if hand_value(hand["cards"]).total <= 21:
            return
        hand["status"] = BUST
        self._show(pid, "blackjack.bust")
        if pid == s["dealer"]:
            self.settle()
        else:
            self.advance()

    def do_stand(self, pid: str) -> None:
        s = self.s
        s["hands"][pid]["status"] = STOOD
        self.log("blackjack.stand", player=pid)
        if pid == s["dealer"]:
            self.settle()
        else:
            self.advance()

    # -- settling ------------------------------------------------------------------------------
    def show_all(self) -> None:
        s = self.s
        for p in s["order"]:
            s["hands"][p]["shown"] = True

    def _outcome(self, pid: str, dealer_total: int, dealer_natural: bool) -> tuple[str, int]:
        hand = self.s["hands"][pid]
        stake = self.ledger.stake_of(pid)
        if hand["status"] == BUST:
            return BUST, -stake
        if hand["status"] == NATURAL:
            return (KNOCK, 0) if dealer_natural else (NATURAL, stake * 3 // 2)
        total = hand_value(hand["cards"]).total
        if dealer_natural or (dealer_total <= 21 and total < dealer_total):
            return LOSE, -stake
        if dealer_total > 21 or total > dealer_total:
            return WIN, stake
        return KNOCK, 0

    def outcomes(self) -> list[tuple[str, str, dict | None, str, int]]:
        """Every player's stake against the dealer's hand (a bust hand loses
        whatever the dealer does)."""
        s = self.s
        dealer_cards = s["hands"][s["dealer"]]["cards"]
        dealer_total = hand_value(dealer_cards).total
        dealer_natural = s["opts"]["naturals"] and is_natural(dealer_cards)
        return [(p, "bet", None, *self._outcome(p, dealer_total, dealer_natural)) for p, _, _ in self.hands_in_play()]

    def close_deal(self) -> None:
        """The dealer's gain is logged (every stake was settled against them
        just now: what the players lost, less what they won); a bust dealer
        drinks."""
        s = self.s
        dealer = s["dealer"]
        self.log("blackjack.bank", player=dealer, amount=-sum(r["amount"] for r in s["ledger"]["payouts"]))
        if hand_value(s["hands"][dealer]["cards"]).total > 21:
            self.forfeit(dealer, "dealer_bust")

    # -- seats ---------------------------------------------------------------------------------
    def dealer_left(self) -> None:
        """The deal's cards leave the table with it."""
        super().dealer_left()
        if self.in_deal():
            self.s.update(hands={}, order=[])

    # -- views -----------------------------------------------------------------------------------
    def _public_hand(self, hand: dict) -> dict[str, Any]:
        cards = hand["cards"]
        if hand["shown"]:
            value = hand_value(cards)
            return {"cards": list(cards), "status": hand["status"], "total": value.total, "soft": value.soft}
        return {"cards": [None] + cards[1:], "status": hand["status"], "total": None, "soft": None}

    def table_view(self) -> dict:
        view = super().table_view()
        view["hands"] = {p: self._public_hand(h) for p, h in self.s.get("hands", {}).items()}
        return view

    def seat_view(self, pid: str) -> dict:
        cards = self.hand(pid)
        if not cards:
            return {"total": None}
        value = hand_value(cards)
        return {"total": {"total": value.total, "soft": value.soft}}


# Every message key this engine logs, with its parameters (for the screens'
# wording and its tests).
MESSAGES = Blackjack.MESSAGES
