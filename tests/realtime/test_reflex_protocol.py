"""Irish Snap over the wire (Socket.IO test client): no face-down card
reaches anybody; the server, not the phone, says when a slap arrived, and
compensates it by the phone's round trip; a phone that drops out does not
hold a race; a slap after the window is late; the phones of a reflex game
are pinged. The drinking decks' races are stamped and compensated the same
way, and their phones pinged.

The room's clock is the test's fake clock (``clock``), so arrival times are
exact; the race opens with Bob's flip a second after the clock's start
(``SNAP``), with a 3 s window."""

from __future__ import annotations

import pytest

from partyapp.realtime.clock import FakeClock
from tests.conftest import cards_in, ok
from tests.games.reflex_helpers import snap_at

START = FakeClock.START
SNAP = START + 1.0


def conn_of(app, client):
    return next(c for c in app.extensions["partyapp"].conns.values() if c.pid == client.player_id)


def snap_table(table, join, clock, names=("Ana", "Bob"), **options):
    """Players join, the game deals snap_at(1) and Ana then Bob turn: snap."""
    t, code, _ = table
    phones = [join(code, n) for n in names]
    ok(t.call("game.start", {"mode": "irish_snap", "options": {"deck": snap_at(1), **options}}))
    ok(phones[0].call("game.act", {"action": {"type": "flip"}}))
    clock.advance_to(SNAP)
    ok(phones[1].call("game.act", {"action": {"type": "flip"}}))
    return t, phones


def slap(phone, clock, at, **extra):
    clock.advance_to(at)
    return phone.call("game.act", {"action": {"type": "slap", **extra}})


def test_a_snap_sends_no_face_down_card_to_anybody(table, join, clock):
    """Only the two turned cards reach the table and the phones; nobody's own
    stack is shown to them; the race and then its order reach everybody."""
    t, (ana, bob) = snap_table(table, join, clock)
    frames = {c: c.states() for c in (t, ana, bob)}
    assert all(cards_in(f) == {"3S", "2S"} for f in frames.values())
    assert frames[ana][-1]["you"]["hand"] == [] and frames[bob][-1]["you"]["hand"] == []
    game = frames[t][-1]["game"]
    assert game["turn"] is None and game["race"]["waiting"] == [ana.player_id, bob.player_id]
    assert game["hand_sizes"] == {ana.player_id: 25, bob.player_id: 25}
    assert [a["type"] for a in frames[ana][-1]["you"]["actions"]] == ["slap"]

    ok(slap(ana, clock, SNAP + 0.2))
    ok(slap(bob, clock, SNAP + 0.35))
    end = {c: c.states() for c in (t, ana, bob)}
    assert all(cards_in(f) <= {"3S", "2S"} for f in end.values())
    last = end[t][-1]["game"]["last_race"]
    assert [(e["player"], e["margin_ms"]) for e in last["order"]] == [(ana.player_id, 0), (bob.player_id, 150)]
    assert end[t][-1]["game"]["hand_sizes"] == {ana.player_id: 25, bob.player_id: 27}
    assert [p["drinks"] for p in end[t][-1]["players"]] == [0, 1]


def test_the_server_stamps_the_arrival_and_ignores_one_sent_by_a_phone(table, join, clock):
    """Bob claims he slapped at time 0 from a very slow phone: the server
    keeps its own stamp, so Bob, 300 ms after Ana, is last."""
    t, (ana, bob) = snap_table(table, join, clock)
    ok(slap(ana, clock, SNAP + 0.2))
    ok(slap(bob, clock, SNAP + 0.5, arrival={"at": 0, "rtt": 5}))
    order = t.last_state()["game"]["last_race"]["order"]
    assert order == [{"player": ana.player_id, "ms": 200, "margin_ms": 0, "lag_ms": 0},
                     {"player": bob.player_id, "ms": 500, "margin_ms": 300, "lag_ms": 0}]


def test_a_slow_phone_is_compensated_by_half_its_round_trip(app, table, join, clock):
    """Bob's phone is on slow Wi-Fi: its round trips are 120 to 600 ms, and
    the shortest, 120 ms, is his. His slap, 50 ms after Ana's, was sent
    10 ms before it; Ana picks up."""
    t, (ana, bob) = snap_table(table, join, clock)
    conn_of(app, bob).trips.samples.extend([0.15, 0.12, 0.14, 0.60, 0.13])
    ok(slap(ana, clock, SNAP + 0.2))
    ok(slap(bob, clock, SNAP + 0.25))
    game = t.last_state()["game"]
    assert game["last_race"]["order"] == [{"player": bob.player_id, "ms": 190, "margin_ms": 0, "lag_ms": 60},
                                          {"player": ana.player_id, "ms": 200, "margin_ms": 10, "lag_ms": 0}]
    assert game["hand_sizes"][ana.player_id] == 27


