"""Blackjack in betting boxes against a dealer: the pieces casino and Russian
Blackjack share, as functions over the table (``t``, a ``rules.Table``
whose state is a ``table.BoxesState``). Each game's rule table is in its own
module (``casino_blackjack.py``, ``russian_blackjack.py``): which moves it
offers when, what they pay, how its dealer plays; it calls these for the
mechanics the two have in common.

The shoe
    ``decks`` packs shuffled together. A staged deck (testing mode) may hold
    a card as often as the shoe does (``decks`` times), no more
    (``check_shoe``). Before a deal the last deal's cards go to the discards;
    when less than a quarter of the shoe is left (the cut card) every card
    goes back and the shoe is shuffled (``twentyone.shuffle``). Should the shoe run
    dry in the middle of a deal, the discards are shuffled and dealt on; with
    no discards either (every card on the table) a fresh pack is opened
    (``card``).

The deal (``deal``)
    One card to each box in playing order, the dealer's upcard, a second
    card to each box, then (a game with a hole card) the hole card face
    down. Cards are dealt face up to the players, as from a shoe (the
    dealer's play is fixed, so nothing is gained by hiding them): the only
    hidden cards are the shoe and a hole card not yet shown. A natural (an
    ace and one of the game's ten cards) is a blackjack at once. With an ace
    up, every player who can afford it decides at once whether to insure
    (``insure``): a side stake of half the bet (rounded down), paid 2:1 when
    the dealer has blackjack, else lost.

The hands
    One more card (``give``, then ``played``: a hand that makes 21 stands
    by itself, a bust hand is shown lost at once and its stake collected),
    standing (``stand``), a double (``double``: the stake raised and exactly
    one more card, then ``stand_unless_bust``), a split (``split``: a second
    stake equal to the first, one card to each hand; a split hand gets its
    second card when its turn comes, ``ready``); ``hand_moves`` lists the
    moves a game offers in the phones' order. An ace and a ten after a split
    is 21, not blackjack.

The dealer
    ``dealer_next`` says the dealer's next step: turn the hole card, draw
    (below 17, and a soft 17 where the game says so), or done. When no hand
    needs the dealer (every hand bust or surrendered) the dealer takes no
    more cards; a dealer who has one card only draws the second while a hand
    stood, a blackjack or an insurance waits. ``outcomes`` are each box's
    insurance and each hand still unsettled against the dealer's hand.

Hands in the state: ``hands[pid]`` is a list of ``table.Hand``\\ s (``box``
names the stake in the ledger: ``bet``, then ``split1`` ...; ``bet`` the
stake it started with, ``stake`` what it carries now; ``status`` ``live``,
``stood``, ``bust``, ``blackjack`` or ``surrendered``; ``result`` and
``amount`` its settled payout); the view shows them in that form.
"""

from __future__ import annotations

from typing import Any, Callable

from partyapp.games.kit.actions import int_range, one_of, spec
from partyapp.games.kit.cardgame import number
from partyapp.games.kit.cards import (MAX_SHOE, hand_value, is_natural, make_shoe, points, rank_of, shuffled,
                                      take_out)
from partyapp.games.twentyone.rules import Table
from partyapp.games.twentyone.table import BUST, LIVE, PLAY, DealerHand, Hand, InPlay, Outcome, new_hand


INSURANCE = "insurance"
STOOD, BLACKJACK, SURRENDERED = "stood", "blackjack", "surrendered"
# Named results of a stake, as ``chips.payout`` logs them.
WIN, LOSE, PUSH = "win", "lose", "push"
SURRENDER, INSURED, INSURANCE_LOST = "surrender", "insurance", "insurance_lost"
DECLINE = {"type": "insurance", "take": False}

