"""How fast people come into one room: joins and watches.

Joins (``player.join``) are paced per room and per device, beside the
per-address budget every join, resume and attach draws on
(``limits.joins_per_minute``, ``dispatch.answer``):

- per room, from every address together (``limits.room_joins_per_minute``,
  ``room_joins_burst``: 20 a minute, 8 at once): an outsider with the code
  cannot fill a room's free seats at once from however many addresses (8
  in the first moment, then one every three seconds, while the host can
  lock the room), and sixteen guests behind one home's address all sit down
  within half a minute;
- per device, the ``device`` token the page keeps for good
  (``limits.device_joins_per_minute``, ``device_joins_burst``: 3 and 3):
  one phone cannot churn seats; a client that sends no device counts as
  one device per address.

Only a join that seats somebody is counted (a refused one costs the room
nothing, so nobody can spend a room's budget with names that are taken);
it is checked before, counted after. Watches (``room.watch``) are paced
per address and room at the room's rates, and each address holds at most
``limits.watchers_per_address`` places (``Presence.watch``).

The buckets are the store's when it is shared (every process draws on the
same budget), else this process's on the server's clock.
"""

from __future__ import annotations

from typing import Callable

from partyapp.games.kit.wording import N_
from partyapp.realtime.limits import KeyedLimiter
from partyapp.realtime.protocol import Code, ProtocolError
from partyapp.rooms.seat import hash_token

ROOM_BUSY = N_("Many people are joining this room at once; wait a few seconds and try again.")
DEVICE_BUSY = N_("This device has joined this room too often just now; wait a minute.")
ADDRESS_BUSY = N_("Too many joins into this room from your network just now; wait a minute.")
WATCHES_BUSY = N_("Too many screens from your network started watching this room just now; wait a minute.")


class Pacing:
    def __init__(self, store, settings: dict, clock: Callable[[], float]) -> None:
        def bucket(name: str, per_minute: str, burst: str):
            rate, size = settings[per_minute] / 60.0, settings[burst]
            return store.limiter(name, rate, size) or KeyedLimiter(rate, size, clock=clock)

        self.rooms = bucket("room_joins", "PARTYAPP_ROOM_JOINS_PER_MINUTE", "PARTYAPP_ROOM_JOINS_BURST")
        self.devices = bucket("device_joins", "PARTYAPP_DEVICE_JOINS_PER_MINUTE", "PARTYAPP_DEVICE_JOINS_BURST")
        self.watches = bucket("watches", "PARTYAPP_ROOM_JOINS_PER_MINUTE", "PARTYAPP_ROOM_JOINS_BURST")

    @staticmethod
    def _device(code: str, device: str | None, addr: str) -> str:
        who = f"d:{hash_token(device)[:24]}" if device is not None else f"a:{addr}"
        return f"{who} {code}"

    def check_join(self, code: str, device: str | None, addr: str) -> None:
        """Refuse (``rate_limited``) a join into room ``code`` while the
        room's budget or the device's is spent."""
        if self.rooms.exhausted(code):
            raise ProtocolError(Code.RATE_LIMITED, ROOM_BUSY)
        if self.devices.exhausted(self._device(code, device, addr)):
            raise ProtocolError(Code.RATE_LIMITED, DEVICE_BUSY if device is not None else ADDRESS_BUSY)

    def joined(self, code: str, device: str | None, addr: str) -> None:
        """A join seated somebody: it counts against both."""
        self.rooms.allow(code)
        self.devices.allow(self._device(code, device, addr))

    def check_watch(self, code: str, addr: str) -> None:
        """A watch of room ``code`` from ``addr``: counted, and refused past the pace."""
        if not self.watches.allow(f"{addr} {code}"):
            raise ProtocolError(Code.RATE_LIMITED, WATCHES_BUSY)
