"""The fold's shortcuts give what the plain way gives: seat names worked out once per tuple
of seats (core/state.py), a fixed offset checked once (core/times.py), a plain line split by
``str.split`` (core/words.py), a round over by a count of its folds."""

from __future__ import annotations

import dataclasses
import re
from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core import shellwords
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, frozen, thawed
from scorekeeper.core.games.indian_official import (
    OfficialRound,
    _all_children_folded,
    _contesting_children,
)
from scorekeeper.core.header import make_header
from scorekeeper.core.ledger import Ledger
from scorekeeper.core.state import State
from scorekeeper.core.times import check_time
from scorekeeper.core.words import split_line
from tests.session_gen import GAMES, build_session

AT = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def test_a_thawed_view_is_a_dict_of_its_own_in_the_same_order():
    view = frozen({"B": 2, "A": 1})
    copied = thawed(view)
    assert type(copied) is dict and list(copied.items()) == [("B", 2), ("A", 1)]
    copied["C"] = 3
    assert dict(view) == {"B": 2, "A": 1}
    assert thawed({"A": 1}) == {"A": 1}


@settings(max_examples=15, deadline=None)
@given(data=st.data(), games=st.lists(st.sampled_from(sorted(GAMES)), min_size=2, max_size=2))
def test_seat_names_are_those_of_the_seats_whichever_session_asked_last(data, games):
    sessions = [build_session(data, game) for game in games]
    states: list[State] = []
    for session in sessions:
        states += [session.state_before(i) for i in range(len(session.events))]
        states.append(session.state)
    order = data.draw(st.permutations(states))
    for state in order:
        assert state.names() == tuple(seat.name for seat in state.seats)
        assert state.seated() == tuple(seat.name for seat in state.seats if seat.seated)


def test_a_fixed_offset_is_checked_each_time_whatever_was_checked_before():
    nine = timezone(timedelta(hours=9))
    for _ in range(2):
        assert check_time(AT.astimezone(nine)) is not None
        with pytest.raises(RuleError, match="offset beyond"):
            check_time(AT.astimezone(timezone(timedelta(hours=15))))
        with pytest.raises(RuleError, match="outside 1970"):
            check_time(datetime(1969, 12, 31, tzinfo=nine))
    assert check_time(datetime(2026, 7, 1, tzinfo=ZoneInfo("Asia/Tokyo")))


_SHELL_WHITESPACE = re.compile(r"[ \t\r\n]+")


def _split_slowly(line: str) -> list[str]:
    """split_line as it was before ASCII lines were split by ``str.split``."""
    if not re.search(r"['\"\\]", line):
        return [word for word in _SHELL_WHITESPACE.split(line.split("#", 1)[0]) if word]
    try:
        return shellwords.split(line)
    except shellwords.Unbalanced:
        raise RuleError("transcript.quotes", line=line.strip()) from None


LINE_CHARACTERS = list("ab@:=+-09 \t\r#'\"\\\x0b\x0c\x1c\x1f\x85\xa0\u3000é佐")


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from(LINE_CHARACTERS), max_size=14))
def test_a_line_splits_as_a_shell_splits_it_on_either_path(line):
    try:
        expected: list[str] | str = _split_slowly(line)
    except RuleError as error:
        expected = error.message("en")
    try:
        got: list[str] | str = split_line(line)
    except RuleError as error:
        got = error.message("en")
    assert got == expected


@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_a_round_is_over_by_count_exactly_when_no_child_is_left_in_it(data):
    """The official game ends a round on the fold that leaves no child in: counted from the
    folds (each child folds once, the parent never), not worked out as the list of those
    left. After joins, leaves, undos and corrections, the two agree on every state."""
    session = build_session(data, "indian-official")
    states = [session.state_before(i) for i in range(len(session.events))]
    tables = [(s, s.table) for s in [*states, session.state] if isinstance(s.table, OfficialRound)]
    for state, table in tables:
        # the table as it is, then with each child still in folding in turn, to the last
        for child in (None, *_contesting_children(state, table)):
            if child is not None:
                table = dataclasses.replace(table, folds=(*table.folds, (child, table.stake)))
            left = _contesting_children(state, table)
            assert _all_children_folded(state, table) == (not left)
        assert _all_children_folded(state, table)


@pytest.mark.parametrize("fresh", [True, False])
def test_a_time_without_an_offset_is_refused_whether_typed_or_stored(fresh):
    """A typed entry's time is checked by check_time, which asks require_aware first; a
    stored one by require_aware alone. Either way a naive time is refused as such, and a
    fixed offset found sound before (the shortcut) does not let it through."""
    ledger = Ledger.start(make_header("indian-official", ["A", "B", "C"]))
    check_time(AT)  # UTC now counts as a sound zone
    naive = Entry("round", {}, datetime(2026, 11, 29, 12, 0))
    with pytest.raises(RuleError) as refused:
        ledger.check(naive, fresh=fresh)
    assert refused.value.key == "rules.time_needs_offset"
    assert ledger.check(Entry("round", {}, AT), fresh=fresh).at == AT
