"""The load benchmark: ``python -m bench.load``.

Starts the real server (``partyapp serve``: gevent, SQLite store) on
127.0.0.1, opens a table and N phones per room from several load-generator
processes, and has the phone whose turn it is draw, ``--rate`` times a second
per room; prompts that a card leaves open are settled by the phones they wait
for, choosing at random from their ``you.actions`` like a bot. It reports the
draw-to-last-screen latency, actions per second, lost and duplicated
``state`` frames, and the server's CPU and memory.

    python -m bench.load                       # 200 rooms x 6 phones, 30 s
    python -m bench.load --baseline            # and the bare python-socketio floor
    python -m bench.load --baseline --baseline-node   # and socket.io on Node.js too
    python -m bench.load --baseline --baseline-uwsgi  # and the baseline served by uWSGI
    python -m bench.load --baseline --baseline-gevent-websocket  # and on gevent-websocket
    python -m bench.load --baseline --baseline-batched   # and one write per socket for what is queued
    python -m bench.load --baseline --baseline-you-only   # and phones sent only their own ``you``
    python -m bench.load --sweep               # raise rooms until p95 > 100 ms
    python -m bench.load --flood               # plus one client sending 1,000 events/s
    python -m bench.load --churn 10000         # connect/disconnect cycles, RSS growth
    python -m bench.load --processes 2         # 2 processes on a Redis of their own
    python -m bench.load --processes 2 --spread   # each room's phones on both
    python -m bench.load --json                # only the JSON line

Several processes side by side (1 with SQLite, 1 and N on Redis, routed and
spread): ``python -m bench.scale``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psutil

from .cluster import Cluster
from .gen import worker_main
from .servers import Server, raise_fd_limit
from .sio import Client

TARGETS = {
    "p95_ms": 50.0,
    "p99_ms": 100.0,
    "lost": 0,
    "duplicated": 0,
    "ratio_p95": 1.3,
    "knee_rooms": 400,
    "rss_per_socket_kb": 100.0,
    "rss_per_room_kb": 50.0,
    "churn_growth_mb": 5.0,
}


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    k = (len(sorted_values) - 1) * q / 100.0
    lo = int(k)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (k - lo)


def print_table(rows: list[dict], columns: list[tuple[str, str, int]]) -> None:
    """``rows`` as a table for people: ``columns`` are (heading, key,
    width), the first left-aligned, the others right-aligned."""
    (head, key, width), rest = columns[0], columns[1:]
    print(f"{head:{width}}" + "".join(f"{h:>{w}}" for h, _, w in rest))
    for r in rows:
        print(f"{str(r[key]):{width}}" + "".join(f"{str(r[k]):>{w}}" for _, k, w in rest))


def json_line(line: dict) -> int:
    """The run's figures as one line of JSON (what bench.all reads); 0, the exit status."""
    print(json.dumps(line, separators=(",", ":")))
    return 0


def machine() -> dict:
    model = ""
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"nproc": os.cpu_count(), "cpu": model or platform.processor(),
            "python": platform.python_version()}


# -- the flooding client ----------------------------------------------------------

