"""What checking the whole hash chain costs in an open that folds every entry.

Run: python benchmarks/bench_open.py [--entries 1000 10000] [--runs 7]
For each length, a stored indian-official session (seeded) is opened as ``show`` and the
exports open it (``load_session``: read, check the chain, fold through the rules); the
chain check alone is timed on the same entries. Medians are printed.

The claim it backs (docs/storage.md, docs/performance.md): the chain is checked whole on
every such open, without the chain checkpoint side file that earlier versions kept (it
was a hint the journal did not vouch for); the check is a small share of the open, which
the fold dominates, and both grow linearly. The app and ``record`` open long sessions
from their snapshot instead (bench_record.py, bench_startup.py).
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

from scorekeeper.services.recording import create_session, load_session
from scorekeeper.storage import Store
from scorekeeper.storage.hashchain import verify


def _timed(action: object) -> float:
    start = time.perf_counter()
    action()  # type: ignore[operator]
    return time.perf_counter() - start


def measure(entries: int, runs: int) -> dict[str, float]:
    session = make_session(entries)
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder))
        sid = create_session(store, session.header, session.events)
        stored = store.read(sid)
        times: dict[str, list[float]] = {"open": [], "check": []}
        for _ in range(runs):
            times["open"].append(_timed(lambda: load_session(store, sid)))
            times["check"].append(_timed(lambda: verify(stored.header, stored.events)))
        return {k: statistics.median(v) for k, v in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    for n in args.entries:
        m = measure(n, args.runs)
        share = m["check"] / m["open"] * 100
        print(
            f"{n:>7} entries: open {m['open']:.3f} s, of which the whole chain check"
            f" {m['check'] * 1000:.1f} ms ({share:.0f}%)"
        )


if __name__ == "__main__":
    main()
