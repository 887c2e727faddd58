"""A folded state written to a checkpoint and read back is the same state (core/state_codec.py),
after any mix of entries of every game; anything else in a checkpoint is refused."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core.state_codec import decode, decode_state, encode_state
from tests.session_gen import GAMES, build_session


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)))
def test_every_state_of_any_session_reads_back_the_same(data, game):
    session = build_session(data, game)
    states = [session.state_before(i) for i in range(len(session.events))] + [session.state]
    for state in states:
        text = json.dumps(encode_state(state))  # through real JSON, as on disk
        back = decode_state(json.loads(text), session.header.options, game)
        assert back == state
        assert json.dumps(encode_state(back)) == text  # types kept: same bytes again
        assert session.game.legal(back) == session.game.legal(state)


@pytest.mark.parametrize(
    "doc",
    [
        {"o": "State", "f": []},
        {"o": "Path", "f": ["/etc/passwd"]},
        {"o": "Seat", "f": ["A"]},
        {"o": "Seat", "f": ["A", True, 3]},
        {"x": []},
        {"t": "not a list"},
        {"m": [["a"]]},
        {"m": [["a", 1], ["a", 2]]},
        {"m": [[["a"], 1]]},
        {"at": "2026-11-30T12:00:00"},
        {"at": 5},
        1.5,
        {"t": [{"t": [{"t": [{"t": []}]}]}]} | {"u": 1},
    ],
)
def test_anything_else_is_refused(doc):
    with pytest.raises((ValueError, TypeError)):
        decode_state(doc, {}, "indian-official")


def test_nesting_past_any_state_is_refused():
    doc: object = []
    for _ in range(200):
        doc = [doc]
    with pytest.raises(ValueError, match="nested too deep"):
        decode(doc)


def test_a_state_agrees_but_for_history_when_only_its_history_items_differ():
    from dataclasses import replace

    from scorekeeper.core.chain import Chain
    from scorekeeper.core.header import make_header
    from scorekeeper.core.session import Session
    from scorekeeper.core.state_codec import agrees_but_history
    from scorekeeper.core.words import parse_entry, split_line

    session = Session(make_header("indian-official", ["A", "B", "C"], {}))
    for line in ("round", "raise", "showdown B", "round", "showdown C"):
        session.record(parse_entry(session.game, split_line(line)))
    state = session.state
    results = state.results.to_list()
    other = Chain[object]()
    for item in reversed(results):  # the same length, other items
        other = other.add(item)
    assert agrees_but_history(state, replace(state, results=other))
    assert not agrees_but_history(state, replace(state, results=Chain().add(results[0])))
    scores = dict(state.scores)
    scores["A"] += 10
    assert not agrees_but_history(state, replace(state, scores=type(state.scores)(scores)))
    assert agrees_but_history(state, state)
