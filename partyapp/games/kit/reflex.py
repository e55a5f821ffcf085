"""``ReflexGame``: face-down stacks, one face-up pile, turns to flip, and slap
races. Irish Snap and Egyptian Ratscrew are built on it.

The table
    The whole pack is dealt out one card at a time round the seats from the
    first, in the direction of play (``cards.deal_all``; ``direction``: a
    game played counter-clockwise deals the first seat, then the seat before
    it, and so on): each player's cards are a face-down stack
    that nobody sees, its owner included (``you.hand`` stays empty,
    ``hand_sizes`` counts the stacks). A stack is played in the order its
    cards were dealt. In turn a player ``flip``s the top card of their stack
    onto the face-up pile in the centre. Whoever takes the pile turns it
    over and puts it under their stack, so its first card is played first.
    Cards burned as a penalty lie face down under the pile (``burned``
    counts them; nobody sees them) and go with it.

Races
    When the rules call for a slap the game opens a race (``races.py``):
    ``game.turn`` is null while it is open, nobody flips, and every player
    in it gets ``slap``. It closes when everybody here has slapped or the
    window (``slap_window_ms``) has passed, and the game judges the order,
    compensated for each phone's round trip (``compensate``, ``max_lag_ms``).
    The table keeps the last race's order and margins in ``last_race``. A
    slap within a second of a race closing is late: logged, no penalty. A
    move that reaches the server after a time-out was due sees the time-out
    applied first; a move that the new state no longer allows is dropped
    (answered, as the state it was aimed at is gone).

Limits
    These games may never end. ``round_limit`` (piles taken) and
    ``time_limit_min`` (minutes from the deal) end them by card count
    (each game says whether most or fewest cards win); 0 switches a limit
    off. The host ending the game also ends it by card count.

Seats
    Nobody joins a game of stacks once dealt (they are dealt in next game).
    A player who leaves takes no part any more: their stack is set aside
    unseen (``aside`` counts those cards) and any race they were in goes on
    without them.
"""

from __future__ import annotations

from typing import Any, ClassVar

from partyapp.games.kit.wording import Term
from partyapp.games.kit.actions import spec
from partyapp.games.kit.base import GameIsOver, IllegalAction
from partyapp.games.kit.cardgame import CardGame, CardState, number
from partyapp.games.kit.cards import deal_all, make_deck
from partyapp.games.kit.races import Race, RaceResult, race_options, split_arrival, to_ms

LIMIT_OPTIONS = {
    "round_limit": number(0, 0, 1000, "The game ends after this many piles are taken, by card count (0: no limit)."),
    "time_limit_min": number(0, 0, 240, "The game ends this many minutes after the deal, by card count (0: no limit)."),
}


class ReflexState(CardState):
    """Stacks, the pile, turns and races (see the module docstring)."""

    stacks: dict[str, list[str]] = {}  # face down, played from the front
    pile: list[str] = []  # face up, the top card last
    burned: list[str] = []  # face down under the pile
    aside: int = 0  # cards of players who left, set aside unseen
    current: str | None = None  # whose turn it is to flip
    race: Race | None = None  # the race open now
    last_race: RaceResult | None = None
    taken: int = 0  # piles taken
    flips: int = 0
    started: float = 0.0
    ends_at: float | None = None  # the time limit's end


