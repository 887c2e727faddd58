"""SIGKILL during recording through the rules: nothing reported as recorded is ever lost."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import crash_trials

pytestmark = [
    pytest.mark.crash,
    pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no SIGKILL on this platform"),
]


def test_killed_recorders_lose_nothing():
    trials = int(os.environ.get("SCOREKEEPER_CRASH_TRIALS", "20")) // 2 or 1
    outcome = crash_trials.run(trials, seed=7)
    assert outcome.trials == trials
    assert outcome.acked > 0  # the kills did land after entries were recorded
    assert outcome.corrupted == 0
    assert outcome.lost == 0
