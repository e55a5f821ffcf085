"""Shared fixtures: an app on the in-memory store and a fake clock, Socket.IO
test clients that speak the protocol exactly as the pages do, the real
server process that the browser and cross-engine tests share, and the
helpers every test reads answers with (``ok``, ``error_code``) or waits for
a real process with (``wait_for``).

Time is the app's fake clock (``clock``, ``partyapp/realtime/clock.py``):
nothing the server times (a race's time-out, a bot's move, a ping, a chore)
happens until the test moves it on, and then it happens at once, in order."""

from __future__ import annotations

import gc
import json
import re
import subprocess
import time
from contextlib import contextmanager
from typing import Any, Callable

import pytest

from partyapp.app import create_app
from partyapp.realtime.extension import socketio

TEST_SETTINGS = {
    "PARTYAPP_STORE_URL": "memory://",
    "PARTYAPP_TESTING": True,
    "PARTYAPP_PUBLIC_URL": "http://party.test",
    "PARTYAPP_LAN_IP": "127.0.0.1",
    "PARTYAPP_EVENTS_PER_SECOND": 1000,
    "PARTYAPP_EVENTS_BURST": 1000,
    "PARTYAPP_JOINS_PER_MINUTE": 6000,
    "PARTYAPP_JOINS_BURST": 1000,
    "PARTYAPP_CONNECTIONS_PER_ADDRESS": 10_000,
    "PARTYAPP_UNCONNECTED_PER_ADDRESS": 10_000,
    "PARTYAPP_ROOM_JOINS_PER_MINUTE": 6000,
    "PARTYAPP_ROOM_JOINS_BURST": 1000,
    "PARTYAPP_DEVICE_JOINS_PER_MINUTE": 6000,
    "PARTYAPP_DEVICE_JOINS_BURST": 1000,
    "PARTYAPP_WATCHERS_PER_ADDRESS": 0,
    "PARTYAPP_UNKNOWN_CODES_PER_MINUTE": 60000,
    "PARTYAPP_UNKNOWN_CODES_BURST": 10000,  # every test client comes from 127.0.0.1
    "PARTYAPP_ADDRESS_UNKNOWN_CODES_PER_HOUR": 3_600_000,
    "PARTYAPP_ADDRESS_UNKNOWN_CODES_BURST": 10000,
    "PARTYAPP_ROOMS_PER_ADDRESS": 0,
    "PARTYAPP_FAKE_CLOCK": True,
}


def ok(answer: dict) -> dict:
    """An acknowledgement that says ok (returned, for what else it holds)."""
    assert answer.get("ok") is True, answer
    return answer


def error_code(answer: dict) -> str:
    """The code of a refusal, which always comes with a sentence to show."""
    assert answer["ok"] is False, answer
    assert isinstance(answer["error"]["message"], str) and answer["error"]["message"], answer
    return answer["error"]["code"]


def wait_for(condition: Callable[[], Any], timeout: float = 10.0, what: str = "", every: float = 0.02) -> Any:
    """Wait in real time for something another process or thread does (a
    server started, a frame come over the network, a socket closed): return
    ``condition()`` once it is true, looking every ``every`` seconds; fail
    after ``timeout`` seconds. Time inside an app of the tests' own is the
    fake clock's: ``clock.advance_until`` waits for it."""
    deadline = time.monotonic() + timeout
    while True:
        got = condition()
        if got:
            return got
        if time.monotonic() >= deadline:
            raise AssertionError(f"{what or getattr(condition, '__name__', condition)} did not come true "
                                 f"within {timeout} s")
        time.sleep(every)  # the one pause between looks at another process (no test sleeps for time to pass)


class Client:
    """A Socket.IO test client with the protocol's habits: every call waits for
    its acknowledgement, and ``states()`` drains the ``state`` frames.
    ``addr``: the client address it comes from (127.0.0.1 unless told)."""

    def __init__(self, app, addr: str | None = None, **kwargs) -> None:
        web = app.test_client()
        if addr is not None:
            web.environ_base["REMOTE_ADDR"] = addr
        self.sio = socketio.test_client(app, flask_test_client=web, **kwargs)
        self.inbox: list[dict] = []

    def call(self, event: str, *args):
        return self.sio.emit(event, *args, callback=True)

    def _drain(self) -> None:
        self.inbox.extend(self.sio.get_received())

    def received(self, name: str) -> list:
        self._drain()
        found = [m["args"][0] if m["args"] else None for m in self.inbox if m["name"] == name]
        self.inbox = [m for m in self.inbox if m["name"] != name]
        return found

    def states(self) -> list[dict]:
        return self.received("state")

    def last_state(self) -> dict:
        states = self.states()
        assert states, "no state received"
        return states[-1]

    @property
    def connected(self) -> bool:
        return self.sio.is_connected()

    def disconnect(self) -> None:
        self.sio.disconnect()


@contextmanager
def _no_processes(item):
    """A test that starts a process (a server, redis-server, nginx, node, any
    subprocess), in its fixtures too, is marked ``slow`` (a browser test
    ``browser``, a cross-engine test ``engines``), so that ``make check``
    leaves it out: in a test marked none of them, starting one fails."""
    if any(item.get_closest_marker(name) for name in ("slow", "browser", "engines")):
        yield
        return
    real = subprocess.Popen._execute_child

    def refuse(self, args, *rest, **kwargs):
        raise AssertionError(f"{item.nodeid} starts a process ({args!r}): mark it @pytest.mark.slow")

    subprocess.Popen._execute_child = refuse
    try:
        yield
    finally:
        subprocess.Popen._execute_child = real


