"""Data the benchmarks run on, made once per run and kept in one folder, keyed by size.

- ``session_folder(n)``: a data folder holding session 1, a legal indian-official
  session of *n* entries (benchmarks/sessions.py), stored as ``scorekeeper import``
  stores it (``import_session``: hash chain and all, then its summaries and state
  checkpoint noted from the fold);
- ``transcript(n)``: the same session as a transcript file, written by
  ``scorekeeper.core.transcript.write_transcript`` (what ``export --format
  transcript`` writes);
- ``many_sessions(k)``: a data folder of *k* sessions, each recorded entry by entry
  through ``scorekeeper.services.recording.Recording`` (as the app and ``scorekeeper
  record`` do), a few dozen entries each, the games taking turns.

Whatever a benchmark runs that may write (record, open, list's caches) runs on
``copy(...)`` of a fixture, so every benchmark sees the fixture as it was made.

Making 1,000 sessions entry by entry means 40,000 fsyncs; while fixtures are made,
``os.fsync`` is a no-op in this process (the bytes written are exactly the same; only
their durability against a power cut, which no benchmark tests, is skipped).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import NoReturn

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Result, byte_compiled, report
from sessions import make_session

from scorekeeper.core.events import Entry
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.transcript import write_transcript
from scorekeeper.services.recording import create_session, import_session, open_recording
from scorekeeper.storage import Store

#: Summary caches a cold run of ``list`` / ``stats`` starts without (in the data folder).
#: What a data folder copied in (new files, new times) would not have: the side files of
#: older versions (never read now). The snapshots stay: they are vouched for by the
#: journals' bytes, not the files' times, so a copied folder lists from them.
CACHE_GLOBS = ("index*.json", "sessions/*.summary", "sessions/*.state", "sessions/*.checkpoint")

#: Entries a random recorder never makes: they end or reshape the table.
SKIP = ("end", "leave", "join", "rebuy", "recorder", "note", "undo", "correct", "reveal")

GAMES: tuple[tuple[str, dict[str, str]], ...] = (
    ("indian-official", {}),
    ("indian-chips", {"stack": "100000"}),
    ("indian-lowest", {}),
)
NAMES = ["Aki", "Ben", "Chihiro", "Dai", "Emi", "Fumi"]


@contextlib.contextmanager
def no_fsync() -> Iterator[None]:
    """Skip fsync while fixtures are written (same bytes, only less durable)."""
    real = os.fsync
    os.fsync = lambda fd: None
    try:
        yield
    finally:
        os.fsync = real


def remove_caches(folder: Path) -> None:
    """Make a data folder cold for list and stats, as copied in: no older side file left."""
    for pattern in CACHE_GLOBS:
        for path in folder.glob(pattern):
            path.unlink()


def _candidates(session: Session, rng: random.Random) -> list[Entry]:
    """Legal entries now, across the games: tried against the rules, kept if accepted."""
    found: list[Entry] = []
    for action in session.legal():
        if action.kind in SKIP:
            continue
        names = list(action.choices)
        rng.shuffle(names)
        shapes: list[dict[str, object]] = [{}]
        if names:
            shapes += [
                {"player": names[0]},
                {"winner": names[0]},
                {"losers": names[:1]},
                {"ranking": [[n] for n in names]},
            ]
        for data in shapes:
            entry = Entry(action.kind, data)
            try:
                session.check(entry)
            except Exception:  # refused by the rules: try the next shape
                continue
            found.append(entry)
            break
    return found


def recorded_session(store: Store, number: int, rng: random.Random) -> int:
    """One session recorded entry by entry through ``Recording``; its id."""
    game, options = GAMES[number % len(GAMES)]
    players = rng.sample(NAMES, rng.randint(3, 5))
    sid = create_session(store, make_header(game, players, dict(options)))
    at = datetime(2025, 1, 1, 19, tzinfo=UTC) + timedelta(days=number % 400, minutes=number)
    wanted = rng.randint(24, 48)
    with open_recording(store, sid) as rec:
        while len(rec.session.events) < wanted:
            choices = _candidates(rec.session, rng)
            if not choices:
                break
            round_ = [e for e in choices if e.kind == "round"]
            entry = round_[0] if round_ else rng.choice(choices)
            at += timedelta(seconds=rng.randint(5, 90))
            rec.record(entry, at)
    return sid


_SIDE = re.compile(r"([1-9][0-9]*)\.")


class Fixtures:
    """Fixtures under *root*, each made on first use and kept for the rest of the run."""

    def __init__(self, root: Path, verbose: bool = True) -> None:
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)
        self.verbose = verbose
        self._copies = 0
        self._made: dict[int, Session] = {}  # read only: the folder and the transcript share it

    def _session(self, entries: int) -> Session:
        if entries not in self._made:
            self._made[entries] = make_session(entries)
        return self._made[entries]

    def _say(self, text: str) -> None:
        if self.verbose:
            print(f"  [fixtures] {text}", file=sys.stderr, flush=True)

    def session_folder(self, entries: int) -> Path:
        """A data folder with session 1 of *entries* entries (do not write to it: copy it)."""
        folder = self.root / f"session-{entries}"
        if not folder.exists():
            start = time.perf_counter()
            session = self._session(entries)
            building = folder.with_name(folder.name + ".part")
            shutil.rmtree(building, ignore_errors=True)
            with no_fsync():
                sid = import_session(Store(building), session)  # as ``import`` stores it
            assert sid == 1
            building.rename(folder)
            self._say(f"a session of {entries:,} entries in {time.perf_counter() - start:.1f} s")
        return folder

    def transcript(self, entries: int) -> Path:
        """The session of ``session_folder(entries)`` as a transcript file."""
        path = self.root / f"transcript-{entries}.txt"
        if not path.exists():
            start = time.perf_counter()
            text = write_transcript(self._session(entries))
            path.with_suffix(".part").write_text(text, encoding="utf-8")
            path.with_suffix(".part").rename(path)
            self._say(f"a transcript of {entries:,} entries in {time.perf_counter() - start:.1f} s")
        return path

    def many_sessions(self, count: int) -> Path:
        """A data folder of *count* recorded sessions (sessions 1..count of the biggest made)."""
        biggest = self.root / "many"
        made = len(Store(biggest).ids()) if biggest.exists() else 0
        if made < count:
            start = time.perf_counter()
            store = Store(biggest)
            rng = random.Random(made * 7919 + 5)
            with no_fsync():
                for number in range(made, count):
                    recorded_session(store, number, rng)
            took = time.perf_counter() - start
            self._say(f"{count - made:,} recorded sessions in {took:.1f} s")
        folder = self.root / f"many-{count}"
        if not folder.exists():
            building = folder.with_name(folder.name + ".part")
            shutil.rmtree(building, ignore_errors=True)
            (building / "sessions").mkdir(parents=True)
            for path in (biggest / "sessions").iterdir():
                match = _SIDE.match(path.name)
                if match and int(match.group(1)) <= count:
                    shutil.copy2(path, building / "sessions" / path.name)
            building.rename(folder)
        return folder

    def copy(self, folder: Path, name: str = "") -> Path:
        """A writable copy of a fixture folder, fresh for the caller."""
        self._copies += 1
        target = self.root / "copies" / f"{self._copies}-{name or folder.name}"
        shutil.copytree(folder, target)
        return target


@contextlib.contextmanager
def fixtures_for(root: Path | None = None) -> Iterator[Fixtures]:
    """Fixtures in *root* (kept), or in a temporary folder removed afterwards."""
    if root is not None:
        yield Fixtures(root)
        return
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as folder:
        yield Fixtures(Path(folder))


def run_alone(doc: str, run: Callable[..., list[Result]], runs: int, runs_help: str) -> NoReturn:
    """A benchmark run as a script of its own: ``--runs``, fixtures, its table, its status."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--runs", type=int, default=runs, help=runs_help)
    args = parser.parse_args()
    byte_compiled()
    with fixtures_for() as fixtures:
        results = run(fixtures, runs=args.runs)
    report(results)
