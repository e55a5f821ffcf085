"""A room's saved form: the fields a room keeps in the store, read back
(``_load``) and written (``to_json``) as one JSON document.

``Saving`` is the part of ``Room`` (``room.py``) that owns this: the room's
fields are declared here, each with what it holds. ``Room.change`` saves
the room after every change; a room read back from its JSON is the same
room (its views, its tokens, its tallies). A saved game this version can no
longer read opens the room in the lobby, its seats and tallies kept.
"""

from __future__ import annotations

import logging

import orjson

from partyapp.games import MODES
from partyapp.games.kit.base import Game
from partyapp.rooms.history import empty_history
from partyapp.rooms.night import Night
from partyapp.rooms.seat import Seat

log = logging.getLogger(__name__)


class Saving:
    """The room's fields, and their saved form."""

    code: str
    rev: int  # rises by exactly one with every change, across restarts too
    shown: int  # the rev whose frames went out last (a change's frames may wait a moment: ``Room.change``)
    created: float
    touched: float  # server time of the last change
    host_token_hash: str  # the table's token, hashed
    join_url: str
    host_player: str | None  # the seat that hosts besides the table
    next_id: int  # the number of the next new seat id (``p<n>``)
    table_connected: bool
    table_hosts: list[str]  # server processes holding one of the table's connections
    table_tv: bool  # the table attached last said it is a TV: a screen nobody is handed (``presence.py``)
    seats: list[Seat]  # in seat order, clockwise
    former: dict[str, str]  # names of the seats that left, by id (``doors.py``)
    former_next: dict[str, str | None]  # who sat after each of them when they left (``doors.py``)
    autoplay: dict  # the records of who plays the seats nobody's phone plays (``autoplay.py``)
    dealers: dict  # who dealt the last game of each mode whose deal passes on (``dealers.py``)
    game: Game | None  # the running or finished game; None in the lobby
    night: Night
    locked: bool  # no new joins
    banned: dict[str, dict]  # names the host removed, by name key: {"name": as shown, "tokens": [hashes]}
    house: list[str]  # names of the house variants saved from this room, listed to everybody in it
    # spectators (``room.watch``), one entry each: id, process, connection, kind and the hashes of its
    # address and device (``presence.py``)
    watching: list[dict]
    next_watcher: int  # the number of the next spectator's id (``w<n>``)
    watch_devices: list[str]  # devices (hashed) that watched: they come back into a locked room
    watch_banned: list[str]  # devices (or addresses) the host removed from watching, hashed
    history: dict  # this game's log entries as the table's view showed them, each stamped (``history.py``)
    paused: dict | None  # the host paused the room: {"by", "name", "since"} (``pause.py``)
    table_move: dict | None  # a screen's request to become the table, for the host to answer (``tablemove.py``)

    def _load(self, data: dict) -> None:
        self.code = data["code"]
        self.rev = data["rev"]
        self.shown = int(data.get("shown", self.rev))
        self.created = data["created"]
        self.touched = data["touched"]
        self.host_token_hash = data["host_token_hash"]
        self.join_url = data["join_url"]
        self.host_player = data["host_player"]
        self.next_id = data["next_id"]
        self.table_connected = data.get("table_connected", False)
        self.table_hosts = list(data.get("table_hosts") or [])
        self.table_tv = bool(data.get("table_tv", False))
        self.seats = [Seat.restore(s) for s in data["seats"]]
        self.former = dict(data.get("former") or {})
        self.former_next = dict(data.get("former_next") or {})
        self.autoplay = dict(data.get("autoplay") or {})
        self.dealers = dict(data.get("dealers") or {})
        self.game = self._load_game(data.get("game"))
        self.night = Night.from_json(data.get("night"), self.created, data["seats"])
        self.locked = bool(data.get("locked", False))
        self.banned = dict(data.get("banned") or {})
        self.house = list(data.get("house") or [])
        self.next_watcher = int(data.get("next_watcher", 1))
        self.watching = [dict(w) for w in data.get("watching") or []]
        for host, n in (data.get("watchers") or {}).items():  # a room saved when spectators were only counted
            for _ in range(int(n)):
                self.watching.append({"id": f"w{self.next_watcher}", "host": host, "sid": None, "addr": None,
                                      "device": None, "kind": None})
                self.next_watcher += 1
        self.watch_devices = list(data.get("watch_devices") or [])
        self.watch_banned = list(data.get("watch_banned") or [])
        self.history = dict(data.get("history") or empty_history())
        self.paused = dict(data["paused"]) if data.get("paused") else None
        self.table_move = dict(data["table_move"]) if data.get("table_move") else None

    def _load_game(self, saved: dict | None) -> Game | None:
        """The saved game, or None (the lobby) when it cannot be read back: a
        game saved by a version whose state this one no longer reads (such as
        the random generator's whole state, before version 2 of the drinking
        decks' state) is dropped, and the room with its seats, tokens and
        tallies still opens."""
        if saved is None:
            return None
        try:
            return MODES[saved["mode"]].from_state(saved["state"])
        except Exception:
            log.warning("room %s: its saved game cannot be read back; it opens in the lobby", self.code,
                        exc_info=True)
            return None

    def to_json(self) -> str:
        """The room for the store, as JSON text."""
        meta = orjson.dumps(self._meta()).decode()
        if self.game is None:
            return meta[:-1] + ',"game":null}'
        game = '{"mode":' + orjson.dumps(self.game.mode).decode() + ',"state":' + self.game.persist_json() + "}"
        return meta[:-1] + ',"game":' + game + "}"

    def _meta(self) -> dict:
        return {
            "code": self.code,
            "rev": self.rev,
            "shown": self.shown,
            "created": self.created,
            "touched": self.touched,
            "host_token_hash": self.host_token_hash,
            "join_url": self.join_url,
            "host_player": self.host_player,
            "next_id": self.next_id,
            "table_connected": self.table_connected,
            "table_hosts": self.table_hosts,
            "table_tv": self.table_tv,
            "seats": [s.saved() for s in self.seats],
            "former": self.former,
            "former_next": self.former_next,
            "night": self.night.to_json(),
            "autoplay": self.autoplay,
            "dealers": self.dealers,
            "locked": self.locked,
            "banned": self.banned,
            "house": self.house,
            "watching": self.watching,
            "next_watcher": self.next_watcher,
            "watch_devices": self.watch_devices,
            "watch_banned": self.watch_banned,
            "history": self.history,
            "paused": self.paused,
            "table_move": self.table_move,
        }
