"""Old Maid (mode ``old_maid``): "OLD MAID" of ``seeds/000``.

Pairs go out; whoever is left holding the odd queen loses, and drinks.

The rules as the seed gives them
--------------------------------
- One queen is taken out of the 52-card pack, leaving 51 cards.
- The whole pack is dealt clockwise, one card at a time from the dealer's
  left; some players get one card more, which is fine.
- Everybody discards the pairs in their hand: two cards of one rank, suits
  do not matter. The pairs are laid face up (``piles.discards``).
- The dealer offers their hand face down to the player on their left, who
  takes one card unseen (``take {position}``: the place of a card in the
  offered fan, which the taker sees only as backs). A pair it makes is
  discarded. Then that player offers their hand to the next player on the
  left, and so on clockwise.
- A player whose hand runs out is safe and out of the play; the turn goes
  round the players who still hold cards.
- At the end every card is paired off but the one odd queen; its holder
  loses.

Readings where the seed is open
-------------------------------
- **The queen taken out** is the queen of clubs, unseen and out of play:
  pairs go by rank, so which queen it is changes nothing. A staged deck
  (testing mode) may leave out any one queen, and that queen is the one
  taken out (of several left out, the first of clubs, diamonds, hearts,
  spades); one that holds all four queens is refused.
- **Pairs are discarded by the app**, at the deal and after every take: a
  pair at a real table is always discarded, and doing it by hand only slows
  the game. Three of a rank lose one pair and keep one card; four lose two
  pairs.
- **The dealer** (the seed names none): the room's first game of Old Maid
  draws its dealer by lot (the game's seeded generator), then the deal
  passes to the left from game to game (the room hands the next game its
  dealer, ``Game.DEAL_PASSES``, the start input ``dealer``); a staged deck
  (testing mode) is dealt by the last seat, so the first seat takes first,
  unless ``dealer`` names another (testing mode too). When the dealer
  holds nothing after the pairs go, the first player clockwise who holds
  cards takes from the nearest player on their right who still does.
- **The offered fan**: positions count from the holder's first card as the
  holder sees their hand (``you.hand``). The holder may ``shuffle`` their
  hand while it is offered, as often as they like (the table sees that they
  did). A card taken goes into the taker's hand at a random place, so the
  player who gave it cannot follow it round.
- **Who sees the card taken**: the taker and the holder (``you.last_take``),
  as at a real table; the table sees only who took from whom and from which
  place, until a pair it makes is laid down.
- **Forfeits** (``forfeits``, default on): the loser drinks 1. Everybody
  else is safe: they are the winners (``result.safe`` lists them in the order
  they went out).
- **Absent phones** (``skip``): a taker whose phone is away takes the card in
  the middle of the fan.
- **Leaving**: a leaver's cards go to the next player clockwise who still
  holds cards (who discards the pairs they make); the game goes on. Nobody is
  dealt in mid-game: a guest who joins plays the next game.
- **Taking a move back**: none. A ``take`` shows the taker a card of a hand
  they could not see, and ``shuffle`` is random.
"""

from __future__ import annotations

from partyapp.games.kit.wording import N_
from partyapp.games.kit.actions import one_of, spec
from partyapp.games.kit.cardgame import DEALER_LOT
from partyapp.games.kit.cards import STANDARD_DECK, make_deck, rank_of
from partyapp.games.kit.handgame import HandGame, HandState, rank_groups
from partyapp.games.kit.record import Record, to_plain

REMOVED_QUEEN = "QC"
DECK = tuple(make_deck(52, without=[REMOVED_QUEEN]))
# The queen taken out: the queen of clubs, else (a staged deck holding it)
# the first of these the staged deck leaves out.
QUEENS_OUT = ("QC", "QD", "QH", "QS")


def removed_queen(staged) -> str:
    """The queen taken out of the pack, given a staged deck (``ValueError``
    when it holds every queen)."""
    held = set(staged)
    for queen in QUEENS_OUT:
        if queen not in held:
            return queen
    raise ValueError("A staged deck must leave out one queen (the pack has 51 cards).")


