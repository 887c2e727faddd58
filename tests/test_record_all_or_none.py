"""``scorekeeper record`` of many entries on a disk that fills part-way records all of them
or none (issue 44 point 5, last bullet): today it kept 212 of 256.

Every write and fsync the command makes is made to fail in turn (a full disk, an I/O
error, a short write), as tests/test_fault_injection.py does for single entries. After
each run the session holds exactly the entries it held before, or all of them; the file
opens; and the command said which.
"""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session, load_session
from scorekeeper.storage import Store
from tests.cli_support import run
from tests.test_fault_injection import Disk, faulty

#: 256 entries: 85 whole rounds of the official game and the next round begun.
ENTRIES = [*(["round", "raise", "showdown D"] * 85), "round"]
KINDS = [text.split()[0] for text in ENTRIES]
BEFORE = ["round", "raise", "showdown D"]  # what the session holds before the command
FAULTS = [
    ("write", errno.ENOSPC),
    ("write", "short"),
    ("write", errno.EIO),
    ("fsync", errno.ENOSPC),
    ("fsync", errno.EIO),
]


def _store(tmp_path: Path, name: str, capsys) -> Store:
    store = Store(tmp_path / name)
    create_session(store, make_header("indian-official", ["A", "B", "C", "D"], {}))
    assert run(capsys, "--data-dir", str(store.root), "record", "1", *BEFORE)[0] == 0
    return store


def _kinds(store: Store) -> list[str]:
    return [event.kind for event in load_session(store, 1).events]


def _calls(tmp_path: Path, operation: str, capsys, monkeypatch) -> int:
    """How many times the command calls *operation* when nothing fails."""
    store = _store(tmp_path, f"count-{operation}", capsys)
    with faulty(monkeypatch, Disk(operation, 0, errno.EIO)) as disk:
        assert run(capsys, "--data-dir", str(store.root), "record", "1", *ENTRIES)[0] == 0
    return disk.calls


@pytest.mark.parametrize(("operation", "error"), FAULTS, ids=[f"{o}-{e}" for o, e in FAULTS])
def test_a_record_of_many_entries_on_a_failing_disk_keeps_all_or_none(
    tmp_path, capsys, monkeypatch, operation, error
):
    before = _store(tmp_path, "before", capsys)
    held = _kinds(before)
    total = _calls(tmp_path, operation, capsys, monkeypatch)
    assert total >= 1
    for fail_at in range(1, total + 1):
        store = _store(tmp_path, f"{operation}-{error}-{fail_at}", capsys)
        with faulty(monkeypatch, Disk(operation, fail_at, error)):
            code, out, err = run(capsys, "--data-dir", str(store.root), "record", "1", *ENTRIES)
        kept = _kinds(store)  # the file opens
        if kept == held:  # none: said so, and nothing said recorded
            assert code != 0 and out == "", (operation, error, fail_at)
            assert "Traceback" not in err
        else:  # all: each said recorded (the failing write was a side file's)
            assert kept == [*held, *KINDS], (operation, error, fail_at, len(kept))
            assert code == 0 and len(out.splitlines()) == len(ENTRIES)
        # and the next command goes on from there
        assert run(capsys, "--data-dir", str(store.root), "record", "1", "note next")[0] == 0


def test_a_full_disk_at_the_first_write_refuses_the_whole_command(tmp_path, capsys, monkeypatch):
    store = _store(tmp_path, "full", capsys)
    with faulty(monkeypatch, Disk("write", 1, errno.ENOSPC)):
        code, out, err = run(capsys, "--data-dir", str(store.root), "record", "1", *ENTRIES)
    assert (code, out) == (2, "")
    assert "the disk is full. None of the 256 entries of this command was recorded." in err
    assert _kinds(store) == ["round", "raise", "showdown"]
