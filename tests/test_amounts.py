"""The one bound on amounts (core/amounts.py): an amount a page or an export could not
show exactly (JavaScript and most JSON readers are exact only up to 2**53 - 1) is refused
where it enters, in plain words, and so is an entry whose result would pass the bound.
A 24-digit ``option stack`` showed as ``1e+24`` on the phones."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from scorekeeper.cli.main import main
from scorekeeper.core.amounts import LIMIT, plain_number, whole_number
from scorekeeper.core.codec import header_from_doc
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Event
from scorekeeper.core.header import make_header, parse_stacks
from scorekeeper.core.ledger import FoldError
from scorekeeper.core.session import Session
from scorekeeper.core.state_json import state_json
from scorekeeper.core.transcript import TranscriptError, read_session
from scorekeeper.export.live import live_view
from scorekeeper.ui.seats import by_seat

#: The largest whole number JavaScript holds exactly (Number.MAX_SAFE_INTEGER).
SAFE = 2**53 - 1
BIG = "1" + "0" * 23  # the 24 digits of the report

CHIPS = "game indian-chips\nplayers A B C\n"
OFFICIAL_NO_CAP = "game indian-official\nplayers A B C\noption cap none\n"


def refused(text: str) -> TranscriptError:
    with pytest.raises(TranscriptError) as caught:
        read_session(text)
    return caught.value


def test_the_bound_leaves_room_below_what_javascript_holds_exactly():
    """Differences and nets of two amounts within the bound are still exact."""
    assert LIMIT == 10**15 and 8 * LIMIT < SAFE


def test_a_24_digit_stack_is_refused_in_plain_words_in_both_languages():
    error = refused(CHIPS + f"option stack {BIG}\n")
    assert error.line == 3
    assert error.message("en") == (
        "10000000000000000000… is too large: an amount may be at most "
        "1,000,000,000,000,000, so that every page and export shows it exactly"
    )
    assert error.message("ja") == (
        "10000000000000000000…は大きすぎます。数は1,000,000,000,000,000までです"
        "(どのページや書き出しでも正確に表示できるように)"
    )


@pytest.mark.parametrize(
    "line",
    [
        f"option stack {LIMIT + 1}",
        f"option ante {LIMIT + 1}",
        f"option bet {BIG}",
        f"stacks A={LIMIT + 1}",
        pytest.param(f"stacks A={'9' * 5000}", id="5000 digits"),  # past what int() reads
    ],
)
def test_every_amount_of_the_header_is_bounded(line):
    assert "is too large" in refused(CHIPS + line + "\n").message("en")


def test_an_amount_at_the_bound_is_taken():
    session = read_session(CHIPS + f"stacks A={LIMIT - 2} B=1 C=1\nround\n")
    assert session.state.brought["A"] == LIMIT - 2


def test_the_options_given_already_typed_are_bounded_too():
    """A JSON import gives numbers, not words: the same bound."""
    with pytest.raises(RuleError) as caught:
        make_header("indian-chips", ["A", "B", "C"], {"stack": 10**24})
    assert caught.value.key == "rules.too_large" and caught.value.field == "stack"
    with pytest.raises(RuleError) as caught:
        make_header("indian-chips", ["A", "B", "C"], {}, stacks={"A": LIMIT + 1})
    assert caught.value.key == "rules.too_large" and caught.value.field == "stacks"


def test_the_chips_a_table_starts_with_are_bounded_as_a_whole():
    """Every pot and net adds up chips: their sum is what must stay exact."""
    error = refused(CHIPS + f"option stack {4 * 10**14}\n")
    assert error.line == 3
    assert error.message("en") == (
        "this would bring the chips at the table to 1,200,000,000,000,000: past "
        "1,000,000,000,000,000, the most an amount may be (so that every page and export "
        "shows it exactly)"
    )
    with pytest.raises(RuleError) as caught:
        make_header("pochen", ["A", "B", "C"], {}, stacks={"A": LIMIT, "B": 1})
    assert caught.value.key == "rules.too_large.chips" and caught.value.field == "stacks"


def test_a_rebuy_or_a_new_player_past_the_bound_is_refused():
    start = CHIPS + f"option stack {3 * 10**14}\n"
    assert "is too large" in refused(start + f"rebuy A {BIG}\n").message("en")
    error = refused(start + f"rebuy A {10**14 + 1}\n")
    assert (error.line, error.error.key) == (4, "rules.too_large.chips")
    session = read_session(start + f"rebuy A {10**14}\n")  # exactly the bound
    assert sum(session.state.brought.values()) == LIMIT
    error = refused(start + "join D\n")  # D would bring another stack
    assert (error.line, error.error.key) == (4, "rules.too_large.chips")
    with pytest.raises(RuleError) as caught:  # as the app and a JSON import give it
        session.record(Entry("rebuy", {"player": "B", "chips": 1}))
    assert caught.value.key == "rules.too_large.chips"


def test_without_a_cap_the_stake_doubles_only_to_the_bound():
    start = OFFICIAL_NO_CAP + f"option base {10**14}\nround\n"
    error = refused(start + "raise\nraise\nraise\nraise\n")  # 1.6 × 10**15
    assert error.line == 9
    assert error.message("en") == (
        "raising would make the stake 1,600,000,000,000,000: past 1,000,000,000,000,000, "
        "the most an amount may be (so that every page and export shows it exactly)"
    )
    assert read_session(start + "raise\nraise\nraise\n").state.table.stake == 8 * 10**14


def test_a_showdown_or_a_last_fold_that_would_pass_the_bound_is_refused():
    """Scores add up round after round: A wins three rounds (as parent, then twice as a
    child: + 4, 3 and 3 × 10**14) and stands at the bound exactly."""
    start = OFFICIAL_NO_CAP + f"option base {10**14}\n"
    rounds = "round\nshowdown A\n" * 3
    assert read_session(start + rounds).state.scores["A"] == LIMIT
    error = refused(start + rounds + "round\nshowdown A\n")  # A is parent again: + 4
    assert (error.line, error.error.key) == (12, "rules.too_large.score")
    assert error.message("en") == (
        "this entry would make A's score 1,400,000,000,000,000: past 1,000,000,000,000,000, "
        "the most an amount may be (so that every page and export shows it exactly)"
    )
    assert error.message("ja").startswith("この記録でAの点数が1,400,000,000,000,000になり")
    # the last child's fold settles the round too (the first one does not)
    error = refused(start + rounds + "round\nfold B\nfold C\n")
    assert (error.line, error.error.key) == (13, "rules.too_large.score")
    # a child winning against a large stake: B gains 8 + 4 × 10**14
    error = refused(OFFICIAL_NO_CAP + f"option base {4 * 10**14}\nround\nshowdown B\n")
    assert (error.line, error.error.key) == (6, "rules.too_large.score")


def test_under_a_cap_nothing_is_settled_on_trial():
    session = read_session("game indian-official\nplayers A B C\n" + "round\nshowdown B\n" * 50)
    assert session.state.round == 50


@pytest.mark.parametrize(
    ("text", "key"),
    [
        (CHIPS + "stacks A=²\n", "transcript.stacks_syntax"),
        (CHIPS + "rebuy A ²\n", "transcript.rebuy_syntax"),
        (CHIPS + "rebuy A ١٢\n", "rules.other_digits"),  # the one rule: said, with 12
        pytest.param(CHIPS + f"rebuy A {'9' * 5000}\n", "rules.too_large", id="rebuy 5000 digits"),
        ("game pochen\nplayers A B C\nbet A ²\n", "rules.pochen.amount_syntax"),
        (f"game pochen\nplayers A B C\nbet A {BIG}\n", "rules.too_large"),
        ("game pochen\nplayers A B C\nout A B=²\n", "rules.pochen.out_syntax"),
        ("game indian-official\nplayers A B C\ncorrect ² why raise\n", "transcript.correct_syntax"),
    ],
)
def test_a_number_python_cannot_read_is_refused_as_what_it_is(text, key):
    """``"²".isdigit()`` is true and ``int("²")`` fails: it was an internal error (exit 70)."""
    assert refused(text).error.key == key


def test_the_word_readers():
    assert whole_number("007") == 7 and whole_number(str(LIMIT)) == LIMIT
    assert whole_number("²") is None and whole_number("-1") is None and whole_number("") is None
    with pytest.raises(RuleError):
        whole_number(str(LIMIT + 1))
    assert plain_number("9" * 5000) is None and plain_number("12") == 12
    assert parse_stacks(["A=0050"]) == {"A": 50}


def ints(value: Any) -> Iterator[int]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from ints(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from ints(item)


def test_a_table_at_the_bound_shows_only_exact_numbers():
    """Every number of the page's document and of the state JSON, at the bound."""
    text = CHIPS + f"stacks A={LIMIT - 2} B=1 C=1\nround\n"
    session = read_session(text)
    documents = [state_json(session), live_view(session, 1, "en")]
    numbers = [n for doc in documents for n in ints(json.loads(json.dumps(doc)))]
    assert max(numbers) == LIMIT - 3 and all(abs(n) <= SAFE for n in numbers)  # ante paid


