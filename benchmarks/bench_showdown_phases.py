"""Where the showdown's Enter spends its time, and what a showdown costs without its dialog.

Run: python benchmarks/bench_showdown_phases.py [--entries 10000] [--showdowns 15] [--pairs 2]
     [--compare PATH]

The showdown's Enter is the slowest key at the table (bench_keys.py), and so decides
the p90. This runs ``scorekeeper open`` on a long session in an 80x24 pty, as
bench_keys.py does, alternating two ways of recording a showdown:

- **dialog**: ``s``, the winner's seat, Enter, as a recorder does; the Enter is timed;
- **key**: the app with its showdown action changed (in the process this starts only)
  to record the showdown at once, won by the last player who can win it, with no
  dialog: ``s`` is timed. Not a way the app works: it measures what the dialog itself
  costs (its screen closing, which makes Textual draw the whole table again);
- or, with ``--compare PATH``, **compared**: the dialog's Enter as above, in the app
  of another copy of the code (a second work tree: ``git worktree add PATH REV``), to
  set a change beside the code before it.

In both, the app notes the time (on the clock the pty's reads are stamped with) when
the key reaches it, when the table has recorded the entry and shown it in its widgets,
and when Textual starts and ends writing the next frame, so each timed key is split
into: the key reaching the app; then the entry recorded and shown (for the dialog, its
closing too); then the frame composed (Textual draws the changed lines, or the whole
screen after a dialog); then the frame written. The rest, to the painted figure, is
the pty and the reading. It also counts the timed keys that had a pass of Python's
cycle collector inside them (Python's own trigger decides when it runs), and
gives the CPU time of the app's main thread from the key reaching it to the frame
written: on this machine, whose speed moves by 10–45% from one minute to the next,
it tells two ways apart where their wall-clock figures do not. No goal:
bench_keys.py holds the goal; this says where the time goes.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

PROBE_ENV = "SCOREKEEPER_SHOWDOWN_PHASES"  # the file the app notes its times in
KEY_ENV = "SCOREKEEPER_SHOWDOWN_BY_KEY"  # set: ``s`` records a showdown at once


def run_app() -> None:
    """The app, noting its times; with KEY_ENV, ``s`` records a showdown at once (won by
    the last player who can win it, as the benchmark's own copy of the session picks)."""
    from textual import events
    from textual.app import App

    from scorekeeper.core.events import Entry
    from scorekeeper.ui.screens.table import TableScreen
    from scorekeeper.ui.screens.table_official import OfficialTable

    notes = open(os.environ[PROBE_ENV], "a", buffering=1, encoding="utf-8")  # noqa: SIM115

    def note(what: str) -> None:
        notes.write(f"{time.perf_counter():.6f} {time.thread_time():.6f} {what}\n")

    real_on_event = App.on_event

    async def on_event(self: App[object], event: events.Event) -> None:
        if isinstance(event, events.Key):
            note(f"key {event.key}")
        await real_on_event(self, event)

    real_record = TableScreen.record

    def record(self: TableScreen, entry: Entry) -> object:
        note("record")
        try:
            return real_record(self, entry)
        finally:
            note("recorded")

    real_display = App._display

    def display(self: App[object], screen: Any, renderable: Any) -> None:
        note("frame")
        real_display(self, screen, renderable)
        note("written")

    def collecting(phase: str, info: dict[str, int]) -> None:
        note(f"gc-{phase} {info['generation']}")

    gc.callbacks.append(collecting)
    App.on_event = on_event  # type: ignore[method-assign]
    TableScreen.record = record  # type: ignore[method-assign]
    App._display = display  # type: ignore[method-assign]
    if os.environ.get(KEY_ENV):

        def action_showdown(self: OfficialTable) -> None:
            winner = self.legal_kinds()["showdown"][-1]
            self.record(Entry("showdown", {"winner": winner}))

        OfficialTable.action_showdown = action_showdown  # type: ignore[method-assign]

    from scorekeeper.cli.main import entry

    sys.argv = ["scorekeeper", *sys.argv[2:]]
    entry()


PHASES = (
    "the key reaching the app",
    "then the entry recorded and shown",
    "then the frame composed (Textual)",
    "then the frame written",
)


Note = tuple[float, float, str]  # the pty's clock, the main thread's CPU clock, what


def split(notes: list[Note], pressed: float, key: str) -> list[float] | None:
    """The four phases of the key pressed at *pressed*, from the app's notes, then the
    main thread's CPU time from the key reaching the app to the frame written."""
    after = [(at, cpu, what) for at, cpu, what in notes if at >= pressed]
    try:
        reached = next(n for n in after if n[2] == f"key {key}")
        record = next(n for n in after if n[2] == "record" and n[0] >= reached[0])
        recorded = next(n for n in after if n[2] == "recorded" and n[0] >= record[0])
        frame = next(n for n in after if n[2] == "frame" and n[0] >= recorded[0])
        written = next(n for n in after if n[2] == "written" and n[0] >= frame[0])
    except StopIteration:
        return None
    return [
        reached[0] - pressed,
        recorded[0] - reached[0],
        frame[0] - recorded[0],
        written[0] - frame[0],
        written[1] - reached[1],
    ]


def collecting(notes: list[Note], pressed: float, painted: float) -> float:
    """How many passes of the cycle collector ran while the key waited: begun inside it,
    or begun before it and not yet done when it was pressed."""
    passes, started = 0, None
    for at, _, what in notes:
        if what.startswith("gc-start"):
            started = at
        elif what.startswith("gc-stop") and started is not None:
            if started <= painted and at >= pressed:
                passes += 1
            started = None
    return float(passes)


def showdowns(
    way: str, folder: Path, probe: Path, count: int, entries: int, code: str | None = None
) -> list[list[float]]:
    """*count* showdowns recorded *way* in one app (of the code at *code*, else this
    code): per showdown, key → painted, the four phases and the main thread's CPU time."""
    from bench_keys import last_words, newest_logged, session_list
    from pty_harness import Terminal, bench_env
    from sessions import make_session

    from scorekeeper.core.events import Entry

    mirror = make_session(entries)
    extra = {PROBE_ENV: str(probe), **({KEY_ENV: "1"} if way == "key" else {})}
    if code is not None:
        extra["PYTHONPATH"] = code  # its scorekeeper before the one installed
    argv = [sys.executable, __file__, "--app", "--data-dir", str(folder), "open", "1"]
    term = Terminal(argv, env=bench_env(**extra))
    timed: list[tuple[float, float]] = []
    try:
        term.wait_for(newest_logged(last_words(mirror)), timeout=300, describe="the table")
        term.settle(quiet=0.2, timeout=60)
        for _ in range(count):
            if "round" in {action.kind for action in mirror.legal()}:
                term.send("n")
                mirror.record(Entry("round"), datetime.now(UTC))
                term.wait_for(newest_logged(last_words(mirror)), timeout=60)
                term.settle(quiet=0.1, timeout=10)
            winner = {a.kind: a for a in mirror.legal()}["showdown"].choices[-1]
            if way == "dialog":
                term.send("s")
                term.wait_for("Who won the showdown", timeout=60)
                term.send(str(mirror.state.names().index(winner) + 1))
                term.wait_for(f"Enter picks {winner}", timeout=60)
            term.settle(quiet=0.05, timeout=5)
            mirror.record(Entry("showdown", {"winner": winner}), datetime.now(UTC))
            pressed = term.send("enter" if way == "dialog" else "s")
            painted = term.wait_for(newest_logged(last_words(mirror)), timeout=60)
            timed.append((pressed, painted))
            term.settle(quiet=0.1, timeout=10)
        term.send("escape-u")  # Escape as a kitty-protocol terminal sends it
        term.wait_for(session_list, timeout=60, describe="the session list")
        term.send("q")
        term.wait_exit(timeout=60)
    finally:
        term.close()
    notes: list[Note] = []
    for line in probe.read_text(encoding="utf-8").splitlines():
        at, cpu, what = line.split(" ", 2)
        notes.append((float(at), float(cpu), what))
    rows = []
    for pressed, painted in timed:
        parts = split(notes, pressed, "enter" if way == "dialog" else "s")
        rows.append(
            [
                painted - pressed,
                *(parts or [0.0] * (len(PHASES) + 1)),
                collecting(notes, pressed, painted),
            ]
        )
    return rows


def main() -> None:
    from common import Result, other_checkout, report, timed_result
    from fixtures import fixtures_for

    from scorekeeper.messages import set_language

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--showdowns", type=int, default=15, help="timed per way, per pair")
    parser.add_argument("--pairs", type=int, default=2, help="the two ways, alternated")
    parser.add_argument(
        "--compare",
        metavar="PATH",
        type=Path,
        help="instead of the key: the dialog in PATH's code",
    )
    args = parser.parse_args()
    compare = other_checkout(args.compare)
    set_language("en")

    second = "compared" if compare else "key"
    rows: dict[str, list[list[float]]] = {"dialog": [], second: []}
    with fixtures_for() as fixtures, tempfile.TemporaryDirectory() as scratch:
        for pair in range(args.pairs):
            for way in ("dialog", second) if pair % 2 == 0 else (second, "dialog"):
                session = fixtures.session_folder(args.entries)
                folder = fixtures.copy(session, f"showdown-{way}-{pair}")
                probe = Path(scratch, f"{way}-{pair}.txt")
                keys = "dialog" if way == "compared" else way
                code = str(compare) if way == "compared" else None
                made = showdowns(keys, folder, probe, args.showdowns, args.entries, code)
                rows[way] += made
    results: list[Result] = []
    names = {"dialog": "dialog", "key": "key", "compared": f"dialog in {compare}"}
    for way in rows:
        size, key = f"{args.entries:,} entries", "s" if way == "key" else "Enter"
        results.append(
            timed_result(
                f"showdown by {names[way]}: {key} → painted, {size}", [r[0] for r in rows[way]]
            )
        )
        for index, name in enumerate(PHASES, start=1):
            results.append(timed_result(f"  {name}", [row[index] for row in rows[way]]))
        cpu = [row[len(PHASES) + 1] for row in rows[way]]
        results.append(timed_result("  CPU of the app's main thread, key to frame written", cpu))
        collected = [row[0] for row in rows[way] if row[-1]]
        # A pass of Python's cycle collector inside a timed key would be the app's own
        # outlier (Python's own trigger runs it); the others are the machine.
        results.append(
            Result("  keys with a collector pass inside", f"{len(collected)} of {len(rows[way])}")
        )
    report(results)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--app"]:
        run_app()
    else:
        main()
