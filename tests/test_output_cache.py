"""A kept ``list`` / ``stats`` output (cli/output_cache.py) is printed only when nothing it
was made from changed, and is then exactly what the command prints."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Iterator
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli import output_cache
from scorekeeper.cli.main import main

GAME = "game indian-official\nplayers Aki Ben Chie\nround\nfold Chie\nshowdown Aki\n"
ENTRIES = ("round", "fold Ben", "fold Chie", "showdown Aki", "showdown Ben", "raise", "note hi")


@contextlib.contextmanager
def environment(**values: str) -> Iterator[None]:
    saved = dict(os.environ)
    os.environ.update(values)
    time.tzset()
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)
        time.tzset()


def command(*words: str) -> tuple[int, str]:
    """The command run in full (and its output kept), as ``scorekeeper WORDS``."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(io.StringIO()):
        code = main(list(words))
    return code, printed.getvalue()


def kept(*words: str) -> str | None:
    """What the program's first step prints for WORDS, or None when it cannot answer."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        answered = output_cache.answer(list(words))
    assert answered or printed.getvalue() == ""
    return printed.getvalue() if answered else None


def imported(folder: Path, text: str = GAME) -> str:
    path = folder / f"game-{time.monotonic_ns()}.txt"
    path.write_text(text, encoding="utf-8")
    code, out = command("--data-dir", str(folder / "data"), "import", str(path))
    assert code == 0
    return out.strip()


@contextlib.contextmanager
def table() -> Iterator[Path]:
    with (
        tempfile.TemporaryDirectory() as temp,
        environment(
            SCOREKEEPER_LANG="en",
            SCOREKEEPER_CONFIG=str(Path(temp) / "config"),
            TZ="UTC",
        ),
    ):
        yield Path(temp)


def test_a_second_list_prints_the_kept_output_and_a_new_entry_is_listed():
    with table() as folder:
        data = str(folder / "data")
        sid = imported(folder)
        words = ("--data-dir", data, "list")
        assert kept(*words) is None  # never run: nothing kept
        code, first = command(*words)
        assert code == 0 and "indian-official" in first
        assert kept(*words) == first
        assert command("--data-dir", data, "record", sid, "round", "showdown Ben")[0] == 0
        assert kept(*words) is None  # the session's file changed
        _, second = command(*words)
        assert second != first  # rounds and leader moved on
        assert kept(*words) == second


def test_each_thing_the_output_is_made_from_makes_it_run_again(tmp_path):
    with table() as folder:
        data = folder / "data"
        sid = imported(folder)
        words = ("--data-dir", str(data), "list")

        def fresh() -> None:
            command(*words)
            assert kept(*words) is not None

        fresh()
        with environment(SCOREKEEPER_LANG="ja"):  # another language
            assert kept(*words) is None
        with environment(TZ="Asia/Tokyo"):  # another time zone: other local times
            assert kept(*words) is None
        assert kept("--data-dir", str(data), "--lang", "ja", "list") is None  # other words
        journal = data / "sessions" / f"{sid}.journal"
        journal.write_bytes(journal.read_bytes())  # the same bytes, written again
        assert kept(*words) is None
        fresh()
        imported(folder)  # a new session
        assert kept(*words) is None
        fresh()
        (data / "sessions" / "stray").write_text("x")  # any new file in the folder
        assert kept(*words) is None
        fresh()
        os.environ.pop("SCOREKEEPER_LANG")
        settings = folder / "config" / "settings.json"
        settings.parent.mkdir(parents=True, exist_ok=True)
        fresh()
        settings.write_text('{"lang": "ja"}', encoding="utf-8")  # the language chosen in the app
        assert kept(*words) is None
        _, japanese = command(*words)
        assert "セッション" in japanese or "記録" in japanese
        assert kept(*words) == japanese


def test_a_changed_module_of_ours_makes_it_run_again(tmp_path, monkeypatch):
    source = tmp_path / "probe.py"
    source.write_text("X = 1\n")
    probe = types.ModuleType("scorekeeper._probe_for_test")
    probe.__file__ = str(source)
    monkeypatch.setitem(sys.modules, probe.__name__, probe)
    with table() as folder:
        imported(folder)
        words = ("--data-dir", str(folder / "data"), "list")
        command(*words)
        assert kept(*words) is not None
        source.write_text("X = 22\n")  # a new version, an edited source file
        assert kept(*words) is None


def test_a_damaged_kept_file_is_never_printed():
    with table() as folder:
        imported(folder)
        words = ("--data-dir", str(folder / "data"), "stats")
        command(*words)
        (path,) = (folder / "data" / "cache").glob("stats-*.txt")
        good = path.read_bytes()
        for damaged in (
            b"",
            good[: len(good) // 2],
            b"\xff\xfe" + good,
            good.replace(b"\0", b"\n", 1),
            good.replace(b"scorekeeper-output-1", b"scorekeeper-output-0"),
            b"scorekeeper-output-1\x00999\x00x",
            b"scorekeeper-output-1\x00x\x00x",
        ):
            path.write_bytes(damaged)
            assert kept(*words) is None
        path.unlink()
        path.mkdir()  # not even a file
        assert kept(*words) is None


def test_control_characters_in_a_kept_file_never_reach_the_terminal():
    with table() as folder:
        imported(folder)
        data = str(folder / "data")
        words = ["--data-dir", data, "list"]
        folder_now = output_cache.folder_text(data)
        output_cache.remember(words, data, "A\x1b[2J\x07\x9bB\tC\n", folder_now, [])
        assert kept(*words) == "A[2JB\tC\n"  # the escapes, without their ESC, are mere text


def test_nothing_is_kept_when_a_session_changed_while_it_ran_or_the_command_failed():
    with table() as folder:
        imported(folder)
        data = str(folder / "data")
        before = output_cache.folder_text(data)
        imported(folder)
        output_cache.remember(["--data-dir", data, "list"], data, "old\n", before, [])
        assert kept("--data-dir", data, "list") is None
        assert command("--data-dir", data, "stats", "--game", "nope")[0] != 0
        assert not list((folder / "data" / "cache").glob("stats-*"))
        # words that name the folder another way (an abbreviated option): run, not kept
        assert command("--data", data, "list")[0] == 0
        assert not list((folder / "data" / "cache").glob("list-*"))


ENTRY = st.sampled_from(ENTRIES)
WORDS = (("list",), ("list", "--json"), ("stats",), ("list", "--ids"))
STEPS = st.sampled_from(
    ["entry", "entry", "session", "rewrite", "lang", "settings", "run", "run", "run"]
)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(STEPS, min_size=1, max_size=8), entries=st.data())
def test_after_any_mix_a_kept_output_is_exactly_what_the_command_prints(steps, entries):
    """Entries (refused ones too), new sessions, files written again, the language in the
    environment and in the settings, and runs, in any order: whenever the first step
    answers, the command run in full prints the very same; right after a run it answers."""
    with table() as folder:
        data = folder / "data"
        sessions = [imported(folder)]
        for step in steps:
            if step == "entry":
                sid = entries.draw(st.sampled_from(sessions))
                command(
                    "--data-dir", str(data), "record", sid, entries.draw(st.sampled_from(ENTRIES))
                )
            elif step == "session":
                sessions.append(imported(folder))
            elif step == "rewrite":
                journal = data / "sessions" / f"{entries.draw(st.sampled_from(sessions))}.journal"
                journal.write_bytes(journal.read_bytes())
            elif step == "lang":
                os.environ["SCOREKEEPER_LANG"] = entries.draw(st.sampled_from(["en", "ja"]))
            elif step == "settings":
                os.environ.pop("SCOREKEEPER_LANG", None)
                config = folder / "config"
                config.mkdir(exist_ok=True)
                lang = entries.draw(st.sampled_from(["en", "ja"]))
                (config / "settings.json").write_text(f'{{"lang": "{lang}"}}', encoding="utf-8")
            for words in WORDS:
                full = ["--data-dir", str(data), *words]
                answer = kept(*full)
                code, printed = command(*full)
                assert code == 0
                if answer is not None:
                    assert answer == printed, (step, words)
                if step == "run":
                    assert kept(*full) == printed


def scorekeeper(data: Path, *words: str, trace: bool = False) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SCOREKEEPER_LANG": "en", "TZ": "UTC"}
    env["SCOREKEEPER_CONFIG"] = str(data.parent / "config")
    argv = [sys.executable, *(["-X", "importtime"] if trace else []), "-m", "scorekeeper"]
    argv += ["--data-dir", str(data), *words]
    return subprocess.run(argv, capture_output=True, text=True, env=env, timeout=60)


def test_the_program_answers_a_warm_list_without_loading_the_command(tmp_path):
    data = tmp_path / "data"
    source = tmp_path / "game.txt"
    source.write_text(GAME, encoding="utf-8")
    assert scorekeeper(data, "import", str(source)).returncode == 0
    first = scorekeeper(data, "list", trace=True)
    assert "scorekeeper.cli.main" in first.stderr  # cold: the command ran
    second = scorekeeper(data, "list", trace=True)
    assert second.returncode == 0 and second.stdout == first.stdout
    assert "scorekeeper.cli.main" not in second.stderr  # warm: only the first step
    assert "scorekeeper.storage" not in second.stderr
    assert scorekeeper(data, "record", "1", "round", "showdown Ben").returncode == 0
    third = scorekeeper(data, "list", trace=True)
    assert "scorekeeper.cli.main" in third.stderr and third.stdout != first.stdout


def test_a_warm_list_into_a_closed_pipe_ends_quietly(tmp_path):
    data = tmp_path / "data"
    source = tmp_path / "game.txt"
    source.write_text(GAME, encoding="utf-8")
    for _ in range(30):  # many sessions: more lines than a pipe takes at once
        assert scorekeeper(data, "import", str(source)).returncode == 0
    scorekeeper(data, "list")
    env = {**os.environ, "SCOREKEEPER_LANG": "en", "TZ": "UTC"}
    env["SCOREKEEPER_CONFIG"] = str(tmp_path / "config")
    shell = f"{sys.executable} -m scorekeeper --data-dir {data} list | head -c 10"
    done = subprocess.run(
        ["bash", "-o", "pipefail", "-c", shell], capture_output=True, text=True, env=env
    )
    assert done.stderr == ""
    assert done.returncode in (0, 141)


def test_the_first_step_exits_a_closed_pipe_as_the_command_does():
    from scorekeeper.cli import errors, launch

    assert launch._EXIT_PIPE == errors.EXIT_PIPE


def test_the_kept_outputs_of_a_folder_are_few_and_a_killed_writers_file_goes():
    with table() as folder:
        imported(folder)
        data = folder / "data"
        cache = data / "cache"
        cache.mkdir()
        stale = cache / "list-00000000.txt.999999.tmp"
        stale.write_text("half")
        os.utime(stale, (time.time() - 7200, time.time() - 7200))
        fresh = cache / "list-00000001.txt.999998.tmp"
        fresh.write_text("being written")
        for day in range(output_cache.KEEP_AT_MOST + 6):  # a date asked each time
            words = ("--data-dir", str(data), "stats", "--from", "2026-01-01")
            words = (*words[:-1], f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}")
            assert command(*words)[0] == 0
        kept_files = sorted(cache.glob("*.txt"))
        assert len(kept_files) == output_cache.KEEP_AT_MOST
        assert not stale.exists() and fresh.exists()
        assert kept(*words) == command(*words)[1]  # the newest is kept


def test_the_first_step_names_session_files_as_the_storage_does():
    """It cannot import the storage (that is what it saves): its copy is held equal."""
    from scorekeeper.storage import paths

    assert output_cache._SESSION_SUFFIX == paths.SUFFIX