@pytest.mark.parametrize(
    "command",
    [["show", "²"], ["timeline", "²"], pytest.param(["show", "9" * 5000], id="show-5000-digits")],
)
def test_a_session_number_python_cannot_read_is_refused(capsys, tmp_path, monkeypatch, command):
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path))
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    assert main(command) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error" not in err


def test_a_seat_typed_as_a_digit_python_cannot_read_stays_a_word():
    session = read_session("game indian-official\nplayers A B C\n")
    assert by_seat(session.state, "²") == "²" and by_seat(session.state, "2") == "B"


def test_a_session_stored_before_the_bound_opens_as_it_is():
    """The bound is on what is typed or imported now: a stored header and stored entries
    past it are read as written (a session must never stop opening), a JSON export
    holding the same is refused."""
    doc = {"game": "indian-chips", "players": ["A", "B", "C"], "options": {"stack": 10**24}}
    header = header_from_doc(doc)
    assert header.options["stack"] == 10**24
    at = datetime(2026, 1, 1, tzinfo=UTC)
    rebuy = Event(1, at, "A", "rebuy", {"player": "B", "chips": 10**20})
    session = Session(header, [rebuy])
    assert session.state.brought["B"] == 10**24 + 10**20
    with pytest.raises(RuleError) as caught:  # typed into it now: refused
        session.record(Entry("rebuy", {"player": "C", "chips": 1}))
    assert caught.value.key == "rules.too_large.chips"
    with pytest.raises(RuleError):
        header_from_doc(doc, fresh=True)
    with pytest.raises(FoldError):
        Session(make_header("indian-chips", ["A", "B", "C"]), [rebuy], fresh=True)
