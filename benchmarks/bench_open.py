"""What checking the hash chain on every open costs, next to the open itself.

Run: python benchmarks/bench_open.py [--entries 10000] [--runs 5]
A stored indian-official session of N entries (seeded) is opened R times as every
command opens it (``load_session``: read, check the chain, fold through the rules);
the chain check alone is timed on the same entries, alternating with the opens.
Medians are printed, and the share of an open that the chain check takes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sessions import make_session

from scorekeeper.recording import create_session, load_session
from scorekeeper.storage import Store
from scorekeeper.storage.hashchain import verify


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    session = make_session(args.entries)
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder))
        sid = create_session(store, session.header, session.events)
        stored = store.read(sid)
        opens, checks = [], []
        for _ in range(args.runs):
            start = time.perf_counter()
            load_session(store, sid)
            opens.append(time.perf_counter() - start)
            start = time.perf_counter()
            assert verify(stored.header, stored.events).ok
            checks.append(time.perf_counter() - start)
    whole, chain = statistics.median(opens), statistics.median(checks)
    print(
        f"open {args.entries} entries: median {whole:.3f} s, of which the chain check"
        f" {chain:.3f} s ({100 * chain / whole:.0f}%)"
    )


if __name__ == "__main__":
    main()
