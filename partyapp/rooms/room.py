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

This module holds that one door, and the host's few changes of the room as
a whole (seat order, host, house variants, the night). What else a room does
is one job a module, each a part of ``Room`` that the changes call:

- ``saving.py``: the room's fields and their saved form;
- ``presence.py``: which server process holds which connection;
- ``doors.py``: seats by id, token and name; joins, the lock, leaving,
  kicks and bans;
- ``launch.py``: the start-options pipeline and the seats dealt in;
- ``play.py``: the running game: moves, time-outs, sitting out, the end;
- ``autoplay.py``: the seats the server plays (bots, absent phones);
- ``history.py``: the game's log kept whole, who made each entry and when;
- ``pause.py``: the host's pause, and every timer given back its time at resume;
- ``tablemove.py``: the table moved to another screen, on the host's word;
- ``views.py``: the public view and each seat's ``you``.

No part overrides another's method: each name is defined once
(``tests/rooms/test_rooms.py``), so a reader finds a method in one place.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from typing import Any, Callable, Protocol

from partyapp.games.kit.base import IllegalAction
from partyapp.games.kit.wording import Term, Worded
from partyapp.rooms.autoplay import Autoplayed
from partyapp.rooms.doors import FORMER_MAX, Doors
from partyapp.rooms.errors import Busy, NoSuchRoom, unavailable
from partyapp.rooms.history import History
from partyapp.rooms.launch import Launch
from partyapp.rooms.night import Night
from partyapp.rooms.pause import Pausing
from partyapp.rooms.play import Play
from partyapp.rooms.presence import WATCH, Presence
from partyapp.rooms.saving import Saving
from partyapp.rooms.seat import Seat, hash_token, new_token
from partyapp.rooms.tablemove import TableMove
from partyapp.rooms.unchanged import UNCHANGED
from partyapp.rooms.views import Views
from partyapp.store import SAME, Conflict, StoreUnavailable

# The names the other layers (and the tests) take from here.
__all__ = ["FORMER_MAX", "UNCHANGED", "WATCH", "Autoplayer", "Publisher", "Room", "Seat", "hash_token", "new_token"]

log = logging.getLogger(__name__)

# Attempts of one change on a shared store before it is answered ``conflict``
# (each one lost to a change another process saved meanwhile).
CHANGE_ATTEMPTS = 25

# House variants a room lists as saved from it.
HOUSE_MAX = 32


class Publisher(Protocol):
    def publish(self, room: "Room", public: dict, private: dict[str, dict]) -> None: ...

    def schedule(self, room: "Room", at: float) -> None: ...

    def defer(self, room: "Room") -> bool:
        """May the frames of this change wait (a frame of the room went out a
        moment ago)? True: ``Room.publish_later`` is called once they may go."""
        ...


class Autoplayer(Protocol):
    """Who plays the seats nobody's phone plays: bots, and people whose phone
    has been away too long (``partyapp.bots.Autoplay``). It keeps its own
    records in ``Room.autoplay`` (plain JSON, saved with the room)."""

    def plays(self, mode: str) -> bool: ...

    def note(self, room: "Room", now: float) -> None: ...

    def next_due(self, room: "Room") -> float | None: ...

    def step(self, room: "Room", now: float) -> Any: ...

    def resume(self, room: "Room", dt: float) -> None:
        """The room was paused for ``dt`` seconds: each pending move is that much later."""
        ...


