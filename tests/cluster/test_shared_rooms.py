"""Rooms on a shared store (a real redis-server): two registries on one Redis
stand for two server processes, each holding its own copy of a room that
the other may have changed."""

from __future__ import annotations

import threading

import pytest

from partyapp.games.kit.base import IllegalAction
from partyapp.rooms.errors import RoomError
from partyapp.rooms.registry import Registry
from partyapp.rooms.room import UNCHANGED
from partyapp.store import open_store

pytestmark = pytest.mark.slow  # a real redis-server


@pytest.fixture
def two(redis_url):
    """Two processes' registries on one Redis."""
    stores = [open_store(redis_url), open_store(redis_url)]
    yield [Registry(s, host_id=f"h{i}") for i, s in enumerate(stores, 1)]
    stores[0]._r.flushdb()
    for s in stores:
        s.close()


def test_a_change_made_on_a_room_held_behind_is_made_on_the_newest(two):
    """Process 2 changes the room process 1 changed meanwhile: its change is
    applied again on the newest room; rev rises by one per change."""
    one, other = two
    room1, _ = one.create("http://party.test")
    room2 = other.get(room1.code)
    room1.change(lambda: room1.join("Ana", None))
    assert room2.rev == 0  # held behind
    room2.change(lambda: room2.join("Bob", None))
    assert room2.rev == 2 and [s.name for s in room2.seats] == ["Ana", "Bob"]
    room1.change(lambda: room1.join("Cat", None))
    assert room1.rev == 3 and [s.name for s in room1.seats] == ["Ana", "Bob", "Cat"]
    assert one.store.load(room1.code)["rev"] == 3


def test_a_refusal_is_checked_against_the_newest_room(two):
    """A seat joined on process 1 resumes on process 2, whose copy of the
    room did not know it; a name taken meanwhile is refused."""
    one, other = two
    room1, _ = one.create("http://party.test")
    room2 = other.get(room1.code)
    _, token = room1.change(lambda: room1.join("Ana", None))
    assert room2.change(lambda: room2.set_connected(room2.token_seat(token).id, True)) is None
    assert room2.seat("p1").hosts == ["h1", "h2"]
    room1.change(lambda: room1.join("Bob", None))
    with pytest.raises(RoomError) as refused:
        room2.change(lambda: room2.join("bob", None))
    assert refused.value.code == "name_taken"


def test_nothing_changed_is_checked_against_the_newest_room(two):
    """A change that finds nothing to do in a copy held behind is tried again
    on the newest room (here: process 2 still thinks its seat is linked)."""
    one, other = two
    room1, _ = one.create("http://party.test")
    room1.change(lambda: room1.join("Ana", None))
    room2 = other.get(room1.code)
    room2.change(lambda: room2.set_connected("p1", True))
    room1.change(lambda: room1.drop_host("h2"))
    assert room2.seat("p1").hosts == ["h1", "h2"]  # held behind
    assert room2.change(lambda: room2.set_connected("p1", True)) is None
    assert room2.seat("p1").hosts == ["h1", "h2"] and room2.rev == room1.rev + 1


def test_a_seat_is_connected_while_any_process_holds_its_phone(two):
    """Links per process: the seat is away only once the last process lets go."""
    one, other = two
    room1, _ = one.create("http://party.test")
    room1.change(lambda: room1.join("Ana", None))
    room2 = other.get(room1.code)
    room2.change(lambda: room2.set_connected("p1", True))
    room1.change(lambda: room1.set_connected("p1", False))
    assert room1.seat("p1").connected is True and room1.seat("p1").away_since is None
    room2.change(lambda: room2.set_connected("p1", False))
    assert room2.seat("p1").connected is False and room2.seat("p1").away_since is not None
    assert room2.change(lambda: room2.drop_host("h1")) is UNCHANGED


