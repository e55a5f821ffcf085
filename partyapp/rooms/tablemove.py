"""Moving the table to another screen, on the host's word.

A second screen that opens ``/t/CODE`` while the room has its table may
ask to become the table (``claim_table``): the room keeps that one request
(a new one replaces it) with a short number shown on the asking screen and
on the host's phone alone (``you.table_move``), for ``MOVE_TTL_S`` seconds.
Only the host player, from their own seat, answers it
(``answer_table_move``): on Move the table gets a new token (``secrets``,
192 bits, kept as a hash), which goes to the asking screen alone, and the
old one fits nothing from then on. Nothing else of the room changes: the
seats, the game, its timers and the night stay as they are.

A device or address the host removed (a kick, ``unwatch``) may not ask,
and nobody may while the room is locked: the lock keeps every new screen
out, so that nobody outside can put questions on the host's phone once the
party is in (the host unlocks it for a moment to move the table).
``TableMove`` is that
part of ``Room`` (``room.py``); each method runs under ``Room.change``.
"""

from __future__ import annotations

import secrets
from typing import Any

from partyapp.games.kit.base import IllegalAction
from partyapp.rooms.errors import Forbidden
from partyapp.rooms.seat import hash_token, new_token
from partyapp.rooms.unchanged import UNCHANGED

# How long the host has to answer a request to move the table.
MOVE_TTL_S = 120.0
# The digits of the number shown on the asking screen and the host's phone.
PIN_DIGITS = 4


class TableMove:
    """The one pending request to move the table (see the module text):
    ``{"pin", "sid", "host", "until"}`` (the asking connection, the server
    process holding it, when the request lapses), or None."""

    table_move: dict | None

    def pending_table_move(self) -> dict | None:
        """The request waiting for the host, unless it has lapsed."""
        move = self.table_move
        if move is None or self.registry.clock() >= move["until"]:
            return None
        return move

    def claim_table(self, *, sid: str, addr: str, device: str | None = None,
                    host: str | None = None) -> tuple[dict, dict | None]:
        """Screen ``sid`` (held by process ``host``, from ``addr``, its page's
        ``device`` token) asks to become the table. Returns the request and
        the one it replaced (whose screen is to be told), if any."""
        seen = None if device is None else hash_token(device)
        place = hash_token(addr)[:16]
        if self.device_barred(seen) or any(b in self.watch_banned for b in (seen, place) if b):
            raise Forbidden("The host removed you from this room; only the host can let you back in.")
        if self.locked:
            raise Forbidden("The host has locked this room; to move the table here, the host unlocks it first.")
        if self.host_player is None:
            raise IllegalAction("Nobody hosts this room from a phone to confirm that; join it first.")
        before = self.pending_table_move()
        if before is not None and before["sid"] == sid:
            before = None  # the same screen asking again: its request is renewed, nobody to tell
        move = {"pin": f"{secrets.randbelow(10 ** PIN_DIGITS):0{PIN_DIGITS}d}", "sid": sid,
                "host": host or self.registry.host_id, "until": self.registry.clock() + MOVE_TTL_S}
        self.table_move = move
        return move, before

    def answer_table_move(self, pid: str | None, pin: str, move: bool) -> tuple[dict, str | None]:
        """The host player ``pid`` answers the request numbered ``pin``:
        Move (``move``) or Not now. Returns the request and, on Move, the
        table's new token (for the asking screen alone)."""
        if pid is None or pid != self.host_player:
            raise Forbidden("Only the host's phone can move the table.")
        pending = self.pending_table_move()
        if pending is None or not secrets.compare_digest(pending["pin"], pin):
            raise IllegalAction("That request to move the table has lapsed or was answered already.")
        self.table_move = None
        if not move:
            return pending, None
        token = new_token()
        self.host_token_hash = hash_token(token)
        # the table is here while the new screen attaches: nothing of the guests' presence changes
        self.table_hosts = [pending["host"]]
        self.table_connected = True
        return pending, token

    def end_table_move(self, *, sid: str | None = None, lapsed: bool = False) -> Any:
        """The request goes without an answer: its screen left (``sid``), or
        its time is up (``lapsed``). Returns it, or ``UNCHANGED``."""
        move = self.table_move
        if move is None or (sid is not None and move["sid"] != sid):
            return UNCHANGED
        if lapsed and self.registry.clock() < move["until"]:
            return UNCHANGED
        self.table_move = None
        return move
