"""``record`` at any length reads no journal byte between the header and the state its
snapshot keeps (issue 36 point 4): the vouch line of the new form names the snapshot's
state line (storage/hashchain.py SEEK_VOUCH_FIELDS), the state names where its entry ends
and the hash it carries, and the writer reads the journal from there on only
(storage/journal_reading.py ``scan_tail``). What it still catches there, a forgery each: a state
line naming another offset or another chain link, a vouch line not at the offset it names,
a snapshot swapped for another, a history changed in the file. Each costs a whole fold (or
an older vouched state), never a command or a different number. These tests count the
work, never the time."""

from __future__ import annotations

import hashlib
import json
import os
import shutil

import pytest

import scorekeeper.services.session_source as source_module
import scorekeeper.storage.journal_reading as journal_reading
from scorekeeper.core.events import Entry
from scorekeeper.services.recording import load_session, open_recording
from scorekeeper.services.showing import Followed
from scorekeeper.storage import Store, snapshot
from scorekeeper.storage.hashchain import is_seek_vouch, sealed, verify
from tests.cli_support import run
from tests.journal_support import kept_state, vouch_as_writer
from tests.ui_support import new_store

EVERY = 8  # entries before a state is kept, and between two
LAG = 2  # entries a state is taken behind the last


@pytest.fixture(autouse=True)
def _small_states(monkeypatch):
    monkeypatch.setattr(snapshot, "STATE_AT_LEAST", EVERY)
    monkeypatch.setattr(snapshot, "STATE_EVERY", EVERY)
    monkeypatch.setattr(snapshot, "STATE_LAG", LAG)


def _long(tmp_path, capsys, rounds: int = 20) -> tuple[Store, int]:
    """Session 1: *rounds* rounds of three entries, then one ``record`` that keeps a state
    and a vouch line of the new form naming it."""
    store = new_store(tmp_path)
    with open_recording(store, 1) as rec:
        for _ in range(rounds):
            for entry in (Entry("round"), Entry("raise"), Entry("showdown", {"winner": "D"})):
                rec.record(entry)
    assert run(capsys, "--data-dir", str(store.root), "record", "1", "note first")[0] == 0
    taken = kept_state(store, 1)
    assert taken is not None and taken.entries == 3 * rounds + 1 - LAG
    assert is_seek_vouch(store.read(1).vouches[-1])
    return store, 1


def _folds(monkeypatch) -> list[int]:
    """Count the whole folds from here on."""
    folds: list[int] = []
    whole = source_module.fold_checked
    monkeypatch.setattr(
        source_module,
        "fold_checked",
        lambda stored, *rest: folds.append(1) or whole(stored, *rest),
    )
    return folds


class _ReadSpy:
    """``os`` for storage/journal_reading.py, noting each byte range read from a file."""

    def __init__(self) -> None:
        self.ranges: list[tuple[int, int]] = []
        self._at: dict[int, int] = {}

    def __getattr__(self, name: str):
        return getattr(os, name)

    def lseek(self, fd: int, offset: int, how: int) -> int:
        self._at[fd] = os.lseek(fd, offset, how)
        return self._at[fd]

    def read(self, fd: int, count: int) -> bytes:
        data = os.read(fd, count)
        start = self._at.get(fd, 0)
        self.ranges.append((start, start + len(data)))
        self._at[fd] = start + len(data)
        return data


def _state_line(store: Store, sid: int) -> bytes:
    return snapshot.path_of(store.path(sid)).read_bytes().split(b"\n")[1]


def _same_as_the_entries(store: Store, sid: int) -> None:
    whole = load_session(store, sid)
    with open_recording(store, sid, history=False) as rec:
        assert rec.session.state == whole.state
        assert rec.receipt() is not None and rec.receipt().entries == len(whole.events)


