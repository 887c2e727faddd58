"""The fold's copy with changes (core/evolve.py) is ``dataclasses.replace``, faster."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core.evolve import evolve
from tests.session_gen import GAMES, build_session


@settings(max_examples=20, deadline=None)
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)))
def test_every_state_copied_with_changes_is_what_replace_gives(data, game):
    session = build_session(data, game)
    for state in [session.state_before(i) for i in range(len(session.events))]:
        changes = {"round": state.round + 1, "finished": not state.finished}
        assert evolve(state, **changes) == dataclasses.replace(state, **changes)
        assert evolve(state) == state and evolve(state) is not state


def test_a_field_it_does_not_have_is_refused():
    from scorekeeper.core.state import Seat

    seat = Seat("A", 1)
    with pytest.raises(TypeError, match="Seat has no field colour"):
        evolve(seat, colour="red")
