"""``scorekeeper record ID "note x"`` as a process, at 100 and at 10,000 entries.

Run: python benchmarks/bench_record.py [--runs 7]

What a user waits on when recording from the command line: the whole process
(interpreter start, imports, opening the session, the rules, the fsynced append).
Two stored indian-official sessions (``create_session``), of 100 and 10,000 entries,
each get one untimed record first (as a session in use has been opened before), then
records alternate between them (100, 10k, 100, 10k, …). Goal: median at 10,000 ≤
1.5× median at 100.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import (
    Result,
    alternate,
    ratio_result,
    run_process,
    scorekeeper_argv,
    timed_result,
)
from fixtures import Fixtures, run_alone

GOAL = 1.5
SIZES = (100, 10_000)


def run(fixtures: Fixtures, quick: bool = False, runs: int = 0) -> list[Result]:
    rounds = runs or (5 if quick else 9)
    folders = {n: fixtures.copy(fixtures.session_folder(n), f"record-{n}") for n in SIZES}

    def record(n: int) -> float:
        words = ["--data-dir", str(folders[n]), "record", "1", "note x"]
        return run_process([*scorekeeper_argv(), *words]).seconds

    samples = alternate({str(n): functools.partial(record, n) for n in SIZES}, rounds)
    small, big = samples[str(SIZES[0])], samples[str(SIZES[1])]
    return [
        timed_result(f"record from the CLI, {SIZES[0]:,} entries", small),
        timed_result(f"record from the CLI, {SIZES[1]:,} entries", big),
        ratio_result(
            f"record from the CLI: {SIZES[1]:,} vs {SIZES[0]:,} entries", big, small, GOAL
        ),
    ]


def main() -> None:
    run_alone(__doc__, run, 9, "alternated pairs")


if __name__ == "__main__":
    main()
