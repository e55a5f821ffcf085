"""Egyptian Ratscrew (mode ``egyptian_ratscrew``): "Egyptian Ratscrew" of
``seeds/001``, also Strip Jack Naked or Beat Your Neighbour Out Of Doors.

Turn cards onto one pile; a picture card or an ace must be paid for, and
whoever played the last one paid for takes the pile. Run out and you lose.

The rules as the seed gives them
--------------------------------
- One pack dealt out whole, one card at a time from the first seat in the
  direction of play, as face-down stacks (``reflex.ReflexGame``); with three
  players one has a card more. Two or more players; the first seat plays
  first.
- **The direction of play** (``direction``): ``"clockwise"`` (the default:
  Britain and North America, the seed says) or ``"counter_clockwise"``
  (the Caribbean "Suck the Well" the seed names): the turns, the player
  who pays for a pay card, the deal and the player after a leaver all go
  that way (``game.direction``: 1 or -1).
- In turn each player turns their top card onto the pile (``flip``). The
  ace, king, queen and jack are pay cards; 2 to 10 are ordinary.
- After a pay card the next player must pay: 4 cards for an ace, 3 for a
  king, 2 for a queen, 1 for a jack, turned one after the other. When the
  payment is complete, the player of the pay card takes the whole pile and
  puts it face down under their stack.
- A pay card turned while paying cancels the debt: the next player now
  pays for the new pay card. (The seed's example plays out exactly: A
  queen; B six, jack; A ace; B three, seven, king; A ten, four, six: the
  king has been paid for, so B takes the pile.)
- The player who first runs out of cards loses.

Readings where the seed is open (the options in brackets)
----------------------------------------------------------
- **Running out** means having to turn a card, or to pay, with none left:
  a player whose last card was a pay card may still win the pile. The
  player who took a pile turns the next card.
- **The end** (``play_to``): ``"first_out"`` (the default, the seed's
  words) ends the game when the first player runs out; they lose, and the
  player with the most cards wins. ``"last_standing"``: a player who runs
  out drops out (a payment they owed is then complete: the pay card's
  player takes the pile) and the last player with cards wins; everybody
  who dropped out lost.
- **The game may never end** (the seed says so): ``round_limit`` (piles
  taken) and ``time_limit_min`` end it by card count: most cards win,
  fewest lose. The host ending the game does the same.
- **Slaps** are the house rules most players add, off by default:
  ``doubles`` (two cards of a rank one on the other) and ``sandwiches``
  (two of a rank with one card between). On such a pile a race opens
  (``races.py``; window ``slap_window_ms``, default 2 s) for everybody still
  in; the first to slap, judged by arrival less half the phone's round trip
  (``compensate``), takes the pile and turns next, and any debt is
  cancelled. If nobody slaps in the window, play goes on as if no race had
  been. A slap on any other pile is false: the slapper burns ``burn`` cards
  (default 1) from their stack face down under the pile. A slap within a
  second of a race closing is late (no penalty). With no slap rule on,
  ``slap`` is never offered.
- **Forfeits** (``forfeits``): everybody who lost drinks 1 (``lose``).
- **Leaving**: the leaver's stack is set aside; if they owed a payment the
  next player pays it; a debt owed to them is cancelled.
- **Taking a move back**: none. Every ``flip`` turns up a card nobody saw,
  and a ``slap`` is a race against the others.
"""

from __future__ import annotations

from partyapp.games.kit.wording import N_
from partyapp.games.kit.cardgame import choice, flag, number
from partyapp.games.kit.cards import rank_of
from partyapp.games.kit.record import Record, from_plain, to_plain
from partyapp.games.kit.reflex import ReflexGame, ReflexState
from partyapp.games.kit.races import RaceResult, race_options

PAY = {"A": 4, "K": 3, "Q": 2, "J": 1}
FIRST_OUT, LAST_STANDING = "first_out", "last_standing"
CLOCKWISE, COUNTER_CLOCKWISE = "clockwise", "counter_clockwise"


