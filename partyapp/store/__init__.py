"""Where rooms live: memory, SQLite (the default, one process) and Redis
(several processes sharing rooms), behind one ``Store`` interface;
``open_store(url)`` picks the backend from the URL.

Rooms are stored as JSON text with their ``rev``; the store knows nothing of
what is inside. It may import nothing of the project (redis and SQLite only).
"""

from __future__ import annotations

from urllib.parse import urlparse

from partyapp.store.base import SAME, Conflict, NotOwner, Store, StoreUnavailable, TooMany, VariantRefused
from partyapp.store.memory import MemoryStore
from partyapp.store.sqlite import SQLiteStore

__all__ = ["SAME", "Conflict", "MemoryStore", "NotOwner", "SQLiteStore", "Store", "StoreUnavailable", "TooMany",
           "VariantRefused", "open_store"]


def open_store(url: str) -> Store:
    """``memory://``, ``sqlite:///abs/path.db`` (or ``sqlite:relative.db``),
    ``redis://host:port/db``."""
    parsed = urlparse(url)
    if parsed.scheme == "memory":
        return MemoryStore()
    if parsed.scheme == "sqlite":
        path = url[len("sqlite://"):] if url.startswith("sqlite://") else url[len("sqlite:"):]
        if not path:
            raise ValueError("sqlite store URL needs a path, e.g. sqlite:///home/me/partyapp.db")
        return SQLiteStore(path)
    if parsed.scheme == "redis":
        from partyapp.store.redis import RedisStore

        return RedisStore(url)
    raise ValueError(f"unknown store URL {url!r}: use sqlite:///PATH, memory:// or redis://HOST:PORT/DB")
