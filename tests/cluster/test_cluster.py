"""Several real server processes on one real Redis (the store and the
message queue), as ``deploy/`` runs them: phones of one room on different
processes, both processes changing it at once, a process killed mid-game,
Redis itself killed and started again.

The processes run on fake clocks (``--fake-clock``) that the test moves on
together (``Party.advance``): a time-out, a process noticed silent, a
heartbeat come when the test says, never while it waits for the network."""

from __future__ import annotations

import random
import threading
import urllib.error
import urllib.request

import pytest

from partyapp.cluster.peers import DEAD_AFTER_S, HEARTBEAT_S, OVERDUE_S, POLL_S
from partyapp.realtime.coalesce import EVERY_S
from tests.conftest import wait_for
from tests.redisproc import RedisServer
from tests.serverproc import ServerProcess
from tests.wire import WireClient

pytestmark = pytest.mark.slow

# Moves a player may make at any time in the drinking decks (powers of a
# role); a player settling what the game waits for picks any other move.
SIDE_MOVES = frozenset({"thumb", "caught", "deflect", "toilet", "jail", "steal", "breach", "undo"})
QUICK = {"race_timeout_s": 1, "answer_timeout_s": 1, "rps_timeout_s": 5}


@pytest.fixture
def redis(tmp_path):
    server = RedisServer(tmp_path / "redis", aof=True).start()
    yield server
    server.stop()


@pytest.fixture
def servers(tmp_path, redis):
    """Two server processes on the Redis, on fake clocks."""
    started = [ServerProcess(redis.url, log_path=tmp_path / f"server{i}.log", fake_clock=True).start()
               for i in (1, 2)]
    yield started
    for s in started:
        s.stop()


class Party:
    """A table and phones, each on the server it is given; ``servers``, the
    processes alive, whose clocks move on together."""

    def __init__(self, servers: list[ServerProcess], redis: RedisServer) -> None:
        import redis as redis_lib

        self.servers = list(servers)
        self.store = redis_lib.Redis(port=redis.port)
        self.table = WireClient(servers[0].url).connect()
        created = self.table.call("room.create")
        self.code, self.host_token = created["code"], created["host_token"]
        self.phones: dict[str, WireClient] = {}
        self.tokens: dict[str, str] = {}
        self.names: dict[str, str] = {}

    def join(self, name: str, server: ServerProcess) -> str:
        phone = WireClient(server.url).connect()
        answer = phone.call("player.join", {"code": self.code, "name": name})
        assert answer["ok"], answer
        pid = answer["player_id"]
        self.phones[pid], self.tokens[pid], self.names[pid] = phone, answer["token"], name
        return pid

    def clients(self) -> list[WireClient]:
        return [self.table, *self.phones.values()]

    def advance(self, seconds: float) -> None:
        """Move every live process's clock on ``seconds``: what falls due
        meanwhile (time-outs, heartbeats, sweeps) happens before it returns."""
        for server in self.servers:
            server.advance(seconds)

    def kill(self, server: ServerProcess) -> None:
        server.kill()
        self.servers.remove(server)

    def stored_rev(self) -> int:
        """The room's rev as the store has it: the last change made."""
        return int(self.store.hget(f"partyapp:room:{self.code}", "rev"))

    def advance_until_changed(self, rev: int, within: float = 60.0) -> None:
        """Move the clocks on half a second at a time until the room changes
        after ``rev`` (a time-out fell due), for at most ``within`` seconds."""
        for _ in range(int(within / POLL_S)):
            self.advance(POLL_S)
            if self.stored_rev() > rev:
                return
        raise AssertionError(f"nothing happened after rev {rev} within {within} s")

    def settle(self, timeout: float = 10) -> int:
        """Wait until every client holds the room's last change; return its rev."""
        top = self.stored_rev()
        wait_for(lambda: all(c.state is not None and c.state["rev"] == top for c in self.clients()), timeout,
                 f"every client at rev {top}")
        return top

    def close(self) -> None:
        for c in self.clients():
            c.close()
        self.store.close()


def fill(spec: dict, rng: random.Random) -> dict:
    """A random action from an action spec's domains (PROTOCOL.md)."""
    action = {"type": spec["type"]}
    for name, dom in spec["params"].items():
        if "one_of" in dom:
            action[name] = rng.choice(dom["one_of"])
        elif "subset_of" in dom:
            values = dom["subset_of"]
            most = min(dom.get("max", len(values)), len(values))
            action[name] = rng.sample(values, rng.randint(dom.get("min", 0), most))
        elif "int" in dom:
            action[name] = rng.randint(dom["int"]["min"], dom["int"]["max"])
        else:
            action[name] = f"House rule {rng.randint(1, 99)}"
    return action


