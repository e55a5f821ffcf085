"""What lies on a 21 table, as typed records: the state every 21 game keeps
(``TwentyOneState``) and what the box games (``BoxesState``: casino and
Russian Blackjack) and Pontoon (``PontoonState``) add to it, a player's
``Hand``, the dealer's or banker's ``DealerHand``, the hand in play
(``Turn``, ``InPlay``), a stake's settled ``Outcome``, Pontoon's ``Cut``
for the bank and ``Offer`` of it.

One ``Hand`` record serves the four games; each uses the fields its rules
name (home Blackjack: ``cards``, ``status``, ``shown``; the boxes of casino
and Russian Blackjack: ``box``, ``bet``, ``stake``, ``doubled``, ``split``,
``aces``; Pontoon: ``up``, ``bought``, ``twisted``, ``shown`` beside the
stakes). A hand is made by ``new_hand``.
"""

from __future__ import annotations

from typing import NamedTuple

from partyapp.games.kit.cardgame import CardState
from partyapp.games.kit.chips import Ledger
from partyapp.games.kit.record import Record, field

# The phases every 21 game has (``TwentyOneState.phase``): the bets, the
# players' hands in turn, the dealer's play.
BET, PLAY, DEALER = "bet", "play", "dealer"
REBUY = "rebuy"  # before a deal: the players out of chips buy back in or sit the rest out
# A hand still being played; a hand over 21.
LIVE, BUST = "live", "bust"


class Hand(Record, omit_defaults=True):
    """One hand of a player: its cards and, where the game stakes on hands,
    its betting box (``box``, the ledger's name for its stake)."""

    box: str = "bet"
    cards: list[str] = []
    status: str = LIVE  # live, stood/stuck, bust, blackjack/natural/pontoon/trick, surrendered
    bet: int = 0  # the stake it started with
    stake: int = 0  # what it carries now (raised by a double or a buy)
    doubled: int = 0  # the amount a double added (the boxes)
    split: bool = False  # made by a split (or the first hand of one)
    aces: bool = False  # split aces (the boxes)
    up: list[bool] = []  # which cards lie face up (Pontoon)
    bought: int = 0  # what the last card bought added (Pontoon)
    twisted: bool = False  # twisted once: only twists from now on (Pontoon)
    shown: bool = False  # every card turned up (home Blackjack, Pontoon)
    result: str | None = None  # its settled payout, once settled
    amount: int | None = None


def new_hand(box: str = "bet", cards: list[str] | None = None, bet: int = 0, *, split: bool = False,
             aces: bool = False, up: list[bool] | None = None) -> Hand:
    """A live hand staking ``bet`` in ``box``."""
    return Hand(box=box, cards=[] if cards is None else cards, bet=bet, stake=bet, split=split, aces=aces,
                up=[] if up is None else up)


class DealerHand(Record):
    """The dealer's or banker's hand, named after who dealt it (None: the
    house); ``shown`` while every card of it is face up."""

    player: str | None = None
    cards: list[str] = []
    status: str = LIVE
    shown: bool = False


class Turn(Record):
    """The hand in play: ``player``'s hand number ``hand``."""

    player: str
    hand: int = 0


class InPlay(NamedTuple):
    """A hand dealt this deal, with its player and its place among their hands."""

    player: str
    index: int
    hand: Hand


class Outcome(Record):
    """A stake's result at the settling: ``gain`` (negative for a loss) for
    ``player``'s ``box``, the hand it was staked on (None: a stake of no hand,
    insurance, or home Blackjack's one bet)."""

    player: str
    box: str
    result: str
    gain: int
    hand: Hand | None = None


def _no_ledger() -> Ledger:
    return Ledger(start=0, minimum=0, maximum=0)


class TwentyOneState(CardState):
    """The state of a session of 21 deals (``rounds.TwentyOne``)."""

    # The session: the chips, the deals settled, who sits out.
    ledger: Ledger = field(default_factory=_no_ledger)
    round: int = 0  # deals settled
    out: list[str] = []  # players logged as out of chips
    sitting_out: list[str] = []  # who sits out from the next deal on
    choosing: list[str] = []  # out of chips, asked to buy back in or sit the rest out
    gone: list[str] = []  # out of chips, sitting the rest of the game out
    rebought: dict[str, int] = {}  # who bought back in before this deal, and the stack bought
    # Who deals: a player, or None for the house; a testing mode's first
    # dealer; the dealer left mid-deal and the player on their left took it.
    dealer: str | None = None
    first_dealer: str | None = None
    dealer_left: bool = False
    # The deal: its phase, the bets, the hands in playing order.
    phase: str = BET
    bettors: list[str] = []  # dealt in to bet, in playing order
    decided: list[str] = []  # who has bet or sat out
    sat_out: list[str] = []
    order: list[str] = []  # the players dealt in, in playing order
    hands: dict[str, list[Hand]] = {}
    current: Turn | None = None  # the hand in play
    dealer_hand: DealerHand | None = None
    due: float | None = None  # when the house's next paced step is due
    bank_before: int | None = None  # the dealer's stack before the deal


# -- the games' own tables ---------------------------------------------------------------------
class BoxesState(TwentyOneState):
    """A 21 table of betting boxes: the insurance taken, the discards."""

    insurance: dict[str, int | None] = {}  # who insured what (None: not decided yet)
    discards: list[str] = []


class Cut(Record):
    """A card cut for the bank."""

    player: str
    card: str


class Offer(Record):
    """The bank offered for sale to ``player`` at ``price``."""

    player: str
    price: int


class PontoonState(TwentyOneState):
    """Pontoon's table: the cut for the bank, the bank's sale, the bank's
    passing on a pontoon, whether the pack is shuffled before the next deal,
    how many packs are in play."""

    cuts: list[Cut] = []
    offer: Offer | None = None
    bank_to: str | None = None  # who takes the bank at the next deal (a pontoon)
    shuffle: bool = False
    packs: int = 1  # another is shuffled in when the pack runs out, until a shuffle gathers every card
