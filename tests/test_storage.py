"""Store, SessionWriter and the journal file: outcomes on disk, not just return values."""

from __future__ import annotations

import errno
import json
import os
import string
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from tinydb import Query, TinyDB

from scorekeeper.messages import CATALOG
from scorekeeper.services.catalog import list_sessions
from scorekeeper.storage import StorageError, Store, StoredSession, data_root
from scorekeeper.storage import journal as journal_module
from scorekeeper.storage.journal_format import encode

REPO = Path(__file__).resolve().parents[1]
HEADER = {"game": "pochen", "players": ["Aiko", "Ben"], "note": '点数 "final"\nround'}


def event(n: int) -> dict[str, object]:
    return {"seq": n, "kind": "fold", "player": "B", "text": f'手番 {n} "q"\n'}


def seqs(events: list[dict[str, object]]) -> list[object]:
    return [e["seq"] for e in events]


def subprocess_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    return env


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "data")


# --- round trip, ids, trash ---------------------------------------------------


def test_store_touches_nothing_until_create(tmp_path: Path) -> None:
    store = Store(tmp_path / "data")
    assert store.ids() == []
    assert not (tmp_path / "data").exists()


def test_round_trip(store: Store) -> None:
    sid = store.create(HEADER, [event(1), event(2)])
    with store.open_writer(sid) as writer:
        assert writer.id == sid
        assert writer.header == HEADER
        assert seqs(writer.events) == [1, 2]
        writer.append(event(3))
        assert seqs(writer.events) == [1, 2, 3]
    got = store.read(sid)
    assert got == StoredSession(sid, HEADER, [event(1), event(2), event(3)])
    # And the file is what the format says: a format line, then one line per write.
    lines = store.path(sid).read_bytes().splitlines()
    assert len(lines) == 1 + 1 + 3
    assert json.loads(lines[0][9:]) == {"format": "scorekeeper-session", "version": 1}


def test_ids_ascending_and_never_reused_after_trash(store: Store) -> None:
    assert [store.create({"n": n}) for n in range(1, 4)] == [1, 2, 3]
    assert store.ids() == [1, 2, 3]
    before = store.path(3).read_bytes()
    moved = store.trash(3)
    assert moved == store.root / "trash" / "3.journal"
    assert moved.read_bytes() == before
    assert not store.path(3).exists()
    assert store.ids() == [1, 2]
    assert store.create({"n": 4}) == 4  # "session 3" keeps meaning the trashed game
    with pytest.raises(StorageError) as info:
        store.read(3)
    assert info.value.key == "storage.no_session"


def test_trash_never_overwrites_an_older_trashed_copy(store: Store) -> None:
    store.create({"n": 1})
    first = store.trash(1)
    # A trashed file restored by hand and trashed again must not clobber the first copy.
    os.link(first, store.path(1))
    second = store.trash(1)
    assert first != second
    assert first.exists() and second.exists()


def test_trash_refused_while_writing(store: Store) -> None:
    sid = store.create(HEADER)
    with store.open_writer(sid), pytest.raises(StorageError) as info:
        store.trash(sid)
    assert info.value.key == "storage.locked"
    assert store.path(sid).exists()


def test_concurrent_creates_get_distinct_ids(store: Store) -> None:
    got: list[int] = []
    lock = threading.Lock()

    def worker(n: int) -> None:
        sid = store.create({"n": n})
        with lock:
            got.append(sid)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(got) == list(range(1, 17))
    assert store.ids() == list(range(1, 17))
    assert sorted(store.read(sid).header["n"] for sid in got) == list(range(16))
    assert [p.name for p in store.sessions_dir.iterdir() if not p.name.endswith(".journal")] == []


def test_missing_session(store: Store) -> None:
    for action in (store.read, store.open_writer, store.trash):
        with pytest.raises(StorageError) as info:
            action(9)
        assert info.value.key == "storage.no_session"
        assert "9" in info.value.message("en")


def test_create_where_no_folder_can_be_made(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(StorageError) as info:
        Store(blocker).create(HEADER)
    assert info.value.key == "storage.cannot_create"


def test_create_on_read_only_disk(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    store.sessions_dir.mkdir(parents=True)

    def read_only(*args: object, **kwargs: object) -> int:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(os, "open", read_only)
    with pytest.raises(StorageError) as info:
        store.create(HEADER)
    monkeypatch.undo()
    assert info.value.key == "storage.cannot_create"
    assert "read-only" in info.value.message("en")
    assert "読み取り専用" in info.value.message("ja")
    assert store.ids() == []


def test_data_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "env"))
    assert data_root(tmp_path / "flag") == tmp_path / "flag"
    assert data_root(str(tmp_path / "flag")) == tmp_path / "flag"
    assert data_root() == tmp_path / "env"
    monkeypatch.delenv("SCOREKEEPER_HOME")
    assert data_root().name == "scorekeeper"


