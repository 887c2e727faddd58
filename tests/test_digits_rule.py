"""One rule for every number typed: the digits 0–9 and nothing else (docs/transcripts.md,
"Numbers"; issue 44, point 5). Python's int() reads any decimal digit of Unicode
(full-width ``１０``, Arabic-Indic ``١٠``, Devanagari ``१०`` …), so each way a number comes
in is tried with them: each refuses it in words, naming the number in 0–9 to type instead,
and nothing changes."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core.amounts import plain_digits, plain_number, whole_number
from scorekeeper.core.errors import RuleError
from scorekeeper.core.json_import import read_json_export
from scorekeeper.core.rate import rate_amount
from scorekeeper.core.transcript import TranscriptError, read_session
from scorekeeper.storage import Store
from tests.cli_support import run

ROOT = Path(__file__).resolve().parent.parent
C1 = ROOT / "examples" / "c1.txt"

DIGIT = st.characters(categories=("Nd",))
#: A number of one to four decimal digits of Unicode, at least one of them not 0–9.
OTHER = st.lists(DIGIT, min_size=1, max_size=4).map("".join).filter(lambda w: not w.isascii())
EXAMPLES = settings(max_examples=60, deadline=None)


def in_plain(word: str) -> str:
    """The same number in 0–9, by Unicode's own table."""
    return "".join(str(unicodedata.decimal(ch)) for ch in word)


def assert_other_digits(error: RuleError, word: str) -> None:
    assert error.key == "rules.other_digits"
    english = error.message("en")
    assert english == (
        f"{word} is written in digits other than 0–9: type it as {in_plain(word)} (numbers"
        " take the digits 0–9 only)"
    )
    assert error.message("ja").startswith(f"{word}は0〜9以外の数字で書かれています。")


@EXAMPLES
@given(OTHER)
def test_the_one_function_refuses_other_digits_and_says_the_number_in_0_to_9(word):
    assert int(word) == int(in_plain(word))  # what Python alone would have read
    assert plain_digits(word) == in_plain(word)
    with pytest.raises(RuleError) as info:
        whole_number(word)
    assert_other_digits(info.value, word)
    assert plain_number(word) is None  # a count typed: not one (its caller says what it wanted)


@EXAMPLES
@given(OTHER, st.sampled_from(["base", "rounds"]))
def test_an_option_in_other_digits_is_refused_at_its_line(word, option):
    text = f"game indian-official\nplayers A B C\noption {option} {word}\nround\n"
    with pytest.raises(TranscriptError) as info:
        read_session(text)
    assert info.value.line == 3
    assert_other_digits(info.value.error, word)  # type: ignore[arg-type]


@EXAMPLES
@given(OTHER)
def test_amounts_in_other_digits_are_refused_in_every_entry_that_takes_one(word):
    chips = "game indian-chips\nplayers A B C\n"
    pochen = "game pochen\nplayers A B C\n"
    for text, line in [
        (chips + f"stacks A={word}\n", 3),
        (chips + f"option stack {word}\n", 3),
        (chips + f"round\nfold B\nfold C\nrebuy B {word}\n", 6),
        (pochen + f"round\nturned 8D\npass B\nbet C {word}\n", 6),
        (chips + f"rate {word}\n", 3),
        (chips + f"round\nfold B\nfold C\ncorrect {word} x fold\n", 6),
    ]:
        with pytest.raises(TranscriptError) as info:
            read_session(text)
        assert info.value.line == line, text
        assert_other_digits(info.value.error, word)  # type: ignore[arg-type]


def test_a_rate_in_other_digits_with_its_decimals_is_refused_saying_it_in_0_to_9():
    with pytest.raises(RuleError) as info:
        rate_amount("０.５")
    assert info.value.message("en").startswith("０.５ is written in digits other than 0–9:")
    assert "type it as 0.5" in info.value.message("en")


@EXAMPLES
@given(OTHER)
def test_a_json_export_with_an_option_in_other_digits_is_refused(word):
    doc = json.loads((ROOT / "tests" / "golden" / "c1.json").read_text(encoding="utf-8"))
    doc["header"]["options"]["stack"] = word  # a string: read as an option typed
    with pytest.raises(TranscriptError) as info:
        read_json_export(json.dumps(doc))
    assert_other_digits(info.value.error, word)  # type: ignore[arg-type]


@pytest.fixture
def chips_session(home, capsys) -> int:
    code, out, _ = run(capsys, "import", str(C1))
    assert code == 0
    return int(out)


# the session is the same for every example: nothing is ever recorded into it
@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(word=OTHER)
def test_the_command_line_refuses_other_digits_and_records_nothing(
    home, capsys, chips_session, word
):
    sid = str(chips_session)
    path = Store(home).path(chips_session)
    before = path.read_bytes()
    for words in (["record", sid, f"rebuy A {word}"], ["settle", sid, "--rate", word]):
        code, out, err = run(capsys, *words)
        assert (code, out) == (2, "") and len(err.splitlines()) == 1, words
        assert f"type it as {in_plain(word)}" in err
    for words in (
        ["timeline", sid, "--round", word],
        ["correct", sid, word, "--reason", "x", "fold A"],
    ):
        with pytest.raises(SystemExit) as done:
            run(capsys, *words)
        assert done.value.code == 2
        err = capsys.readouterr().err
        assert err.splitlines()[-1].endswith(
            f"type it as {in_plain(word)} (numbers take the digits 0–9 only)"
        )
    assert path.read_bytes() == before


def test_the_command_lines_counts_in_0_to_9_and_words_read_as_before(home, capsys, chips_session):
    assert run(capsys, "timeline", str(chips_session), "--round", "1")[0] == 0
    with pytest.raises(SystemExit):
        run(capsys, "timeline", str(chips_session), "--round", "x")
    assert capsys.readouterr().err.splitlines()[-1].endswith("invalid int value: 'x'")


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(word=OTHER, lang=st.sampled_from(["en", "ja"]))
def test_a_phones_tap_in_other_digits_is_refused_in_its_language(tmp_path, word, lang):
    """The recorder's phone sends the entry's words (services/phone.py): an amount typed
    there is read as ``record`` reads it, so the same rule and words answer it."""
    from scorekeeper.core.header import make_header
    from scorekeeper.services.phone import Tap, record_tap_locked
    from scorekeeper.services.recording import create_session

    store = Store(tmp_path / f"data-{len(list(tmp_path.iterdir()))}")
    create_session(store, make_header("indian-chips", ["A", "B", "C"], {}))
    before = store.path(1).read_bytes()
    answer = record_tap_locked(store, 1, Tap("tap-00000001", 0, ("rebuy", "B", word)), "A", lang)
    assert not answer.recorded and 400 <= answer.status < 500
    if lang == "en":
        assert answer.text.endswith(
            f"type it as {in_plain(word)} (numbers take the digits 0–9 only)"
        )
    else:
        assert f"{in_plain(word)}のように半角の0〜9で入力してください" in answer.text
    assert store.path(1).read_bytes() == before
