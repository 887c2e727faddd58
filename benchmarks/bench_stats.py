"""``scorekeeper stats`` over 250, 500 and 1,000 stored sessions, cold and warm.

Run: python benchmarks/bench_stats.py [--runs 3]

The same data folders as bench_list.py (sessions recorded entry by entry through
``Recording``, the games taking turns), each timed as a whole ``scorekeeper stats``
process, output to a file: cold with the summary caches (``index*.json``) removed,
then warm, counts in turn; medians of the rounds. Goals: over 1,000 sessions
cold ≤ 1 s, warm ≤ 100 ms, checked against the whole process's wall time (the same
figure less the median ``python -c pass`` is shown for information).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_list import COUNTS, cold_and_warm, net
from common import Result, print_results, ratio_result, timed_result
from fixtures import Fixtures, fixtures_for

COLD_GOAL = 1.0
WARM_GOAL = 0.100


def run(fixtures: Fixtures, quick: bool = False, runs: int = 0) -> list[Result]:
    rounds = runs or (2 if quick else 3)
    budget = None if runs else (25 if quick else 60)
    cold, warm, bare = cold_and_warm(fixtures, ["stats"], COUNTS, rounds, budget=budget)
    top, half = COUNTS[-1], COUNTS[-2]
    results: list[Result] = []
    for n in COUNTS:
        goal = f"≤ {COLD_GOAL:g} s" if n == top else ""
        results.append(
            timed_result(f"stats, {n:,} sessions, cold", cold[n], goal, COLD_GOAL if goal else None)
        )
    results.append(ratio_result(f"stats cold: {top:,} vs {half:,} sessions", cold[top], cold[half]))
    for n in COUNTS:
        goal = f"≤ {WARM_GOAL * 1000:.0f} ms" if n == top else ""
        results.append(
            timed_result(
                f"stats, {n:,} sessions, warm (whole process)",
                warm[n],
                goal,
                WARM_GOAL if goal else None,
            )
        )
    results.append(
        Result(f"stats, {top:,} sessions, warm, less python -c pass", net(warm[top], bare))
    )
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="alternated rounds")
    args = parser.parse_args()
    with fixtures_for() as fixtures:
        results = run(fixtures, runs=args.runs)
    print_results(results)
    sys.exit(0 if all(r.ok is not False for r in results) else 1)


if __name__ == "__main__":
    main()
