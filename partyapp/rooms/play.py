"""The running game of a room: moves, time-outs, the game learning who sits
out, who asked for more time and who came in, going on without an absent
player, and ending it.

A move is checked against the rules by the engine (``IllegalAction``); a
reflex game gets the server's stamp of when the move came in. ``Play`` is
that part of ``Room`` (``room.py``); each method that changes the room runs
under ``Room.change``. How a game starts is ``launch.py``'s.
"""

from __future__ import annotations

from typing import Any

from partyapp.games.kit.base import HOST, IllegalAction
from partyapp.games.kit.races import ARRIVAL
from partyapp.games.kit.wording import Term
from partyapp.rooms import dealers
from partyapp.rooms.history import TIMED_OUT
from partyapp.rooms.seat import Seat
from partyapp.rooms.unchanged import UNCHANGED


class Play:
    """The room's running game (see the module text)."""

    def act(self, actor: str, action: dict, arrival: dict | None = None) -> list[dict]:
        """A move; ``arrival`` is the server's stamp of when it came in (and the
        phone's round trip), handed to a reflex game inside the action. A
        stamp the client put in the action itself is never believed. Returns
        the game's log entries of the move. A person's own move (not one the
        server made for them) ends the list of what was played for them."""
        if self.game is None:
            raise IllegalAction("No game is running.")
        self.refuse_if_paused()
        if actor != HOST and actor not in self.game.players():
            raise IllegalAction("You are not in this game; you will be dealt in next game.")
        action = {k: v for k, v in action.items() if k != ARRIVAL}
        self._check_typed(actor, action)
        if arrival is not None and self.game.reflex:
            action[ARRIVAL] = arrival
        self.acting = actor
        events = self.game.apply(actor, action, self.registry.clock())
        if actor != HOST:
            seat = self.seat(actor)
            if seat.played_for and not seat.auto:
                seat.played_for = []
        return events or []

    def _check_typed(self, actor: str, action: dict) -> None:
        """What a move types for others to read (a rule, an answer) passes the
        room's word filter: each parameter the move's spec takes as text."""
        if not self.night.words_filtered:
            return
        for spec in self.game.legal_actions(actor):
            if spec["type"] == action.get("type"):
                for name, domain in spec["params"].items():
                    if isinstance(domain, dict) and "text" in domain and isinstance(action.get(name), str):
                        self.check_words(action[name], Term("The text"))

    def take_back(self, actor: str) -> list[dict]:
        """A player takes back their own last move (``Engine.take_back``):
        where the game allows it, until the next move; never while paused."""
        if self.game is None:
            raise IllegalAction("No game is running.")
        self.refuse_if_paused()
        if actor not in self.game.players():
            raise IllegalAction("You are not in this game; you will be dealt in next game.")
        return self.game.take_back(actor, self.registry.clock())

    def tick(self) -> Any:
        """What is due now: the game's own time-out first, else a move the
        server makes for a seat (``Autoplayer.step``). Nothing while paused."""
        if self.paused is not None:
            return UNCHANGED
        now = self.registry.clock()
        deadline = self.game.next_deadline() if self.game is not None else None
        if deadline is not None and deadline <= now:
            self.acting, self.late = TIMED_OUT, tuple(self.game.waiting_for())  # whose time ran out
            self.game.tick(now)
            self.game.drop_undo()  # the game moved on by itself: the last move stands
            return None
        autoplay = self.registry.autoplay
        return autoplay.step(self, now) if autoplay is not None else UNCHANGED

    def next_deadline(self) -> float | None:
        """When ``tick`` is next due: the game's time-out or a server-made move
        (never while paused)."""
        if self.paused is not None:
            return None
        times = [self.game.next_deadline() if self.game is not None else None]
        if self.registry.autoplay is not None:
            times.append(self.registry.autoplay.next_due(self))
        due = [t for t in times if t is not None]
        return min(due) if due else None

    def _deal_in(self, seat: Seat) -> bool:
        """Deal a newcomer (or a player back in) into the running game where
        it takes them, a bot only where bots play its mode; True when it
        did. Otherwise the seat waits in the room for the next game."""
        game = self.game
        if game is None or game.is_over() or (seat.bot and not self.takes_bots(game.mode)):
            return False
        try:
            game.add_player(seat.entrant(), self.game_now())
        except IllegalAction:
            return False  # seated in the room, dealt in next game
        return True

    def set_sitting_out(self, pid: str, sitting_out: bool) -> Any:
        """A player (or the host for them) sits the next games out, or comes
        back in. Their seat, tally, roles and history stay. A new game does
        not deal them in (the drinking decks keep them in their seat and pass
        over their turns); a running game passes them over from its next
        turn or deal where it can (``Game.set_sitting_out``), else they play
        it to its end. Back in: from the running game's next draw or deal
        when it takes them, else from the next game."""
        if not self.has_seat(pid):
            raise IllegalAction("That player is not in this room.")
        seat = self.seat(pid)
        self.acting_as(HOST)  # the host's command (a player's own change named them first)
        if seat.sitting_out == sitting_out:
            return UNCHANGED
        seat.sitting_out = sitting_out
        game = self.game
        if game is not None and not game.is_over():
            if pid in game.players():
                self._tell_sitting_out()
            elif not sitting_out:
                self._deal_in(seat)
        return None

    def _tell_sitting_out(self) -> None:
        """The running game learns who sits out."""
        if self.game is not None and not self.game.is_over():
            in_game = set(self.game.players())
            self.game.set_sitting_out([s.id for s in self.seats if s.sitting_out and s.id in in_game],
                                      self.game_now())

    def _tell_more_time(self) -> None:
        """The running game learns who asked for more time."""
        if self.game is not None and not self.game.is_over():
            self.game.set_more_time([s.id for s in self.seats if s.more_time])

    def skip_absent(self, pid: str) -> None:
        """The host goes on without a player whose phone is away while the game
        waits on them (``Game.skip``)."""
        if not self.has_seat(pid):
            raise IllegalAction("That player is not in this room.")
        seat = self.seat(pid)
        if self.game is None or self.game.is_over():
            raise IllegalAction("No game is running.")
        self.refuse_if_paused()
        self.acting_as(HOST)
        if seat.connected:
            raise IllegalAction("{name}'s phone is here: they can play.", name=seat.name)
        if pid not in self.game.players() or pid not in self.game.waiting_for():
            raise IllegalAction("The game is not waiting for {name}.", name=seat.name)
        self.game.skip(pid, self.registry.clock())
        self.game.drop_undo()

    def end_game(self) -> Any:
        """The host ends the game: a running game that has a result to show
        finishes and shows it; ending it again (or a finished one) returns to
        the lobby."""
        if self.game is None:
            return UNCHANGED
        self.acting_as(HOST)
        if not self.game.is_over() and self.game.finish(self.registry.clock(), self.host_player):
            return None
        self._close_game()
        return None

    def _close_game(self) -> None:
        """The game is let go (its forfeits are already on the seats, counted
        as they were taken): the night keeps its result; in a game whose deal
        passes from game to game, the room keeps who dealt its last deal
        (``dealers.py``)."""
        game = self.game
        if game is None:
            return
        if game.DEAL_PASSES:
            self.dealers[game.mode] = dealers.closing(self.dealers.get(game.mode), game.last_dealer(),
                                                      game.players())
        self.night.game_closing(game)
        self.game = None
