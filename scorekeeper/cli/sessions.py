"""What each ``scorekeeper`` command does; cli.py only reads the arguments."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

from scorekeeper.cli.errors import RecordedThen, fail, quiet_stdout, with_valid_now
from scorekeeper.cli.leaving import keep
from scorekeeper.cli.progress_bar import progress_bar
from scorekeeper.cli.streams import OutputError
from scorekeeper.cli.transcripts import print_state, read_text, read_transcript
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry
from scorekeeper.core.game import LegalAction
from scorekeeper.core.receipt import Receipt
from scorekeeper.core.times import local_text
from scorekeeper.core.transcript import TranscriptError, lines_about, looks_like_json
from scorekeeper.core.words import UNKNOWN_ENTRY, parse_entry, split_line
from scorekeeper.export.formats import export_text
from scorekeeper.export.settlement import parse_rate, season_lines, settle_together
from scorekeeper.export.settlement import settle as settle_session
from scorekeeper.messages import language, t
from scorekeeper.messages.describe import describe_text
from scorekeeper.messages.text import visible
from scorekeeper.services.importing import import_text
from scorekeeper.services.recording import (
    Recording,
    create_like,
    import_session,
    load_session,
    open_recording,
)
from scorekeeper.services.session_source import fold_checked
from scorekeeper.storage import Store


def show(store: Store, sid: int, *, as_json: bool) -> int:
    print_state(keep(load_session(store, sid)), as_json)
    tell_set_aside(store, sid)
    return 0


def tell_set_aside(store: Store, sid: int) -> None:
    """Say on stderr where unfinished writes of session *sid* were kept, if any were."""
    kept = store.set_aside(sid)
    if kept:
        files = ", ".join(str(path) for path in kept)
        print(t("cli.set_aside", session=sid, count=len(kept), files=files), file=sys.stderr)
    others = store.not_set_aside(sid)  # planted, or copied: no write of this session
    if others:
        files = ", ".join(str(path) for path in others)
        print(t("cli.not_set_aside", session=sid, files=files), file=sys.stderr)


def import_file(store: Store, path: str) -> int:
    print(import_transcript(store, path))
    return 0


def import_transcript(store: Store, path: str) -> int:
    """``import``: the session a transcript (or a JSON export) holds, stored; its id. A
    transcript is played and written a line at a time, no entry held
    (services/importing.py); one whose undo or correction reaches below what that keeps,
    and a JSON export, are read and stored whole."""
    text = read_text(path)
    try:
        if not looks_like_json(text):
            label = t("cli_extra.progress.import", file=visible(os.path.basename(path)))
            with progress_bar(label, lines_about(text)) as bar:
                sid = import_text(store, text, bar)
            if sid is not None:
                return sid
    except TranscriptError as error:
        fail(f"{path}:{error.line}", with_valid_now(error.message(), error.valid))
    return import_session(store, read_transcript(path))


def new_like(store: Store, sid: int) -> int:
    """``new --like SESSION``: a new session of the same table; prints its number."""
    print(create_like(store, sid)[0])
    return 0


def record(store: Store, sid: int, texts: list[str]) -> int:
    """Record every entry or none: all are checked first, then each is stored and reported."""
    reader_gone = False
    failed: OutputError | None = None
    # Picked up at its state checkpoint: only the entries since are read and folded.
    with open_recording(store, sid, history=False) as rec:
        entries = _tried(rec, sid, texts)
        if entries is None:  # an undo or a correction reaches below the checkpoint
            if rec.ensure_history():
                print(t("recording.checkpoint_wrong", session=sid), file=sys.stderr)
            entries = _tried(rec, sid, texts)
        assert entries is not None
        held, appended = rec.session.ledger.next_seq - 1, rec.appended
        try:
            events = rec.record_all(entries)  # one write: all of them on the disk, or none
            first = len(rec.session.events) - len(events)
            for index, event in enumerate(events, first):
                key, params = rec.session.describe(index)
                local = local_text(event.at, "%H:%M:%S")
                what = describe_text(key, params)
                line = t("cli.recorded", seq=event.seq, time=local, what=what)
                try:
                    reader_gone = _say(line, reader_gone)
                except OutputError as error:  # told once every entry is recorded
                    failed, reader_gone = error, True
        except (Exception, KeyboardInterrupt) as error:
            written = rec.appended - appended
            if not written:  # nothing reached the journal: the failure as it is
                raise
            raise RecordedThen(sid, held + 1, held + written, error) from error
    if failed is not None:
        raise failed
    return 0


def _tried(rec: Recording, sid: int, texts: list[str]) -> list[Entry] | None:
    """Every entry as the rules take it, tried in turn on the immutable ledger (nothing
    changes, and no second fold of the session); None if one needs the whole history."""
    trial = rec.session.ledger
    entries = []
    for text in texts:
        try:
            entry = parse_entry(trial.game, split_line(text))
            if trial.reaches_below(entry.kind):
                return None
            trial = trial.step(trial.check(entry))
        except RuleError as error:
            fail(f"{sid}: {text}", _with_valid_now(error, trial.legal))
        entries.append(entry)
    return entries


def _with_valid_now(error: RuleError, legal: Callable[[], list[LegalAction]]) -> str:
    """The refusal; for a word that is no entry, also what the rules take now."""
    if error.key not in UNKNOWN_ENTRY:
        return error.message()
    return with_valid_now(error.message(), dict.fromkeys(action.kind for action in legal()))


def _say(line: str, reader_gone: bool) -> bool:
    """Print a line unless the reader has closed the pipe; recording goes on either way
    (all of a command's entries or none). True once the reader is gone; a failed write
    (OutputError) is raised for the caller to tell after recording the rest."""
    if reader_gone:
        return True
    try:
        print(line, flush=True)
    except BrokenPipeError:
        quiet_stdout()
        return True
    return False


def export(
    store: Store, sid: int, fmt: str, output: str | None, rate_text: str | None = None
) -> int:
    rate = None if rate_text is None else parse_rate(rate_text)
    stored = keep(store.read(sid))  # read once: the session and its receipt agree
    label = t("cli_extra.progress.export", session=sid)
    with progress_bar(label, len(stored.events)) as bar:
        session, verdict = fold_checked(stored, bar)  # folded once, for both
        receipt = Receipt(len(stored.events), verdict.head)
        if bar is not None:
            bar.then(t("cli_extra.progress.export_write", format=fmt))
        text = export_text(keep(session), sid, fmt, rate=rate, receipt=receipt)
    if output is None or output == "-":
        sys.stdout.write(text)
        return 0
    if store.protects(output):  # never over a session file: the log would be gone
        fail(output, t("cli.export_into_data", root=store.root))
    try:
        Path(output).write_text(text, encoding="utf-8", newline="")
    except OSError as error:
        fail(output, t("cli.cannot_write", reason=error.strerror or str(error)))
    print(t("cli.exported", session=sid, path=output), file=sys.stderr)
    return 0


def settle_many(
    store: Store, sids: list[int], rate_text: str | None, *, as_json: bool = False
) -> int:
    """Settle one session, or several together by player name (docs/rules/settlement.md):
    in money where each has a rate, else each kind in its own units.

    Everything is read and checked before the first line is printed: a session listed
    twice, a missing one, one still in play or sessions in two currencies are refused
    in one line, and nothing else is said. *as_json*: the balances, the transfers and
    the currency as one JSON document.
    """
    if len(sids) == 1 and not as_json:
        return settle(store, sids[0], rate_text)
    seen: set[int] = set()
    for sid in sids:
        if sid in seen:
            fail("settle", t("settle.twice", session=sid))
        seen.add(sid)
    rate = None if rate_text is None else parse_rate(rate_text)
    together = settle_together([(sid, keep(load_session(store, sid))) for sid in sids], rate)
    if as_json:
        print(json.dumps(together.to_doc(language()), ensure_ascii=False, indent=2))
        return 0
    print("\n".join(season_lines(sids, together)))  # all worked out first, printed at once
    return 0


def settle(store: Store, sid: int, rate_text: str | None) -> int:
    """Print who pays whom at the end of the session, one transfer a line."""
    rate = None if rate_text is None else parse_rate(rate_text)
    settlement = settle_session(keep(load_session(store, sid)), rate)
    heading = settlement.rate_text()
    if heading and settlement.transfers:
        print(heading)
    for line in settlement.lines():
        print(line)
    return 0