def flood_main(conn, port: int, per_second: int) -> None:
    """One client sending ``per_second`` events a second until told to stop;
    counts what the server answered."""

    async def go() -> dict:
        c = Client("127.0.0.1", port)
        await c.connect()
        answer = await c.call("room.create", {})
        code = answer.get("code")
        counts: dict[str, int] = {"sent": 0, "answered": 0, "ok": 0, "rate_limited": 0, "other": 0}

        def done(f: asyncio.Future) -> None:
            if f.cancelled() or f.exception() is not None:
                return
            a = f.result()
            counts["answered"] += 1
            if isinstance(a, dict) and a.get("ok"):
                counts["ok"] += 1
            elif isinstance(a, dict) and (a.get("error") or {}).get("code") == "rate_limited":
                counts["rate_limited"] += 1
            else:
                counts["other"] += 1

        loop = asyncio.get_running_loop()
        stop = loop.run_in_executor(None, conn.recv)
        t0 = time.perf_counter()
        batch = max(1, per_second // 100)
        while not stop.done():
            for _ in range(batch):
                f = c.emit("game.act", {"action": {"type": "draw"}}, ack=True)
                f.add_done_callback(done)
                counts["sent"] += 1
            elapsed = time.perf_counter() - t0
            ahead = counts["sent"] / per_second - elapsed
            await asyncio.sleep(max(0.0, ahead))
        await asyncio.sleep(0.5)
        counts["seconds"] = time.perf_counter() - t0
        counts["disconnected"] = int(c.closed)
        await c.close()
        return counts

    conn.send(asyncio.run(go()))


# -- one run -----------------------------------------------------------------------

class Pool:
    """The load-generator processes, one pipe each."""

    def __init__(self, procs: int, port: int | list[int], rooms: int, phones: int, mode: str, rate: float, seed: int,
                 spread: bool = False) -> None:
        ctx = mp.get_context("spawn")
        self.pipes = []
        self.procs = []
        share = [rooms // procs + (1 if i < rooms % procs else 0) for i in range(procs)]
        first = 0
        for i, n in enumerate(share):
            if n == 0:
                continue
            parent, child = ctx.Pipe()
            p = ctx.Process(target=worker_main, daemon=True,
                            args=(child, "127.0.0.1", port, n, phones, mode, rate, seed + i, first, spread))
            p.start()
            self.pipes.append(parent)
            self.procs.append(p)
            first += n
        self.ps = [psutil.Process(p.pid) for p in self.procs]

    def phase(self, cmd: str, *args: Any, timeout: float = 600) -> list:
        for pipe in self.pipes:
            pipe.send((cmd, *args))
        out = []
        deadline = time.monotonic() + timeout
        for pipe in self.pipes:
            if not pipe.poll(max(0.0, deadline - time.monotonic())):
                raise RuntimeError(f"load generator timed out in phase {cmd}")
            status, value = pipe.recv()
            if status != "ok":
                raise RuntimeError(f"load generator failed in phase {cmd}: {value}")
            out.append(value)
        return out

    def cpu_times(self) -> float:
        total = 0.0
        for p in self.ps:
            try:
                t = p.cpu_times()
                total += t.user + t.system
            except psutil.Error:
                pass
        return total

    def stop(self) -> None:
        for p in self.procs:
            p.join(5)
            if p.is_alive():
                p.kill()
                p.join(5)


def busy_seconds() -> float:
    """CPU seconds the whole machine has spent busy, all cores together."""
    t = psutil.cpu_times()
    return sum(t) - t.idle - getattr(t, "iowait", 0.0)


def settle_rss(server: Server, seconds: float = 1.0) -> float:
    time.sleep(seconds)
    return server.rss_mb()


def start_profile(args: argparse.Namespace, kind: str, server: Server) -> tuple | None:
    """py-spy on the server from the end of the warm-up for most of the run,
    into ``{args.profile}-{kind}.raw`` (``python -m bench.profile`` reads it)."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(spy).exists():
        raise SystemExit("--profile needs py-spy (pip install py-spy)")
    out = f"{args.profile}-{kind}.raw"
    seconds = max(1, int(args.seconds - args.warmup - 1))
    cmd = ["sh", "-c", f"sleep {args.warmup:.1f}; exec \"$0\" \"$@\"", spy, "record", "-p", str(server.proc.pid),
           "-d", str(seconds), "-r", "250", "-f", "raw", "-o", out, "--nonblocking"]
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE), out


def finish_profile(spy: tuple, log) -> None:
    proc, out = spy
    try:
        _, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        log(f"  py-spy did not finish; no profile in {out}")
        return
    if proc.returncode != 0 or not Path(out).exists():
        log(f"  py-spy failed: {err.decode(errors='replace')[-500:]}")
        return
    from .profile import report

    log(f"  profile written to {out}:")
    log("    " + report(out).replace("\n", "\n    "))


def run_once(args: argparse.Namespace, kind: str = "app", rooms: int | None = None,
             sizes: tuple[int, int] | None = None, race_prob: float = 0.0, log=print,
             processes: int | None = None, spread: bool | None = None) -> dict:
    """One run. ``processes`` (default ``args.processes``; 0: one process on
    SQLite) app processes on a Redis of their own, the rooms ``spread`` over
    them or routed (every client of a room on one process)."""
    rooms = rooms if rooms is not None else args.rooms
    processes = args.processes if processes is None else processes
    spread = args.spread if spread is None else spread
    phones = args.phones
    sockets = rooms * (1 + phones)
    public_b, private_b = sizes or (0, 0)
    app_server = kind == "app"
    if processes and app_server:
        server = Cluster(processes, aof=args.aof)
        kind = f"{processes}x redis" + (" spread" if spread else "")
    else:
        server = Server(kind, public_bytes=public_b, private_bytes=private_b, phones=phones, race_prob=race_prob)
    pool = None
    floods: list = []  # (process, pipe) of each flooder, each a process of its own
    try:
        pause = min(1.0, 0.2 + sockets / 2000)  # lets RSS settle between phases
        rss0 = settle_rss(server, pause)
        procs = max(1, min(args.procs, rooms))
        pool = Pool(procs, getattr(server, "ports", server.port), rooms, phones, args.mode, args.rate, args.seed,
                    spread)
        t = time.perf_counter()
        pool.phase("connect")
        rss1 = settle_rss(server, pause)
        log(f"  [{kind}] {sockets} sockets connected in {time.perf_counter() - t:.1f} s; "
            f"server RSS {rss0:.1f} -> {rss1:.1f} MB")
        pool.phase("setup")
        rss2 = settle_rss(server, pause)
        pool.phase("start")
        rss3 = settle_rss(server, pause)
        log(f"  [{kind}] {rooms} rooms set up: RSS {rss2:.1f} MB idle, {rss3:.1f} MB with games started")
        if args.flood or getattr(args, "bad_packets", None):
            ctx = mp.get_context("spawn")
            flooders = max(1, getattr(args, "flooders", 1)) if getattr(args, "bad_packets", None) else 1
            for i in range(flooders):
                flood_parent, flood_child = ctx.Pipe()
                if getattr(args, "bad_packets", None):
                    from .flood import bad_flood_main

                    target, fargs = bad_flood_main, (flood_child, server.port, args.bad_packets,
                                                     getattr(args, "flood_addresses", 1), i, flooders)
                else:
                    target, fargs = flood_main, (flood_child, server.port, args.flood_rate)
                flood = ctx.Process(target=target, args=fargs, daemon=True)
                flood.start()
                floods.append((flood, flood_parent))
        server.cpu_start()
        gen_cpu0 = pool.cpu_times()
        sys0 = busy_seconds()
        t_run = time.perf_counter()
        peak = [rss3]

        results = None
        for pipe in pool.pipes:
            pipe.send(("run", args.seconds, args.warmup))
        spy = start_profile(args, kind, server) if args.profile and kind != "node" else None
        outs = []
        deadline = time.monotonic() + args.seconds + 60
        for pipe in pool.pipes:
            while not pipe.poll(0.5):
                peak.append(server.rss_mb())
                if time.monotonic() > deadline:
                    raise RuntimeError("load generator did not finish its run")
            status, value = pipe.recv()
            if status != "ok":
                raise RuntimeError(f"load generator failed: {value}")
            outs.append(value)
        elapsed = time.perf_counter() - t_run
        server_cpu = server.cpu_percent()
        cluster = isinstance(server, Cluster)
        redis_cpu = server.redis_cpu_percent() if cluster else 0.0
        queue_messages = server.queue_messages() if cluster else 0
        server_sys = server.system_share()
        if spy is not None:
            finish_profile(spy, log)
        gen_cpu = 100.0 * (pool.cpu_times() - gen_cpu0) / elapsed
        machine_cpu = 100.0 * (busy_seconds() - sys0) / elapsed
        rss_end = server.rss_mb()
        flood_counts = None
        for flood, flood_parent in floods:
            flood_parent.send("stop")
        each = []
        for flood, flood_parent in floods:
            if flood_parent.poll(15):
                each.append(flood_parent.recv())
            flood.join(5)
            if flood.is_alive():
                flood.kill()
        if len(each) == 1:
            flood_counts = each[0]
        elif each:  # the flooders' counts added up, and each one's beside them
            flood_counts = {k: ((max if k == "seconds" else sum)(c[k] for c in each)
                                if isinstance(v, (int, float)) else v) for k, v in each[0].items()}
            flood_counts["flooders"] = each
        pool.phase("close")

        samples = sorted(x for o in outs for x in o["samples"])
        measured = outs[0]["measured_seconds"] if outs else 0
        total = lambda k: sum(o[k] for o in outs)  # noqa: E731
        refusals: dict[str, int] = {}
        for o in outs:
            for k, v in o["refusals"].items():
                refusals[k] = refusals.get(k, 0) + v
        results = {
            "server": kind,
            "rooms": rooms,
            "phones": phones,
            "sockets": sockets,
            "rate": args.rate,
            "mode": args.mode if app_server else "draw-only",
            "seconds": args.seconds,
            "samples": len(samples),
            "p50_ms": round(percentile(samples, 50), 2),
            "p95_ms": round(percentile(samples, 95), 2),
            "p99_ms": round(percentile(samples, 99), 2),
            "max_ms": round(samples[-1], 2) if samples else float("nan"),
            "lost": total("lost"),
            "duplicated": total("duplicated"),
            "disconnected": total("disconnected"),
            "actions_per_s": round(len(samples) / measured, 1) if measured else 0.0,
            "acts_per_s": round(total("acts_ok") / elapsed, 1),
            "frames_per_s": round((total("table_frames") + total("phone_frames")) / elapsed, 1),
            "failed_draws": total("failed_draws"),
            "ticks_skipped": total("ticks_skipped"),
            "refusals": refusals,
            "server_cpu_pct": round(server_cpu, 1),
            "generator_cpu_pct": round(gen_cpu, 1),
            "generator_procs": len(pool.procs),
            # everything else the machine ran meanwhile, in % of one core
            "other_cpu_pct": round(max(0.0, machine_cpu - server_cpu - gen_cpu - redis_cpu), 1),
            "changes": total("changes"),
            "changes_per_s": round(total("changes") / elapsed, 1),
            # a room change is one new rev: the frames it sends, its cost
            "changes_per_draw": round(total("changes") / max(1, total("draws")), 3),
            "frames_per_change": round((total("table_frames") + total("phone_frames")) / max(1, total("changes")), 3),
            "server_cpu_ms_per_change": round(server_cpu * 10 / max(1e-9, total("changes") / elapsed), 3),
            "server_system_pct": round(100 * server_sys, 1),  # of the server's CPU, in the kernel
            "server_cpu_ms_per_act": round(server_cpu * 10 / max(1e-9, total("acts_ok") / elapsed), 2),
            "processes": processes or 1,
            "store": "redis" if cluster else "sqlite",
            "spread": bool(cluster and spread),
            "redis_cpu_pct": round(redis_cpu, 1),
            "redis_cpu_ms_per_act": round(redis_cpu * 10 / max(1e-9, total("acts_ok") / elapsed), 3),
            "queue_msgs_per_act": round(queue_messages / max(1, total("acts_ok")), 3),
            "server_rss_mb": round(max(peak + [rss_end]), 1),
            "rss_start_mb": round(rss0, 1),
            "rss_per_socket_kb": round((rss1 - rss0) * 1000 / sockets, 1),
            "rss_per_room_kb": round((rss2 - rss1) * 1000 / rooms, 1),
            "rss_per_active_room_kb": round((rss3 - rss1) * 1000 / rooms, 1),
            "table_frame_bytes": round(total("table_bytes") / max(1, total("table_frames"))),
            "phone_frame_bytes": round(total("phone_bytes") / max(1, total("phone_frames"))),
        }
        if flood_counts is not None:
            results["flood"] = flood_counts
        return results
    except Exception:
        tail = server.log_tail()
        if tail:
            print(f"--- {kind} server log (tail) ---\n{tail}", file=sys.stderr)
        raise
    finally:
        for flood, _ in floods:
            if flood.is_alive():
                flood.kill()
        if pool is not None:
            for p in pool.procs:
                if p.is_alive():
                    p.kill()
            pool.stop()
        server.stop()


# -- churn: connect/disconnect cycles --------------------------------------------

async def _churn(port: int, cycles: int, concurrency: int, server: Server, log, resume: bool = True) -> dict:
    # A room with a few seats that the churning phones resume into, so the
    # seat map and the connected flag are exercised, not only the socket.
    table = Client("127.0.0.1", port)
    await table.connect()
    answer = await table.call("room.create", {})
    code = answer["code"]
    tokens = []
    for i in range(4):
        c = Client("127.0.0.1", port)
        await c.connect()
        tokens.append((await c.call("player.join", {"code": code, "name": f"Churn {i}"}))["token"])
        await c.close()
    done = 0
    marks: dict[int, float] = {}
    warm = min(1000, cycles // 10)
    step = max(1, cycles // 10)

    async def loop(k: int) -> None:
        nonlocal done
        while done < cycles:
            done += 1
            n = done
            c = Client("127.0.0.1", port)
            await c.connect()
            if resume and n % 2 == 0:
                await c.call("player.resume", {"code": code, "token": tokens[n % len(tokens)]})
            await c.close()
            if n % step == 0:
                marks[n] = round(server.rss_mb(), 1)

    rss0 = server.rss_mb()
    t0 = time.perf_counter()
    await asyncio.gather(*(loop(k) for k in range(concurrency)))
    elapsed = time.perf_counter() - t0
    await table.close()
    await asyncio.sleep(2.0)
    rss1 = server.rss_mb()
    rss_warm = marks.get(warm) or marks.get(step) or rss0
    return {"cycles": cycles, "seconds": round(elapsed, 1), "cycles_per_s": round(cycles / elapsed, 1),
            "rss_before_mb": round(rss0, 1), "rss_after_warmup_mb": round(rss_warm, 1),
            "rss_after_mb": round(rss1, 1), "churn_growth_mb": round(rss1 - rss0, 2),
            "churn_growth_after_warmup_mb": round(rss1 - rss_warm, 2),
            # from half-way to the end: a leak keeps growing, a high-water mark does not
            "churn_growth_second_half_mb": round(rss1 - marks.get(step * 5, rss0), 2),
            "rss_curve_mb": marks}


def run_churn(args: argparse.Namespace, log=print) -> dict:
    with Server("app") as server:
        time.sleep(0.5)
        return asyncio.run(_churn(server.port, args.churn, 20, server, log))


# -- reporting -----------------------------------------------------------------------

def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


# What the servers must carry alike for their figures to be compared: the
# room changes each draw brings, the frames each change sends, and the sizes.
SAME_LOAD = {"changes_per_draw": 0.10, "frames_per_change": 0.02, "table_frame_bytes": 0.03,
             "phone_frame_bytes": 0.03}


def same_load(app: dict, other: dict) -> dict:
    """Whether ``other`` carried the app's load: each figure of ``SAME_LOAD``
    within its relative tolerance (the ``you-only`` baseline's phone frames
    are smaller on purpose). Returns the figures and the verdict."""
    checks = {}
    for key, tolerance in SAME_LOAD.items():
        if key == "phone_frame_bytes" and other["server"] == "you-only":
            continue  # smaller phone frames are what that run measures
        a, b = app[key], other[key]
        checks[key] = {"app": a, other["server"]: b,
                       "ok": bool(a) and abs(b - a) <= tolerance * abs(a)}
    return {"ok": all(c["ok"] for c in checks.values()), "checks": checks}


REDIS_KEYS = ["processes", "spread", "redis_cpu_pct", "redis_cpu_ms_per_act", "queue_msgs_per_act"]
ROW_KEYS = ["rooms", "phones", "sockets", "samples", "p50_ms", "p95_ms", "p99_ms", "max_ms", "actions_per_s",
            "changes_per_s", "changes_per_draw", "frames_per_change", "frames_per_s", "lost", "duplicated",
            "server_cpu_pct", "server_cpu_ms_per_change", "server_system_pct", "generator_cpu_pct", "other_cpu_pct", "server_rss_mb",
            "rss_per_socket_kb", "rss_per_room_kb", "phone_frame_bytes", "table_frame_bytes"]


def table_text(app: dict, bases: list[dict], extra: dict) -> str:
    columns = [app] + bases
    lines = [f"{'':26}" + "".join(f"{c['server']:>14}" for c in columns)]
    keys = list(ROW_KEYS)
    if app.get("store") == "redis":  # several processes on Redis (--processes)
        keys[keys.index("server_system_pct") + 1:1] = REDIS_KEYS
    for k in keys:
        lines.append(f"{k:26}" + "".join(f"{c.get(k, '')!s:>14}" for c in columns))
    lines.append("")
    for b in bases:
        check = b["same_load"]
        figures = ", ".join(f"{k} {v['app']} / {v[b['server']]}" for k, v in check["checks"].items())
        lines.append(f"same load as the app ({b['server']}): {'yes' if check['ok'] else 'NO'} ({figures})")
    lines.append("")
    lines.append("targets:")
    lines.append(f"  server CPU per change <= 1.2 ms: {app['server_cpu_ms_per_change']} ms, "
                 f"{verdict(app['server_cpu_ms_per_change'] <= 1.2)}"
                 + "".join(f"; {b['server']} {b['server_cpu_ms_per_change']} ms" for b in bases))
    lines.append(f"  p95 <= 50 ms: {app['p95_ms']} ms, {verdict(app['p95_ms'] <= 50)}")
    lines.append(f"  p99 <= 100 ms: {app['p99_ms']} ms, {verdict(app['p99_ms'] <= 100)}")
    lines.append(f"  zero lost / duplicated: {app['lost']} / {app['duplicated']}, "
                 f"{verdict(app['lost'] == 0 and app['duplicated'] == 0)}")
    for b in bases:
        if b["server"] == "baseline":
            lines.append(f"  app p95 <= 1.3 x baseline p95: {extra['ratio_p95']}, {verdict(extra['ratio_p95'] <= 1.3)}")
    lines.append(f"  <= 100 KB per socket: {app['rss_per_socket_kb']} KB, {verdict(app['rss_per_socket_kb'] <= 100)}")
    lines.append(f"  <= 50 KB per idle room: {app['rss_per_room_kb']} KB, {verdict(app['rss_per_room_kb'] <= 50)}")
    if "flood" in app:
        f = app["flood"]
        lines.append(f"  flood: {f['sent']} events sent, {f['rate_limited']} answered rate_limited, "
                     f"{f['ok']} ok; other rooms' p95 {app['p95_ms']} ms")
    if "knee_rooms" in extra:
        lines.append(f"  knee >= 400 rooms: {extra['knee_rooms']}, {verdict((extra['knee_rooms'] or 0) >= 400)}")
    if "churn" in extra:
        c = extra["churn"]
        lines.append(f"  churn growth < 5 MB over {c['cycles']} cycles: {c['churn_growth_mb']} MB "
                     f"({c['churn_growth_after_warmup_mb']} MB after warm-up, {c['churn_growth_second_half_mb']} MB over the "
                     f"second half), {verdict(c['churn_growth_mb'] < 5)}")
    return "\n".join(lines)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__.split("\n\n")[0])
    p.add_argument("--rooms", type=int, default=200)
    p.add_argument("--phones", type=int, default=6, help="phones per room (plus one table)")
    p.add_argument("--rate", type=float, default=1.0, help="draws per second per room")
    p.add_argument("--seconds", type=float, default=30.0, help="length of the measured run")
    p.add_argument("--warmup", type=float, default=None, help="seconds at the start left out of the figures")
    p.add_argument("--mode", default="ring_of_fire")
    p.add_argument("--baseline", action="store_true", help="also run the bare python-socketio baseline")
    p.add_argument("--baseline-node", action="store_true",
                   help="also run the same baseline on Node.js socket.io v4 (bench/node; npm ci on first use)")
    p.add_argument("--baseline-uwsgi", action="store_true",
                   help="also run the python-socketio baseline served by uWSGI (gevent loop, native WebSockets)")
    p.add_argument("--baseline-gevent-websocket", action="store_true",
                   help="also run the baseline with gevent-websocket's WebSockets (installed apart, on first use)")
    p.add_argument("--baseline-batched", action="store_true",
                   help="also run the baseline writing what is queued for a socket in one send")
    p.add_argument("--baseline-you-only", action="store_true",
                   help="also run the baseline sending each phone only {rev, you} (smaller phone frames)")
    p.add_argument("--sweep", action="store_true", help="raise rooms until p95 > 100 ms; print the knee")
    p.add_argument("--sweep-step", type=int, default=100)
    p.add_argument("--sweep-max", type=int, default=1200)
    p.add_argument("--flood", action="store_true", help="add one client sending --flood-rate events/s")
    p.add_argument("--flood-rate", type=int, default=1000)
    p.add_argument("--churn", type=int, default=0, metavar="N", help="also N connect/disconnect cycles")
    p.add_argument("--profile", metavar="PREFIX",
                   help="record the Python servers with py-spy during the run into PREFIX-app.raw, PREFIX-baseline.raw (...) "
                        "and print their time by layer (python -m bench.profile)")
    p.add_argument("--procs", type=int, default=2, help="load-generator processes")
    p.add_argument("--processes", type=int, default=0, metavar="N",
                   help="N server processes on a Redis the benchmark starts (default: one process on SQLite)")
    p.add_argument("--spread", action="store_true",
                   help="with --processes: each room's phones on every process in turn (the queue carries them)")
    p.add_argument("--aof", default="everysec", choices=["no", "everysec", "always"],
                   help="with --processes: Redis's append-only file and how often it is synced")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="print only the JSON line")
    args = p.parse_args(argv)
    if args.warmup is None:
        args.warmup = min(3.0, args.seconds / 5)
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    raise_fd_limit()
    log = (lambda *a, **k: print(*a, file=sys.stderr, **k)) if args.json else print
    info = machine()
    extra: dict[str, Any] = {}
    if not args.json:
        print(f"machine: {info['nproc']} cores, {info['cpu']}, Python {info['python']}")
        print(f"load: {args.rooms} rooms x (1 table + {args.phones} phones), {args.rate} draw/s/room, "
              f"{args.seconds:g} s, mode {args.mode}, {args.procs} generator processes"
              + (", flood" if args.flood else ""))

    if args.sweep:
        steps = []
        knee = None
        rooms = args.rooms
        while rooms <= args.sweep_max:
            r = run_once(args, "app", rooms, log=log)
            steps.append({k: r[k] for k in ("rooms", "p50_ms", "p95_ms", "p99_ms", "lost", "actions_per_s",
                                            "server_cpu_pct")})
            log(f"sweep: {rooms} rooms: p95 {r['p95_ms']} ms, p99 {r['p99_ms']} ms, lost {r['lost']}, "
                f"server CPU {r['server_cpu_pct']}%")
            if r["p95_ms"] > 100 or r["lost"]:
                knee = rooms
                break
            app = r
            rooms += args.sweep_step
        last_ok = [s["rooms"] for s in steps if s["p95_ms"] <= 100 and not s["lost"]]
        extra["sweep"] = steps
        extra["knee_rooms"] = max(last_ok) if last_ok else 0
        extra["knee_first_over"] = knee
        log(f"knee: p95 stays <= 100 ms up to {extra['knee_rooms']} rooms"
            + (f"; passes 100 ms at {knee} rooms" if knee else f"; not reached by {args.sweep_max} rooms"))
        if "app" not in locals():
            app = r
    else:
        app = run_once(args, "app", log=log)
    bases: list[dict] = []
    kinds = (("baseline", args.baseline), ("you-only", args.baseline_you_only), ("batched", args.baseline_batched),
             ("gevent-websocket", args.baseline_gevent_websocket), ("uwsgi", args.baseline_uwsgi),
             ("node", args.baseline_node))
    if any(on for _, on in kinds):
        # The same number of changes per draw as the app had: its prompts
        # (race taps, picks, rules...) become baseline races of phones-1 taps.
        # A baseline game also ends (and restarts: two changes) every 52 draws.
        extra_per_draw = max(0.0, app["changes_per_draw"] - 1 - 2 / 52)
        race_prob = min(1.0, extra_per_draw / max(1, args.phones - 1))
        sizes = (app["table_frame_bytes"], app["phone_frame_bytes"])
        for kind in [k for k, on in kinds if on]:
            base = run_once(args, kind, app["rooms"], sizes=sizes, race_prob=race_prob, log=log)
            base["race_prob"] = round(race_prob, 3)
            base["same_load"] = same_load(app, base)
            bases.append(base)
    for base in bases:
        key = "ratio_p95" if base["server"] == "baseline" else f"ratio_p95_{base['server']}"
        extra[key] = round(app["p95_ms"] / base["p95_ms"], 2) if base["p95_ms"] else None
        # None where a short run measured no CPU at all (the clock's 10 ms ticks)
        extra[f"cpu_ratio_{base['server']}"] = round(
            app["server_cpu_ms_per_change"] / base["server_cpu_ms_per_change"], 2) \
            if base["server_cpu_ms_per_change"] else None
    if args.churn:
        extra["churn"] = run_churn(args, log=log)

    line = dict(app)
    line["machine"] = info
    for base in bases:
        line[base["server"]] = base
    line.update({k: v for k, v in extra.items() if k.startswith(("ratio_p95", "cpu_ratio_"))})
    if "knee_rooms" in extra:
        line["knee_rooms"] = extra["knee_rooms"]
        line["sweep"] = extra["sweep"]
    if "churn" in extra:
        line.update({k: v for k, v in extra["churn"].items() if k.startswith("churn")})
        line["churn"] = extra["churn"]
    if not args.json:
        print()
        print(table_text(app, bases, extra))
        print()
    return json_line(line)


if __name__ == "__main__":
    sys.exit(main())
