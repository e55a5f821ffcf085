"""Kings Corner (mode ``kings_corner``): "Kings Corner" of ``seeds/001``.

A patience for several players: build down in alternating colours on the
foundations round the stock, start corner piles with kings, and be the first
to play out your hand. Cards left in hand are penalty points.

The rules as the seed gives them
--------------------------------
- 2 or more players (here 2 to 6: seven cards each and four foundations
  from one pack of 52). Ranks run K Q J 10 ... 2 A, the ace lowest.
- The dealer deals seven cards to each player, one at a time from their
  left, and turns four cards from the stock face up as the foundations
  North, East, South and West (in that order). The deal passes to the left.
- The player on the dealer's left plays first. In a turn a player makes any
  number of these moves, in any order:

  1. ``play`` a card from the hand onto a foundation whose top card is one
     rank higher and of the opposite colour (a red ten on a black jack;
     nothing goes on an ace);
  2. ``play`` a king into an empty corner space (NE, SE, SW, NW) to start a
     new foundation;
  3. ``move`` a whole pile onto another pile when the moving pile's bottom
     card is one rank lower than the other pile's top card and of the
     opposite colour;
  4. ``play`` any card into an empty North, East, South or West space.

  Then they ``draw`` a card from the stock, which ends the turn. A player
  who plays out their whole hand wins the deal at once.
- A king dealt to North, East, South or West may be moved into a corner
  (a ``move`` of that pile into an empty corner, as of any pile whose bottom
  card is a king), and a dealt foundation card that fits another may be
  moved onto it (rule 3): the player on the dealer's left is the first who
  may, and may then fill the space from the hand (rule 4).
- When the stock runs out play goes on without drawing (the move that ends
  the turn is then ``pass``). The deal ends in an impasse when the stock is
  out and every player in turn has ended their turn without a move.
- Scoring (``scoring``): every card left in a hand at the end of a deal is a
  penalty: a king 10 and any other card 1 (``"penalty"``, the default),
  added up deal after deal until somebody reaches the target (``target``,
  default 25); the lowest total then wins. The seed's other methods are
  options too: ``"pips"`` (aces 25, pictures 10, other cards their pips:
  raise the target to 100 or 250), ``"fifty"`` (aces 50, pictures and tens
  10, two to nine 5) and ``"chips"`` (below). ``hands`` (default 0: play to
  the target) plays a fixed number of deals instead; the lowest total wins.
- **Chips and a pot** (``scoring: "chips"``): everybody starts with
  ``start_chips`` and puts a chip into the pot at the start of each deal; a
  player who plays no card from their hand in a turn pays a chip into the
  pot; the first player out of cards wins the pot and a chip from every
  other player for every card left in their hand (10 for a king). An
  impasse leaves the pot for the next deal. The game ends after ``hands``
  deals, or after a deal that leaves somebody without chips; most chips
  wins. A player pays what they have and no more.
- **Kings must be played** (``king_penalty``, default off): a player who
  ends their turn holding a king while a space a king could go into (an
  empty corner or an empty side) is free is charged 3 penalty points (or
  pays 3 chips into the pot). The seed calls this unenforceable at a real
  table; the app sees every hand, so it can enforce it fairly.
- **When to draw** (``draw_at``): ``"end"`` (the default) draws to end the
  turn; ``"start"`` draws at the start of each turn (the app draws for the
  player) and the turn ends with ``pass``. ``draw_count`` draws 1 (the
  default) or 2 cards each time.

Readings where the seed is open
--------------------------------
- A whole pile moves only from North, East, South or West (a corner pile
  starts with a king, which nothing can take); a pile moves onto a pile or,
  with a king at its bottom, into an empty corner, never into an empty
  side (that changes nothing).
- A king played from the hand may also fill an empty side (rule 4: any
  card).
- "Play no cards" for the chip paid into the pot means no card from the
  hand; moving piles does not count.
- **The first dealer** is chosen at random, as the seed says (drawn with the
  game's seeded generator, so one seed deals the same); with a staged deck
  (testing mode) it is the last seat, so the first seat plays first and the
  deck is dealt from the first seat, then the four foundations. The turn
  to deal passes clockwise after each hand, from game to game too: the
  room hands the next game the player on the left of who dealt the last
  deal (``Game.DEAL_PASSES``, the start input ``dealer``, which testing
  mode may also name).
- **Forfeits** (``forfeits``, default on): at the end of each deal the
  player or players with the most penalty points in that deal drink 1
  (with chips: who paid the winner most); when the game ends the loser or
  losers (the worst total) drink 3.
- **Seats**: a player who joins mid-game is dealt in at the next deal, on
  the worst total so far (penalty scoring; with chips, a starting stack). A
  player who leaves takes their cards away unseen (the turn passes on when
  it was theirs); when fewer than two players hold cards, the deal is over.
- **Absent phones** (``skip``): the player ends the turn (draws, or passes).
- **Taking a move back** (``takes_back``): a ``play`` or a ``move`` (the
  seed's lay-offs), until the next move: a card played from the hand is
  shown by the move itself and goes back into the hand with it; nothing
  hidden was turned and nothing drawn. Not a move that played out the hand
  (the deal ends and the next is shuffled), nor ``draw`` (a card from the
  stock) or ``pass`` (the next turn may draw).
"""

