"""Rooms in Redis, shared by several server processes (``shared = True``).

Keys (all under ``partyapp:``):

- ``room:CODE``: a hash, ``rev`` and ``data`` (the room's JSON). A change is
  saved by one Lua script (``commit``) that writes it only if ``rev`` is
  still the rev the change started from, so two processes changing one room
  never lose an update and the revs of a room form one sequence;
- ``touched``: a sorted set of room codes by last change, for expiry;
- ``deadlines``: a sorted set of room codes by the time their game wants its
  next tick, kept by ``commit``, so that a time-out set by a process that
  died is still called (by another);
- ``hosts``: a sorted set of server processes by their last heartbeat (the
  processes' clock, as the deadlines), and ``host:ID:rooms``, the rooms each of them holds
  connections of, so that the links of a dead process can be let go;
- ``variants`` and ``variant-owners``: house variants by name (case folded)
  and the token hash of whoever saved each;
- ``limit:NAME:KEY``: token buckets of rate limits shared by every process.

Every script touches only the keys of one room and these few sets, on one
Redis server (not Redis Cluster). Pair it with Flask-SocketIO's Redis
message queue (``--store redis://...`` sets both up, see ``partyapp/cluster/queue.py``).
For no acknowledged change to be lost when Redis itself is killed, run it
with ``appendonly yes`` and ``appendfsync always`` (the README's Deploy section).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Collection

from partyapp.store.base import SAME, Conflict, NotOwner, SharedStore, StoreUnavailable, TooMany

log = logging.getLogger(__name__)

PREFIX = "partyapp:"
ROOM = PREFIX + "room:"
TOUCHED = PREFIX + "touched"
DEADLINES = PREFIX + "deadlines"
HOSTS = PREFIX + "hosts"
VARIANTS = PREFIX + "variants"
OWNERS = PREFIX + "variant-owners"

LOAD_NEWER = """
local rev = redis.call('HGET', KEYS[1], 'rev')
if not rev then return false end
if rev == ARGV[1] then return {rev} end
return {rev, redis.call('HGET', KEYS[1], 'data')}
"""

# KEYS: room, touched, deadlines, host's rooms
# ARGV: expected rev ('' = no such room yet), rev, data, touched, code,
#       deadline ('' = none), linked ('1', '0' or '' = no host)
COMMIT = """
local rev = redis.call('HGET', KEYS[1], 'rev')
if ARGV[1] == '' then
  if rev then return 0 end
elseif rev ~= ARGV[1] then
  return 0
end
redis.call('HSET', KEYS[1], 'rev', ARGV[2], 'data', ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[5])
if ARGV[6] == '' then
  redis.call('ZREM', KEYS[3], ARGV[5])
else
  redis.call('ZADD', KEYS[3], ARGV[6], ARGV[5])
end
if ARGV[7] == '1' then
  redis.call('SADD', KEYS[4], ARGV[5])
elseif ARGV[7] == '0' then
  redis.call('SREM', KEYS[4], ARGV[5])
end
return 1
"""

# KEYS: touched, deadlines; ARGV: before, room key prefix
EXPIRE = """
local codes = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1], 'LIMIT', 0, 500)
for _, code in ipairs(codes) do
  redis.call('DEL', ARGV[2] .. code)
  redis.call('ZREM', KEYS[1], code)
  redis.call('ZREM', KEYS[2], code)
end
return codes
"""

# KEYS: variants, owners; ARGV: key, entry, owner ('' = none), limit ('' = none),
#       check ('1' = only the allowed may replace), allowed...
SAVE_VARIANT = """
local owner = redis.call('HGET', KEYS[2], ARGV[1])
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then
  if owner and ARGV[5] == '1' then
    local mine = false
    for i = 6, #ARGV do if ARGV[i] == owner then mine = true end end
    if not mine then return 'not_owner' end
  end
elseif ARGV[4] ~= '' and redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[4]) then
  return 'too_many'
else
  owner = false
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if not owner and ARGV[3] ~= '' then redis.call('HSET', KEYS[2], ARGV[1], ARGV[3]) end
return 'saved'
"""

# KEYS: variants, owners; ARGV: key, check, allowed...
DELETE_VARIANT = """
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 'missing' end
local owner = redis.call('HGET', KEYS[2], ARGV[1])
if owner and ARGV[2] == '1' then
  local mine = false
  for i = 3, #ARGV do if ARGV[i] == owner then mine = true end end
  if not mine then return 'not_owner' end
