"""Every benchmark in one run, each figure beside its goal; exits 1 when a goal is missed.

Run: python benchmarks/run_all.py [--quick] [--only keys startup ...] [--fixtures DIR]
     python benchmarks/run_all.py --million [--fixtures DIR]   (the 1,000,000-entry figures)

Needs the bench extra (``pip install -e '.[bench]'``: pyte, the terminal emulator
behind benchmarks/pty_harness.py). Fixtures (sessions of 100 to 100,000 entries,
transcripts, 1,000 recorded sessions) are made once per run in a temporary folder
(or in --fixtures DIR, kept for the next run). ``--quick`` skips the 100,000-entry
figures (and the start screens over 1,000 sessions) and takes fewer samples; every
other goal is still checked. ``--million`` runs only the 1,000,000-entry figures
(benchmarks/bench_million.py: peak memory of verify, import and replay; record at
1,000,000 vs 10,000 entries), never part of the default run: making that session takes
minutes (keep it with --fixtures). Progress goes to stderr; the table to stdout.

Each benchmark is also a script of its own (``python benchmarks/bench_keys.py``…);
what each measures, and how, is in its docstring. The figures in
docs/performance.md come from this script.
"""

from __future__ import annotations

import argparse
import platform
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_keys
import bench_list
import bench_million
import bench_record
import bench_replay
import bench_startup
import bench_stats
import bench_storage
import bench_web
from common import Result, byte_compiled, machine, median, print_results, seconds
from fixtures import Fixtures

HERE = Path(__file__).resolve().parent


def storage(fixtures: Fixtures, quick: bool = False) -> list[Result]:
    """The journal's durable append against sqlite (bench_storage.py): every store at every
    size open at once and their appends alternated, so that another process's fsyncs on a
    shared disk fall on all of them alike; each figure the median of its appends."""
    sizes = (100, 1_000, 10_000) if quick else (100, 1_000, 10_000, 100_000)
    setattr(bench_storage, "SIZES", sizes)  # noqa: B010  (its table's columns)
    folder = fixtures.root / "storage"
    folder.mkdir(parents=True)
    samples = bench_storage.run_samples(folder, 200 if quick else 600)
    journal_runs, sqlite_runs = samples["journal (scorekeeper)"], samples["sqlite3 WAL, FULL"]
    journal = {n: median(journal_runs[n]) for n in sizes}
    sqlite = {n: median(sqlite_runs[n]) for n in sizes}
    results = []
    for n in sizes:
        ratio = journal[n] / sqlite[n]
        results.append(
            Result(
                f"append at {n:,} entries: journal vs sqlite WAL FULL",
                f"{ratio:.2f}× ({seconds(journal[n])} / {seconds(sqlite[n])})",
                "≤ 2×",
                ratio <= 2,
                samples=journal_runs[n],
            )
        )
    flat = journal[10_000] / journal[100]
    results.append(Result("append: 10,000 vs 100 entries", f"{flat:.2f}×", "≤ 1.5×", flat <= 1.5))
    return results


BENCHMARKS: dict[str, Callable[..., list[Result]]] = {
    "storage": storage,
    "startup": bench_startup.run,
    "record": bench_record.run,
    "replay": bench_replay.run,
    "keys": bench_keys.run,
    "list": bench_list.run,
    "stats": bench_stats.run,
    "web": bench_web.run,
}


def commit() -> str:
    try:
        found = subprocess.run(
            ["git", "-C", str(HERE), "describe", "--always", "--dirty"],
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return found.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the 100,000-entry figures")
    parser.add_argument("--only", nargs="+", choices=list(BENCHMARKS), help="these benchmarks")
    parser.add_argument("--fixtures", type=Path, help="make (or reuse) the fixtures here")
    parser.add_argument(
        "--million", action="store_true", help="only the 1,000,000-entry figures (on demand)"
    )
    args = parser.parse_args()

    began = time.perf_counter()
    byte_compiled()
    chosen = args.only or list(BENCHMARKS)
    if args.million:
        BENCHMARKS["million"] = bench_million.run
        chosen = ["million"]
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as temp:
        root = args.fixtures or Path(temp)
        shutil.rmtree(root / "copies", ignore_errors=True)
        shutil.rmtree(root / "storage", ignore_errors=True)
        fixtures = Fixtures(root)
        for name in chosen:
            start = time.perf_counter()
            print(f"{name} …", file=sys.stderr, flush=True)
            try:
                found = BENCHMARKS[name](fixtures, quick=args.quick)
            except Exception as error:  # one broken benchmark must not hide the others
                traceback.print_exc()
                what = " ".join(str(error).split())[:60]
                found = [Result(f"{name}: failed", type(error).__name__, "runs", False)]
                print(f"{name} failed: {what}", file=sys.stderr)
            results += found
            took = time.perf_counter() - start
            print(f"{name} done in {took:.0f} s", file=sys.stderr, flush=True)

    words = " ".join(["python benchmarks/run_all.py", *sys.argv[1:]])
    print(f"{words}  ({datetime.now():%Y-%m-%d %H:%M}, commit {commit()}, "
          f"Python {platform.python_version()}, {machine()}, "
          f"{time.perf_counter() - began:.0f} s)")  # fmt: skip
    print()
    print_results(results)
    missed = [r for r in results if r.ok is False]
    print()
    print(f"{len(missed)} goal(s) missed" if missed else "every goal met")
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