OPTIONS = {"max_hands": number(4, 2, 4, "Hands a player may split into (a pair split again up to this).")}
MESSAGES = {
    "twentyone.shuffle": ("count",),
    "twentyone.bet": ("player", "amount"),
    "twentyone.sit_out": ("player",),
    "twentyone.deal": ("dealer", "players", "upcard"),
    "twentyone.blackjack": ("player", "cards"),
    "twentyone.insurance": ("player", "amount"),
    "twentyone.card": ("player", "hand", "card", "total"),
    "twentyone.hit": ("player", "hand", "card", "total"),
    "twentyone.stand": ("player", "hand", "total"),
    "twentyone.double": ("player", "hand", "amount", "card", "total"),
    "twentyone.split": ("player", "hand", "cards"),
    "twentyone.bust": ("player", "hand", "total"),
    "twentyone.dealer_card": ("card", "total"),
    "twentyone.dealer_blackjack": ("cards",),
    "twentyone.dealer_stand": ("total",),
    "twentyone.dealer_bust": ("total",),
}


# A staged deck is checked against the biggest shoe, then against the game's own (``check_shoe``).
STAGED_FROM = tuple(make_shoe(MAX_SHOE))


def check_shoe(opts: dict) -> None:
    """A staged deck holds no card more often than the shoe does."""
    if opts.get("deck"):
        take_out(make_shoe(opts["decks"]), opts["deck"])  # ValueError: more often than the shoe holds it


# -- the shoe ------------------------------------------------------------------------------------
def discard(t: Table, cards: list[str]) -> None:
    """Used cards go to the discards."""
    t.s.discards.extend(cards)


def card(t: Table) -> str:
    """The next card of the shoe, refilled from the discards (or a fresh
    pack) when it has run dry."""
    s = t.s
    if not s.stock:
        refill = s.discards or make_shoe(1)
        s.discards = []
        s.stock = shuffled(refill, t.random())
        t.log("twentyone.shuffle", count=len(s.stock))
    return t.draw()


def _shuffle_if_due(t: Table) -> None:
    """Before a deal: the last deal's cards go to the discards; past the
    cut card the whole shoe is shuffled."""
    s = t.s
    s.discards.extend(t.table_cards())
    if len(s.stock) < 52 * s.opts.decks // 4:
        s.discards = []
        t.restock(make_shoe(s.opts.decks))
        t.log("twentyone.shuffle", count=len(s.stock))


# -- the deal and insurance -------------------------------------------------------------------
def deal(t: Table, *, hole_card: bool, tens: frozenset[str]) -> bool:
    """Deal the boxes that staked and the dealer; True when the table now
    decides on insurance (an ace up), else the play is next."""
    s = t.s
    ledger = t.ledger
    players = [p for p in s.bettors if ledger.stake_of(p)]
    ledger.new_round()
    _shuffle_if_due(t)
    hands = {p: [new_hand("bet", [], ledger.stake_of(p))] for p in players}
    dealer = DealerHand(player=s.dealer, shown=True)
    s.phase, s.order, s.hands, s.dealer_hand, s.current, s.insurance = PLAY, players, hands, dealer, None, {}
    s.bank_before = ledger.chips(s.dealer) if s.dealer else None
    for p in players:
        hands[p][0].cards.append(card(t))
    dealer.cards.append(card(t))
    for p in players:
        hands[p][0].cards.append(card(t))
    if hole_card:
        dealer.cards.append(card(t))
        dealer.shown = False
    t.log("twentyone.deal", dealer=s.dealer, players=players, upcard=dealer.cards[0])
    for p in players:
        hand = hands[p][0]
        if is_natural(hand.cards, tens=tens):
            hand.status = BLACKJACK
            t.log("twentyone.blackjack", player=p, cards=list(hand.cards))
    if rank_of(dealer.cards[0]) == "A":
        s.insurance = {p: None for p in players if insurance_amount(t, p)}
        if s.insurance:
            s.phase = INSURANCE
            return True
    return False


