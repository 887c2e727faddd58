"""Notes and correction reasons are kept as typed, control characters and bidi overrides
included (every view shows them as escapes: test_terminal_text.py); only a lone
surrogate, which is not text, is refused in plain words."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Event, frozen
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.messages.text import refused_character
from tests.rules_support import enter

AT = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def official() -> Session:
    return Session(make_header("indian-official", ["A", "B", "C"], {}))


@pytest.mark.parametrize("text", ["a\x00b", "\x1b]0;OWNED\x07", "x\u202ey", "\x9b2J"])
def test_a_note_with_a_control_character_is_kept_as_typed(text):
    session = official()
    session.record(Entry("note", {"text": text}))
    assert session.events[-1].data["text"] == text


@pytest.mark.parametrize(("text", "char"), [("a\ud800b", "U+D800"), ("\udfff", "U+DFFF")])
def test_a_note_with_half_a_character_is_refused(text, char):
    session = official()
    with pytest.raises(RuleError) as error:
        session.record(Entry("note", {"text": text}))
    assert error.value.message("en") == (
        f"a note cannot hold {char}, which is half of a character, not text: type it again"
    )
    assert session.events == []


def test_emoji_joiners_and_japanese_are_kept():
    session = official()
    enter(session, "note 家族👨\u200d👩\u200d👧 は東京から")
    assert session.events[-1].data["text"] == "家族👨\u200d👩\u200d👧 は東京から"
    assert refused_character("家族👨\u200d👩\u200d👧") is None


def test_a_reason_with_half_a_character_is_refused_and_a_control_character_kept():
    session = official()
    for line in ("round", "showdown A"):
        enter(session, line)
    entries = [{"kind": "showdown", "data": {"winner": "B"}}]
    with pytest.raises(RuleError) as error:
        session.record(Entry("correct", {"round": 1, "reason": "\ud800", "entries": entries}))
    assert error.value.message("en") == (
        "a reason cannot hold U+D800, which is half of a character, not text: type it again"
    )
    assert len(session.events) == 2
    session.record(Entry("correct", {"round": 1, "reason": "\x1b[8m", "entries": entries}))
    assert session.events[-1].data["reason"] == "\x1b[8m"


def test_a_stored_note_from_before_still_opens():
    header = make_header("indian-official", ["A", "B", "C"], {})
    stored = Event(1, AT, "A", "note", frozen({"text": "old\x07note"}))
    session = Session(header, [stored])
    assert session.events == [stored]
