"""Concentration (mode ``concentration``): "Concentration" of ``seeds/001``,
also Memory or Pelmanism.

The cards lie face down in a grid on the TV; on your turn you turn two of
them from your phone; a pair is yours and you go again.

The rules as the seed gives them
--------------------------------
- The cards are mixed and laid face down without overlapping; here in a
  regular grid (``columns`` wide), dealt into positions 0, 1, 2 ... in
  order, row by row.
- Players take turns, clockwise from the first seat. On your turn you turn
  two cards of your choice face up, one after the other (``pick
  {position}`` twice: you see the first before you choose the second).
- If they match you take them, keep them in front of you and take another
  turn. If not, they are turned face down again where they were and the
  next player plays.
- With an ordinary pack, cards match when they have the same rank; suits
  are ignored.
- Play goes on until every card has been taken. Each pair scores one point;
  the most points win, and players tied for the most all win.

Readings where the seed is open (the options in brackets)
----------------------------------------------------------
- **Matching** (``match``): ``"rank"`` (the default, the seed's rule) or
  ``"rank_colour"`` (the seed's variation: same rank and same colour, so
  that each card has one partner).
- **The layout** (``ranks``): the whole pack by default; fewer ranks for a
  shorter game (every card of the ranks Ace up to that many, four of
  each). Four rows of one column per rank; with fewer than four ranks, two
  rows.
- **Two unmatched cards** stay face up, for everybody to see, until the
  next card is turned; then they are face down again where they were.
- **A card's face is shown only while it is up** (``memory_aid``, default
  off): remembering is the game, so once cards are face down again the log
  (the TV's ticker and every phone's) no longer names them: their
  ``concentration.pick`` entries keep the position with ``card`` null and
  the ``concentration.miss`` entry its positions with ``cards`` null. The
  faces of a pair taken stay (those cards lie face up in front of their
  taker). ``memory_aid`` on (for children): the log keeps every face
  turned.
- **Forfeits** (``forfeits``): at the end the players with the fewest
  pairs (unless everybody is level) drink 1 (``lose``).
- **Absent phones** (``skip``): the absent player's turn passes (a card they
  had turned goes face down again). **Leaving**: the leaver's pairs leave
  the game with them; if it was their turn, it passes. **Joining**: a
  newcomer takes turns from the next round, with no pairs.
- **Taking a move back**: none. Every pick turns a face-down card up for
  everybody.
"""

from __future__ import annotations

from partyapp.games.kit.wording import N_
from partyapp.games.kit.actions import one_of, spec
from partyapp.games.kit.cardgame import CardGame, CardState, choice, flag, number
from partyapp.games.kit.cards import RANKS, SUITS, colour_of, rank_of, take_out

RANK, RANK_COLOUR = "rank", "rank_colour"


class ConcentrationState(CardState):
    grid: list[str | None] = []  # the layout by position, row by row; None: taken
    columns: int = 0  # the grid's width
    picked: list[int] = []  # the card turned this turn, by position (one at most between moves)
    shown: list[int] = []  # two unmatched cards left face up until the next card is turned
    pairs: dict[str, list[tuple[str, str]]] = {}  # the pairs each player took, in order
    current: str = ""  # whose turn it is


