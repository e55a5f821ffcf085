"""Rooms in a dict: for tests, lost when the process ends."""

from __future__ import annotations

import copy
import json
import threading
from collections.abc import Collection

from partyapp.store.base import NotOwner, Store, TooMany


class MemoryStore(Store):
    def __init__(self) -> None:
        self._rooms: dict[str, tuple[str, float]] = {}
        self._variants: dict[str, dict] = {}
        self._lock = threading.Lock()

    def load(self, code: str) -> dict | None:
        with self._lock:
            found = self._rooms.get(code)
        return json.loads(found[0]) if found else None

    def save(self, code: str, room_json: str, touched: float) -> None:
        json.loads(room_json)  # what the durable stores could not read back fails here too
        with self._lock:
            self._rooms[code] = (room_json, touched)

    def exists(self, code: str) -> bool:
        with self._lock:
            return code in self._rooms

    def delete(self, code: str) -> None:
        with self._lock:
            self._rooms.pop(code, None)

    def expire(self, before: float) -> list[str]:
        with self._lock:
            gone = [code for code, (_, touched) in self._rooms.items() if touched < before]
            for code in gone:
                del self._rooms[code]
        return gone

    def list_variants(self) -> list[dict]:
        with self._lock:
            return [copy.deepcopy(v) for _, v in sorted(self._variants.items())]

    def get_variant(self, name: str) -> dict | None:
        with self._lock:
            found = self._variants.get(name.casefold())
            return copy.deepcopy(found) if found else None

    def save_variant(self, name: str, mode: str, deck: dict, updated: float, owner: str | None = None, *,
                     allowed: Collection[str] | None = None, limit: int | None = None) -> None:
        entry = {"name": name, "mode": mode, "deck": json.loads(json.dumps(deck)), "updated": updated,
                 "owner": owner}
        key = name.casefold()
        with self._lock:
            found = self._variants.get(key)
            if found is not None:
                if allowed is not None and found["owner"] is not None and found["owner"] not in allowed:
                    raise NotOwner(name)
                entry["owner"] = found["owner"] or owner
            elif limit is not None and len(self._variants) >= limit:
                raise TooMany(name)
            self._variants[key] = entry

    def delete_variant(self, name: str, *, allowed: Collection[str] | None = None) -> bool:
        key = name.casefold()
        with self._lock:
            found = self._variants.get(key)
            if found is None:
                return False
            if allowed is not None and found["owner"] is not None and found["owner"] not in allowed:
                raise NotOwner(name)
            del self._variants[key]
            return True

    def ping(self) -> bool:
        return True
