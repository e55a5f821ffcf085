"""The Blackjack family's bots: basic strategy in casino 21, the dealer's rule
and a player's basic hit-or-stand in home Blackjack, and basic strategy
against a one-card dealer in Russian Blackjack.

Basic strategy (``basic``) is the multi-deck chart (four to eight decks) for
the table's rules: the dealer standing or hitting on soft 17, doubling after
a split or not, late surrender, and the European game without a hole card
(no double or split against a ten or an ace, where the dealer's blackjack
would take those stakes too). It reads the bot's hand and the dealer's
upcard from the frame, and the moves on offer say what the rules allow now:
a double that is not offered hits (or, on a soft 18 and 19, stands), a split
that is not offered plays the pair as its total. Insurance is never taken.

Bets: a steady stake, about a tenth of the stack, within the table limits
(the benchmark's flat bet is a table with one limit); out of chips, a bot
buys back in when the table allows it. Home and Russian
dealers have exactly the rule's move on offer, and make it.
"""

from __future__ import annotations

import random

from partyapp.games.kit.cards import TEN_VALUES, rank_of
from partyapp.bots.strategy import Moves, Strategy, me

HIT, STAND, DOUBLE, DOUBLE_OR_STAND, SPLIT, SURRENDER = "H", "S", "D", "Ds", "P", "R"
ACE = 11


def up_value(card: str) -> int:
    """The dealer's upcard as basic strategy reads it: 2 to 10, or 11 for an ace."""
    rank = rank_of(card)
    if rank == "A":
        return ACE
    return 10 if rank in TEN_VALUES else int(rank)


def _hard(total: int, up: int, h17: bool) -> str:
    if total >= 17:
        return STAND
    if total >= 13:
        return STAND if up <= 6 else HIT
    if total == 12:
        return STAND if 4 <= up <= 6 else HIT
    if total == 11:
        return DOUBLE if up <= 10 or h17 else HIT
    if total == 10:
        return DOUBLE if up <= 9 else HIT
    if total == 9:
        return DOUBLE if 3 <= up <= 6 else HIT
    return HIT


def _soft(total: int, up: int, h17: bool) -> str:
    if total >= 20:
        return STAND
    if total == 19:
        return DOUBLE_OR_STAND if h17 and up == 6 else STAND
    if total == 18:
        if up <= 6:
            return DOUBLE_OR_STAND if up >= 3 or h17 else STAND
        return STAND if up <= 8 else HIT
    if total == 17:
        return DOUBLE if 3 <= up <= 6 else HIT
    if total >= 15:
        return DOUBLE if 4 <= up <= 6 else HIT
    return DOUBLE if 5 <= up <= 6 else HIT


def _pair(rank: str, up: int, das: bool) -> str | None:
    """Split a pair of ``rank``? ``SPLIT`` or None (play it as a total)."""
    if rank == "A" or rank == "8":
        return SPLIT
    if rank in TEN_VALUES or rank == "5":
        return None
    if rank == "9":
        return SPLIT if up <= 9 and up != 7 else None
    if rank == "7":
        return SPLIT if up <= 7 else None
    if rank == "6":
        return SPLIT if (2 if das else 3) <= up <= 6 else None
    if rank == "4":
        return SPLIT if das and up in (5, 6) else None
    return SPLIT if (2 if das else 4) <= up <= 7 else None  # twos and threes


def _surrender(total: int, pair: str | None, up: int, h17: bool) -> bool:
    if pair == "8":
        return h17 and up == ACE
    if total == 16:
        return up >= 9
    if total == 15:
        return up == 10 or (h17 and up == ACE)
    return total == 17 and h17 and up == ACE and pair is None