from __future__ import annotations

from typing import Literal

from partyapp.games.kit.wording import N_
from partyapp.games.kit.actions import one_of, spec
from partyapp.games.kit.cardgame import choice, flag, number
from partyapp.games.kit.deals import DealGame, DealState
from partyapp.games.kit.cards import ACE_LOW, RED_SUITS, STANDARD_DECK, deal_order, make_deck, rank_of, sort_cards
from partyapp.games.kit.record import Record, field, to_plain
from partyapp.games.kit.scores import ScoreSheet

# The eight spaces round the stock: the sides North, East, South and West,
# then the corners.
Space = Literal["N", "E", "S", "W", "NE", "SE", "SW", "NW"]
SIDES: tuple[Space, ...] = ("N", "E", "S", "W")
CORNERS: tuple[Space, ...] = ("NE", "SE", "SW", "NW")
SPACES: tuple[Space, ...] = SIDES + CORNERS
HAND_SIZE = 7
KING_PENALTY = 3
SCORINGS = ("penalty", "pips", "fifty", "chips")
# Per card code: its place from ace (0) to king (12), and whether it is red.
_RANK = {c: ACE_LOW.index(c[:-1]) for c in STANDARD_DECK}
_RED = {c: c[-1] in RED_SUITS for c in STANDARD_DECK}
KING = _RANK["KS"]


def card_points(card: str, scoring: str) -> int:
    """What a card left in hand costs under a scoring method."""
    rank = rank_of(card)
    if scoring == "pips":
        return 25 if rank == "A" else 10 if rank in ("J", "Q", "K") else int(rank)
    if scoring == "fifty":
        return 50 if rank == "A" else 10 if rank in ("10", "J", "Q", "K") else 5
    return 10 if rank == "K" else 1


def fits(card: str, top: str) -> bool:
    """``card`` goes on ``top``: one rank lower and the opposite colour."""
    return _RANK[card] + 1 == _RANK[top] and _RED[card] != _RED[top]


class DealResult(Record):
    """The last deal's end: who played out (None: an impasse), the hands
    left, everybody's penalty points and, with chips, what each paid the
    winner (None with points)."""

    winner: str | None
    hands: dict[str, list[str]]
    points: dict[str, int]
    paid: dict[str, int] | None


class KingsCornerState(DealState):
    piles: dict[Space, list[str]] = {}  # each space's pile, its first card at the bottom
    chips: dict[str, int] = {}  # chips scoring: each player's stack
    pot: int = 0
    # Penalty points charged during this deal (a king held), counted with the hand at its end.
    penalties: dict[str, int] = field(default_factory=dict, name="extra")
    idle: int = 0  # turns ended in a row without a move while the stock is out
    played: int = 0  # cards played from the hand this turn
    moved: bool = False  # a card played or a pile moved this turn
    last_deal: DealResult | None = None