class ReflexGame(CardGame):
    """The base of the stack-and-pile games; see the module docstring."""

    reflex = True
    WINDOW_MS: ClassVar[int] = 3000
    # Most cards win when the game ends by card count (else fewest win).
    MOST_CARDS_WIN: ClassVar[bool] = True
    LOSER_FORFEIT = "lose"

    OPTIONS = {**CardGame.OPTIONS, **race_options(WINDOW_MS), **LIMIT_OPTIONS}
    State = ReflexState
    MESSAGES = {
        **CardGame.MESSAGES,
        "reflex.deal": ("players", "counts"),
        "race.order": ("kind", "players", "margins", "missed", "timed_out"),
        "race.late": ("player", "ms"),
    }

    # -- set-up ------------------------------------------------------------------------
    def setup(self) -> None:
        s = self.s
        self.restock(make_deck())
        stacks = deal_all(s.stock, self.play_order())
        s.staged = []
        s.stacks, s.current, s.started = stacks, s.seats[0], self.now
        s.ends_at = self.now + 60.0 * s.opts.time_limit_min if s.opts.time_limit_min else None
        self.log("reflex.deal", players=list(s.seats), counts=[len(stacks[p]) for p in s.seats])
        self.on_deal()

    def on_deal(self) -> None:
        """The game's own state after the deal."""

    # -- stacks and the pile -----------------------------------------------------------
    def stack(self, pid: str) -> list[str]:
        return self.s.stacks.get(pid, [])

    def flip_card(self, pid: str) -> str:
        """The top card of ``pid``'s stack onto the pile."""
        card = self.s.stacks[pid].pop(0)
        self.s.pile.append(card)
        self.s.flips += 1
        return card

    def take_pile(self, pid: str) -> int:
        """``pid`` turns the pile over (burned cards with it) and puts it under
        their stack; returns the number of cards taken."""
        s = self.s
        cards = s.burned + s.pile
        s.stacks[pid].extend(cards)
        s.burned = []
        s.pile = []
        s.taken += 1
        return len(cards)

    def burn(self, pid: str, n: int) -> int:
        """``pid`` puts up to ``n`` cards from the top of their stack face down
        under the pile; returns how many."""
        stack = self.s.stacks[pid]
        count = min(n, len(stack))
        for _ in range(count):
            self.s.burned.insert(0, stack.pop(0))
        return count

    def direction(self) -> int:
        """The direction of play: 1 clockwise, -1 counter-clockwise (a
        game's option; clockwise by default)."""
        return 1

    def play_order(self) -> list[str]:
        """The seats in the order of play, from the first seat."""
        seats = self.s.seats
        return list(seats) if self.direction() == 1 else seats[:1] + seats[:0:-1]

    def next_seat(self, after: str, ok: Any) -> str | None:
        """The first player after ``after`` in the direction of play
        (``after`` itself last) for whom ``ok(pid)`` holds, or None."""
        seats = self.play_order()
        if after in seats:
            i = seats.index(after)
            ring = seats[i + 1:] + seats[:i + 1]
        else:
            ring = list(seats)
        return next((p for p in ring if ok(p)), None)

    def card_counts(self) -> dict[str, int]:
        return {p: len(self.stack(p)) for p in self.s.seats}

    # -- races -------------------------------------------------------------------------
    def race(self) -> Race | None:
        return self.s.race

    def race_players(self) -> list[str]:
        """Who may slap in a race opening now (default: every player)."""
        return list(self.s.seats)

    def open_race(self, kind: str) -> None:
        o = self.s.opts
        self.s.race = Race.new(kind, self.race_players(), self.away(), self.now, o.slap_window_ms / 1000.0)

    def close_race(self, now: float) -> None:
        race = self.race()
        assert race is not None
        result = race.close(now)
        self.s.race = None
        self.s.last_race = result
        self.log("race.order", kind=result.kind, players=[e.player for e in result.order],
                 margins=[e.margin_ms for e in result.order], missed=list(result.missed),
                 timed_out=result.timed_out)
        self.on_race_closed(result)

    def on_race_closed(self, result: RaceResult) -> None:
        """The game's judgement of a closed race (``races.Race.close``)."""

    def may_slap(self, pid: str) -> bool:
        """May ``pid`` slap while no race is open (a false or late slap)?"""
        return True

    def do_slap(self, pid: str) -> None:
        race = self.race()
        o = self.s.opts
        if race is not None:
            race.slap(pid, self.arrival, o.compensate, o.max_lag_ms / 1000.0)
            if race.complete():
                self.close_race(self.arrival.at)
            return
        last = self.s.last_race
        if last is not None and last.is_late(self.arrival.at):
            if pid not in {e.player for e in last.order}:
                self.log("race.late", player=pid, ms=to_ms(self.arrival.at - last.closed))
            return
        self.false_slap(pid)

    def false_slap(self, pid: str) -> None:
        """A slap with no race open and none just closed: the game's penalty."""

    # -- time-outs -----------------------------------------------------------------------
    def next_deadline(self) -> float | None:
        s = self.s
        if s.over:
            return None
        times = [t for t in (s.race.deadline if s.race else None, s.ends_at) if t is not None]
        return min(times) if times else None

    def timeouts(self, t: float) -> bool:
        """Apply whatever is due at ``t``: a race's window, the time limit.
        Returns whether anything was."""
        s = self.s
        changed = False
        race = self.race()
        if race is not None and race.due(t):
            self.close_race(t)
            changed = True
        if not s.over and s.ends_at is not None and t >= s.ends_at:
            if self.race() is not None:
                self.close_race(t)
            if not s.over:
                self.end("time_limit")
            changed = True
        return changed

    def tick(self, now: float) -> list[dict]:
        self._events = []
        self.now = now
        if not self.s.over:
            self.timeouts(now)
        return self.events()

    def apply(self, pid: str, action: dict, now: float) -> list[dict]:
        self._events = []
        self.now = now
        action, self.arrival = split_arrival(action, now)
        if self.s.over:
            raise GameIsOver("The game is over.")
        if self.timeouts(self.arrival.at):
            # The state this move was aimed at timed out before it arrived:
            # the move applies to the new state, or is dropped.
            if not self.s.over:
                try:
                    self._run(pid, action)
                except IllegalAction:
                    pass
        else:
            self._run(pid, action)
        if not self.s.over:
            self.timeouts(now)
        return self.events()

    def round_done(self) -> None:
        """A pile was taken: the round limit may end the game."""
        limit = self.s.opts.round_limit
        if limit and self.s.taken >= limit and not self.s.over:
            self.end("round_limit")

    # -- turns -----------------------------------------------------------------------------
    def turn(self) -> str | None:
        s = self.s
        if s.over or s.race is not None:
            return None
        return s.current

    def actions(self, pid: str) -> list[dict]:
        race = self.race()
        if race is not None:
            return [spec("slap")] if race.may_slap(pid) else []
        out = []
        if pid == self.s.current and self.stack(pid):
            out.append(spec("flip"))
        if self.may_slap(pid):
            out.append(spec("slap"))
        return out

    def waiting_for(self) -> list[str]:
        """The players the game cannot go on without now: those a race waits
        for, else the player to turn a card."""
        race = self.race()
        if self.s.over:
            return []
        if race is not None:
            return race.waiting()
        return [self.s.current] if self.s.current else []

    def default_action(self, pid: str) -> dict | None:
        if self.s.race is None and pid == self.s.current and self.stack(pid):
            return {"type": "flip"}
        return None

    def skip(self, pid: str, now: float) -> list[dict]:
        """An absent player's card is turned for them; a race waiting for
        them stops waiting (they are not judged, as if away)."""
        race = self.race()
        if self.s.over or race is None or pid not in race.waiting():
            return super().skip(pid, now)
        self._events = []
        self.now = now
        self.log("game.skipped", player=pid, action="away")
        race.set_away(pid, True)
        if race.complete():
            self.close_race(now)
        return self.events()

    # -- seats -----------------------------------------------------------------------------
    def add_player(self, player: dict, now: float) -> None:
        if not self.s.over:
            raise IllegalAction("{game} is dealt already; you will be dealt in next game.", game=Term(self.title))
        super().add_player(player, now)

    def on_presence(self, pid: str, connected: bool) -> None:
        race = self.race()
        if race is None:
            return
        race.set_away(pid, not connected)
        if race.complete():
            self.close_race(self.now)

    def on_leave(self, pid: str, index: int) -> None:
        s = self.s
        s.aside += len(s.stacks.pop(pid, []))
        race = self.race()
        if race is not None:
            race.drop(pid)
        self.on_player_gone(pid, index)
        race = self.race()
        if race is not None and not s.over and race.complete():
            self.close_race(self.now)

    def on_player_gone(self, pid: str, index: int) -> None:
        """``pid`` left (stack set aside): the game mends whose turn it is."""

    # -- the end ---------------------------------------------------------------------------
    def by_cards(self, reason: str) -> dict:
        """The result by card count: most (or fewest) cards win, the other end
        loses, nobody when all are level."""
        counts = self.card_counts()
        result = super().final_result(reason)
        if counts:
            best = max(counts.values()) if self.MOST_CARDS_WIN else min(counts.values())
            worst = min(counts.values()) if self.MOST_CARDS_WIN else max(counts.values())
            result["winners"] = [p for p, n in counts.items() if n == best]
            result["losers"] = [p for p, n in counts.items() if n == worst and n != best]
        result["cards"] = counts
        return result

    def final_result(self, reason: str) -> dict:
        return self.by_cards(reason)

    def end(self, reason: str) -> None:
        if self.s.over:
            return
        self.s.race = None
        self.s.current = None
        super().end(reason)

    # -- views -----------------------------------------------------------------------------
    def hand(self, pid: str) -> list[str]:
        return []  # a face-down stack: nobody sees it

    def hand_sizes(self) -> dict[str, int]:
        return self.card_counts()

    def piles(self) -> dict:
        s = self.s
        return {"pile": list(s.pile), "burned": len(s.burned)}

    def table_view(self) -> dict:
        s = self.s
        race = self.race()
        view = {
            "race": race.public() if race is not None else None,
            "last_race": s.last_race.public() if s.last_race else None,
            "taken": s.taken,
            "flips": s.flips,
            "aside": s.aside,
            "ends_at": s.ends_at,
            "away": self.away(),
        }
        if race is not None:
            view["after_race"] = self.after_race()
        return view

    def after_race(self) -> dict:
        """While a race is open: whose turn it would be had no race opened
        (``turn``), so that a phone looks the same on a match as on any
        other card and nobody wins a race by watching their own phone."""
        return {"turn": self.s.current}
