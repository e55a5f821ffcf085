"""One load-generator process: a share of the rooms, each a table and N
phones, driven exactly as the pages and a bot would drive them.

The parent talks to it over a ``multiprocessing`` pipe, one phase at a time
(``connect``, ``setup``, ``start``, ``run``, ``close``), so that the server's
memory can be read between phases. Every room lives wholly in one process, so
a draw's latency is measured on one clock: from the ``game.act`` emit to the
moment the last of the room's clients holds a ``state`` with the new ``rev``.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from .sio import Client

# Moves a player may make at any time in the drinking decks (powers held by a
# role); a bot settling a prompt prefers every other move.
SIDE_MOVES = frozenset({"thumb", "caught", "deflect", "toilet", "jail", "steal", "breach", "undo"})


def fill(spec: dict, rng: random.Random) -> dict:
    """A random action drawn from an action spec's domains (PROTOCOL.md)."""
    action: dict[str, Any] = {"type": spec["type"]}
    for name, dom in (spec.get("params") or {}).items():
        if "one_of" in dom:
            action[name] = rng.choice(dom["one_of"]) if dom["one_of"] else None
        elif "subset_of" in dom:
            values = list(dom["subset_of"])
            lo = dom.get("min", 0)
            hi = min(dom.get("max", len(values)), len(values))
            k = rng.randint(min(lo, hi), hi)
            action[name] = rng.sample(values, k)
        elif "int" in dom:
            action[name] = rng.randint(dom["int"]["min"], dom["int"]["max"])
        elif "text" in dom:
            action[name] = "rule"
        else:
            action[name] = None
    return action


class Member:
    """A client of a room (the table or a phone) and what it has seen."""

    __slots__ = ("room", "client", "pid", "first_rev", "last_rev", "dups", "gaps",
                 "actions", "inflight", "frames", "frame_bytes")

    def __init__(self, room: "Room", client: Client, pid: str | None = None) -> None:
        self.room = room
        self.client = client
        self.pid = pid
        self.first_rev: int | None = None
        self.last_rev: int | None = None
        self.dups = 0
        self.gaps = 0
        self.actions: list[dict] = []
        self.inflight = 0
        self.frames = 0
        self.frame_bytes = 0


