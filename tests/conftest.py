"""Shared fixtures: an app on the in-memory store, Socket.IO test clients
that speak the protocol exactly as the pages do, and the real server
process that the browser and cross-engine tests share."""

from __future__ import annotations

import subprocess
from contextlib import contextmanager

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
    "PARTYAPP_ROOM_JOINS_PER_MINUTE": 6000,
    "PARTYAPP_ROOM_JOINS_BURST": 1000,
    "PARTYAPP_UNKNOWN_CODES_PER_MINUTE": 60000,
    "PARTYAPP_UNKNOWN_CODES_BURST": 10000,  # every test client comes from 127.0.0.1
}


class Client:
    """A Socket.IO test client with the protocol's habits: every call waits for
    its acknowledgement, and ``states()`` drains the ``state`` frames."""

    def __init__(self, app, **kwargs) -> None:
        self.sio = socketio.test_client(app, flask_test_client=app.test_client(), **kwargs)
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
    """Close the real Socket.IO clients a test opened (``tests/wire.py``)."""
    yield
    from tests.wire import close_all

    close_all()


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
