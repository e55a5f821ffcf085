"""Rooms in a dict: for tests, lost when the process ends."""

from __future__ import annotations

import copy
import json
import threading

from .base import Store


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

    def save_variant(self, name: str, mode: str, deck: dict, updated: float) -> None:
        entry = {"name": name, "mode": mode, "deck": json.loads(json.dumps(deck)), "updated": updated}
        with self._lock:
            self._variants[name.casefold()] = entry

    def delete_variant(self, name: str) -> bool:
        with self._lock:
            return self._variants.pop(name.casefold(), None) is not None

    def ping(self) -> bool:
        return True