class Concentration(CardGame):
    mode = "concentration"
    title = N_("Concentration")

    OPTIONS = {
        **CardGame.OPTIONS,
        "match": choice(RANK, (RANK, RANK_COLOUR), "rank: cards of one rank match; "
                                                   "rank_colour: same rank and same colour."),
        "ranks": number(13, 2, 13, "The layout holds every card of this many ranks, Ace up (13: the whole pack)."),
        "memory_aid": flag(False, "The log keeps the faces of the cards turned after they are face down again "
                                  "(a help for children; off: a face is shown only while the card is up)."),
    }
    MESSAGES = {
        **CardGame.MESSAGES,
        "concentration.pick": ("player", "position", "card"),
        "concentration.match": ("player", "cards", "positions"),
        "concentration.miss": ("player", "cards", "positions"),
    }
    FORFEITS = {"lose": 1}
    LOSER_FORFEIT = "lose"
    State = ConcentrationState

    @staticmethod
    def layout_cards(ranks: int) -> list[str]:
        return [r + s for s in SUITS for r in RANKS[:ranks]]

    @classmethod
    def check_together(cls, opts: dict) -> None:
        if "deck" in opts:
            take_out(cls.layout_cards(opts["ranks"]), opts["deck"])  # ValueError: a card not in the layout

    def setup(self) -> None:
        s = self.s
        ranks = s.opts.ranks
        cards = self.layout_cards(ranks)
        self.restock(cards)
        s.grid = [self.draw() for _ in range(len(cards))]
        s.pairs = {p: [] for p in s.seats}
        s.current = s.seats[0]
        s.columns = ranks if ranks >= 4 else 2 * ranks

    # -- rules ---------------------------------------------------------------------------
    def matches(self, a: str, b: str) -> bool:
        if rank_of(a) != rank_of(b):
            return False
        return self.s.opts.match == RANK or colour_of(a) == colour_of(b)

    def turn(self) -> str | None:
        return None if self.s.over else self.s.current

    def _down(self) -> list[int]:
        """Positions the current player may turn now."""
        s = self.s
        return [i for i, c in enumerate(s.grid) if c is not None and i not in s.picked]

    def actions(self, pid: str) -> list[dict]:
        if pid != self.s.current:
            return []
        return [spec("pick", position=one_of(self._down()))]

    def _face_down(self, positions: list[int]) -> None:
        """The cards at ``positions`` are face down again: unless
        ``memory_aid``, the log no longer names their faces."""
        if not positions or self.s.opts.memory_aid:
            return
        gone = set(positions)
        for entry in self.s.log:
            params = entry.params
            if entry.msg == "concentration.pick" and params["position"] in gone:
                params["card"] = None
            elif entry.msg == "concentration.miss" and gone & set(params["positions"]):
                params["cards"] = None

    def do_pick(self, pid: str, position: int) -> None:
        s = self.s
        self._face_down(s.shown)
        s.shown = []
        s.picked.append(position)
        self.log("concentration.pick", player=pid, position=position, card=s.grid[position])
        if len(s.picked) < 2:
            return
        a, b = s.picked
        first, second = s.grid[a], s.grid[b]
        cards = [first, second]
        s.picked = []
        if self.matches(first, second):
            s.pairs[pid].append((first, second))
            s.grid[a] = s.grid[b] = None
            self.log("concentration.match", player=pid, cards=cards, positions=[a, b])
            if all(c is None for c in s.grid):
                self.end("all_pairs_taken")
            return
        s.shown = [a, b]
        self.log("concentration.miss", player=pid, cards=cards, positions=[a, b])
        s.current = self.left_of(pid)

    def waiting_for(self) -> list[str]:
        """The player to turn a card (the game waits on nobody else)."""
        return [] if self.s.over else [self.s.current]

    def skip(self, pid: str, now: float) -> list[dict]:
        """The absent player's turn passes; a card they turned goes face down."""
        s = self.s
        if s.over or pid != s.current:
            return super().skip(pid, now)
        self.begin(now)
        self.log("game.skipped", player=pid, action="pass")
        self._face_down(s.picked)
        s.picked = []
        s.current = self.left_of(pid)
        return self.events()

    # -- seats -----------------------------------------------------------------------------
    def on_join(self, pid: str) -> None:
        self.s.pairs[pid] = []

    def on_leave(self, pid: str, index: int) -> None:
        s = self.s
        s.pairs.pop(pid, None)
        if s.current == pid:
            self._face_down(s.picked)
            s.picked = []
            seats = s.seats
            s.current = seats[index % len(seats)]

    # -- the end ---------------------------------------------------------------------------
    def scores(self) -> dict[str, int]:
        s = self.s
        return {p: len(s.pairs.get(p, [])) for p in s.seats}

    def final_result(self, reason: str) -> dict:
        result = super().final_result(reason)
        scores = self.scores()
        if scores:
            best, worst = max(scores.values()), min(scores.values())
            result["winners"] = [p for p, n in scores.items() if n == best]
            result["losers"] = [p for p, n in scores.items() if n == worst and n != best]
        result["scores"] = scores
        return result

    def end(self, reason: str) -> None:
        if self.s.over:
            return
        self.s.picked = []
        super().end(reason)

    # -- views -----------------------------------------------------------------------------
    def hand_sizes(self) -> dict[str, int]:
        return {p: 2 * n for p, n in self.scores().items()}

    def piles(self) -> dict:
        return {"layout": sum(1 for c in self.s.grid if c is not None)}

    def table_view(self) -> dict:
        s = self.s
        up = set(s.picked) | set(s.shown)
        grid = [False if c is None else (c if i in up else None) for i, c in enumerate(s.grid)]
        return {"grid": grid, "columns": s.columns, "picked": list(s.picked), "shown": list(s.shown),
                "pairs": {p: [list(pair) for pair in s.pairs.get(p, [])] for p in s.seats},
                "scores": self.scores()}