def test_record_reads_no_byte_between_the_header_and_the_state(tmp_path, capsys, monkeypatch):
    store, sid = _long(tmp_path, capsys)
    taken = kept_state(store, sid)
    assert taken is not None
    path = store.path(sid)
    header_end = path.read_bytes().split(b"\n", 2)
    header_end_at = len(header_end[0]) + len(header_end[1]) + 2
    assert taken.size - header_end_at > 2 * journal_reading.HEAD_CHUNK  # room to tell
    spy = _ReadSpy()
    monkeypatch.setattr(journal_reading, "os", spy)
    monkeypatch.setattr(journal_reading, "read_all", lambda fd: pytest.fail("read whole"))
    histories: list[int] = []
    real_text = snapshot._History.text
    monkeypatch.setattr(
        snapshot._History, "text", lambda self: histories.append(1) or real_text(self)
    )
    monkeypatch.setattr(snapshot, "save", lambda *a: pytest.fail("the snapshot rewritten"))
    folds = _folds(monkeypatch)
    snap_before = snapshot.path_of(path).stat()
    code, out, _ = run(capsys, "--data-dir", str(store.root), "record", "1", "round")
    assert code == 0 and out.startswith("#62 ")
    assert folds == [] and histories == []  # no whole fold, no history read
    assert spy.ranges, "the journal was read through storage/journal_reading.py"
    unread = (journal_reading.HEAD_CHUNK, taken.size - 1)
    for start, end in spy.ranges:  # the head (a chunk at most) and the tail, nothing else
        assert end <= unread[0] or start >= unread[1], (start, end)
    after = snapshot.path_of(path).stat()
    assert (after.st_ino, after.st_mtime_ns) == (snap_before.st_ino, snap_before.st_mtime_ns)
    monkeypatch.undo()
    last = store.read(sid).vouches[-1]  # the summaries on the vouch line, the state named
    assert is_seek_vouch(last) and last["after"] == 62
    assert last["state"] == hashlib.sha256(_state_line(store, sid)).hexdigest()
    _same_as_the_entries(store, sid)


@pytest.mark.parametrize("marks", [None, LAG + 1], ids=["marks", "few_marks"])
def test_a_new_state_is_written_every_so_many_entries_only(tmp_path, capsys, monkeypatch, marks):
    """Taken again every EVERY entries, also when each command writes a vouch line after
    its entry (the line ends a writer keeps are its entries', not the vouch lines')."""
    if marks is not None:
        monkeypatch.setattr(journal_reading, "MARKS", marks)
    store, sid = _long(tmp_path, capsys)
    root = str(store.root)
    first = kept_state(store, sid)
    assert first is not None
    saved: list[int] = []
    real = snapshot.save
    monkeypatch.setattr(snapshot, "save", lambda *a: saved.append(1) or real(*a))
    for n in range(EVERY - 1):
        assert run(capsys, "--data-dir", root, "record", "1", f"note {n}")[0] == 0
    assert saved == []
    assert run(capsys, "--data-dir", root, "record", "1", "note due")[0] == 0
    assert saved == [1]
    assert kept_state(store, sid).entries == first.entries + EVERY  # type: ignore[union-attr]
    _same_as_the_entries(store, sid)


def _restated(store: Store, sid: int, change) -> None:
    """The snapshot's state line changed, and the journal rewritten to vouch for it."""
    path = snapshot.path_of(store.path(sid))
    lines = path.read_bytes().split(b"\n")
    doc = json.loads(lines[1])
    change(doc)
    lines[1] = json.dumps(doc).encode("ascii")
    vouch_as_writer(store, sid, b"\n".join(lines))


@pytest.mark.parametrize(
    "change",
    [
        lambda doc: doc.update(size=doc["size"] + 1),  # not where a line ends
        lambda doc: doc.update(size=doc["size"] - 200),  # another line's end, maybe
        lambda doc: doc.update(chain="0" * 64),  # not the link of the entry there
        lambda doc: doc.update(entries=doc["entries"] - 1, next_id=doc["next_id"] - 1),
    ],
    ids=["offset_inside_a_line", "offset_earlier", "chain_link", "entry_count"],
)
def test_a_state_naming_another_offset_or_chain_link_is_folded_whole(
    tmp_path, capsys, monkeypatch, change
):
    store, sid = _long(tmp_path, capsys)
    _restated(store, sid, change)
    folds = _folds(monkeypatch)
    code, out, _ = run(capsys, "--data-dir", str(store.root), "record", "1", "round")
    assert code == 0 and out.startswith("#62 ")
    assert folds == [1]  # the state did not fit what follows it: every entry folded
    monkeypatch.undo()
    _same_as_the_entries(store, sid)


def _raw_vouch(store: Store, sid: int, key_shift: int, size_shift: int) -> None:
    """A vouch line, chained, stored under (and naming) other offsets than its own."""
    from scorekeeper.storage.journal_format import encode

    stored = store.read(sid)
    tip = verify(stored.header, stored.events, stored.vouches).tip
    path = store.path(sid)
    size = path.stat().st_size
    body = {
        "after": len(stored.events),
        "size": size + size_shift,
        "state": hashlib.sha256(_state_line(store, sid)).hexdigest(),
        "summaries": store.vouched_summaries(sid),
    }
    doc = sealed(tip, body)
    line = encode({"set": {"vouches": {str(size + key_shift): doc}}})[0]
    path.write_bytes(path.read_bytes() + line)


