"""A very short run of the flood benchmark (``python -m bench.flood``):
it runs end to end, the other rooms' moves are measured beside the flood of
three flooders, each a process of its own, and every flooder is cut off.
No timing is asserted (the target is the benchmark's own verdict, taken on
a quiet machine: bench/RESULTS.md)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from tests import ROOT



@pytest.mark.slow
def test_flood_benchmark_smoke():
    cmd = [sys.executable, "-m", "bench.flood", "--rooms", "2", "--phones", "2", "--seconds", "1.5",
           "--kinds", "truncated,rejoin,eio-ping,polling-unknown", "--json"]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode in (0, 1), done.stderr[-3000:]  # 1: the p95 target missed
    line = json.loads(done.stdout.strip().splitlines()[-1])
    assert [r["kind"] for r in line["runs"]] == ["none", "truncated", "rejoin", "eio-ping", "polling-unknown"]
    assert all(r["moves"] > 0 and r["lost"] == 0 for r in line["runs"])
    assert line["flooders"] == 3
    for run in line["runs"][1:]:
        flood = run["flood"]
        assert flood["sent"] > 0 and flood["connections"] >= 3 and len(flood["flooders"]) == 3
        assert all(f["closed_by_server"] >= 1 for f in flood["flooders"])
    assert line["ok"] == (line["worst_p95_ms"] < line["target_p95_ms"])