class Take(Record):
    """The last card taken: who took it from whom, from which place of the
    fan, and the card (seen by those two only)."""

    taker: str
    holder: str
    position: int
    card: str

    def public(self) -> dict:
        return {"taker": self.taker, "holder": self.holder, "position": self.position}


class OldMaidState(HandState):
    dealer: str | None = None
    taker: str | None = None  # whose turn it is to take a card
    discards: list[str] = []  # the pairs laid down, face up
    pairs: dict[str, int] = {}  # pairs laid down, by player
    safe: list[str] = []  # who went out, in that order
    loser: str | None = None
    shuffles: int = 0  # how often the fan on offer was shuffled
    last_take: Take | None = None
    removed: str = REMOVED_QUEEN  # the queen taken out of the pack


class OldMaid(HandGame):
    mode = "old_maid"
    title = N_("Old Maid")

    MESSAGES = {
        **HandGame.MESSAGES,
        **DEALER_LOT,
        "old_maid.deal": ("dealer", "counts"),
        "old_maid.pairs": ("player", "cards"),
        "old_maid.take": ("player", "holder", "position"),
        "old_maid.shuffle": ("player",),
        "old_maid.safe": ("player",),
        "old_maid.loser": ("player", "card"),
    }
    FORFEITS = {"old_maid": 1}
    STAGED_FROM = STANDARD_DECK
    DEAL_PASSES = True
    OPTION_DATA = ("deck", "dealer")
    TESTING_OPTIONS = ("deck", "dealer")
    State = OldMaidState

    @classmethod
    def check_data(cls, name: str, value):
        """A staged deck: cards of the pack, at most three queens (or the dealer)."""
        checked = super().check_data(name, value)
        if name == "deck":
            removed_queen(checked)
        return checked

    # -- the deal ----------------------------------------------------------------------
    def setup(self, dealer: str | None = None) -> None:
        """Deal, ``dealer`` dealing when given and seated (the room's turn to
        deal, or a test's), else one drawn by lot (``starting_dealer``)."""
        s = self.s
        seats = s.seats
        dealer = self.starting_dealer(dealer)
        removed = removed_queen(s.staged)
        self.restock(make_deck(52, without=[removed]))
        first = self.next_after(dealer)
        self.deal_hands(first)
        s.dealer, s.removed = dealer, removed
        s.pairs = {p: 0 for p in seats}
        self.log("old_maid.deal", dealer=dealer, counts=[len(s.hands[p]) for p in seats])
        for p in seats:
            self._discard_pairs(p)
        for p in seats:
            self._mark_safe(p)
        self._next_taker(first, inclusive=True)

    def _discard_pairs(self, pid: str) -> None:
        """Lay down every pair in ``pid``'s hand."""
        s = self.s
        hand = s.hands[pid]
        out: list[str] = []
        for cards in rank_groups(hand).values():
            out.extend(cards[:len(cards) // 2 * 2])
        if not out:
            return
        gone = set(out)
        s.hands[pid] = [c for c in hand if c not in gone]
        s.discards.extend(out)
        s.pairs[pid] = s.pairs.get(pid, 0) + len(out) // 2
        self.log("old_maid.pairs", player=pid, cards=out)

    def _mark_safe(self, pid: str) -> None:
        s = self.s
        if not s.hands.get(pid) and pid not in s.safe:
            s.safe.append(pid)
            self.log("old_maid.safe", player=pid)

    def _next_taker(self, after: str | None, inclusive: bool = False) -> None:
        """The turn passes to the next player clockwise who holds cards (``after``
        itself first when ``inclusive``), or the game ends when one is left."""
        s = self.s
        holding = self.holding()
        if len(holding) <= 1:
            self._lose(holding[0] if holding else None)
            return
        s.shuffles = 0
        if after is None:
            s.taker = holding[0]
        elif inclusive and after in holding:
            s.taker = after
        else:
            s.taker = self.next_after(after, holding)

    def _lose(self, pid: str | None) -> None:
        s = self.s
        s.taker = None
        s.loser = pid
        if pid is not None:
            self.log("old_maid.loser", player=pid, card=s.hands[pid][0])
            self.forfeit(pid, "old_maid")
        self.end("out")

    # -- turns -------------------------------------------------------------------------
    def holder(self) -> str | None:
        """Whose hand is offered: the nearest player on the taker's right who
        still holds cards."""
        taker = self.s.taker
        if taker is None:
            return None
        return self.before(taker, [p for p in self.holding() if p != taker])

    def turn(self) -> str | None:
        return self.s.taker

    def actions(self, pid: str) -> list[dict]:
        s = self.s
        holder = self.holder()
        if pid == s.taker and holder is not None:
            return [spec("take", position=one_of(range(len(s.hands[holder]))))]
        if pid == holder and len(s.hands[pid]) > 1:
            return [spec("shuffle")]
        return []

    def default_action(self, pid: str) -> dict | None:
        holder = self.holder()
        if pid != self.s.taker or holder is None:
            return None
        return {"type": "take", "position": len(self.s.hands[holder]) // 2}

    # -- moves -------------------------------------------------------------------------
    def do_take(self, pid: str, position: int) -> None:
        s = self.s
        holder = self.holder()
        card = s.hands[holder].pop(position)
        hand = s.hands[pid]
        hand.insert(self.random().randint(0, len(hand)), card)
        s.last_take = Take(taker=pid, holder=holder, position=position, card=card)
        self.log("old_maid.take", player=pid, holder=holder, position=position)
        pair = [c for c in hand if rank_of(c) == rank_of(card)]
        if len(pair) >= 2:
            self._discard_pairs(pid)
        self._mark_safe(holder)
        self._mark_safe(pid)
        self._next_taker(pid)

    def do_shuffle(self, pid: str) -> None:
        self.random().shuffle(self.s.hands[pid])
        self.s.shuffles += 1
        self.log("old_maid.shuffle", player=pid)

    # -- seats -------------------------------------------------------------------------
    def on_leave(self, pid: str, index: int) -> None:
        s = self.s
        cards = s.hands.pop(pid, [])
        s.pairs.pop(pid, None)
        if pid in s.safe:
            s.safe.remove(pid)
        if s.last_take and pid in (s.last_take.taker, s.last_take.holder):
            s.last_take = None
        was_taker = s.taker == pid
        if cards or was_taker:
            s.shuffles = 0  # the fan on offer may be another now
        if cards:
            heir = self.next_from_index(index, self.holding()) or self.next_from_index(index)
            hand = s.hands[heir]
            rng = self.random()
            for card in cards:
                hand.insert(rng.randint(0, len(hand)), card)
            if heir in s.safe:
                s.safe.remove(heir)
            self._discard_pairs(heir)
            self._mark_safe(heir)
        if was_taker or s.taker not in self.holding():
            self._next_taker(self.next_from_index(index), inclusive=True)
        elif len(self.holding()) <= 1:
            self._next_taker(s.taker)

    # -- the end -----------------------------------------------------------------------
    def last_dealer(self) -> str | None:
        return self.s.dealer

    def final_result(self, reason: str) -> dict:
        result = super().final_result(reason)
        s = self.s
        loser = s.loser
        if loser is not None:
            result["losers"] = [loser]
            result["winners"] = [p for p in s.seats if p != loser]
        result.update(loser=loser, safe=[p for p in s.safe if p in s.seats],
                      card=s.hands[loser][0] if loser is not None else None)
        return result

    # -- views -------------------------------------------------------------------------
    def piles(self) -> dict:
        return {"discards": list(self.s.discards)}

    def table_view(self) -> dict:
        s = self.s
        holder = None if s.over else self.holder()
        return {
            "dealer": s.dealer,
            "taker": None if s.over else s.taker,
            "holder": holder,
            "offered": len(s.hands[holder]) if holder else 0,
            "shuffles": s.shuffles,
            "pairs": {p: s.pairs.get(p, 0) for p in s.seats},
            "safe": [p for p in s.safe if p in s.seats],
            "loser": s.loser,
            "last_take": s.last_take.public() if s.last_take else None,
        }

    def seat_view(self, pid: str) -> dict:
        last = self.s.last_take
        if last and pid in (last.taker, last.holder):
            return {"last_take": to_plain(last)}
        return {"last_take": None}
