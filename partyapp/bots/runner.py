"""The runner: which seats the server plays, when each moves, and with what.

Seats played by the server
    A **bot** seat (``Seat.bot``) in a running game of a mode bots play (every
    full card game; the drinking decks are for people), and a person's seat
    played for them (``Seat.auto``) while their phone is away: once it has
    been away ``takeover_s`` seconds while the game waits on them (their turn,
    or an answer it needs), the seat is taken over, and the game treats the
    player as present. The next frame after their phone resumes hands it
    back. Nobody is played for in a room nobody watches (no phone of a person
    and no table connected): the bots wait for an audience.

When
    After every change (``note``, inside the room's save, so with the new
    ``rev``) each played seat is handed its frame. When what it faces has
    changed (the strategy's ``situation``) a decision opens: it is due after
    a pause drawn from a generator seeded by the room's bot seed, the seat
    and the revision (the same room plays the same bots the same way), a
    human-looking think or, for a slap, a reaction time by the bot's level. A
    decision stays open while other seats move (everybody bets at once), and
    a second move in the same turn comes quicker. ``next_due`` is the
    earliest open decision or take-over; the room asks for ``tick`` then
    (``partyapp/realtime/timers.py``), and ``step`` makes one move, through ``Room.act``,
    the path of a phone's ``game.act``, in a change of its own. A move in a
    race carries its arrival stamp (``races.ARRIVAL``) at the moment the bot
    "pressed": when the card appeared plus its reaction time.

What a seat is handed
    ``frame``: the room's public view and the seat's ``you``, encoded and
    decoded exactly as the fan-out sends a phone its frame; the strategy's
    memory is built only from those frames.

State, in ``Room.autoplay`` (saved with the room, so bots survive a
restart): the bot seed, the open decisions by seat (``key``, ``due``,
``rev``, ``tries``), each played seat's memory, the mode it belongs to, and
the last seat moved. Memories and decisions go when no game is running.
While the host has the room paused no decision opens (a situation that
changes meanwhile is decided afresh at resume), and at resume each open one
keeps the time it had left (``resume``).
"""

from __future__ import annotations

import hashlib
import logging
import random
import secrets
import time
from typing import Any

import orjson

from partyapp.games import MODES
from partyapp.games.kit.base import IllegalAction
from partyapp.games.kit.cardgame import CardGame
from partyapp.rooms.frames import encode, with_you
from partyapp.rooms.room import UNCHANGED, Room, Seat
from partyapp.bots.names import identity
from partyapp.bots.registry import strategy_for
from partyapp.bots.strategy import LEVELS, NORMAL, RANDOM

log = logging.getLogger(__name__)

# A refused move is tried again (with a random legal move) this many times.
MAX_TRIES = 3
RETRY_S = 0.5
# A second move of the same seat right after its first comes this much quicker.
FOLLOW_UP = 0.5


def plays(mode: str) -> bool:
    """Do bots play ``mode``? Every full card game; never the drinking decks."""
    cls = MODES.get(mode)
    return cls is not None and issubclass(cls, CardGame)


def frame_of(public_text: str, you: dict) -> dict:
    """A seat's frame as its phone would receive it: the public view's JSON
    text with ``you`` spliced in (``rooms.frames.with_you``), decoded."""
    return orjson.loads(with_you(public_text, you))


def frame_for(room: Room, pid: str) -> dict:
    """The frame of seat ``pid`` at the room's current revision."""
    return frame_of(encode(room.public_view()), room.you(pid))


def digest(value: Any) -> str:
    return hashlib.blake2b(orjson.dumps(value), digest_size=8).hexdigest()


