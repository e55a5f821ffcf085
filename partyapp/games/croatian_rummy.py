"""Croatian Rummy (mode ``croatian_rummy``): "Croatian Rummy" of ``seeds/002``,
with its drinking forfeits.

Make sets and runs, lay them down, take from the discard line, steal jokers,
and be the first to go out with one card left to discard: "rummy".

The rules as the seed gives them
--------------------------------
- 2 to 5 players (the seed gives no number; with six, one pack leaves a
  stock of eleven cards and rounds rarely finish), 52 cards and 2 jokers.
  The dealer deals seven cards to everybody, one at
  a time from their left, and an eighth to the player on their left, who
  starts by discarding a card (they may lay sets first). The deal passes to
  the left after every round.
- **Sets** (``melds.py``): three or four cards of one rank, or three or more
  cards of one suit in order, the ace low (A 2 3) or high (Q K A).
- **A turn**: take the top card of the stock (``draw``) or from the face-up
  discard line (``take {position}``), then lay down sets (``meld``), add
  to your own sets (``layoff``) and swap jokers (``swap``) as you like, and
  end by discarding one card to the end of the line (``discard``). Laying
  down is never compulsory: players may hold their sets back to bluff.
- **The discard line**: the end card may always be taken alone. A player may
  start further back, taking that card and every card after it; then the
  card they start from must go into a set they lay down this turn (the app
  offers only the positions where a set with it can be made from the hand
  and the cards taken, and the first move after such a take is laying that
  set).
- **Jokers** are wild. A player who has at least one set down may take a
  joker out of any set on the table by putting in its place the real card
  it stands for (``swap``); the joker goes to their hand.
- **Finishing**: a player who has sets down and discards their last card
  completes rummy and ends the round. (A player must always keep a card to
  discard: a meld or lay-off may not empty the hand.)
- **Scoring** each round: the cards in your own sets are plus points, the
  cards left in your hand minus points; two to ten count their pips,
  pictures 10, aces 15; a joker in a set counts 0, a joker in the hand
  costs 30. The first player to reach 500 (``target``) wins; when several
  reach it in the same round, the highest total wins.
- **Forfeits** (``forfeits``, default on; counted in fingers): when a player
  completes rummy everybody else drinks 2; every time a joker is laid in a
  set (laid down or laid off), everybody but the player laying it drinks 2
  (for each joker); when a joker is taken out of a set, the player whose set
  it was drinks 2; everybody caught with a joker in hand when somebody
  completes rummy drinks 2 (for each joker held); when a player wins the
  game, everybody else finishes their drink (counted apart, as ``necks``).

Readings where the seed is open
--------------------------------
- **Jokers in a set**: a set or run holds at least as many real cards as
  jokers, so what a joker stands for is always plain. In a run a joker
  stands for the card of its place; in a set of a kind for any card of that
  rank whose suit the set lacks. A joker only fills a place whose card the
  player does not hold. Where a joker could go at either end of a run, the
  player chooses (each way is offered: ``meld {cards}`` lists cards in their
  order); a joker laid off goes on the high end, or the low end once the run
  reaches the ace.
- **Lay-offs** go onto your own sets only, as the seed says ("a set you have
  laid"). **Taking several cards** needs the start card in a new set
  (``take_lay_off`` on: laying it off onto one of your own sets will do).
- **Swapping** is open to a player with a set down (laid before, or earlier
  in the same turn), onto anybody's set, their own included.
- **The stock runs out** (the seed is silent): the discard line but its end
  card is shuffled into a new stock, up to ``reshuffles`` times a round
  (default 1; 0: never). When the stock is out and may not (or cannot) be
  made again, the round ends: it is scored the same way, without the rummy
  forfeits. (With everybody down to a card or two and nothing left to lay,
  a round could otherwise go round for ever.)
- **The first dealer** ("A dealer is chosen": the seed says not how) is
  drawn by lot (the game's seeded generator); the deal then passes to the
  left round by round, and from game to game: the room hands the next game
  the player on the left of who dealt the last round (``Game.DEAL_PASSES``,
  the start input ``dealer``, which testing mode may also name). With a
  staged deck (testing mode) the last seat deals, so the first seat plays
  first, the deck deals the first seat's first card first, and the eighth
  card of the first seat comes after the seventh round.
- **Seats**: a player who joins mid-game is dealt in at the next round, on 0
  points. A player who leaves takes their hand away unseen; their sets stay
  on the table (their jokers can still be taken, nobody drinks for them);
  the turn passes on when it was theirs; with fewer than two players in the
  round, it is called off unscored and the next round is dealt.
- **Absent phones** (``skip``): the player draws from the stock; having
  drawn, they lay the set a take from the line requires, else discard
  their highest card (never a joker while they hold another card).
- **Taking a move back** (``takes_back``): a ``take`` from the discard line
  (its cards lie face up), a ``meld``, a ``layoff`` and a ``swap``, until the
  next move: they show only cards the mover lays down or takes from the
  table, and draw nothing. Not ``draw`` (an unseen card from the stock), not
  ``discard`` (it ends the turn), nor a move that goes out (the round is
  scored at once).
"""

