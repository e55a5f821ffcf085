"""Rooms in Redis, so that several server processes can share them.

Each room is one string key ``partyapp:room:CODE`` holding its JSON, with a
sorted set ``partyapp:touched`` for expiry; variants live in the hash
``partyapp:variants``. Pair it with Flask-SocketIO's Redis message queue
(``--store redis://...`` sets both up) and sticky sessions at the proxy.
"""

from __future__ import annotations

import json

from .base import Store

PREFIX = "partyapp:"


class RedisStore(Store):
    def __init__(self, url: str) -> None:
        import redis  # optional dependency: pip install 'partyapp[redis]'

        self.url = url
        self._r = redis.Redis.from_url(url)

    def load(self, code: str) -> dict | None:
        raw = self._r.get(PREFIX + "room:" + code)
        return json.loads(raw) if raw is not None else None

    def save(self, code: str, room_json: str, touched: float) -> None:
        pipe = self._r.pipeline(transaction=True)
        pipe.set(PREFIX + "room:" + code, room_json)
        pipe.zadd(PREFIX + "touched", {code: touched})
        pipe.execute()

    def exists(self, code: str) -> bool:
        return bool(self._r.exists(PREFIX + "room:" + code))

    def delete(self, code: str) -> None:
        pipe = self._r.pipeline(transaction=True)
        pipe.delete(PREFIX + "room:" + code)
        pipe.zrem(PREFIX + "touched", code)
        pipe.execute()

    def expire(self, before: float) -> list[str]:
        codes = [c.decode() for c in self._r.zrangebyscore(PREFIX + "touched", "-inf", f"({before}")]
        for code in codes:
            self.delete(code)
        return codes

    def list_variants(self) -> list[dict]:
        entries = [json.loads(v) for v in self._r.hvals(PREFIX + "variants")]
        return sorted(entries, key=lambda v: v["name"].casefold())

    def get_variant(self, name: str) -> dict | None:
        raw = self._r.hget(PREFIX + "variants", name.casefold())
        return json.loads(raw) if raw is not None else None

    def save_variant(self, name: str, mode: str, deck: dict, updated: float) -> None:
        entry = {"name": name, "mode": mode, "deck": deck, "updated": updated}
        self._r.hset(PREFIX + "variants", name.casefold(), json.dumps(entry))

    def delete_variant(self, name: str) -> bool:
        return self._r.hdel(PREFIX + "variants", name.casefold()) > 0

    def ping(self) -> bool:
        try:
            return bool(self._r.ping())
        except Exception:
            return False

    def close(self) -> None:
        self._r.close()