def basic(cards: list[str], total: int, soft: bool, up: int, moves: Moves, *, h17: bool = False,
          das: bool = True, european: bool = False) -> dict:
    """The basic-strategy move for a hand, among the moves on offer."""
    two = len(cards) == 2
    pair = rank_of(cards[0]) if two and rank_of(cards[0]) == rank_of(cards[1]) else None
    if pair is None and two and all(rank_of(c) in TEN_VALUES for c in cards):
        pair = "10"
    strong_up = european and up >= 10
    if moves.has("surrender") and _surrender(total, pair, up, h17):
        return {"type": "surrender"}
    if pair is not None and moves.has("split"):
        splits = _pair(pair, up, das)
        if strong_up and not (pair == "A" and up == 10):
            splits = None
        if splits:
            return {"type": "split"}
    if pair == "A" and total == 12:
        soft = True  # two aces that may not split: a soft 12
    move = _soft(total, up, h17) if soft else _hard(total, up, h17)
    if move in (DOUBLE, DOUBLE_OR_STAND):
        amounts = moves.bounds("double", "amount")
        if amounts is not None and not strong_up:
            return {"type": "double", "amount": amounts[1]}
        move = STAND if move == DOUBLE_OR_STAND else HIT
    if move == HIT and moves.has("hit"):
        return {"type": "hit"}
    return {"type": "stand"}


def steady_bet(frame: dict, moves: Moves, type_: str = "bet") -> dict | None:
    """A stake of about a tenth of the stack, a multiple of the minimum, in the limits."""
    bounds = moves.bounds(type_, "amount")
    if bounds is None:
        return None
    lo, hi = bounds
    chips = (frame["game"].get("chips") or {}).get(me(frame), hi)
    amount = max(lo, (chips // 10) // lo * lo)
    return {"type": type_, "amount": min(hi, amount)}


class BoxesBot(Strategy):
    """What the casino and Russian bots share: bets, insurance, a hand's play."""

    european = False

    def rules(self, game: dict) -> tuple[bool, bool, bool]:
        """(dealer hits soft 17, double after split, European)."""
        return False, True, self.european

    def choose(self, frame: dict, memory: dict, level: str, rng: random.Random) -> dict | None:
        moves = Moves(frame)
        game = frame["game"]
        if moves.has("rebuy"):
            return {"type": "rebuy"}  # out of chips: back in for the rest of the game
        if moves.has("insurance"):
            return {"type": "insurance", "take": False}
        if moves.has("bet"):
            return steady_bet(frame, moves)
        if moves.has("leave"):
            return {"type": "leave"}  # a tied stake plays again as it is
        current = game.get("current")
        if current and current["player"] == me(frame) and game.get("dealer_hand"):
            hand = game["hands"][me(frame)][current["hand"]]
            up = up_value(game["dealer_hand"]["cards"][0])
            h17, das, european = self.rules(game)
            return basic(hand["cards"], hand["total"], hand["soft"], up, moves, h17=h17, das=das, european=european)
        return {"type": moves.types[0]}  # the dealer's one move, or a bet offered alone


class CasinoBot(BoxesBot):
    def rules(self, game: dict) -> tuple[bool, bool, bool]:
        o = game["options"]
        return o["hit_soft_17"], o["double_after_split"], o["hole_card"] == "european"


class RussianBot(BoxesBot):
    """The Russian dealer takes their second card after the players: as the
    European game, standing on soft 17."""

    european = True


class HomeBot(Strategy):
    """Home Blackjack: the dealer's one move; a player hits or stands by
    basic strategy against the dealer's face-up card (no doubles here)."""

    def choose(self, frame: dict, memory: dict, level: str, rng: random.Random) -> dict | None:
        moves = Moves(frame)
        game = frame["game"]
        if moves.has("rebuy"):
            return {"type": "rebuy"}  # out of chips: back in for the rest of the game
        if moves.has("bet"):
            return steady_bet(frame, moves)
        if len(moves.types) == 1:
            return {"type": moves.types[0]}  # the dealer's rule, or 21 stands
        dealer = game["hands"].get(game.get("dealer") or "", {})
        shown = [c for c in dealer.get("cards", []) if c]
        mine = frame["you"]["total"]
        if not shown or mine is None:
            return {"type": "stand"}
        h17 = game["options"].get("hit_soft_17", False)
        return basic(frame["you"]["hand"], mine["total"], mine["soft"], up_value(shown[0]), moves, h17=h17)
