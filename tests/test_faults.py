"""Faults as the command line meets them: a plain message, exit 2, nothing recorded lost."""

from __future__ import annotations

import errno
import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from scorekeeper.cli.main import main
from scorekeeper.core.events import Entry
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.services.recording import load_session, open_recording
from scorekeeper.storage import Store
from tests.journal_support import without_trailing_vouches

ROOT = Path(__file__).resolve().parent.parent
O1 = ROOT / "examples" / "o1.txt"


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    return tmp_path / "home"


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def journal(home: Path) -> Path:
    path = home / "sessions" / "1.journal"
    assert path.is_file()
    return path


def entries(home: Path) -> int:
    return len(load_session(Store(home), 1).events)


def test_disk_full_records_nothing_and_says_so(capsys, home, monkeypatch):
    run(capsys, "import", str(O1))
    before = journal(home).read_bytes()

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    code, out, err = run(capsys, "record", "1", "round")
    monkeypatch.undo()
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "full" in err.lower() or "space" in err.lower()
    assert journal(home).read_bytes() == before  # never overwritten with less
    assert entries(home) == 19


def test_read_only_data_folder(capsys, home, monkeypatch):
    real_open = os.open

    def read_only(path, flags, *args, **kwargs):
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only)
    code, out, err = run(capsys, "import", str(O1))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "read-only" in err.lower()


def test_edited_file_is_refused_and_left_alone(capsys, home):
    run(capsys, "import", str(O1))
    path = journal(home)
    lines = path.read_bytes().splitlines(keepends=True)
    assert b'"fold"' in lines[3]
    lines[3] = lines[3].replace(b'"B"', b'"C"')
    path.write_bytes(b"".join(lines))
    edited = path.read_bytes()
    for command in (["show", "1"], ["record", "1", "round"], ["export", "1"]):
        code, out, err = run(capsys, *command)
        assert code == 2 and out == ""
        assert "damaged at line 4" in err
    assert path.read_bytes() == edited


def test_truncated_file_keeps_every_whole_entry(capsys, home):
    run(capsys, "import", str(O1))
    path = journal(home)
    whole = without_trailing_vouches(path.read_bytes())
    cut = whole.rfind(b"\n", 0, len(whole) - 1) + 20  # a torn last line
    path.write_bytes(whole[:cut])
    code, out, _ = run(capsys, "show", "1", "--json")
    assert code == 0 and json.loads(out)["entries"] == 18  # the whole lines before it
    code, _, _ = run(capsys, "record", "1", "note after the cut")
    assert code == 0
    assert entries(home) == 19
    assert list((home / "sessions").glob("*.torn"))  # the torn bytes are kept aside


def test_missing_data_folder(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "nowhere"))
    code, out, _ = run(capsys, "list")
    assert code == 0 and "no sessions" in out
    code, out, err = run(capsys, "show", "1")
    assert code == 2 and out == "" and "no session 1" in err
    assert not (tmp_path / "nowhere").exists()


def test_a_second_writer_is_refused(capsys, home):
    run(capsys, "import", str(O1))
    with open_recording(Store(home), 1):
        code, out, err = run(capsys, "record", "1", "round")
    assert code == 2 and out == "" and "already open" in err
    assert entries(home) == 19


def test_clock_going_backwards_never_refuses_or_reorders():
    session = Session(make_header("indian-official", ["A", "B", "C"]))
    now = datetime(2026, 11, 29, 21, 0, tzinfo=UTC)
    session.record(Entry("round"), now)
    late = session.record(Entry("raise"), now - timedelta(hours=1))  # the machine clock went back
    assert late.at == now  # timed with the entry before it, never before
    assert [e.at for e in session.events] == sorted(e.at for e in session.events)


def test_a_killed_writers_temporary_file_is_removed_on_the_next_start(capsys, home):
    """A killed import leaves ``.PID-xxxxxxxx.new`` behind: the next command removes it;
    a running writer's is left alone."""
    import subprocess
    import sys

    from tests.cli_support import run

    sessions = home / "sessions"
    sessions.mkdir(parents=True)
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    dead = sessions / f".{gone.stdout.strip()}-0123abcd.new"
    dead.write_bytes(b"half a session")
    alive = sessions / f".{os.getppid()}-0123abcd.new"
    alive.write_bytes(b"someone is writing this")
    assert run(capsys, "list")[0] == 0
    assert not dead.exists() and alive.exists()