def insurance_amount(t: Table, pid: str) -> int:
    """Half the bet, rounded down; 0 when that is nothing or more than the stack."""
    half = t.ledger.stake_of(pid) // 2
    return half if 0 < half <= t.ledger.chips(pid) else 0


def insurance_moves(t: Table, pid: str) -> list[dict]:
    """Insure or not, for a player who has still to decide."""
    s = t.s
    if s.phase == INSURANCE and s.insurance.get(pid, 0) is None:
        return [spec("insurance", take=one_of([True, False]))]
    return []


def insure(t: Table, pid: str, take: bool) -> None:
    """``pid`` insures (half the bet, a stake of its own) or not."""
    amount = insurance_amount(t, pid) if take else 0
    if amount:
        t.ledger.stake(pid, amount, INSURANCE)
    t.s.insurance[pid] = amount
    t.log("twentyone.insurance", player=pid, amount=amount)


def insurance_decided(t: Table) -> bool:
    """The table decided on insurance, everybody has now."""
    s = t.s
    return s.phase == INSURANCE and all(v is not None for v in s.insurance.values())


def insurance_left(t: Table, pid: str, *, dealer_plays: Callable[[Table], None],
                   play: Callable[[Table], None]) -> None:
    """A leaver's insurance is no longer waited for: with no box left in the
    deal the dealer plays (``dealer_plays``); once everybody left has decided,
    the game's play begins (``play``)."""
    s = t.s
    s.insurance.pop(pid, None)
    if s.phase == INSURANCE and not s.order:
        dealer_plays(t)
    elif insurance_decided(t):
        play(t)


def insurance_lost(t: Table) -> None:
    """The dealer has no blackjack: every insurance is lost now."""
    for pid in t.s.order:
        amount = t.ledger.stake_of(pid, INSURANCE)
        if amount:
            t.pay(pid, INSURANCE_LOST, -amount, counter=t.s.dealer, box=INSURANCE)


# -- the hands ------------------------------------------------------------------------------------
def hand_moves(*, hit: bool, double: tuple[int, int] | None, split: bool, surrender: bool = False) -> list[dict]:
    """A hand's moves in the order the phones show them (``stand`` always)."""
    acts = [spec("hit")] if hit else []
    acts.append(spec("stand"))
    if double:
        acts.append(spec("double", amount=int_range(*double)))
    if split:
        acts.append(spec("split"))
    if surrender:
        acts.append(spec("surrender"))
    return acts


def may_split(t: Table, turn: InPlay, resplit_aces: bool) -> bool:
    """A pair (two cards of one value) not doubled, the table's ``max_hands``
    not reached, the second stake affordable; split aces only with
    ``resplit_aces``."""
    hand = turn.hand
    cards = hand.cards
    return (len(cards) == 2 and points(cards[0]) == points(cards[1]) and not hand.doubled
            and len(t.s.hands[turn.player]) < t.s.opts.max_hands and t.ledger.chips(turn.player) >= hand.bet
            and (not hand.aces or resplit_aces))


def give(t: Table, turn: InPlay, msg: str) -> None:
    """One more card to the hand, logged as ``msg`` (``twentyone.hit``, ``twentyone.card``)."""
    c = card(t)
    turn.hand.cards.append(c)
    t.log(msg, player=turn.player, hand=turn.index, card=c, total=hand_value(turn.hand.cards).total)


def stand(t: Table, turn: InPlay) -> None:
    turn.hand.status = STOOD
    t.log("twentyone.stand", player=turn.player, hand=turn.index, total=hand_value(turn.hand.cards).total)


def played(t: Table, turn: InPlay) -> None:
    """After a card: bust (lost at once), 21 (stands), or the hand plays on;
    a hand done hands the turn on."""
    hand = turn.hand
    total = hand_value(hand.cards).total
    if total > 21:
        hand.status = BUST
        t.log("twentyone.bust", player=turn.player, hand=turn.index, total=total)
        t.pay_hand(turn.player, hand, BUST, -hand.stake)
    elif total == 21 and hand.status == LIVE:
        stand(t, turn)
    if hand.status != LIVE:
        t.advance()


