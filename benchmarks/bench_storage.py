"""Does an append cost the same with 10,000 events stored as with 100?

Median time of one durable append (returns only after fsync) to a session that
already holds N events, for the journal storage and, side by side in the same
run on the same disk, sqlite3 in WAL mode with synchronous=FULL inserting the
same JSON text. The ratio N=10,000 / N=100 should stay near 1.

    python benchmarks/bench_storage.py [--appends 200] [--dir /path/on/the/disk/to/test]

Other benchmarks can reuse :func:`median_seconds` and :func:`format_ms`.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

try:
    from scorekeeper.storage import Store
except ImportError:  # run from a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from scorekeeper.storage import Store

SIZES = (100, 1_000, 10_000)


def median_seconds(action: Callable[[int], object], repeat: int, warmup: int = 5) -> float:
    """Median wall time of ``action(i)`` over *repeat* calls, after *warmup* untimed ones."""
    for i in range(warmup):
        action(-1 - i)
    times = []
    for i in range(repeat):
        start = time.perf_counter()
        action(i)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def format_ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def event(n: int) -> dict[str, object]:
    """About 200 bytes of JSON, like a recorded bet."""
    return {
        "seq": n,
        "at": "2026-11-29T17:03:55.123456+00:00",
        "kind": "bet",
        "player": "Aiko",
        "amount": 25,
        "text": "Aiko bets 25 on the Pochen pot (点数)",
        "pad": "x" * 40,
    }


def journal_append(folder: Path, stored: int, appends: int) -> float:
    store = Store(folder / f"journal-{stored}")
    sid = store.create({"game": "bench"}, (event(n) for n in range(1, stored + 1)))
    with store.open_writer(sid) as writer:
        return median_seconds(lambda i: writer.append(event(stored + 10 + i)), appends)


def sqlite_append(folder: Path, stored: int, appends: int) -> float:
    conn = sqlite3.connect(folder / f"sqlite-{stored}.db", isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, session INTEGER, doc TEXT)")
        conn.execute("BEGIN")
        conn.executemany(
            "INSERT INTO events (session, doc) VALUES (1, ?)",
            ((json.dumps(event(n), ensure_ascii=False),) for n in range(1, stored + 1)),
        )
        conn.execute("COMMIT")

        def insert(i: int) -> None:  # autocommit: one durable transaction per insert
            text = json.dumps(event(stored + 10 + i), ensure_ascii=False)
            conn.execute("INSERT INTO events (session, doc) VALUES (1, ?)", (text,))

        return median_seconds(insert, appends)
    finally:
        conn.close()


def run(folder: Path, appends: int) -> dict[str, dict[int, float]]:
    results: dict[str, dict[int, float]] = {"journal (scorekeeper)": {}, "sqlite3 WAL, FULL": {}}
    for stored in SIZES:  # interleaved, so both see the same disk conditions
        results["journal (scorekeeper)"][stored] = journal_append(folder, stored, appends)
        results["sqlite3 WAL, FULL"][stored] = sqlite_append(folder, stored, appends)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--appends", type=int, default=200, help="timed appends per size")
    parser.add_argument("--dir", type=Path, default=None, help="folder on the disk to measure")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        results = run(Path(tmp), args.appends)
    print(f"median time per durable append, {args.appends} appends per cell")
    head = "".join(f"{f'N={n:,}':>13}" for n in SIZES)
    print(f"{'storage':<24}{head}{'10,000/100':>13}")
    for name, row in results.items():
        cells = "".join(f"{format_ms(row[n]):>13}" for n in SIZES)
        print(f"{name:<24}{cells}{row[SIZES[-1]] / row[SIZES[0]]:>13.2f}")


if __name__ == "__main__":
    main()