def moves(party: Party, state: dict, rng: random.Random) -> list[tuple[WireClient, dict]]:
    """What the players do now: everybody taps in a race; else the player
    the game waits for (or anybody who can settle it) makes a move."""
    views = {pid: phone.wait_rev(state["rev"]) for pid, phone in party.phones.items()}
    taps = [(party.phones[pid], {"type": "tap"}) for pid, view in views.items()
            if any(a["type"] == "tap" for a in view["you"]["actions"])]
    if taps:
        return taps
    turn = state["game"]["turn"]
    for pid in sorted(views, key=lambda p: p != turn):
        settle = [a for a in views[pid]["you"]["actions"] if a["type"] not in SIDE_MOVES]
        if settle:
            return [(party.phones[pid], fill(rng.choice(settle), rng))]
    return []


def play(party: Party, rng: random.Random, steps: int | None = None, counted: dict | None = None) -> None:
    """Play (to the end, or ``steps`` moves); ``counted[type]`` counts the
    moves answered ok."""
    for _ in range(steps or 2000):
        state = party.table.state
        if state["game"]["over"]:
            return
        chosen = moves(party, state, rng)
        if not chosen:  # a time-out is due
            party.advance_until_changed(state["rev"])
            party.table.wait_rev(state["rev"] + 1)
            continue
        answers = [phone.call("game.act", {"action": action}) for phone, action in chosen]
        for (_, action), answer in zip(chosen, answers):
            if answer["ok"] and counted is not None:
                counted[action["type"]] = counted.get(action["type"], 0) + 1
        if any(a["ok"] for a in answers):
            party.table.wait_rev(state["rev"] + 1)
    if steps is None:
        raise AssertionError("the game did not end")


def assert_every_rev_in_order(party: Party, final: int) -> None:
    for client in party.clients():
        revs = client.revs
        assert revs == list(range(revs[0], final + 1)), (client.url, revs)


def test_a_whole_ring_of_fire_on_two_processes_every_client_sees_every_rev_in_order(servers, redis):
    """The table on the first process, phones on both: the whole game plays,
    and every client receives every rev once, in order."""
    one, two = servers
    party = Party(servers, redis)
    try:
        for name, server in (("Ana", one), ("Bob", two), ("Cat", one), ("Dan", two)):
            party.join(name, server)
        options = {"seed": 11, **QUICK}
        assert party.table.call("game.start", {"mode": "ring_of_fire", "options": options})["ok"]
        play(party, random.Random(3))
        final = party.settle()
        assert party.table.state["game"]["over"] is True
        assert final > 60
        assert_every_rev_in_order(party, final)
        for pid, phone in party.phones.items():
            assert phone.state["you"]["player_id"] == pid
            assert {k: v for k, v in phone.state.items() if k != "you"} == party.table.state
    finally:
        party.close()


def test_both_processes_hammering_one_room_lose_no_change_and_repeat_no_rev(servers, redis):
    """Six phones on two processes rename themselves as fast as they can
    (a change answered "conflict", lost to the other process, is sent again):
    every change answered ok is kept (each player ends with their last
    name), rev rises by exactly one per change, and every client receives
    the revs in order, none twice, up to the last; the renames' frames go
    out a few a second (``realtime/coalesce.py``), and no process waits for
    the frames of revs that went out as one with a later one."""
    one, two = servers
    party = Party(servers, redis)
    try:
        for i in range(6):
            party.join(f"P{i}", (one, two)[i % 2])
        start = party.settle()
        oks: list[int] = []
        last: dict[str, str] = {}

        refused: list[dict] = []

        def rename(pid: str) -> None:
            for n in range(25):
                name = f"{party.names[pid]}-{n}"
                # A change that lost every attempt to the other process's
                # changes is answered "conflict", and the phone tries again.
                for _ in range(10):
                    answer = party.phones[pid].call("player.update", {"name": name})
                    if answer["ok"]:
                        oks.append(1)
                        last[pid] = name
                        break
                    refused.append(answer)
                    if answer["error"]["code"] != "conflict":
                        return

        threads = [threading.Thread(target=rename, args=(pid,)) for pid in party.phones]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        party.advance(EVERY_S)  # the renames' frames that waited go out
        final = party.settle()
        assert not [a for a in refused if a["error"]["code"] != "conflict"], refused
        assert len(oks) == 150
        assert final == start + len(oks)
        assert {p["id"]: p["name"] for p in party.table.state["players"]} == last
        for client in party.clients():
            assert client.revs == sorted(set(client.revs)) and client.revs[-1] == final, (client.url, client.revs)
        for server in servers:
            assert "never came" not in server.log_path.read_text()
    finally:
        party.close()


