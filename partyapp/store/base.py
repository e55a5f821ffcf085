"""The one small interface every room store speaks.

A store keeps rooms as JSON text keyed by room code (``load`` gives the
decoded dict back), and the house deck variants by name, each with the
identity of whoever saved it (``owner``, a token hash). A room is saved and
loaded with its lock held, so one process's calls for one room never
overlap; a store still guards its backend for the several threads that
call it. ``save`` returns only once the room is durable enough to be
acknowledged (SQLite: committed; Redis: written).

A **shared** store (``shared = True``: Redis) is used by several server
processes at once. Each of them may change any room, so a change is saved
with ``commit``: a compare-and-set that succeeds only while the stored
``rev`` is still the one the change started from, and raises ``Conflict``
otherwise (the process then reloads the room and applies the change again).
A shared store also keeps which processes are alive (``heartbeat``), which
rooms each of them holds connections of, and the rooms' next deadlines, so
that the others can take over when one of them dies.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection
from typing import Protocol

# ``load_newer``: the room has not changed since that rev.
SAME = object()


class Conflict(Exception):
    """The room changed in the store since it was loaded (another process
    saved it first), or a room code is taken already."""


class StoreUnavailable(Exception):
    """The store cannot be reached right now (Redis down or restarting)."""


class VariantRefused(Exception):
    """A house variant may not be saved or deleted."""


class NotOwner(VariantRefused):
    """The variant of that name was saved by somebody else."""


class TooMany(VariantRefused):
    """The server keeps no more variants."""


class Limiter(Protocol):
    """A token bucket per key (a client address)."""

    def allow(self, key: str) -> bool: ...

    def exhausted(self, key: str) -> bool: ...

    def spend(self, key: str) -> bool: ...  # take one, or charge it below empty (a refusal costs too)

    def full(self, key: str) -> bool: ...  # has ``key`` spent nothing it has not got back?


class Store(ABC):
    #: Several server processes change the same rooms (see the module text).
    shared = False

    @abstractmethod
    def load(self, code: str) -> dict | None:
        """The saved room, or None."""

    @abstractmethod
    def save(self, code: str, room_json: str, touched: float) -> None:
        """Write the whole room, already encoded as JSON text (the room caches
        the encoding of what does not change); ``touched`` is when it last
        changed."""

    @abstractmethod
    def exists(self, code: str) -> bool: ...

    @abstractmethod
    def delete(self, code: str) -> None: ...

    @abstractmethod
    def expire(self, before: float) -> list[str]:
        """Delete the rooms untouched since ``before``; return their codes."""

    @abstractmethod
    def list_variants(self) -> list[dict]:
        """Every house variant: ``{"name", "mode", "deck", "updated",
        "owner"}`` (``owner`` None for a variant saved before variants had
        owners)."""

    @abstractmethod
    def get_variant(self, name: str) -> dict | None: ...

    @abstractmethod
    def save_variant(self, name: str, mode: str, deck: dict, updated: float, owner: str | None = None, *,
                     allowed: Collection[str] | None = None, limit: int | None = None) -> None:
        """Save (or replace) a variant, in one step: with ``allowed`` given,
        replacing a variant whose owner is not among them raises
        ``NotOwner`` (a variant without an owner may be replaced by anyone,
        and is then owned); with ``limit`` given, a new variant beyond that
        many raises ``TooMany``. A replaced variant keeps its owner; a new
        one is owned by ``owner``."""

    @abstractmethod
    def delete_variant(self, name: str, *, allowed: Collection[str] | None = None) -> bool:
        """Delete a variant; False when there is none of that name. With
        ``allowed`` given, a variant owned by anybody else raises
        ``NotOwner``."""

    @abstractmethod
    def ping(self) -> bool:
        """True when the backend answers."""

    def maintain(self) -> None:
        """Housekeeping that must not run on the path of a change (SQLite: the
        WAL checkpoint). Called every second or so, from a thread of its own
        when the server runs on gevent; the default does nothing."""

    def limiter(self, name: str, rate: float, burst: float) -> Limiter | None:
        """A token bucket per key shared by every process on this store, or
        None when each process keeps its own (the store is not shared)."""
        return None

    def close(self) -> None:
        """Release the backend."""


class SharedStore(Store):
    """A store shared by several server processes (Redis): what they need
    of it beyond a room's load and save."""

    shared = True

    @abstractmethod
    def load_newer(self, code: str, rev: int) -> dict | None | object:
        """The room if its stored ``rev`` is not ``rev``; ``SAME`` when it is;
        None when the room is gone."""

    @abstractmethod
    def commit(self, code: str, room_json: str, touched: float, *, expect: int | None, rev: int,
               deadline: float | None = None, host: str | None = None, linked: bool = False) -> None:
        """Save the room at ``rev`` if its stored rev is still ``expect``
        (None: only if there is no such room yet), else raise ``Conflict``.
        ``deadline`` is when the room's game wants its next tick (None:
        never); ``host`` (this process) is listed as holding connections of
        the room while ``linked``."""

    @abstractmethod
    def heartbeat(self, host: str, now: float) -> bool:
        """Say that process ``host`` is alive at ``now`` (its clock, the one
        the deadlines are kept in); False when it had been given up for dead
        meanwhile (or is new)."""

    @abstractmethod
    def dead_hosts(self, before: float) -> list[str]:
        """Processes that have not said they are alive since ``before``."""

    @abstractmethod
    def host_rooms(self, host: str) -> list[str]:
        """The rooms process ``host`` held connections of, as it last saved."""

    @abstractmethod
    def claim_host(self, host: str, seconds: float) -> bool:
        """Claim the clean-up of dead process ``host`` for ``seconds``; False
        when another process claimed it already."""

    @abstractmethod
    def forget_host(self, host: str) -> None:
        """Process ``host`` is dead and its rooms let go of it."""

    @abstractmethod
    def due_deadlines(self, before: float) -> list[str]:
        """Rooms whose game wanted a tick before ``before``."""
