"""The kit's race machinery (``partyapp/games/kit/races.py``): the arithmetic of
compensation, the arrival stamp, the window and the standings, and the
drinking decks' races judged by the same kit. Times are in seconds."""

from __future__ import annotations

import pytest

from partyapp.games.kit.base import IllegalAction
from partyapp.games.kit.races import ARRIVAL, LATE_GRACE_S, Arrival, Race, judged_time, lag_of, median, split_arrival
from partyapp.games.kit.record import to_plain

PLAYERS = ["p0", "p1", "p2"]


def closed(r: Race, now: float) -> dict:
    """The race closed at ``now``, as plain data."""
    return to_plain(r.close(now))


def race(players=PLAYERS, away=(), opened=100.0, window=3.0) -> Race:
    return Race.new("snap", list(players), list(away), opened, window)


def slap(r: Race, pid: str, at: float, rtt: float | None = None, compensate: bool = True, cap: float = 0.25):
    return r.slap(pid, Arrival(at, rtt), compensate, cap)


# -- arithmetic -------------------------------------------------------------------------
@pytest.mark.parametrize("values, expected", [
    ([0.08], 0.08), ([0.3, 0.1, 0.2], 0.2), ([0.4, 0.1, 0.2, 0.3], 0.25),
    ([0.05, 0.05, 0.9, 0.06, 0.05], 0.05),
])
def test_median_of_recent_round_trips(values, expected):
    """The median of the samples (mean of the middle two for an even count);
    one slow outlier among five does not move it."""
    assert median(values) == pytest.approx(expected)


def test_no_samples_no_median():
    """Before any answer there is no round trip."""
    assert median([]) is None


@pytest.mark.parametrize("rtt, compensate, cap, lag", [
    (0.080, True, 0.25, 0.040),   # half the round trip
    (0.300, True, 0.25, 0.150),
    (0.600, True, 0.25, 0.250),   # capped
    (0.600, True, 0.10, 0.100),   # a lower cap
    (0.300, False, 0.25, 0.0),    # compensation off
    (None, True, 0.25, 0.0),      # never measured
    (0.0, True, 0.25, 0.0),
])
def test_lag_is_half_the_round_trip_capped(rtt, compensate, cap, lag):
    """Compensation is half the phone's round trip, at most the cap; none
    when off or unknown."""
    assert lag_of(rtt, compensate, cap) == pytest.approx(lag)


def test_judged_time_is_arrival_less_the_lag():
    """A slap arriving at 10.300 from a phone with a 100 ms round trip was
    sent at 10.250; a 300 ms round trip is compensated 80 ms at most (the
    default cap); with compensation off it is judged at its arrival."""
    assert judged_time(10.300, 0.100) == pytest.approx(10.250)
    assert judged_time(10.300, 0.300) == pytest.approx(10.220)
    assert judged_time(10.300, 0.300, compensate=False) == pytest.approx(10.300)
    assert judged_time(10.300, 2.0, max_lag_s=0.25) == pytest.approx(10.050)


# -- the stamp on a move ----------------------------------------------------------------
def test_split_arrival_takes_the_stamp_out_of_the_action():
    """The action goes on without its stamp; the stamp gives at and rtt."""
    action, arrival = split_arrival({"type": "slap", ARRIVAL: {"at": 5.5, "rtt": 0.12}}, 6.0)
    assert action == {"type": "slap"}
    assert arrival == Arrival(5.5, 0.12)


def test_a_move_without_a_stamp_arrives_now():
    """Engine tests and bots send no stamp: the move arrived at ``now``, with
    no round trip."""
    assert split_arrival({"type": "flip"}, 7.0) == ({"type": "flip"}, Arrival(7.0, None))


def test_a_stamp_is_never_later_than_now():
    """An arrival after the call's own time is taken as the call's time."""
    assert split_arrival({"type": "slap", ARRIVAL: {"at": 9.0, "rtt": None}}, 8.0)[1] == Arrival(8.0, None)


