"""A speed-only module against the plain code it replaced, alternated in one run (an A/B).

Run: python benchmarks/ab_plain.py NAME [--rounds 7] [--entries 2000] [--players 8]
     [--keys 12] [--fixtures DIR]

NAME is one of PLAIN below. A is a copy of this checkout with the plain code in the
module's place (written here: a file under ``benchmarks/plain/NAME/`` laid over the copy,
or a few lines replaced, each found exactly once or the run stops); B is this checkout
as it is. No switch in the app: the plain code lives only in the benchmark.

Each round runs both, A B then B A (swapped every round), the first round a warm-up not
counted, at a real evening's size: a session of *entries* entries among *players*
players (ab_table.py's seeded session), opened in an 80x24 pty as a user opens it. What
a user feels (ab_table.py's figures): open → painted table; every key of *keys* entries
recorded by keys (median of the run's keys) and the showdown dialog's ``s`` apart;
Escape → painted session list; and the app's peak memory (VmHWM, read just before it
quits). For ``fold`` also ``scorekeeper replay`` of the session's transcript. Prints the
median, min / median / max and the change B vs A.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ab_table import TableAt, evening_session
from common import Result, print_results, run_scorekeeper, seconds
from fixtures import fixtures_for, no_fsync

from scorekeeper.core.session import Session
from scorekeeper.core.transcript import write_transcript
from scorekeeper.messages import set_language
from scorekeeper.services.recording import import_session
from scorekeeper.storage import Store

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent

#: (file, the lines as they are, the plain lines): the shortcut taken out.
Replacement = tuple[str, str, str]

_KEPT_DIALOG: list[Replacement] = [
    (  # a new dialog for every question, made, mounted and styled, removed as it closes
        "scorekeeper/ui/screens/dialogs.py",
        """    question = PickQuestion(title, seats, check, extra, everyone)
    if app.is_screen_installed(KEPT_PICK):
""",
        """    question = PickQuestion(title, seats, check, extra, everyone)
    if True:
        return PickPlayerDialog(question)
    if app.is_screen_installed(KEPT_PICK):
""",
    ),
]

#: Each speed-only module kept: its files laid over the copy (benchmarks/plain/NAME), or
#: its replacements. Those that went (kept_digits, shown, log, fold) are here at the
#: commits docs/performance.md names ("Issue 45").
PLAIN: dict[str, list[Replacement]] = {
    "players": [],  # ui/widgets/players.py: Textual's DataTable
    "kept_dialog": _KEPT_DIALOG,  # ui/screens/dialogs.py ask_who: a new dialog each time
}


def plain_copy(name: str, into: Path) -> Path:
    """A copy of this checkout's package with *name*'s plain code in place."""
    shutil.copytree(ROOT / "scorekeeper", into / "scorekeeper", ignore=_no_bytecode)
    overlay = HERE / "plain" / name
    if overlay.is_dir():
        shutil.copytree(overlay, into, dirs_exist_ok=True, ignore=_no_bytecode)
    for path, old, new in PLAIN[name]:
        target = into / path
        text = target.read_text(encoding="utf-8")
        if text.count(old) != 1:
            sys.exit(f"{name}: the lines to replace in {path} are not there once: update PLAIN")
        target.write_text(text.replace(old, new), encoding="utf-8")
    return into


def _no_bytecode(folder: str, names: list[str]) -> list[str]:
    return [n for n in names if n == "__pycache__"]


def peak_memory(pid: int) -> float:
    """The process's high-water mark of resident memory, in MiB (VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def evening_run(code_root: Path, fixture: Path, folder: Path, made: Session, keys: int):
    """One run at the table: (open, [(key, s)], back, peak MiB)."""
    import random

    copy = folder / "evening"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(fixture, copy)
    mirror = Session(made.header, list(made.events))
    table = TableAt(copy, mirror, random.Random(11), code_root)
    try:
        table.term.settle(quiet=0.2, timeout=60)
        pressed = [timed for _ in range(keys) for timed in table.key()]
        back = table.back()
        table.term.settle(quiet=0.1, timeout=30)
        memory = peak_memory(table.term.proc.pid)
    finally:
        table.quit()
    return table.opened, pressed, back, memory


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name", choices=sorted(PLAIN))
    parser.add_argument("--rounds", type=int, default=7, help="alternated rounds, counted")
    parser.add_argument("--entries", type=int, default=2_000)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--keys", type=int, default=12, help="entries recorded by keys a run")
    parser.add_argument("--fixtures", type=Path, help="a fixtures folder to keep and reuse")
    args = parser.parse_args()
    set_language("en")
    with tempfile.TemporaryDirectory() as scratch, fixtures_for(args.fixtures) as fixtures:
        plain = plain_copy(args.name, Path(scratch) / "plain")
        roots = {"A plain": plain, "B module": ROOT}
        made = evening_session(args.entries, args.players)
        fixture = fixtures.root / f"evening-{args.entries}-{args.players}"
        if not fixture.exists():
            with no_fsync():
                import_session(Store(fixture), made)
        transcript = Path(scratch) / "evening.txt"
        transcript.write_text(write_transcript(made), encoding="utf-8")
        figures: dict[str, dict[str, list[float]]] = {name: {} for name in roots}
        for number in range(args.rounds + 1):
            order = list(roots) if number % 2 == 0 else list(reversed(roots))
            for name in order:
                work = Path(scratch) / "runs"
                work.mkdir(exist_ok=True)
                opened, pressed, back, memory = evening_run(
                    roots[name], fixture, work, made, args.keys
                )
                replayed = None
                if args.name == "fold":
                    done = run_scorekeeper(
                        ["replay", str(transcript)], work, stdout=work / "out.txt",
                        code_root=roots[name],
                    )  # fmt: skip
                    replayed = done.seconds
                if number == 0:
                    continue  # the warm-up round
                got = figures[name]
                got.setdefault("open → painted table", []).append(opened)
                got.setdefault("key → painted, median of the run's keys", []).append(
                    statistics.median(took for _, took in pressed)
                )
                got.setdefault("key → painted, p90 of the run's keys", []).append(
                    statistics.quantiles([took for _, took in pressed], n=10)[-1]
                )
                got.setdefault("s → painted dialog, median", []).append(
                    statistics.median([took for what, took in pressed if what == "s"] or [0])
                )
                got.setdefault("Escape → painted list", []).append(back)
                got.setdefault("peak memory of the app (MiB)", []).append(memory)
                if replayed is not None:
                    got.setdefault("scorekeeper replay", []).append(replayed)
    results: list[Result] = []
    a, b = roots
    size = f"{args.entries:,} entries, {args.players} players"
    for what in figures[a]:
        runs_a, runs_b = figures[a][what], figures[b][what]
        ma, mb = statistics.median(runs_a), statistics.median(runs_b)
        mib = what.endswith("(MiB)")
        show = (lambda v: f"{v:.1f} MiB") if mib else seconds
        unit = "MiB" if mib else "s"
        label = f"{args.name}: {what} ({size})"
        results.append(Result(f"{label}: A", show(ma), samples=runs_a, unit=unit))
        results.append(Result(f"{label}: B", show(mb), samples=runs_b, unit=unit))
        results.append(Result(f"{label}: B vs A", f"{mb / ma - 1:+.1%}"))
    print_results(results)


if __name__ == "__main__":
    main()
