"""A room: seats, tokens, the host, ``rev``, the drink tally, the running
game and the night (``registry.py`` finds rooms in the store).

Every change of a room goes through ``Room.change``: under the room's lock it
applies the change, bumps ``rev`` by exactly one, saves the room to the store,
and only then binds or evicts connections (its ``then``) and hands the new
views to the publisher, still under the lock, so that every recipient sees
the revisions in order and nobody is told of a change the store did not
keep. A change that fails leaves the room as it was: engines and the room
check before they mutate, and anything unexpected (a failed save included)
reloads the room from its last saved state.

On a shared store (Redis, several server processes) the room held here may
be behind the store: another process may have changed it. A change is then
applied to the room as held and saved with a compare-and-set on ``rev``
(``Store.commit``); when another process got in first, the room is reloaded
and the change applied again, so every change is applied to the newest room
and ``rev`` still rises by one per change. A change refused, or one that
changes nothing, is checked against the newest room before it is answered.

Each seat (and the table) lists the server processes holding one of its
connections (``hosts``, process ids): a seat is ``connected`` while any
process holds one, and a change's frames go to the processes listed.
"""

from __future__ import annotations

import hashlib
import logging
import random
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

import orjson

from partyapp.games import MODES
from partyapp.games.kit.base import HOST, Game, IllegalAction
from partyapp.games.kit.races import ARRIVAL
from partyapp.rooms import dealers
from partyapp.rooms.night import Night
from partyapp.rooms.errors import BadRequest, Busy, Forbidden, NameTaken, NoSuchRoom, RoomFull, unavailable
from partyapp.rooms.names import name_key
from partyapp.store import SAME, Conflict, StoreUnavailable
from partyapp.games.kit.wording import Term, Worded, wording_of

log = logging.getLogger(__name__)

UNCHANGED = object()

# The channel of a room's spectators among its seats' (``relink``): no player id looks like it.
WATCH = "watch"

# Attempts of one change on a shared store before it is answered ``conflict``
# (each one lost to a change another process saved meanwhile).
CHANGE_ATTEMPTS = 25


