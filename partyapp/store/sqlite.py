"""Rooms in one SQLite file (standard library ``sqlite3``, WAL mode).

Every change is committed before it is acknowledged. ``synchronous=NORMAL``
with WAL keeps each commit durable across a crash of the server process
(SIGKILL included); only a power cut can lose the last commits.

SQLite's automatic checkpoint would copy the WAL back into the database inside
whichever commit crosses 1,000 pages, stalling that change (and, on gevent,
the whole server) for ~10 ms. It is turned off; ``maintain`` checkpoints from
a connection of its own, which the server calls off the event loop.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Collection
from pathlib import Path

from partyapp.store.base import NotOwner, Store, TooMany

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    touched REAL NOT NULL,
    data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS rooms_touched ON rooms (touched);
CREATE TABLE IF NOT EXISTS variants (
    key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    mode TEXT NOT NULL,
    deck TEXT NOT NULL,
    updated REAL NOT NULL,
    owner TEXT
);
"""


class SQLiteStore(Store):
    def __init__(self, path: str) -> None:
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA busy_timeout=5000")
            self._db.execute("PRAGMA wal_autocheckpoint=0")
            self._db.executescript(SCHEMA)
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(variants)")}
            if "owner" not in columns:  # a database from before variants had owners
                self._db.execute("ALTER TABLE variants ADD COLUMN owner TEXT")
        self._checkpointer: sqlite3.Connection | None = None

    def _one(self, sql: str, args: tuple = ()):
        with self._lock:
            return self._db.execute(sql, args).fetchone()

    def _write(self, sql: str, args: tuple = ()) -> int:
        with self._lock:
            return self._db.execute(sql, args).rowcount

    def load(self, code: str) -> dict | None:
        row = self._one("SELECT data FROM rooms WHERE code = ?", (code,))
        return json.loads(row[0]) if row else None

    def save(self, code: str, room_json: str, touched: float) -> None:
        self._write(
            "INSERT INTO rooms (code, touched, data) VALUES (?, ?, ?) "
            "ON CONFLICT(code) DO UPDATE SET touched = excluded.touched, data = excluded.data",
            (code, touched, room_json),
        )

    def exists(self, code: str) -> bool:
        return self._one("SELECT 1 FROM rooms WHERE code = ?", (code,)) is not None

    def delete(self, code: str) -> None:
        self._write("DELETE FROM rooms WHERE code = ?", (code,))

    def expire(self, before: float) -> list[str]:
        with self._lock:
            codes = [r[0] for r in self._db.execute("SELECT code FROM rooms WHERE touched < ?", (before,))]
            self._db.execute("DELETE FROM rooms WHERE touched < ?", (before,))
        return codes

    def list_variants(self) -> list[dict]:
        with self._lock:
            rows = self._db.execute("SELECT name, mode, deck, updated, owner FROM variants ORDER BY key").fetchall()
        return [self._variant(row) for row in rows]

    @staticmethod
    def _variant(row: tuple) -> dict:
        name, mode, deck, updated, owner = row
        return {"name": name, "mode": mode, "deck": json.loads(deck), "updated": updated, "owner": owner}

    def get_variant(self, name: str) -> dict | None:
        row = self._one("SELECT name, mode, deck, updated, owner FROM variants WHERE key = ?", (name.casefold(),))
        return None if row is None else self._variant(row)

    def save_variant(self, name: str, mode: str, deck: dict, updated: float, owner: str | None = None, *,
                     allowed: Collection[str] | None = None, limit: int | None = None) -> None:
        key = name.casefold()
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                row = self._db.execute("SELECT owner FROM variants WHERE key = ?", (key,)).fetchone()
                if row is not None:
                    if allowed is not None and row[0] is not None and row[0] not in allowed:
                        raise NotOwner(name)
                    owner = row[0] or owner
                elif limit is not None and self._db.execute("SELECT COUNT(*) FROM variants").fetchone()[0] >= limit:
                    raise TooMany(name)
                self._db.execute(
                    "INSERT INTO variants (key, name, mode, deck, updated, owner) VALUES (?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT(key) DO UPDATE SET name = excluded.name, mode = excluded.mode, "
                    "deck = excluded.deck, updated = excluded.updated, owner = excluded.owner",
                    (key, name, mode, json.dumps(deck), updated, owner),
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def delete_variant(self, name: str, *, allowed: Collection[str] | None = None) -> bool:
        key = name.casefold()
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                row = self._db.execute("SELECT owner FROM variants WHERE key = ?", (key,)).fetchone()
                if row is not None and allowed is not None and row[0] is not None and row[0] not in allowed:
                    raise NotOwner(name)
                if row is not None:
                    self._db.execute("DELETE FROM variants WHERE key = ?", (key,))
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return row is not None

    def maintain(self) -> None:
        if self.path == ":memory:":
            return
        if self._checkpointer is None:
            self._checkpointer = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._checkpointer.execute("PRAGMA busy_timeout=5000")
        self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)")

    def ping(self) -> bool:
        try:
            return self._one("SELECT 1") == (1,)
        except sqlite3.Error:
            return False

    def close(self) -> None:
        with self._lock:
            self._db.close()
        if self._checkpointer is not None:
            self._checkpointer.close()
