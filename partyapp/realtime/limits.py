"""Token buckets: per connection for every event, per client address for the
calls that present a room code or a token (so neither can be swept).

A bucket refuses without charging (``take``, ``allow``), or charges what it
refuses too (``spend``): a sender that goes on asking past its limit sinks
below empty, at most one ``burst`` deep, and waits that much longer; it
cannot keep a server-wide budget drawn by asking again the moment a token
comes back. ``full`` says whether a key has spent nothing lately."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Callable


class TokenBucket:
    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = now

    def refill(self, now: float) -> float:
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.stamp) * self.rate)
        self.stamp = max(self.stamp, now)
        return self.tokens

    def take(self, now: float, cost: float = 1.0) -> bool:
        if self.refill(now) >= cost:
            self.tokens -= cost
            return True
        return False

    def spend(self, now: float, cost: float = 1.0) -> bool:
        """Take ``cost`` whether or not it is there (down to ``-burst``);
        True when it was."""
        had = self.refill(now) >= cost
        self.tokens = max(-self.burst, self.tokens - cost)
        return had


class KeyedLimiter:
    """One bucket per key (a client address), the least recently used
    forgotten beyond ``max_keys`` so memory stays bounded."""

    def __init__(self, rate: float, burst: float, max_keys: int = 10_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self.clock = clock
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()
        self._lock = threading.Lock()

    def _bucket(self, key: str, now: float) -> TokenBucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst, now)
            if len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket

    def allow(self, key: str) -> bool:
        """Take one token for ``key``; False when none is left."""
        now = self.clock()
        with self._lock:
            return self._bucket(key, now).take(now)

    def exhausted(self, key: str) -> bool:
        """True when ``key`` has no token left (nothing is taken)."""
        now = self.clock()
        with self._lock:
            bucket = self._buckets.get(key)
            return bucket is not None and bucket.refill(now) < 1.0

    def spend(self, key: str) -> bool:
        """Take one token for ``key``, or charge it below empty when none
        is left (a refusal costs too); True when there was one."""
        now = self.clock()
        with self._lock:
            return self._bucket(key, now).spend(now)

    def full(self, key: str) -> bool:
        """True when ``key`` has spent nothing it has not got back."""
        now = self.clock()
        with self._lock:
            bucket = self._buckets.get(key)
            return bucket is None or bucket.refill(now) >= bucket.burst
