"""Folding in bounded memory (core/stream.py): ``replay`` (and what streams through a
:class:`StreamFold`) gives what the whole fold gives, keeps no entry, and hands an undo
or a correction that reaches below what it kept to the whole fold."""

from __future__ import annotations

import tracemalloc

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_support import at_t0
from session_gen import GAMES, build_session

from scorekeeper.core import stream
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry
from scorekeeper.core.state_codec import encode_state_apart
from scorekeeper.core.state_json import state_json
from scorekeeper.core.stream import NeedsWhole, StreamFold
from scorekeeper.core.transcript import (
    TranscriptError,
    numbered_lines,
    read_session,
    replay_text,
    write_transcript,
)

HEAD = "game indian-official\nplayers A B C D\n"


def same(whole, streamed) -> None:
    assert encode_state_apart(streamed.state) == encode_state_apart(whole.state)
    assert state_json(streamed) == state_json(whole)
    assert streamed.first_at == whole.first_at and streamed.last_at == whole.last_at


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)), window=st.integers(1, 6))
def test_a_streamed_fold_is_the_whole_fold(data, game, window, monkeypatch):
    """Any session (undo, corrections, joins …), with a window so small that it lets go of
    entries every few: each entry folded one at a time gives the whole fold's state, or
    hands over to the whole fold (never a different answer, never a refusal)."""
    monkeypatch.setattr(stream, "WINDOW", window)
    whole = build_session(data, game)
    text = write_transcript(whole)
    same(read_session(text), replay_text(text))
    fold = StreamFold(whole.header)
    try:
        with stream.folding():
            for event in whole.events:
                fold.add(event)
    except NeedsWhole:
        assert fold.cut  # only once something was let go
        return
    same(whole, fold.session())


def test_an_undo_below_what_was_kept_is_handed_to_the_whole_fold(monkeypatch):
    monkeypatch.setattr(stream, "WINDOW", 2)
    text = HEAD + "note a\n" * 9 + "undo\n" * 6
    assert len(read_session(text, at_t0).events) == 15
    fold = StreamFold(read_session(HEAD).header)
    with pytest.raises(NeedsWhole):
        for _ in range(9):
            fold.record(Entry("note", {"text": "a"}))
        for _ in range(6):
            fold.record(Entry("undo"))
    same(read_session(text, at_t0), replay_text(text, at_t0))


def test_a_refusal_is_said_at_its_line_and_a_bad_line_anywhere_first():
    with pytest.raises(TranscriptError) as refused:
        replay_text(HEAD + "round\nshowdown Z\n")
    assert refused.value.line == 4
    # the whole read parses every line before it plays any: an unreadable line wins
    with pytest.raises(TranscriptError) as unreadable:
        replay_text(HEAD + "round\nshowdown Z\n\nzap zap\n")
    with pytest.raises(TranscriptError) as whole:
        read_session(HEAD + "round\nshowdown Z\n\nzap zap\n")
    assert unreadable.value.line == whole.value.line == 6
    assert unreadable.value.message() == whole.value.message()


def test_lines_are_split_as_splitlines_splits_them(monkeypatch):
    monkeypatch.setattr("scorekeeper.core.transcript._CHUNK", 3)
    text = "a\r\nb\rc\x0bd\n\ne\u2028f\r\n\r\ng"
    assert list(numbered_lines(text)) == list(enumerate(text.splitlines(), start=1))


def notes(count: int) -> str:
    return HEAD + "note n\n" * count


def peak_of(text: str, fold) -> int:
    tracemalloc.start()
    try:
        fold(text)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_replay_keeps_no_entry(monkeypatch):
    """Twice the entries, not twice the memory: what replay holds does not grow with the
    session (notes change no history, so the state stays the same size). The whole fold,
    which keeps every entry and the state before it, needs about twice as much."""
    monkeypatch.setattr(stream, "WINDOW", 64)
    monkeypatch.setattr("scorekeeper.core.transcript._CHUNK", 4096)  # a piece of the text
    short, long = notes(3_000), notes(6_000)
    streamed = peak_of(short, replay_text), peak_of(long, replay_text)
    whole = peak_of(short, read_session), peak_of(long, read_session)
    assert whole[1] > 1.6 * whole[0]  # the measure sees a fold that keeps its entries
    assert streamed[1] < 1.15 * streamed[0]
    assert streamed[1] * 4 < whole[1]


