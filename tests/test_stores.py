"""Every room store keeps the same contract: memory, SQLite and Redis (a real
redis-server on a free loopback port)."""

from __future__ import annotations

import json
import shutil
import subprocess
import time

import pytest

from partyapp.store import open_store
from tests.serverproc import free_port


@pytest.fixture(scope="module")
def redis_url():
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.fail("The Redis store tests need redis-server: apt-get install -y redis-server", pytrace=False)
    port = free_port()
    proc = subprocess.Popen([binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import redis

    client = redis.Redis(port=port)
    for _ in range(100):
        try:
            if client.ping():
                break
        except redis.ConnectionError:
            time.sleep(0.05)
    client.close()
    yield f"redis://127.0.0.1:{port}/0"
    proc.terminate()
    proc.wait(10)


@pytest.fixture(params=["memory", "sqlite", "redis"])
def store(request, tmp_path):
    if request.param == "memory":
        url = "memory://"
    elif request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'rooms.db'}"
    else:
        url = request.getfixturevalue("redis_url")
    s = open_store(url)
    yield s
    if request.param == "redis":
        s._r.flushdb()
    s.close()


def room(code: str, rev: int) -> str:
    return json.dumps({"code": code, "rev": rev, "seats": [{"id": "p1", "name": "Zoë <b>"}]})


def test_save_load_exists_delete(store):
    """A saved room comes back exactly; a deleted one is gone."""
    assert store.load("BCDF") is None and not store.exists("BCDF")
    store.save("BCDF", room("BCDF", 1), 10.0)
    store.save("BCDF", room("BCDF", 2), 11.0)
    assert store.load("BCDF") == json.loads(room("BCDF", 2))
    assert store.exists("BCDF")
    store.delete("BCDF")
    assert store.load("BCDF") is None and not store.exists("BCDF")


def test_expire_removes_only_idle_rooms(store):
    """expire(before) deletes the rooms untouched since then, and names them."""
    store.save("BCDF", room("BCDF", 1), 100.0)
    store.save("GHJK", room("GHJK", 1), 200.0)
    assert store.expire(150.0) == ["BCDF"]
    assert store.load("BCDF") is None and store.load("GHJK") is not None


def test_variants_by_name_ignoring_case(store):
    """House variants are saved, replaced, listed, found and deleted by name,
    ignoring case."""
    deck = {"name": "Ours", "cards": {"A": {"title": "Waterfall"}}}
    store.save_variant("Ours", "kings", deck, 1.0)
    store.save_variant("OURS", "kings", dict(deck, name="OURS"), 2.0)
    store.save_variant("Beach", "ring_of_fire", deck, 3.0)
    assert [v["name"] for v in store.list_variants()] == ["Beach", "OURS"]
    assert store.get_variant("ours")["updated"] == 2.0
    assert store.delete_variant("Ours") is True
    assert store.delete_variant("Ours") is False
    assert store.get_variant("ours") is None


def test_ping(store):
    """The health check asks the store."""
    assert store.ping() is True


def test_unknown_store_url_is_refused():
    """A store URL of no known kind is an error that says what works."""
    with pytest.raises(ValueError, match="sqlite"):
        open_store("mysql://x")


def test_sqlite_checkpoints_only_in_maintain(tmp_path):
    """SQLite never checkpoints inside a save; maintain() copies the WAL back."""
    import sqlite3

    from partyapp.store import SQLiteStore

    path = tmp_path / "rooms.db"
    store = SQLiteStore(str(path))
    for i in range(600):  # ~1,200 pages: past SQLite's automatic checkpoint
        store.save(f"R{i % 50:03d}", json.dumps({"pad": "x" * 8000, "i": i}), float(i))
    assert path.with_name("rooms.db-wal").stat().st_size > 4_000_000
    assert path.stat().st_size < 100_000  # nothing was checkpointed during the saves
    store.maintain()
    assert path.stat().st_size > 400_000  # the rooms are in the database file now
    other = sqlite3.connect(path)
    assert json.loads(other.execute("SELECT data FROM rooms WHERE code = 'R049'").fetchone()[0])["i"] == 599
    other.close()
    store.close()