class Room:
    def __init__(self, gen: "Generator", index: int) -> None:
        self.gen = gen
        self.index = index
        self.code: str | None = None
        self.table: Member | None = None
        self.phones: list[Member] = []
        self.members: list[Member] = []
        self.max_rev = 0
        self.game: dict | None = None
        self.host_actions: list[dict] = []
        self.pending: tuple[int, float] | None = None  # (rev awaited, emit time)
        self.inflight = 0
        self.restarting = False
        self.stuck_since: float | None = None
        self.settle_at = False

    # -- bookkeeping -----------------------------------------------------------
    def on_state(self, m: Member, state: dict, size: int) -> None:
        rev = state["rev"]
        m.frames += 1
        m.frame_bytes += size
        last = m.last_rev
        if last is None:
            m.first_rev = rev
        elif rev <= last:
            m.dups += 1
            return
        elif rev > last + 1:
            m.gaps += rev - last - 1
        m.last_rev = rev
        if rev > self.max_rev:
            self.max_rev = rev
        if m is self.table:
            self.game = state.get("game")
            self.host_actions = (self.game or {}).get("host_actions") or []
        else:
            you = state.get("you") or {}
            m.actions = you.get("actions") or []
        if self.pending is not None:
            target, t0 = self.pending
            if all(x.last_rev is not None and x.last_rev >= target for x in self.members):
                self.pending = None
                self.gen.record(self, time.perf_counter() - t0, t0)
        self.maybe_step()

    def quiet(self) -> bool:
        if self.inflight or self.pending is not None or self.restarting:
            return False
        top = self.max_rev
        return all(m.last_rev == top for m in self.members)

    def maybe_step(self) -> None:
        if self.gen.running and not self.settle_at and self.quiet():
            # A player answers a prompt after a short think, not in a tight loop.
            self.settle_at = True
            self.gen.loop.call_later(self.gen.think, self._settle)

    def _settle(self) -> None:
        self.settle_at = False
        if self.gen.running and self.quiet():
            self.step(tick=False)

    # -- acting ------------------------------------------------------------------
    def send(self, m: Member, event: str, data: dict, measured: bool = False) -> None:
        self.inflight += 1
        rev_before = self.max_rev
        t0 = time.perf_counter()
        if measured:
            self.pending = (rev_before + 1, t0)
        fut = m.client.emit(event, data, ack=True)
        self.gen.acts_sent += 1
        fut.add_done_callback(lambda f: self.on_ack(f, measured, event))

    def on_ack(self, fut: asyncio.Future, measured: bool, event: str) -> None:
        self.inflight -= 1
        ok = False
        if not fut.cancelled() and fut.exception() is None:
            answer = fut.result()
            ok = isinstance(answer, dict) and answer.get("ok")
            if not ok:
                code = ((answer or {}).get("error") or {}).get("code", "?") if isinstance(answer, dict) else "?"
                self.gen.refusals[f"{event}:{code}"] = self.gen.refusals.get(f"{event}:{code}", 0) + 1
        else:
            self.gen.refusals["no_ack"] = self.gen.refusals.get("no_ack", 0) + 1
        if ok:
            self.gen.acts_ok += 1
        if measured and not ok:
            self.pending = None
            self.gen.failed_draws += 1
        self.maybe_step()

    def step(self, tick: bool) -> None:
        """Called when every client holds the latest rev and nothing is in flight."""
        game = self.game
        rng = self.gen.rng
        if game is None:
            return
        if game.get("over"):
            self.restarting = True
            self.gen.loop.create_task(self.restart())
            return
        turn = game.get("turn")
        by_pid = {m.pid: m for m in self.phones}
        mover = by_pid.get(turn)
        if mover is not None and any(a["type"] == "draw" for a in mover.actions):
            if tick:
                self.send(mover, "game.act", {"action": {"type": "draw"}}, measured=True)
            return
        if tick:
            self.gen.ticks_blocked += 1
        # A prompt is open: the players it waits for settle it, like bots.
        actors: list[tuple[Member, dict]] = []
        for m in self.phones:
            settle = [a for a in m.actions if a["type"] not in SIDE_MOVES]
            if not settle:
                continue
            taps = [a for a in settle if a["type"] == "tap"]
            if taps:
                actors.append((m, taps[0]))
            elif turn is None or m.pid == turn:
                actors.append((m, rng.choice(settle)))
        if actors:
            for m, spec in actors:
                self.send(m, "game.act", {"action": fill(spec, rng)})
            self.stuck_since = None
            return
        # Nobody can settle it: after a while the host skips it, as a host would.
        now = time.monotonic()
        if self.stuck_since is None:
            self.stuck_since = now
        elif now - self.stuck_since > 2.0 and any(a["type"] == "skip" for a in self.host_actions):
            self.stuck_since = None
            self.send(self.table, "host.command", {"command": "game", "action": {"type": "skip"}})

    async def restart(self) -> None:
        try:
            await self.table.client.call("host.command", {"command": "end_game"})
            answer = await self.table.client.call("game.start", {"mode": self.gen.mode, "options": {}})
            if not answer.get("ok"):
                self.gen.refusals["restart"] = self.gen.refusals.get("restart", 0) + 1
            self.gen.games_restarted += 1
        finally:
            self.restarting = False
        self.maybe_step()


