"""The token buckets (``partyapp/realtime/limits.py``): one that refuses
without charging, one that charges what it refuses too (at most a burst
below empty), and whether a key has spent nothing lately."""

from __future__ import annotations

from partyapp.realtime.clock import FakeClock
from partyapp.realtime.limits import KeyedLimiter


def test_spend_charges_a_refusal_and_sinks_at_most_a_burst_below_empty():
    clock = FakeClock()
    lim = KeyedLimiter(1 / 60, 2, clock=clock.now)  # one a minute, two at once
    assert lim.full("a") and lim.spend("a") and not lim.full("a")
    assert lim.spend("a") and lim.exhausted("a")
    assert [lim.spend("a") for _ in range(5)] == [False] * 5  # each refusal costs; two below empty at most
    clock.advance(120)
    assert lim.exhausted("a")  # still paying for what it was refused
    clock.advance(60)
    assert not lim.exhausted("a")
    clock.advance(120)
    assert lim.full("a")


def test_allow_refuses_without_charging():
    clock = FakeClock()
    lim = KeyedLimiter(1 / 60, 2, clock=clock.now)
    assert lim.allow("a") and lim.allow("a")
    assert not any(lim.allow("a") for _ in range(5))
    clock.advance(60)
    assert lim.allow("a")


def test_a_clock_that_goes_back_takes_nothing():
    now = [1000.0]
    lim = KeyedLimiter(1.0, 3, clock=lambda: now[0])
    assert lim.allow("a")
    now[0] -= 500  # wall-clock time set back
    assert lim.allow("a") and lim.allow("a") and not lim.allow("a")
    now[0] += 1
    assert not lim.allow("a")  # the time it went back is not counted twice
    now[0] += 500
    assert lim.allow("a")
