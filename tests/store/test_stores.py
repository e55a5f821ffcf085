"""Every room store keeps the same contract: memory, SQLite and Redis (a real
redis-server on a free loopback port)."""

from __future__ import annotations

import json

import pytest

from partyapp.store import NotOwner, TooMany, open_store


@pytest.fixture(params=["memory", "sqlite", pytest.param("redis", marks=pytest.mark.slow)])  # redis: a redis-server
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


def test_a_variant_belongs_to_whoever_saved_it(store):
    """Only its owner may replace or delete a variant; others may save a copy
    under another name. A replaced variant keeps its owner."""
    deck = {"name": "Ours", "cards": {}}
    store.save_variant("Ours", "kings", deck, 1.0, "ann", allowed=["ann"])
    with pytest.raises(NotOwner):
        store.save_variant("OURS", "kings", deck, 2.0, "bob", allowed=["bob"])
    with pytest.raises(NotOwner):
        store.delete_variant("ours", allowed=["bob"])
    store.save_variant("Ours (copy)", "kings", deck, 2.0, "bob", allowed=["bob"])
    store.save_variant("Ours", "kings", dict(deck, cards={"A": {}}), 3.0, "device", allowed=["device", "ann"])
    found = store.get_variant("ours")
    assert (found["owner"], found["updated"], found["deck"]["cards"]) == ("ann", 3.0, {"A": {}})
    assert {v["name"]: v["owner"] for v in store.list_variants()} == {"Ours": "ann", "Ours (copy)": "bob"}
    assert store.delete_variant("Ours", allowed=["ann"]) is True
    assert store.delete_variant("Ours", allowed=["ann"]) is False


def test_a_variant_saved_before_owners_is_claimed_by_the_next_save(store):
    """A variant with no owner (saved before variants had owners) may be
    replaced by any host, who then owns it."""
    store.save_variant("Old", "kings", {"cards": {}}, 1.0)
    assert store.get_variant("old")["owner"] is None
    store.save_variant("Old", "kings", {"cards": {}}, 2.0, "cat", allowed=["cat"])
    assert store.get_variant("old")["owner"] == "cat"
    with pytest.raises(NotOwner):
        store.save_variant("Old", "kings", {"cards": {}}, 3.0, "dan", allowed=["dan"])


def test_the_number_of_variants_is_bounded_in_one_step(store):
    """Beyond ``limit`` a new variant is refused; replacing one is not."""
    for name in ("One", "Two"):
        store.save_variant(name, "kings", {"cards": {}}, 1.0, "ann", allowed=["ann"], limit=2)
    with pytest.raises(TooMany):
        store.save_variant("Three", "kings", {"cards": {}}, 1.0, "ann", allowed=["ann"], limit=2)
    store.save_variant("two", "kings", {"cards": {}}, 2.0, "ann", allowed=["ann"], limit=2)
    assert [v["name"] for v in store.list_variants()] == ["One", "two"]


# -- the shared store: what several processes rely on ------------------------------

@pytest.fixture
def shared(redis_url):
    s = open_store(redis_url)
    yield s
    s._r.flushdb()
    s.close()


@pytest.mark.slow  # the shared store is a redis-server
def test_commit_saves_only_over_the_rev_it_started_from(shared):
    """Two processes saving over the same rev: the second is refused, and
    ``load_newer`` tells a process whether its room is behind."""
    from partyapp.store import SAME, Conflict

    shared.commit("BCDF", room("BCDF", 0), 1.0, expect=None, rev=0)
    with pytest.raises(Conflict):
        shared.commit("BCDF", room("BCDF", 0), 1.0, expect=None, rev=0)  # the code is taken
    shared.commit("BCDF", room("BCDF", 1), 2.0, expect=0, rev=1)
    with pytest.raises(Conflict):
        shared.commit("BCDF", room("BCDF", 1), 2.0, expect=0, rev=1)
    assert shared.load_newer("BCDF", 1) is SAME
    assert shared.load_newer("BCDF", 0)["rev"] == 1
    assert shared.load_newer("GHJK", 0) is None
    with pytest.raises(Conflict):
        shared.commit("GHJK", room("GHJK", 1), 2.0, expect=0, rev=1)  # gone (expired): never written again


