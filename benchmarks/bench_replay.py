"""Replay time of long transcripts, and recording time through the whole path.

Run: python benchmarks/bench_replay.py
Prints the time to read and fold a 10,000-entry transcript (and 100,000 with
--big), and the median time to record one entry (rules + journal append +
fsync) into stored sessions of 100, 1,000 and 10,000 entries.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sessions import make_session, random_entry

from scorekeeper.core.transcript import read_session, write_transcript
from scorekeeper.services.recording import Recording, create_session
from scorekeeper.storage import Store


def time_replay(entries: int, repeats: int = 3) -> float:
    text = write_transcript(make_session(entries))
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        session = read_session(text)
        best = min(best, time.perf_counter() - start)
        assert len(session.events) == entries
    return best


def time_recording(existing: int, samples: int = 200) -> float:
    import random

    rng = random.Random(11)
    seed = make_session(existing)
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder))
        sid = create_session(store, seed.header, seed.events)
        timings = []
        with Recording(store, sid) as rec:
            for _ in range(samples):
                entry = random_entry(rec.session, rng)
                start = time.perf_counter()
                rec.record(entry)
                timings.append(time.perf_counter() - start)
    return statistics.median(timings)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--big", action="store_true", help="also replay 100,000 entries")
    args = parser.parse_args()
    sizes = [10_000, 100_000] if args.big else [10_000]
    for size in sizes:
        print(f"replay of a {size:,}-entry transcript: {time_replay(size) * 1000:.0f} ms")
    medians = {n: time_recording(n) for n in (100, 1_000, 10_000)}
    for n, median in medians.items():
        print(f"record one entry with {n:>6,} stored: {median * 1000:.3f} ms (median)")
    print(f"ratio 10,000 / 100: {medians[10_000] / medians[100]:.2f}")


if __name__ == "__main__":
    main()
