"""The ``scorekeeper`` command: outputs, exit statuses, and one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from scorekeeper.cli.main import main
from tests.cli_support import run

ROOT = Path(__file__).resolve().parent.parent
O1 = ROOT / "examples" / "o1.txt"
O1_SCORES = {"A": 730, "B": -100, "C": -370, "D": -50, "E": -210}


def write(tmp_path: Path, text: str, name: str = "game.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_replay_o1_prints_the_standings(capsys, home):
    code, out, err = run(capsys, "replay", str(O1))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert "round 4" in lines[0] and "next parent E" in lines[0]
    ranked = [line.split() for line in lines[1:]]
    assert ranked == [
        ["1", "A", "730"],
        ["2", "D", "-50"],
        ["3", "B", "-100"],
        ["4", "E", "-210"],
        ["5", "C", "-370"],
    ]


def test_replay_json_is_the_state_json_of_the_spec(capsys, home):
    code, out, _ = run(capsys, "replay", str(O1), "--json")
    assert code == 0
    state = json.loads(out)
    assert state["game"] == "indian-official"
    assert state["players"] == ["A", "B", "C", "D", "E"]
    assert state["scores"] == O1_SCORES
    assert state["round"] == 4
    assert state["parent"] == "E"
    assert state["stake"] is None
    assert state["pot"] == 0
    assert state["board"] is None
    assert state["finished"] is False
    history = [(h["round"], h["from"], h["to"]) for h in state["stake_history"]]
    assert history == [(1, 10, 20), (3, 10, 20), (3, 20, 40), (3, 40, 80), (3, 80, 160)]


def test_stake_history_keeps_the_typed_times(capsys, home, tmp_path):
    path = write(
        tmp_path,
        "game indian-official\nplayers A B C\n"
        "@2026-11-29T21:00:00+09:00 round\n@2026-11-29T21:03:05+09:00 raise\n",
    )
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0
    state = json.loads(out)
    assert state["stake"] == 20
    assert state["stake_history"] == [
        {"round": 1, "from": 10, "to": 20, "at": "2026-11-29T21:03:05+09:00"}
    ]


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("game indian-official\nplayers A B C\nround\nfold B\nfold B\n", 5, "B has already folded"),
        ("game indian-official\nplayers A B C\nround\nfold A\n", 4, "parent may never fold"),
        ("game indian-official\nplayers A B C\nfold B\n", 3, "no round is in play"),
        ("game indian-official\nplayers A B\n", 2, "3 to 52 players"),
        ("game poker\nplayers A B C\n", 1, "no game called 'poker'"),
        ("game indian-official\nplayers A B C\noption cap 100\n", 3, "option cap must be"),
        ("game indian-official\nplayers A B C\nround\nfold 'B\n", 4, "quotation mark"),
    ],
)
def test_refusals_are_one_line_with_file_and_line(capsys, home, tmp_path, text, line, message):
    path = write(tmp_path, text)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"{path}:{line}: ")
    assert message in err


def test_unreadable_file_is_refused_plainly(capsys, home, tmp_path):
    code, out, err = run(capsys, "replay", str(tmp_path / "missing.txt"))
    assert (code, out) == (2, "")
    assert "cannot read the file" in err and err.count("\n") == 1


@pytest.mark.parametrize("command", ["replay", "import"])
def test_a_bad_byte_or_a_missing_file_is_refused_alike_by_replay_and_import(
    capsys, home, tmp_path, command
):
    """Both read the file through one cli.transcripts.read_text: the same refusal."""
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"game indian-official\nplayers A B\nnote caf\xe9\n")
    code, out, err = run(capsys, command, str(bad))
    assert (code, out) == (2, "")
    assert err.startswith(f"{bad}:3: ") and err.count("\n") == 1
    code, out, err = run(capsys, command, str(tmp_path / "missing.txt"))
    assert (code, out) == (2, "") and "cannot read the file" in err
    code, out, _ = run(capsys, "list")
    assert "indian-official" not in out  # nothing was stored


def test_import_record_list_export_round_trip(capsys, home, tmp_path):
    code, out, _ = run(capsys, "import", str(O1))
    assert code == 0 and out.strip() == "1"
    code, out, _ = run(capsys, "record", "1", "round", "fold B", "raise")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == ["#20", "#21", "#22"]
    assert "B folded at 10" in out and "stake 10 → 20" in out

    code, out, err = run(capsys, "record", "1", "fold C", "fold C")
    assert code == 2 and out == ""
    assert err == "1: fold C: C has already folded (at 20)\n"
    code, out, _ = run(capsys, "show", "1", "--json")
    state = json.loads(out)
    assert state["entries"] == 22  # the refused batch stored nothing, not even the first fold C
    assert state["stake"] == 20

    code, out, _ = run(capsys, "list", "--json")
    (listed,) = json.loads(out)
    assert listed["id"] == 1 and listed["rounds"] == 4 and listed["leader"] == "A"

    exported = tmp_path / "out.txt"
    code, _, _ = run(capsys, "export", "1", "--format", "transcript", "-o", str(exported))
    assert code == 0
    code, out, _ = run(capsys, "replay", str(exported), "--json")
    assert json.loads(out)["scores"] == state["scores"]
    code, out, _ = run(capsys, "import", str(exported))
    assert out.strip() == "2"
    _, first, _ = run(capsys, "show", "1", "--json")
    _, second, _ = run(capsys, "show", "2", "--json")
    assert json.loads(first) == json.loads(second)  # times included


def test_export_json_has_header_entries_and_state(capsys, home):
    run(capsys, "import", str(O1))
    run(capsys, "record", "1", "round", "raise", "undo")
    code, out, _ = run(capsys, "export", "1", "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert doc["header"]["players"] == ["A", "B", "C", "D", "E"]
    assert doc["header"]["options"]["cap"] == 160
    assert len(doc["events"]) == 22
    raise_event, undo_event = doc["events"][-2:]
    assert raise_event["kind"] == "raise" and raise_event["voided_by"] == undo_event["seq"]
    assert undo_event["data"] == {"voids": raise_event["seq"]}
    assert doc["state"]["scores"] == O1_SCORES and doc["state"]["stake"] == 10


@pytest.mark.parametrize("session", ["7", "x"])
def test_unknown_session_is_refused(capsys, home, session):
    code, out, err = run(capsys, "record", session, "round")
    assert code == 2 and out == "" and err.count("\n") == 1


def test_list_with_no_data_folder(capsys, home):
    code, out, _ = run(capsys, "list")
    assert code == 0 and "no sessions" in out
    assert not home.exists()  # listing creates nothing


def test_japanese_messages(capsys, home, tmp_path):
    path = write(tmp_path, "game indian-official\nplayers 亜紀 ベン 千尋\nround\nfold 亜紀\n")
    code, _, err = run(capsys, "--lang", "ja", "replay", str(path))
    assert code == 2
    assert err.strip() == f"{path}:4: 亜紀は親です。親は降りられません"


def _subprocess_env(home: Path) -> dict[str, str]:
    env = dict(os.environ, SCOREKEEPER_HOME=str(home), SCOREKEEPER_LANG="en")
    env.pop("PYTHONPATH", None)
    return env


def test_replay_does_not_import_textual(home):
    probe = (
        "import sys\n"
        "from scorekeeper.cli.main import main\n"
        f"code = main(['replay', {str(O1)!r}])\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print('IMPORTED', heavy)\n"
        "print('OURS', sorted(m for m in sys.modules if m.startswith('scorekeeper.')))\n"
        "sys.exit(code)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        env=_subprocess_env(home),
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "IMPORTED []" in result.stdout
    # nor what only the stored sessions' commands need (cli/transcripts.py)
    ours = next(line for line in result.stdout.splitlines() if line.startswith("OURS"))
    stored = ("storage", "services", "export.formats", "export.settlement", "cli.sessions")
    for unneeded in (*stored, "core.json_import", "core.codec"):  # JSON is read only if given
        assert f"'scorekeeper.{unneeded}" not in ours


def test_console_entry_point_runs_as_a_module(home):
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "replay", str(O1), "--json"],
        capture_output=True,
        text=True,
        env=_subprocess_env(home),
        check=False,
    )
    assert result.returncode == 0
    assert json.loads(result.stdout)["scores"] == O1_SCORES


def test_help_in_japanese(capsys, home):
    with pytest.raises(SystemExit) as done:
        main(["--lang", "ja", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "記録ファイルを読み、順位を表示" in out  # replay
    assert "テーブル全員向けの表示用画面" in out  # display


def test_version_prints_the_installed_version_and_stops(capsys):
    from importlib import metadata

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"scorekeeper {metadata.version('scorekeeper-table')}\n"


APP_WORDS = ["--data-dir", "--lang", "en", "ja", "fr", "x", "-x", "", "--data-dir=y", "--lang=ja"]
APP_WORDS += ["--lang=", "--data-dir=", "open", "1", "--", "--data", "--lang=en=x", "list"]


@settings(max_examples=300, deadline=None)
@given(words=st.lists(st.sampled_from(APP_WORDS), max_size=5))
@example(words=["--lang", "fr"])
@example(words=["--data-dir", "a", "--data-dir", "b"])
def test_the_apps_own_start_is_read_as_the_parser_reads_it(words):
    """``scorekeeper [--data-dir D] [--lang L]`` skips building the parser: whenever it is
    taken that way, the parser would have read the very same."""
    from scorekeeper.cli import main as cli_main

    quick = cli_main._app_only(words)
    if quick is None:
        return
    parsed = cli_main._parser().parse_args(words)  # never refuses what was taken quickly
    assert (quick.command, quick.data_dir, quick.lang) == (
        parsed.command,
        parsed.data_dir,
        parsed.lang,
    )


def test_the_apps_own_start_is_taken_without_the_parser():
    from scorekeeper.cli import main as cli_main

    for words in ([], ["--data-dir", "d"], ["--lang=ja", "--data-dir=d"], ["--lang", "en"]):
        assert cli_main._app_only(words) is not None, words
    for words in (["open", "1"], ["--lang", "fr"], ["--data-dir"], ["--data", "d"]):
        assert cli_main._app_only(words) is None, words