def test_two_processes_hammering_one_room_lose_nothing(two):
    """Eight threads on each process rename players at once: every change
    is kept, each one rev, and each player ends with their last name."""
    one, other = two
    room1, _ = one.create("http://party.test")
    for i in range(4):
        room1.change(lambda i=i: room1.join(f"P{i}", None))
    room2 = other.get(room1.code)
    start = room1.rev
    last: dict[str, str] = {}
    done = []
    lock = threading.Lock()

    def rename(room, pid: str, tag: str) -> None:
        for n in range(15):
            name = f"{tag}{n}"
            room.change(lambda: room.update_player(pid, name=name))
            with lock:
                done.append(name)
                last[pid] = name

    threads = [threading.Thread(target=rename, args=(room, f"p{i + 1}", f"{tag}{i}x"))
               for i in range(4) for room, tag in ((room1, "a"), (room2, "b"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    saved = one.store.load(room1.code)
    assert saved["rev"] == start + len(done) == start + 120
    final = {s["id"]: s["name"] for s in saved["seats"]}
    # each seat was renamed by two threads; its name is one of their last ones
    assert all(final[pid].endswith("14") for pid in final)
    assert set(final.values()) <= set(done)


def test_a_game_move_on_a_room_held_behind_is_played_on_the_newest(two):
    """Moves alternate between the processes (each phone on its own): each
    one is played on the newest game, in turn."""
    one, other = two
    room1, _ = one.create("http://party.test")
    room1.change(lambda: room1.join("Ana", None))
    room1.change(lambda: room1.join("Bob", None))
    room1.change(lambda: room1.start_game("ring_of_fire", {"seed": 5, "deck": ["5S", "6H", "5D", "6C"]}, True))
    room2 = other.get(room1.code)
    remaining = room1.game.public_view()["remaining"]
    room1.change(lambda: room1.act("p1", {"type": "draw"}))
    with pytest.raises(IllegalAction):
        room2.change(lambda: room2.act("p1", {"type": "draw"}))  # not p1's turn any more, on the newest game
    room2.change(lambda: room2.act("p2", {"type": "draw"}))
    room1.change(lambda: room1.act("p1", {"type": "draw"}))
    assert room1.game.public_view()["remaining"] == remaining - 3
    assert one.store.load(room1.code)["rev"] == room1.rev


def test_spectators_are_counted_over_every_process_and_go_with_a_dead_one(two):
    """``room.watchers`` sums the spectators every process holds, the cap
    counts them all, a process given up for dead takes its spectators with
    it, and one that comes back under a new name keeps counting its own."""
    one, other = two
    room1, _ = one.create("http://party.test")
    room2 = other.get(room1.code)
    room1.change(lambda: room1.watch(cap=3))
    room2.change(lambda: room2.watch(cap=3))
    room2.change(lambda: room2.watch(cap=3))
    with pytest.raises(RoomError):
        room1.change(lambda: room1.watch(cap=3))
    assert room1.read(lambda: room1.public_view()["room"]["watchers"]) == 3
    assert "h1" in room1.read(room1.hosts) and "h2" in room1.read(room1.hosts)
    room1.change(lambda: room1.drop_host("h2"))  # process 2 is given up for dead
    assert room2.read(lambda: room2.public_view()["room"]["watchers"]) == 1
    room1.change(lambda: room1.relink("h1", "h1b", {"watch"}))  # process 1 comes back as h1b
    assert [w["host"] for w in room2.read(lambda: room2.watching)] == ["h1b"]
    wid = room2.read(lambda: room2.watching[0]["id"])
    room1.change(lambda: room1.unwatch(wid))
    assert room2.read(lambda: room2.public_view()["room"]["watchers"]) == 0


def test_a_room_joined_on_another_process_does_not_make_way_as_one_nobody_joined(two):
    """Issue 44: an address at its cap of rooms has its own oldest room that
    no phone joined make way; a phone seated through the other process (the
    room's own, behind a proxy that routes by room) counts, read from the
    store, and that room is kept."""
    one, other = two
    one.rooms_per_owner = 2
    joined, _ = one.create("http://party.test", owner="10.0.0.1")
    spare, _ = one.create("http://party.test", owner="10.0.0.1")
    there = other.get(joined.code)
    there.change(lambda: there.join("Ana", None))
    third, _ = one.create("http://party.test", owner="10.0.0.1")
    assert one.live(joined.code) is not None and one.store.load(joined.code) is not None
    assert one.live(spare.code) is None and one.store.load(spare.code) is None
    there = other.get(third.code)
    there.change(lambda: there.join("Bob", None))
    with pytest.raises(RoomError):
        one.create("http://party.test", owner="10.0.0.1")