@pytest.mark.parametrize(
    ("key_shift", "size_shift"), [(7, 7), (0, 7), (7, 0)], ids=["both", "size", "key"]
)
def test_a_vouch_line_not_at_its_offset_is_not_believed(
    tmp_path, capsys, monkeypatch, key_shift, size_shift
):
    store, sid = _long(tmp_path, capsys)
    _raw_vouch(store, sid, key_shift, size_shift)
    assert store.vouched_summaries(sid) is None  # the list folds it
    folds = _folds(monkeypatch)
    code, out, _ = run(capsys, "--data-dir", str(store.root), "record", "1", "round")
    assert code == 0 and out.startswith("#62 ")
    assert folds == [1]
    monkeypatch.undo()
    _same_as_the_entries(store, sid)
    assert store.vouched_summaries(sid) is not None  # a true one after it


def test_a_line_at_the_offset_that_is_not_the_vouch(tmp_path, capsys, monkeypatch):
    """The journal grown before the state's offset (a line added, the chain left as it
    was): the state's offset no longer ends the line of its entry."""
    store, sid = _long(tmp_path, capsys)
    path = store.path(sid)
    lines = path.read_bytes().split(b"\n")
    lines.insert(5, lines[4])  # an entry line twice: the file grows before the offset
    path.write_bytes(b"\n".join(lines))
    folds = _folds(monkeypatch)
    code, _, err = run(capsys, "--data-dir", str(store.root), "record", "1", "round")
    assert code != 0 and "damaged" in err, err  # not picked up there: the whole read says
    assert folds == []  # refused as it was read, before any fold


def test_a_snapshot_swapped_for_another_sessions_is_folded_whole(tmp_path, capsys, monkeypatch):
    store, sid = _long(tmp_path, capsys)
    other, _ = _long(tmp_path / "other", capsys, rounds=22)
    shutil.copyfile(snapshot.path_of(other.path(1)), snapshot.path_of(store.path(sid)))
    folds = _folds(monkeypatch)
    assert run(capsys, "--data-dir", str(store.root), "record", "1", "round")[0] == 0
    assert folds == [1]  # named by no vouch line of this journal
    monkeypatch.undo()
    _same_as_the_entries(store, sid)


def test_an_older_vouched_snapshot_put_back_gives_the_same_numbers(tmp_path, capsys, monkeypatch):
    store, sid = _long(tmp_path, capsys)
    root = str(store.root)
    older = snapshot.path_of(store.path(sid)).read_bytes()
    for n in range(EVERY):
        assert run(capsys, "--data-dir", root, "record", "1", f"note {n}")[0] == 0
    assert snapshot.path_of(store.path(sid)).read_bytes() != older  # a new state since
    snapshot.path_of(store.path(sid)).write_bytes(older)
    folds = _folds(monkeypatch)
    assert run(capsys, "--data-dir", root, "record", "1", "round")[0] == 0
    assert folds == []  # still vouched for, further back: more entries folded, the same
    monkeypatch.undo()
    _same_as_the_entries(store, sid)


def test_a_history_changed_in_the_file_costs_a_fold_when_read(tmp_path, capsys, monkeypatch):
    store, sid = _long(tmp_path, capsys)
    path = snapshot.path_of(store.path(sid))
    data = path.read_bytes()
    at = data.rindex(b'"winner":"D"') if b'"winner":"D"' in data else data.rindex(b'"D"')
    forged = data[:at] + data[at:].replace(b'"D"', b'"A"', 1)  # the same length
    assert forged != data and len(forged) == len(data)
    path.write_bytes(forged)
    root = str(store.root)
    with open_recording(store, sid, history=False) as rec:  # its state line is still vouched
        assert rec.session.history_from > 1
        # read, it is the entries' history: every entry folded then (issue 44 point 3)
        assert (
            rec.session.state.results.to_list() == load_session(store, sid).state.results.to_list()
        )
        assert rec.session.history_from == 1
        rec.record(Entry("round"))  # a command still goes through
    assert run(capsys, "--data-dir", root, "verify", "1")[0] == 0  # the snapshot is ignored
    # a reader checks every history as it opens: folded whole, the same numbers
    whole = load_session(store, sid)
    assert Followed(store, sid, history=False).session.state == whole.state
    with open_recording(store, sid, history=False) as rec:  # a writer reads it when it must
        assert not rec.ensure_history()
        assert rec.session.state == whole.state