def double(t: Table, turn: InPlay, amount: int) -> None:
    """The hand's stake raised by ``amount``, and its one more card."""
    hand = turn.hand
    t.ledger.stake(turn.player, amount, hand.box)
    hand.stake += amount
    hand.doubled = amount
    c = card(t)
    hand.cards.append(c)
    t.log("twentyone.double", player=turn.player, hand=turn.index, amount=amount, card=c,
          total=hand_value(hand.cards).total)


def stand_unless_bust(t: Table, turn: InPlay) -> None:
    """A doubled hand takes no more cards: it stands, or is bust."""
    if hand_value(turn.hand.cards).total <= 21 and turn.hand.status == LIVE:
        turn.hand.status = STOOD
    played(t, turn)


def split(t: Table, turn: InPlay) -> None:
    """The pair split: a second stake equal to the first, the second card a
    hand of its own after this one (split aces marked as such)."""
    hand = turn.hand
    hands = t.s.hands[turn.player]
    box = f"split{len(hands)}"
    t.ledger.stake(turn.player, hand.bet, box)
    second = hand.cards.pop()
    aces = rank_of(second) == "A"
    hand.split = True
    hand.aces = aces
    hands.insert(turn.index + 1, new_hand(box, [second], hand.bet, split=True, aces=aces))
    t.log("twentyone.split", player=turn.player, hand=turn.index, cards=[hand.cards[0], second])


def ready(t: Table, turn: InPlay, *, aces_stand: bool, resplit_aces: bool) -> None:
    """A split hand gets its second card when its turn comes; split aces
    then stand (``aces_stand``, unless they may split again), and 21 stands."""
    hand = turn.hand
    if len(hand.cards) == 1:
        give(t, turn, "twentyone.card")
        if hand.aces and aces_stand and not may_split(t, turn, resplit_aces):
            stand(t, turn)
            return
    if hand_value(hand.cards).total == 21:
        stand(t, turn)


# -- the dealer -----------------------------------------------------------------------------------------
def dealer_next(t: Table, hit_soft_17: bool) -> str:
    """The dealer's next step: ``reveal`` the hole card, ``draw`` a card, or
    ``done`` (stand, and settle)."""
    s = t.s
    dealer = s.dealer_hand
    if not dealer.shown:
        return "reveal"
    if dealer.status != LIVE:
        return "done"
    hands = [turn.hand for turn in t.hands_in_play()]
    stood = any(h.status == STOOD for h in hands)
    if len(dealer.cards) < 2:
        waiting = stood or any(h.status == BLACKJACK for h in hands) or any(s.insurance.values())
        return "draw" if waiting else "done"
    value = hand_value(dealer.cards)
    must_hit = value.total < 17 or (value.total == 17 and value.soft and hit_soft_17)
    return "draw" if stood and must_hit else "done"


def dealer_draw(t: Table, tens: frozenset[str]) -> None:
    """The dealer takes a card: a natural is a blackjack, over 21 bust."""
    dealer = t.s.dealer_hand
    c = card(t)
    dealer.cards.append(c)
    total = hand_value(dealer.cards).total
    t.log("twentyone.dealer_card", card=c, total=total)
    if is_natural(dealer.cards, tens=tens):
        dealer.status = BLACKJACK
        t.log("twentyone.dealer_blackjack", cards=list(dealer.cards))
    elif total > 21:
        dealer.status = BUST
        t.log("twentyone.dealer_bust", total=total)


def dealer_done(t: Table) -> None:
    """The dealer stands (said only against a hand that waits for it: when
    every box is bust the dealer's cards are turned and nothing more is
    said), and the deal settles."""
    dealer = t.s.dealer_hand
    waiting = any(turn.hand.status == STOOD for turn in t.hands_in_play())
    if dealer.status == LIVE and len(dealer.cards) >= 2 and waiting:
        dealer.status = STOOD
        t.log("twentyone.dealer_stand", total=hand_value(dealer.cards).total)
    t.settle()


