"""Who sits in a room, and under which name and token: seating a phone
(``join``) or a guest without one, a seat found by its token, names unique
by what people see (``names.py``), the lock, leaving, and the host's kicks
and bans.

A kick bars the seat's token, its name and the device its page joined
from (the ``device`` token it keeps) for the room's life (until ``unban``),
from the seats and from watching; somebody who left and comes back under
the same name is the same person for the night (their seat id again). ``Doors`` is that part of
``Room`` (``room.py``); each method that changes the room runs under
``Room.change``.
"""

from __future__ import annotations

import secrets
from typing import Any

from partyapp.games.kit.base import HOST, IllegalAction
from partyapp.games.kit.cardgame import CardGame
from partyapp.games.kit.wording import Term
from partyapp.rooms import clean_words
from partyapp.rooms.errors import Forbidden, NameTaken, RoomFull
from partyapp.rooms.names import name_key
from partyapp.rooms.seat import Seat, hash_token, new_token
from partyapp.rooms.unchanged import UNCHANGED

# Names of players who left or were removed, kept so that the rules, the log
# and the results still name them; the most recent ones only.
FORMER_MAX = 64
# Names the host removed, kept for the room's life; the latest ones only.
BANNED_MAX = 64
BANNED_TOKENS_MAX = 8


