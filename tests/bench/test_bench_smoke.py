"""A very short run of the load benchmark (``python -m bench.load``) against a
real server process. No timing is asserted: only that the benchmark runs end
to end and nothing was lost."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from tests import ROOT


KEYS = {"p50_ms", "p95_ms", "p99_ms", "max_ms", "lost", "duplicated", "actions_per_s", "server_rss_mb",
        "rss_per_socket_kb", "rooms", "phones", "changes", "server_cpu_ms_per_change", "frames_per_change"}


def run_load(*extra: str) -> dict:
    cmd = [sys.executable, "-m", "bench.load", "--rooms", "3", "--phones", "3", "--seconds", "1.5",
           "--rate", "2", "--procs", "1", "--json", *extra]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def check_run(result: dict, app: bool = False) -> None:
    assert KEYS <= result.keys()
    assert result["rooms"] == 3 and result["phones"] == 3
    assert result["lost"] == 0
    assert result["duplicated"] == 0
    assert result["samples"] > 0
    assert result["changes"] > 0
    # A baseline's few changes in a run this short may take less than one
    # tick of the CPU clock (10 ms): only the app's are sure to show.
    assert result["server_cpu_ms_per_change"] >= 0
    if app:
        assert result["server_cpu_ms_per_change"] > 0
    assert result["frames_per_change"] == 4.0  # the table and three phones, once each


@pytest.mark.slow
def test_load_benchmark_smoke():
    line = run_load("--baseline", "--baseline-you-only")
    check_run(line, app=True)
    for result in (line["baseline"], line["you-only"]):
        check_run(result)
    assert line["baseline"]["same_load"]["checks"]["frames_per_change"]["ok"]
    # the same frames, but a phone's holds only the rev and its own ``you``
    assert line["you-only"]["same_load"]["checks"]["frames_per_change"]["ok"]
    assert line["you-only"]["phone_frame_bytes"] < line["baseline"]["phone_frame_bytes"] / 3
    assert line["you-only"]["same_load"]["checks"]["table_frame_bytes"]["ok"]


@pytest.mark.slow
def test_node_baseline_smoke():
    """The socket.io baseline on Node.js carries the same protocol for the
    generator, frame for frame."""
    line = run_load("--baseline-node")
    check_run(line["node"])
    checks = line["node"]["same_load"]["checks"]
    assert checks["frames_per_change"]["ok"] and checks["phone_frame_bytes"]["ok"]


@pytest.mark.slow
def test_rules_benchmark_smoke():
    """``python -m bench.rules`` times every mode, also with --repeat."""
    cmd = [sys.executable, "-m", "bench.rules", "--steps", "60", "--repeat", "2", "--json"]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    line = json.loads(done.stdout.strip().splitlines()[-1])
    from partyapp.games import MODES

    assert line["repeat"] == 2 and {m["mode"] for m in line["modes"]} == set(MODES)
    assert all(m["steps"] == 60 and m["apply_p99_ms"] > 0 for m in line["modes"])


@pytest.mark.slow
def test_scale_benchmark_smoke():
    """``python -m bench.scale`` (``make bench-scale``) runs its four
    configurations end to end: nothing lost, the queue quiet while each
    room's clients are on one process and busy when they are spread."""
    cmd = [sys.executable, "-m", "bench.scale", "--rooms", "4", "--phones", "3", "--seconds", "1.5", "--rate", "2",
           "--procs", "1", "--repeat", "1", "--json"]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    line = json.loads(done.stdout.strip().splitlines()[-1])
    conf = line["configurations"]
    assert list(conf) == ["1x sqlite", "1x redis", "2x redis", "2x redis spread"]
    for name, figures in conf.items():
        assert figures["lost"] == 0 and figures["duplicated"] == 0, name
        assert figures["server_cpu_ms_per_act"] > 0, name
    assert conf["1x sqlite"]["redis_cpu_ms_per_act"] == 0
    assert conf["2x redis"]["queue_msgs_per_act"] == 0
    assert conf["2x redis spread"]["queue_msgs_per_act"] > 0.5
    assert set(line["overhead_pct"]) >= {"redis_store_over_sqlite", "routed_processes_over_one_redis",
                                         "queue_spread_over_routed"}