def test_a_process_killed_mid_game_its_phones_resume_on_the_other_with_seat_and_hand(servers, redis):
    """Go Fish on two processes; the second is killed. Its phones resume on
    the first with the same seat and hand and play on; a phone that never
    comes back is let go of (shown away) once the dead process is noticed."""
    one, two = servers
    party = Party(servers, redis)
    try:
        for name, server in (("Ana", one), ("Bob", two), ("Cat", one), ("Dan", two)):
            party.join(name, server)
        assert party.table.call("game.start", {"mode": "go_fish", "options": {"seed": 4}})["ok"]
        party.table.wait_for(lambda s: s["game"] is not None)
        rng = random.Random(8)
        play(party, rng, steps=6)
        before = party.settle()
        bob, dan = [pid for pid, name in party.names.items() if name in ("Bob", "Dan")]
        hands = {pid: party.phones[pid].state["you"]["hand"] for pid in (bob, dan)}
        assert all(hands.values())
        party.advance(HEARTBEAT_S)  # both processes have said they are alive
        party.kill(two)
        party.phones[dan].close()
        party.phones[bob].close()
        party.phones[bob] = WireClient(one.url).connect()
        assert party.phones[bob].call("player.resume", {"code": party.code, "token": party.tokens[bob]}) == {
            "ok": True, "player_id": bob}
        view = party.phones[bob].wait_rev(before + 1)
        assert view["you"]["hand"] == hands[bob] and view["you"]["player_id"] == bob
        seats = {p["id"]: p["seat"] for p in view["players"]}
        # Dan's phone is gone with its process: once the process is noticed
        # dead (10 s of silence), the seat shows away and can be skipped.
        del party.phones[dan]
        party.advance(DEAD_AFTER_S + HEARTBEAT_S)  # its last heartbeat, then the next look for the silent
        away = party.table.wait_for(lambda s: not next(p for p in s["players"] if p["id"] == dan)["connected"])
        assert next(p for p in away["players"] if p["id"] == bob)["connected"] is True
        assert {p["id"]: p["seat"] for p in away["players"]} == seats
        # Dan comes back on the first process: same seat, same hand as when
        # the process died (unless play took cards from it meanwhile).
        party.phones[dan] = WireClient(one.url).connect()
        assert party.phones[dan].call("player.resume", {"code": party.code, "token": party.tokens[dan]})["ok"]
        assert party.phones[dan].wait_for(lambda s: s["you"]["player_id"] == dan)["you"]["hand"] == hands[dan]
        play(party, rng, steps=6)
    finally:
        party.close()


def floor_race(party: Party, drawer: str) -> int:
    """Ring of Fire staged so that the first card is the 4 (Floor: a race,
    the last to tap drinks; the missing count as last after 2 s). Returns the
    rev of the draw."""
    options = {"seed": 1, "deck": ["4S", "9H", "9D"], "race_timeout_s": 2}
    assert party.table.call("game.start", {"mode": "ring_of_fire", "options": options})["ok"]
    rev = party.settle()
    assert party.phones[drawer].call("game.act", {"action": {"type": "draw"}})["ok"]
    party.table.wait_rev(rev + 1)
    return rev + 1


def drinks(state: dict) -> dict[str, int]:
    return {p["name"]: p["drinks"] for p in state["players"]}


def test_a_race_time_out_held_by_both_processes_fires_once(servers, redis):
    """Both processes hold the race's time-out (each made a change of the
    race): when it is due, it is called once: one rev, one drink each."""
    one, two = servers
    party = Party(servers, redis)
    try:
        ana = party.join("Ana", one)
        bob = party.join("Bob", two)
        party.join("Cat", one)
        rev = floor_race(party, ana)
        assert party.phones[bob].call("game.act", {"action": {"type": "tap"}})["ok"]  # a change on the second
        party.table.wait_rev(rev + 1)
        assert drinks(party.table.state) == {"Ana": 0, "Bob": 0, "Cat": 0}
        party.advance(2.0)  # the race's time-out: both processes' timers fall due
        after = party.table.wait_rev(rev + 2)
        assert after["rev"] == rev + 2
        party.advance(2.5)  # past the time both timers and the overdue check would fire
        assert party.settle() == rev + 2
        assert drinks(party.table.state) == {"Ana": 1, "Bob": 0, "Cat": 1}
    finally:
        party.close()


