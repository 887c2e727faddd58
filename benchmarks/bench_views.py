"""What a user waits for when reading a long chip session: ``scorekeeper timeline`` and
``scorekeeper export --format html``, each as its own process, from the command line.

Run: python benchmarks/bench_views.py [--entries N] [--runs R]
A session of N random legal indian-chips entries (default 20,000; seeded) is
imported once; each command then runs R times (default 5) on the stored
session, the two commands alternating, and the median wall time of each is
printed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from scorekeeper.core.events import Entry
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.transcript import write_transcript

SKIP = ("end", "leave", "join", "rebuy", "recorder", "note", "undo")


def chip_session(entries: int, seed: int = 3) -> Session:
    rng = random.Random(seed)
    session = Session(make_header("indian-chips", ["A", "B", "C", "D"], {"stack": "1000000"}))
    start = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
    while len(session.events) < entries:
        action = rng.choice([a for a in session.legal() if a.kind not in SKIP])
        if action.kind == "showdown":
            order = list(action.choices)
            rng.shuffle(order)
            data: dict[str, object] = {"ranking": [[name] for name in order]}
        elif action.kind == "round":
            data = {}
        else:
            data = {"player": rng.choice(action.choices)}
        session.record(Entry(action.kind, data), start + timedelta(seconds=len(session.events)))
    return session


def run(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "chips.txt"
        path.write_text(write_transcript(chip_session(args.entries)), encoding="utf-8")
        base = [sys.executable, "-m", "scorekeeper", "--data-dir", folder]
        subprocess.run([*base, "import", str(path)], check=True, stdout=subprocess.DEVNULL)
        commands = {  # on the stored session, as a user runs them
            "timeline": [*base, "timeline", "1"],
            "export html": [*base, "export", "1", "--format", "html"],
        }
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, command in commands.items():
                times[name].append(run(command))
        for name, samples in times.items():
            print(f"{name:<12} {args.entries} entries: median {statistics.median(samples):.2f} s")


if __name__ == "__main__":
    main()