# --- torn, damaged, foreign -----------------------------------------------------


def half_line(n: int) -> bytes:
    line = encode({"set": {"events": {str(n): event(n)}}})[0]
    return line[: len(line) // 2]


def test_torn_last_line_ignored_by_reader_and_set_aside_by_writer(store: Store) -> None:
    sid = store.create(HEADER, [event(1), event(2), event(3)])
    path = store.path(sid)
    good = path.read_bytes()
    torn = half_line(4)
    with open(path, "ab") as f:
        f.write(torn)

    assert seqs(store.read(sid).events) == [1, 2, 3]
    assert path.read_bytes() == good + torn  # a reader changes nothing

    with store.open_writer(sid) as writer:
        assert path.read_bytes() == good + torn  # nor does opening: a refusal changes nothing
        assert writer.torn_saved_to is None
        assert seqs(writer.events) == [1, 2, 3]
        writer.append(event(4))
        assert writer.torn_saved_to == path.with_name(path.name + ".torn")
        assert writer.torn_saved_to.read_bytes() == torn
    assert store.read(sid).events == [event(1), event(2), event(3), event(4)]
    assert path.read_bytes().endswith(b"\n")
    assert store.ids() == [sid]  # the side file is not a session
    assert store.set_aside(sid) == [path.with_name(path.name + ".torn")]


def test_a_whole_last_line_with_a_bad_checksum_is_damage(store: Store) -> None:
    """Only a line without its newline is a torn write; a whole line was changed since."""
    sid = store.create(HEADER, [event(1)])
    path = store.path(sid)
    line = bytearray(encode({"set": {"events": {"2": event(2)}}})[0])
    line[-3] ^= 0x01
    with open(path, "ab") as f:
        f.write(bytes(line))
    damaged = path.read_bytes()
    for action in (store.read, store.open_writer):
        with pytest.raises(StorageError) as info:
            action(sid)
        assert info.value.key == "storage.damaged" and info.value.params["line"] == 4
    assert path.read_bytes() == damaged and store.set_aside(sid) == []


@pytest.mark.parametrize(
    "record",
    [
        {"drop": ["events"]},
        {"set": {"events": {"1": None}}},
        {"set": {"events": {"1": {"seq": 1, "kind": "note", "data": {"text": "edited"}}}}},
        {"set": {"session": {"1": {"game": "indian-official"}}}},
    ],
    ids=["drop", "delete", "rewrite", "new-header"],
)
def test_a_line_the_writer_never_writes_is_damage(store: Store, record) -> None:
    sid = store.create(HEADER, [event(1), event(2)])
    path = store.path(sid)
    with open(path, "ab") as f:
        f.write(encode(record)[0])
    with pytest.raises(StorageError) as info:
        store.read(sid)
    assert info.value.key == "storage.damaged" and info.value.params["line"] == 5


def test_a_torn_tail_is_set_aside_once_and_each_new_one_on_its_own(store: Store) -> None:
    sid = store.create(HEADER)
    path = store.path(sid)
    for n in (1, 2):
        with open(path, "ab") as f:
            f.write(half_line(n))
        store.open_writer(sid).close()  # opening alone sets nothing aside
        assert store.set_aside(sid) == [path.with_name(path.name + ".torn")] * (n - 1)
        with store.open_writer(sid) as writer:
            writer.append(event(n))
    assert path.with_name(path.name + ".torn").read_bytes() == half_line(1)
    assert path.with_name(path.name + ".torn-2").read_bytes() == half_line(2)
    assert seqs(store.read(sid).events) == [1, 2]


@pytest.mark.parametrize("how", ["flip", "garbage", "not-a-record"])
def test_damaged_middle_line_is_refused_and_left_alone(store: Store, how: str) -> None:
    sid = store.create(HEADER, [event(n) for n in range(1, 6)])
    path = store.path(sid)
    lines = path.read_bytes().splitlines(keepends=True)
    # line 4 of the file = the 2nd event
    if how == "flip":
        lines[3] = lines[3].replace(b'"fold"', b'"foLd"')
    elif how == "garbage":
        lines[3] = b"\x00\x00\x00 zeros from a lost block\n"
    else:
        lines[3] = encode({"insert": "valid json, checksum right, not a record"})[0]
    path.write_bytes(b"".join(lines))
    damaged = path.read_bytes()

    for action in (store.read, store.open_writer):
        with pytest.raises(StorageError) as info:
            action(sid)
        assert info.value.key == "storage.damaged"
        assert info.value.params["line"] == 4
        assert "line 4" in info.value.message("en") and str(path) in info.value.message("en")
        assert "4 行目" in info.value.message("ja")
    assert path.read_bytes() == damaged
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]
    # The lock was given back: nothing keeps the file busy after a refusal.
    store.trash(sid)


