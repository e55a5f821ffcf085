"""The one small interface every room store speaks.

A store keeps rooms as JSON text keyed by room code (``load`` gives the
decoded dict back), and the house deck variants by name (at most
``decks.VARIANTS_MAX``, each checked by ``decks.validate_deck``). A room is
saved and loaded with its lock held, so one room's calls never overlap; a
store still guards its backend for the several threads that call it.
``save`` returns only once the room is durable enough to be acknowledged
(SQLite: committed; Redis: written).
"""

from __future__ import annotations

from abc import ABC, abstractmethod


class Store(ABC):
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
        """Every house variant: ``{"name", "mode", "deck", "updated"}``."""

    @abstractmethod
    def get_variant(self, name: str) -> dict | None: ...

    @abstractmethod
    def save_variant(self, name: str, mode: str, deck: dict, updated: float) -> None: ...

    @abstractmethod
    def delete_variant(self, name: str) -> bool: ...

    @abstractmethod
    def ping(self) -> bool:
        """True when the backend answers."""

    def maintain(self) -> None:
        """Housekeeping that must not run on the path of a change (SQLite: the
        WAL checkpoint). Called every second or so, from a thread of its own
        when the server runs on gevent; the default does nothing."""

    def close(self) -> None:
        """Release the backend."""
