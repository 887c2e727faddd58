"""``scorekeeper list`` (and the start screen) over 250, 500 and 1,000 stored sessions.

Run: python benchmarks/bench_list.py [--runs 3]

The sessions are recorded entry by entry through the real recording path
(``Recording``: rules, hash chain, journal), a few dozen entries each, the games
taking turns (benchmarks/fixtures.py). Each data folder is timed two ways, as a
whole ``scorekeeper list`` process (output to a file):

- cold: as copied in (new files, new times; the side files of older versions
  removed). The snapshots stay: the journals' bytes vouch for them, not the times;
- warm: run again at once, nothing changed. Both hash each journal and read its
  vouched-for snapshot's summaries; nothing is folded. (A folder from before issue 34
  has no snapshots: its first listing folds each session and keeps one, once: 3.25 s
  at 1,000 sessions on the machine of docs/performance.md.)

Per round: ``python -c pass`` (the interpreter's own start) and ``python -c "import
argparse, json, pathlib"`` (the floor under any such command), for reference, then
for each count cold and warm, counts in turn (250, 500, 1,000, 250, …); figures are
medians. Goals: cold ≤ 0.5 s at 1,000, linear (1,000 ≤ 2.2× 500); the warm figure is
for information (its goal of 50 ms was met only by printing a kept copy of the last
output, which was removed: a side file nothing vouched for, issue 34). The goals are
checked against the whole process's wall time; the same figure less the median
``python -c pass`` is shown beside it, for information only.

The start screen over 500 and 1,000 sessions is also timed in an 80x24 pty (spawn →
painted list with its first row), cold and warm, beside the start screen of an
empty data folder in the same round. What the list adds to the app's own start
(less the empty one, round by round) is held to the same goals as ``list``: cold
≤ 0.5 s at 1,000 and linear (1,000 ≤ 2.2× 500); warm for information (its goal of 50 ms
was met by ``index.json``, summaries keyed by the files' times: a side file nothing
vouched for, removed by issue 34; each journal is now hashed to check the vouch line
that names its snapshot). The app's start itself is bench_startup's.
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import (
    Result,
    median,
    ratio_result,
    rounds_within,
    run_process,
    scorekeeper_argv,
    seconds,
    timed_result,
)
from fixtures import Fixtures, remove_caches, run_alone
from pty_harness import Terminal

COUNTS = (250, 500, 1_000)
COLD_GOAL = 0.5
GROWTH_GOAL = 2.2


def interpreter_start() -> float:
    return run_process([sys.executable, "-c", "pass"]).seconds


#: The standard modules any command line of this shape loads (options, a JSON cache, paths):
#: the floor under a warm ``list`` in Python, shown beside it.
FLOOR = "import argparse, json, pathlib"


def floor_start() -> float:
    return run_process([sys.executable, "-c", FLOOR]).seconds


def cold_and_warm(
    fixtures: Fixtures,
    words: Sequence[str],
    counts: Sequence[int],
    rounds: int,
    extra: Callable[[dict[int, Path]], None] | None = None,
    budget: float | None = None,
) -> tuple[dict[int, list[float]], dict[int, list[float]], list[float], list[float]]:
    """Cold and warm times of ``scorekeeper --data-dir D *words`` per count, alternated;
    the interpreter's start and the floor.

    *extra* runs once per round after the commands (more alternated measures). Rounds
    stop early once *budget* seconds would be passed (at least one round).
    """
    folders = {n: fixtures.copy(fixtures.many_sessions(n), f"many-{n}") for n in counts}
    out = fixtures.root / "out"
    out.mkdir(exist_ok=True)

    def once(n: int) -> float:
        argv = [*scorekeeper_argv(), "--data-dir", str(folders[n]), *words]
        return run_process(argv, stdout=out / "stdout.txt").seconds

    once(counts[0])  # warm the file cache, untimed
    cold: dict[int, list[float]] = {n: [] for n in counts}
    warm: dict[int, list[float]] = {n: [] for n in counts}
    bare: list[float] = []
    floor: list[float] = []
    for _ in rounds_within(rounds, budget):
        bare.append(interpreter_start())
        floor.append(floor_start())
        for n in counts:
            remove_caches(folders[n])
            cold[n].append(once(n))
            warm[n].append(once(n))
        if extra is not None:
            extra(folders)
    return cold, warm, bare, floor


def net(samples: list[float], bare: list[float]) -> str:
    return seconds(max(median(samples) - median(bare), 0.0))


def start_screen_painted(folder: Path) -> float:
    """Spawn → the start screen's list painted with a session row (pty, 80x24)."""

    def listed(lines: list[str]) -> bool:
        return "Saved sessions" in lines[0] and any(re.match(r"^ +\d+ ", x) for x in lines[1:])

    def empty(lines: list[str]) -> bool:
        return any("No saved sessions yet" in x for x in lines)

    with Terminal([*scorekeeper_argv(), "--data-dir", str(folder)]) as term:
        test = listed if (folder / "sessions").exists() else empty
        return term.wait_for(test, timeout=120, describe="the session list") - term.spawned_at


