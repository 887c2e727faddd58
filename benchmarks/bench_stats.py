"""``scorekeeper stats`` over 250, 500 and 1,000 stored sessions, cold and warm.

Run: python benchmarks/bench_stats.py [--runs 3]

The same data folders as bench_list.py (sessions recorded entry by entry through
``Recording``, the games taking turns), each timed as a whole ``scorekeeper stats``
process, output to a file: cold with the summary caches (``index*.json``) removed,
then warm, counts in turn; medians of the rounds. Goal: over 1,000 sessions cold ≤ 1 s,
checked against the whole process's wall time (the same figure less the median
``python -c pass`` is shown for information). The warm figure is for information: its
goal of 100 ms was met only by printing a kept copy of the last output, removed with
the ``list`` one (a side file nothing vouched for, issue 34).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_list import COUNTS, cold_and_warm, net
from common import Result, ratio_result, timed_result
from fixtures import Fixtures, run_alone

COLD_GOAL = 1.0


def run(fixtures: Fixtures, quick: bool = False, runs: int = 0) -> list[Result]:
    rounds = runs or (2 if quick else 3)
    budget = None if runs else (25 if quick else 60)
    cold, warm, bare, _ = cold_and_warm(fixtures, ["stats"], COUNTS, rounds, budget=budget)
    top, half = COUNTS[-1], COUNTS[-2]
    results: list[Result] = []
    for n in COUNTS:
        goal = f"≤ {COLD_GOAL:g} s" if n == top else ""
        results.append(
            timed_result(f"stats, {n:,} sessions, cold", cold[n], goal, COLD_GOAL if goal else None)
        )
    results.append(ratio_result(f"stats cold: {top:,} vs {half:,} sessions", cold[top], cold[half]))
    for n in COUNTS:
        results.append(timed_result(f"stats, {n:,} sessions, warm (whole process)", warm[n]))
    results.append(
        Result(f"stats, {top:,} sessions, warm, less python -c pass", net(warm[top], bare))
    )
    return results


def main() -> None:
    run_alone(__doc__, run, 3, "alternated rounds")


if __name__ == "__main__":
    main()
