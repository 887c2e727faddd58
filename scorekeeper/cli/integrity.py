"""``scorekeeper correct`` and ``scorekeeper verify`` (docs/disputes.md)."""

from __future__ import annotations

import sys

from scorekeeper.cli.errors import EXIT_TAMPERED, fail
from scorekeeper.cli.leaving import keep
from scorekeeper.cli.progress_bar import progress_bar
from scorekeeper.cli.sessions import tell_set_aside
from scorekeeper.cli.transcripts import standings_text
from scorekeeper.core.corrections import correction_entry
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry
from scorekeeper.core.receipt import SHORT
from scorekeeper.core.times import local_text
from scorekeeper.core.words import parse_replacement, split_line
from scorekeeper.messages import t
from scorekeeper.messages.describe import describe_text
from scorekeeper.services.recording import open_recording
from scorekeeper.services.session_source import fold_stored
from scorekeeper.services.snapshot_disagreement import snapshot_disagrees
from scorekeeper.services.verifying import Lying, verify_streamed, whole_lying
from scorekeeper.storage import Store
from scorekeeper.storage.hashchain import KEY
from scorekeeper.storage.hashchain import verify as verify_chain


def correct(store: Store, sid: int, round_number: int, reason: str, texts: list[str]) -> int:
    """Record one correction of *round_number*; print it and the standings after it."""
    where = f"{sid}: correct {round_number}"
    with open_recording(store, sid) as rec:
        game = rec.session.game
        try:
            entries = []
            for text in texts:
                parsed = parse_replacement(game, split_line(text))
                entries.append(Entry(parsed["kind"], parsed["data"]))
            event = rec.record(correction_entry(round_number, reason, entries))
        except RuleError as error:
            fail(where, error.message())
        key, params = rec.session.describe(len(rec.session.events) - 1)
        local = local_text(event.at, "%H:%M:%S")
        print(t("cli.recorded", seq=event.seq, time=local, what=describe_text(key, params)))
        print(standings_text(rec.session))
    return 0


def verify(store: Store, sid: int, expect: str | None = None) -> int:
    """0: intact; 1: tampered, cut off (``--expect``), or its chain stripped;
    2: the session cannot be read or the command was mistyped (docs/disputes.md).

    It always checks every entry against the chain and the rules (a fold), every vouch
    line, sealed or not, against that fold where it stands (its summaries, the state it
    names), and, when the journal vouches for the snapshot beside it, compares that with
    the fold too."""
    wanted = _expected(expect)
    label = t("cli_extra.progress.verify", session=sid)
    with progress_bar(label, _journal_size(store, sid), in_bytes=True) as bar:
        streamed = verify_streamed(store, sid, wanted, progress=bar)
    if streamed is not None:  # everything holds, found a line at a time (bounded memory)
        tell_set_aside(store, sid)
        if streamed.lying is not None:
            return _lying(sid, streamed.lying)
        if streamed.forged:
            return _tampered(sid, t("cli.verify_snapshot_forged"))
        return _verified(sid, streamed.entries, streamed.head, wanted, streamed.noted_at)
    stored = keep(store.read(sid))
    tell_set_aside(store, sid)
    verdict = verify_chain(stored.header, stored.events, stored.vouches)
    if verdict.bad_header:
        if verdict.stray is not None:
            return _tampered(sid, t("cli.verify_header_stray", name=verdict.stray))
        key = "cli.verify_header_unchained" if verdict.missing else "cli.verify_header"
        return _tampered(sid, t(key))
    if verdict.bad_entry is not None:
        if verdict.stray is not None:
            text = t("cli.verify_entry_stray", entry=verdict.bad_entry, name=verdict.stray)
            return _tampered(sid, text)
        key = "cli.verify_unchained" if verdict.missing else "cli.verify_entry"
        return _tampered(sid, t(key, entry=verdict.bad_entry))
    if verdict.bad_vouch is not None:
        return _tampered(sid, t("cli.verify_vouch", entry=verdict.bad_vouch))
    try:  # every entry through the rules, as every open checks them
        forged = snapshot_disagrees(store, stored, fold_stored(stored))
        lying = whole_lying(store.path(sid), stored)
    except RuleError as error:  # a chained entry the rules refuse: as every open says it
        fail(str(sid), t("recording.session_invalid", session=sid, reason=error.message()))
    if lying is not None:
        return _lying(sid, lying)
    if forged:
        return _tampered(sid, t("cli.verify_snapshot_forged"))
    hashes = [str(event.get(KEY, "")) for event in stored.events] if wanted else []
    later = [n for n, value in enumerate(hashes, start=1) if value.startswith(wanted or "")]
    return _verified(sid, verdict.entries, verdict.head, wanted, later[-1] if later else None)


def _journal_size(store: Store, sid: int) -> int:
    """The journal's bytes, for the bar's threshold; 0 when it cannot be told (then the
    read itself says why)."""
    try:
        return store.path(sid).stat().st_size
    except OSError:
        return 0


def _verified(sid: int, entries: int, head: str, wanted: str | None, noted: int | None) -> int:
    """Say that session *sid* holds, and check the receipt asked for: *noted* is the last
    entry whose hash begins with it."""
    print(t("cli.verify_ok", session=sid, entries=entries, head=head))
    print(t("cli.verify_receipt", entries=entries, short=head[:SHORT]))
    if wanted is None:
        return 0
    if head.startswith(wanted):
        print(t("cli.verify_expect_ok", session=sid))
        return 0
    if noted is not None:  # the receipt was noted at entry N: entries were added since, none cut
        print(t("cli.verify_expect_earlier", session=sid, entry=noted, added=entries - noted))
        return 0
    return _tampered(sid, t("cli.verify_expect_missing", hash=wanted))


def _expected(expect: str | None) -> str | None:
    """A receipt hash as typed: :data:`SHORT` (16) to 64 hex digits, any case; a shorter
    one is refused, since a forger could find a file whose hash begins with it."""
    if expect is None:
        return None
    word = expect.strip().lower()
    if not 0 < len(word) <= 64 or any(ch not in "0123456789abcdef" for ch in word):
        fail("--expect", t("cli.verify_expect_syntax", text=expect, least=SHORT))
    if len(word) < SHORT:
        fail("--expect", t("cli.verify_expect_short", text=expect, least=SHORT, digits=len(word)))
    return word


def _lying(sid: int, lying: Lying) -> int:
    """A vouch line whose numbers the entries do not give: named by its line."""
    return _tampered(sid, t("cli.verify_vouch_forged", line=lying.line, entry=lying.after))


def _tampered(sid: int, text: str) -> int:
    print(f"{sid}: {text}", file=sys.stderr)
    return EXIT_TAMPERED