def run(fixtures: Fixtures, quick: bool = False, runs: int = 0) -> list[Result]:
    rounds = runs or (2 if quick else 3)
    budget = None if runs else (40 if quick else 150)
    top, half = COUNTS[-1], COUNTS[-2]
    screen: dict[tuple[str, int], list[float]] = {("empty", 0): []}
    screen.update({(how, n): [] for n in (half, top) for how in ("cold", "warm")})
    empty = Path(tempfile.mkdtemp(prefix="empty-", dir=fixtures.root))

    def start_screens(folders: dict[int, Path]) -> None:
        screen["empty", 0].append(start_screen_painted(empty))
        for n in (half, top):
            remove_caches(folders[n])
            screen["cold", n].append(start_screen_painted(folders[n]))
            screen["warm", n].append(start_screen_painted(folders[n]))

    extra = None if quick else start_screens  # the app's start screens: in the full run only
    try:
        cold, warm, bare, floor = cold_and_warm(fixtures, ["list"], COUNTS, rounds, extra, budget)
    finally:  # a kept fixtures folder gained one of these per run
        shutil.rmtree(empty, ignore_errors=True)
    results = [
        timed_result("python -c pass (interpreter start, reference)", bare),
        timed_result(f"python -c '{FLOOR}' (reference)", floor),
    ]
    for n in COUNTS:
        goal = f"≤ {COLD_GOAL:g} s" if n == top else ""
        results.append(
            timed_result(f"list, {n:,} sessions, cold", cold[n], goal, COLD_GOAL if goal else None)
        )
    results.append(ratio_result(f"list cold: {top:,} vs {half:,} sessions", cold[top], cold[half],
                                GROWTH_GOAL))  # fmt: skip
    for n in COUNTS:
        results.append(timed_result(f"list, {n:,} sessions, warm (whole process)", warm[n]))
    results.append(
        Result(f"list, {top:,} sessions, warm, less python -c pass", net(warm[top], bare))
    )
    results.append(
        Result(f"list, {top:,} sessions, cold, less python -c pass", net(cold[top], bare))
    )
    if screen["empty", 0]:
        results += start_screen_results(screen, half, top)
    return results


def start_screen_results(
    screen: dict[tuple[str, int], list[float]], half: int, top: int
) -> list[Result]:
    """The start screens as painted, then what the list adds to the empty one's (round by
    round), with the goals of ``list``."""
    results = [timed_result("start screen painted, empty data folder", screen["empty", 0])]
    for n in (half, top):
        for how in ("cold", "warm"):
            results.append(
                timed_result(f"start screen painted, {n:,} sessions, {how}", screen[how, n])
            )
    beyond = {
        key: [a - b for a, b in zip(samples, screen["empty", 0], strict=True)]
        for key, samples in screen.items()
    }
    results.append(
        timed_result(f"start screen, {half:,} sessions, cold, beyond the empty one",
                     beyond["cold", half])
    )  # fmt: skip
    results.append(
        timed_result(f"start screen, {top:,} sessions, cold, beyond the empty one",
                     beyond["cold", top], f"≤ {COLD_GOAL:g} s", COLD_GOAL)
    )  # fmt: skip
    results.append(
        ratio_result(f"start screen cold, beyond the empty one: {top:,} vs {half:,} sessions",
                     beyond["cold", top], beyond["cold", half], GROWTH_GOAL)
    )  # fmt: skip
    results.append(
        timed_result(f"start screen, {half:,} sessions, warm, beyond the empty one",
                     beyond["warm", half])
    )  # fmt: skip
    results.append(
        timed_result(f"start screen, {top:,} sessions, warm, beyond the empty one",
                     beyond["warm", top])
    )  # fmt: skip
    return results


def main() -> None:
    run_alone(__doc__, run, 3, "alternated rounds")


if __name__ == "__main__":
    main()
