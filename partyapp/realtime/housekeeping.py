"""Housekeeping in the background: the store's maintenance every second, a
full garbage collection every few minutes, and idle rooms swept; on a shared
store, keeping track of the other processes too (``partyapp/cluster/peers.py``)."""

from __future__ import annotations

import gc
import logging
import threading

from partyapp.cluster.peers import Peers
from partyapp.realtime.extension import socketio

log = logging.getLogger(__name__)

FULL_GC_SECONDS = 300


class Housekeeping:
    """The background chores of one process; ``peers`` keeps track of the
    other processes on a shared store (None with one process)."""

    def __init__(self, registry, settings: dict, peers: Peers | None = None) -> None:
        self.registry = registry
        self.settings = settings
        self.peers = peers
        self.started = False
        self._lock = threading.Lock()

    def start(self) -> None:
        """Start the background tasks once (on the first connection, when the
        server's event loop runs)."""
        with self._lock:
            if self.started:
                return
            self.started = True
        socketio.start_background_task(self._sweep_forever)
        socketio.start_background_task(self._maintain_forever)
        if self.peers is not None:
            socketio.start_background_task(self.peers.run_forever)

    def _maintain_forever(self) -> None:
        """The store's housekeeping every second (in a thread of its own on
        gevent, an OS thread that releases the GIL inside SQLite, so that no
        change waits for it), and a full garbage collection every
        ``FULL_GC_SECONDS`` (``partyapp serve`` leaves no other full one)."""
        store = self.registry.store
        run = store.maintain
        if socketio.async_mode == "gevent":
            import gevent

            pool = gevent.get_hub().threadpool
            run = lambda: pool.apply(store.maintain)  # noqa: E731
        ticks = 0
        while True:
            socketio.sleep(1.0)
            ticks += 1
            try:
                run()
                if ticks % FULL_GC_SECONDS == 0:
                    gc.collect()
            except Exception:
                log.exception("housekeeping failed")

    def _sweep_forever(self) -> None:
        ttl = self.settings["PARTYAPP_ROOM_TTL_HOURS"] * 3600
        while True:
            socketio.sleep(self.settings["PARTYAPP_SWEEP_MINUTES"] * 60)
            try:
                gone = self.registry.expire(ttl)
                if gone:
                    log.info("expired %d idle rooms", len(gone))
            except Exception:
                log.exception("sweeping expired rooms failed")
