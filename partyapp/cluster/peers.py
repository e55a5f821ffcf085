"""Several server processes on one shared store (Redis), keeping track of each
other.

Each process says it is alive every ``HEARTBEAT_S`` seconds, at the time of
its own clock (the scheduler's, which the rooms' deadlines are kept in too:
the processes' clocks must agree, as for the deadlines). When one has been
silent for ``DEAD_AFTER_S``
(killed, its machine gone), another process lets go of the connections it
held: its name is taken out of the rooms' ``hosts``, so its seats show as
away once no other process holds them, the host can skip them, and no frame
is published for it any more. A process that was only cut off from Redis
that long (and so given up for dead) takes a new name and links the
connections it still holds again.

A game's time-out is called by the process that set it, on its own timer
(``partyapp/realtime/timers.py``); one that is ``OVERDUE_S`` late (its process died) is
called by whichever process sees it first. Calling it is a room change like
any other: the first one wins, the others find nothing due, so it fires
once.

After the store was unreachable, every connection held here is sent the
room as it is now: frames published meanwhile by other processes were lost.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any, Callable

from partyapp.rooms.errors import RoomError
from partyapp.store import StoreUnavailable

log = logging.getLogger(__name__)

POLL_S = 0.5
HEARTBEAT_S = 2.0
DEAD_AFTER_S = 10.0
OVERDUE_S = 1.0
SWEEP_CLAIM_S = 60.0


class Peers:
    """This process among the others. It is handed what it needs of the
    transport: ``held()``, the channels whose connections this process holds
    (room code -> seat ids, None for the table); ``renamed(new)``, to call
    when this process takes a new name; and ``resync()``, to send every
    connection held here the room as it is now. The transport calls
    ``poll`` every ``POLL_S`` seconds, on its scheduler."""

    def __init__(self, registry: Any, *, held: Callable[[], dict], renamed: Callable[[str], None],
                 resync: Callable[[], None]) -> None:
        self.registry = registry
        self.store = registry.store
        self.held = held
        self.renamed = renamed
        self.resync = resync
        self.beaten = False  # said it is alive at least once
        self.down = False  # the store could not be reached at the last try
        self.polls = 0

    def poll(self) -> None:
        """One round: say this process is alive and let go of the silent
        ones (every ``HEARTBEAT_S``), and call the overdue time-outs."""
        every = max(1, round(HEARTBEAT_S / POLL_S))
        try:
            if self.polls % every == 0:
                self.beat()
                self.sweep()
            self.call_overdue()
        except StoreUnavailable:
            if not self.down:
                log.warning("the store cannot be reached; retrying")
            self.down = True
        except Exception:
            log.exception("keeping track of the other processes failed")
        self.polls += 1

    def beat(self) -> None:
        known = self.store.heartbeat(self.registry.host_id, self.registry.clock())
        if not known and self.beaten:
            self.rename()
        self.beaten = True
        if self.down:
            self.down = False
            log.info("the store answers again")
            self.resync()

    def rename(self) -> None:
        """Given up for dead by the others: hold every connection held here
        under a new name."""
        old = self.registry.host_id
        new = secrets.token_hex(6)
        log.warning("this process was given up for dead as %s; it goes on as %s", old, new)
        self.registry.host_id = new
        self.renamed(new)
        self.store.heartbeat(new, self.registry.clock())
        for code, channels in self.held().items():
            try:
                room = self.registry.get(code)
                room.change(lambda room=room, channels=channels: room.relink(old, new, channels))
            except RoomError:
                continue

    def sweep(self) -> None:
        """Let go of the connections of processes silent too long."""
        me = self.registry.host_id
        for dead in self.store.dead_hosts(self.registry.clock() - DEAD_AFTER_S):
            if dead == me or not self.store.claim_host(dead, SWEEP_CLAIM_S):
                continue
            codes = self.store.host_rooms(dead)
            log.warning("process %s is silent: letting go of its connections in %d rooms", dead, len(codes))
            for code in codes:
                try:
                    room = self.registry.get(code)
                    room.change(lambda room=room: room.drop_host(dead))
                except RoomError:
                    continue  # the room is gone
            self.store.forget_host(dead)

    def call_overdue(self) -> None:
        """Call the time-outs nobody called in time."""
        for code in self.store.due_deadlines(self.registry.clock() - OVERDUE_S):
            try:
                room = self.registry.get(code)
                room.change(room.tick)
            except RoomError:
                continue
            except StoreUnavailable:
                raise
            except Exception:
                log.exception("the overdue time-out of room %s failed", code)