class Room(Saving, Presence, Doors, Launch, Play, Autoplayed, History, Pausing, TableMove, Views):
    """One room, made of its parts (see the module text); every change goes
    through ``change``."""

    def __init__(self, registry: "Registry", data: dict) -> None:
        self.registry = registry
        self.lock = threading.Lock()
        # Shared store: the room held here may be behind the store (a save
        # that failed half way); the next change reloads it first.
        self.stale = False
        # Shared store: whether this process held connections of the room
        # before the change being published (``Realtime.publish``).
        self.was_here = False
        # The rev of the frames published before the ones being published
        # (``shown`` before them), for the processes that receive them: no
        # frame between is owed (``cluster/sequencer.py``).
        self.after: int | None = None
        self._load(data)

    # -- the one way to change a room ----------------------------------------
    def change(self, mutate: Callable[[], Any], then: Callable[[Any], None] | None = None, *,
               force: bool = False, coalesce: bool = False) -> Any:
        """Apply ``mutate`` under the lock; unless it returns ``UNCHANGED``
        (and ``force`` is not set), bump ``rev`` and save. Only once the
        change is in the store (or nothing changed) does ``then(result)``
        run, still under the lock and before the views of the new ``rev`` go
        out: that is where connections are bound to a seat or told they were
        removed, so nobody is ever told of a change the store did not keep.
        Returns what ``mutate`` returned. On a shared store ``mutate`` may
        run more than once (see the module text): it must decide from the
        room alone. ``coalesce``: a change a phone makes to what it said of
        itself (its name, profile, more time...): applied and saved at once,
        but its frames may wait a moment and go out as one with the changes
        after it (``Publisher.defer``), so that one phone cannot push more
        than a few frames a second to every screen."""
        shared = self.registry.store.shared
        with self.lock:
            fresh = not shared
            if shared and self.stale:
                self._newer()
                fresh = True
            for attempt in range(CHANGE_ATTEMPTS):
                self.was_here = shared and self.registry.host_id in self.hosts()
                self.acting = None  # ``Play.act`` names the mover (``history.py``)
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
                publisher = self.registry.publisher
                deferred = coalesce and publisher is not None and publisher.defer(self)
                after = self.shown
                if not deferred:
                    self.shown = self.rev + 1  # the frames of the rev saved now go out
                if not self._save():
                    fresh = True  # another process saved first: reloaded, apply the change again
                    time.sleep(random.uniform(0, 0.001 * attempt))
                    continue
                if then is not None:
                    then(result)
                if not deferred:
                    self.after = after
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
        try:
            self._load(found)
        except Exception as exc:  # what the store keeps of it cannot be read back
            self.registry.forget(self)
            raise self.registry.unreadable(self.code, exc) from None
        return True

    def _settle(self) -> None:
        """What the change did to forfeits, in each person's form (``night.py``);
        a pause ends with its game (``pause.py``)."""
        self._end_pause_with_game()
        if self.game is not None:
            self.night.settle(self.seats, self.game, self.registry.clock())
        self._note_history()

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
                deadline = self.game.next_deadline() if self.game and self.paused is None else None
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

    def publish_later(self) -> None:
        """The frames of changes that waited (``change``'s ``coalesce``): the
        room as it is now, unless a newer frame went out meanwhile (lock
        held, the room the newest: ``read``)."""
        if self.shown >= self.rev:
            return
        self.after, self.shown = self.shown, self.rev
        self.was_here = self.registry.store.shared and self.registry.host_id in self.hosts()
        self.publish()

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

    # -- the host's changes of the room as a whole ------------------------------------
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
        self.guests_presence()  # with no table, the new host's phone plays for the guests
        return None

    def note_house_variant(self, name: str) -> Any:
        """A house variant was saved from this room: everybody in it lists it."""
        if any(n.casefold() == name.casefold() for n in self.house):
            return UNCHANGED
        self.house = [*self.house, name][-HOUSE_MAX:]
        return None

    # -- the night ----------------------------------------------------------------
    def set_settings(self, changes: dict) -> Any:
        """The host changes the night's settings (checked by the protocol);
        dares pass the word filter as it will be after the change."""
        if "dares" in changes:
            on = self.night.words_filtered or bool(changes.get("family")) or bool(changes.get("clean_words"))
            self.check_words(changes["dares"], Term("A dare"), on)
        if "big_forfeit" in changes:
            on = self.night.words_filtered or bool(changes.get("family")) or bool(changes.get("clean_words"))
            self.check_words(changes["big_forfeit"], Term("The big forfeit"), on)
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
