"""JSON imports get the checks transcripts get (issue 12, point 7): option types and ranges,
finite whole numbers, valid Unicode, a recorder who holds the record book; each refused in
one line, with nothing stored."""

from __future__ import annotations

import json

import pytest

from tests.cli_support import run
from tests.test_export import render


def exported() -> dict:
    return json.loads(render("o1", "json", "en"))


def with_option(value: str) -> str:
    text = render("o1", "json", "en")
    return text.replace('"base": 10,', f'"base": {value},', 1)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("-10", "option base must be a whole number of at least 1, not '-10'"),
        ("true", "option base cannot be True: give it as it is typed in a transcript"),
        ("10.5", "option base cannot be 10.5: give it as it is typed in a transcript"),
        ("NaN", "option base cannot be nan: give it as it is typed in a transcript"),
        ("1e999", "option base cannot be inf: give it as it is typed in a transcript"),
    ],
)
def test_an_option_of_the_wrong_type_or_range_is_refused(capsys, home, tmp_path, raw, message):
    path = tmp_path / "edited.json"
    path.write_text(with_option(raw), encoding="utf-8")
    code, out, err = run(capsys, "import", str(path))
    assert (code, out) == (2, "")
    assert err == f"{path}:1: {message}\n"
    assert run(capsys, "list")[1].startswith("no sessions stored in")


def test_a_lone_surrogate_in_a_note_is_refused(capsys, home, tmp_path):
    doc = exported()
    doc["events"].insert(1, {**doc["events"][1], "kind": "note", "data": {"text": "x"}})
    for seq, event in enumerate(doc["events"], start=1):
        event["seq"] = seq
    text = json.dumps(doc).replace('"text": "x"', '"text": "a\\ud800b"')
    path = tmp_path / "edited.json"
    path.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "import", str(path))
    assert code == 2
    assert err == (
        f"{path}:1: entry 2 breaks the rules: a note cannot hold U+D800, which is half of a"
        " character, not text: type it again\n"
    )


def test_an_entry_whose_recorder_is_not_the_recorder_is_refused(capsys, home, tmp_path):
    doc = exported()
    doc["events"][2]["recorder"] = "Mallory"
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, _, err = run(capsys, "import", str(path))
    assert code == 2
    assert err == (
        f"{path}:1: entry 3 breaks the rules: it names Mallory as its recorder,"
        " but A held the record book then\n"
    )
