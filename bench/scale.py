"""Scale-out figures side by side: ``python -m bench.scale``.

The same load (``bench.load``: rooms of a table and phones playing Ring of
Fire) is run, in one go and interleaved ``--repeat`` times so that whatever
else the machine runs weighs on every configuration alike, against:

- ``1x sqlite``: one process on SQLite (``make run``, the party);
- ``1x redis``: one process on a Redis of its own;
- ``Nx redis``: N processes on one Redis, every client of a room on the
  same process (as nginx routes them, ``deploy/nginx.conf``);
- ``Nx redis spread``: N processes, each room's phones on every process in
  turn, so that most frames cross the message queue (no routing at all).

It reports, per configuration, the median over the repeats of the server
processes' CPU per room change (all processes together), Redis's CPU per
change, queue messages per change, and what the rest of the machine used
meanwhile; then the overheads: the Redis store over SQLite, N routed
processes over one, and the queue (spread over routed).

    python -m bench.scale                          # 2 processes, 40 rooms, 3 x 20 s each
    python -m bench.scale --processes 4 --rooms 80 --repeat 5
    python -m bench.scale --json                   # only the JSON line
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from . import load

FIGURES = ("server_cpu_ms_per_act", "redis_cpu_ms_per_act", "queue_msgs_per_act", "p50_ms", "p95_ms",
           "acts_per_s", "server_cpu_pct", "redis_cpu_pct", "other_cpu_pct", "generator_cpu_pct")


def configurations(n: int) -> list[tuple[str, int, bool]]:
    """(name, processes (0: one on SQLite), spread)."""
    return [("1x sqlite", 0, False), ("1x redis", 1, False), (f"{n}x redis", n, False),
            (f"{n}x redis spread", n, True)]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.scale", description=__doc__.split("\n\n")[0])
    p.add_argument("--processes", type=int, default=2, help="N, the processes of the scaled-out runs")
    p.add_argument("--rooms", type=int, default=40)
    p.add_argument("--phones", type=int, default=6)
    p.add_argument("--rate", type=float, default=1.0, help="draws per second per room")
    p.add_argument("--seconds", type=float, default=20.0, help="length of each measured run")
    p.add_argument("--repeat", type=int, default=3, help="runs of each configuration, interleaved")
    p.add_argument("--procs", type=int, default=2, help="load-generator processes")
    p.add_argument("--aof", default="everysec", choices=["no", "everysec", "always"])
    p.add_argument("--json", action="store_true", help="print only the JSON line")
    args = p.parse_args(argv)
    if args.processes < 2:
        p.error("--processes must be 2 or more")
    return args


def load_args(args: argparse.Namespace) -> argparse.Namespace:
    """The arguments of one ``bench.load`` run."""
    return load.parse_args(["--rooms", str(args.rooms), "--phones", str(args.phones), "--rate", str(args.rate),
                            "--seconds", str(args.seconds), "--procs", str(args.procs), "--aof", args.aof])


def median(runs: list[dict], key: str) -> float:
    return round(statistics.median(r[key] for r in runs), 3)


def overhead(a: float, b: float) -> float:
    """How much more ``a`` costs than ``b``, in percent."""
    return round(100.0 * (a / b - 1.0), 1) if b else float("nan")


def summarise(results: dict[str, list[dict]], n: int) -> dict:
    names = [c[0] for c in configurations(n)]
    table = {name: {k: median(results[name], k) for k in FIGURES} for name in names}
    for name in names:
        runs = results[name]
        table[name]["lost"] = sum(r["lost"] for r in runs)
        table[name]["duplicated"] = sum(r["duplicated"] for r in runs)
        table[name]["runs_server_cpu_ms_per_act"] = [r["server_cpu_ms_per_act"] for r in runs]
        table[name]["total_cpu_ms_per_act"] = round(table[name]["server_cpu_ms_per_act"]
                                                    + table[name]["redis_cpu_ms_per_act"], 3)
    sqlite, one, routed, spread = (table[x] for x in names)
    return {
        "configurations": table,
        "overhead_pct": {
            "redis_store_over_sqlite": overhead(one["server_cpu_ms_per_act"], sqlite["server_cpu_ms_per_act"]),
            "routed_processes_over_one_redis": overhead(routed["server_cpu_ms_per_act"], one["server_cpu_ms_per_act"]),
            "routed_processes_over_one_sqlite": overhead(routed["server_cpu_ms_per_act"],
                                                         sqlite["server_cpu_ms_per_act"]),
            "routed_with_redis_cpu_over_one_sqlite": overhead(routed["total_cpu_ms_per_act"],
                                                              sqlite["server_cpu_ms_per_act"]),
            "queue_spread_over_routed": overhead(spread["server_cpu_ms_per_act"], routed["server_cpu_ms_per_act"]),
        },
    }


def report(summary: dict, n: int) -> str:
    names = [c[0] for c in configurations(n)]
    rows = [("server CPU ms per change", "server_cpu_ms_per_act"), ("  each run", "runs_server_cpu_ms_per_act"),
            ("Redis CPU ms per change", "redis_cpu_ms_per_act"), ("both, ms per change", "total_cpu_ms_per_act"),
            ("queue messages per change", "queue_msgs_per_act"), ("changes per s", "acts_per_s"),
            ("p50 ms", "p50_ms"), ("p95 ms", "p95_ms"), ("lost / duplicated", None),
            ("server CPU % of a core", "server_cpu_pct"), ("Redis CPU % of a core", "redis_cpu_pct"),
            ("generator CPU %", "generator_cpu_pct"), ("rest of the machine, CPU %", "other_cpu_pct")]
    conf = summary["configurations"]
    lines = [f"{'':30}" + "".join(f"{name:>20}" for name in names)]
    for label, key in rows:
        cells = []
        for name in names:
            c = conf[name]
            value = f"{c['lost']} / {c['duplicated']}" if key is None else c[key]
            if isinstance(value, list):
                value = " ".join(f"{v:g}" for v in value)
            cells.append(f"{value!s:>20}")
        lines.append(f"{label:30}" + "".join(cells))
    o = summary["overhead_pct"]
    lines += ["", "overhead per change (server processes' CPU, medians):",
              f"  Redis store over SQLite, one process:        {o['redis_store_over_sqlite']:+.1f} %",
              f"  {n} routed processes over one, both on Redis: {o['routed_processes_over_one_redis']:+.1f} %",
              f"  {n} routed processes over one on SQLite:      {o['routed_processes_over_one_sqlite']:+.1f} %"
              f" ({o['routed_with_redis_cpu_over_one_sqlite']:+.1f} % with Redis's own CPU)",
              f"  the queue: spread rooms over routed ones:    {o['queue_spread_over_routed']:+.1f} %"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    load.raise_fd_limit()
    log = (lambda *a, **k: print(*a, file=sys.stderr, **k)) if args.json else print
    info = load.machine()
    run_args = load_args(args)
    n = args.processes
    load_before = os.getloadavg()
    log(f"machine: {info['nproc']} cores, {info['cpu']}, Python {info['python']}; "
        f"load average {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}")
    log(f"load: {args.rooms} rooms x (1 table + {args.phones} phones), {args.rate:g} draw/s/room, {args.seconds:g} s "
        f"per run, {args.repeat} runs of each configuration interleaved, Redis AOF {args.aof}")
    results: dict[str, list[dict]] = {name: [] for name, _, _ in configurations(n)}
    started = time.monotonic()
    for i in range(args.repeat):
        for name, processes, spread in configurations(n):
            r = load.run_once(run_args, "app", log=log, processes=processes, spread=spread)
            results[name].append(r)
            log(f"run {i + 1}/{args.repeat} {name}: server CPU {r['server_cpu_ms_per_act']} ms/change, Redis "
                f"{r['redis_cpu_ms_per_act']} ms/change, queue {r['queue_msgs_per_act']} msg/change, "
                f"p95 {r['p95_ms']} ms, lost {r['lost']}, rest of the machine {r['other_cpu_pct']} %")
    summary = summarise(results, n)
    load_after = os.getloadavg()
    summary.update({"machine": info, "processes": n, "rooms": args.rooms, "phones": args.phones, "rate": args.rate,
                    "seconds": args.seconds, "repeat": args.repeat, "aof": args.aof,
                    "loadavg_before": [round(x, 2) for x in load_before],
                    "loadavg_after": [round(x, 2) for x in load_after],
                    "minutes": round((time.monotonic() - started) / 60, 1)})
    if not args.json:
        print()
        print(report(summary, n))
        print(f"\nload average before {load_before[0]:.2f}, after {load_after[0]:.2f} (1 min); "
              f"{info['nproc']} cores\n")
    return load.json_line(summary)


if __name__ == "__main__":
    sys.exit(main())
