"""App start to the first screen, against a bare Textual app, in fresh processes.

Run: python benchmarks/bench_startup.py [--runs 10]
Each run starts a new Python process that imports the app, runs it headless
until its first screen is composed and idle, and exits; the wall time of the
whole process is taken (imports included), median of the runs, for
scorekeeper's start screen and for a bare Textual app showing one line.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time

SCOREKEEPER = """
import sys
from pathlib import Path
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp

async def first_screen(pilot):
    await pilot.pause()
    pilot.app.exit()

ScorekeeperApp(Store(Path(sys.argv[1]))).run(headless=True, auto_pilot=first_screen)
"""

BARE = """
from textual.app import App
from textual.widgets import Static

class Bare(App):
    def compose(self):
        yield Static("hello")

async def first_screen(pilot):
    await pilot.pause()
    pilot.app.exit()

Bare().run(headless=True, auto_pilot=first_screen)
"""


def median_start(script: str, runs: int, *args: str) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", script, *args], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(runs: int) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as folder:
        median_start(BARE, 1)  # warm the file cache for both
        median_start(SCOREKEEPER, 1, folder)
        bare = median_start(BARE, runs)
        ours = median_start(SCOREKEEPER, runs, folder)
    return ours, bare


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    ours, bare = measure(args.runs)
    print(f"start to first screen: scorekeeper {ours * 1000:.0f} ms, bare Textual app "
          f"{bare * 1000:.0f} ms, ratio {ours / bare:.2f} (goal ≤ 1.5)")  # fmt: skip


if __name__ == "__main__":
    main()
