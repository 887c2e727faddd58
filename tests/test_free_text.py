"""Notes and correction reasons: control characters and bidi overrides are refused in
plain words when typed or imported, while a session stored before keeps opening."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Event, frozen
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.text import refused_character
from tests.rules_support import enter

AT = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def official() -> Session:
    return Session(make_header("indian-official", ["A", "B", "C"], {}))


@pytest.mark.parametrize(
    ("text", "char"),
    [("a\x00b", "U+0000"), ("\x1b]0;OWNED\x07", "U+001B"), ("x\u202ey", "U+202E")],
)
def test_a_note_with_a_control_character_is_refused(text, char):
    session = official()
    with pytest.raises(RuleError) as error:
        session.record(Entry("note", {"text": text}))
    assert error.value.message("en") == (
        f"a note cannot hold the invisible character {char}: type it without it"
    )
    assert session.events == []


def test_emoji_joiners_and_japanese_are_kept():
    session = official()
    enter(session, "note 家族👨\u200d👩\u200d👧 は東京から")
    assert session.events[-1].data["text"] == "家族👨\u200d👩\u200d👧 は東京から"
    assert refused_character("家族👨\u200d👩\u200d👧") is None


def test_a_reason_with_a_control_character_is_refused():
    session = official()
    for line in ("round", "showdown A"):
        enter(session, line)
    entries = [{"kind": "showdown", "data": {"winner": "B"}}]
    with pytest.raises(RuleError) as error:
        session.record(Entry("correct", {"round": 1, "reason": "\x1b[8m", "entries": entries}))
    assert error.value.message("en") == (
        "a reason cannot hold the invisible character U+001B: type it without it"
    )
    assert len(session.events) == 2


def test_a_stored_note_from_before_still_opens():
    header = make_header("indian-official", ["A", "B", "C"], {})
    stored = Event(1, AT, "A", "note", frozen({"text": "old\x07note"}))
    session = Session(header, [stored])
    assert session.events == [stored]