class Generator:
    """``port``: the server's, or a list of the ports of several server
    processes sharing the rooms (``bench.cluster``); ``spread`` then puts a
    room's phones on every process in turn, else (as nginx routes them) every
    client of a room on one process."""

    def __init__(self, host: str, port: int | list[int], rooms: int, phones: int, mode: str, rate: float,
                 seed: int, first_index: int = 0, spread: bool = False) -> None:
        self.host = host
        self.ports = list(port) if isinstance(port, (list, tuple)) else [port]
        self.spread = spread
        self.phones = phones
        self.mode = mode
        self.rate = rate
        self.rng = random.Random(seed)
        self.rooms = [Room(self, first_index + i) for i in range(rooms)]
        self.running = False
        self.samples: list[float] = []
        self.warm_until = 0.0
        self.acts_sent = 0
        self.acts_ok = 0
        self.failed_draws = 0
        self.ticks_blocked = 0
        self.ticks_skipped = 0
        self.games_restarted = 0
        self.refusals: dict[str, int] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.think = min(0.2, 0.25 / rate)  # seconds before a bot answers a prompt

    def port_for(self, room: Room, phone: int | None) -> int:
        """The process of a room's table (``phone`` None) or of its phone."""
        n = len(self.ports)
        first = room.index % n
        if phone is None or not self.spread:
            return self.ports[first]
        return self.ports[(first + phone + 1) % n]

    def record(self, room: Room, seconds: float, t0: float) -> None:
        if t0 >= self.warm_until:
            self.samples.append(seconds * 1000.0)

    def on_event(self, client: Client, name: str, data: Any) -> None:
        if name == "state" and client.user is not None:
            m: Member = client.user
            m.room.on_state(m, data, client.last_len)

    # -- phases -------------------------------------------------------------------
    async def connect(self, concurrency: int = 64) -> None:
        self.loop = asyncio.get_running_loop()
        sem = asyncio.Semaphore(concurrency)

        async def one(room: Room, phone: int | None) -> None:
            async with sem:
                c = Client(self.host, self.port_for(room, phone), self.on_event)
                await c.connect()
            m = Member(room, c)
            c.user = m
            if phone is None:
                room.table = m
            else:
                room.phones.append(m)

        jobs = []
        for room in self.rooms:
            jobs.append(one(room, None))
            jobs.extend(one(room, i) for i in range(self.phones))
        await asyncio.gather(*jobs)
        for room in self.rooms:
            room.members = [room.table] + room.phones

    async def setup(self, concurrency: int = 32) -> None:
        sem = asyncio.Semaphore(concurrency)

        async def one(room: Room) -> None:
            async with sem:
                answer = await room.table.client.call("room.create", {})
                assert answer.get("ok"), answer
                room.code = answer["code"]
                for i, m in enumerate(room.phones):
                    answer = await m.client.call("player.join", {"code": room.code, "name": f"Guest {i + 1}"})
                    assert answer.get("ok"), answer
                    m.pid = answer["player_id"]

        await asyncio.gather(*(one(r) for r in self.rooms))

    async def start(self, concurrency: int = 32) -> None:
        sem = asyncio.Semaphore(concurrency)

        async def one(room: Room) -> None:
            async with sem:
                answer = await room.table.client.call("game.start", {"mode": self.mode, "options": {}})
                assert answer.get("ok"), answer

        await asyncio.gather(*(one(r) for r in self.rooms))

    async def run(self, seconds: float, warmup: float) -> dict:
        self.running = True
        t_start = time.perf_counter()
        self.warm_until = t_start + warmup
        self.samples = []
        end = t_start + seconds
        period = 1.0 / self.rate

        async def ticker(room: Room) -> None:
            nxt = t_start + self.rng.random() * period
            while True:
                delay = nxt - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
                if nxt >= end:
                    return
                nxt += period
                if room.quiet():
                    room.step(tick=True)
                else:
                    self.ticks_skipped += 1

        await asyncio.gather(*(ticker(r) for r in self.rooms))
        self.running = False
        # Let every frame in flight land, then count.
        deadline = time.perf_counter() + 5.0
        while time.perf_counter() < deadline:
            if all(r.inflight == 0 and not r.restarting and all(m.last_rev == r.max_rev for m in r.members)
                   for r in self.rooms):
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.3)
        elapsed = time.perf_counter() - t_start
        lost = dups = disconnected = 0
        table_frames = table_bytes = phone_frames = phone_bytes = 0
        for r in self.rooms:
            for m in r.members:
                lost += m.gaps + (r.max_rev - (m.last_rev or 0))
                dups += m.dups
                disconnected += m.client.closed
            table_frames += r.table.frames
            table_bytes += r.table.frame_bytes
            for m in r.phones:
                phone_frames += m.frames
                phone_bytes += m.frame_bytes
        return {
            "samples": self.samples,
            "measured_seconds": max(0.0, seconds - warmup),
            "elapsed": elapsed,
            "lost": lost,
            "duplicated": dups,
            "disconnected": disconnected,
            "acts_sent": self.acts_sent,
            "acts_ok": self.acts_ok,
            "failed_draws": self.failed_draws,
            "ticks_blocked": self.ticks_blocked,
            "ticks_skipped": self.ticks_skipped,
            "games_restarted": self.games_restarted,
            "refusals": self.refusals,
            "table_frames": table_frames,
            "table_bytes": table_bytes,
            "phone_frames": phone_frames,
            "phone_bytes": phone_bytes,
        }

    async def close(self) -> None:
        await asyncio.gather(*(m.client.close() for r in self.rooms for m in r.members), return_exceptions=True)


def worker_main(conn, host: str, port: int | list[int], rooms: int, phones: int, mode: str, rate: float,
                seed: int, first_index: int, spread: bool = False) -> None:
    """Entry point of a load-generator process: obey the parent's phases."""
    import gc

    gen = Generator(host, port, rooms, phones, mode, rate, seed, first_index, spread)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        while True:
            cmd, *args = conn.recv()
            try:
                if cmd == "connect":
                    loop.run_until_complete(gen.connect())
                    conn.send(("ok", None))
                elif cmd == "setup":
                    loop.run_until_complete(gen.setup())
                    conn.send(("ok", None))
                elif cmd == "start":
                    loop.run_until_complete(gen.start())
                    gc.collect()
                    gc.freeze()  # fewer full collections while measuring
                    conn.send(("ok", None))
                elif cmd == "run":
                    conn.send(("ok", loop.run_until_complete(gen.run(*args))))
                elif cmd == "close":
                    loop.run_until_complete(gen.close())
                    conn.send(("ok", None))
                    return
            except Exception as exc:  # report, then let the parent decide
                conn.send(("error", f"{type(exc).__name__}: {exc}"))
                if cmd != "run":
                    return
    finally:
        loop.close()
