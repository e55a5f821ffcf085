"""The server's record of each phone's round trips (``partyapp/realtime/pings.py``),
which fair races subtract half of from each slap's arrival."""

from __future__ import annotations

import pytest

from partyapp.realtime.pings import RoundTrips

def test_round_trips_are_measured_from_ping_to_answer():
    """Each answered ping is a sample; the median is the phone's round trip."""
    trips = RoundTrips(keep=3)
    assert trips.median() is None
    for sent, back in ((1.0, 1.08), (2.0, 2.30), (3.0, 3.10)):
        seq = trips.sent(sent)
        assert trips.answered(seq, back) == pytest.approx(back - sent)
    assert trips.median() == pytest.approx(0.10)
    seq = trips.sent(4.0)
    trips.answered(seq, 4.5)  # the oldest sample (80 ms) drops out
    assert trips.median() == pytest.approx(0.30)


def test_unknown_or_repeated_answers_are_ignored():
    """An answer to no ping, or the same answer twice, is not a sample."""
    trips = RoundTrips()
    seq = trips.sent(1.0)
    assert trips.answered(seq + 7, 1.1) is None
    assert trips.answered(seq, 1.1) is not None
    assert trips.answered(seq, 1.2) is None
    assert len(trips.samples) == 1


def test_pings_go_quickly_until_enough_answers_then_steadily():
    """A new phone is pinged every half second until ``keep`` answers are in,
    then every two seconds."""
    trips = RoundTrips(keep=2)
    assert trips.due(0.0)
    seq = trips.sent(0.0)
    assert not trips.due(0.4) and trips.due(0.5)
    trips.answered(seq, 0.05)
    trips.answered(trips.sent(0.5), 0.55)
    assert not trips.due(2.4) and trips.due(2.5)


def test_unanswered_pings_are_bounded_and_forgotten():
    """A phone that never answers leaves at most a few pings pending, and an
    answer far too late is not a sample."""
    trips = RoundTrips()
    first = trips.sent(0.0)
    for t in range(1, 8):
        trips.sent(float(t))
    assert len(trips.pending) <= RoundTrips.MAX_PENDING
    assert trips.answered(first, 8.0) is None
    later = trips.sent(30.0)
    assert list(trips.pending) == [later]
