"""The server's one clock (``partyapp/realtime/clock.py``): the fake one the
tests move, the real one the server runs on, what runs on it (the games'
deadlines, the chores), and the testing-only way to move a server's fake
clock (``POST /testing/clock``)."""

from __future__ import annotations

import threading

import pytest

from partyapp.config import ConfigError
from partyapp.realtime.clock import ClockError, FakeClock, RealClock
from tests.conftest import TEST_SETTINGS, ok

START = FakeClock.START


# -- the fake clock ---------------------------------------------------------------------

def test_calls_are_made_in_order_of_their_times_each_at_its_own_time():
    """Moving the clock on makes every call due meanwhile, earliest first
    (in the order they were set when at one time), each seeing now() at its
    own time; the clock then stands where it was moved to."""
    clock = FakeClock()
    seen: list[tuple[str, float]] = []
    clock.call_later(2.0, lambda: seen.append(("b", clock.now())))
    clock.call_at(START + 1.0, lambda: seen.append(("a", clock.now())))
    clock.call_later(2.0, lambda: seen.append(("c", clock.now())))
    clock.call_later(5.0, lambda: seen.append(("late", clock.now())))
    assert clock.advance(1.999) == 1 and seen == [("a", START + 1.0)]
    assert clock.now() == START + 1.999
    assert clock.advance(0.001) == 2
    assert seen[1:] == [("b", START + 2.0), ("c", START + 2.0)]
    assert clock.pending() == 1 and clock.next_at() == START + 5.0


def test_time_stands_still_until_the_test_moves_it():
    clock = FakeClock()
    made: list[float] = []
    clock.call_later(0.0, lambda: made.append(clock.now()))
    assert made == [] and clock.now() == START
    assert clock.advance() == 1 and made == [START]


def test_a_call_may_set_another_due_within_the_same_move():
    clock = FakeClock()
    made: list[float] = []
    clock.call_later(1.0, lambda: clock.call_later(1.0, lambda: made.append(clock.now())))
    clock.advance(5.0)
    assert made == [START + 2.0]


def test_a_periodic_call_comes_again_a_period_after_each_call():
    """every(p, fn): at p, 2p, 3p... until cancelled."""
    clock = FakeClock()
    made: list[float] = []
    timer = clock.every(0.5, lambda: made.append(clock.now() - START))
    clock.advance(1.6)
    assert made == [0.5, 1.0, 1.5]
    timer.cancel()
    clock.advance(10)
    assert made == [0.5, 1.0, 1.5] and clock.pending() == 0


def test_a_cancelled_call_is_never_made():
    clock = FakeClock()
    made: list[int] = []
    timer = clock.call_later(1.0, lambda: made.append(1))
    timer.cancel()
    assert clock.pending() == 0 and clock.next_at() is None
    clock.advance(2.0)
    assert made == []


def test_a_failing_call_is_logged_and_the_others_are_still_made(caplog):
    clock = FakeClock()
    made: list[int] = []
    clock.call_later(1.0, lambda: 1 / 0)
    clock.call_later(1.0, lambda: made.append(1))
    clock.advance(1.0)
    assert made == [1]
    assert "ZeroDivisionError" in caplog.text


def test_step_moves_on_to_the_next_call():
    clock = FakeClock()
    made: list[float] = []
    clock.call_later(3.0, lambda: made.append(clock.now()))
    assert clock.step() == START + 3.0 and made == [START + 3.0]
    with pytest.raises(ClockError):
        clock.step()


def test_advance_until_moves_on_call_by_call_until_the_condition_holds():
    clock = FakeClock()
    made: list[int] = []
    for k in range(1, 6):
        clock.call_later(float(k), lambda k=k: made.append(k))
    assert clock.advance_until(lambda: len(made) >= 3) is True
    assert made == [1, 2, 3] and clock.now() == START + 3.0
    with pytest.raises(TimeoutError):
        clock.advance_until(lambda: len(made) >= 9, within=10.0)
    with pytest.raises(TimeoutError):  # the next call lies beyond the limit
        FakeClock().advance_until(lambda: False, within=1.0)


def test_a_fake_clock_does_not_go_back_nor_is_moved_from_its_own_calls():
    clock = FakeClock()
    with pytest.raises(ClockError):
        clock.advance(-1)
    clock.advance_to(START - 5)  # a time already past: nothing moves
    assert clock.now() == START
    refused: list[Exception] = []

    def inner() -> None:
        try:
            clock.advance(1)
        except ClockError as exc:
            refused.append(exc)

    clock.call_later(1.0, inner)
    clock.advance(1.0)
    assert len(refused) == 1


