"""Cheat (mode ``cheat``): "CHEAT" of ``seeds/000``.

Play cards face down and say what they are; lie when you must, and call
"Cheat!" when you think somebody else did.

The rules as the seed gives them
--------------------------------
- The whole pack is dealt; the first player is picked at random (the first
  seat with a staged deck) and play goes clockwise.
- A turn: lay one or more cards face down on the pile and call their rank
  (``play {cards, rank}``). The first play of the game may call any rank;
  after it, a play calls the same rank as the last call, one above or one
  below. The cards need not be what is called.
- After a play anybody else may call "Cheat!" (``call``). The played cards
  are turned: if they are all of the called rank the challenge is false and
  the caller picks up the whole pile; if any is not, the player who played
  them picks it up. Then the player on the left of the one who was
  challenged plays, calling the next rank in sequence.
- The first player to run out of cards and survive any challenge of their
  last play wins: caught on the last play, they pick up the pile and play
  goes on.

Readings where the seed is open (the options in brackets)
----------------------------------------------------------
- **The call window**: after each play, every other player may ``call`` or
  ``pass`` until ``call_seconds`` (default 8) have gone by or everybody has
  passed; the first call to reach the server counts, later ones (and calls
  after the time is up or the window closed) are refused as too late
  (``conflict``). A window is twice as long when a player in it asked
  for more time (``Game.set_more_time``).
  The next player plays once the window is closed, so a fast player cannot
  cut a slow caller out. Nobody may call a play but the last one.
- **One to four cards** a play: one pack holds four of a rank, so five
  would be a lie everybody sees.
- **The sequence** goes round (``wrap``, default on): a king may be followed
  by an ace and an ace by a king. Off: ace is the lowest and king the
  highest, with no step past them.
- **After a challenge** the last call still stands: the next player calls
  the same rank, one above or one below it, on the empty pile.
- **Forfeits** (``forfeits``, default on): whoever picks up the pile after
  a challenge drinks 1 (a caught cheat or a wrong call); when the game ends
  the players holding the most cards drink 1 (they are the losers).
- **Absent phones** (``skip``): a player to play lays one card, a true one
  when they have a rank they may call (the lowest such), else their lowest
  card called as the last rank; a player in the call window passes.
- **Leaving**: a leaver's cards go face down under the pile; a play of
  theirs still waiting in the window stands. Nobody is dealt in mid-game.
- **Taking a move back** (``takes_back``): a ``play`` only, until anybody
  calls or passes or the next play is made, or the window closes by itself:
  the cards went down face down, so nobody saw them, and nothing was drawn.
  A call turns cards over and a pass may close the window: neither.
"""

from __future__ import annotations

from partyapp.games.kit.wording import N_
from partyapp.games.kit.actions import one_of, spec, subset_of
from partyapp.games.kit.base import TooLate
from partyapp.games.kit.cards import ACE_LOW, STANDARD_DECK, rank_of, sort_cards
from partyapp.games.kit.cardgame import flag, number
from partyapp.games.kit.handgame import HandGame, HandState
from partyapp.games.kit.record import Record, to_plain

MAX_PLAY = 4


class Claim(Record):
    """The last call, as the table heard it: who played how many cards
    and said which rank."""

    player: str
    rank: str
    count: int


class Play(Record):
    """The last play's cards, face down (seen by the player who laid them
    until somebody calls "Cheat!" on them)."""

    player: str
    rank: str  # the rank called
    cards: list[str]


class Window(Record):
    """The time after a play in which the others may call "Cheat!"."""

    player: str  # who played
    rank: str
    count: int
    seconds: int  # how long the window runs (``call_seconds``, twice when somebody asked for more time)
    until: float  # when it closes
    waiting: list[str]  # who may still call or pass


class Reveal(Record):
    """A play turned over after a call, and who picked up the pile."""

    player: str  # who played
    rank: str  # the rank called
    cards: list[str]
    truthful: bool
    caller: str
    taker: str


class CheatState(HandState):
    current: str | None = None  # whose turn it is to play (None while a window is open)
    pile: list[str] = []  # the cards played face down, the last on top
    claim: Claim | None = None  # the last call; it stands after a challenge
    last: Play | None = None  # the play that may still be called
    window: Window | None = None
    reveal: Reveal | None = None  # the last play turned over, until the next play
    winner: str | None = None


