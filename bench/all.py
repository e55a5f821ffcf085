"""Every figure of ``bench/RESULTS.md`` in one run: ``python -m bench.all``
(``make bench``).

Runs, one after the other, so that they never compete for the machine:

1. ``bench.load --rooms 200 --baseline --baseline-node --profile``: the app,
   the bare python-socketio baseline and socket.io on Node.js under the same
   load, side by side, with the Python servers profiled by layer (py-spy);
2. ``bench.load --rooms 60 --seconds 20 --baseline --baseline-you-only
   --baseline-batched --baseline-gevent-websocket --baseline-uwsgi --profile``:
   what was tried, on the baseline, below saturation (where CPU per change is
   not flattered by a backlog): on gevent's pywsgi with simple-websocket as
   the app; sending phones only their ``you``; writing what is queued for a
   socket in one send; on gevent-websocket; served by uWSGI;
3. ``bench.load --sweep --rooms 100 --sweep-step 50 --seconds 20``: the app
   alone, 50 rooms more each run until p95 passes 100 ms (the knee);
4. ``bench.load --rooms 100 --seconds 20 --flood``: one client sending 1,000
   events a second beside 100 busy rooms;
5. ``bench.load --rooms 4 --churn 10000``: connect/disconnect cycles and the
   server's memory growth;
6. ``bench.fanout``: a change's frames handed to seven local sockets, the
   app's way and through ``socketio.emit``;
7. ``bench.rules --repeat 3``: each engine's rules step, 12 players;
8. ``bench.pageload``: the phone and table pages in Chromium, cold and warm,
   at loopback, 60 ms / 5 Mbit/s and Fast 3G.

Each step's output is kept in ``--out`` (``bench/out/`` by default: the JSON
lines, the logs, the profiles, ``summary.md``), and the summary, with the
machine's load average before and after, is printed at the end. About 11
minutes on a quiet 2-core machine (23.5 on a shared one, at a load average of
14 to 18); Node.js and npm are needed for the Node
baseline (``npm ci`` in ``bench/node`` on first use), py-spy for the profile
(``pip install -e '.[bench]'``).

    python -m bench.all                  # everything, as RESULTS.md reports it
    python -m bench.all --rooms 100 --seconds 20 --out /tmp/bench
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from .pageload import report as pageload_report
from .profile import report as profile_report

ROOT = Path(__file__).resolve().parent.parent


def loadavg() -> str:
    return " / ".join(f"{x:.2f}" for x in os.getloadavg())


def run_step(name: str, module: str, args: list[str], out: Path) -> dict:
    """``python -m module args --json``: its JSON line, its log kept in ``out``."""
    cmd = [sys.executable, "-m", module, *args, "--json"]
    print(f"== {name}: {' '.join(cmd[1:])}", flush=True)
    t = time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    (out / f"{name}.log").write_text(done.stderr)
    if done.returncode != 0:
        sys.stderr.write(done.stderr[-4000:])
        raise SystemExit(f"{name} failed (exit {done.returncode}); log in {out / (name + '.log')}")
    line = json.loads(done.stdout.strip().splitlines()[-1])
    (out / f"{name}.json").write_text(json.dumps(line, indent=1))
    print(f"   {time.perf_counter() - t:.0f} s", flush=True)
    return line


def fmt(x, unit: str = "") -> str:
    if isinstance(x, float):
        x = f"{x:,.2f}".rstrip("0").rstrip(".") if abs(x) < 100 else f"{x:,.1f}"
    return f"{x}{unit}"


LOAD_ROWS = [
    ("p50 / p95 / p99 / max ms", lambda r: " / ".join(fmt(r[k]) for k in ("p50_ms", "p95_ms", "p99_ms", "max_ms"))),
    ("draws/s", lambda r: fmt(r["actions_per_s"])),
    ("room changes/s", lambda r: fmt(r["changes_per_s"])),
    ("changes per draw", lambda r: fmt(r["changes_per_draw"])),
    ("state frames per change", lambda r: fmt(r["frames_per_change"])),
    ("phone / table frame bytes", lambda r: f"{r['phone_frame_bytes']:,} / {r['table_frame_bytes']:,}"),
    ("lost / duplicated", lambda r: f"{r['lost']} / {r['duplicated']}"),
    ("server CPU (of one core)", lambda r: fmt(r["server_cpu_pct"], " %")),
    ("**server CPU per change**", lambda r: f"**{fmt(r['server_cpu_ms_per_change'], ' ms')}**"),
    ("of it in the kernel", lambda r: fmt(r["server_system_pct"], " %")),
    ("generator CPU", lambda r: fmt(r["generator_cpu_pct"], " %")),
    ("rest of the machine", lambda r: fmt(r["other_cpu_pct"], " %")),
    ("RSS per socket", lambda r: fmt(r["rss_per_socket_kb"], " KB")),
]


SERVERS = ("baseline", "you-only", "batched", "gevent-websocket", "uwsgi", "node")


def side_by_side(load: dict) -> list[str]:
    """The table of one ``bench.load`` run: the app and each other server."""
    servers = [load] + [load[k] for k in SERVERS if k in load]
    lines = [f"{load['rooms']} rooms x (1 table + {load['phones']} phones), {load['rate']} draw/s per room, "
             f"{load['seconds']:g} s, side by side in one run:", "",
             "| | " + " | ".join(s["server"] for s in servers) + " |",
             "|---" * (len(servers) + 1) + "|"]
    for label, get in LOAD_ROWS:
        lines.append(f"| {label} | " + " | ".join(get(s) for s in servers) + " |")
    lines.append("")
    lines.append("same load as the app: " + ", ".join(
        f"{s['server']} {'yes' if s['same_load']['ok'] else 'NO'}" for s in servers[1:]))
    return lines


def summary(load: dict, variants: dict, sweep: dict, flood: dict, churn: dict, fanout: dict, rules: dict, profiles: dict[str, str], avg: tuple[str, str],
            seconds: float) -> str:
    m = load["machine"]
    lines = [f"machine: {m['nproc']} cores, {m['cpu']}, Python {m['python']}; load average (1 / 5 / 15 min) "
             f"{avg[0]} before, {avg[1]} after; {seconds / 60:.1f} minutes in all", ""]
    lines += side_by_side(load) + [""] + side_by_side(variants)
    lines += ["", "the app alone, rooms raised until p95 passes 100 ms:", "",
              "| rooms | p50 ms | p95 ms | p99 ms | lost | server CPU |", "|---:|---:|---:|---:|---:|---:|"]
    for step in sweep["sweep"]:
        lines.append(f"| {step['rooms']} | {step['p50_ms']} | {step['p95_ms']} | {step['p99_ms']} | {step['lost']} "
                     f"| {step['server_cpu_pct']} % |")
    lines.append(f"\nknee: p95 stays <= 100 ms up to {sweep['knee_rooms']} rooms")
    f = flood["flood"]
    lines.append(f"flood: {f['sent']} events sent in {f['seconds']:.0f} s, {f['rate_limited']} answered rate_limited, "
                 f"{f['ok']} ok, disconnected {bool(f['disconnected'])}; the {flood['rooms']} other rooms: p95 "
                 f"{flood['p95_ms']} ms, p99 {flood['p99_ms']} ms, lost {flood['lost']}")
    c = churn["churn"]
    lines += ["", f"churn: {c['cycles']} connect/disconnect cycles, RSS {c['rss_before_mb']} -> {c['rss_after_mb']} MB "
              f"(+{c['churn_growth_mb']} MB; +{c['churn_growth_second_half_mb']} MB over the second half), "
              f"{c['cycles_per_s']} cycles/s",
              f"fan-out of one change to {fanout['sockets']} local sockets: {fanout['local_us_per_change']} µs "
              f"the app's way, {fanout['emit_us_per_change']} µs through socketio.emit",
              f"rules step, {rules['players']} players, apply p99: worst {rules['apply_p99_ms_worst']} ms ("
              + ", ".join(f"{r['mode']} {r['apply_p99_ms']}" for r in rules["modes"]) + ")", ""]
    ok = lambda cond: "met" if cond else "MISSED"  # noqa: E731
    lines += ["targets:",
              f"- server CPU per change <= 1.2 ms: {load['server_cpu_ms_per_change']} ms, "
              f"{ok(load['server_cpu_ms_per_change'] <= 1.2)}",
              f"- {load['rooms']} rooms: p95 <= 50 ms, p99 <= 100 ms, no lost frame: {load['p95_ms']} / "
              f"{load['p99_ms']} ms, {load['lost']} lost, "
              f"{ok(load['p95_ms'] <= 50 and load['p99_ms'] <= 100 and load['lost'] == 0)}",
              f"- churn growth < 5 MB over {c['cycles']} cycles: {c['churn_growth_mb']} MB, "
              f"{ok(c['churn_growth_mb'] < 5)}", ""]
    for kind, text in profiles.items():
        lines += [f"profile of the {kind}, by layer:", "```", text, "```", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.all", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", default=str(ROOT / "bench" / "out"), help="where the outputs are kept")
    p.add_argument("--rooms", type=int, default=200)
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--churn", type=int, default=10000)
    p.add_argument("--variant-rooms", type=int, default=60,
                   help="rooms for the run of the baseline's variants (below saturation)")
    p.add_argument("--no-node", action="store_true", help="leave out the Node.js baseline")
    args = p.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    before = loadavg()
    t0 = time.perf_counter()
    prefix = str(out / "profile")
    load = run_step("load", "bench.load", ["--rooms", str(args.rooms), "--seconds", f"{args.seconds:g}", "--baseline",
                                           *([] if args.no_node else ["--baseline-node"]), "--profile", prefix], out)
    variants = run_step("variants", "bench.load", [
        "--rooms", str(args.variant_rooms), "--seconds", "20", "--baseline", "--baseline-you-only", "--baseline-batched",
        "--baseline-gevent-websocket", "--baseline-uwsgi", "--profile", str(out / "variant")], out)
    sweep = run_step("sweep", "bench.load", ["--sweep", "--rooms", "100", "--sweep-step", "50", "--seconds", "20"], out)
    flood = run_step("flood", "bench.load", ["--rooms", "100", "--seconds", "20", "--flood"], out)
    churn = run_step("churn", "bench.load", ["--rooms", "4", "--seconds", "3", "--churn", str(args.churn)], out)
    fanout = run_step("fanout", "bench.fanout", [], out)
    rules = run_step("rules", "bench.rules", ["--repeat", "3"], out)
    pageload = run_step("pageload", "bench.pageload", ["--repeat", "3"], out)
    profiles = {}
    for kind in ("app", "baseline"):
        profiles[f"{kind} server, {args.rooms} rooms"] = profile_report(f"{prefix}-{kind}.raw", top=12)
    for kind in ("baseline", "you-only", "batched", "gevent-websocket", "uwsgi"):
        profiles[f"{kind} server, {args.variant_rooms} rooms"] = profile_report(str(out / f"variant-{kind}.raw"))
    text = summary(load, variants, sweep, flood, churn, fanout, rules, profiles, (before, loadavg()), time.perf_counter() - t0)
    text += "\n" + pageload_report(pageload)
    (out / "summary.md").write_text(text + "\n")
    print()
    print(text)
    print(f"(everything in {out})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