class Debt(Record):
    """A payment owed for a pay card: ``payer`` turns ``left`` more cards,
    then the pay card's player (``to``) takes the pile."""

    to: str
    payer: str | None  # None: nobody left in to pay
    left: int


class RatscrewState(ReflexState):
    debt: Debt | None = None
    out: list[str] = []  # who ran out and dropped out (last_standing), in that order
    held: str | None = None  # who turned the card a race is open on (its payment waits on the race)
    loser: str | None = None  # who ran out first (first_out)


class EgyptianRatscrew(ReflexGame):
    mode = "egyptian_ratscrew"
    title = N_("Egyptian Ratscrew")
    MOST_CARDS_WIN = True

    OPTIONS = {
        **ReflexGame.OPTIONS,
        **race_options(2000),
        "play_to": choice(FIRST_OUT, (FIRST_OUT, LAST_STANDING),
                          "first_out: the first player out of cards loses and the game ends; "
                          "last_standing: players drop out until one holds every card."),
        "doubles": flag(False, "House rule: slap a pair of one rank on top of the pile to take it."),
        "sandwiches": flag(False, "House rule: slap two of one rank with one card between to take the pile."),
        "burn": number(1, 0, 5, "Cards a false slap burns under the pile."),
        "direction": choice(CLOCKWISE, (CLOCKWISE, COUNTER_CLOCKWISE),
                            "Play goes clockwise, or counter-clockwise as in the Caribbean \"Suck the Well\"."),
    }
    MESSAGES = {
        **ReflexGame.MESSAGES,
        "egyptian_ratscrew.flip": ("player", "card"),
        "egyptian_ratscrew.pay": ("player", "payer", "count"),
        "egyptian_ratscrew.take": ("player", "count", "by"),
        "egyptian_ratscrew.burn": ("player", "count"),
        "egyptian_ratscrew.out": ("player",),
    }
    FORFEITS = {"lose": 1}
    State = RatscrewState

    def on_deal(self) -> None:
        s = self.s
        s.debt, s.out, s.held, s.loser = None, [], None, None

    # -- who plays ----------------------------------------------------------------------
    def direction(self) -> int:
        return -1 if self.s.opts.direction == COUNTER_CLOCKWISE else 1

    def _in(self, pid: str) -> bool:
        return pid in self.s.seats and pid not in self.s.out

    def _next_in(self, after: str) -> str | None:
        return self.next_seat(after, self._in)

    def race_players(self) -> list[str]:
        return [p for p in self.s.seats if self._in(p)]

    def _slap_rules(self) -> bool:
        o = self.s.opts
        return o.doubles or o.sandwiches

    def may_slap(self, pid: str) -> bool:
        return self._slap_rules() and self._in(pid)

    def _slappable(self) -> str | None:
        pile = self.s.pile
        o = self.s.opts
        if o.doubles and len(pile) >= 2 and rank_of(pile[-1]) == rank_of(pile[-2]):
            return "double"
        if o.sandwiches and len(pile) >= 3 and rank_of(pile[-1]) == rank_of(pile[-3]):
            return "sandwich"
        return None

    # -- moves -------------------------------------------------------------------------
    def do_flip(self, pid: str) -> None:
        card = self.flip_card(pid)
        self.log("egyptian_ratscrew.flip", player=pid, card=card)
        kind = self._slappable()
        if kind is not None:
            self.s.held = pid
            self.open_race(kind)
            return
        self._after_flip(pid, card)

    def _after_flip(self, pid: str, card: str) -> None:
        """What a turned card means once no slap takes the pile."""
        s = self.s
        rank = rank_of(card)
        debt = s.debt
        if rank in PAY:
            payer = self._next_in(pid)
            s.debt = Debt(to=pid, payer=payer, left=PAY[rank])
            self.log("egyptian_ratscrew.pay", player=pid, payer=payer, count=PAY[rank])
            s.current = payer
        elif debt is not None:
            debt.left -= 1
            if debt.left == 0:
                self._take(debt.to, "payment")
                return
            s.current = pid
        else:
            s.current = self._next_in(pid)
        self._check_turn()

    def _take(self, pid: str, by: str) -> None:
        s = self.s
        s.debt = None
        n = self.take_pile(pid)
        self.log("egyptian_ratscrew.take", player=pid, count=n, by=by)
        s.current = pid
        self.round_done()
        if not s.over:
            self._check_turn()

    def _check_turn(self) -> None:
        """The player to turn a card has none: they run out."""
        s = self.s
        while not s.over and s.race is None:
            cur = s.current
            if cur is None or self.stack(cur):
                return
            self.log("egyptian_ratscrew.out", player=cur)
            if s.opts.play_to == FIRST_OUT:
                s.loser = cur
                self.end("ran_out")
                return
            s.out.append(cur)
            if len(self.race_players()) <= 1:
                self.end("last_standing")
                return
            debt = s.debt
            if debt is not None and debt.payer == cur:
                self._take(debt.to, "payment")
                return
            s.current = self._next_in(cur)

    def on_race_closed(self, result: RaceResult) -> None:
        s = self.s
        held = s.held
        s.held = None
        if result.order:
            self._take(result.order[0].player, "slap")
        elif held is not None:
            self._after_flip(held, s.pile[-1])
        else:
            self._check_turn()

    def false_slap(self, pid: str) -> None:
        n = self.burn(pid, self.s.opts.burn)
        self.log("egyptian_ratscrew.burn", player=pid, count=n)
        if pid == self.s.current:
            self._check_turn()

    # -- seats -----------------------------------------------------------------------------
    def on_player_gone(self, pid: str, index: int) -> None:
        s = self.s
        if pid in s.out:
            s.out.remove(pid)
        seats = s.seats
        if self.direction() == 1:
            ring = seats[index:] + seats[:index]  # seats[index] sat on the leaver's left
        else:
            ring = [seats[(index - 1 - k) % len(seats)] for k in range(len(seats))]
        after = next((p for p in ring if self._in(p)), None)
        debt = s.debt
        if debt is not None and debt.to == pid:
            s.debt = debt = None
        if debt is not None and debt.payer == pid:
            debt.payer = after
        if s.held == pid:
            s.held = None
            s.current = after
        elif s.current == pid:
            s.current = after
        if s.opts.play_to == LAST_STANDING and len(self.race_players()) <= 1:
            self.end("last_standing")
        elif s.race is None:
            self._check_turn()

    # -- the end ---------------------------------------------------------------------------
    def final_result(self, reason: str) -> dict:
        s = self.s
        result = self.by_cards(reason)
        if reason == "ran_out":
            loser = s.loser
            others = {p: n for p, n in self.card_counts().items() if p != loser}
            best = max(others.values()) if others else 0
            result["winners"] = [p for p, n in others.items() if n == best]
            result["losers"] = [loser]
        elif reason == "last_standing":
            result["winners"] = self.race_players()
            result["losers"] = [p for p in s.out if p in s.seats]
        return result

    # -- views -----------------------------------------------------------------------------
    def after_race(self) -> dict:
        """The turn and the debt as the card held by the race would leave
        them were it an ordinary one (worked out on a copy of the game)."""
        s = self.s
        if s.held is None or not s.pile:
            return {"turn": s.current, "debt": to_plain(s.debt) if s.debt else None}
        ghost = type(self)(from_plain(to_plain(s), type(s)))
        ghost.now = self.now
        ghost.s.race = None
        ghost._after_flip(s.held, s.pile[-1])
        gs = ghost.s
        return {"turn": None if gs.over else gs.current, "debt": to_plain(gs.debt) if gs.debt else None}

    def table_view(self) -> dict:
        s = self.s
        o = s.opts
        view = super().table_view()
        view.update(debt=to_plain(s.debt) if s.debt else None, out=list(s.out),
                    slaps=[k for k, on in (("doubles", o.doubles), ("sandwiches", o.sandwiches)) if on],
                    direction=self.direction())
        return view
