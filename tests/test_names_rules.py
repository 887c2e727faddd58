"""The rules on names a table could not tell apart (docs/rules/names.md): in a session a
look-alike is refused in words with the name it looks like, never split silently; a
stored session is read as it was kept."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from scorekeeper.core.codec import header_from_doc, header_to_doc
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Event
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.transcript import TranscriptError, read_session
from tests.rules_support import enter, refused

FIVE = ["Aki", "Ben", "Chie", "Dai", "Emi"]


def official() -> Session:
    return Session(make_header("indian-official", FIVE))


@pytest.mark.parametrize("name", ["Ａｋｉ", "\u0410ki", "\u0391KI"])
def test_a_seat_that_looks_like_another_is_refused_with_its_name(name):
    with pytest.raises(RuleError) as info:
        make_header("indian-official", ["Aki", "Ben", name])
    assert info.value.key == "rules.name_lookalike"
    assert info.value.field == "players"
    assert info.value.params == {"name": name, "other": "Aki"}
    assert "Aki" in info.value.message("en") and "Aki" in info.value.message("ja")


def test_a_join_that_looks_like_a_seated_player_is_refused_with_their_name():
    session = official()
    error = refused(session, "join Ａｋｉ", "rules.join_lookalike_seated")
    assert error.params == {"player": "Ａｋｉ", "other": "Aki"}
    assert session.state.names() == tuple(FIVE)


def test_a_join_that_looks_like_a_player_who_left_is_refused_and_names_them():
    session = official()
    enter(session, "leave Aki")
    error = refused(session, "join \u0410ki", "rules.join_lookalike_left")
    assert "join Aki" in error.message("en")
    enter(session, "join Aki")  # the spelling they had: back in their seat
    assert session.state.seated() == tuple(FIVE)


def test_case_alone_names_the_same_player_as_in_every_entry():
    session = official()
    enter(session, "leave Aki", "join aki")
    assert session.state.seated() == tuple(FIVE)
    assert session.events[-1].data["player"] == "Aki"


def test_a_transcript_with_a_look_alike_join_is_refused_at_its_line():
    with pytest.raises(TranscriptError) as info:
        read_session("game indian-official\nplayers Aki Ben Chie\njoin Ａｋｉ\n")
    assert "3:" in str(info.value) and "Aki" in str(info.value)


def test_a_stored_session_with_look_alike_names_opens_as_it_was_kept():
    header = make_header("indian-official", ["Aki", "Ben", "Chie"])
    doc = header_to_doc(header)
    doc["players"] = ["Aki", "Ben", "Ａｋｉ"]
    kept = header_from_doc(doc)  # stored: read as it was kept
    assert kept.players == ("Aki", "Ben", "Ａｋｉ")
    with pytest.raises(RuleError):
        header_from_doc(doc, fresh=True)  # imported: checked as typed
    at = datetime(2026, 12, 5, 21, 0, tzinfo=UTC)
    stored = Event(1, at, "Aki", "join", {"player": "\u0410ki", "after": None, "number": 4})
    session = Session(header, [stored])  # a join kept before the rule: read as it was
    assert session.state.seated() == ("Aki", "Ben", "Chie", "\u0410ki")
