"""The money rate is part of the record (issue 43, point 3): a ``rate`` entry.

``rate AMOUNT [CURRENCY]`` is legal in every game at any time, after the end too; the
rate in force is part of the folded state, so an undo brings back the one before it
exactly, a snapshot keeps it, ``replay --json`` says it, and a transcript round-trips it.
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cli.main import main
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry
from scorekeeper.core.games import GAME_ORDER, get_game
from scorekeeper.core.header import make_header
from scorekeeper.core.rate import session_rate
from scorekeeper.core.session import Session
from scorekeeper.core.state_codec import decode_state, encode_state
from scorekeeper.core.state_json import state_json
from scorekeeper.messages.describe import describe_text
from tests.rules_support import T0, assert_transcript_round_trip, enter, refused

STACKS = {"indian-chips": {"stack": 100}, "pochen": {"stack": 100}}


def new(game: str = "indian-official") -> Session:
    return Session(make_header(game, ("A", "B", "C"), STACKS.get(game)))


def test_a_rate_is_legal_in_every_game_and_is_kept_with_its_currency():
    for game in GAME_ORDER:
        session = new(game)
        assert session_rate(session) == (None, None)
        enter(session, "rate 10 jpy")
        assert session_rate(session) == (Decimal(10), "JPY")
        enter(session, "rate 0.50")  # a later rate replaces it, currency and all
        assert session_rate(session) == (Decimal("0.5"), None)
        assert session.events[-1].data == {"amount": "0.5", "currency": None}


def test_a_rate_may_be_set_in_a_round_and_after_the_end():
    session = new()
    enter(session, "round", "rate 20 円", "fold B", "showdown A", "end")
    enter(session, "rate 30 USD")  # agreed as the table settles up
    assert session_rate(session) == (Decimal(30), "USD")
    assert session.state.finished


def test_a_bad_rate_is_refused_in_words_and_changes_nothing():
    session = new()
    for line, key in [
        ("rate 0", "rules.rate_amount"),
        ("rate -5", "rules.rate_amount"),
        ("rate 1e3", "rules.rate_amount"),
        ("rate 1.005", "rules.rate_amount"),
        ("rate 1234567890", "rules.rate_amount"),
        ("rate １０", "rules.other_digits"),  # full-width digits: 0–9 only, said so
        ("rate 10 JP1", "rules.rate_currency"),
        ("rate 10 ABCDEFGHI", "rules.rate_currency"),
        ("rate", "transcript.rate_syntax"),
        ("rate 10 JPY extra", "transcript.rate_syntax"),
    ]:
        if key.startswith("transcript."):  # refused as it is read, before the rules
            with pytest.raises(RuleError) as info:
                enter(session, line)
            assert info.value.key == key
        else:
            refused(session, line, key)


def test_the_log_says_the_rate_in_words():
    session = new()
    enter(session, "rate 10 JPY", "rate 5")
    assert describe_text(*session.describe(0), "en") == "rate: 10 JPY per point from here on"
    assert describe_text(*session.describe(1), "ja") == "レート: 以後1点あたり5"
    chips = new(next(g for g in GAME_ORDER if get_game(g).uses_chips))  # the game's unit
    enter(chips, "rate 0.5 USD")
    assert describe_text(*chips.describe(0), "en") == "rate: 0.5 USD per chip from here on"
    assert describe_text(*chips.describe(0), "ja") == "レート: 以後チップ1枚あたり0.5 USD"


def test_undo_of_a_rate_brings_back_the_rate_before_it():
    session = new()
    enter(session, "rate 10 JPY")
    before = session.state
    enter(session, "rate 50 USD", "undo")
    assert session.state == before
    assert session_rate(session) == (Decimal(10), "JPY")


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(GAME_ORDER),
    st.lists(
        st.tuples(st.sampled_from(["1", "10", "0.5", "99.99"]), st.sampled_from(["", "JPY", "€"])),
        max_size=4,
    ),
    st.sampled_from(["1", "2.5", "100"]),
    st.sampled_from([None, "USD", "円"]),
)
def test_undo_of_any_rate_restores_the_earlier_state_exactly(game, rates, amount, currency):
    session = new(game)
    for typed, word in rates:
        enter(session, f"rate {typed} {word}".strip())
    before = session.state
    session.record(Entry("rate", {"amount": amount, "currency": currency}), T0)
    assert session.state != before or (before.rate, before.currency) == (
        f"{Decimal(amount).normalize():f}",
        currency,
    )
    enter(session, "undo")
    assert session.state == before


def test_a_snapshot_keeps_the_rate():
    session = new("pochen")
    enter(session, "rate 12.5 EUR")
    doc = json.loads(json.dumps(encode_state(session.state)))
    back = decode_state(doc, session.state.options, "pochen")
    assert (back.rate, back.currency) == ("12.5", "EUR")
    assert back == session.state


def test_a_transcript_round_trips_the_rate():
    session = new("indian-chips")
    enter(session, "rate 10 JPY", "rate 2")
    assert_transcript_round_trip(session)
    assert state_json(session)["rate"] == "2" and state_json(session)["currency"] is None


def test_replay_json_says_the_rate_and_its_currency(tmp_path, capsys):
    path = tmp_path / "evening.txt"
    path.write_text("game indian-official\nplayers A B C\nround\nshowdown A\nrate 10 円\n")
    assert main(["replay", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["rate"], doc["currency"]) == ("10", "円")