class Doors:
    """The room's seats by id, token and name (see the module text)."""

    # -- finding a seat ------------------------------------------------------------
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

    def guest_for_table(self, pid: str, look: bool = False) -> Seat:
        """A guest seat whose private view the table device asks for. In a
        card game (private hands) it is shown only while the game waits on
        that guest; out of their turn only as ``look``, a look the guest asked
        for on their own seat screen, which the game's log says ("Eve looked
        at her hand": inside ``Room.change``). The drinking decks hold
        nothing secret in a view."""
        seat = self.guest_seat(pid)
        game = self.game
        if not isinstance(game, CardGame) or game.is_over() or pid in game.waiting_for():
            return seat
        if not look:
            raise Forbidden("It is not {name}'s turn: open {name}'s seat to look at their hand.", name=seat.name)
        game.looked(pid, self.game_now())
        return seat

    def guest_for_host(self, pid: str) -> Seat:
        """A guest seat whose private view or move the host player's phone
        asks for. A player's view is the table's plus their own, the host's
        too: while a table device (a table that is not a TV) is here, the
        guests' views and moves are its alone; without one (or with a TV),
        the host's phone gets a guest's only while the game waits on that
        guest, and shows it behind the privacy screen (``guests.js``)."""
        seat = self.guest_seat(pid)
        if self.table_connected and not self.table_tv:
            raise Forbidden("The table device plays for {name}: hand it to them.", name=seat.name)
        waiting = self.game.waiting_for() if self.game is not None and not self.game.is_over() else []
        if pid not in waiting:
            raise Forbidden("Only {name}'s own turn can be played from the host's phone.", name=seat.name)
        return seat

    def seat_by_token(self, token: str) -> Seat | None:
        wanted = hash_token(token)
        for s in self.seats:
            if secrets.compare_digest(s.token_hash, wanted):
                return s
        return None

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

    def check_host_token(self, token: str) -> bool:
        return secrets.compare_digest(self.host_token_hash, hash_token(token))

    def owner_tokens(self, device: str | None, *, table: bool = False, pid: str | None = None) -> list[str]:
        """Who a sender is, for what they own beyond this room (the house
        variants, ``variants.py``): the device token their page keeps (if
        it sent one), and the table's host token (``table``) or the token
        of seat ``pid``, as hashes like the room keeps them."""
        found = []
        if device is not None:
            found.append(hash_token(device))
        if table:
            found.append(self.host_token_hash)
        elif pid is not None and self.has_seat(pid):
            found.append(self.seat(pid).token_hash)
        return found

    # -- coming in -----------------------------------------------------------------
    def join(self, name: str, group: str | None, profile: str = "drinks",
             more_time: bool = False, device: str | None = None) -> tuple[str, str]:
        """Seat a new player (under ``change``); returns (player_id, token).
        Refused while the room is locked, for a name the host removed and
        from a device the host removed (``device``: the token its page
        keeps, if it sent one)."""
        if self.locked:
            raise Forbidden("The host has locked this room: ask them to open it.")
        kept = None if device is None else hash_token(device)
        if self.device_barred(kept):
            raise Forbidden("The host removed you from this room; only the host can let you back in.")
        token = new_token()
        # the joining phone's connection is held by this process
        pid = self._seat_person(name, Seat(id="", name=name, token_hash=hash_token(token), group=group,
                                           hosts=[self.registry.host_id], profile=profile, more_time=more_time,
                                           device=kept))
        if self.host_player is None:
            self.host_player = pid
            self.guests_presence()
        return pid, token

    def add_guest(self, name: str, group: str | None = None, profile: str = "drinks") -> str:
        """The host seats a person without a phone (under ``change``); returns
        the player id. The seat is played from the table device (``act`` with
        ``as``), is here while the table is (with no table, while the host's
        phone is: ``Presence.guests_here``), never hosts, and its token is
        known to nobody. Names follow the rules of a join; the host may seat
        a guest in a locked room."""
        self.acting_as(HOST)  # the history: the host seated them
        return self._seat_person(name, Seat(id="", name=name, token_hash=hash_token(new_token()), group=group,
                                            connected=self.guests_here(), profile=profile, guest=True,
                                            away_since=None if self.guests_here() else self.registry.clock()))

    def _seat_person(self, name: str, seat: Seat) -> str:
        """Seat a person (a phone's join or a guest): the name checked as at a
        join, the seat id of somebody who left under that name tonight reused,
        dealt into a running game that takes newcomers."""
        self._check_name(name)
        if len(self.seats) >= self.registry.max_players:
            raise RoomFull("This room is full.")
        # Somebody who left and comes back under the same name is the same
        # person for the night: their seat id again, so their tally, the
        # rules they made and the recap's row carry on (a bot that was
        # removed never took a forfeit or made a rule: its id is not reused).
        key = name_key(name)
        back = next((p for p, n in self.former.items()
                     if name_key(n) == key and not self.has_seat(p) and self.night.took_part(p)), None)
        seat.id = back or f"p{self.next_id}"
        self.acting_as(seat.id)  # "Ana joined" (the host, who seats a guest, is named first)
        if self._deal_in(seat) and not seat.connected:
            self.game.presence(seat.id, False, self.game_now())
        if back is None:
            self.next_id += 1
            self.seats.append(seat)
        else:
            del self.former[back]
            self._seat_back(seat, self.former_next.pop(back, None))
        if seat.more_time:
            self._tell_more_time()
        return seat.id

    def _seat_back(self, seat: Seat, after: str | None) -> None:
        """Somebody back under their name takes their old place: before the
        seat that sat after them (or, if that one left too, the one after it),
        at the end if nobody did; a game that dealt them in seats them there
        too."""
        seen: set[str] = set()
        while after is not None and not self.has_seat(after) and after not in seen:
            seen.add(after)
            after = self.former_next.get(after)
        at = next((i for i, s in enumerate(self.seats) if s.id == after), len(self.seats))
        self.seats.insert(at, seat)
        if self.game is not None and not self.game.is_over() and seat.id in self.game.players():
            in_game = set(self.game.players())
            self.game.set_seat_order([s.id for s in self.seats if s.id in in_game])

    def check_words(self, text: Any, field: str, on: bool | None = None) -> None:
        """Every text in ``text`` (a string, or the strings inside lists and
        objects: a house variant's deck) passes the room's word filter
        (``clean_words.py``), when it is on (or ``on``); refused
        ``words_filtered`` otherwise, to the sender alone."""
        if not (self.night.words_filtered if on is None else on):
            return
        if isinstance(text, str):
            clean_words.check(True, text, field)
        elif isinstance(text, dict):
            for value in text.values():
                self.check_words(value, field, True)
        elif isinstance(text, list):
            for value in text:
                self.check_words(value, field, True)

    def device_barred(self, device: str | None) -> bool:
        """Did the host remove a seat that joined from ``device`` (a device
        token's hash)? Then it neither joins nor watches, until ``unban``."""
        return device is not None and any(device in b.get("devices", ()) for b in self.banned.values())

    def _check_name(self, name: str, pid: str | None = None) -> None:
        """A name a person may take (seat ``pid`` keeps its own): not one the
        host removed, nobody else's here (by what people see), nothing the
        room's word filter refuses."""
        self.check_words(name, Term("The name"))
        key = name_key(name)
        if key in self.banned:
            raise Forbidden("The host removed {name} from this room; only the host can let that name back in.",
                            name=self.banned[key]["name"])
        seated = next((s for s in self.seats if s.id != pid and name_key(s.name) == key), None)
        if seated is not None:
            raise NameTaken("Somebody here is already called {name}. Pick another name.", name=seated.name)

    def update_player(self, pid: str, group: Any = UNCHANGED, name: Any = UNCHANGED,
                      profile: Any = UNCHANGED, more_time: Any = UNCHANGED,
                      sitting_out: Any = UNCHANGED) -> Any:
        """A player changes their group, name, drink profile, more time or
        whether they sit the next games out (``UNCHANGED``: keep it). A new
        name follows the rules of a join: unique in the room ignoring case.
        The seat, its tally and its roles stay; a new profile counts from the
        next forfeit on."""
        seat = self.seat(pid)
        self.acting_as(pid)  # "Ana sits out" (the host, changing it for her, is named first)
        changed = False
        if name is not UNCHANGED and name != seat.name:
            self._check_name(name, pid)
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

    def set_locked(self, locked: bool) -> Any:
        """The host locks the room (no new joins; phones with a seat still
        come back) or opens it."""
        if self.locked == locked:
            return UNCHANGED
        self.locked = locked
        return None

    # -- going out -----------------------------------------------------------------
    def remove(self, pid: str) -> None:
        """A player leaves for good or is kicked: their seat, token and roles go;
        the host role passes to the next seat."""
        index = next(i for i, s in enumerate(self.seats) if s.id == pid)
        self.acting_as(pid)  # "Ben left" (the host, who removes a player, is named first)
        if self.game and pid in self.game.players():
            self.game.remove_player(pid, self.game_now())
        self.former[pid] = self.seats[index].name
        # where they sat: before the seat after them, for a return to the same place
        self.former_next[pid] = self.seats[index + 1].id if index + 1 < len(self.seats) else None
        while len(self.former) > FORMER_MAX:
            del self.former[next(iter(self.former))]
        self.former_next = {p: n for p, n in self.former_next.items() if p in self.former}
        del self.seats[index]
        if self.host_player == pid:
            people = [s for s in self.seats[index:] + self.seats[:index] if not s.bot and not s.guest]
            self.host_player = people[0].id if people else None
            self.guests_presence()

    def kick(self, pid: str) -> list[dict]:
        """The host removes a seat: a person's token, name and device are
        barred from this room for its life (until ``unban``), and whatever
        that device watches of the room ends (returned: the watchers
        removed, for their connections to be told); a bot or a guest
        without a phone just goes."""
        seat = self.seat(pid)
        self.acting_as(HOST)  # the history: the host removed them
        ended: list[dict] = []
        if not seat.bot and not seat.guest:
            key = name_key(seat.name)
            entry = self.banned.pop(key, None) or {"name": seat.name, "tokens": []}
            entry["tokens"] = [*entry["tokens"], seat.token_hash][-BANNED_TOKENS_MAX:]
            if seat.device is not None:
                entry["devices"] = [*entry.get("devices", []), seat.device][-BANNED_TOKENS_MAX:]
                ended = self.end_watching(lambda w: w.get("device") == seat.device)
            self.banned[key] = entry
            while len(self.banned) > BANNED_MAX:
                del self.banned[next(iter(self.banned))]
        self.remove(pid)
        return ended

    def unban(self, name: str) -> None:
        """The host lets a removed name (and the devices it joined from)
        join again (its old seats' tokens stay gone: a new join makes a new
        seat)."""
        if self.banned.pop(name_key(name), None) is None:
            raise IllegalAction("Nobody called {name} was removed from this room.", name=name)