@pytest.mark.parametrize("stamp", [None, "soon", {}, {"at": "1"}, {"at": True}, {"at": float("nan")},
                                   {"at": 1.0, "rtt": -0.1}, {"at": 1.0, "rtt": "x"}, {"at": float("inf")}])
def test_a_malformed_stamp_is_refused(stamp):
    """A stamp that is not ``{at: number, rtt: number >= 0 | null}`` is an
    illegal action, never a crash."""
    with pytest.raises(IllegalAction):
        split_arrival({"type": "slap", ARRIVAL: stamp}, 1.0)


# -- the window ------------------------------------------------------------------------
def test_the_window_closes_when_everybody_here_has_slapped():
    """The race waits for the players who have not slapped; with the last
    slap it is complete."""
    r = race()
    slap(r, "p1", 100.2)
    assert r.waiting() == ["p0", "p2"] and not r.complete()
    slap(r, "p0", 100.3)
    slap(r, "p2", 100.4)
    assert r.complete()
    result = closed(r, 100.4)
    assert result["timed_out"] is False and result["closed"] == 100.4
    assert [e["player"] for e in result["order"]] == ["p1", "p0", "p2"]


def test_simultaneous_slaps_keep_the_order_the_server_handled_them():
    """Slaps stamped with the same arrival and lag are ordered as the server
    handled them."""
    r = race()
    for pid in ("p2", "p0", "p1"):
        slap(r, pid, 100.5, 0.1)
    assert [e["player"] for e in closed(r, 100.5)["order"]] == ["p2", "p0", "p1"]
    assert [e["margin_ms"] for e in closed(r, 100.5)["order"]] == [0, 0, 0]


def test_a_phone_away_is_not_waited_for_nor_judged():
    """A player whose phone is away does not hold the window open and, not
    slapping, is listed away rather than missed."""
    r = race(away=["p2"])
    slap(r, "p0", 100.1)
    slap(r, "p1", 100.2)
    assert r.complete()
    result = closed(r, 100.2)
    assert result["missed"] == [] and result["away"] == ["p2"]


def test_a_phone_that_goes_away_mid_race_stops_holding_it():
    """Going away while the race waits for you completes it; coming back in
    time puts you back in the waiting list."""
    r = race()
    slap(r, "p0", 100.1)
    r.set_away("p2", True)
    assert r.waiting() == ["p1"]
    r.set_away("p2", False)
    assert r.waiting() == ["p1", "p2"]
    r.set_away("p1", True)
    r.set_away("p2", True)
    assert r.complete()


def test_a_phone_away_may_still_slap_in_time():
    """Away does not bar a slap: a phone back in the window is judged."""
    r = race(away=["p1"])
    slap(r, "p1", 100.3)
    slap(r, "p0", 100.4)
    slap(r, "p2", 100.5)
    assert [e["player"] for e in closed(r, 100.5)["order"]] == ["p1", "p0", "p2"]


def test_time_out_closes_at_the_deadline_with_the_missing_players_missed():
    """Closed at or after the deadline with players missing, the race timed
    out at its deadline; who did not slap is missed, in seat order."""
    r = race(window=3.0)
    slap(r, "p1", 100.5)
    assert not r.due(102.9) and r.due(103.0)
    result = closed(r, 103.2)
    assert result["timed_out"] is True and result["closed"] == 103.0
    assert result["missed"] == ["p0", "p2"]


def test_a_slap_twice_or_from_outside_the_race_is_refused():
    """Each player in the race slaps once; others never."""
    r = race(players=["p0", "p1"])
    slap(r, "p0", 100.1)
    with pytest.raises(IllegalAction):
        slap(r, "p0", 100.2)
    with pytest.raises(IllegalAction):
        slap(r, "p2", 100.2)


def test_a_player_who_leaves_is_dropped_from_the_race():
    """Leaving takes you out of the race, slap and all."""
    r = race()
    slap(r, "p2", 100.1)
    r.drop("p2")
    assert r.players == ["p0", "p1"] and r.slapped() == []


