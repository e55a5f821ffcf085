"""Go Fish (mode ``go_fish``): "Fish" of ``seeds/003`` (in English in
``003_english.md``).

Ask for the ranks you collect, lay down fours, and be the first with no
cards left in your hand.

The rules as the seed gives them
--------------------------------
- 52 cards, ranks 2 to 10, J, Q, K, A. The first dealer is drawn by lot,
  then the players deal in turn: each game one deal (below). Deal one card
  at a time from the dealer's left:
  7 cards each to 2 or 3 players, 5 each to 4 or more. The rest is the
  stock, face down in the middle.
- The player on the dealer's left starts. On your turn you ask for a rank
  you are collecting: you must hold a card of it (``ask {player, rank}``).
  The cards of that rank are handed over. If nobody hands any, you draw a
  card from the stock ("Fish!") and the turn passes clockwise.
- A player who holds all four cards of a rank lays them face up in front of
  them, a "book" (``game.books``).
- The winner is the first player with no cards left in hand (only books in
  front of them). When two or more players run out at the same moment (the
  asker's last cards make a book as the player asked hands over their last
  cards), the one with more books wins; with equal books, the last of them
  in the order of play (clockwise from the player on the dealer's left).

Readings where the seed is open (the options in brackets)
----------------------------------------------------------
- **Whom you ask** (``ask``): ``"player"`` (default, the game most people
  know: you name one other player, ``ask {player, rank}``) or
  ``"everyone"`` (the seed's words, "asks the other players": every other
  player hands over their cards of the rank, ``ask {rank}``).
- **Another turn** after a successful ask (``again``, default on, the usual
  rule); off: the turn passes anyway.
- **Fishing your wish** (``fish_wish``, default off): drawing the rank you
  asked for shows it to everybody and gives you another turn.
- **An empty hand** (``empty_hand``): ``"wins"`` (the default, the seed's
  words: "the winner is the player with no cards left except those laid
  down", and its tie rule for two players out at the same moment can only
  come about so): a player whose hand empties wins at once, however it
  emptied: their last cards laid down in a book, or handed over to the
  player who asked for them. ``"draws"``: a player whose hand empties
  while the stock lasts draws a card from it (``go_fish.refill``, the card
  theirs alone to see) and plays on; once the stock is out, an empty hand
  wins as above.
- **One deal a game, the deal passing round**: the seed's dealer is drawn
  by lot, then the players deal in turn. Every game is one deal, so the
  room tells the next game of the mode who deals (the start input
  ``dealer``: the next player clockwise from who dealt the room's last game
  of Go Fish, ``Game.DEAL_PASSES``); the room's first game draws its dealer
  by lot (the game's seeded generator). A staged deck (testing mode) is
  dealt by the last seat, so the first seat asks first, unless ``dealer``
  names another (testing mode too).
- **Six or more players** are dealt 5 each, up to 10 players (10 hands of 5
  leave 2 cards to fish).
- **Empty stock**: asking goes on; "Fish!" then draws nothing and the turn
  passes.
- **What the table shows** when cards change hands: who gave whom how many
  cards of which rank, never which suits (they stay in the hands). A book
  shows its four cards. The card a player fishes is theirs to see alone
  (``you.drawn``) unless it is a wish come true.
- **Forfeits** (``forfeits``, default on): at the end the players holding
  the most cards drink 1 (they are the losers).
- **Absent phones** (``skip``): a player to ask asks for the rank they hold
  most of (the lowest on a tie) from the next player clockwise.
- **Leaving**: a leaver's hand is shuffled into the stock and their books
  leave the table with them. Nobody is dealt in mid-game.
- **Taking a move back**: none. An ``ask`` shows the asker the cards given
  (or sends them to draw from the stock), so every move shows or draws a card.
"""

from __future__ import annotations

from partyapp.games.kit.wording import N_
from partyapp.games.kit.actions import one_of, spec
from partyapp.games.kit.cards import ACE_HIGH, STANDARD_DECK, rank_of
from partyapp.games.kit.cardgame import DEALER_LOT, choice, flag
from partyapp.games.kit.handgame import HandGame, HandState, rank_groups
from partyapp.games.kit.record import Record, to_plain

PLAYER, EVERYONE = "player", "everyone"
WINS, DRAWS = "wins", "draws"
BOOK = 4


def hand_size(players: int) -> int:
    """Cards dealt to each player: 7 for 2 or 3 players, else 5."""
    return 7 if players <= 3 else 5