def test_a_call_setting_itself_for_a_time_already_reached_is_stopped():
    clock = FakeClock()

    def again() -> None:
        clock.call_at(clock.now(), again)

    clock.call_later(1.0, again)
    with pytest.raises(ClockError, match="calls at"):
        clock.advance(1.0)


# -- the real clock ---------------------------------------------------------------------

def threads() -> RealClock:
    return RealClock(lambda fn, *args: threading.Thread(target=fn, args=args, daemon=True).start(), threading.Event)


def test_the_real_clock_makes_each_call_at_its_time_from_one_waiting_loop():
    """A call set after a later one is made first (the loop looks again), on
    wall-clock time; each in a task of its own."""
    clock = threads()
    made: list[str] = []
    done = threading.Event()
    try:
        clock.call_later(0.2, lambda: (made.append("later"), done.set()))
        at = clock.now() + 0.05
        clock.call_at(at, lambda: made.append("sooner" if clock.now() >= at else "early"))
        assert done.wait(10)
        assert made == ["sooner", "later"]
    finally:
        clock.close()


def test_the_real_clock_repeats_a_periodic_call_until_cancelled():
    clock = threads()
    made: list[float] = []
    thrice = threading.Event()

    def tick() -> None:
        made.append(clock.now())
        if len(made) == 3:
            timer.cancel()
            thrice.set()

    try:
        timer = clock.every(0.01, tick)
        assert thrice.wait(10)
        assert made == sorted(made) and clock.pending() == 0
    finally:
        clock.close()


# -- what runs on it --------------------------------------------------------------------

def test_the_registry_keeps_the_time_of_the_apps_clock(app, clock):
    registry = app.extensions["partyapp"].registry
    assert registry.clock() == clock.now()
    clock.advance(12.5)
    assert registry.clock() == START + 12.5


def test_a_newer_deadline_of_a_room_replaces_the_older():
    """One pending deadline per room (``timers.Deadlines``): the room's tick
    is called, in a room change, at the newer time only; the room's next
    deadline after it is set in turn."""
    from partyapp.realtime.timers import Deadlines

    clock = FakeClock()
    ticks: list[float] = []
    later = [START + 7]

    class Room:
        lock = threading.Lock()

        def change(self, fn):
            return fn()

        def tick(self):
            ticks.append(clock.now())

        def next_deadline(self):
            return later.pop() if later else None

    class Registry:
        def get(self, code):
            return Room()

    deadlines = Deadlines(Registry(), clock)
    deadlines.schedule("ROOM", START + 5)
    deadlines.schedule("ROOM", START + 2)
    deadlines.schedule("ROOM", START + 2)
    assert clock.pending() == 1
    clock.advance(10)
    assert ticks == [START + 2, START + 7]


def test_the_chores_sweep_idle_rooms_on_the_clock(make_app):
    """Idle rooms go once the room time to live has passed, at the next sweep
    (every sweep_minutes), without anybody asking."""
    app = make_app(PARTYAPP_ROOM_TTL_HOURS=1, PARTYAPP_SWEEP_MINUTES=10)
    from tests.conftest import Client

    clock = app.extensions["partyapp"].clock
    table = Client(app)
    code = ok(table.call("room.create", {}))["code"]
    table.disconnect()
    clock.advance(3600)
    assert app.extensions["partyapp"].registry.live(code) is not None
    clock.advance(600)
    assert app.extensions["partyapp"].registry.live(code) is None


# -- a server's fake clock --------------------------------------------------------------

def test_the_testing_route_moves_a_fake_clock_and_makes_what_is_due(app, clock):
    http = app.test_client()
    made: list[float] = []
    clock.call_later(2.0, lambda: made.append(clock.now()))
    assert http.post("/testing/clock", json={}).get_json() == {"now": START, "calls": 0}
    assert http.post("/testing/clock", json={"advance": 2.5}).get_json() == {"now": START + 2.5, "calls": 1}
    assert made == [START + 2.0]
    assert http.post("/testing/clock", json={"to": START + 10}).get_json()["now"] == START + 10
    for junk in ({"advance": -1}, {"advance": "1"}, {"advance": True}, {"to": float("nan")}):
        assert http.post("/testing/clock", json=junk).status_code == 400, junk


def test_a_real_clock_has_no_testing_route(make_app):
    app = make_app(PARTYAPP_FAKE_CLOCK=False)
    assert not app.extensions["partyapp"].clock.fake
    assert app.test_client().post("/testing/clock", json={"advance": 1}).status_code == 404


def test_a_fake_clock_is_refused_outside_testing_mode():
    from partyapp.app import create_app

    with pytest.raises(ConfigError, match="testing mode"):
        create_app({**TEST_SETTINGS, "PARTYAPP_TESTING": False})
