"""Folding in bounded memory (core/stream.py): ``replay`` (and what streams through a
:class:`StreamFold`) gives what the whole fold gives, keeps no entry, and hands an undo
or a correction that reaches below what it kept to the whole fold."""

from __future__ import annotations

import tracemalloc

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
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
    assert len(read_session(text).events) == 15
    fold = StreamFold(read_session(HEAD).header)
    with pytest.raises(NeedsWhole):
        for _ in range(9):
            fold.record(Entry("note", {"text": "a"}))
        for _ in range(6):
            fold.record(Entry("undo"))
    same(read_session(text), replay_text(text))


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
