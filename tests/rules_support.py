"""Helpers shared by the rules tests: enter lines, and check a refusal changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from scorekeeper.core.errors import RuleError
from scorekeeper.core.session import Session
from scorekeeper.core.state_json import state_json
from scorekeeper.core.transcript import read_session, write_transcript
from scorekeeper.core.words import parse_entry, split_line

T0 = datetime(2026, 11, 29, 12, 0, 0, tzinfo=UTC)


def at_t0() -> datetime:
    """The clock of a test that reads one untimed transcript twice and compares the two:
    each read otherwise stamps the entries with the wall clock as it reads, and two reads
    a second boundary apart differ in every time."""
    return T0


def enter(session: Session, *lines: str) -> None:
    for line in lines:
        session.record(parse_entry(session.game, split_line(line)), T0)


def refused(session: Session, line: str, key: str) -> RuleError:
    """*line* is refused with *key*, and neither the state nor the log changes."""
    state, events, legal = session.state, list(session.events), session.legal()
    with pytest.raises(RuleError) as info:
        enter(session, line)
    assert info.value.key == key, info.value.message("en")
    assert session.state == state
    assert session.state is state
    assert session.events == events
    assert session.legal() == legal
    # the message renders in both languages with the parameters it carries
    assert info.value.message("en")
    assert info.value.message("ja")
    return info.value


def stacks(session: Session) -> dict[str, int]:
    return dict(session.state.scores)


def kinds(session: Session) -> list[str]:
    return [action.kind for action in session.legal()]


def choices(session: Session, kind: str) -> tuple[str, ...]:
    (action,) = [a for a in session.legal() if a.kind == kind]
    return action.choices


def assert_transcript_round_trip(session: Session) -> None:
    """Written out and read back, the session is the same, and writes the same text again."""
    text = write_transcript(session)
    again = read_session(text)
    assert state_json(again) == state_json(session)
    assert again.state == session.state
    assert write_transcript(again) == text
