"""Random JSON at every event: each gets an answer with a known error code
(or ok), and the server keeps serving."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from partyapp.realtime.protocol import Code, Event
from tests.conftest import Client

CODES = {str(c) for c in Code}
CLIENT_EVENTS = [str(e) for e in Event if e not in (Event.STATE, Event.KICKED)]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=60),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=12), children, max_size=5),
    max_leaves=20,
)
# Payloads shaped like the real ones, with random values in the fields.
FIELDS = ["code", "name", "token", "host_token", "group", "command", "player_id", "player_ids", "mode",
          "options", "action", "rev", "type", "name", "deck"]
shaped = st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=6)
payloads = json_values | shaped


def check_answer(answer) -> None:
    """``{"ok": true, ...}`` or ``{"ok": false, "error": {code, message}}``
    with a protocol error code and a message."""
    assert isinstance(answer, dict), answer
    error = answer.get("error") or {}
    refused = answer.get("ok") is False and error.get("code") in CODES and isinstance(error.get("message"), str)
    assert answer.get("ok") is True or refused, answer


# Hypothesis notes any change of the global ``random`` state while it draws,
# and cannot tell a strategy's use of it from another thread's (a test
# client's reconnection back-off, a library's jitter): such a note would fail
# the run at random. The strategies here never use ``random``.
ANY_THREADS_RANDOM = pytest.mark.filterwarnings("ignore:Do not use the `random` module inside strategies")


@ANY_THREADS_RANDOM
def test_random_payloads_at_every_event(make_app, caplog):
    """Every event answers random JSON with ok or a protocol error code, and
    no handler fails on the way (a traceback answered bad_request counts as
    a failure)."""
    app = make_app()
    table = Client(app)
    code = table.call("room.create", {})["code"]
    seated = Client(app)
    assert seated.call("player.join", {"code": code, "name": "Host"})["ok"]
    other = Client(app)
    assert other.call("player.join", {"code": code, "name": "Guest"})["ok"]
    assert table.call("game.start", {"mode": "ring_of_fire", "options": {}})["ok"]
    stranger = Client(app)

    @settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(event=st.sampled_from(CLIENT_EVENTS) | st.text(max_size=20), payload=payloads,
           who=st.sampled_from(["table", "seated", "other", "stranger"]))
    def throw(event, payload, who):
        sender = {"table": table, "seated": seated, "other": other, "stranger": stranger}[who]
        if not sender.connected:
            return
        if event in ("player.leave",) or (event == "host.command" and isinstance(payload, dict)
                                            and payload.get("command") == "kick"):
            return  # covered by the protocol tests; would empty the room
        check_answer(sender.call(event, payload))
        sender.inbox.clear()
        sender.sio.get_received()

    throw()
    failures = [r.getMessage() for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]
    assert failures == []
    # Still serving: a fresh phone can join and the room answers.
    late = Client(app)
    answer = late.call("player.join", {"code": code, "name": "Late"})
    assert answer["ok"] or answer["error"]["code"] in ("name_taken", "room_full"), answer
    assert app.test_client().get("/healthz").status_code == 200


@ANY_THREADS_RANDOM
@settings(max_examples=200, deadline=None)
@given(action=st.dictionaries(st.sampled_from(["type", "player", "target", "text", "choice", "hand", "value",
                                               "answer", "entry", "pick"]),
                              json_values | st.sampled_from(["draw", "tap", "pick", "rule", "p1", "p2"]),
                              max_size=4))
def test_random_actions_never_break_a_game(action):
    """game.act with random action objects is refused cleanly or applied."""
    from partyapp.app import create_app
    from tests.conftest import TEST_SETTINGS

    app = test_random_actions_never_break_a_game.app = getattr(
        test_random_actions_never_break_a_game, "app", None) or create_app(dict(TEST_SETTINGS))
    t = Client(app)
    code = t.call("room.create", {})["code"]
    a, b = Client(app), Client(app)
    a.call("player.join", {"code": code, "name": "A"})
    b.call("player.join", {"code": code, "name": "B"})
    assert t.call("game.start", {"mode": "kings", "options": {}})["ok"]
    for p in (a, b):
        check_answer(p.call("game.act", {"action": action}))
        check_answer(p.call("host.command", {"command": "game", "action": action}))
    check_answer(t.call("host.command", {"command": "game", "action": action}))
    # the room still answers a legal move
    state = a.last_state()
    drawer = a if state["game"]["turn"] == state["you"]["player_id"] else b
    check_answer(drawer.call("game.act", {"action": {"type": "draw"}}))
    for c in (t, a, b):
        c.disconnect()


RESERVED = ["connect", "disconnect", "connect_error", "*"]


@pytest.mark.parametrize("event", RESERVED)
def test_reserved_event_names_are_answered_and_change_nothing(app, event):
    """A phone sending an event named like the server's own lifecycle
    ("connect", "disconnect", the catch-all "*") is answered bad_request; it
    keeps its seat, stays connected, and its next move is taken."""
    table = Client(app)
    code = table.call("room.create", {})["code"]
    ana, bob = Client(app), Client(app)
    assert ana.call("player.join", {"code": code, "name": "Ana"})["ok"]
    assert bob.call("player.join", {"code": code, "name": "Bob"})["ok"]
    assert table.call("game.start", {"mode": "ring_of_fire", "options": {"deck": ["3S"]}})["ok"]
    answer = ana.call(event, {"code": code})
    assert answer["ok"] is False and answer["error"]["code"] == "bad_request", answer
    view = table.last_state()
    assert all(p["connected"] for p in view["players"])
    assert ana.call("game.act", {"action": {"type": "draw"}})["ok"]
    assert table.last_state()["game"]["last_card"] == "3S"


@pytest.mark.slow
@pytest.mark.parametrize("frame", ['421[]', '421{}', '421[5,{}]', '421["*"]', '421["connect",{}]'])
def test_events_without_a_usable_name_are_answered_over_the_wire(tmp_path, frame):
    """Raw Socket.IO event packets whose name is missing, not text or
    reserved get a bad_request acknowledgement from the real server, which
    keeps serving."""
    from tests.serverproc import ServerProcess
    from tests.wire import answer, raw_ws

    server = ServerProcess(f"sqlite:///{tmp_path / 'rooms.db'}", log_path=tmp_path / "server.log").start()
    try:
        ws = raw_ws(server.port, join=True)
        ws.send(frame)
        got = answer(ws, 1, only_events=True)
        assert got["ok"] is False and got["error"]["code"] == "bad_request", got
        ws.send('422["room.create",{}]')
        assert answer(ws, 2, only_events=True)["ok"] is True
        ws.close()
    finally:
        server.stop()
    assert "Traceback" not in (tmp_path / "server.log").read_text()