def test_a_rule_error_before_anything_was_let_go_is_the_rules(monkeypatch):
    fold = StreamFold(read_session(HEAD).header)
    with pytest.raises(RuleError):
        fold.record(Entry("showdown", {"winner": "Z"}))


# --- verify, a line at a time (services/verifying.py) ---------------------------------


def whole_verify(store, sid):
    """What ``verify`` finds reading and folding the whole session: the number of entries,
    the receipt's hash, and whether the snapshot the journal vouches for is forged."""
    from scorekeeper.services.session_source import fold_stored
    from scorekeeper.services.snapshot_disagreement import snapshot_disagrees
    from scorekeeper.storage.hashchain import verify

    stored = store.read(sid)
    verdict = verify(stored.header, stored.events, stored.vouches)
    assert verdict.ok
    return verdict.entries, verdict.head, snapshot_disagrees(store, stored, fold_stored(stored))


def stored_with_snapshot(tmp_path, session):
    from scorekeeper.services.recording import import_session
    from scorekeeper.storage import Store

    store = Store(tmp_path / "home")
    return store, import_session(store, session)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)), window=st.integers(1, 6))
def test_verify_a_line_at_a_time_is_the_whole_verify(data, game, window, tmp_path_factory):
    """Any session (undo, corrections, joins, leaves, rebuys …) stored with its snapshot,
    then checked a line at a time with a window so small it lets go every few entries:
    the same entries, receipt and verdict on the snapshot as the whole read and fold, or
    None (the caller then reads it whole)."""
    from scorekeeper.services.verifying import verify_streamed

    whole = build_session(data, game)
    store, sid = stored_with_snapshot(tmp_path_factory.mktemp("v"), whole)
    streamed = verify_streamed(store, sid, window=window)
    entries, head, forged = whole_verify(store, sid)
    if streamed is None:  # an undo or a correction below what it kept: the whole read
        assert any(e.kind in ("undo", "correct") for e in whole.events)
        return
    assert (streamed.entries, streamed.head, streamed.forged) == (entries, head, forged)
    assert not forged
    assert streamed.most_kept < 2 * window


def rounds(count: int) -> str:
    return HEAD + "round\nshowdown A\n" * count


def test_verify_compares_the_state_kept_and_finds_it_forged(tmp_path):
    """A session long enough for its snapshot to keep a state: read a line at a time,
    that state is compared with the fold at its entry, and a forged one (vouched for by a
    journal someone rewrote) is found as the whole read finds it."""
    from journal_support import forged_scores, kept_state, vouch_as_writer

    from scorekeeper.services.verifying import verify_streamed

    store, sid = stored_with_snapshot(tmp_path, read_session(rounds(200)))
    taken = kept_state(store, sid)
    assert taken is not None and taken.apart  # a state with its histories kept
    streamed = verify_streamed(store, sid, window=16)
    assert streamed is not None and not streamed.forged
    assert (streamed.entries, streamed.head, False) == whole_verify(store, sid)
    vouch_as_writer(store, sid, forged_scores(store, sid))
    streamed = verify_streamed(store, sid, window=16)
    assert streamed is not None and streamed.forged
    assert whole_verify(store, sid)[2]


def test_verify_holds_a_bounded_window_whatever_the_length(tmp_path):
    """The fold ``verify`` streams through keeps at most twice its window of entries in
    force, at 400 entries as at 4,000 (no entry is kept: the journal is read a line at a
    time)."""
    from scorekeeper.services.verifying import verify_streamed

    for count in (200, 2_000):
        store, sid = stored_with_snapshot(tmp_path / str(count), read_session(rounds(count)))
        streamed = verify_streamed(store, sid, window=32)
        assert streamed is not None and streamed.entries == 2 * count
        assert streamed.most_kept < 64


