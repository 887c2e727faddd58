"""``scorekeeper replay`` of one transcript, this checkout alternated with another.

Run: python benchmarks/ab_replay.py --compare PATH [--entries 100000] [--rounds 16]

Each run is the program as its console script runs it (``scorekeeper.cli.launch``'s
``entry``, through ``common.run_scorekeeper``), with the checkout first on
``PYTHONPATH`` and started from the checkout's own folder (``python -c`` puts the
working folder first on the path). The two alternate, and the order is swapped every round
(A B, B A, A B …), so that neither always runs after the other. Prints the median,
min and max of each and the change. For an A/B of a change to the fold, with
``git worktree add PATH COMMIT`` for the code before it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Result, other_checkout, report, run_scorekeeper, seconds
from fixtures import fixtures_for

ROOT = Path(__file__).resolve().parent.parent


def replay_once(code_root: Path, transcript: Path, out: Path) -> float:
    done = run_scorekeeper(
        ["replay", str(transcript)], out, stdout=out / "stdout.txt", code_root=code_root
    )
    return done.seconds


def run(transcript: Path, out: Path, compare: Path, rounds: int) -> list[Result]:
    roots = {"this checkout": ROOT, str(compare): compare}
    for root in roots.values():  # byte code written, file in the page cache
        replay_once(root, transcript, out)
    times: dict[str, list[float]] = {name: [] for name in roots}
    for number in range(rounds):
        order = list(roots) if number % 2 == 0 else list(reversed(roots))
        for name in order:
            times[name].append(replay_once(roots[name], transcript, out))
    results = [
        Result(f"replay, {name}", seconds(statistics.median(runs)), samples=runs)
        for name, runs in times.items()
    ]
    mine, theirs = (statistics.median(runs) for runs in times.values())
    results.append(Result(f"this checkout vs {compare}", f"{mine / theirs - 1:+.1%}"))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", type=Path, required=True, help="the other checkout")
    parser.add_argument("--entries", type=int, default=100_000, help="transcript length")
    parser.add_argument("--rounds", type=int, default=16, help="alternated rounds")
    parser.add_argument("--fixtures", type=Path, help="a fixtures folder to keep and reuse")
    args = parser.parse_args()
    compare = other_checkout(args.compare)
    assert compare is not None  # required
    with fixtures_for(args.fixtures) as fixtures:
        out = fixtures.root / "out"
        out.mkdir(exist_ok=True)
        results = run(fixtures.transcript(args.entries), out, compare, args.rounds)
    report(results)


if __name__ == "__main__":
    main()