@pytest.mark.slow  # the shared store is a redis-server
def test_commit_keeps_the_deadlines_and_the_rooms_each_process_holds(shared):
    """A room's next deadline is listed while it has one; a process lists the
    rooms it holds connections of; expiry takes a room out of everything."""
    shared.commit("BCDF", room("BCDF", 0), 1.0, expect=None, rev=0, deadline=50.0, host="h1", linked=True)
    shared.commit("GHJK", room("GHJK", 0), 1.0, expect=None, rev=0, deadline=70.0, host="h1", linked=True)
    assert shared.due_deadlines(60.0) == ["BCDF"]
    assert shared.host_rooms("h1") == ["BCDF", "GHJK"]
    shared.commit("BCDF", room("BCDF", 1), 5.0, expect=0, rev=1, deadline=None, host="h1", linked=False)
    assert shared.due_deadlines(100.0) == ["GHJK"]
    assert shared.host_rooms("h1") == ["GHJK"]
    assert shared.expire(2.0) == ["GHJK"]
    assert shared.due_deadlines(100.0) == [] and shared.load("GHJK") is None and shared.load("BCDF")["rev"] == 1


@pytest.mark.slow  # the shared store is a redis-server
def test_heartbeats_tell_which_processes_are_silent(shared):
    """A process that stops beating is listed as silent (at the times of the
    processes' clock); one forgotten is new again when it beats next."""
    assert shared.heartbeat("h1", 100.0) is False  # new
    assert shared.heartbeat("h1", 100.0) is True
    assert shared.heartbeat("h2", 100.0) is False
    assert shared.dead_hosts(100.0) == []
    shared.heartbeat("h2", 100.3)
    assert shared.dead_hosts(100.1) == ["h1"]
    assert shared.claim_host("h1", 10) is True and shared.claim_host("h1", 10) is False
    shared.forget_host("h1")
    assert shared.dead_hosts(100.1) == [] and shared.heartbeat("h1", 100.4) is False


@pytest.mark.slow  # the shared store is a redis-server
def test_a_shared_rate_limit_is_one_budget_for_every_process(redis_url, shared):
    """Two processes (two clients of the store) draw on the same bucket."""
    other = open_store(redis_url)
    try:
        a = shared.limiter("joins", 0.01, 3)
        b = other.limiter("joins", 0.01, 3)
        assert [a.allow("10.0.0.1"), b.allow("10.0.0.1"), a.allow("10.0.0.1")] == [True, True, True]
        assert b.exhausted("10.0.0.1") and not b.allow("10.0.0.1")
        assert a.allow("10.0.0.2") and not a.exhausted("10.0.0.2")
    finally:
        other.close()


@pytest.mark.slow  # the shared store is a redis-server
def test_a_shared_limit_charges_what_it_refuses_and_says_when_it_is_full(shared):
    """``spend`` takes a token, or charges one below empty (at most a burst
    deep) when none is left; ``full`` says a key has spent nothing lately.
    As the in-process limiter does (``tests/realtime/test_limits.py``)."""
    lim = shared.limiter("misses", 0.001, 2)
    assert lim.full("10.0.0.1")
    assert lim.spend("10.0.0.1") and not lim.full("10.0.0.1")
    assert lim.spend("10.0.0.1") and lim.exhausted("10.0.0.1")
    assert [lim.spend("10.0.0.1") for _ in range(4)] == [False] * 4
    tokens = float(shared._r.hget("partyapp:limit:misses:10.0.0.1", "tokens"))
    assert -2.01 < tokens < -1.99  # sunk a burst below empty, no deeper
    assert lim.full("10.0.0.2") and not lim.exhausted("10.0.0.2")


@pytest.mark.slow  # the shared store is a redis-server
def test_a_room_saved_as_a_plain_string_is_read_and_kept_as_a_hash(shared):
    """Rooms written by the earlier Redis store (one string key) still load."""
    shared._r.set("partyapp:room:BCDF", room("BCDF", 4))
    assert shared.load("BCDF")["rev"] == 4
    assert shared._r.type("partyapp:room:BCDF") == b"hash"
    shared.commit("BCDF", room("BCDF", 5), 1.0, expect=4, rev=5)
