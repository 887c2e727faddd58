"""The command line's conventions: argparse in Japanese, shell completion, exit codes,
and settling several sessions together (issue 14, points 8 and 9)."""

from __future__ import annotations

import argparse
import ast
import gettext
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import errors
from scorekeeper.cli.argparse_lang import DOMAIN, LOCALE_DIR
from tests.cli_support import run

ROOT = Path(__file__).resolve().parent.parent
PO = LOCALE_DIR / "ja" / "LC_MESSAGES" / f"{DOMAIN}.po"


def compiler():
    spec = importlib.util.spec_from_file_location("compile_po", ROOT / "docs/tools/compile_po.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- argparse in Japanese ---------------------------------------------------------------------
def argparse_strings() -> set[str]:
    """Every msgid Python's argparse passes to gettext (singular + NUL + plural for ngettext)."""
    tree = ast.parse(Path(argparse.__file__).read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            words = [a.value for a in node.args if isinstance(a, ast.Constant)]
            if node.func.id == "_" and words:
                found.add(words[0])
            elif node.func.id == "ngettext":
                found.add(f"{words[0]}\0{words[1]}")
    return found


def test_the_catalog_translates_every_string_argparse_has():
    entries = compiler().parse_po(PO.read_text(encoding="utf-8"))
    missing = argparse_strings() - set(entries)
    assert not missing
    assert all(entries[key] for key in argparse_strings())


def test_the_shipped_mo_is_compiled_from_the_po():
    assert (PO.with_suffix(".mo")).read_bytes() == compiler().compile_po(PO), (
        "run: python docs/tools/compile_po.py " + str(PO.relative_to(ROOT))
    )


def test_the_mo_reads_back_through_gettext():
    with PO.with_suffix(".mo").open("rb") as mo:
        catalog = gettext.GNUTranslations(mo)
    assert catalog.gettext("usage: ") == "使い方: "
    assert (
        catalog.ngettext("expected %s argument", "expected %s arguments", 2) == "値が%s個必要です"
    )


ENGLISH_ARGPARSE = re.compile(
    r"usage|positional arguments|options:|show this help|error|required|invalid choice"
    r"|unrecognized|expected|argument"
)


@pytest.fixture
def wide(monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")


def test_help_in_japanese_has_no_english_argparse_words(capsys, home, wide):
    with pytest.raises(SystemExit) as done:
        run(capsys, "--lang", "ja", "--help")
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert out.startswith("使い方: scorekeeper [-h]")
    assert "\n位置引数:\n" in out and "\nオプション:\n" in out
    assert "  -h, --help           このヘルプを表示して終了" in out
    assert "\n終了コード:\n" in out
    assert not ENGLISH_ARGPARSE.search(out), ENGLISH_ARGPARSE.findall(out)


def test_a_subcommand_help_in_japanese(capsys, home, wide):
    with pytest.raises(SystemExit):
        run(capsys, "--lang", "ja", "record", "--help")
    out = capsys.readouterr().out
    assert out.splitlines()[:4] == [
        "使い方: scorekeeper record [-h] SESSION ENTRY [ENTRY ...]",
        "",
        "位置引数:",
        "  SESSION     セッション番号(scorekeeper list で確認できます)",
    ]
    assert not ENGLISH_ARGPARSE.search(out)


@pytest.mark.parametrize(
    ("words", "last_line"),
    [
        (["record"], "scorekeeper record: エラー: 次の引数が必要です: SESSION, ENTRY"),
        (
            ["--lang", "fr"],
            "scorekeeper: エラー: 引数 --lang: 選べない値です: 'fr'('en', 'ja' から選んでください)",
        ),
        (["show", "1", "2"], "scorekeeper: エラー: 使えない引数です: 2"),
        (
            ["timeline", "1", "--round"],
            "scorekeeper timeline: エラー: 引数 --round: 値が一つ必要です",
        ),
        (
            ["timeline", "1", "--round", "x"],
            "scorekeeper timeline: エラー: 引数 --round: 値が正しくありません: 'x'",
        ),
    ],
)
def test_argparse_errors_in_japanese(capsys, home, wide, words, last_line):
    with pytest.raises(SystemExit) as done:
        run(capsys, "--lang", "ja", *words)
    err = capsys.readouterr().err
    assert done.value.code == errors.EXIT_REFUSED
    assert err.startswith("使い方: scorekeeper")
    assert err.splitlines()[-1] == last_line
    assert not ENGLISH_ARGPARSE.search(err)


def test_english_is_unchanged_and_nothing_leaks_after_japanese(capsys, home, wide):
    with pytest.raises(SystemExit):
        run(capsys, "--lang", "ja", "record")
    capsys.readouterr()
    assert gettext.textdomain() == "messages"
    assert "LANGUAGE" not in os.environ or os.environ["LANGUAGE"] != "ja"
    with pytest.raises(SystemExit):
        run(capsys, "--lang", "en", "record")
    err = capsys.readouterr().err
    assert err.splitlines() == [
        "usage: scorekeeper record [-h] SESSION ENTRY [ENTRY ...]",
        "scorekeeper record: error: the following arguments are required: SESSION, ENTRY",
    ]


def test_japanese_from_the_environment_too(capsys, home, wide, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_LANG", "ja")
    with pytest.raises(SystemExit):
        run(capsys, "show")
    assert capsys.readouterr().err.splitlines()[-1] == (
        "scorekeeper show: エラー: 次の引数が必要です: SESSION"
    )


# -- exit codes -------------------------------------------------------------------------------
def defined_codes() -> set[int]:
    return {value for name, value in vars(errors).items() if name.startswith("EXIT_")
            and isinstance(value, int)}  # fmt: skip


def documented_codes(path: Path) -> set[int]:
    """The codes in the table under the exit-status heading of a docs page."""
    text = path.read_text(encoding="utf-8")
    section = text.split("<!-- exit codes -->", 2)[1]
    return {int(code) for code in re.findall(r"^\| `(\d+)` \|", section, re.MULTILINE)}


def test_every_exit_code_has_a_meaning_in_the_help():
    assert set(errors.EXIT_CODES) == defined_codes()


@pytest.mark.parametrize("page", ["docs/cli.md", "docs/ja/cli.md"])
def test_the_docs_list_exactly_the_exit_codes_of_the_code(page):
    assert documented_codes(ROOT / page) == defined_codes()


def test_the_help_epilog_lists_every_exit_code(capsys, home, wide):
    with pytest.raises(SystemExit):
        run(capsys, "--help")
    out = capsys.readouterr().out
    listed = out.split("exit status:\n", 1)[1].splitlines()
    assert [int(line.split()[0]) for line in listed] == [0, 1, 2, 70, 74, 130, 141]
    assert listed[2] == (
        "  2    refused: a rule, an unreadable file or session, a mistyped command, "
        "or stdout closed"
    )


# -- shell completion -------------------------------------------------------------------------
COMMANDS = ["replay", "import", "new", "record", "list", "export", "settle", "display", "open",
            "show", "timeline", "correct", "verify", "stats", "completion"]  # fmt: skip


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_scripts_are_generated(capsys, home, shell):
    code, out, err = run(capsys, "completion", shell)
    assert (code, err) == (0, "")
    assert "scorekeeper list --ids" in out
    for command in COMMANDS:
        assert re.search(rf"\b{command}\b", out), command


def test_the_bash_script_is_valid_bash_and_completes(capsys, home, tmp_path):
    code, out, _ = run(capsys, "completion", "bash")
    assert code == 0
    script = tmp_path / "scorekeeper.bash"
    script.write_text(out, encoding="utf-8")
    bash = shutil.which("bash")
    assert bash is not None
    checked = subprocess.run([bash, "-n", str(script)], capture_output=True, text=True)
    assert (checked.returncode, checked.stderr) == (0, "")
    probe = (
        f"source {script}; COMP_WORDS=(scorekeeper st); COMP_CWORD=1;"
        ' _shtab_scorekeeper scorekeeper st scorekeeper; echo "${COMPREPLY[@]}";'
        ' COMP_WORDS=(scorekeeper stats --game ""); COMP_CWORD=3;'
        ' _shtab_scorekeeper scorekeeper "" --game; echo "${COMPREPLY[@]}";'
        ' COMP_WORDS=(scorekeeper show ""); COMP_CWORD=2;'
        ' _shtab_scorekeeper scorekeeper "" show; echo "${COMPREPLY[@]}"'
    )
    for _ in range(2):  # sessions 1 and 2 in SCOREKEEPER_HOME, which the script asks
        run(capsys, "import", str(ROOT / "examples" / "o1.txt"))
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    env = {**os.environ, "PATH": path}
    done = subprocess.run([bash, "-c", probe], capture_output=True, text=True, env=env)
    assert done.stdout.splitlines() == [
        "stats",
        "indian-official indian-chips indian-lowest pochen",
        "2 1",
    ]


def test_list_ids_prints_the_numbers_only(capsys, home):
    for _ in range(2):
        run(capsys, "import", str(ROOT / "examples" / "o1.txt"))
    assert run(capsys, "list", "--ids") == (0, "2\n1\n", "")  # newest first, as list


def test_completion_does_not_load_textual():
    code = (
        "import sys; from scorekeeper.cli.main import main; main(['completion', 'bash']);"
        " sys.stderr.write(' '.join(m for m in ('textual', 'rich') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0 and done.stderr == ""


# -- settling several sessions ----------------------------------------------------------------
S1 = "game indian-official\nplayers Aki Ben Chie\nround\nshowdown Ben\n"
S2 = "game indian-official\nplayers Chie Aki Ben\nround\nraise\nshowdown Chie\n"
S3 = (
    "game indian-official\nplayers Ben Dai Aki\n"
    "round\nfold Dai\nshowdown Aki\nround\nshowdown Dai\n"
)


def stored(capsys, tmp_path, *texts: str) -> list[str]:
    ids = []
    for number, text in enumerate(texts):
        path = tmp_path / f"s{number}.txt"
        path.write_text(text, encoding="utf-8")
        code, out, _ = run(capsys, "import", str(path))
        assert code == 0
        ids.append(out.strip())
    return ids


def test_three_sessions_settle_by_name_not_by_seat(capsys, home, tmp_path):
    """Aki −20, −40, +10; Ben +30, −40, −40; Chie −10, +80; Dai +30 (third session only).
    By seat it would be +20, +20, −40: the seats hold different people each time."""
    ids = stored(capsys, tmp_path, S1, S2, S3)
    code, out, err = run(capsys, "settle", *ids)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Sessions 1, 2, 3 together",
        "Totals: Aki -50, Ben -50, Chie +70, Dai +30",
        "Aki pays Chie 50",
        "Ben pays Chie 20",
        "Ben pays Dai 30",
    ]
    code, out, _ = run(capsys, "--lang", "ja", "settle", *ids, "--rate", "10")
    assert out.splitlines() == [  # each session at the --rate: settled in money
        "セッション1、2、3をまとめて精算",
        "合計: Aki -500、Ben -500、Chie +700、Dai +300",
        "レート: セッション1 1点あたり10、セッション2 1点あたり10、セッション3 1点あたり10",
        "AkiがChieに500を支払う",
        "BenがChieに200を支払う",
        "BenがDaiに300を支払う",
    ]


def test_one_session_settles_as_before(capsys, home, tmp_path):
    ids = stored(capsys, tmp_path, S2)
    assert run(capsys, "settle", *ids) == (0, "Aki pays Chie 40\nBen pays Chie 40\n", "")


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["1", "2", "1"], "settle: session 1 is listed twice: name each session once\n"),
        (["1", "2", "9"], "scorekeeper: There is no session 9.\n"),
        (["1", "3"], "scorekeeper: session 3: round 1 is still in play; settle once it is over\n"),
        (
            ["1", "5"],
            "scorekeeper: session 5 counts losses only: there is nothing to settle; leave it out\n",
        ),
    ],
)
def test_settling_together_refuses_in_one_line_and_prints_nothing(
    capsys, home, tmp_path, words, message
):
    chips = (ROOT / "examples" / "c1.txt").read_text(encoding="utf-8")
    lowest = (ROOT / "examples" / "l1.txt").read_text(encoding="utf-8")
    in_play = "game indian-official\nplayers Aki Ben Chie\nround\n"
    stored(capsys, tmp_path, S1, S2, in_play, chips, lowest)
    assert run(capsys, "settle", *words) == (errors.EXIT_REFUSED, "", message)