from __future__ import annotations

from typing import Literal

from partyapp.games.kit.wording import N_
from partyapp.games.kit import melds as M
from partyapp.games.kit.actions import one_of, spec
from partyapp.games.kit.cardgame import flag, number
from partyapp.games.kit.deals import DealGame, DealState
from partyapp.games.kit.cards import deal_order, is_joker, make_deck, rank_of, sort_cards
from partyapp.games.kit.record import Record, to_plain

Phase = Literal["draw", "play"]
DRAW: Phase = "draw"
PLAY: Phase = "play"
HAND_SIZE = 7
JOKER_IN_HAND = 30
FULL_PACK = tuple(make_deck(52, jokers=2))


def card_value(card: str) -> int:
    """What a card scores in a set (a joker 0)."""
    if is_joker(card):
        return 0
    rank = rank_of(card)
    if rank == "A":
        return 15
    if rank in ("J", "Q", "K"):
        return 10
    return int(rank)


def hand_value(card: str) -> int:
    """What a card left in the hand costs (a joker 30)."""
    return JOKER_IN_HAND if is_joker(card) else card_value(card)


class TableMeld(M.Meld):
    """A set or run on the table: its number in the round (``meld`` in the
    moves and the log) and who laid it."""

    id: int
    owner: str

    @classmethod
    def laid(cls, meld: M.Meld, id: int, owner: str) -> "TableMeld":
        return cls(id=id, owner=owner, kind=meld.kind, cards=list(meld.cards), rank=meld.rank, suit=meld.suit,
                   low=meld.low)

    def public(self) -> dict:
        """The meld as the table sees it, with what each joker stands for."""
        return {"id": self.id, "owner": self.owner, "kind": self.kind, "cards": list(self.cards),
                "jokers": _jokers(self)}


class PlayerScore(Record):
    """One player's round: the cards left in the hand, the points of their
    sets (``plus``) and of their hand (``minus``), and the difference."""

    hand: list[str]
    plus: int
    minus: int
    points: int


class RoundResult(Record):
    """The last round scored: who completed rummy (None: the stock ran
    out), and everybody's score in it."""

    winner: str | None
    players: dict[str, PlayerScore]


class CroatianRummyState(DealState):
    line: list[str] = []  # the discard line, face up; the end card last
    melds: list[TableMeld] = []  # the sets and runs on the table, in the order laid
    meld_seq: int = 0  # the number of the last meld laid this round
    phase: Phase | None = None  # the turn's: draw (or take), then play
    pending: str | None = None  # the card taken from the line that must go into a set this turn
    reshuffled: int = 0  # times the line became the stock this round
    necks: dict[str, int] = {}  # drinks finished at the end of the game, by player
    last_round: RoundResult | None = None