def tinydb_file(path: Path) -> None:
    with TinyDB(path) as db:
        db.insert({"game": "pochen"})


@pytest.mark.parametrize(
    "content",
    [
        "tinydb",
        b"",
        b"hello\nworld\n",
        b'{"format": "scorekeeper-session", "version": 1}\n',  # right words, no checksum
        bytes(range(256)) * 4,
        encode({"format": "something-else", "version": 1})[0],
        encode({"format": "scorekeeper-session", "version": "1"})[0],
        encode({"format": "scorekeeper-session", "version": 1})[0][:-1],  # no newline
    ],
    ids=["tinydb", "empty", "text", "unchecked", "binary", "other-format", "str-version", "torn"],
)
def test_foreign_file_refused_and_untouched(store: Store, content: str | bytes) -> None:
    store.sessions_dir.mkdir(parents=True)
    path = store.path(1)
    if content == "tinydb":
        tinydb_file(path)
    else:
        assert isinstance(content, bytes)
        path.write_bytes(content)
    before = path.read_bytes()
    for action in (store.read, store.open_writer):
        with pytest.raises(StorageError) as info:
            action(1)
        assert info.value.key == "storage.foreign"
        assert str(path) in info.value.message("en")
    (listed,) = list_sessions(store)  # listed with why, and nothing written to make it
    assert listed.error is not None and str(path) in listed.error
    assert path.read_bytes() == before
    assert sorted(p.name for p in store.sessions_dir.iterdir()) == ["1.journal"]


def test_newer_format_version_named(store: Store) -> None:
    store.sessions_dir.mkdir(parents=True)
    store.path(1).write_bytes(encode({"format": "scorekeeper-session", "version": 2})[0])
    with pytest.raises(StorageError) as info:
        store.read(1)
    assert info.value.key == "storage.newer_version"
    assert info.value.params["version"] == 2


# --- locking --------------------------------------------------------------------


def test_second_writer_in_same_process_refused(store: Store) -> None:
    sid = store.create(HEADER, [event(1)])
    writer = store.open_writer(sid)
    try:
        with pytest.raises(StorageError) as info:
            store.open_writer(sid)
        assert info.value.key == "storage.locked"
        assert info.value.params == {"session": sid}
        # Readers don't lock, and see what the writer has made durable.
        writer.append(event(2))
        assert seqs(store.read(sid).events) == [1, 2]
    finally:
        writer.close()
    with store.open_writer(sid) as again:
        again.append(event(3))
    assert seqs(store.read(sid).events) == [1, 2, 3]


HOLDER = """
import sys
from pathlib import Path
from scorekeeper.storage import Store
with Store(Path(sys.argv[1])).open_writer(int(sys.argv[2])) as w:
    w.append({"seq": 99})
    print("holding", flush=True)
    sys.stdin.readline()
"""

TRY_OPEN = """
import sys
from pathlib import Path
from scorekeeper.storage import Store, StorageError
try:
    Store(Path(sys.argv[1])).open_writer(int(sys.argv[2])).close()
except StorageError as e:
    print(e.key)
else:
    print("opened")
"""


def test_writer_in_another_process_refuses_ours(store: Store) -> None:
    sid = store.create(HEADER, [event(1)])
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(store.root), str(sid)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=subprocess_env(),
    )
    try:
        assert holder.stdout is not None and holder.stdin is not None
        assert holder.stdout.readline().strip() == "holding"
        with pytest.raises(StorageError) as info:
            store.open_writer(sid)
        assert info.value.key == "storage.locked"
        assert seqs(store.read(sid).events) == [1, 99]  # reading still works
        holder.stdin.write("\n")
        holder.stdin.flush()
        assert holder.wait(timeout=10) == 0
    finally:
        holder.kill()
        holder.wait()
    store.open_writer(sid).close()


def test_our_writer_refuses_one_in_another_process(store: Store) -> None:
    sid = store.create(HEADER)
    run = [sys.executable, "-c", TRY_OPEN, str(store.root), str(sid)]
    with store.open_writer(sid):
        done = subprocess.run(run, capture_output=True, text=True, env=subprocess_env(), timeout=20)
        assert done.stdout.strip() == "storage.locked", done.stderr
    done = subprocess.run(run, capture_output=True, text=True, env=subprocess_env(), timeout=20)
    assert done.stdout.strip() == "opened", done.stderr


# --- failing appends --------------------------------------------------------------


