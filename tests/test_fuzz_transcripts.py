"""Hostile transcripts: every one is refused with a plain message, quickly, and nothing else."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli import main
from scorekeeper.core.transcript import TranscriptError, decode, read_session

GAMES = ["indian-official", "indian-chips", "indian-lowest", "pochen"]
VERBS = [
    "round", "undo", "note", "recorder", "join", "leave", "rebuy", "end", "fold", "raise",
    "showdown", "check", "bet", "call", "redraw", "reveal", "lose", "turned", "trump",
    "claim", "pass", "show", "poch", "out", "cards", "option", "players", "stacks",
]  # fmt: skip
WORDS = st.one_of(
    st.sampled_from(VERBS),
    st.sampled_from(["A", "B", "C", "D", "a", "Z", "KS", "10H", "JK", "2C", ">", "=", "A=KS"]),
    st.from_regex(r"[0-9]{1,30}", fullmatch=True),
    st.text(max_size=8),
)


@st.composite
def transcripts(draw: st.DrawFn) -> str:
    header = [f"game {draw(st.sampled_from(GAMES))}", "players A B C D"]
    lines = draw(st.lists(st.lists(WORDS, min_size=1, max_size=5).map(" ".join), max_size=25))
    return "\n".join(header + lines)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(transcripts())
def test_random_transcripts_are_read_or_refused_plainly(text):
    try:
        read_session(text)
    except TranscriptError as error:
        assert error.line >= 1
        message = error.message("en")
        assert message and "\n" not in message and "Traceback" not in message


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_are_decoded_or_refused(raw):
    try:
        read_session(decode(raw))
    except TranscriptError as error:
        assert error.line >= 1


def run(capsys, path) -> tuple[int, str, str]:
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"game indian-official\nplayers A B C\noption base " + b"9" * 5000 + b"\n", "option base"),
        (b"game indian-official\nplayers A B C\nround\nfold \xff\xfe\n", "not UTF-8"),
        (b"game indian-official\nplayers A B\x00 C\n", "NUL"),
        (b"game indian-chips\nplayers A B C\nstacks A=" + b"9" * 40 + b"\nround\n", None),
        (b"game indian-official\nplayers A B C\nnote " + b"x" * 5000 + b"\n", "note"),
        (b"game indian-official\nplayers A \x1b[2J B C\n", "control character"),
    ],
)
def test_hostile_files_are_refused_in_one_line(capsys, tmp_path, monkeypatch, content, expected):
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    path = tmp_path / "hostile.txt"
    path.write_bytes(content)
    code, out, err = run(capsys, path)
    if expected is None:  # huge but valid numbers are simply numbers
        assert code == 0
        return
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and expected in err


def test_100000_players_are_refused_at_once(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    path = tmp_path / "crowd.txt"
    names = " ".join(f"P{i}" for i in range(100_000))
    path.write_text(f"game indian-official\nplayers {names}\n", encoding="utf-8")
    start = time.perf_counter()
    code, _, err = run(capsys, path)
    assert code == 2 and "not 100000" in err
    assert time.perf_counter() - start < 5  # refused without per-name work


def test_a_50_mb_file_is_refused_before_it_is_read(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    path = tmp_path / "huge.txt"
    with path.open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # sparse: costs no disk
    code, out, err = run(capsys, path)
    assert code == 2 and out == ""
    assert err.startswith(f"{path}:1: the file is larger than a transcript can be")
