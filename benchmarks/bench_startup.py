"""App start against a bare Textual app, painted to painted, in a real pty, alternated.

Run: python benchmarks/bench_startup.py [--runs 10]

Both programs start as a user starts them, in an 80x24 pseudo-terminal
(benchmarks/pty_harness.py), and the clock runs from spawning the process to the
read that paints its known text on the emulated screen:

- ours: ``scorekeeper --data-dir EMPTY`` (the console script), until the start
  screen says "No saved sessions yet";
- bare: ``python -c`` a Textual App that composes one Static, until its text shows.

The two alternate (bare, ours, bare, ours, …) after one untimed start of each;
the figure is median(ours) / median(bare). Goal: ≤ 1.3×.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Result, alternate, median, report, scorekeeper_argv, seconds, timed_result
from fixtures import Fixtures
from pty_harness import Terminal

GOAL = 1.3

BARE_TEXT = "a bare Textual app, painted"
BARE = f"""
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static({BARE_TEXT!r})

Bare().run()
"""
OURS_TEXT = "No saved sessions yet"


def painted(argv: list[str], text: str) -> float:
    """Seconds from spawning *argv* in a pty to the read that paints *text*."""
    with Terminal(argv) as term:
        return term.wait_for(text, timeout=60) - term.spawned_at


def run(fixtures: Fixtures | None = None, quick: bool = False, runs: int = 0) -> list[Result]:
    rounds = runs or (6 if quick else 10)
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-empty-") as empty:
        samples = alternate(
            {
                "bare": lambda: painted([sys.executable, "-c", BARE], BARE_TEXT),
                "ours": lambda: painted([*scorekeeper_argv(), "--data-dir", empty], OURS_TEXT),
            },
            rounds,
            budget=None if runs else 60,
        )
    ratio = median(samples["ours"]) / median(samples["bare"])
    return [
        timed_result("start → painted: bare Textual app (one Static)", samples["bare"]),
        timed_result("start → painted: scorekeeper start screen", samples["ours"]),
        Result(
            "start, scorekeeper vs bare Textual (medians)",
            f"{ratio:.2f}× ({seconds(median(samples['ours']))} / "
            f"{seconds(median(samples['bare']))})",
            f"≤ {GOAL:g}×",
            ratio <= GOAL,
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="alternated pairs")
    args = parser.parse_args()
    results = run(runs=args.runs)
    report(results)


if __name__ == "__main__":
    main()