class Ask(Record):
    """The last ask, as the table saw it: who asked whom (None: everyone)
    for which rank, and how many cards they were handed."""

    player: str
    target: str | None
    rank: str
    count: int


class Draw(Record):
    """The card a player fished (theirs alone to see)."""

    player: str
    card: str


class GoFishState(HandState):
    dealer: str | None = None
    first: str | None = None  # who asked first: the dealer's left
    current: str | None = None  # whose turn it is to ask
    books: dict[str, list[str]] = {}  # the ranks each player laid down, in that order
    last: Ask | None = None
    shown: str | None = None  # the card of a wish come true, shown to everybody
    drew: Draw | None = None  # the card fished at the last ask
    winner: str | None = None
    out: list[str] = []  # whose hands emptied at the end, in the order of play


class GoFish(HandGame):
    mode = "go_fish"
    title = N_("Go Fish")
    max_players = 10
    DEAL_PASSES = True
    OPTION_DATA = ("deck", "dealer")
    TESTING_OPTIONS = ("deck", "dealer")

    OPTIONS = {
        **HandGame.OPTIONS,
        "ask": choice(PLAYER, (PLAYER, EVERYONE), "Ask one player you name (player) or every other "
                                                  "player at once (everyone)."),
        "again": flag(True, "A player who is handed cards asks again."),
        "fish_wish": flag(False, "Drawing the rank you asked for shows it and gives you another turn."),
        "empty_hand": choice(WINS, (WINS, DRAWS), "wins: a player whose hand empties (even by handing over "
                                                  "their last cards) wins at once; draws: they draw a card "
                                                  "and play on while the stock lasts."),
    }
    MESSAGES = {
        **HandGame.MESSAGES,
        **DEALER_LOT,
        "go_fish.deal": ("dealer", "each"),
        "go_fish.ask": ("player", "target", "rank"),
        "go_fish.give": ("player", "to", "rank", "count"),
        "go_fish.fish": ("player", "count"),
        "go_fish.wish": ("player", "card"),
        "go_fish.book": ("player", "rank", "cards"),
        "go_fish.out": ("player", "books"),
        "go_fish.refill": ("player",),
    }
    FORFEITS = {"most_cards": 1}
    State = GoFishState

    # -- the deal ----------------------------------------------------------------------
    def setup(self, dealer: str | None = None) -> None:
        """Deal, ``dealer`` dealing when given (the room's turn to deal, or
        a test's) and seated, else one drawn by lot (``starting_dealer``)."""
        s = self.s
        seats = s.seats
        dealer = self.starting_dealer(dealer)
        first = self.next_after(dealer)
        each = hand_size(len(seats))
        self.restock(list(STANDARD_DECK))
        self.deal_hands(first, each)
        s.dealer, s.first, s.current = dealer, first, first
        s.books = {p: [] for p in seats}
        self.log("go_fish.deal", dealer=dealer, each=each)
        for p in self._play_order():
            for rank in list(rank_groups(s.hands[p])):
                self._book(p, rank)

    def _play_order(self) -> list[str]:
        """The seats clockwise from the first player (the dealer's left)."""
        seats = self.s.seats
        first = self.s.first if self.s.first in seats else seats[0]
        i = seats.index(first)
        return seats[i:] + seats[:i]

    def _clockwise_after(self, pid: str) -> list[str]:
        """The other players clockwise from ``pid``'s left."""
        seats = self.s.seats
        i = seats.index(pid)
        return seats[i + 1:] + seats[:i]

    def _book(self, pid: str, rank: str) -> None:
        """Lay down the four cards of ``rank`` when ``pid`` holds them."""
        s = self.s
        cards = [c for c in s.hands[pid] if rank_of(c) == rank]
        if len(cards) < BOOK:
            return
        s.hands[pid] = [c for c in s.hands[pid] if rank_of(c) != rank]
        s.books[pid].append(rank)
        self.log("go_fish.book", player=pid, rank=rank, cards=cards)

    # -- turns -------------------------------------------------------------------------
    def turn(self) -> str | None:
        return self.s.current

    def actions(self, pid: str) -> list[dict]:
        s = self.s
        if pid != s.current:
            return []
        ranks = sorted(rank_groups(s.hands[pid]), key=ACE_HIGH.index)
        if s.opts.ask == EVERYONE:
            return [spec("ask", rank=one_of(ranks))]
        others = [p for p in s.seats if p != pid]
        return [spec("ask", player=one_of(others), rank=one_of(ranks))]

    def default_action(self, pid: str) -> dict | None:
        s = self.s
        if pid != s.current:
            return None
        groups = rank_groups(s.hands[pid])
        rank = max(sorted(groups, key=ACE_HIGH.index), key=lambda r: len(groups[r]))
        if s.opts.ask == EVERYONE:
            return {"type": "ask", "rank": rank}
        return {"type": "ask", "player": self.next_after(pid), "rank": rank}

    # -- moves -------------------------------------------------------------------------
    def do_ask(self, pid: str, rank: str, player: str | None = None) -> None:
        s = self.s
        s.shown = None
        s.drew = None
        self.log("go_fish.ask", player=pid, target=player, rank=rank)
        asked = [player] if player is not None else self._clockwise_after(pid)
        given = 0
        for giver in asked:
            cards = [c for c in s.hands[giver] if rank_of(c) == rank]
            if not cards:
                continue
            s.hands[giver] = [c for c in s.hands[giver] if rank_of(c) != rank]
            s.hands[pid].extend(cards)
            given += len(cards)
            self.log("go_fish.give", player=giver, to=pid, rank=rank, count=len(cards))
        s.last = Ask(player=pid, target=player, rank=rank, count=given)
        again = given > 0 and s.opts.again
        if given:
            self._book(pid, rank)
        else:
            again = self._fish(pid, rank)
        self._refill()
        if self._finished():
            return
        s.current = pid if again else self.next_after(pid)

    def _fish(self, pid: str, rank: str) -> bool:
        """"Fish!": draw from the stock; True when the wish came true and the
        player goes again."""
        s = self.s
        if not s.stock:
            self.log("go_fish.fish", player=pid, count=0)
            return False
        card = self.draw()
        s.hands[pid].append(card)
        s.drew = Draw(player=pid, card=card)
        self.log("go_fish.fish", player=pid, count=1)
        wish = s.opts.fish_wish and rank_of(card) == rank
        if wish:
            s.shown = card
            self.log("go_fish.wish", player=pid, card=card)
        self._book(pid, rank_of(card))
        return wish

    def _refill(self) -> None:
        """With ``empty_hand: draws``: every player whose hand is empty draws a
        card while the stock lasts, in the order of play."""
        s = self.s
        if s.opts.empty_hand != DRAWS:
            return
        for p in self._play_order():
            if not s.hands[p] and s.stock:
                s.hands[p].append(self.draw())
                self.log("go_fish.refill", player=p)

    def last_dealer(self) -> str | None:
        return self.s.dealer

    def _finished(self) -> bool:
        """End the game when somebody's hand is empty: the winner is the one
        with most books, then the last in the order of play."""
        s = self.s
        order = self._play_order()
        out = [p for p in order if not s.hands[p]]
        if not out:
            return False
        for p in out:
            self.log("go_fish.out", player=p, books=len(s.books[p]))
        most = max(len(s.books[p]) for p in out)
        s.winner = [p for p in out if len(s.books[p]) == most][-1]
        s.out = out
        s.current = None
        for p in self.most_cards():
            self.forfeit(p, "most_cards")
        self.end("out")
        return True

    # -- seats -------------------------------------------------------------------------
    def on_leave(self, pid: str, index: int) -> None:
        s = self.s
        cards = s.hands.pop(pid, [])
        s.books.pop(pid, None)
        if cards:
            stock = s.stock
            rng = self.random()
            for card in cards:
                stock.insert(rng.randint(0, len(stock)), card)
            s.staged = []
        if s.current == pid:
            s.current = self.next_from_index(index)
        if s.last and pid in (s.last.player, s.last.target):
            s.last = None

    # -- the end -----------------------------------------------------------------------
    def final_result(self, reason: str) -> dict:
        result = super().final_result(reason)
        s = self.s
        books = {p: len(s.books.get(p, [])) for p in s.seats}
        winner = s.winner
        if winner is not None:
            result["winners"] = [winner]
        elif books:
            most = max(books.values())
            result["winners"] = [p for p in s.seats if books[p] == most]
        result["losers"] = self.most_cards()
        result.update(winner=winner, out=list(s.out), books=books, cards=self.hand_sizes())
        return result

    # -- views -------------------------------------------------------------------------
    def table_view(self) -> dict:
        s = self.s
        return {
            "dealer": s.dealer,
            "current": None if s.over else s.current,
            "books": {p: list(s.books.get(p, [])) for p in s.seats},
            "last": to_plain(s.last),
            "shown": s.shown,
            "winner": s.winner,
        }

    def seat_view(self, pid: str) -> dict:
        drew = self.s.drew
        return {"drawn": drew.card if drew and drew.player == pid else None}