# -- the standings -----------------------------------------------------------------------
def test_compensation_puts_the_slow_phone_where_it_slapped():
    """Ana (20 ms round trip) arrives at +130 ms; Bob (300 ms round trip)
    arrives at +200 ms but sent his slap at +50 ms: Bob is first, by 70 ms."""
    r = race(players=["ana", "bob"])
    slap(r, "ana", 100.130, 0.020)
    slap(r, "bob", 100.200, 0.300)
    order = closed(r, 100.2)["order"]
    assert order == [
        {"player": "bob", "ms": 50, "margin_ms": 0, "lag_ms": 150},
        {"player": "ana", "ms": 120, "margin_ms": 70, "lag_ms": 10},
    ]


def test_without_compensation_arrival_decides():
    """With compensation off the same slaps are judged as they arrived."""
    r = race(players=["ana", "bob"])
    slap(r, "ana", 100.130, 0.020, compensate=False)
    slap(r, "bob", 100.200, 0.300, compensate=False)
    order = closed(r, 100.2)["order"]
    assert [(e["player"], e["margin_ms"], e["lag_ms"]) for e in order] == [("ana", 0, 0), ("bob", 70, 0)]


def test_the_default_cap_is_80_ms_and_the_host_may_raise_it_to_250_at_most():
    """Every race game's ``max_lag_ms`` is 80 by default (what a lying phone
    can gain), and no table may allow more than 250."""
    from partyapp.games import MODES
    from partyapp.games.kit.races import MAX_LAG_MS

    assert MAX_LAG_MS == 80 and lag_of(5.0) == pytest.approx(0.080)
    for mode in ("irish_snap", "egyptian_ratscrew"):
        assert MODES[mode].check_options({})["max_lag_ms"] == 80
        MODES[mode].check_options({"max_lag_ms": 250})
        with pytest.raises(ValueError):
            MODES[mode].check_options({"max_lag_ms": 251})


def test_the_cap_bounds_what_a_slow_answerer_gains():
    """A phone claiming a 2 s round trip gains at most the cap (250 ms)."""
    r = race(players=["ana", "cheat"])
    slap(r, "ana", 100.100, 0.010)
    slap(r, "cheat", 100.400, 2.0)
    order = closed(r, 100.4)["order"]
    assert [e["player"] for e in order] == ["ana", "cheat"]
    assert order[1]["lag_ms"] == 250 and order[1]["margin_ms"] == 55


def test_a_slap_is_never_judged_before_the_race_opened():
    """Compensation cannot put a slap before the card was there."""
    r = race(players=["ana", "bob"])
    slap(r, "ana", 100.010, 0.200)
    slap(r, "bob", 100.005, 0.0)
    order = closed(r, 100.01)["order"]
    assert order[0]["ms"] == 0 and [e["player"] for e in order] == ["ana", "bob"]


def test_the_public_result_carries_order_and_margins_but_no_clock():
    """The table gets the order, margins, lags, missed and away; no server
    times."""
    r = race()
    slap(r, "p0", 100.2, 0.1)
    result = r.close(103.0).public()
    assert set(result) == {"kind", "timed_out", "order", "missed", "away"}


def test_a_slap_just_after_the_close_is_late():
    """Up to a second after a race closed a slap is late, not a new one."""
    result = race().close(103.0)
    assert result.is_late(103.0) and result.is_late(103.0 + LATE_GRACE_S)
    assert not result.is_late(103.0 + LATE_GRACE_S + 0.01)


def test_the_open_race_shows_who_slapped_and_who_is_awaited():
    """While open: the kind, who has slapped, who the window waits for."""
    r = race(away=["p2"])
    slap(r, "p1", 100.1)
    assert r.public() == {"kind": "snap", "slapped": ["p1"], "waiting": ["p0"], "window_ms": 3000,
                          "deadline": r.deadline}


