"""The progress bar of ``import``, ``replay``, ``verify`` and ``export`` (issue 45 point 6):
drawn on standard error when it is a terminal and the session is long, never in a pipe,
and Rich not loaded at all then. The services tell a plain callback (core/progress.py)."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import progress_bar
from scorekeeper.cli.main import main
from scorekeeper.core.progress import EVERY, ticking
from scorekeeper.core.transcript import lines_about, stream_text

HEAD = "game indian-official\nplayers A B C D\n"


def rounds(count: int) -> str:
    """A transcript of *count* rounds: three entries (and lines) each."""
    return HEAD + "round\nraise\nshowdown A\n" * count


#: Long enough for the bar as shipped: past AT_LEAST_ENTRIES lines.
LONG = rounds(progress_bar.AT_LEAST_ENTRIES // 3 + 10)


def environment(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, SCOREKEEPER_LANG="en", TERM="xterm-256color", COLUMNS="80")
    env["XDG_CONFIG_HOME"] = env["XDG_DATA_HOME"] = str(tmp_path)
    env.pop("NO_COLOR", None)
    return env


def on_a_terminal(args: list[str], tmp_path: Path) -> tuple[int, str, str]:
    """The command run with its standard error on a pseudo-terminal, its output in a
    pipe: the exit status, the output and everything written to the terminal."""
    main_side, term_side = pty.openpty()
    command = [sys.executable, "-m", "scorekeeper", *args]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=term_side, env=environment(tmp_path)
    ) as child:
        os.close(term_side)
        seen = b""
        while True:
            try:
                chunk = os.read(main_side, 65536)
            except OSError:  # EIO: the child closed the terminal's last writer
                break
            if not chunk:
                break
            seen += chunk
        out = child.stdout.read() if child.stdout else b""
        code = child.wait()
    os.close(main_side)
    return code, out.decode(), seen.decode(errors="replace")


def test_replay_of_a_long_transcript_shows_the_bar_on_a_terminal(tmp_path):
    path = tmp_path / "long.txt"
    path.write_text(LONG, encoding="utf-8")
    code, out, terminal = on_a_terminal(["replay", str(path)], tmp_path)
    assert code == 0
    assert "Replaying long.txt" in terminal
    assert "100%" in terminal  # the last picture, drawn before it is taken away
    assert "A" in out and "Replaying" not in out  # the standings alone, on standard output


def test_replay_in_a_pipe_shows_nothing_and_loads_no_rich(tmp_path):
    path = tmp_path / "long.txt"
    path.write_text(LONG, encoding="utf-8")
    probe = (
        "import sys; from scorekeeper.cli.main import main;"
        f"code = main(['replay', {str(path)!r}]);"
        "print('rich loaded:', 'rich' in sys.modules, code)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=environment(tmp_path)
    )
    assert done.stderr == ""
    assert done.stdout.splitlines()[-1] == "rich loaded: False 0"


class FakeTerminal(io.StringIO):
    """Standard error as a terminal, keeping what is drawn on it."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def terminal(monkeypatch) -> FakeTerminal:
    """A terminal for standard error, and a bar from the first few lines on (so that a
    short session, quick to make, shows it). Each test puts it in place itself
    (:func:`in_place`): pytest's capture takes standard error's place after fixtures."""
    monkeypatch.setattr(progress_bar, "AT_LEAST_ENTRIES", 30)
    monkeypatch.setattr(progress_bar, "AT_LEAST_BYTES", 1000)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    return FakeTerminal()


def in_place(terminal: FakeTerminal, monkeypatch) -> FakeTerminal:
    monkeypatch.setattr(sys, "stderr", terminal)
    return terminal


def test_import_verify_and_export_show_the_bar_on_a_terminal(
    tmp_path, terminal, capsys, monkeypatch
):
    in_place(terminal, monkeypatch)
    path = tmp_path / "game.txt"
    path.write_text(rounds(40), encoding="utf-8")
    data = str(tmp_path / "data")
    assert main(["--data-dir", data, "import", str(path)]) == 0
    assert "Importing game.txt" in terminal.getvalue()
    assert main(["--data-dir", data, "verify", "1"]) == 0
    assert "Verifying session 1" in terminal.getvalue()
    assert main(["--data-dir", data, "export", "1", "--format", "json"]) == 0
    drawn = terminal.getvalue()
    assert "Reading session 1" in drawn and "Writing the json export" in drawn
    out = capsys.readouterr().out
    assert '"stake_timeline"' in out and "Reading" not in out


def test_a_short_session_shows_no_bar_even_on_a_terminal(tmp_path, terminal, monkeypatch):
    in_place(terminal, monkeypatch)
    path = tmp_path / "game.txt"
    path.write_text(rounds(5), encoding="utf-8")  # 17 lines: under the 30 set above
    assert main(["--data-dir", str(tmp_path / "data"), "replay", str(path)]) == 0
    assert terminal.getvalue() == ""


def test_a_dumb_terminal_gets_no_bar(tmp_path, terminal, monkeypatch):
    monkeypatch.setenv("TERM", "dumb")
    in_place(terminal, monkeypatch)
    path = tmp_path / "game.txt"
    path.write_text(rounds(40), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert terminal.getvalue() == ""


def test_the_fold_of_a_transcript_tells_its_lines_up_to_the_end():
    text = rounds(EVERY)  # 3 * EVERY + 2 lines
    told: list[tuple[int, int]] = []
    stream_text(text, progress=lambda done, total: told.append((done, total)))
    total = lines_about(text)
    assert told[0] == (0, total) and told[-1] == (total, total)
    assert len(told) >= 3  # now and then on the way
    assert all(done <= total for done, _ in told)


def test_ticking_gives_the_items_themselves_without_a_callback():
    items = [1, 2, 3]
    assert ticking(items, 3, None) is items
    told: list[tuple[int, int]] = []
    assert list(ticking(items, 3, lambda d, t: told.append((d, t)))) == items
    assert told == [(0, 3), (3, 3)]


def test_verify_and_the_whole_fold_tell_how_far_they_got(tmp_path):
    from scorekeeper.core.transcript import read_session
    from scorekeeper.services.recording import import_session
    from scorekeeper.services.session_source import fold_checked
    from scorekeeper.services.verifying import verify_streamed
    from scorekeeper.storage import Store

    store = Store(tmp_path)
    sid = import_session(store, read_session(rounds(EVERY)))
    size = store.path(sid).stat().st_size
    told: list[tuple[int, int]] = []
    assert verify_streamed(store, sid, progress=lambda d, t: told.append((d, t))) is not None
    assert told[-1] == (size, size) and len(told) >= 2
    told.clear()
    stored = store.read(sid)
    fold_checked(stored, lambda d, t: told.append((d, t)))
    entries = len(stored.events)
    assert told[0] == (0, entries) and told[-1] == (entries, entries) and len(told) >= 3