def test_verify_reads_a_journal_it_cannot_judge_whole(tmp_path):
    """A journal not of the writer's layout, or an entry that does not match its chain,
    is not judged a line at a time: None, and the whole read says what is wrong."""
    from scorekeeper.services.verifying import verify_streamed

    store, sid = stored_with_snapshot(tmp_path, read_session(rounds(3)))
    path = store.path(sid)
    data = path.read_bytes()
    path.write_bytes(data.replace(b"showdown", b"showdowX", 1))  # a line fails its check
    assert verify_streamed(store, sid) is None
    path.write_bytes(data[:-5])  # a torn last line is not read, as the whole read does not
    streamed = verify_streamed(store, sid)
    assert streamed is not None
    assert (streamed.entries, streamed.head, streamed.forged) == whole_verify(store, sid)


# --- import, a line at a time (services/importing.py) ---------------------------------


def files_of(store, sid) -> tuple[bytes, bytes | None]:
    snap = store.path(sid).with_name(store.path(sid).name + ".snap")
    return store.path(sid).read_bytes(), snap.read_bytes() if snap.exists() else None


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)), window=st.integers(1, 6))
def test_import_a_line_at_a_time_is_the_whole_import(
    data, game, window, monkeypatch, tmp_path_factory
):
    """Any session's transcript (times included), imported a line at a time with a window
    so small it lets go every few entries: the same journal and the same snapshot, byte
    for byte, as reading the transcript whole and storing it; or None (nothing stored)."""
    from scorekeeper.services.importing import import_text
    from scorekeeper.services.recording import import_session
    from scorekeeper.storage import Store

    monkeypatch.setattr(stream, "WINDOW", window)
    text = write_transcript(build_session(data, game))
    home = tmp_path_factory.mktemp("i")
    whole, streamed = Store(home / "whole"), Store(home / "streamed")
    sid = import_session(whole, read_session(text))
    got = import_text(streamed, text)
    if got is None:
        assert streamed.ids() == [] and not list(streamed.sessions_dir.iterdir())
        return
    assert got == sid
    assert files_of(streamed, got) == files_of(whole, sid)


def test_a_long_import_keeps_the_same_state_and_vouches(tmp_path, monkeypatch):
    """Long enough for the snapshot to keep a state: the same bytes as the whole import,
    and the streamed session then verifies, a line at a time."""
    from scorekeeper.services.importing import import_text
    from scorekeeper.services.recording import import_session
    from scorekeeper.services.verifying import verify_streamed
    from scorekeeper.storage import Store

    monkeypatch.setattr(stream, "WINDOW", 16)
    text = write_transcript(read_session(rounds(300) + "undo\nnote x\n"))
    whole, streamed = Store(tmp_path / "whole"), Store(tmp_path / "streamed")
    sid = import_session(whole, read_session(text))
    assert import_text(streamed, text) == sid
    assert files_of(streamed, sid) == files_of(whole, sid)
    from scorekeeper.storage import snapshot

    assert snapshot.load_seekable(streamed.path(sid)) is not None
    checked = verify_streamed(streamed, sid, window=16)
    assert checked is not None and not checked.forged and checked.entries == 602


def test_a_refused_import_stores_nothing(tmp_path):
    from scorekeeper.services.importing import import_text
    from scorekeeper.storage import Store

    store = Store(tmp_path / "home")
    with pytest.raises(TranscriptError) as refused:
        import_text(store, HEAD + "round\nshowdown Z\nround\n")
    assert refused.value.line == 4
    assert store.ids() == [] and not list(store.sessions_dir.iterdir())


# --- record at any length: the list's leader without the round results ----------------


def test_import_holds_a_bounded_window_whatever_the_length(tmp_path, monkeypatch):
    """What an import holds while it plays does not grow with the transcript: the fold
    keeps at most twice its window of entries in force, and the states kept for the
    snapshot are the last STATE_LAG + 1, at 400 entries as at 4,000."""
    from scorekeeper.services import importing
    from scorekeeper.storage import Store

    monkeypatch.setattr(stream, "WINDOW", 32)
    seen: list[tuple[int, int]] = []
    entry = importing._Importing.entry

    def watched(self, event, fold):
        entry(self, event, fold)
        seen.append((fold.kept, len(self.recent)))

    monkeypatch.setattr(importing._Importing, "entry", watched)
    for count in (200, 2_000):
        seen.clear()
        store = Store(tmp_path / str(count))
        assert importing.import_text(store, rounds(count)) == 1
        assert len(seen) == 2 * count
        assert max(kept for kept, _ in seen) < 64
        assert max(recent for _, recent in seen) <= importing.snapshots.STATE_LAG + 1