def test_append_failing_half_way_leaves_no_half_line(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    sid = store.create(HEADER, [event(1)])
    path = store.path(sid)
    real_write = os.write
    with store.open_writer(sid) as writer:
        before = path.read_bytes()

        def disk_full(fd: int, data: bytes) -> int:
            real_write(fd, bytes(data[: len(data) // 2]))
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(os, "write", disk_full)
        with pytest.raises(StorageError) as info:
            writer.append(event(2))
        monkeypatch.undo()
        assert info.value.key == "storage.write_failed"
        assert "the disk is full" in info.value.message("en")
        assert "ディスクがいっぱい" in info.value.message("ja")
        assert seqs(writer.events) == [1]
        assert path.read_bytes() == before
        writer.append(event(3))
        assert seqs(writer.events) == [1, 3]
    assert seqs(store.read(sid).events) == [1, 3]


def test_append_failing_at_fsync(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    sid = store.create(HEADER, [event(1)])
    with store.open_writer(sid) as writer:
        before = store.path(sid).read_bytes()

        def io_error(fd: int) -> None:
            raise OSError(errno.EIO, "Input/output error")

        monkeypatch.setattr(os, "fsync", io_error)
        with pytest.raises(StorageError) as info:
            writer.append(event(2))
        monkeypatch.undo()
        assert "the disk reported an error" in info.value.message("en")
        assert seqs(writer.events) == [1]
        assert store.path(sid).read_bytes() == before
        assert len(writer.db.table("events")) == 1
        writer.append(event(3))
    assert seqs(store.read(sid).events) == [1, 3]


def test_half_line_cut_before_next_append_when_truncate_failed(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    sid = store.create(HEADER, [event(1)])
    real_write = os.write
    with store.open_writer(sid) as writer:

        def disk_full(fd: int, data: bytes) -> int:
            real_write(fd, bytes(data[:10]))
            raise OSError(errno.ENOSPC, "No space left on device")

        def cannot_truncate(fd: int, size: int) -> None:
            raise OSError(errno.EIO, "Input/output error")

        monkeypatch.setattr(os, "write", disk_full)
        monkeypatch.setattr(os, "ftruncate", cannot_truncate)
        with pytest.raises(StorageError):
            writer.append(event(2))
        monkeypatch.setattr(os, "write", real_write)
        with pytest.raises(StorageError):  # still cannot cut the half line: refuse to glue
            writer.append(event(3))
        monkeypatch.undo()
        writer.append(event(4))
        assert seqs(writer.events) == [1, 4]
    assert seqs(store.read(sid).events) == [1, 4]
    assert store.path(sid).read_bytes().count(b"\n") == 1 + 1 + 2


def test_unserialisable_event_is_refused_before_writing(store: Store) -> None:
    sid = store.create(HEADER)
    with store.open_writer(sid) as writer:
        before = store.path(sid).read_bytes()
        with pytest.raises(TypeError):
            writer.append({"seq": 1, "bad": object()})
        with pytest.raises(ValueError):
            writer.append({"seq": 1, "bad": float("nan")})
        assert writer.events == []
        assert store.path(sid).read_bytes() == before


def test_insert_appends_without_rewriting(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cost of an append must not grow with the session: no whole-state write."""
    sid = store.create(HEADER, [event(n) for n in range(1, 200)])

    def no_rewrite(self: object, data: object) -> None:
        raise AssertionError("insert went through Storage.write")

    monkeypatch.setattr(journal_module.JournalStorage, "write", no_rewrite)
    with store.open_writer(sid) as writer:
        size = store.path(sid).stat().st_size
        writer.append(event(200))
        line = encode({"set": {"events": {"200": event(200)}}})[0]
        assert store.path(sid).stat().st_size == size + len(line)


def test_tinydb_queries_see_appends(store: Store) -> None:
    sid = store.create(HEADER, [event(1)])
    with store.open_writer(sid) as writer:
        events = writer.db.table("events")
        assert events.search(Query().seq == 2) == []  # now cached by TinyDB
        writer.append(event(2))
        found = events.search(Query().seq == 2)
        assert found == [event(2)] and found[0].doc_id == 2
        assert [doc["seq"] for doc in events.all()] == [1, 2]
        assert writer.db.table("session").get(doc_id=1) == HEADER


# --- messages ---------------------------------------------------------------------


def test_storage_messages_have_both_languages_with_same_placeholders() -> None:
    keys = [key for key in CATALOG if key.startswith("storage.")]
    assert "storage.locked" in keys and "storage.damaged" in keys
    for key in keys:
        english, japanese = CATALOG[key]
        assert english and japanese
        assert english != japanese or key == "storage.reason.other"
        names = [{f[1] for f in string.Formatter().parse(text) if f[1]} for text in CATALOG[key]]
        assert names[0] == names[1], key