class Autoplay:
    """The rooms' ``Autoplayer`` (``partyapp/rooms/room.py``); see the module docstring.
    ``pace`` scales every pause (tests make bots quick)."""

    def __init__(self, takeover_s: float = 30.0, pace: float = 1.0,
                 timer=time.perf_counter) -> None:
        self.takeover_s = float(takeover_s)
        self.pace = pace
        self.timer = timer
        # Seconds each decision took (the seat's frame built, the strategy's
        # choice), when a benchmark asks (a list).
        self.timings: list[float] | None = None

    # -- the modes and the seats -------------------------------------------------------
    def plays(self, mode: str) -> bool:
        return plays(mode)

    def seat_bot(self, room: Room, level: str = NORMAL) -> str:
        """Seat a new bot with a name and a look of its own (under the room's change)."""
        if level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}")
        state = self._state(room)
        count = state.get("bots", 0)
        name, look = identity([s.name for s in room.seats], count)
        pid = room.add_bot(name, look, level)
        state["bots"] = count + 1
        return pid

    @staticmethod
    def _state(room: Room) -> dict:
        st = room.autoplay
        if "seed" not in st:
            st["seed"] = secrets.randbits(63)
        st.setdefault("seats", {})
        st.setdefault("memory", {})
        return st

    @staticmethod
    def rng(st: dict, pid: str, rev: int, purpose: str) -> random.Random:
        return random.Random(f"{st['seed']}:{pid}:{rev}:{purpose}")

    @staticmethod
    def running(room: Room) -> bool:
        return room.game is not None and not room.game.is_over()

    def played(self, room: Room) -> list[Seat]:
        """The seats the server plays now, in seat order."""
        if not self.running(room) or not self.plays(room.game.mode):
            return []
        players = set(room.game.players())
        return [s for s in room.seats if s.id in players and (s.bot or s.auto)]

    @staticmethod
    def watched(room: Room) -> bool:
        """Is anybody here to see the game: the table, or a person's phone?"""
        return room.table_connected or any(s.connected and not s.bot for s in room.seats)

    def takeovers(self, room: Room) -> list[Seat]:
        """People whose phone is away while the game waits on them (not yet played for)."""
        if not self.running(room) or not self.plays(room.game.mode):
            return []
        players = set(room.game.players())
        away = [s for s in room.seats if not s.bot and not s.connected and not s.auto and s.id in players
                and s.away_since is not None]
        if not away:
            return []
        waiting = set(room.game.waiting_for())
        return [s for s in away if s.id in waiting]

    # -- after every change (inside the room's save) ---------------------------------------
    def note(self, room: Room, now: float) -> None:
        """Hand every played seat its new frame; open, keep or close its decision."""
        try:
            self._note(room, now)
        except Exception:  # a bot's trouble never stops a person's move
            log.exception("room %s: the bots could not take in revision %s", room.code, room.rev)

    def _note(self, room: Room, now: float) -> None:
        st = room.autoplay
        running = self.running(room)
        players = set(room.game.players()) if running else set()
        for s in room.seats:
            if s.auto and (s.connected or s.id not in players):
                s.auto = False
        if not st and not any(s.bot or s.auto for s in room.seats):
            return  # no bot here, nobody played for: nothing to keep
        st = self._state(room)
        seats, memory = st["seats"], st["memory"]
        if not running:
            seats.clear()
            memory.clear()
            st["mode"] = None
            return
        if st.get("mode") != room.game.mode:
            seats.clear()
            memory.clear()
            st["mode"] = room.game.mode
        played = self.played(room)
        ids = {s.id for s in played}
        for pid in [p for p in seats if p not in ids]:
            del seats[pid]
        for pid in [p for p in memory if p not in ids]:
            del memory[pid]
        if not played:
            return
        strategy = strategy_for(room.game.mode)
        public = encode(room.public_view())
        for seat in played:
            frame = frame_of(public, room.you(seat.id))
            level = seat.level or NORMAL
            if strategy.remembers:
                strategy.observe(frame, memory.setdefault(seat.id, {}), level,
                                 self.rng(st, seat.id, room.rev, "observe"))
            if not frame["you"]["actions"]:
                seats.pop(seat.id, None)
                continue
            key = digest(strategy.situation(frame))
            open_ = seats.get(seat.id)
            if open_ is not None and open_["key"] == key:
                continue
            if room.paused is not None:
                seats.pop(seat.id, None)  # decided afresh once the host resumes
                continue
            pause = strategy.pause(frame, level, self.rng(st, seat.id, room.rev, "pause"))
            if st.get("last") == [seat.id, room.rev - 1]:
                pause *= FOLLOW_UP
            seats[seat.id] = {"key": key, "due": now + pause * self.pace, "rev": room.rev, "tries": 0}

    # -- when ---------------------------------------------------------------------------
    def next_due(self, room: Room) -> float | None:
        """The earliest move or take-over due in this room, or None."""
        if not self.running(room) or not self.watched(room):
            return None
        times = [d["due"] for d in room.autoplay.get("seats", {}).values() if d.get("due") is not None]
        times.extend(s.away_since + self.takeover_s for s in self.takeovers(room))
        return min(times) if times else None

    def resume(self, room: Room, dt: float) -> None:
        """The room was paused for ``dt`` seconds (``rooms/pause.py``): each
        open decision is due that much later, with the time it had left."""
        for decision in room.autoplay.get("seats", {}).values():
            if decision.get("due") is not None:
                decision["due"] += dt

    # -- one move -------------------------------------------------------------------------
    def step(self, room: Room, now: float) -> Any:
        """Make what is due (inside the room's change): take over the seats
        due for it, else one move; ``UNCHANGED`` when nothing was."""
        if not self.running(room) or not self.watched(room):
            return UNCHANGED
        st = self._state(room)
        due = [s for s in self.takeovers(room) if s.away_since + self.takeover_s <= now]
        if due:
            for s in due:
                s.auto = True
                room.game.presence(s.id, True, now)
            return None
        order = {s.id: i for i, s in enumerate(room.seats)}
        ready = sorted((d["due"], order.get(pid, 0), pid) for pid, d in st["seats"].items()
                       if d.get("due") is not None and d["due"] <= now and pid in order)
        if not ready:
            return UNCHANGED
        at, _, pid = ready[0]
        decision = st["seats"][pid]
        seat = room.seat(pid)
        action = self.decide(room, seat, decision)
        if action is None:
            decision["due"] = None  # nothing it wants to do until its situation changes
            return UNCHANGED
        try:
            events = room.act(pid, action, {"at": min(at, now), "rtt": None})
        except IllegalAction as exc:
            decision["tries"] += 1
            decision["due"] = now + RETRY_S * self.pace if decision["tries"] < MAX_TRIES else None
            log.info("room %s: %s's move %r was refused: %s", room.code, pid, action, exc)
            return UNCHANGED
        if seat.auto:
            room.note_played_for(pid, action, events)  # their phone is told when it comes back
        del st["seats"][pid]
        st["last"] = [pid, room.rev]
        return None

    def decide(self, room: Room, seat: Seat, decision: dict) -> dict | None:
        """The move the seat's strategy picks from its frame (a random legal
        move after a refusal, or when the strategy fails)."""
        started = self.timer()
        st = room.autoplay
        frame = frame_for(room, seat.id)
        level = seat.level or NORMAL
        memory = st["memory"].setdefault(seat.id, {})
        rng = self.rng(st, seat.id, decision["rev"], f"choose{decision['tries']}")
        strategy = strategy_for(room.game.mode) if decision["tries"] == 0 else RANDOM
        try:
            action = strategy.choose(frame, memory, level, rng)
        except Exception:
            log.exception("room %s: the %s bot failed; it plays a random move", room.code, room.game.mode)
            action = RANDOM.choose(frame, memory, level, rng)
        if self.timings is not None:
            self.timings.append(self.timer() - started)
        return action
