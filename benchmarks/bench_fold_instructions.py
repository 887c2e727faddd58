"""Machine instructions that reading a transcript takes: imports, parsing, folding.

Run: python benchmarks/bench_fold_instructions.py [--entries 10000] [--compare PATH]

Timings on this machine move by 10-20% from one minute to the next, more than most
single changes to the fold save. The instructions a process executes do not:
valgrind's cachegrind counts them (Ir), the same from run to run with one hash seed
(``PYTHONHASHSEED=0``). This script counts them for three runs of a small probe over the
benchmark transcript of N entries: imports only, imports and parsing, imports,
parsing and the fold (``core/transcript.py``'s ``replay``, as ``scorekeeper replay``
does). Parsing and folding are the differences. Each probe runs with the collector
off and leaves with ``os._exit``, as the program does (cli/leaving.py).

``--compare PATH`` counts another checkout too (put first on ``PYTHONPATH``; a
``git worktree`` of an older commit), for an A/B of a change. Instructions are not
time (memory and caches are not in them): a change that saves instructions is then
timed (``bench_replay.py``). Not part of ``run_all.py``: it has no goal of its own,
and needs valgrind (``apt install valgrind``); without it, it says so and exits 2.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Result, other_checkout, report
from fixtures import Fixtures, fixtures_for

ROOT = Path(__file__).resolve().parent.parent

#: start: imports only; parse: and parsing; fold: and folding. Leaves as the program does.
PROBE = """
import gc, os, sys
from scorekeeper.core.transcript import decode, parse_transcript, replay
gc.disable()
raw = open(sys.argv[1], "rb").read()
if sys.argv[2] != "start":
    transcript = parse_transcript(decode(raw))
    del raw
    if sys.argv[2] == "fold":
        session = replay(transcript, consume=True)
sys.stdout.flush()
os._exit(0)
"""
MODES = ("start", "parse", "fold")
_IR = re.compile(r"I\s+refs:\s+([\d,]+)")


def probe_env(code_root: Path) -> dict[str, str]:
    """*code_root* first on the path, byte code written (compiling would be counted as
    importing), and one hash seed: with a random one, dicts and sets are laid out
    differently each run and the counts moved by about half a percent."""
    env = dict(os.environ, PYTHONPATH=str(code_root), PYTHONHASHSEED="0")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def instructions(code_root: Path, transcript: Path, mode: str) -> int:
    """Instructions of one probe run over *transcript* with *code_root* first on the path."""
    env = probe_env(code_root)
    argv = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    argv += [sys.executable, "-c", PROBE, str(transcript), mode]
    # run from the checkout itself: ``python -c`` puts the working folder first on the path
    done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=code_root, check=False)
    found = _IR.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"cachegrind failed ({done.returncode}): {done.stderr[-600:]}")
    return int(found.group(1).replace(",", ""))


def phases(code_root: Path, transcript: Path) -> dict[str, int]:
    """Imports, parsing and folding, each counted once the .pyc files are written (a first
    run of the fold writes them)."""
    subprocess.run(
        [sys.executable, "-c", PROBE, str(transcript), "fold"],
        env=probe_env(code_root),
        cwd=code_root,
        check=True,
    )
    start, parse, fold = (instructions(code_root, transcript, mode) for mode in MODES)
    return {"imports": start, "parse": parse - start, "fold": fold - parse}


def run(transcript: Path, entries: int, compare: Path | None) -> list[Result]:
    roots = {"this checkout": ROOT} | ({f"{compare}": compare} if compare else {})
    counted = {name: phases(root, transcript) for name, root in roots.items()}
    results = []
    for phase in ("imports", "parse", "fold"):
        for name, counts in counted.items():
            figure = f"{counts[phase] / 1e6:.1f} M"
            per = f" ({counts[phase] / entries:,.0f} per entry)" if phase != "imports" else ""
            results.append(Result(f"{phase}, {entries:,} entries, {name}", figure + per))
    if compare:
        mine, theirs = counted["this checkout"], counted[f"{compare}"]
        for phase in ("parse", "fold"):
            change = mine[phase] / theirs[phase] - 1
            results.append(Result(f"{phase}: this checkout vs {compare}", f"{change:+.1%}"))
    return results


def counting_main(doc: str, run: Callable[[Fixtures, int, Path | None], list[Result]]) -> None:
    """The command line of a benchmark that counts instructions: its options, valgrind
    checked for, the other checkout checked, the fixtures, the table."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--entries", type=int, default=10_000, help="session length")
    parser.add_argument("--compare", type=Path, help="another checkout to count as well")
    parser.add_argument("--fixtures", type=Path, help="a fixtures folder to keep and reuse")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: apt install valgrind", file=sys.stderr)
        sys.exit(2)
    compare = other_checkout(args.compare)
    with fixtures_for(args.fixtures) as fixtures:
        results = run(fixtures, args.entries, compare)
    report(results)


def main() -> None:
    counting_main(
        __doc__,
        lambda fixtures, entries, compare: run(fixtures.transcript(entries), entries, compare),
    )


if __name__ == "__main__":
    main()
