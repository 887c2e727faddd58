"""Crash trials through the whole recording path: rules, journal, fsync, SIGKILL.

Run: python benchmarks/crash_trials.py [--trials 200]

Each trial starts a process that records legal indian-official entries into
one stored session through ``Recording.record`` (exactly what the app and
``scorekeeper record`` do) and prints "ack SEQ KIND" after each entry is
reported recorded. The process is killed with SIGKILL at a random moment.
Then the session must open, fold through the rules, and hold every entry
that was acknowledged, in order. Prints: trials, corrupted files, lost entries.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scorekeeper.core.header import make_header  # noqa: E402
from scorekeeper.services.recording import create_session, load_session, open_recording  # noqa: E402
from scorekeeper.storage import Store  # noqa: E402

WRITER = r"""
import random, sys
sys.path.insert(0, {root!r})
sys.path.insert(0, {bench!r})
from pathlib import Path
from scorekeeper.services.recording import open_recording
from scorekeeper.storage import Store
from sessions import random_entry
rng = random.Random(int(sys.argv[2]))
with open_recording(Store(Path(sys.argv[1])), 1) as rec:
    print("ready", flush=True)
    while True:
        event = rec.record(random_entry(rec.session, rng))
        print(f"ack {{event.seq}} {{event.kind}}", flush=True)
"""


@dataclass
class Outcome:
    trials: int = 0
    corrupted: int = 0
    lost: int = 0
    acked: int = 0


def one_trial(folder: Path, seed: int, rng: random.Random) -> tuple[bool, int, int]:
    """(file opened and folded, entries acked, entries lost)."""
    store = Store(folder)
    if not store.ids():
        create_session(store, make_header("indian-official", ["Aki", "Ben", "千尋", "Dai", "Emi"]))
    script = WRITER.format(root=str(ROOT), bench=str(ROOT / "benchmarks"))
    proc = subprocess.Popen(
        [sys.executable, "-c", script, str(folder), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    if proc.stdout.readline().strip() != "ready":
        proc.kill()
        raise RuntimeError("the writer did not start")
    time.sleep(rng.uniform(0.0, 0.25))
    os.kill(proc.pid, signal.SIGKILL)
    acked = [line.split() for line in proc.stdout.read().splitlines() if line.startswith("ack")]
    proc.wait()
    try:
        session = load_session(store, 1)
        # and it opens for writing again (the torn tail is set aside)
        with open_recording(store, 1):
            pass
    except Exception:
        return False, len(acked), len(acked)
    stored = {event.seq: event.kind for event in session.events}
    lost = sum(1 for _, seq, kind in acked if stored.get(int(seq)) != kind)
    return True, len(acked), lost


def run(trials: int, seed: int = 1) -> Outcome:
    rng = random.Random(seed)
    outcome = Outcome()
    with tempfile.TemporaryDirectory() as folder:
        for trial in range(trials):
            ok, acked, lost = one_trial(Path(folder), seed * 1000 + trial, rng)
            outcome.trials += 1
            outcome.corrupted += 0 if ok else 1
            outcome.lost += lost
            outcome.acked += acked
    return outcome


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--trials", type=int, default=200)
    args = parser.parse_args()
    start = time.perf_counter()
    outcome = run(args.trials)
    took = time.perf_counter() - start
    print(f"trials: {outcome.trials}")
    print(f"entries acknowledged before the kills: {outcome.acked}")
    print(f"corrupted files: {outcome.corrupted}")
    print(f"lost entries: {outcome.lost}")
    print(f"({took:.0f} s)")


if __name__ == "__main__":
    main()
