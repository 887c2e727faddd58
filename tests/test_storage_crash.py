"""kill -9 a writer at random moments: every acknowledged append must survive.

SIGKILL does not model a power cut (the kernel still writes out its cache),
but it does catch any window where an append was acknowledged before it was
handed to the kernel, and any recovery that cannot cope with what a killed
writer leaves behind. Trials: $SCOREKEEPER_CRASH_TRIALS (default 20).
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper.storage import Store

REPO = Path(__file__).resolve().parents[1]
WRITER = Path(__file__).resolve().parent / "crash_writer.py"
ACK = re.compile(r"ack (\d+)")

pytestmark = [
    pytest.mark.crash,
    pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL"),
]


def test_sigkill_never_loses_an_acknowledged_append(tmp_path: Path) -> None:
    trials = int(os.environ.get("SCOREKEEPER_CRASH_TRIALS", "20"))
    seed = int(os.environ.get("SCOREKEEPER_CRASH_SEED", str(random.randrange(2**32))))
    rng = random.Random(seed)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    store = Store(tmp_path)
    sid = store.create({"game": "crash-test"})
    acked: list[int] = []

    for trial in range(trials):
        proc = subprocess.Popen(
            [sys.executable, str(WRITER), str(tmp_path), str(sid)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert proc.stdout is not None
        # Mostly kill while appending; every fourth trial also during start-up
        # and the recovery of what the previous kill left.
        if trial % 4 != 3:
            ready = proc.stdout.readline()
            assert ready == "ready\n", (ready, proc.stderr.read() if proc.stderr else "")
        time.sleep(rng.uniform(0.0, 0.3))
        proc.send_signal(signal.SIGKILL)
        out, err = proc.communicate(timeout=20)
        assert proc.returncode == -signal.SIGKILL, err
        got = [int(m.group(1)) for m in map(ACK.fullmatch, out.splitlines()) if m]
        acked.extend(got)

        context = f"seed={seed} trial={trial}"
        seqs = [int(e["seq"]) for e in store.read(sid).events]
        # In order, no duplicates, no gaps: each writer continues after what is stored.
        assert seqs == list(range(1, len(seqs) + 1)), context
        assert set(acked) <= set(seqs), (context, sorted(set(acked) - set(seqs))[:5])
        with store.open_writer(sid) as writer:
            assert [int(e["seq"]) for e in writer.events] == seqs, context

    assert acked == sorted(set(acked))
    assert len(acked) > trials  # the kills did land in the middle of appending