def test_a_time_out_set_by_a_process_that_died_is_called_by_the_other(servers, redis):
    """The race starts on the second process, which is killed at once: the
    first calls its time-out (a little late) and the game goes on."""
    one, two = servers
    party = Party(servers, redis)
    try:
        party.join("Ana", one)
        bob = party.join("Bob", two)
        party.join("Cat", one)
        options = {"seed": 1, "deck": ["3H", "4H", "9D"], "race_timeout_s": 2}  # Ana drinks (Me), then Bob's Floor
        assert party.table.call("game.start", {"mode": "ring_of_fire", "options": options})["ok"]
        first = next(pid for pid, phone in party.phones.items()
                     if any(a["type"] == "draw" for a in phone.wait_rev(party.settle())["you"]["actions"]))
        assert party.phones[first].call("game.act", {"action": {"type": "draw"}})["ok"]
        rev = party.settle()
        assert drinks(party.table.state) == {"Ana": 1, "Bob": 0, "Cat": 0}
        assert party.phones[bob].call("game.act", {"action": {"type": "draw"}})["ok"]  # the 4: on the second
        party.table.wait_rev(rev + 1)
        party.kill(two)
        party.phones.pop(bob).close()
        party.advance(2.0 + OVERDUE_S - POLL_S)
        assert party.stored_rev() == rev + 1  # not yet: the time-out is not overdue
        party.advance(POLL_S)  # the first look at the overdue time-outs after it is overdue
        done = party.table.wait_for(lambda s: s["game"]["prompt"] is None)
        assert drinks(done) == {"Ana": 2, "Bob": 1, "Cat": 1}
    finally:
        party.close()


def health(server: ServerProcess) -> int:
    try:
        with urllib.request.urlopen(server.url + "/healthz", timeout=3) as r:
            return r.status
    except urllib.error.HTTPError as exc:
        exc.close()
        return exc.code


def wait_health(servers: list[ServerProcess], status: int, timeout: float = 15) -> None:
    wait_for(lambda: [health(s) for s in servers] == [status] * len(servers), timeout, f"/healthz answering {status}",
             every=0.1)


def queue_listeners(party: Party) -> int:
    """How many processes listen on the message queue's channel (Flask-SocketIO's)."""
    return dict(party.store.pubsub_numsub("flask-socketio")).get(b"flask-socketio", 0)


def test_redis_killed_and_started_again_loses_no_acknowledged_change(servers, redis):
    """Redis (AOF, fsync always) is killed mid-game: /healthz says unhealthy
    on both processes, moves are refused meanwhile (never acknowledged); it
    starts again and both processes recover by themselves: every move ever
    acknowledged is in the game, and play goes on with every client."""
    one, two = servers
    party = Party(servers, redis)
    try:
        for name, server in (("Ana", one), ("Bob", two), ("Cat", one)):
            party.join(name, server)
        start = {"seed": 21, "deck": ["3S", "3H", "3D", "3C", "5S", "5H", "5D", "5C", "6S", "6H", "6D", "6C"]}
        assert party.table.call("game.start", {"mode": "ring_of_fire", "options": start})["ok"]
        rng = random.Random(5)
        counted: dict[str, int] = {}
        play(party, rng, steps=5, counted=counted)
        remaining = party.table.state["game"]["remaining"]
        before = party.settle()

        redis.kill()
        wait_health([one, two], 503)
        with pytest.raises(urllib.error.HTTPError) as page:  # a room not held here: "one moment", not "no such room"
            urllib.request.urlopen(f"{one.url}/j/BCDF", timeout=5)
        page.value.close()
        assert page.value.code == 503
        turn = party.table.state["game"]["turn"]
        refused = party.phones[turn].call("game.act", {"action": {"type": "draw"}})
        assert refused["ok"] is False and refused["error"]["code"] == "unavailable"

        party.advance(HEARTBEAT_S)  # each process looks at the store and finds it gone
        redis.start()
        wait_health([one, two], 200)
        # Both listen on the queue again (python-socketio's listener finds
        # Redis back by itself); each then sends every client it holds the
        # room as it is now.
        wait_for(lambda: queue_listeners(party) == 2, 30, "both processes listening on the queue", every=0.1)
        party.advance(HEARTBEAT_S)
        party.settle(timeout=20)
        assert party.table.state["rev"] >= before
        assert party.table.state["game"]["remaining"] == remaining
        assert remaining == 52 - counted["draw"]
        play(party, rng, steps=5, counted=counted)
        final = party.settle(timeout=20)
        assert party.table.state["game"]["remaining"] == 52 - counted["draw"]
        for client in party.clients():
            assert client.state["rev"] == final
            assert client.revs == sorted(set(client.revs))  # never back, never twice
    finally:
        party.close()