end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return 'deleted'
"""

NOW = "local t = redis.call('TIME')\nlocal now = tonumber(t[1]) + tonumber(t[2]) / 1000000\n"

# KEYS: hosts; ARGV: host, now
HEARTBEAT = """
local seen = redis.call('ZSCORE', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
if seen then return 1 end
return 0
"""

# KEYS: bucket; ARGV: rate, burst, cost (0: only look)
BUCKET = NOW + """
local rate, burst, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local mode = ARGV[4] or 'take'
local saved = redis.call('HMGET', KEYS[1], 'tokens', 'stamp')
local tokens = tonumber(saved[1]) or burst
local stamp = tonumber(saved[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - stamp) * rate)
if mode == 'full' then
  if tokens >= burst then return 1 end
  return 0
end
if cost == 0 then
  if tokens >= 1 then return 1 end
  return 0
end
local ok = 0
if tokens >= cost then
  tokens = tokens - cost
  ok = 1
elseif mode == 'spend' then
  tokens = math.max(-burst, tokens - cost)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'stamp', tostring(now))
redis.call('EXPIRE', KEYS[1], math.ceil(2 * burst / rate) + 60)
return ok
"""


def _num(value: float) -> str:
    return repr(float(value))


class RedisStore(SharedStore):

    def __init__(self, url: str) -> None:
        import redis  # optional dependency: pip install 'partyapp[redis]'

        self.url = url
        self._errors = (redis.ConnectionError, redis.TimeoutError)
        self._r = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=5, health_check_interval=30)
        self._load_newer = self._r.register_script(LOAD_NEWER)
        self._commit = self._r.register_script(COMMIT)
        self._expire = self._r.register_script(EXPIRE)
        self._save_variant = self._r.register_script(SAVE_VARIANT)
        self._delete_variant = self._r.register_script(DELETE_VARIANT)
        self._heartbeat = self._r.register_script(HEARTBEAT)
        self._bucket = self._r.register_script(BUCKET)

    def _call(self, fn, *args, **kwargs):
        """Run one Redis call; a lost connection becomes ``StoreUnavailable``
        (redis-py reconnects by itself on the next call)."""
        try:
            return fn(*args, **kwargs)
        except self._errors as exc:
            raise StoreUnavailable(f"Redis at {self.url} does not answer: {exc}") from exc

    # -- rooms -----------------------------------------------------------------
    def load(self, code: str) -> dict | None:
        found = self.load_newer(code, -1)
        return None if found is SAME else found

    def load_newer(self, code: str, rev: int) -> dict | None | object:
        try:
            found = self._call(self._load_newer, keys=[ROOM + code], args=[str(rev)])
        except Exception as exc:
            if "WRONGTYPE" not in str(exc):
                raise
            found = self._migrate(code)
        if found is None:
            return None
        if len(found) == 1:
            return SAME
        return json.loads(found[1])

    def _migrate(self, code: str) -> list | None:
        """A room saved by a version that kept it as a plain string key."""
        raw = self._call(self._r.get, ROOM + code)
        if raw is None:
            return None
        data = json.loads(raw)
        pipe = self._r.pipeline(transaction=True)
        pipe.delete(ROOM + code)
        pipe.hset(ROOM + code, mapping={"rev": str(data["rev"]), "data": raw})
        self._call(pipe.execute)
        return [str(data["rev"]).encode(), raw]

    def save(self, code: str, room_json: str, touched: float) -> None:
        rev = json.loads(room_json).get("rev", 0)
        pipe = self._r.pipeline(transaction=True)
        pipe.hset(ROOM + code, mapping={"rev": str(rev), "data": room_json})
        pipe.zadd(TOUCHED, {code: touched})
        self._call(pipe.execute)

    def commit(self, code: str, room_json: str, touched: float, *, expect: int | None, rev: int,
               deadline: float | None = None, host: str | None = None, linked: bool = False) -> None:
        keys = [ROOM + code, TOUCHED, DEADLINES, f"{PREFIX}host:{host}:rooms" if host else ROOM + code]
        args = ["" if expect is None else str(expect), str(rev), room_json, _num(touched), code,
                "" if deadline is None else _num(deadline), ("1" if linked else "0") if host else ""]
        if not self._call(self._commit, keys=keys, args=args):
            raise Conflict(code)

    def exists(self, code: str) -> bool:
        return bool(self._call(self._r.exists, ROOM + code))

    def delete(self, code: str) -> None:
        pipe = self._r.pipeline(transaction=True)
        pipe.delete(ROOM + code)
        pipe.zrem(TOUCHED, code)
        pipe.zrem(DEADLINES, code)
        self._call(pipe.execute)

    def expire(self, before: float) -> list[str]:
        gone: list[str] = []
        while True:
            codes = [c.decode() for c in self._call(self._expire, keys=[TOUCHED, DEADLINES], args=[_num(before), ROOM])]
            gone += codes
            if len(codes) < 500:
                return gone

    # -- variants --------------------------------------------------------------
    def list_variants(self) -> list[dict]:
        pipe = self._r.pipeline(transaction=False)
        pipe.hgetall(VARIANTS)
        pipe.hgetall(OWNERS)
        entries, owners = self._call(pipe.execute)
        found = [dict(json.loads(v), owner=(owners.get(k) or b"").decode() or None) for k, v in entries.items()]
        return sorted(found, key=lambda v: v["name"].casefold())

    def get_variant(self, name: str) -> dict | None:
        pipe = self._r.pipeline(transaction=False)
        pipe.hget(VARIANTS, name.casefold())
        pipe.hget(OWNERS, name.casefold())
        raw, owner = self._call(pipe.execute)
        return None if raw is None else dict(json.loads(raw), owner=owner.decode() if owner else None)

    def save_variant(self, name: str, mode: str, deck: dict, updated: float, owner: str | None = None, *,
                     allowed: Collection[str] | None = None, limit: int | None = None) -> None:
        entry = json.dumps({"name": name, "mode": mode, "deck": deck, "updated": updated})
        args = [name.casefold(), entry, owner or "", "" if limit is None else str(limit),
                "0" if allowed is None else "1", *(allowed or ())]
        outcome = self._call(self._save_variant, keys=[VARIANTS, OWNERS], args=args)
        if outcome == b"not_owner":
            raise NotOwner(name)
        if outcome == b"too_many":
            raise TooMany(name)

    def delete_variant(self, name: str, *, allowed: Collection[str] | None = None) -> bool:
        args = [name.casefold(), "0" if allowed is None else "1", *(allowed or ())]
        outcome = self._call(self._delete_variant, keys=[VARIANTS, OWNERS], args=args)
        if outcome == b"not_owner":
            raise NotOwner(name)
        return outcome == b"deleted"

    # -- processes -----------------------------------------------------------------
    def heartbeat(self, host: str, now: float) -> bool:
        return bool(self._call(self._heartbeat, keys=[HOSTS], args=[host, _num(now)]))

    def dead_hosts(self, before: float) -> list[str]:
        return [h.decode() for h in self._call(self._r.zrangebyscore, HOSTS, "-inf", f"({_num(before)}")]

    def host_rooms(self, host: str) -> list[str]:
        return sorted(c.decode() for c in self._call(self._r.smembers, f"{PREFIX}host:{host}:rooms"))

    def claim_host(self, host: str, seconds: float) -> bool:
        return bool(self._call(self._r.set, f"{PREFIX}host:{host}:sweeper", "1", nx=True, ex=max(1, int(seconds))))

    def forget_host(self, host: str) -> None:
        pipe = self._r.pipeline(transaction=True)
        pipe.delete(f"{PREFIX}host:{host}:rooms")
        pipe.zrem(HOSTS, host)
        self._call(pipe.execute)

    def due_deadlines(self, before: float) -> list[str]:
        return [c.decode() for c in self._call(self._r.zrangebyscore, DEADLINES, "-inf", _num(before))]

    # -- rate limits ---------------------------------------------------------------
    def limiter(self, name: str, rate: float, burst: float) -> "RedisLimiter":
        return RedisLimiter(self, name, rate, burst)

    def bucket(self, key: str, rate: float, burst: float, cost: float, mode: str = "take") -> bool:
        """One token bucket's step (``mode``: ``take``, ``spend`` below
        empty, or ``full``, whether nothing is spent), in one script."""
        return bool(self._call(self._bucket, keys=[key], args=[_num(rate), _num(burst), _num(cost), mode]))

    def ping(self) -> bool:
        try:
            return bool(self._r.ping())
        except Exception:
            return False

    def close(self) -> None:
        self._r.close()


class RedisLimiter:
    """A token bucket per key in Redis: every process draws on the same
    budget, so spreading attempts over the processes gains nothing. While
    Redis cannot be reached nothing can be joined anyway, and the limiter
    lets attempts through (they fail on the room)."""

    def __init__(self, store: RedisStore, name: str, rate: float, burst: float) -> None:
        self.store = store
        self.prefix = f"{PREFIX}limit:{name}:"
        self.rate = rate
        self.burst = burst

    def _take(self, key: str, cost: float, mode: str = "take") -> bool:
        try:
            return self.store.bucket(self.prefix + key, self.rate, self.burst, cost, mode)
        except StoreUnavailable:
            return True

    def allow(self, key: str) -> bool:
        return self._take(key, 1.0)

    def exhausted(self, key: str) -> bool:
        return not self._take(key, 0.0)

    def spend(self, key: str) -> bool:
        return self._take(key, 1.0, "spend")

    def full(self, key: str) -> bool:
        return self._take(key, 0.0, "full")
