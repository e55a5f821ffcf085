"""Seats during a game: who is in play and who sits out, the neighbours a
card names, a player joining or leaving mid-game, and an absent player the
game waits on (the host's ``skip``).

A player sitting out stays in the game with their roles, rules and mates
and is passed over (``in_play``, ``step``); a late joiner is seated last; a
player who leaves returns their roles and leaves their mates, and the
prompt in play goes on without them where it can. ``Seats`` is the part of
the engine (``engine.DrinkingGame``) that does this, over the kit's seats
(``Engine.step``, ``left_of``, presence and more time).
"""

from __future__ import annotations

from typing import Any

from partyapp.games.kit.base import HOST, IllegalAction
from partyapp.games.kit.wording import Term
from partyapp.games.drinking.decks import GROUPS
from partyapp.games.drinking.prompts import Prompt, Race


def group(value: Any) -> str | None:
    """A player's group (``decks.GROUPS``), or None."""
    return value if value in GROUPS else None


class Seats:
    """The engine's seats during a game (a part of ``engine.DrinkingGame``)."""

    # -- seats (the kit's ``step``, ``left_of``, presence and more time) ------
    def in_play(self) -> list[str]:
        """The players not sitting out, in seat order (everybody when all are)."""
        s = self.s
        out = s.sitting_out
        active = [p for p in s.seats if p not in out] if out else list(s.seats)
        return active or list(s.seats)

    def step(self, pid: str, k: int) -> str:
        """The player ``k`` places round the table from ``pid`` among those
        not sitting out (``pid`` counted in its place whatever it is)."""
        s = self.s
        out = s.sitting_out
        ring = [p for p in s.seats if p == pid or p not in out] if out else s.seats
        if len(ring) == 1 and len(s.seats) > 1:
            ring = s.seats  # everybody else sits out: round the whole table
        return ring[(ring.index(pid) + k) % len(ring)]

    def set_sitting_out(self, pids: list[str], now: float) -> None:
        """Players sitting out keep their roles, rules and mates but are
        passed over: the draw, the goes of a round game, the neighbours a
        card names, the races and the cards for everybody skip them. A
        prompt already open goes on as it is."""
        s = self.s
        new = [p for p in s.seats if p in pids]
        if new == s.sitting_out:
            return
        self.begin(now)
        for pid in s.seats:
            if (pid in new) != (pid in s.sitting_out):
                self.log("drinking.sit_out" if pid in new else "drinking.sit_in", player=pid)
        s.sitting_out = new
        if not s.over and s.current in new and len(self.in_play()) < len(s.seats):
            s.current = self.next_in_play(s.current)

    def next_in_play(self, pid: str) -> str:
        return self.step(pid, self.s.direction)

    def left_step(self) -> int:
        """The step to a player's left (option ``sides``)."""
        return 1 if self.s.opts.sides == "seats" else self.s.direction

    def who(self, drawer: str, who: str) -> list[str]:
        if who == "drawer":
            return [drawer]
        if who == "left":
            return [self.step(drawer, self.left_step())]
        if who == "right":
            return [self.step(drawer, -self.left_step())]
        playing = self.in_play()
        if who == "everybody":
            return playing
        if who == "others":
            return [p for p in playing if p != drawer]
        return [p for p in playing if self.s.groups.get(p) == who]

    def pick_candidates(self, pid: str) -> list[str]:
        others = [p for p in self.in_play() if p != pid]
        return others or [pid]

    # -- an absent player ---------------------------------------------------------------------
    def waiting_for(self) -> list[str]:
        s = self.s
        if s.over:
            return []
        if s.prompt is None:
            return [s.current] if s.current else []
        return s.prompt.waiting()

    def skip(self, pid: str, now: float) -> list[dict]:
        """The host goes on without ``pid`` (their phone is away): their draw
        passes to the next player, or the prompt in play goes on without them
        (each kind says how: ``Prompt.skip``)."""
        s = self.s
        if pid not in self.waiting_for():
            raise IllegalAction("The game is not waiting for that player.")
        self.begin(now)
        if s.prompt is None:
            s.current = self.next_in_play(pid)
            self.log("drinking.skip_draw", player=pid, next=s.current)
        else:
            s.prompt.skip(self, pid, now)
        self.resume(now)
        self._check_end()
        return self.events()

    # -- seats during a game ----------------------------------------------------------------
    def add_player(self, player: dict, now: float) -> None:
        s = self.s
        if s.over:
            raise IllegalAction("This game is over; you will be dealt in next game.")
        pid = player.get("id") if isinstance(player, dict) else None
        if not isinstance(pid, str) or not pid or pid == HOST:
            raise IllegalAction("That player cannot join.")
        if pid in s.seats:
            raise IllegalAction("You are already in this game.")
        if len(s.seats) >= self.max_players:
            raise IllegalAction("{game} takes at most {count} player.|{game} takes at most {count} players.",
                                game=Term(self.title), count=self.max_players)
        self.begin(now)
        s.seats.append(pid)
        s.groups[pid] = group(player.get("group"))
        s.forfeits.enter(pid)
        if s.current is None:
            s.current = pid
        self.log("drinking.join", player=pid)

    def remove_player(self, pid: str, now: float) -> None:
        s = self.s
        if pid not in s.seats:
            raise IllegalAction("That player is not in this game.")
        self.begin(now)
        nxt = self.next_in_play(pid)
        nxt = None if nxt == pid else nxt
        returned = self.return_roles(pid)
        self.drop_mates(pid)
        if s.current == pid:
            s.current = nxt
        self.log("drinking.leave", player=pid, returned=returned)
        still: Prompt | None = None
        if not s.over:
            if s.paused is not None and s.paused.leave(self, pid, nxt, now):
                s.paused = None
                self.log("drinking.called_off")
            pr = s.prompt
            if pr is not None:
                if pr.leave(self, pid, nxt, now):
                    s.prompt = None
                    thumb = isinstance(pr, Race) and pr.race == "thumb"
                    self.log("drinking.thumb_called_off" if thumb else "drinking.called_off")
                else:
                    still = pr
        s.seats.remove(pid)
        if pid in s.sitting_out:
            s.sitting_out = [p for p in s.sitting_out if p != pid]
        if still is not None:
            still.after_leave(self, now)
        if not s.seats and not s.over:
            self.game_over("empty", None, False)
        self.resume(now)
        self._check_end()

    def finish(self, now: float, by: str | None = None) -> bool:
        """The host ends the game: it is over where it stands, like a game
        played to its end (the tally, the necks and the rules made stay on
        screen), the result naming who ended it (``by``)."""
        if not self.s.over:
            self.game_over("host", by, False)
        return True
