"""The seats the server plays: bots, and people whose phone has been away
too long (``auto``), as a room sees them.

Who picks their moves is the registry's ``Autoplayer`` (``room.py``;
``partyapp.bots.Autoplay``); the room seats a bot, tells the autoplayer of
every new revision, shows on the screens what the server plays, and keeps
what it played for a person, for their phone to tell them. ``Autoplayed``
is that part of ``Room`` (``room.py``).
"""

from __future__ import annotations

from partyapp.games.kit.base import HOST
from partyapp.games.kit.races import ARRIVAL
from partyapp.rooms.errors import RoomFull
from partyapp.rooms.seat import Seat, hash_token, new_token

# Moves the server made for an absent phone kept to tell it, and log entries of each.
PLAYED_FOR_MAX = 12
PLAYED_LOG_MAX = 6


class Autoplayed:
    """The room's seats the server plays (see the module text)."""

    def takes_bots(self, mode: str) -> bool:
        autoplay = self.registry.autoplay
        return autoplay is not None and autoplay.plays(mode)

    def add_bot(self, name: str, look: str, level: str) -> str:
        """Seat a bot (under ``change``); returns its player id. It has no
        token anybody knows, never hosts, and is dealt into a running game
        that takes newcomers and bots."""
        if len(self.seats) >= self.registry.max_players:
            raise RoomFull("This room is full.")
        seat = Seat(id=f"p{self.next_id}", name=name, token_hash=hash_token(new_token()), bot=True, look=look,
                    level=level)
        self.acting_as(HOST)  # the history: the host seated it
        self._deal_in(seat)
        self.next_id += 1
        self.seats.append(seat)
        return seat.id

    def note_played_for(self, pid: str, action: dict, events: list[dict]) -> None:
        """The server made a move for a person whose phone is away: kept for
        their phone to tell them what was played for them (their private
        view's ``played_for``: the move, with any of their cards it used, and
        the game's log entries of it, message keys with parameters), until
        their own next move or the next game."""
        seat = self.seat(pid)
        if seat.bot:
            return
        move = {k: v for k, v in action.items() if k != ARRIVAL}
        log = [e for e in events if isinstance(e, dict) and "msg" in e][-PLAYED_LOG_MAX:]
        seat.played_for = [*seat.played_for, {"action": move, "log": log}][-PLAYED_FOR_MAX:]

    def _bot_fields(self, seat: Seat) -> dict:
        """``players[]``: ``bot`` (and its ``look`` and ``level``), ``auto``
        (a person's seat played while their phone is away), ``sits_out`` (a
        bot in a room playing a mode bots do not play)."""
        sits_out = seat.bot and self.game is not None and not self.takes_bots(self.game.mode)
        return {"bot": seat.bot, "look": seat.look, "level": seat.level, "auto": seat.auto, "sits_out": sits_out}

    def _note_autoplay(self, now: float) -> None:
        """Let the seats the server plays see the new revision (inside the save)."""
        if self.registry.autoplay is not None:
            self.registry.autoplay.note(self, now)