# -- settling ---------------------------------------------------------------------------------------
def outcomes(t: Table, *, tie: str, pays: tuple[int, int]) -> list[Outcome]:
    """Each box's insurance (paid 2:1 on the dealer's blackjack, else lost),
    then each hand not yet settled against the dealer's final hand: a
    blackjack wins ``pays`` (3:2: ``(3, 2)``, rounded down) unless the
    dealer has one too (``tie``); a dealer's blackjack beats every other
    hand; else the higher total wins 1:1, a bust dealer pays every hand
    standing, and equal totals are a ``tie``."""
    s = t.s
    dealer = s.dealer_hand
    dealer_bj = dealer.status == BLACKJACK
    dealer_total = hand_value(dealer.cards).total
    out: list[Outcome] = []
    for pid in s.order:
        insured = t.ledger.stake_of(pid, INSURANCE)
        if insured:
            result, gain = (INSURED, 2 * insured) if dealer_bj else (INSURANCE_LOST, -insured)
            out.append(Outcome(player=pid, box=INSURANCE, result=result, gain=gain))
        for hand in s.hands[pid]:
            if hand.result is None:
                result, gain = _outcome(hand, dealer_bj, dealer_total, tie, pays)
                out.append(Outcome(player=pid, box=hand.box, result=result, gain=gain, hand=hand))
    return out


def _outcome(hand: Hand, dealer_bj: bool, dealer_total: int, tie: str, pays: tuple[int, int]) -> tuple[str, int]:
    stake = hand.stake
    if hand.status == BLACKJACK:
        return (tie, 0) if dealer_bj else (BLACKJACK, stake * pays[0] // pays[1])
    if dealer_bj:
        return LOSE, -stake
    total = hand_value(hand.cards).total
    if dealer_total > 21 or total > dealer_total:
        return WIN, stake
    if total < dealer_total:
        return LOSE, -stake
    return tie, 0


# -- views ---------------------------------------------------------------------------------------------
def _hand_view(hand: Hand) -> dict[str, Any]:
    value = hand_value(hand.cards)
    return {"box": hand.box, "cards": list(hand.cards), "status": hand.status, "total": value.total,
            "soft": value.soft, "bet": hand.bet, "stake": hand.stake, "doubled": hand.doubled,
            "split": hand.split, "result": hand.result, "amount": hand.amount}


def _dealer_view(dealer: DealerHand | None) -> dict | None:
    if dealer is None:
        return None
    cards = dealer.cards
    shown = cards if dealer.shown else cards[:1]
    value = hand_value(shown)
    return {"player": dealer.player, "cards": shown + [None] * (len(cards) - len(shown)),
            "status": dealer.status, "total": value.total, "soft": value.soft}


def view(t: Table) -> dict:
    """The shoe and discards, every box, the dealer's hand (the hole card
    hidden), the hand in play, the insurance taken; while the table decides
    on insurance, who has still to."""
    s = t.s
    out: dict[str, Any] = {"piles": {"shoe": len(s.stock), "discards": len(s.discards)}}
    if s.phase == INSURANCE:
        out["waiting_for"] = [] if s.over else [p for p, v in s.insurance.items() if v is None]
    out.update(hands={p: [_hand_view(h) for h in hands] for p, hands in s.hands.items()},
               dealer_hand=_dealer_view(s.dealer_hand), current=t.current_view(),
               insurance={p: v for p, v in s.insurance.items() if v})
    return out


def seat_view(t: Table, pid: str) -> dict:
    totals = []
    for hand in t.s.hands.get(pid, ()):
        value = hand_value(hand.cards)
        totals.append({"total": value.total, "soft": value.soft})
    return {"totals": totals}