class Cheat(HandGame):
    mode = "cheat"
    title = N_("Cheat")

    OPTIONS = {
        **HandGame.OPTIONS,
        "call_seconds": number(8, 2, 60, "Seconds after a play in which anybody may call \"Cheat!\"."),
        "wrap": flag(True, "The ranks go round: an ace may follow a king and a king an ace."),
    }
    MESSAGES = {
        **HandGame.MESSAGES,
        "cheat.first": ("player",),
        "cheat.play": ("player", "rank", "count"),
        "cheat.call": ("player", "target"),
        "cheat.reveal": ("player", "rank", "cards", "truthful"),
        "cheat.pickup": ("player", "count", "drinks"),
        "cheat.stands": ("player", "rank", "count"),
    }
    FORFEITS = {"caught": 1, "wrong_call": 1, "most_cards": 1}
    State = CheatState

    # -- the deal ----------------------------------------------------------------------
    def setup(self) -> None:
        s = self.s
        seats = s.seats
        staged = bool(s.staged)
        self.restock(list(STANDARD_DECK))
        self.deal_hands(seats[0])
        first = seats[0] if staged else self.random().choice(seats)
        s.current = first
        self.log("cheat.first", player=first)

    # -- the sequence ------------------------------------------------------------------
    def allowed_ranks(self) -> list[str]:
        """The ranks the next play may call: any at first, then one below the
        last call, the same and one above, in that order."""
        claim = self.s.claim
        if claim is None:
            return list(ACE_LOW)
        i = ACE_LOW.index(claim.rank)
        n = len(ACE_LOW)
        steps = [i - 1, i, i + 1]
        if self.s.opts.wrap:
            return list(dict.fromkeys(ACE_LOW[k % n] for k in steps))
        return [ACE_LOW[k] for k in steps if 0 <= k < n]

    # -- turns -------------------------------------------------------------------------
    def turn(self) -> str | None:
        s = self.s
        return None if s.window else s.current

    def actions(self, pid: str) -> list[dict]:
        s = self.s
        window = s.window
        if window:
            if pid in window.waiting:
                return [spec("call"), spec("pass")]
            return []
        if pid != s.current:
            return []
        hand = s.hands[pid]
        return [spec("play", cards=subset_of(hand, 1, min(MAX_PLAY, len(hand))),
                     rank=one_of(self.allowed_ranks()))]

    def default_action(self, pid: str) -> dict | None:
        s = self.s
        if s.window:
            return {"type": "pass"} if pid in s.window.waiting else None
        if pid != s.current:
            return None
        allowed = self.allowed_ranks()
        hand = sort_cards(s.hands[pid], ACE_LOW)
        true = [c for c in hand if rank_of(c) in allowed]
        if true:
            return {"type": "play", "cards": [true[0]], "rank": rank_of(true[0])}
        rank = s.claim.rank if s.claim else allowed[0]
        return {"type": "play", "cards": [hand[0]], "rank": rank}

    def _run(self, pid: str, action: dict) -> None:
        s = self.s
        calling = isinstance(action, dict) and action.get("type") in ("call", "pass")
        late = calling and not s.over and pid in s.seats and not (s.window and pid in s.window.waiting)
        if late and s.window is None:
            reveal = s.reveal
            if reveal and reveal.caller != pid:
                raise TooLate("Too late: somebody called \"Cheat!\" first.")
            raise TooLate("Too late: the play has been accepted.")
        window = s.window
        if calling and window and not s.over and self.now >= window.until:
            # The time is up; the window closes at the next tick, which is due now.
            raise TooLate("Too late: the time to call is up.")
        super()._run(pid, action)

    def takes_back(self, pid: str, act) -> bool:
        """A play, until anybody answers it (see the module docstring)."""
        return act.type == "play"

    def next_deadline(self) -> float | None:
        window = self.s.window
        return window.until if window and not self.s.over else None

    # -- moves -------------------------------------------------------------------------
    def do_play(self, pid: str, cards: list[str], rank: str) -> None:
        s = self.s
        taken = set(cards)
        s.hands[pid] = [c for c in s.hands[pid] if c not in taken]
        s.pile.extend(cards)
        s.claim = Claim(player=pid, rank=rank, count=len(cards))
        s.last = Play(player=pid, rank=rank, cards=list(cards))
        s.reveal = None
        s.current = None
        waiting = [p for p in s.seats if p != pid]
        seconds = self.seconds_for(s.opts.call_seconds, waiting)
        s.window = Window(player=pid, rank=rank, count=len(cards), seconds=seconds, until=self.now + seconds,
                          waiting=waiting)
        self.log("cheat.play", player=pid, rank=rank, count=len(cards))

    def do_pass(self, pid: str) -> None:
        window = self.s.window
        window.waiting.remove(pid)
        if not window.waiting:
            self._close_window()

    def do_call(self, pid: str) -> None:
        s = self.s
        last = s.last
        player = last.player
        s.window = None
        self.log("cheat.call", player=pid, target=player)
        truthful = all(rank_of(c) == last.rank for c in last.cards)
        s.reveal = Reveal(player=player, rank=last.rank, cards=list(last.cards), truthful=truthful, caller=pid,
                          taker=pid if truthful else player)
        self.log("cheat.reveal", player=player, rank=last.rank, cards=list(last.cards), truthful=truthful)
        taker = pid if truthful else player
        self._pick_up(taker, "wrong_call" if truthful else "caught")
        s.last = None
        if not s.hands[player]:
            self._win(player)
            return
        s.current = self.next_after(player)

    def _pick_up(self, pid: str, cause: str) -> None:
        s = self.s
        pile = s.pile
        s.hands[pid].extend(pile)
        s.pile = []
        drinks = self.forfeit(pid, cause, log=False)
        self.log("cheat.pickup", player=pid, count=len(pile), drinks=drinks)

    def _close_window(self) -> None:
        """Nobody called: the play stands, and the next player plays (or the
        player who played their last cards has won)."""
        s = self.s
        window = s.window
        player = window.player
        s.window = None
        s.last = None
        self.log("cheat.stands", player=player, rank=window.rank, count=window.count)
        if player in s.seats and not s.hands[player]:
            self._win(player)
            return
        if s.current is None:
            s.current = self.next_after(player)

    def due_steps(self, now: float) -> None:
        """The call window closes when its time is up."""
        window = self.s.window
        if window and now >= window.until:
            self._close_window()

    # -- the end -----------------------------------------------------------------------
    def _win(self, pid: str) -> None:
        s = self.s
        s.winner = pid
        s.current = None
        most = self.most_cards()
        for p in most:
            self.forfeit(p, "most_cards")
        self.end("out")

    def final_result(self, reason: str) -> dict:
        result = super().final_result(reason)
        s = self.s
        winner = s.winner
        sizes = self.hand_sizes()
        if winner is not None:
            result["winners"] = [winner]
        elif sizes:
            fewest = min(sizes.values())
            result["winners"] = [p for p in s.seats if sizes[p] == fewest]
        result["losers"] = self.most_cards()
        result.update(winner=winner, cards=sizes)
        return result

    # -- seats -------------------------------------------------------------------------
    def on_leave(self, pid: str, index: int) -> None:
        s = self.s
        cards = s.hands.pop(pid, [])
        s.pile[:0] = cards
        window = s.window
        if window:
            if pid in window.waiting:
                window.waiting.remove(pid)
            if window.player == pid:
                s.current = self.next_from_index(index)
                self._close_window()
            elif not window.waiting:
                self._close_window()
        elif s.current == pid:
            s.current = self.next_from_index(index)
        if s.last and s.last.player == pid:
            s.last = None

    # -- views -------------------------------------------------------------------------
    def piles(self) -> dict:
        return {"pile": len(self.s.pile)}

    def table_view(self) -> dict:
        s = self.s
        window = s.window
        return {
            "current": None if s.over else s.current,
            "claim": to_plain(s.claim),
            "allowed": [] if s.over else self.allowed_ranks(),
            "window": None if window is None or s.over else to_plain(window),
            "reveal": to_plain(s.reveal),
            "winner": s.winner,
        }

    def seat_view(self, pid: str) -> dict:
        last = self.s.last
        return {"played": list(last.cards) if last and last.player == pid else None}
