"""The app at a real table's sizes, this checkout alternated with another (an A/B).

Run: python benchmarks/ab_table.py --compare PATH [--rounds 6] [--entries 2000]
     [--players 8] [--sessions 300] [--keys 12]

What a user feels, each figure from a key (or the spawn) to the read that paints it in
an 80x24 pty (benchmarks/pty_harness.py, the harness of bench_keys.py):

- an evening: a session of *entries* entries and *players* players (indian-official,
  made by benchmarks/sessions.py's seeded recorder, stored as ``import`` stores it):
  open → painted table; every key of *keys* entries recorded by keys (``n``, ``r``, and
  a showdown's ``s``, seat and Enter, as bench_keys.py presses them), with the
  showdown's dialog opening (``s``) shown apart; Escape → painted session list.
- a club: a data folder of *sessions* recorded sessions (fixtures.many_sessions):
  start → painted session list.

Each run starts the program from the checkout's folder with the checkout first on
``PYTHONPATH``, on a fresh copy of the fixture, with the same seeded keys. The two
checkouts alternate and swap order every round (A B, B A …); the first round is a
warm-up (byte code written, files cached) and not counted. Prints the medians of each
and the change. For the A/B of one change: ``git archive COMMIT | tar -x -C PATH``.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sessions
from bench_keys import Table
from common import Result, other_checkout, print_results, scorekeeper_argv, seconds
from fixtures import Fixtures, fixtures_for, no_fsync
from pty_harness import Terminal, bench_env

from scorekeeper.core.session import Session
from scorekeeper.messages import set_language
from scorekeeper.services.recording import import_session
from scorekeeper.storage import Store

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Aki", "Ben", "Chihiro", "Dai", "Emi", "Fumi", "Gen", "Hana"]


def evening_session(entries: int, players: int) -> Session:
    """The seeded session of *entries* entries among the first *players* NAMES."""
    kept = sessions.PLAYERS
    sessions.PLAYERS = NAMES[:players]
    try:
        return sessions.make_session(entries)
    finally:
        sessions.PLAYERS = kept


class TableAt(Table):
    """bench_keys.Table, the program run from *code_root*."""

    def __init__(self, folder: Path, mirror: Session, rng: random.Random, code_root: Path):
        self.folder, self.mirror, self.rng = folder, mirror, rng
        argv = [*scorekeeper_argv(), "--data-dir", str(folder), "open", "1"]
        env = bench_env(PYTHONPATH=str(code_root))
        self.term = Terminal(argv, env=env, cwd=code_root)
        self.painted = self.term.wait_for(
            _newest(mirror), timeout=300, describe="the table, last entry"
        )
        self.opened = self.painted - self.term.spawned_at


def _newest(mirror: Session):
    from bench_keys import last_words, newest_logged

    return newest_logged(last_words(mirror))


def evening(code_root: Path, folder: Path, fixtures: Fixtures, made: Session, keys: int):
    """One run: open, *keys* entries by keys, Escape. (open, [(key, s)], back)."""
    copy = fixtures.copy(folder, "evening")
    mirror = Session(made.header, list(made.events))
    table = TableAt(copy, mirror, random.Random(11), code_root)
    try:
        table.term.settle(quiet=0.2, timeout=60)
        pressed = [timed for _ in range(keys) for timed in table.key()]
        back = table.back()
    finally:
        table.quit()
    return table.opened, pressed, back


def club(code_root: Path, folder: Path, fixtures: Fixtures) -> float:
    """One run: start → painted session list over the club's sessions."""
    copy = fixtures.copy(folder, "club")
    argv = [*scorekeeper_argv(), "--data-dir", str(copy)]
    with Terminal(argv, env=bench_env(PYTHONPATH=str(code_root)), cwd=code_root) as term:
        took = term.wait_for(_listed, timeout=120, describe="the session list") - term.spawned_at
        term.settle(quiet=0.1, timeout=30)
        term.send("q")
        term.wait_exit(timeout=60)
    return took


def _listed(lines: list[str]) -> bool:
    """The start screen's list with its rows (the newest sessions first)."""
    return "Saved sessions" in lines[0] and any(re.match(r"^ +\d+ +\S", line) for line in lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", type=Path, required=True, help="the other checkout (A)")
    parser.add_argument("--rounds", type=int, default=6, help="alternated rounds, counted")
    parser.add_argument("--entries", type=int, default=2_000)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--sessions", type=int, default=300)
    parser.add_argument("--keys", type=int, default=12, help="entries recorded by keys a run")
    parser.add_argument("--fixtures", type=Path, help="a fixtures folder to keep and reuse")
    args = parser.parse_args()
    compare = other_checkout(args.compare)
    assert compare is not None
    set_language("en")
    roots = {"A " + str(compare): compare, "B this checkout": ROOT}
    figures: dict[str, dict[str, list[float]]] = {name: {} for name in roots}
    with fixtures_for(args.fixtures) as fixtures:
        shutil.rmtree(fixtures.root / "copies", ignore_errors=True)  # a kept folder's last run
        made = evening_session(args.entries, args.players)
        folder = fixtures.root / f"evening-{args.entries}-{args.players}"
        if not folder.exists():
            with no_fsync():
                import_session(Store(folder), made)
        many = fixtures.many_sessions(args.sessions)
        for number in range(args.rounds + 1):
            order = list(roots) if number % 2 == 0 else list(reversed(roots))
            for name in order:
                opened, pressed, back = evening(roots[name], folder, fixtures, made, args.keys)
                listed = club(roots[name], many, fixtures)
                if number == 0:
                    continue  # the warm-up round
                got = figures[name]
                got.setdefault("open → painted table", []).append(opened)
                got.setdefault("key → painted, median of the run's keys", []).append(
                    statistics.median(took for _, took in pressed)
                )
                got.setdefault("s → painted dialog, median", []).append(
                    statistics.median([took for what, took in pressed if what == "s"] or [0])
                )
                got.setdefault("Escape → painted list", []).append(back)
                got.setdefault(f"club: start → painted list of {args.sessions}", []).append(listed)
    results: list[Result] = []
    a, b = roots
    size = f"{args.entries:,} entries, {args.players} players"
    for what in figures[a]:
        runs_a, runs_b = figures[a][what], figures[b][what]
        ma, mb = statistics.median(runs_a), statistics.median(runs_b)
        label = what if what.startswith("club") else f"{what} ({size})"
        results.append(Result(f"{label}: A", seconds(ma), samples=runs_a))
        results.append(Result(f"{label}: B", seconds(mb), samples=runs_b))
        results.append(Result(f"{label}: B vs A", f"{mb / ma - 1:+.1%}"))
    print_results(results)


if __name__ == "__main__":
    main()
