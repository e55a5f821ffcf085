"""Moving the table to another screen (``rooms/tablemove.py``): the events.

``table.claim`` (a screen that is not the table, ``/t/CODE``'s "Make this
screen the table"): the room keeps its request and the host's phone shows
its number; the screen is answered the same number. ``table.move`` (the
host player's phone): Move, and the screen is sent the table's new token
(``table.granted``, to it alone) while every screen of the old table is
told ``table.moved`` and listens to the table no more; Not now, and it is
told ``table.claim_ended``. A request lapses after ``MOVE_TTL_S`` (on the
one clock, ``clock.py``), and ends when its screen goes. Imported by
``handlers.py``, which registers the events.
"""

from __future__ import annotations

import re
from typing import Any

from partyapp.games.kit.wording import N_
from partyapp.realtime import protocol
from partyapp.realtime.connections import Conn
from partyapp.realtime.dispatch import handler
from partyapp.realtime.extension import socketio
from partyapp.realtime.hub import Realtime
from partyapp.realtime.protocol import Code, Event, ProtocolError
from partyapp.rooms.errors import RoomError
from partyapp.rooms.room import Room
from partyapp.rooms.tablemove import MOVE_TTL_S, PIN_DIGITS
from partyapp.store import StoreUnavailable

PIN_RE = re.compile(rf"^[0-9]{{{PIN_DIGITS}}}$")


def _ended(room: Room, move: Any, reason: str) -> None:
    """Tell the screen of a request that went unanswered why (``declined``,
    ``expired``, ``replaced``); on whichever process holds it."""
    if isinstance(move, dict) and move.get("sid"):
        socketio.emit(Event.TABLE_CLAIM_ENDED, {"code": room.code, "reason": reason}, to=move["sid"])


@handler(Event.TABLE_CLAIM, guarded=True)
def table_claim(r: Realtime, conn: Conn, payload: dict) -> dict:
    """A screen that is not the table asks to become it (``code``; ``device``:
    the token its page keeps). Paced like a join (per connection and per
    address); one request per room, a new one replaces it."""
    code = protocol.room_code(payload)
    device = protocol.device_token(payload)
    if conn.code is not None:
        raise ProtocolError(Code.ILLEGAL_ACTION, N_("This screen is in a room already; open the table's page."))
    room = r.find_room(code, conn.addr)

    def asked(result: tuple[dict, dict | None]) -> None:
        move, before = result
        conn.claim = room.code
        _ended(room, before, "replaced")
        r.clock.call_later(MOVE_TTL_S, lambda: lapse(r, room.code))

    move, _ = room.change(lambda: room.claim_table(sid=conn.sid, addr=conn.addr, device=device), then=asked)
    return {"pin": move["pin"], "expires_in": MOVE_TTL_S}


@handler(Event.TABLE_MOVE)
def table_move(r: Realtime, conn: Conn, payload: dict) -> None:
    """The host player's phone answers the request numbered ``pin``:
    ``move`` true moves the table to its screen, false turns it down. The
    table itself, a guest's phone and a watcher cannot."""
    pin = payload.get("pin")
    if not isinstance(pin, str) or not PIN_RE.match(pin):
        raise protocol.bad("pin must be the {count} digits the new screen shows", count=PIN_DIGITS)
    move = protocol.flag(payload.get("move"), "move")
    if conn.role != "player" or conn.code is None:
        raise ProtocolError(Code.FORBIDDEN, N_("Only the host's phone can move the table."))
    room = r.registry.get(conn.code)

    def answered(result: tuple[dict, str | None]) -> None:
        request, token = result
        if token is None:
            _ended(room, request, "declined")
            return
        r.evict_table(room)
        socketio.emit(Event.TABLE_GRANTED, {"code": room.code, "host_token": token}, to=request["sid"])

    room.change(lambda: room.answer_table_move(conn.pid, pin, move), then=answered)


def lapse(r: Realtime, code: str) -> None:
    """A request's time is up (the clock's timer): it ends, unless answered
    or replaced meanwhile."""
    try:
        room = r.registry.get(code)
        room.change(lambda: room.end_table_move(lapsed=True), then=lambda move: _ended(room, move, "expired"))
    except (RoomError, StoreUnavailable):
        return  # the room is gone, or the store away: the request lapses by itself (``pending_table_move``)


def claim_gone(r: Realtime, conn: Conn) -> None:
    """The asking screen's connection is gone: its request ends with it (a
    token sent to nobody would leave the room without its table)."""
    code, conn.claim = conn.claim, None
    if code is None:
        return
    try:
        room = r.registry.get(code)
        room.change(lambda: room.end_table_move(sid=conn.sid))
    except (RoomError, StoreUnavailable):
        return