def test_a_phone_faking_lag_gains_at_most_80_ms(app, table, join, clock):
    """Bob's phone answers every ping 600 ms late and slaps 240 ms after
    Ana: it is compensated 80 ms (the cap), no more, so Bob is last and
    picks up."""
    t, (ana, bob) = snap_table(table, join, clock)
    conn_of(app, bob).trips.samples.extend([0.6] * 5)
    ok(slap(ana, clock, SNAP + 0.2))
    ok(slap(bob, clock, SNAP + 0.44))
    game = t.last_state()["game"]
    assert game["last_race"]["order"] == [{"player": ana.player_id, "ms": 200, "margin_ms": 0, "lag_ms": 0},
                                          {"player": bob.player_id, "ms": 360, "margin_ms": 160, "lag_ms": 80}]
    assert game["hand_sizes"][bob.player_id] == 27


def test_compensation_can_be_switched_off(app, table, join, clock):
    """compensate false: the same slaps are judged as they arrived."""
    t, (ana, bob) = snap_table(table, join, clock, compensate=False)
    conn_of(app, bob).trips.samples.extend([0.4] * 5)
    ok(slap(ana, clock, SNAP + 0.2))
    ok(slap(bob, clock, SNAP + 0.3))
    assert t.last_state()["game"]["hand_sizes"][bob.player_id] == 27


def test_a_disconnected_phone_does_not_hold_the_race(table, join, clock):
    """Cat's phone drops before the snap: the race closes with Ana's and
    Bob's slaps; Cat is listed away, not last."""
    t, code, _ = table
    ana, bob, cat = (join(code, n) for n in ("Ana", "Bob", "Cat"))
    ok(t.call("game.start", {"mode": "irish_snap", "options": {"deck": snap_at(1)}}))
    cat.disconnect()
    ok(ana.call("game.act", {"action": {"type": "flip"}}))
    clock.advance_to(SNAP)
    ok(bob.call("game.act", {"action": {"type": "flip"}}))
    assert t.last_state()["game"]["race"]["waiting"] == [ana.player_id, bob.player_id]
    ok(slap(ana, clock, SNAP + 0.1))
    ok(slap(bob, clock, SNAP + 0.2))
    game = t.last_state()["game"]
    assert game["race"] is None and game["last_race"]["away"] == [cat.player_id]
    assert game["hand_sizes"][bob.player_id] == 18


def test_a_phone_dropping_mid_race_does_not_dodge_the_pile(table, join, clock):
    """The race waits for Bob alone; Bob, who would be last, drops his
    phone: the race closes, and Bob, here when it opened, counts as last
    and picks the pile up, not Cat, the slower of the two who slapped."""
    t, (ana, bob, cat) = snap_table(table, join, clock, names=("Ana", "Bob", "Cat"))
    ok(slap(ana, clock, SNAP + 0.1))
    ok(slap(cat, clock, SNAP + 0.2))
    clock.advance_to(SNAP + 0.5)
    bob.disconnect()
    game = t.last_state()["game"]
    assert game["race"] is None and game["last_race"]["missed"] == [bob.player_id]
    assert game["last_race"]["away"] == [] and game["hand_sizes"][cat.player_id] == 17
    assert [e["player"] for e in game["log"] if e["msg"] == "irish_snap.pickup"] == [bob.player_id]


def test_a_slap_after_the_window_is_late(table, join, clock):
    """Bob's slap reaches the server 500 ms after the window closed: the race
    closes first (Bob missed it and picks up), and his slap is late, no
    mistake."""
    t, (ana, bob) = snap_table(table, join, clock)
    ok(slap(ana, clock, SNAP + 0.2))
    ok(slap(bob, clock, SNAP + 3.5))
    game = t.last_state()["game"]
    assert game["last_race"]["missed"] == [bob.player_id] and game["last_race"]["timed_out"] is True
    late = [e for e in game["log"] if e["msg"] == "race.late"]
    assert late == [{"id": late[0]["id"], "msg": "race.late", "player": bob.player_id, "ms": 500}]
    assert not [e for e in game["log"] if e["msg"] == "irish_snap.false_slap"]


def test_the_phones_of_a_reflex_game_are_pinged_and_the_table_is_not(table, join, clock):
    """Once a reflex game runs, the server pings each phone (net.ping) to
    measure its round trip; the table screen is not pinged."""
    t, code, _ = table
    ana, bob = join(code, "Ana"), join(code, "Bob")
    ok(t.call("game.start", {"mode": "irish_snap", "options": {}}))
    assert ana.received("net.ping") == []
    clock.advance(0.5)
    pings = ana.received("net.ping")
    assert len(pings) == 1 and isinstance(pings[0]["n"], int)
    assert t.received("net.ping") == []


def test_the_phones_of_a_drinking_game_are_pinged(table, join, clock):
    """A drinking deck's phones are pinged too, so its races can be judged
    by when each phone tapped."""
    t, code, _ = table
    ana, bob = join(code, "Ana"), join(code, "Bob")
    ok(t.call("game.start", {"mode": "kings", "options": {}}))
    clock.advance(0.5)
    pings = bob.received("net.ping")
    assert len(pings) == 1 and isinstance(pings[0]["n"], int)
    assert t.received("net.ping") == []