# -- reading the server's answers and frames -------------------------------------------

# A card as frames name it ("10H", "QS").
CARD = re.compile(r'"((?:10|[2-9AJQK])[SHDC])"')


def cards_in(frames: list[dict]) -> set[str]:
    """Every card named anywhere in these frames."""
    return {c for f in frames for c in CARD.findall(json.dumps(f))}


def player(state: dict, pid: str) -> dict:
    """A player's entry in a frame's ``players``."""
    return next(p for p in state["players"] if p["id"] == pid)


def players(state: dict) -> dict:
    """A frame's players by name."""
    return {p["name"]: p for p in state["players"]}


def start_staged(table: Client, mode: str, deck: list[str], **options) -> None:
    """The table starts ``mode`` on a staged deck (testing mode), which it must take."""
    answer = table.call("game.start", {"mode": mode, "options": {"deck": deck, **options}})
    assert answer == {"ok": True}, answer


def act_ok(phone: Client, **action) -> None:
    """A phone makes a move, which must be taken."""
    answer = phone.call("game.act", {"action": action})
    assert answer == {"ok": True}, answer


def next_state(client: Client, clock, predicate: Callable[[dict], Any], within: float = 60.0) -> dict:
    """The first state ``client`` receives (in order) that matches, moving
    the app's fake clock on call by call until one comes (a bot's move, a
    take-over, a time-out), for at most ``within`` seconds of that clock."""
    found: list[dict] = []

    def came() -> bool:
        for state in client.states():
            if predicate(state):
                found.append(state)
                return True
        return False

    clock.advance_until(came, within, "a matching state")
    return found[0]


# Bots think for a fiftieth of their usual pause in the tests that play with them.
PACE = 0.02


def quick(app, takeover_s: float | None = None):
    """The app's bots think quickly (and take over an absent phone's seat
    after ``takeover_s``)."""
    autoplay = app.extensions["partyapp"].autoplay
    autoplay.pace = PACE
    if takeover_s is not None:
        autoplay.takeover_s = takeover_s
    return autoplay


def go_fish_away(app, table, join):
    """Ana and Bob at Go Fish, which waits on Ana; then her phone goes (the
    app plays for her after 0.3 s of the clock). Returns the table, the
    room's code, Ana and Bob."""
    from tests.games.hand_helpers import deal_order_deck

    quick(app, takeover_s=0.3)
    t, code, _ = table
    ana, bob = join(code, "Ana"), join(code, "Bob")
    deck = deal_order_deck([["7S", "7H", "7D", "3C", "5C", "9C", "JC"], ["7C", "3D", "8D", "8H", "8S", "10D", "QD"]])
    ok(t.call("game.start", {"mode": "go_fish", "options": {"deck": deck, "seed": 3, "again": False}}))
    assert t.last_state()["game"]["turn"] == ana.player_id
    ana.disconnect()
    return t, code, ana, bob


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item):
    with _no_processes(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    with _no_processes(item):
        return (yield)


@pytest.fixture(autouse=True)
def _close_wire_clients():
    """Close the real Socket.IO clients a test opened (``tests/wire.py``),
    then collect what the test left: a connection it never closed warns
    (an error here) in its own teardown, not inside whichever later test
    the collector would have happened to run in."""
    yield
    from tests.wire import close_all

    close_all()
    gc.collect()


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory):
    """The server process that the browser and cross-engine tests of one
    test process (one xdist worker) share: each test makes its own room
    on it (``tests/serverproc.py``'s SHARED_CONFIG)."""
    from tests.serverproc import SHARED_CONFIG, ServerProcess

    where = tmp_path_factory.mktemp("shared-server")
    config = where / "config.toml"
    config.write_text(SHARED_CONFIG)
    proc = ServerProcess(f"sqlite:///{where / 'rooms.db'}", extra=["--config", str(config)],
                         log_path=where / "server.log").start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    """The URL of a redis-server of the test module's own, started once for it."""
    from tests.redisproc import RedisServer

    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield server.url
    server.stop()


@pytest.fixture
def make_app():
    def factory(**overrides):
        settings = dict(TEST_SETTINGS)
        settings.update(overrides)
        return create_app(settings)

    return factory


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def clock(app):
    """The app's fake clock (``realtime/clock.py``'s ``FakeClock``), which
    is also its registry's: ``clock.advance(s)``, ``clock.advance_to(t)``,
    ``clock.advance_until(condition)``, ``clock.now()``."""
    return app.extensions["partyapp"].clock


@pytest.fixture
def client(app):
    made: list[Client] = []

    def factory(**kwargs) -> Client:
        c = Client(app, **kwargs)
        made.append(c)
        return c

    yield factory
    for c in made:
        if c.connected:
            c.disconnect()


@pytest.fixture
def table(client):
    """A table screen with a fresh room: (client, code, host_token)."""
    t = client()
    answer = t.call("room.create", {})
    assert answer["ok"], answer
    t.states()
    return t, answer["code"], answer["host_token"]


@pytest.fixture
def join(client):
    def joiner(code: str, name: str, **extra):
        p = client()
        answer = p.call("player.join", {"code": code, "name": name, **extra})
        assert answer["ok"], answer
        p.player_id = answer["player_id"]
        p.token = answer["token"]
        return p

    return joiner
