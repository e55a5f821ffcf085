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
    trips.answered(seq, 0.05)
    assert not trips.due(0.4) and trips.due(0.5)
    trips.answered(trips.sent(0.5), 0.55)
    assert not trips.due(2.4) and trips.due(2.5)


def test_a_phone_that_does_not_answer_is_not_pinged_again_until_its_ping_is_stale():
    """One ping at a time waits for its answer: the next goes only once it
    is stale, and then the stale one is forgotten (an answer that late is
    not a sample)."""
    trips = RoundTrips()
    first = trips.sent(0.0)
    assert not any(trips.due(float(t)) for t in range(1, 10))
    assert trips.due(RoundTrips.STALE_S)
    later = trips.sent(RoundTrips.STALE_S)
    assert list(trips.pending) == [later]
    assert trips.answered(first, 11.0) is None


def test_the_server_keeps_one_pending_ping_callback_per_phone(app, client, clock):
    """A phone in a reflex game that never answers ``net.ping`` leaves the
    server one acknowledgement callback waiting, however long it plays."""
    from partyapp.realtime import pings
    from partyapp.realtime.extension import socketio

    phone = client()
    sid = socketio.server.manager.sid_from_eio_sid(phone.sio.eio_sid, "/")
    conn = app.extensions["partyapp"].conns[sid]
    for _ in range(12):  # the test client never answers; each ping is found stale in turn
        if conn.trips.last_sent is not None:
            conn.trips.pending = {k: t - RoundTrips.STALE_S for k, t in conn.trips.pending.items()}
        assert conn.trips.due(10**9)
        pings.measure_round_trip(socketio, conn, clock.now)
    assert len(phone.received("net.ping")) == 12
    waiting = socketio.server.manager.callbacks.get(sid, {})  # python-socketio's: ack id -> callback
    assert len([k for k in waiting if k != 0]) == 1


def test_the_round_trip_stamped_is_the_shortest_recent_one():
    """Delays only add to a round trip: the estimate is the shortest of the
    recent answers, so one late answer (or a few) does not move it, and a
    phone holding its answers back must hold back every one of them."""
    trips = RoundTrips(keep=5)
    assert trips.estimate() is None
    for t, rtt in ((0.0, 0.030), (0.5, 0.600), (1.0, 0.025), (1.5, 0.900), (2.0, 0.040)):
        trips.answered(trips.sent(t), t + rtt)
    assert trips.estimate() == pytest.approx(0.025)


def answers(trips: RoundTrips, rtt: float, count: int = 8) -> None:
    for k in range(count):
        t = k * 0.5
        trips.answered(trips.sent(t), t + rtt)


@pytest.mark.parametrize("lie_s", [0.0, 0.1, 0.6, 2.0, 9.0])
def test_a_phone_that_answers_its_pings_late_gains_at_most_the_cap(lie_s):
    """Ana's phone answers at once over Wi-Fi (20 ms); Bob's holds every
    answer back ``lie_s`` longer. Both slap a snap, Bob ``late`` ms after
    Ana: Bob is judged ahead only while ``late`` is under the 80 ms cap less
    Ana's own 10 ms, whatever he fakes; the issue's 600 ms liar slapping
    240 ms late is judged last."""
    from partyapp.games.kit.races import MAX_LAG_MS, MAX_LAG_S, Arrival, Race

    ana, bob = RoundTrips(), RoundTrips()
    answers(ana, 0.020)
    answers(bob, 0.020 + lie_s)
    gained = []
    for late_ms in range(0, 260, 5):
        race = Race.new("snap", ["ana", "bob"], [], 100.0, 3.0)
        race.slap("ana", Arrival(100.200, ana.estimate()), True, MAX_LAG_S)
        race.slap("bob", Arrival(100.200 + late_ms / 1000, bob.estimate()), True, MAX_LAG_S)
        order = race.close(101.0).order
        assert all(e.lag_ms <= MAX_LAG_MS for e in order)
        if order[0].player == "bob":
            gained.append(late_ms)
    assert max(gained, default=0) < MAX_LAG_MS - 10 + 1
    if lie_s >= 0.6:
        assert 240 not in gained and max(gained) >= MAX_LAG_MS - 10 - 5