class CroatianRummy(DealGame):
    mode = "croatian_rummy"
    title = N_("Croatian Rummy")
    max_players = 5
    STAGED_FROM = FULL_PACK
    STAGED_JOKERS = True

    OPTIONS = {
        **DealGame.OPTIONS,
        "target": number(500, 50, 5000, "The first player to reach this many points wins."),
        "take_lay_off": flag(False, "Taking several cards from the line: the start card may be laid off onto "
                                    "your own set instead of going into a new one."),
        "reshuffles": number(1, 0, 10, "Times a round the discard line (but its end card) is shuffled into a "
                                       "new stock when the stock runs out; then the round ends."),
    }
    MESSAGES = {
        **DealGame.MESSAGES,
        "croatian_rummy.deal": ("players", "first"),
        "croatian_rummy.draw": ("player",),
        "croatian_rummy.reshuffle": ("count",),
        "croatian_rummy.take": ("player", "cards"),
        "croatian_rummy.meld": ("player", "meld", "cards"),
        "croatian_rummy.layoff": ("player", "meld", "card"),
        "croatian_rummy.swap": ("player", "meld", "card", "joker", "owner"),
        "croatian_rummy.discard": ("player", "card"),
        "croatian_rummy.out": ("player",),
        "croatian_rummy.stock_out": (),
        "croatian_rummy.reveal": ("player", "cards"),
        "croatian_rummy.score": ("player", "plus", "minus", "points", "total"),
        "croatian_rummy.drinks": ("players", "count", "cause"),
        "croatian_rummy.finish_drinks": ("players",),
    }
    FORFEITS = {"rummy": 2, "joker_laid": 2, "joker_taken": 2, "joker_caught": 2}
    State = CroatianRummyState

    # -- set-up ------------------------------------------------------------------------------
    def setup(self, dealer: str | None = None) -> None:
        self.setup_deals(self.starting_dealer(dealer))
        self.s.necks, self.s.last_round = {}, None
        self._deal()

    def _deal(self) -> None:
        s = self.s
        first = self.begin_deal()
        hands = s.hands
        self.restock(list(FULL_PACK))
        for who in deal_order(s.dealt, HAND_SIZE):
            hands[who].append(self.draw())
        hands[first].append(self.draw())
        s.line, s.melds, s.meld_seq, s.reshuffled = [], [], 0, 0
        s.current, s.phase, s.pending = first, PLAY, None
        self.log("croatian_rummy.deal", players=list(s.dealt), first=first)

    # -- turns -----------------------------------------------------------------------------------
    def start_turn(self, pid: str) -> None:
        s = self.s
        s.current, s.phase, s.pending = pid, DRAW, None
        if s.stock:
            return
        if s.reshuffled < s.opts.reshuffles and len(s.line) > 1:
            s.reshuffled += 1
            self.restock(s.line[:-1])
            del s.line[:-1]
            self.log("croatian_rummy.reshuffle", count=len(s.stock))
            return
        self.log("croatian_rummy.stock_out")
        self._end_round(None)

    def own_melds(self, pid: str) -> list[TableMeld]:
        return [m for m in self.s.melds if m.owner == pid]

    def _meld(self, meld_id: int) -> TableMeld:
        return next(m for m in self.s.melds if m.id == meld_id)

    def takes(self, pid: str) -> list[int]:
        """The positions of the discard line ``pid`` may take from: the end
        card, and every card a set can be made with from the hand and the
        cards after it (or, with ``take_lay_off``, that fits a set of theirs)."""
        s = self.s
        line = s.line
        if not line:
            return []
        hand = s.hands[pid]
        mine = self.own_melds(pid) if s.opts.take_lay_off else []
        out = []
        for pos in range(len(line) - 1):
            card = line[pos]
            pool = hand + line[pos:]
            if M.every(pool, len(pool) - 1, must=card) or any(M.extend(m, card) for m in mine):
                out.append(pos)
        out.append(len(line) - 1)
        return out

    def actions(self, pid: str) -> list[dict]:
        s = self.s
        if pid != s.current:
            return []
        hand = s.hands[pid]
        if s.phase == DRAW:
            out = [spec("draw")] if s.stock else []
            takes = self.takes(pid)
            if takes:
                out.append(spec("take", position=one_of(takes)))
            return out
        pending = s.pending
        out = []
        melds = M.every(hand, len(hand) - 1, must=pending)
        if melds:
            out.append(spec("meld", cards=one_of(melds)))
        ordered = sort_cards(hand)
        if len(hand) >= 2 and (pending is None or s.opts.take_lay_off):
            for meld in self.own_melds(pid):
                cards = [c for c in ordered if (pending is None or c == pending) and M.extend(meld, c)]
                if cards:
                    out.append(spec("layoff", card=one_of(cards), meld=one_of([meld.id])))
        if pending is None and self.own_melds(pid):
            for meld in s.melds:
                cards = [c for c in ordered if M.swap(meld, c)] if any(map(is_joker, meld.cards)) else []
                if cards:
                    out.append(spec("swap", card=one_of(cards), meld=one_of([meld.id])))
        if pending is None:
            out.append(spec("discard", card=one_of(ordered)))
        return out

    def default_action(self, pid: str) -> dict | None:
        s = self.s
        if pid != s.current:
            return None
        if s.phase == DRAW:
            return {"type": "draw"}  # a turn starts only with a stock to draw from
        hand = s.hands[pid]
        if s.pending is not None:
            options = M.every(hand, len(hand) - 1, must=s.pending)
            if options:
                return {"type": "meld", "cards": options[0]}
            meld = next(m for m in self.own_melds(pid) if M.extend(m, s.pending))
            return {"type": "layoff", "card": s.pending, "meld": meld.id}
        naturals = [c for c in hand if not is_joker(c)] or hand
        return {"type": "discard", "card": max(naturals, key=card_value)}

    # -- moves -------------------------------------------------------------------------------------
    def takes_back(self, pid: str, act) -> bool:
        """A take from the line, a meld, a lay-off or a swap that did not go
        out (see the module docstring)."""
        return act.type in ("take", "meld", "layoff", "swap") and bool(self.s.hands.get(pid)) \
            and all(e.msg == f"croatian_rummy.{act.type}" for e in self._events)

    def do_draw(self, pid: str) -> None:
        s = self.s
        s.hands[pid].append(self.draw())
        s.phase = PLAY
        self.log("croatian_rummy.draw", player=pid)

    def do_take(self, pid: str, position: int) -> None:
        s = self.s
        cards = s.line[position:]
        del s.line[position:]
        s.hands[pid].extend(cards)
        s.phase = PLAY
        s.pending = cards[0] if len(cards) > 1 else None
        self.log("croatian_rummy.take", player=pid, cards=cards)

    def do_meld(self, pid: str, cards: list[str]) -> None:
        s = self.s
        s.meld_seq += 1
        meld = TableMeld.laid(M.read(cards), id=s.meld_seq, owner=pid)
        s.melds.append(meld)
        hand = s.hands[pid]
        for c in cards:
            hand.remove(c)
        if s.pending in cards:
            s.pending = None
        self.log("croatian_rummy.meld", player=pid, meld=meld.id, cards=list(meld.cards))
        self._jokers_laid(pid, sum(1 for c in cards if is_joker(c)))

    def _replace_meld(self, meld: TableMeld) -> None:
        """``meld`` takes the place of the meld with its number."""
        melds = self.s.melds
        melds[next(i for i, m in enumerate(melds) if m.id == meld.id)] = meld

    def do_layoff(self, pid: str, card: str, meld: int) -> None:
        s = self.s
        self._replace_meld(M.extend(self._meld(meld), card))
        s.hands[pid].remove(card)
        if s.pending == card:
            s.pending = None
        self.log("croatian_rummy.layoff", player=pid, meld=meld, card=card)
        self._jokers_laid(pid, 1 if is_joker(card) else 0)

    def do_swap(self, pid: str, card: str, meld: int) -> None:
        s = self.s
        swapped, joker = M.swap(self._meld(meld), card)
        self._replace_meld(swapped)
        hand = s.hands[pid]
        hand.remove(card)
        hand.append(joker)
        owner = swapped.owner
        self.log("croatian_rummy.swap", player=pid, meld=meld, card=card, joker=joker, owner=owner)
        if owner in s.seats:
            self.forfeit(owner, "joker_taken")

    def do_discard(self, pid: str, card: str) -> None:
        s = self.s
        s.hands[pid].remove(card)
        s.line.append(card)
        self.log("croatian_rummy.discard", player=pid, card=card)
        if not s.hands[pid]:
            self.log("croatian_rummy.out", player=pid)
            self._end_round(pid)
            return
        self.start_turn(self.left_of(pid, s.dealt))

    def _jokers_laid(self, pid: str, count: int) -> None:
        """Everybody in the round but ``pid`` drinks for each joker laid."""
        others = [p for p in self.s.dealt if p != pid]
        for _ in range(count):
            self._group_forfeit(others, "joker_laid")

    def _group_forfeit(self, players: list[str], cause: str) -> None:
        drank = [p for p in players if self.forfeit(p, cause, log=False)]
        if drank:
            self.log("croatian_rummy.drinks", players=drank, count=self.FORFEITS[cause], cause=cause)

    # -- the end of a round --------------------------------------------------------------------------
    def _end_round(self, winner: str | None) -> None:
        s = self.s
        points: dict[str, int] = {}
        summary: dict[str, PlayerScore] = {}
        for p in s.dealt:
            hand = sort_cards(s.hands[p])
            plus = sum(card_value(c) for m in self.own_melds(p) for c in m.cards)
            minus = sum(hand_value(c) for c in hand)
            points[p] = plus - minus
            summary[p] = PlayerScore(hand=hand, plus=plus, minus=minus, points=plus - minus)
            if hand:
                self.log("croatian_rummy.reveal", player=p, cards=hand)
        sheet = self.sheet
        sheet.add_deal(points)
        for p in s.dealt:
            self.log("croatian_rummy.score", player=p, plus=summary[p].plus, minus=summary[p].minus,
                     points=points[p], total=sheet.total(p))
        if winner is not None:
            self._group_forfeit([p for p in s.dealt if p != winner], "rummy")
            for p in s.dealt:
                jokers = sum(1 for c in s.hands[p] if is_joker(c))
                if jokers:
                    self.forfeit(p, "joker_caught", self.FORFEITS["joker_caught"] * jokers)
        s.last_round = RoundResult(winner=winner, players=summary)
        s.current, s.phase, s.pending = None, None, None
        s.hands = {p: [] for p in s.seats}
        self.next_deal()

    def next_deal(self) -> None:
        s = self.s
        if self.sheet.reached(s.opts.target):
            winners, _ = self.sheet.ranking(s.seats, low_wins=False)
            forfeits = s.forfeits
            rest = [p for p in s.seats if p not in winners and not forfeits.exempts(p)]
            if rest and forfeits.on:
                for p in rest:
                    s.necks[p] = s.necks.get(p, 0) + 1
                self.log("croatian_rummy.finish_drinks", players=rest)
            self.end("target")
            return
        self.pass_deal()
        self._deal()

    def final_result(self, reason: str) -> dict:
        result = super().final_result(reason)
        winners, losers = self.sheet.ranking(self.s.seats, low_wins=False)
        result.update(winners=winners, losers=losers, scores=dict(self.sheet.totals), rounds=self.s.round,
                      necks=dict(self.s.necks))
        return result

    def necks(self) -> dict[str, int]:
        """The drinks finished at the end of the game, by player."""
        return dict(self.s.necks)

    # -- seats -----------------------------------------------------------------------------------------
    def left_game(self, pid: str) -> None:
        self.s.necks.pop(pid, None)

    # -- views -------------------------------------------------------------------------------------------
    def piles(self) -> dict:
        return {"stock": len(self.s.stock), "line": list(self.s.line)}

    def table_view(self) -> dict:
        s = self.s
        return {
            "dealer": s.dealer,
            "round": s.round,
            "dealt": list(s.dealt),
            "phase": s.phase,
            "pending": s.pending,
            "melds": [m.public() for m in s.melds],
            "scores": dict(self.sheet.totals),
            "target": s.opts.target,
            "last_round": to_plain(s.last_round),
            "necks": dict(s.necks),
            "unit": "fingers",  # every forfeit of this game is counted in fingers
        }

    def seat_view(self, pid: str) -> dict:
        return {"hand_points": sum(hand_value(c) for c in self.s.hands.get(pid, []))}


def _jokers(meld: M.Meld) -> list[dict | None]:
    """What each joker of a meld stands for, by rank and suit (the suit None
    in a set of a kind), beside None for each natural card. Not a card code:
    the card itself may be in a hand or the stock."""
    out: list[dict | None] = []
    for card, meant in zip(meld.cards, M.stands_for(meld)):
        if not is_joker(card):
            out.append(None)
        elif meld.kind == "set":
            out.append({"rank": meant, "suit": None})
        else:
            out.append({"rank": meant[:-1], "suit": meant[-1]})
    return out