def test_floor_judges_a_slow_phone_by_when_it_tapped(app, table, join, clock):
    """Floor: Cat's phone has a 160 ms round trip. Her tap reaches the
    server 50 ms after Bob's but left her phone 30 ms before his: Bob is
    last, not Cat."""
    t, code, _ = table
    ana, bob, cat = (join(code, n) for n in ("Ana", "Bob", "Cat"))
    for phone, rtt in ((ana, 0.02), (bob, 0.02), (cat, 0.16)):
        conn_of(app, phone).trips.samples.extend([rtt] * 5)
    ok(t.call("game.start", {"mode": "ring_of_fire", "options": {"deck": ["4S"]}}))
    ok(ana.call("game.act", {"action": {"type": "draw"}}))
    for phone, at in ((ana, START + 0.30), (bob, START + 0.40), (cat, START + 0.45)):
        clock.advance_to(at)
        ok(phone.call("game.act", {"action": {"type": "tap"}}))
    state = t.last_state()
    assert state["game"]["outcome"]["order"] == [ana.player_id, cat.player_id, bob.player_id]
    assert state["game"]["outcome"]["losers"] == [bob.player_id]
    assert [p["drinks"] for p in state["players"]] == [0, 1, 0]


@pytest.mark.parametrize("mode", ["irish_snap", "egyptian_ratscrew", "concentration"])
def test_bad_moves_are_answered_with_an_error_code(table, join, mode):
    """Junk in game.act (unknown types, wrong parameters, junk beside a
    forged arrival) is refused with an error code, never a failure, and
    changes nothing."""
    t, code, _ = table
    ana, bob = join(code, "Ana"), join(code, "Bob")
    ok(t.call("game.start", {"mode": mode, "options": {}}))
    rev = t.last_state()["rev"]
    junk = [
        {"type": "flip", "extra": 1}, {"type": "slap", "position": 3}, {"type": "pick", "position": 99},
        {"type": "pick", "position": "1"}, {"type": "pick"}, {"type": "steal"}, {"type": 7}, {},
        {"type": "pick", "position": True}, {"type": "steal", "arrival": "now"},
    ]
    for action in junk:
        for phone in (ana, bob):
            answer = phone.call("game.act", {"action": action})
            assert answer["ok"] is False, (action, answer)
            assert answer["error"]["code"] in ("bad_request", "illegal_action", "not_your_turn"), answer
    for payload in (None, [], "slap", {"action": None}, {"action": {"type": "slap", "arrival": {"at": "x"}}, "rev": "1"}):
        answer = ana.call("game.act", payload)
        assert answer["ok"] is False and answer["error"]["code"] == "bad_request", (payload, answer)
    assert t.states() == [] and ana.call("game.act", {"action": {"type": "nope"}})["ok"] is False
    assert t.call("host.command", {"command": "end_game"})["ok"] and t.last_state()["rev"] == rev + 1


def table_conn(app, t):
    return next(c for c in app.extensions["partyapp"].conns.values() if c.role == "table" and c.code == t.code)


def test_the_table_device_a_guest_taps_is_pinged_and_the_guests_tap_judged_by_its_round_trip(app, table, join, clock):
    """Dan has no phone and taps the table device: the server pings the
    table too (net.ping), and Dan's tap counts from when the device sent
    it, as a phone's does. Floor: the table's round trip is 160 ms, Dan's
    tap reaches the server 50 ms after Bob's but left the device 30 ms
    before his: Bob is last, not Dan."""
    t, code, _ = table
    t.code = code
    ana, bob = join(code, "Ana"), join(code, "Bob")
    dan = ok(t.call("host.command", {"command": "add_guest", "name": "Dan"}))["player_id"]
    ok(t.call("game.start", {"mode": "ring_of_fire", "options": {"deck": ["4S"]}}))
    clock.advance(0.5)
    pings = t.received("net.ping")
    assert len(pings) == 1 and isinstance(pings[0]["n"], int)
    for conn, rtt in ((conn_of(app, ana), 0.02), (conn_of(app, bob), 0.02), (table_conn(app, t), 0.16)):
        conn.trips.samples.extend([rtt] * 5)
    start = clock.now()
    ok(ana.call("game.act", {"action": {"type": "draw"}}))
    for sender, at, extra in ((ana, 0.30, {}), (bob, 0.40, {}), (t, 0.45, {"as": dan})):
        clock.advance_to(start + at)
        ok(sender.call("game.act", {"action": {"type": "tap"}, **extra}))
    state = t.last_state()
    assert state["game"]["outcome"]["order"] == [ana.player_id, dan, bob.player_id]
    assert state["game"]["outcome"]["losers"] == [bob.player_id]


def test_the_table_of_a_reflex_game_without_guests_is_not_pinged(table, join, clock):
    """Nobody taps a table nobody without a phone plays at: it is not pinged."""
    t, code, _ = table
    join(code, "Ana"), join(code, "Bob")
    ok(t.call("game.start", {"mode": "egyptian_ratscrew", "options": {}}))
    clock.advance(2.0)
    assert t.received("net.ping") == []