class KingsCorner(DealGame):
    mode = "kings_corner"
    title = N_("Kings Corner")
    max_players = 6

    OPTIONS = {
        **DealGame.OPTIONS,
        "scoring": choice("penalty", SCORINGS, "Penalty for cards left in hand: penalty (king 10, others 1), "
                                               "pips (ace 25, pictures 10, others face value), fifty (ace 50, "
                                               "pictures and tens 10, others 5), or chips and a pot."),
        "target": number(25, 5, 2000, "The game ends when somebody's penalty points reach this; lowest wins."),
        "hands": number(0, 0, 50, "Play this many deals instead of playing to the target (0: to the target)."),
        "start_chips": number(20, 5, 1000, "Chips each player starts with (chips scoring)."),
        "king_penalty": flag(False, "Ending a turn with a king in hand while a space for it is free costs 3."),
        "draw_at": choice("end", ("end", "start"), "Draw to end your turn, or at the start of your turn."),
        "draw_count": number(1, 1, 2, "Cards drawn each time."),
    }
    MESSAGES = {
        **DealGame.MESSAGES,
        "kings_corner.deal": ("players", "foundations"),
        "kings_corner.play": ("player", "card", "to"),
        "kings_corner.move": ("player", "pile", "to", "cards"),
        "kings_corner.draw": ("player", "count"),
        "kings_corner.pass": ("player",),
        "kings_corner.out": ("player",),
        "kings_corner.impasse": (),
        "kings_corner.king_penalty": ("player", "points"),
        "kings_corner.chips": ("player", "amount", "reason"),
        "kings_corner.pot": ("player", "amount"),
        "kings_corner.reveal": ("player", "cards", "points"),
        "kings_corner.score": ("player", "points", "total"),
    }
    FORFEITS = {"deal_worst": 1, "game_loss": 3}
    State = KingsCornerState

    # -- set-up --------------------------------------------------------------------------------
    @property
    def chips_scoring(self) -> bool:
        return self.s.opts.scoring == "chips"

    def setup(self, dealer: str | None = None) -> None:
        s = self.s
        self.setup_deals(self.starting_dealer(dealer))
        s.chips = {p: s.opts.start_chips for p in s.seats} if self.chips_scoring else {}
        s.pot, s.last_deal = 0, None
        self._deal()

    def _deal(self) -> None:
        s = self.s
        first = self.begin_deal()
        hands = s.hands
        self.restock(make_deck(52))
        for who in deal_order(s.dealt, HAND_SIZE):
            hands[who].append(self.draw())
        piles: dict[Space, list[str]] = {sp: [] for sp in SPACES}
        for side in SIDES:
            piles[side].append(self.draw())
        s.piles, s.penalties = piles, {}
        s.idle, s.played, s.moved = 0, 0, False
        self.log("kings_corner.deal", players=list(s.dealt), foundations=[piles[sp][0] for sp in SIDES])
        if self.chips_scoring:
            for p in s.dealt:
                self._pay_pot(p, 1, "ante")
        self.start_turn(first)

    # -- turns ---------------------------------------------------------------------------------
    def start_turn(self, pid: str) -> None:
        s = self.s
        s.current, s.played, s.moved = pid, 0, False
        if s.opts.draw_at == "start":
            self._draw(pid)

    def _draw(self, pid: str) -> int:
        s = self.s
        count = min(s.opts.draw_count, len(s.stock))
        for _ in range(count):
            s.hands[pid].append(self.draw())
        if count:
            self.log("kings_corner.draw", player=pid, count=count)
        return count

    def _targets_for_card(self, card: str) -> list[Space]:
        piles = self.s.piles
        out = []
        for sp in SPACES:
            pile = piles[sp]
            if pile:
                if fits(card, pile[-1]):
                    out.append(sp)
            elif sp in SIDES or _RANK[card] == KING:
                out.append(sp)
        return out

    def _targets_for_pile(self, src: Space) -> list[Space]:
        piles = self.s.piles
        pile = piles[src]
        if src not in SIDES or not pile:
            return []
        bottom = pile[0]
        out = []
        for sp in SPACES:
            if sp == src:
                continue
            if piles[sp]:
                if fits(bottom, piles[sp][-1]):
                    out.append(sp)
            elif sp in CORNERS and _RANK[bottom] == KING:
                out.append(sp)
        return out

    def moves(self, pid: str) -> dict:
        """Every move ``pid`` may make now: ``{"play": {card: [spaces]},
        "move": {space: [spaces]}}`` (empty when it is not their turn)."""
        if pid != self.s.current or self.s.over:
            return {"play": {}, "move": {}}
        play = {}
        for card in sort_cards(self.s.hands[pid], ACE_LOW):
            targets = self._targets_for_card(card)
            if targets:
                play[card] = targets
        move = {}
        for sp in SIDES:
            targets = self._targets_for_pile(sp)
            if targets:
                move[sp] = targets
        return {"play": play, "move": move}

    def actions(self, pid: str) -> list[dict]:
        """One ``play`` per space with the cards that go there, one ``move``
        per pile that can move, and the move that ends the turn: every
        combination offered is a legal move."""
        s = self.s
        if pid != s.current:
            return []
        moves = self.moves(pid)
        out = []
        for sp in SPACES:
            cards = [c for c, targets in moves["play"].items() if sp in targets]
            if cards:
                out.append(spec("play", card=one_of(cards), to=one_of([sp])))
        for src, targets in moves["move"].items():
            out.append(spec("move", pile=one_of([src]), to=one_of(targets)))
        out.append(spec(self._turn_end()))
        return out

    def _turn_end(self) -> str:
        """The move that ends the turn: ``draw``, or ``pass`` when drawing
        comes at the start of a turn or the stock is out."""
        s = self.s
        return "draw" if s.opts.draw_at == "end" and s.stock else "pass"

    def default_action(self, pid: str) -> dict | None:
        if pid != self.s.current:
            return None
        return {"type": self._turn_end()}

    # -- moves -----------------------------------------------------------------------------------
    def takes_back(self, pid: str, act) -> bool:
        """A lay-off (``play`` or ``move``) that did not end the deal (see the module docstring)."""
        return act.type in ("play", "move") and bool(self.s.hands.get(pid)) \
            and [e.msg for e in self._events] == [f"kings_corner.{act.type}"]

    def do_play(self, pid: str, card: str, to: Space) -> None:
        s = self.s
        s.hands[pid].remove(card)
        s.piles[to].append(card)
        s.played += 1
        s.moved = True
        self.log("kings_corner.play", player=pid, card=card, to=to)
        if not s.hands[pid]:
            self.log("kings_corner.out", player=pid)
            self._end_deal(pid)

    def do_move(self, pid: str, pile: Space, to: Space) -> None:
        s = self.s
        cards = s.piles[pile]
        s.piles[to].extend(cards)
        s.piles[pile] = []
        s.moved = True
        self.log("kings_corner.move", player=pid, pile=pile, to=to, cards=list(cards))

    def do_draw(self, pid: str) -> None:
        self._end_turn(pid, draw=True)

    def do_pass(self, pid: str) -> None:
        self.log("kings_corner.pass", player=pid)
        self._end_turn(pid, draw=False)

    def _end_turn(self, pid: str, draw: bool) -> None:
        s = self.s
        if s.opts.king_penalty and self._king_held(pid):
            self._charge(pid, KING_PENALTY, "king")
        if self.chips_scoring and s.played == 0:
            self._pay_pot(pid, 1, "idle")
        drew = self._draw(pid) if draw else 0
        if s.stock or drew:
            # A player who drew at the end of the turn has not had a turn with
            # the stock out yet.
            s.idle = 0
        else:
            s.idle = 0 if s.moved else s.idle + 1
            if s.idle >= len(s.dealt):
                self.log("kings_corner.impasse")
                self._end_deal(None)
                return
        self.start_turn(self.left_of(pid, s.dealt))

    def _king_held(self, pid: str) -> bool:
        s = self.s
        if not any(_RANK[c] == KING for c in s.hands[pid]):
            return False
        return any(not s.piles[sp] for sp in SPACES)

    # -- chips and penalties ---------------------------------------------------------------------
    def _pay_pot(self, pid: str, amount: int, reason: str) -> None:
        s = self.s
        paid = min(amount, s.chips.get(pid, 0))
        if paid:
            s.chips[pid] -= paid
            s.pot += paid
            self.log("kings_corner.chips", player=pid, amount=paid, reason=reason)

    def _charge(self, pid: str, points: int, reason: str) -> None:
        """A penalty during play: points on this deal's score, or chips to the pot."""
        if self.chips_scoring:
            self._pay_pot(pid, points, reason)
            return
        penalties = self.s.penalties
        penalties[pid] = penalties.get(pid, 0) + points
        self.log("kings_corner.king_penalty", player=pid, points=points)

    # -- the end of a deal -------------------------------------------------------------------------
    def _end_deal(self, winner: str | None) -> None:
        s = self.s
        scoring = s.opts.scoring
        counted = "penalty" if scoring == "chips" else scoring
        points: dict[str, int] = {}
        hands = {}
        for p in s.dealt:
            cards = sort_cards(s.hands[p], ACE_LOW)
            hands[p] = cards
            points[p] = sum(card_points(c, counted) for c in cards) + s.penalties.get(p, 0)
            if cards:
                self.log("kings_corner.reveal", player=p, cards=cards, points=points[p])
        if self.chips_scoring:
            paid = self._pay_winner(winner, points)
            worst_of = paid
        else:
            sheet = self.sheet
            sheet.add_deal(points)
            for p in s.dealt:
                self.log("kings_corner.score", player=p, points=points[p], total=sheet.total(p))
            worst_of = points
        worst = max(worst_of.values(), default=0)
        if worst > 0:
            for p in s.dealt:
                if worst_of.get(p) == worst:
                    self.forfeit(p, "deal_worst")
        s.last_deal = DealResult(winner=winner, hands=hands, points=points,
                                 paid=worst_of if self.chips_scoring else None)
        s.current = None
        s.hands = {p: [] for p in s.seats}
        self.next_deal()

    def next_deal(self) -> None:
        """Deal again, or end the game when the session is over."""
        reason = self._session_over()
        if reason:
            _, losers = self._ranking()
            for p in losers:
                self.forfeit(p, "game_loss")
            self.end(reason)
            return
        self.pass_deal()
        self._deal()

    def _pay_winner(self, winner: str | None, points: dict[str, int]) -> dict[str, int]:
        """Chips scoring: the winner takes the pot and a chip per point from everybody."""
        s = self.s
        paid: dict[str, int] = {}
        if winner is None:
            return paid
        for p in s.dealt:
            if p == winner:
                continue
            amount = min(points[p], s.chips.get(p, 0))
            if amount:
                s.chips[p] -= amount
                s.chips[winner] += amount
                paid[p] = amount
                self.log("kings_corner.chips", player=p, amount=amount, reason="cards")
        pot, s.pot = s.pot, 0
        s.chips[winner] += pot
        self.log("kings_corner.pot", player=winner, amount=pot + sum(paid.values()))
        return paid

    def _session_over(self) -> str | None:
        """Why the session is over after this deal (``result.reason``), or None."""
        s = self.s
        hands = s.opts.hands
        if hands and s.round >= hands:
            return "hands"
        if self.chips_scoring:
            return "chips" if any(s.chips.get(p, 0) <= 0 for p in s.seats) else None
        return "target" if not hands and self.sheet.reached(s.opts.target) else None

    def _ranking(self) -> tuple[list[str], list[str]]:
        s = self.s
        seats = s.seats
        if self.chips_scoring:
            chips = ScoreSheet.new([])
            for p in seats:
                chips.add_player(p, s.chips.get(p, 0))
            return chips.ranking(seats, low_wins=False)
        return self.sheet.ranking(seats, low_wins=True)

    def final_result(self, reason: str) -> dict:
        result = super().final_result(reason)
        winners, losers = self._ranking()
        result.update(winners=winners, losers=losers, scores=dict(self.sheet.totals), deals=self.s.round)
        if self.chips_scoring:
            result["chips"] = dict(self.s.chips)
        return result

    # -- seats ---------------------------------------------------------------------------------------
    def joining_score(self, pid: str) -> int:
        return max(self.sheet.totals.values(), default=0)

    def on_join(self, pid: str) -> None:
        super().on_join(pid)
        if self.chips_scoring:
            self.s.chips[pid] = self.s.opts.start_chips

    def left_game(self, pid: str) -> None:
        self.s.chips.pop(pid, None)
        self.s.penalties.pop(pid, None)

    # -- views -------------------------------------------------------------------------------------------
    def piles(self) -> dict:
        s = self.s
        return {"stock": len(s.stock), **{sp: list(s.piles[sp]) for sp in SPACES}}

    def table_view(self) -> dict:
        s = self.s
        o = s.opts
        view = {
            "dealer": s.dealer,
            "round": s.round,
            "dealt": list(s.dealt),
            "spaces": list(SPACES),
            "scores": dict(self.sheet.totals),
            "target": None if o.hands or self.chips_scoring else o.target,
            "hands": o.hands or None,
            "scoring": o.scoring,
            "idle": s.idle,
            "last_deal": to_plain(s.last_deal),
        }
        if self.chips_scoring:
            view.update(chips=dict(s.chips), pot=s.pot)
        return view
