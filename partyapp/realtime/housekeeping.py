"""Housekeeping on the scheduler (``clock.py``): the store's maintenance
every second, a full garbage collection every few minutes, and idle rooms
swept; on a shared store, keeping track of the other processes too
(``partyapp/cluster/peers.py``, every ``peers.POLL_S``)."""

from __future__ import annotations

import gc
import logging
import threading

from partyapp.cluster.peers import POLL_S, Peers
from partyapp.realtime.clock import Scheduler
from partyapp.realtime.extension import socketio

log = logging.getLogger(__name__)

MAINTAIN_SECONDS = 1.0
FULL_GC_SECONDS = 300
# gc's threshold for full collections at or above which they are the chores' to make
AUTOMATIC_OFF = 10**9


class Housekeeping:
    """The background chores of one process; ``peers`` keeps track of the
    other processes on a shared store (None with one process)."""

    def __init__(self, registry, settings: dict, clock: Scheduler, peers: Peers | None = None) -> None:
        self.registry = registry
        self.settings = settings
        self.clock = clock
        self.peers = peers
        self.started = False
        self._lock = threading.Lock()

    def start(self) -> None:
        """Set the chores going once (on the first connection)."""
        with self._lock:
            if self.started:
                return
            self.started = True
        self.clock.every(MAINTAIN_SECONDS, self.maintain)
        self.clock.every(FULL_GC_SECONDS, full_collection)
        self.clock.every(self.settings["PARTYAPP_SWEEP_MINUTES"] * 60, self.sweep)
        if self.peers is not None:
            self.clock.every(POLL_S, self.peers.poll)

    def maintain(self) -> None:
        """The store's housekeeping (on gevent in an OS thread of its own,
        which releases the GIL inside SQLite, so that no change waits for
        it)."""
        store = self.registry.store
        try:
            if socketio.async_mode == "gevent":
                import gevent

                gevent.get_hub().threadpool.apply(store.maintain)
            else:
                store.maintain()
        except Exception:
            log.exception("housekeeping failed")

    def sweep(self) -> None:
        """Forget the rooms idle longer than the rooms' time to live."""
        try:
            gone = self.registry.expire(self.settings["PARTYAPP_ROOM_TTL_HOURS"] * 3600)
            if gone:
                log.info("expired %d idle rooms", len(gone))
        except Exception:
            log.exception("sweeping expired rooms failed")


def full_collection() -> None:
    """A full garbage collection, where ``partyapp serve`` left them to the
    chores (``cli.tune_gc`` turns the automatic ones off); elsewhere (an app
    the tests build) Python's own collector makes them."""
    if gc.get_threshold()[2] >= AUTOMATIC_OFF:
        gc.collect()