def hash_token(token: str) -> str:
    """Rooms keep only a hash of each token: a copy of the store seats nobody."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits


@dataclass(slots=True)
class Seat:
    id: str
    name: str
    token_hash: str
    group: str | None = None
    connected: bool = True
    away_since: float | None = None  # server time the seat's last phone went
    hosts: list[str] = field(default_factory=list)  # server processes holding one of its phones' connections
    profile: str = "drinks"  # "drinks", "soft" or "none" (night.py)
    more_time: bool = False  # their own timers run twice as long
    bot: bool = False  # a seat the server plays (``partyapp/bots``)
    look: str | None = None  # a bot's face on the screens
    level: str | None = None  # a bot's speed: slow, normal or fast
    auto: bool = False  # a person's seat the server plays while their phone is away
    sitting_out: bool = False  # sits the next games out: kept in the room, not dealt in
    guest: bool = False  # a person without a phone, played from the table device: here while the table is
    # What the server played for this person while their phone was away (``auto``),
    # for their phone to tell them: ``[{"action": ..., "log": [entries]}]``.
    played_for: list[dict] = field(default_factory=list)


SEAT_FIELDS = frozenset(Seat.__dataclass_fields__)

# Names of players who left or were removed, kept so that the rules, the log
# and the results still name them; the most recent ones only.
FORMER_MAX = 64
# Names the host removed, kept for the room's life; the latest ones only.
BANNED_MAX = 64
BANNED_TOKENS_MAX = 8
# House variants a room lists as saved from it.
HOUSE_MAX = 32
# Moves the server made for an absent phone kept to tell it, and log entries of each.
PLAYED_FOR_MAX = 12
PLAYED_LOG_MAX = 6


def _relink(hosts: list[str], host: str, held: bool) -> bool:
    """Add ``host`` to ``hosts`` or take it out; True when that changed them."""
    if held == (host in hosts):
        return False
    if held:
        hosts.append(host)
    else:
        hosts.remove(host)
    return True


class Publisher(Protocol):
    def publish(self, room: "Room", public: dict, private: dict[str, dict]) -> None: ...

    def schedule(self, room: "Room", at: float) -> None: ...


class Autoplayer(Protocol):
    """Who plays the seats nobody's phone plays: bots, and people whose phone
    has been away too long (``partyapp.bots.Autoplay``). It keeps its own
    records in ``Room.autoplay`` (plain JSON, saved with the room)."""

    def plays(self, mode: str) -> bool: ...

    def note(self, room: "Room", now: float) -> None: ...

    def next_due(self, room: "Room") -> float | None: ...

    def step(self, room: "Room", now: float) -> Any: ...


class Room:
    def __init__(self, registry: "Registry", data: dict) -> None:
        self.registry = registry
        self.lock = threading.Lock()
        # Shared store: the room held here may be behind the store (a save
        # that failed half way); the next change reloads it first.
        self.stale = False
        # Shared store: whether this process held connections of the room
        # before the change being published (``Realtime.publish``).
        self.was_here = False
        self._load(data)

    # -- persistence -----------------------------------------------------------
    def _load(self, data: dict) -> None:
        self.code: str = data["code"]
        self.rev: int = data["rev"]
        self.created: float = data["created"]
        self.touched: float = data["touched"]
        self.host_token_hash: str = data["host_token_hash"]
        self.join_url: str = data["join_url"]
        self.host_player: str | None = data["host_player"]
        self.next_id: int = data["next_id"]
        self.table_connected: bool = data.get("table_connected", False)
        self.table_hosts: list[str] = list(data.get("table_hosts") or [])
        self.seats: list[Seat] = [Seat(**{k: v for k, v in s.items() if k in SEAT_FIELDS}) for s in data["seats"]]
        self.former: dict[str, str] = dict(data.get("former") or {})
        self.autoplay: dict = dict(data.get("autoplay") or {})
        # Who dealt the last game of each mode whose deal passes from game to game (``dealers.py``).
        self.dealers: dict = dict(data.get("dealers") or {})
        self.game: Game | None = self._load_game(data.get("game"))
        self.night: Night = Night.from_json(data.get("night"), self.created, data["seats"])
        self.locked: bool = bool(data.get("locked", False))
        # names the host removed, by name key: {"name": as shown, "tokens": [token hashes of their seats]}
        self.banned: dict[str, dict] = dict(data.get("banned") or {})
        # names of the house variants saved from this room, listed to everybody in it
        self.house: list[str] = list(data.get("house") or [])
        # spectators' connections (``room.watch``) by the server process holding them
        self.watchers: dict[str, int] = {h: int(n) for h, n in (data.get("watchers") or {}).items() if n}

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
            "created": self.created,
            "touched": self.touched,
            "host_token_hash": self.host_token_hash,
            "join_url": self.join_url,
            "host_player": self.host_player,
            "next_id": self.next_id,
            "table_connected": self.table_connected,
            "table_hosts": self.table_hosts,
            "seats": [{"id": s.id, "name": s.name, "token_hash": s.token_hash, "group": s.group,
                       "connected": s.connected, "away_since": s.away_since, "hosts": s.hosts,
                       "profile": s.profile, "more_time": s.more_time, "bot": s.bot, "look": s.look,
                       "level": s.level, "auto": s.auto, "sitting_out": s.sitting_out,
                       "guest": s.guest, "played_for": s.played_for}
                      for s in self.seats],
            "former": self.former,
            "night": self.night.to_json(),
            "autoplay": self.autoplay,
            "dealers": self.dealers,
            "locked": self.locked,
            "banned": self.banned,
            "house": self.house,
            "watchers": self.watchers,
        }

    # -- the one way to change a room ----------------------------------------
    def change(self, mutate: Callable[[], Any], then: Callable[[Any], None] | None = None, *,
               force: bool = False) -> Any:
        """Apply ``mutate`` under the lock; unless it returns ``UNCHANGED``
        (and ``force`` is not set), bump ``rev`` and save. Only once the
        change is in the store (or nothing changed) does ``then(result)``
        run, still under the lock and before the views of the new ``rev`` go
        out: that is where connections are bound to a seat or told they were
        removed, so nobody is ever told of a change the store did not keep.
        Returns what ``mutate`` returned. On a shared store ``mutate`` may
        run more than once (see the module text): it must decide from the
        room alone."""
        shared = self.registry.store.shared
        with self.lock:
            fresh = not shared
            if shared and self.stale:
                self._newer()
                fresh = True
            for attempt in range(CHANGE_ATTEMPTS):
                self.was_here = shared and self.registry.host_id in self.hosts()
                try:
                    result = mutate()
                except Worded:  # a refusal (the rules', the room's, the request's): nothing changed
                    if fresh or not self._newer():
                        raise
                    fresh = True
                    continue
                except Exception:
                    log.exception("change of room %s failed; reloading it", self.code)
                    self._reload()
                    raise
                if result is UNCHANGED and not force:
                    if not fresh and self._newer():
                        fresh = True
                        continue
                    if then is not None:
                        then(result)
                    return result
                self._settle()
                if not self._save():
                    fresh = True  # another process saved first: reloaded, apply the change again
                    time.sleep(random.uniform(0, 0.001 * attempt))
                    continue
                if then is not None:
                    then(result)
                self.publish()
                return result
            raise Busy("Too much is happening in this room at once; please try again.")

    def read(self, fn: Callable[[], Any]) -> Any:
        """``fn()`` on the newest state of the room, under the lock."""
        with self.lock:
            if self.registry.store.shared:
                self._newer()
            return fn()

    def _newer(self) -> bool:
        """Shared store: load the room if the store holds a newer rev; True
        when it did. A room gone from the store (expired) is answered
        ``no_such_room``."""
        try:
            found = self.registry.store.load_newer(self.code, -1 if self.stale else self.rev)
        except StoreUnavailable:
            raise unavailable() from None
        if found is None:
            self.registry.forget(self)
            raise NoSuchRoom("There is no room {room} any more.", room=self.code)
        self.stale = False
        if found is SAME:
            return False
        self._load(found)
        return True

    def _settle(self) -> None:
        """What the change did to forfeits, in each person's form (``night.py``)."""
        if self.game is not None:
            self.night.settle(self.seats, self.game, self.registry.clock())

    def _reload(self) -> None:
        if self.registry.store.shared:
            self.stale = True
            return
        saved = self.registry.store.load(self.code)
        if saved is not None:
            self._load(saved)

    def _save(self) -> bool:
        """Bump ``rev`` and save. On a shared store: False when another
        process saved the room first (it is reloaded). A failed save puts
        the room back as it was saved last and is answered ``conflict`` (or
        ``unavailable`` when the store cannot be reached)."""
        registry = self.registry
        now = registry.clock()
        rev, touched = self.rev, self.touched
        self.rev += 1
        self.touched = now
        store = registry.store
        self._note_autoplay(now)
        try:
            if store.shared:
                host = registry.host_id
                deadline = self.game.next_deadline() if self.game else None
                store.commit(self.code, self.to_json(), now, expect=rev, rev=self.rev, deadline=deadline,
                             host=host, linked=host in self.hosts())
            else:
                store.save(self.code, self.to_json(), now)
        except Conflict:
            self.rev, self.touched = rev, touched
            self.stale = True
            self._newer()
            return False
        except StoreUnavailable:
            log.warning("saving room %s failed: the store cannot be reached", self.code)
            self.rev, self.touched = rev, touched
            self._reload()
            raise unavailable() from None
        except Exception:
            log.exception("saving room %s failed", self.code)
            self.rev, self.touched = rev, touched
            self._reload()
            raise Busy("The server could not save that; please try again.") from None
        return True

    def publish(self) -> None:
        """Hand the views of the current ``rev`` to the publisher (lock held)."""
        publisher = self.registry.publisher
        if publisher is None:
            return
        public = self.public_view()
        # a guest's private view goes to nobody: it is asked for (``guest_view``)
        private = {s.id: self.you(s.id) for s in self.seats if s.connected and not s.guest}
        publisher.publish(self, public, private)
        deadline = self.next_deadline()
        if deadline is not None:
            publisher.schedule(self, deadline)

    # -- views -------------------------------------------------------------------
    def public_view(self) -> dict:
        in_game = set(self.game.players()) if self.game else set()
        waiting = set(self.game.waiting_for()) if self.game and not self.game.is_over() else set()
        ledger = self.night.ledger
        return {
            "rev": self.rev,
            "room": {
                "code": self.code,
                "host_player": self.host_player,
                "join_url": self.join_url,
                "watch_url": self.watch_url,
                "table_connected": self.table_connected,
                "time": self.touched,
                "former": self.former,
                "locked": self.locked,
                "watchers": self.watcher_count(),
                "banned": [b["name"] for b in self.banned.values()],
                **self.night.public(self.seats, self.former),
            },
            "players": [
                {
                    "id": s.id,
                    "name": s.name,
                    "seat": i,
                    "connected": s.connected,
                    **ledger.counts(s.id),
                    "profile": s.profile,
                    "group": s.group,
                    "in_game": s.id in in_game,
                    "away_since": s.away_since,
                    "waiting": s.id in waiting,
                    "sitting_out": s.sitting_out,
                    "guest": s.guest,
                    **self._bot_fields(s),
                }
                for i, s in enumerate(self.seats)
            ],
            "game": self.game.public_view() if self.game else None,
        }

    def you(self, pid: str) -> dict:
        seat = self.seat(pid)
        you: dict[str, Any] = {"player_id": pid, "name": seat.name, "group": seat.group,
                               "is_host": self.host_player == pid, "hand": [], "actions": [],
                               **self.night.you(seat, self.registry.clock())}
        if self.game and pid in self.game.players():
            you.update(self.game.private_view(pid))
            you["actions"] = self.game.legal_actions(pid)
        if seat.played_for:
            you["played_for"] = seat.played_for
        return you

    def view_for(self, pid: str | None) -> dict:
        view = self.public_view()
        if pid is not None:
            view["you"] = self.you(pid)
        return view

    # -- seats -------------------------------------------------------------------
    def seat(self, pid: str) -> Seat:
        for s in self.seats:
            if s.id == pid:
                return s
        raise Forbidden("You are not in this room.")

    def has_seat(self, pid: str) -> bool:
        return any(s.id == pid for s in self.seats)

    def guest_seat(self, pid: str) -> Seat:
        """The seat of a guest without a phone, for the table or the host to
        play or look at; ``forbidden`` for any other seat."""
        seat = next((s for s in self.seats if s.id == pid), None)
        if seat is None:
            raise Forbidden("That player is not in this room.")
        if not seat.guest:
            raise Forbidden("{name} plays from their own phone: only they can move their seat.", name=seat.name)
        return seat

    def seat_by_token(self, token: str) -> Seat | None:
        wanted = hash_token(token)
        for s in self.seats:
            if secrets.compare_digest(s.token_hash, wanted):
                return s
        return None

    def check_host_token(self, token: str) -> bool:
        return secrets.compare_digest(self.host_token_hash, hash_token(token))

    def join(self, name: str, group: str | None, profile: str = "drinks",
             more_time: bool = False) -> tuple[str, str]:
        """Seat a new player (under ``change``); returns (player_id, token).
        Refused while the room is locked, and for a name the host removed."""
        if self.locked:
            raise Forbidden("The host has locked this room: ask them to open it.")
        token = new_token()
        # the joining phone's connection is held by this process
        pid = self._seat_person(name, Seat(id="", name=name, token_hash=hash_token(token), group=group,
                                           hosts=[self.registry.host_id], profile=profile, more_time=more_time))
        if self.host_player is None:
            self.host_player = pid
        return pid, token

    def add_guest(self, name: str, group: str | None = None, profile: str = "drinks") -> str:
        """The host seats a person without a phone (under ``change``); returns
        the player id. The seat is played from the table device (``act`` with
        ``as``), is here while the table is, never hosts, and its token is
        known to nobody. Names follow the rules of a join; the host may seat
        a guest in a locked room."""
        return self._seat_person(name, Seat(id="", name=name, token_hash=hash_token(new_token()), group=group,
                                            connected=self.table_connected, profile=profile, guest=True,
                                            away_since=None if self.table_connected else self.registry.clock()))

    def _seat_person(self, name: str, seat: Seat) -> str:
        """Seat a person (a phone's join or a guest): the name checked as at a
        join, the seat id of somebody who left under that name tonight reused,
        dealt into a running game that takes newcomers."""
        key = name_key(name)
        if key in self.banned:
            raise Forbidden("The host removed {name} from this room; only the host can let that name back in.",
                            name=self.banned[key]["name"])
        seated = next((s for s in self.seats if name_key(s.name) == key), None)
        if seated is not None:
            raise NameTaken("Somebody here is already called {name}. Pick another name.", name=seated.name)
        if len(self.seats) >= self.registry.max_players:
            raise RoomFull("This room is full.")
        # Somebody who left and comes back under the same name is the same
        # person for the night: their seat id again, so their tally, the
        # rules they made and the recap's row carry on (a bot that was
        # removed never took a forfeit or made a rule: its id is not reused).
        back = next((p for p, n in self.former.items()
                     if name_key(n) == key and not self.has_seat(p) and self.night.took_part(p)), None)
        pid = seat.id = back or f"p{self.next_id}"
        if self.game and not self.game.is_over():
            try:
                self.game.add_player({"id": pid, "group": seat.group}, self.registry.clock())
                if not seat.connected:
                    self.game.presence(pid, False, self.registry.clock())
            except IllegalAction:
                pass  # seated in the room, dealt in next game
        if back is None:
            self.next_id += 1
        else:
            del self.former[back]
        self.seats.append(seat)
        if seat.more_time:
            self._tell_more_time()
        return pid

    def hosts(self) -> set[str]:
        """The server processes holding connections of this room."""
        found = set(self.table_hosts) | set(self.watchers)
        for s in self.seats:
            found.update(s.hosts)
        return found

    # -- spectators ----------------------------------------------------------------
    @property
    def watch_url(self) -> str:
        """The watch page's address: the join URL's site, ``/w/CODE``."""
        site, _, _ = self.join_url.rpartition("/j/")
        return f"{site}/w/{self.code}"

    def watcher_count(self) -> int:
        """Spectators' connections, over every server process."""
        return sum(self.watchers.values())

    def watch(self, cap: int, host: str | None = None) -> None:
        """A spectator's connection, held by process ``host`` (this one by
        default), receives the public view from now on: never a seat, a
        token or a player's count. Refused ``room_full`` at ``cap``."""
        if self.watcher_count() >= cap:
            raise RoomFull("This room has as many watchers as it can take; try again later.")
        host = host or self.registry.host_id
        self.watchers[host] = self.watchers.get(host, 0) + 1

    def unwatch(self, host: str | None = None) -> Any:
        """A spectator's connection held by ``host`` is gone."""
        host = host or self.registry.host_id
        left = self.watchers.get(host, 0) - 1
        if left < 0:
            return UNCHANGED
        if left:
            self.watchers[host] = left
        else:
            del self.watchers[host]
        return None

    def set_connected(self, pid: str, connected: bool, host: str | None = None) -> Any:
        """Process ``host`` (this one by default) holds a connection of the
        seat now, or no longer; the seat is connected while any does."""
        seat = self.seat(pid)
        if not _relink(seat.hosts, host or self.registry.host_id, connected):
            return UNCHANGED
        self._seat_presence(seat)
        return None

    def _seat_presence(self, seat: Seat) -> None:
        connected = self.table_connected if seat.guest else bool(seat.hosts)
        if seat.connected == connected:
            return
        seat.connected = connected
        seat.away_since = None if connected else self.registry.clock()
        if self.game and not self.game.is_over() and seat.id in self.game.players():
            self.game.presence(seat.id, connected, self.registry.clock())

    def set_table_connected(self, connected: bool, host: str | None = None) -> Any:
        if not _relink(self.table_hosts, host or self.registry.host_id, connected):
            return UNCHANGED
        self.table_connected = bool(self.table_hosts)
        for seat in self.seats:
            if seat.guest:
                self._seat_presence(seat)
        return None

    def drop_host(self, host: str) -> Any:
        """Process ``host`` is gone: every connection it held is."""
        changed = self.watchers.pop(host, 0) > 0
        if host in self.table_hosts:
            self.set_table_connected(False, host)
            changed = True
        for seat in self.seats:
            if host in seat.hosts:
                self.set_connected(seat.id, False, host)
                changed = True
        return None if changed else UNCHANGED

    def relink(self, old: str, new: str, channels: set[str | None]) -> Any:
        """This process, given up for dead as ``old``, holds the connections
        of ``channels`` (seat ids, None the table, ``WATCH`` its spectators)
        as ``new``."""
        watching = self.watchers.get(old, 0)
        changed = self.drop_host(old) is not UNCHANGED
        if WATCH in channels and watching:
            self.watchers[new] = self.watchers.get(new, 0) + watching
            changed = True
        if None in channels:
            changed = self.set_table_connected(True, new) is not UNCHANGED or changed
        for seat in self.seats:
            if seat.id in channels:
                changed = self.set_connected(seat.id, True, new) is not UNCHANGED or changed
        return None if changed else UNCHANGED

    def token_seat(self, token: str) -> Seat:
        """The seat of a player's token; ``forbidden`` when there is none
        (and, saying so, when the host removed that seat)."""
        seat = self.seat_by_token(token)
        if seat is None:
            wanted = hash_token(token)
            if any(secrets.compare_digest(h, wanted) for b in self.banned.values() for h in b["tokens"]):
                raise Forbidden("The host removed you from this room.")
            raise Forbidden("That seat is gone: the host may have removed it. Join again.")
        return seat

    def update_player(self, pid: str, group: Any = UNCHANGED, name: Any = UNCHANGED,
                      profile: Any = UNCHANGED, more_time: Any = UNCHANGED,
                      sitting_out: Any = UNCHANGED) -> Any:
        """A player changes their group, name, drink profile, more time or
        whether they sit the next games out (``UNCHANGED``: keep it). A new
        name follows the rules of a join: unique in the room ignoring case.
        The seat, its tally and its roles stay; a new profile counts from the
        next forfeit on."""
        seat = self.seat(pid)
        changed = False
        if name is not UNCHANGED and name != seat.name:
            key = name_key(name)
            seated = next((s for s in self.seats if s.id != pid and name_key(s.name) == key), None)
            if seated is not None:
                raise NameTaken("Somebody here is already called {name}. Pick another name.", name=seated.name)
            if key in self.banned:
                raise Forbidden("The host removed {name} from this room; only the host can let that name back in.",
                                name=self.banned[key]["name"])
            seat.name = name
            changed = True
        if group is not UNCHANGED and group != seat.group:
            seat.group = group
            changed = True
        if profile is not UNCHANGED and profile != seat.profile:
            seat.profile = profile
            self.night.pin(self.seats)  # the forfeits taken so far keep their form
            changed = True
        if more_time is not UNCHANGED and more_time != seat.more_time:
            seat.more_time = more_time
            self._tell_more_time()
            changed = True
        if sitting_out is not UNCHANGED and self.set_sitting_out(pid, sitting_out) is not UNCHANGED:
            changed = True
        return None if changed else UNCHANGED

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
        if seat.sitting_out == sitting_out:
            return UNCHANGED
        seat.sitting_out = sitting_out
        game = self.game
        if game is not None and not game.is_over():
            if pid in game.players():
                self._tell_sitting_out()
            elif not sitting_out and (not seat.bot or self.takes_bots(game.mode)):
                try:
                    game.add_player({"id": pid, "group": seat.group, **({"bot": True} if seat.bot else {})},
                                    self.registry.clock())
                except IllegalAction:
                    pass  # dealt in next game
        return None

    def _tell_sitting_out(self) -> None:
        """The running game learns who sits out."""
        if self.game is not None and not self.game.is_over():
            in_game = set(self.game.players())
            self.game.set_sitting_out([s.id for s in self.seats if s.sitting_out and s.id in in_game],
                                      self.registry.clock())

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
        if seat.connected:
            raise IllegalAction("{name}'s phone is here: they can play.", name=seat.name)
        if pid not in self.game.players() or pid not in self.game.waiting_for():
            raise IllegalAction("The game is not waiting for {name}.", name=seat.name)
        self.game.skip(pid, self.registry.clock())

    def remove(self, pid: str) -> None:
        """A player leaves for good or is kicked: their seat, token and roles go;
        the host role passes to the next seat."""
        index = next(i for i, s in enumerate(self.seats) if s.id == pid)
        if self.game and pid in self.game.players():
            self.game.remove_player(pid, self.registry.clock())
        self.former[pid] = self.seats[index].name
        while len(self.former) > FORMER_MAX:
            del self.former[next(iter(self.former))]
        del self.seats[index]
        if self.host_player == pid:
            people = [s for s in self.seats[index:] + self.seats[:index] if not s.bot and not s.guest]
            self.host_player = people[0].id if people else None

    def kick(self, pid: str) -> None:
        """The host removes a seat: a person's token and name are barred from
        this room for its life (until ``unban``); a bot or a guest without a
        phone just goes."""
        seat = self.seat(pid)
        if not seat.bot and not seat.guest:
            key = name_key(seat.name)
            entry = self.banned.pop(key, None) or {"name": seat.name, "tokens": []}
            entry["tokens"] = [*entry["tokens"], seat.token_hash][-BANNED_TOKENS_MAX:]
            self.banned[key] = entry
            while len(self.banned) > BANNED_MAX:
                del self.banned[next(iter(self.banned))]
        self.remove(pid)

    def unban(self, name: str) -> None:
        """The host lets a removed name join again (its old seats' tokens
        stay gone: a new join makes a new seat)."""
        if self.banned.pop(name_key(name), None) is None:
            raise IllegalAction("Nobody called {name} was removed from this room.", name=name)

    def note_house_variant(self, name: str) -> Any:
        """A house variant was saved from this room: everybody in it lists it."""
        if any(n.casefold() == name.casefold() for n in self.house):
            return UNCHANGED
        self.house = [*self.house, name][-HOUSE_MAX:]
        return None

    def set_locked(self, locked: bool) -> Any:
        """The host locks the room (no new joins; phones with a seat still
        come back) or opens it."""
        if self.locked == locked:
            return UNCHANGED
        self.locked = locked
        return None

    def set_seat_order(self, pids: list[str]) -> None:
        current = [s.id for s in self.seats]
        if sorted(pids) != sorted(current) or len(set(pids)) != len(pids):
            raise Busy("The players changed meanwhile; look again and retry.")
        by_id = {s.id: s for s in self.seats}
        self.seats = [by_id[p] for p in pids]
        if self.game:
            in_game = set(self.game.players())
            self.game.set_seat_order([p for p in pids if p in in_game])

    def set_host(self, pid: str) -> Any:
        if self.seat(pid).bot:
            raise IllegalAction("A bot cannot be the host.")
        if self.seat(pid).guest:
            raise IllegalAction("{name} has no phone: they cannot be the host.", name=self.seat(pid).name)
        if self.host_player == pid:
            return UNCHANGED
        self.host_player = pid
        return None

    # -- games -------------------------------------------------------------------
    def start_game(self, mode: str, options: dict, testing: bool) -> None:
        cls = MODES.get(mode)
        if cls is None:
            raise BadRequest("There is no mode {mode}.", mode=repr(mode))
        if self.game and not self.game.is_over():
            raise IllegalAction("A game is running: end it first.")
        if self.night.ended is not None:
            raise IllegalAction("The night is over: the host can start a new night.")
        options = dict(options)
        if self.night.family:
            options.update(cls.FAMILY_OPTIONS)  # the family wording, no drinks
        seed = options.pop("seed", None)
        staged = [name for name in cls.TESTING_OPTIONS if name in options]
        if (staged or seed is not None) and not testing:
            raise Forbidden("Choosing the cards or the seed is for testing only.")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) > 2**63):
            raise BadRequest("options.seed must be an integer")
        variant = options.get("variant")
        if isinstance(variant, str):
            found = self.registry.store.get_variant(variant)
            if found is None or found["mode"] != mode:
                raise BadRequest("There is no house variant {name} for this mode.", name=repr(variant))
            options["variant"] = found["deck"]
        for name, value in self.registry.option_defaults.items():
            if name in cls.option_names:
                options.setdefault(name, value)
        try:
            options = cls.check_options(options)
        except (ValueError, TypeError) as exc:
            raise BadRequest("Bad options: {reason}", reason=wording_of(exc)) from None
        players = self._players_for(cls)
        dealt = [p for p in players if not p.get("sitting_out")]
        if cls.DEAL_PASSES and "dealer" not in options and "deck" not in options:
            dealer = dealers.next_dealer(self.dealers.get(cls.mode), [s.id for s in self.seats],
                                         [p["id"] for p in players])
            if dealer is not None:
                options["dealer"] = dealer
        if len(dealt) < cls.min_players:
            raise IllegalAction("{game} needs at least {count} player.|{game} needs at least {count} players.",
                                game=Term(cls.title), count=cls.min_players)
        if len(dealt) > cls.max_players:
            raise IllegalAction("{game} takes at most {count} player.|{game} takes at most {count} players.",
                                game=Term(cls.title), count=cls.max_players)
        rng = random.Random(seed if seed is not None else secrets.randbits(64))
        # The new engine is built before the old game is let go: a failure
        # here leaves the room with the game (and the drinks) it had.
        game = cls.new([{k: v for k, v in p.items() if k != "sitting_out"} for p in players], options, rng,
                       self.registry.clock())
        if cls.DEAL_PASSES:
            self.dealers[cls.mode] = dealers.record(game.first_dealer(), game.players())
        self._close_game()
        self.game = game
        for seat in self.seats:
            seat.played_for = []
        self.night.game_started(game, self.registry.clock())
        self._tell_more_time()
        self._tell_sitting_out()

    def end_game(self) -> Any:
        """The host ends the game: a running game that has a result to show
        finishes and shows it; ending it again (or a finished one) returns to
        the lobby."""
        if self.game is None:
            return UNCHANGED
        if not self.game.is_over() and self.game.finish(self.registry.clock()):
            return None
        self._close_game()
        return None

    def _close_game(self) -> None:
        """The game is let go (its forfeits are already on the seats, counted
        as they were taken): the night keeps its result."""
        if self.game is None:
            return
        self.night.game_closing(self.game)
        self.game = None

    # -- the night ----------------------------------------------------------------
    def set_settings(self, changes: dict) -> Any:
        """The host changes the night's settings (checked by the protocol)."""
        try:
            changed = self.night.set(changes, playing=self.game is not None and not self.game.is_over())
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        if changed:
            self.night.pin(self.seats)
        return None if changed else UNCHANGED

    def end_night(self) -> Any:
        """The host ends the night: a game still running is finished where it
        can show a result (its forfeits so far stay counted) and the recap is
        shown."""
        if self.night.ended is not None:
            return UNCHANGED
        if self.game is not None and not self.game.is_over():
            self.game.finish(self.registry.clock())
            self._settle()
        self._close_game()
        self.night.end(self.registry.clock())
        return None

    def new_night(self) -> Any:
        """After the recap: a new night with the same people and settings,
        every tally from zero."""
        if self.night.ended is None:
            raise IllegalAction("The night is still on.")
        self.night = Night.new(self.registry.clock(), self.night.settings)
        return None

    def act(self, actor: str, action: dict, arrival: dict | None = None) -> list[dict]:
        """A move; ``arrival`` is the server's stamp of when it came in (and the
        phone's round trip), handed to a reflex game inside the action. A
        stamp the client put in the action itself is never believed. Returns
        the game's log entries of the move. A person's own move (not one the
        server made for them) ends the list of what was played for them."""
        if self.game is None:
            raise IllegalAction("No game is running.")
        if actor != HOST and actor not in self.game.players():
            raise IllegalAction("You are not in this game; you will be dealt in next game.")
        action = {k: v for k, v in action.items() if k != ARRIVAL}
        if arrival is not None and self.game.reflex:
            action[ARRIVAL] = arrival
        events = self.game.apply(actor, action, self.registry.clock())
        if actor != HOST:
            seat = self.seat(actor)
            if seat.played_for and not seat.auto:
                seat.played_for = []
        return events or []

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

    def tick(self) -> Any:
        """What is due now: the game's own time-out first, else a move the
        server makes for a seat (``Autoplayer.step``)."""
        now = self.registry.clock()
        deadline = self.game.next_deadline() if self.game is not None else None
        if deadline is not None and deadline <= now:
            self.game.tick(now)
            return None
        autoplay = self.registry.autoplay
        return autoplay.step(self, now) if autoplay is not None else UNCHANGED

    def next_deadline(self) -> float | None:
        """When ``tick`` is next due: the game's time-out or a server-made move."""
        times = [self.game.next_deadline() if self.game is not None else None]
        if self.registry.autoplay is not None:
            times.append(self.registry.autoplay.next_due(self))
        due = [t for t in times if t is not None]
        return min(due) if due else None

    # -- seats the server plays (partyapp/bots) ------------------------------------
    def takes_bots(self, mode: str) -> bool:
        autoplay = self.registry.autoplay
        return autoplay is not None and autoplay.plays(mode)

    def _players_for(self, cls: type[Game]) -> list[dict]:
        """The seats dealt into a new game of ``cls``: bots sit out a mode
        they do not play (the drinking decks); a bot's forfeits never count.
        Players sitting out are not dealt in, except where the game keeps
        them in their seat (``KEEPS_SITTING_OUT``: marked ``sitting_out``
        here, never counted for its number of players)."""
        bots = self.takes_bots(cls.mode)
        keeps = cls.KEEPS_SITTING_OUT
        return [{"id": s.id, "group": s.group, **({"bot": True} if s.bot else {}),
                 **({"sitting_out": True} if s.sitting_out else {})}
                for s in self.seats if (bots or not s.bot) and (keeps or not s.sitting_out)]

    def add_bot(self, name: str, look: str, level: str) -> str:
        """Seat a bot (under ``change``); returns its player id. It has no
        token anybody knows, never hosts, and is dealt into a running game
        that takes newcomers and bots."""
        if len(self.seats) >= self.registry.max_players:
            raise RoomFull("This room is full.")
        pid = f"p{self.next_id}"
        seat = Seat(id=pid, name=name, token_hash=hash_token(new_token()), bot=True, look=look, level=level)
        if self.game and not self.game.is_over() and self.takes_bots(self.game.mode):
            try:
                self.game.add_player({"id": pid, "group": None, "bot": True}, self.registry.clock())
            except IllegalAction:
                pass  # seated in the room, dealt in next game
        self.next_id += 1
        self.seats.append(seat)
        return pid

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
