"""Fault injection in the manner of SQLite's test VFS (issue 12, point 10).

Every write and fsync the storage makes while a session is recorded is made
to fail in turn (EIO, ENOSPC, or a short write that then fails), once each,
also with the truncate that cleans up after it failing too. After each run: no
entry that was reported recorded is lost, no entry that was refused is on
disk, and the file opens. Every write, fsync and link of creating a session
(an import) fails in turn: the session is then complete or not there at all,
and no partial file survives the next start. And a torn write is tried at
every byte of the last record: the file opens without it, and the next entry
goes on after it, the torn bytes kept aside.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.core.events import Entry
from scorekeeper.core.header import make_header
from scorekeeper.messages import UserError
from scorekeeper.services.recording import create_session, load_session, open_recording
from scorekeeper.storage import Store
from tests.journal_support import without_trailing_vouches

ENTRIES = ["round", ("fold", "B"), "raise", ("fold", "C"), ("showdown", "D"), "round", "raise"]
RECORDING = ("write", "fsync")  # what appending an entry calls (ftruncate only after a fault)
CREATING = ("write", "fsync", "link")  # what creating a session calls
START = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def entry(item: Any) -> Entry:
    if isinstance(item, str):
        return Entry(item)
    kind, player = item
    return Entry(kind, {"winner": player} if kind == "showdown" else {"player": player})


class Disk:
    """Counts the storage's calls of one os function and makes call number *fail_at* fail."""

    def __init__(self, operation: str, fail_at: int, error: int | str) -> None:
        self.operation, self.fail_at, self.error = operation, fail_at, error
        self.calls = 0
        self.real: Callable[..., Any] = getattr(os, operation)

    def __call__(self, *args: Any) -> Any:
        self.calls += 1
        if self.calls != self.fail_at:
            return self.real(*args)
        if self.error == "short":  # half of it reaches the disk, then the disk is full
            fd, data = args
            self.real(fd, bytes(data)[: max(1, len(data) // 2)])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        assert isinstance(self.error, int)
        raise OSError(self.error, os.strerror(self.error))


@contextmanager
def faulty(monkeypatch: pytest.MonkeyPatch, disk: Disk) -> Iterator[Disk]:
    with monkeypatch.context() as patch:
        patch.setattr(os, disk.operation, disk)
        yield disk


def record_all(
    store: Store, sid: int, before_close: Callable[[], None] = lambda: None
) -> tuple[list[Any], list[Any]]:
    """Record ENTRIES one by one; (reported recorded, refused), each as (kind, data)."""
    done, refused = [], []
    with open_recording(store, sid) as rec:
        for n, item in enumerate(ENTRIES):
            wanted = entry(item)
            try:
                event = rec.record(wanted, START + timedelta(minutes=n))
            except UserError:
                refused.append((wanted.kind, dict(wanted.data)))
                continue
            done.append((event.kind, dict(event.data)))
        before_close()
    return done, refused


def fresh_store(tmp_path: Path, name: str) -> tuple[Store, int]:
    store = Store(tmp_path / name)
    sid = create_session(store, make_header("indian-official", ["A", "B", "C", "D"], {}))
    return store, sid


def calls_made(tmp_path: Path, operation: str, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many times recording ENTRIES calls *operation* when nothing fails (closing,
    which notes the summaries, a cache, is tried in test_a_failing_note_refuses_nothing)."""
    store, sid = fresh_store(tmp_path, f"count-{operation}")
    counted = []
    with faulty(monkeypatch, Disk(operation, 0, errno.EIO)) as disk:
        record_all(store, sid, lambda: counted.append(disk.calls))
    return counted[0]


FAULTS = [(op, error) for op in RECORDING for error in (errno.EIO, errno.ENOSPC)]
FAULTS.append(("write", "short"))


@pytest.mark.parametrize(("operation", "error"), FAULTS, ids=[f"{o}-{e}" for o, e in FAULTS])
def test_every_failing_call_loses_no_reported_entry(tmp_path, monkeypatch, operation, error):
    total = calls_made(tmp_path, operation, monkeypatch)
    assert total >= len(ENTRIES)  # one line (at least) per entry: every one is tried
    for fail_at in range(1, total + 1):
        store, sid = fresh_store(tmp_path, f"{operation}-{error}-{fail_at}")
        with faulty(monkeypatch, Disk(operation, fail_at, error)):
            done, refused = record_all(store, sid)
        assert refused, (operation, fail_at)  # the fault was met and refused an entry
        stored = [(e.kind, dict(e.data)) for e in load_session(store, sid).events]
        assert stored == done, (operation, error, fail_at)  # the file opens and holds exactly
        assert len(done) + len(refused) == len(ENTRIES)  # what was reported recorded


@pytest.mark.parametrize("operation", ["write", "fsync", "rename", "replace"])
def test_a_failing_note_refuses_nothing(tmp_path, monkeypatch, operation):
    """Every call of *operation* fails once the entries are in: the writer's note of the
    summaries (a cache) is lost, nothing else; the list folds the session instead."""
    from scorekeeper.services.catalog import list_sessions

    store, sid = fresh_store(tmp_path, f"note-{operation}")

    def fail_from_now() -> None:
        monkeypatch.setattr(os, operation, _always_failing(operation))

    done, refused = record_all(store, sid, fail_from_now)
    monkeypatch.undo()
    assert not refused and len(done) == len(ENTRIES)
    assert [(e.kind, dict(e.data)) for e in load_session(store, sid).events] == done
    (summary,) = list_sessions(store)
    assert summary.rounds == 1 and summary.error is None


def _always_failing(operation: str) -> Callable[..., Any]:
    def fail(*args: Any) -> Any:
        raise OSError(errno.EIO, f"{operation}: {os.strerror(errno.EIO)}")

    return fail


@pytest.mark.parametrize("fail_at", range(1, len(ENTRIES) + 1))
def test_a_short_write_whose_clean_up_fails_too(tmp_path, monkeypatch, fail_at):
    """The half line cannot be cut away at once: it is cut before the next line goes on."""
    store, sid = fresh_store(tmp_path, f"both-{fail_at}")
    short, truncate = Disk("write", fail_at, "short"), Disk("ftruncate", 1, errno.EIO)
    with faulty(monkeypatch, short), faulty(monkeypatch, truncate):
        done, refused = record_all(store, sid)
    assert refused and truncate.calls >= 1  # the clean-up was tried, and failed
    assert [(e.kind, dict(e.data)) for e in load_session(store, sid).events] == done


@pytest.mark.parametrize("error", [errno.EIO, errno.ENOSPC], ids=["EIO", "ENOSPC"])
@pytest.mark.parametrize("operation", CREATING)
def test_creating_a_session_is_all_or_nothing(tmp_path, monkeypatch, operation, error):
    source = fresh_store(tmp_path, "source")[0]
    with open_recording(source, 1) as rec:
        for n, item in enumerate(ENTRIES):
            rec.record(entry(item), START + timedelta(minutes=n))
        header, events = rec.session.header, rec.session.events
    counter = Store(tmp_path / f"count-{operation}")
    with faulty(monkeypatch, Disk(operation, 0, error)) as disk:
        create_session(counter, header, events)
    assert disk.calls >= 1
    for fail_at in range(1, disk.calls + 1):
        store = Store(tmp_path / f"create-{operation}-{error}-{fail_at}")
        with faulty(monkeypatch, Disk(operation, fail_at, error)):
            try:
                sid: int | None = create_session(store, header, events)
            except UserError:
                sid = None
        store.clean_partial_writes()  # the next start
        if sid is None:
            assert store.ids() == []
        else:
            assert load_session(store, sid).events == events
        leftovers = [p.name for p in store.sessions_dir.iterdir() if p.name.startswith(".")]
        assert leftovers == [], (operation, fail_at)


def test_the_injection_really_fails_an_append(tmp_path, monkeypatch):
    """The layer can fail: with every fsync failing, nothing is reported recorded."""
    store, sid = fresh_store(tmp_path, "all")

    class Always(Disk):
        def __call__(self, *args: Any) -> Any:
            raise OSError(errno.EIO, os.strerror(errno.EIO))

    with faulty(monkeypatch, Always("fsync", 1, errno.EIO)):
        done, refused = record_all(store, sid)
    assert done == [] and len(refused) == len(ENTRIES)
    assert load_session(store, sid).events == []


def test_a_torn_write_at_every_byte_of_the_last_record(tmp_path):
    store, sid = fresh_store(tmp_path, "torn")
    done, _ = record_all(store, sid)
    path = store.path(sid)
    whole = without_trailing_vouches(path.read_bytes())
    last_line_start = whole.rfind(b"\n", 0, len(whole) - 1) + 1
    for cut in range(last_line_start + 1, len(whole)):  # every byte short of the newline
        torn_store, torn_sid = fresh_store(tmp_path, f"cut-{cut}")
        torn_path = torn_store.path(torn_sid)
        torn_path.write_bytes(whole[:cut])
        before = [(e.kind, dict(e.data)) for e in load_session(torn_store, torn_sid).events]
        assert before == done[:-1], cut  # the unfinished last record is not there
        with open_recording(torn_store, torn_sid) as rec:
            rec.record(Entry("note", {"text": "after the cut"}), START + timedelta(hours=1))
        after = load_session(torn_store, torn_sid).events
        assert [(e.kind, dict(e.data)) for e in after[:-1]] == done[:-1], cut
        assert after[-1].data["text"] == "after the cut"
        assert torn_store.set_aside(torn_sid)[0].read_bytes() == whole[last_line_start:cut]


def test_a_full_disk_never_leaves_empty_side_files(tmp_path, monkeypatch):
    """Setting a torn tail aside on a full disk fails whole: no empty .torn-N, file as it was."""
    store, sid = fresh_store(tmp_path, "full")
    path = store.path(sid)
    whole = path.read_bytes()
    path.write_bytes(whole + b"0123abcd {half a li")
    for attempt in range(3):
        full = faulty(monkeypatch, Disk("write", 1, errno.ENOSPC))
        with full, open_recording(store, sid) as rec, pytest.raises(UserError) as refused:
            rec.record(Entry("round"), START + timedelta(minutes=attempt))
        assert "disk is full" in refused.value.message("en")
        assert store.set_aside(sid) == []
        assert path.read_bytes() == whole + b"0123abcd {half a li"
    with open_recording(store, sid) as rec:  # space again: the tail is kept aside once
        rec.record(Entry("round"), START + timedelta(hours=1))
    assert [p.read_bytes() for p in store.set_aside(sid)] == [b"0123abcd {half a li"]
