"""``python -m bench.rules`` covers every mode: a short run of each plays to
its steps without a stuck engine. No timing is asserted (figures are read by
people, from the benchmark)."""

from __future__ import annotations

import pytest

from bench.rules import time_mode
from partyapp.games import MODES


@pytest.mark.parametrize("mode", sorted(MODES))
def test_rules_benchmark_runs_every_mode(mode):
    """Bots play the mode for the steps asked, through several games."""
    row = time_mode(mode, 12, 300, 1)
    assert row["mode"] == mode and row["steps"] == 300
    assert row["apply_p99_ms"] is not None and row["save_p99_ms"] is not None