# -- the drinking decks' races, judged by the same kit -------------------------------------------------
def tap(g, pid: str, at: float, rtt: float | None, **params):
    """``pid``'s tap as the server stamps it: reached the server at ``at``,
    from a phone with that recent round trip."""
    return g.apply(pid, {"type": "tap", **params, ARRIVAL: {"at": at, "rtt": rtt}}, at)


def floor(n: int = 3):
    """Ring of Fire with Floor (4) drawn at 1.0: everybody races."""
    from tests.games.drinking_helpers import draw, make

    g = make("ring_of_fire", n, deck=["4S"])
    draw(g, 1.0)
    assert g.public_view()["prompt"]["kind"] == "race"
    return g


def test_a_slow_phone_that_taps_first_is_not_judged_last_in_floor():
    """p2's phone is on slow Wi-Fi (160 ms round trip): it taps at 1.26,
    but its tap reaches the server at 1.34, after p0's and p1's. The race
    waits for it, and judges it at 1.26, before p1's: p1 is last and drinks."""
    g = floor()
    tap(g, "p0", 1.26, 0.02)  # tapped at 1.25
    tap(g, "p1", 1.31, 0.02)  # tapped at 1.30
    view = g.public_view()
    assert view["prompt"]["waiting"] == ["p2"] and view["outcome"] is None
    tap(g, "p2", 1.34, 0.16)
    out = g.public_view()["outcome"]
    assert out["order"] == ["p0", "p2", "p1"] and out["losers"] == ["p1"] and out["timed_out"] is False
    assert g.drinks() == {"p0": 0, "p1": 1, "p2": 0}


def test_a_drinking_race_caps_what_a_phone_gains_as_the_slap_races_do():
    """A phone claiming a 5 s round trip is given 80 ms (the kit's cap), as
    in a slap race: its tap reaching the server at 1.25 is judged at 1.17,
    between p0's and p1's, not ahead of everybody."""
    g = floor()
    tap(g, "p0", 1.11, 0.02)
    tap(g, "p1", 1.21, 0.02)
    assert g.next_deadline() == pytest.approx(1.20 + 0.08)
    tap(g, "p2", 1.25, 5.0)
    out = g.public_view()["outcome"]
    assert out["order"] == ["p0", "p2", "p1"] and out["losers"] == ["p1"]


def test_the_last_racer_is_last_once_no_tap_of_theirs_could_be_judged_ahead():
    """With one racer left the race waits at most the cap past the last tap
    judged: a tap reaching the server after that is too late, and the race
    settles with that racer last, not timed out."""
    g = floor()
    tap(g, "p0", 1.11, 0.02)
    tap(g, "p1", 1.21, 0.02)
    assert g.tick(1.27) == [] and g.public_view()["outcome"] is None
    with pytest.raises(IllegalAction, match="Too late"):
        tap(g, "p2", 1.29, 5.0)
    g.tick(1.29)
    out = g.public_view()["outcome"]
    assert out["order"] == ["p0", "p1"] and out["losers"] == ["p2"] and out["timed_out"] is False
    assert g.next_deadline() is None


def test_the_thumb_race_is_judged_by_when_each_phone_tapped():
    """Kings' thumbmaster race: p2's slow phone copies the thumb first and
    is judged first; p3, last in real terms, drinks."""
    from tests.games.drinking_helpers import act, draw, make

    g = make("kings", 4, deck=["4S"])
    draw(g)
    act(g, "p0", "thumb", 3.0, thumb="left")
    tap(g, "p1", 3.21, 0.02, thumb="left")
    tap(g, "p2", 3.26, 0.16, thumb="left")  # tapped at 3.18
    tap(g, "p3", 3.27, 0.02, thumb="left")
    out = g.public_view()["outcome"]
    assert out["order"] == ["p2", "p1", "p3"] and out["losers"] == ["p3"]
    assert g.drinks() == {"p0": 0, "p1": 0, "p2": 0, "p3": 2}

