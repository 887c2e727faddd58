"""The 1,000,000-entry figures (issue 36): peak memory of ``verify``, ``import`` and
``replay``, and ``record`` at 1,000,000 entries against 10,000. Run on demand only.

Run: python benchmarks/run_all.py --million [--fixtures DIR]
     (or python benchmarks/bench_million.py [--fixtures DIR])

Making the 1,000,000-entry session and its transcript takes about two minutes; keep
them with ``--fixtures DIR`` for the next run. Each command runs as a process through
PROBE (benchmarks/common.py), which notes its own peak resident memory (VmHWM).
Goals: peak memory of each ≤ 300 MiB; ``record`` at 1,000,000 entries ≤ 1.5× at 10,000.
"""

from __future__ import annotations

import argparse
import functools
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Result, alternate, ratio_result, report, run_scorekeeper, seconds
from fixtures import Fixtures, fixtures_for

MILLION = 1_000_000
MEMORY_GOAL_MIB = 300
RECORD_GOAL = 1.5


def run(
    fixtures: Fixtures, quick: bool = False, runs: int = 0, record_only: bool = False
) -> list[Result]:
    out = fixtures.root / "out-million"
    out.mkdir(exist_ok=True)
    folder = fixtures.session_folder(MILLION)
    imported = out / "imported"
    shutil.rmtree(imported, ignore_errors=True)
    commands = (
        {}
        if record_only
        else {
            "verify": ["--data-dir", str(folder), "verify", "1"],
            "import": ["--data-dir", str(imported), "import", str(fixtures.transcript(MILLION))],
            "replay": ["replay", str(fixtures.transcript(MILLION))],
        }
    )
    results = []
    for name, words in commands.items():
        done = run_scorekeeper(words, out, stdout=out / "stdout.txt", timeout=1800)
        peak = done.peak_kib / 1024
        results.append(
            Result(
                f"{name}, {MILLION:,} entries: peak memory ({seconds(done.seconds)})",
                f"{peak:.0f} MiB",
                f"≤ {MEMORY_GOAL_MIB} MiB",
                peak <= MEMORY_GOAL_MIB,
            )
        )
    sizes = (10_000, MILLION)
    copies = {n: fixtures.copy(fixtures.session_folder(n), f"record-{n}") for n in sizes}

    def record(n: int) -> float:
        words = ["--data-dir", str(copies[n]), "record", "1", "note x"]
        return run_scorekeeper(words, out, timeout=1800).seconds

    # The first record on a journal whose last vouch line is of the first form (what the
    # fixtures hold when an older program made them) reads it whole and keeps a snapshot
    # of the new form: once. Shown for information; the alternated runs come after it.
    for n in sizes:
        first = record(n)
        results.append(Result(f"record, {n:,} entries: the first, from an older snapshot",
                              seconds(first)))  # fmt: skip
    samples = alternate({str(n): functools.partial(record, n) for n in sizes}, runs or 5)
    results.append(
        ratio_result(
            f"record from the CLI: {MILLION:,} vs 10,000 entries",
            samples[str(MILLION)],
            samples["10000"],
            RECORD_GOAL,
        )
    )
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixtures", type=Path, help="make (or reuse) the fixtures here")
    parser.add_argument("--runs", type=int, default=5, help="alternated record pairs")
    parser.add_argument("--record-only", action="store_true", help="record's figure only")
    args = parser.parse_args()
    with fixtures_for(args.fixtures) as fixtures:
        results = run(fixtures, runs=args.runs, record_only=args.record_only)
    report(results)


if __name__ == "__main__":
    main()
