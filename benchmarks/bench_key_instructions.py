"""Machine instructions the table's keys take: a round played by keys, painted headless.

Run: python benchmarks/bench_key_instructions.py [--entries 10000] [--compare PATH]

The keys' timings through a pty (bench_keys.py, bench_showdown_phases.py) move by more
than a small change to the table saves: the same code has given 20 and 23 ms of the
main thread's CPU for a showdown's Enter in two runs an hour apart. The instructions a
process executes do not move: valgrind's cachegrind counts them (Ir), the same from run
to run with one hash seed. This runs the app headless (Textual's ``run_test``, 80x24) on
a copy of a session of N entries and plays rounds by keys, as a recorder does: ``n`` a
new round, ``r`` a raise, ``s``, the winner's seat and Enter in the dialog. Each key is
handled and its frame composed as in a terminal; only the writing of the frame to the
terminal is left out (Textual skips it headless: about half a millisecond a frame in
bench_showdown_phases.py), and so are what comes with the clock rather than the keys
(Python's cycle collector, which the app runs in pauses, and the blinking cursor), which
valgrind's slowness would make differ from run to run. Two runs, of a few rounds and of
ten more, are counted; their difference over ten is one round's keys, without the start
and the opening.

``--compare PATH`` counts another checkout too (put first on ``PYTHONPATH``; a ``git
worktree`` of an older commit), for an A/B of a change. Instructions are not time
(memory and caches are not in them): a change that saves instructions is then timed
through the pty. Not part of ``run_all.py``: it has no goal of its own, and needs valgrind
(``apt install valgrind``); without it, it says so and exits 2.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_fold_instructions import _IR, counting_main, probe_env
from common import Result

ROOT = Path(__file__).resolve().parent.parent
#: Rounds in the short run, and how many more in the long one.
FEW, MORE = 2, 10

#: Plays argv[2] rounds by keys on a copy of the data folder argv[1], headless at 80x24.
PROBE = """
import asyncio, gc, shutil, sys, tempfile
from pathlib import Path
# The collector's passes, and the box's blinking cursor, come with the clock, which valgrind
# slows fifty times: both are off, so the count is the keys' own, the same each run.
gc.disable()
gc.enable = lambda: None
gc.collect = lambda *args, **kwargs: 0
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp

async def play(folder, rounds):
    app = ScorekeeperApp(Store(folder), 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        table = app.screen
        for _ in range(rounds):
            if "round" in table.legal_kinds():
                await pilot.press("n")
            await pilot.press("r")
            winner = table.legal_kinds()["showdown"][-1]
            seat = table.state.names().index(winner) + 1
            await pilot.press("s")
            await pilot.pause(0.05)
            app.screen.query_one("#pick-input").cursor_blink = False
            await pilot.press(*str(seat))
            await pilot.pause(0.05)
            await pilot.press("enter")
            await pilot.pause(0.05)
            assert app.screen is table, "the dialog did not close"
            assert table.recording.session.events[-1].kind == "showdown", "no showdown"

with tempfile.TemporaryDirectory() as scratch:
    folder = Path(scratch, "data")
    shutil.copytree(sys.argv[1], folder)
    asyncio.run(play(folder, int(sys.argv[2])))
"""


def instructions(code_root: Path, folder: Path, rounds: int) -> int:
    """Instructions of one run of *rounds* rounds with *code_root* first on the path."""
    argv = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    argv += [sys.executable, "-c", PROBE, str(folder), str(rounds)]
    env = probe_env(code_root)
    done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=code_root, check=False)
    found = _IR.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"cachegrind failed ({done.returncode}): {done.stderr[-600:]}")
    return int(found.group(1).replace(",", ""))


def per_round(code_root: Path, folder: Path) -> int:
    """One round's keys: the difference of a long and a short run, over the rounds between
    (once the .pyc files are written: a first run writes them)."""
    env = probe_env(code_root)
    argv = [sys.executable, "-c", PROBE, str(folder), "1"]
    subprocess.run(argv, env=env, cwd=code_root, check=True)
    few = instructions(code_root, folder, FEW)
    more = instructions(code_root, folder, FEW + MORE)
    return (more - few) // MORE


def run(folder: Path, entries: int, compare: Path | None) -> list[Result]:
    roots = {"this checkout": ROOT} | ({f"{compare}": compare} if compare else {})
    counted = {name: per_round(root, folder) for name, root in roots.items()}
    keys = "a round by keys (n r s seat Enter)"
    results = [
        Result(f"{keys}, {entries:,} entries, {name}", f"{n / 1e6:.1f} M")
        for name, n in counted.items()
    ]
    if compare:
        change = counted["this checkout"] / counted[f"{compare}"] - 1
        results.append(Result(f"this checkout vs {compare}", f"{change:+.1%}"))
    return results


def main() -> None:
    counting_main(
        __doc__,
        lambda fixtures, entries, compare: run(fixtures.session_folder(entries), entries, compare),
    )


if __name__ == "__main__":
    main()
