"""Does an append cost the same with 10,000 events stored as with 100?

Median time of one durable append (returns only after fsync) to a session that
already holds N events, for the journal storage and, side by side in the same
run on the same disk, sqlite3 in WAL mode with synchronous=FULL inserting the
same JSON text. Every store at every size is open at once and the appends alternate
among them (``run_samples``), so a shared disk's bursts fall on all alike. The ratio
N=10,000 / N=100 should stay near 1.

    python benchmarks/bench_storage.py [--appends 200] [--dir /path/on/the/disk/to/test]

run_all.py reuses :func:`run_samples`.
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
from contextlib import ExitStack
from pathlib import Path

try:
    from scorekeeper.storage import Store
except ImportError:  # run from a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from scorekeeper.storage import Store

SIZES = (100, 1_000, 10_000)


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


Append = Callable[[int], object]


def journal_append(folder: Path, stored: int, stack: ExitStack) -> Append:
    """One durable append to a journal of *stored* entries (its writer kept open)."""
    store = Store(folder / f"journal-{stored}")
    sid = store.create({"game": "bench"}, (event(n) for n in range(1, stored + 1)))
    writer = stack.enter_context(store.open_writer(sid))
    return lambda i: writer.append(event(stored + 10 + i))


def sqlite_append(folder: Path, stored: int, stack: ExitStack) -> Append:
    """One durable insert (autocommit) into a WAL database of *stored* rows."""
    conn = sqlite3.connect(folder / f"sqlite-{stored}.db", isolation_level=None)
    stack.callback(conn.close)
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

    return insert


STORES = {"journal (scorekeeper)": journal_append, "sqlite3 WAL, FULL": sqlite_append}


def run_samples(folder: Path, appends: int, warmup: int = 5) -> dict[str, dict[int, list[float]]]:
    """Every store at every size open at once, then one append to each in turn, *appends*
    times, the order reversed every pass (A B C …, … C B A): each cell's appends are spread
    over the whole run, so a burst of another process's fsyncs falls on all of them alike,
    not on one block. The seconds of each append, by store and size."""
    with ExitStack() as stack:
        cells = {
            (name, stored): make(folder, stored, stack)
            for stored in SIZES
            for name, make in STORES.items()
        }
        for i in range(warmup):
            for append in cells.values():
                append(-1 - i)
        times: dict[tuple[str, int], list[float]] = {cell: [] for cell in cells}
        order = list(cells)
        for i in range(appends):
            for cell in order if i % 2 == 0 else reversed(order):
                start = time.perf_counter()
                cells[cell](i)
                times[cell].append(time.perf_counter() - start)
    return {name: {n: times[name, n] for n in SIZES} for name in STORES}


def run(folder: Path, appends: int) -> dict[str, dict[int, float]]:
    """The median seconds of a durable append, by store and size (alternated)."""
    samples = run_samples(folder, appends)
    return {name: {n: statistics.median(row[n]) for n in row} for name, row in samples.items()}


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
