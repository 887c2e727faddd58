"""Hostile transcripts: every one is refused with a plain message, quickly, and nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli.main import main
from scorekeeper.core.games import GAME_ORDER, all_games
from scorekeeper.core.transcript import TranscriptError, decode, read_session

GAMES = list(GAME_ORDER)
VERBS = [
    "round", "undo", "note", "rate", "recorder", "join", "leave", "rebuy", "end",
    "cards", "option", "players", "stacks",
    *sorted({kind for game in all_games() for kind in game.round_kinds}),
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
        (
            b"game indian-official\nplayers A B C\noption base " + b"9" * 5000 + b"\n",
            "is too large",
        ),  # as any amount past the bound
        (b"game indian-official\nplayers A B C\nround\nfold \xff\xfe\n", "not UTF-8"),
        (b"game indian-official\nplayers A B\x00 C\n", "NUL"),
        # past the one bound on amounts (core/amounts.py): no page could show it exactly
        (b"game indian-chips\nplayers A B C\nstacks A=" + b"9" * 40 + b"\nround\n", "too large"),
        (b"game indian-official\nplayers A B C\nnote " + b"x" * 5000 + b"\n", "note"),
        (b"game indian-official\nplayers A \x1b[2J B C\n", "control character"),
    ],
)
def test_hostile_files_are_refused_in_one_line(capsys, tmp_path, monkeypatch, content, expected):
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    path = tmp_path / "hostile.txt"
    path.write_bytes(content)
    code, out, err = run(capsys, path)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and expected in err


def test_100000_players_are_refused_at_once(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    path = tmp_path / "crowd.txt"
    names = " ".join(f"P{i}" for i in range(100_000))
    path.write_text(f"game indian-official\nplayers {names}\n", encoding="utf-8")
    import scorekeeper.core.header as header_module

    checked: list[str] = []
    real = header_module.check_name
    monkeypatch.setattr(
        header_module, "check_name", lambda name: checked.append(name) or real(name)
    )
    code, _, err = run(capsys, path)
    assert code == 2 and "not 100000" in err
    assert checked == []  # refused without per-name work


def test_a_50_mb_file_is_refused_before_it_is_read(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    path = tmp_path / "huge.txt"
    with path.open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # sparse: costs no disk
    code, out, err = run(capsys, path)
    assert code == 2 and out == ""
    assert err.startswith(f"{path}:1: the file is larger than a transcript can be")


# -- the JSON importer -------------------------------------------------------------


@pytest.fixture
def o1_export(tmp_path, monkeypatch, capsys) -> dict:
    import json

    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    root = Path(__file__).resolve().parent.parent
    assert main(["import", str(root / "examples" / "o1.txt")]) == 0
    assert main(["export", "1", "--format", "json"]) == 0
    out, _ = capsys.readouterr()
    return json.loads(out[out.index("{") :])


def test_a_json_export_imports_back_to_the_same_session(capsys, tmp_path, o1_export):
    import json

    path = tmp_path / "o1.json"
    path.write_text(json.dumps(o1_export), encoding="utf-8")
    assert main(["import", str(path)]) == 0
    assert capsys.readouterr().out.strip() == "2"
    main(["show", "1", "--json"])
    first = capsys.readouterr().out
    main(["show", "2", "--json"])
    assert json.loads(capsys.readouterr().out) == json.loads(first)


def _break(doc: dict, how: str) -> object:
    import copy

    doc = copy.deepcopy(doc)
    if how == "wrong types":
        doc["events"][3]["seq"] = "four"
    elif how == "events not a list":
        doc["events"] = {"1": "round"}
    elif how == "edited winner":
        last = doc["events"][-1]
        last["data"]["player"] = "A"  # the parent: the rules refuse it
    elif how == "huge number":
        doc["header"]["options"]["base"] = 10**400
    elif how == "100000 players":
        doc["header"]["players"] = [f"P{i}" for i in range(100_000)]
    elif how == "not an export":
        doc = {"format": "something else"}
    elif how == "deep":
        doc["extra"] = [[[[[[[[[[[[[[[[["deep"]]]]]]]]]]]]]]]]]
    elif how == "version":
        doc["version"] = 99
    return doc


@pytest.mark.parametrize(
    "how",
    ["wrong types", "events not a list", "edited winner", "huge number", "100000 players",
     "not an export", "deep", "version"],
)  # fmt: skip
def test_hostile_json_exports_are_refused_in_one_line(capsys, tmp_path, o1_export, how):
    import json

    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_break(o1_export, how)), encoding="utf-8")
    code = main(["import", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"{path}:")
    main(["list", "--json"])
    assert len(json.loads(capsys.readouterr().out)) == 1  # nothing was imported


@pytest.mark.parametrize(
    "raw", [b'{"format": "scorekeeper-export", "version": 1, \x00}', b"{\xff\xfe}", b"{" * 100_000]
)
def test_broken_json_bytes_are_refused(capsys, tmp_path, monkeypatch, raw):
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    path = tmp_path / "bytes.json"
    path.write_bytes(raw)
    code = main(["import", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1
