"""The session file as an append-only journal, behind TinyDB's Storage interface.

TinyDB's own JSONStorage rewrites the whole file on every insert and can be
left unreadable by a crash (measured: 1 file in 100 under kill -9). Here every
change is one self-checking line appended to the file and fsynced, so a crash
can only ever leave a torn *last* line: one without its newline, which the
writer sets aside before it next appends. A whole line that fails its check,
or one that drops, deletes or rewrites the header or an entry (the session
writer only appends), is damage: the file is refused, never repaired.

The file's layout is storage/journal_format.py's; reading it whole or from a point a
read got to, storage/journal_reading.py's; a line at a time, storage/journal_stream.py's.

File layout, one line each, ``<crc32 of the JSON, 8 hex> <compact JSON>\\n``:

- line 1: ``{"format": "scorekeeper-session", "version": 1}`` so that a file
  that is not ours is recognised and refused before anything touches it;
- every further line is one change record:
  ``{"set": {table: {doc_id: doc or null}}, "drop": [table, ...]}`` (either key
  may be absent; ``null`` removes a document). An insert is a ``set`` of one
  new id, so appending costs the same however long the session is.

TinyDB is used through its public API only: this :class:`JournalStorage` (a
``Storage``) under a plain ``TinyDB`` with its default ``Table``, so any TinyDB
4.8 or later 4.x works (pyproject: ``tinydb>=4.8,<5``; CI runs the storage
tests on the oldest and the newest). TinyDB's ``Storage.write(data)`` hands
over the whole database; it is supported by appending one record with just
the difference from the state in memory, so TinyDB's own ``insert``,
``update``, ``remove`` and ``drop_table`` work (at a cost proportional to the
database, as with TinyDB's JSONStorage). A difference that would delete or
rewrite the header or an entry is refused before anything is written: the
file would be refused as damaged the next time it is read. The session
writer does not go through TinyDB: it appends each entry with
:meth:`JournalStorage.insert_docs`, at the id TinyDB would give it
(:meth:`JournalStorage.next_id`), so appending costs the same however long
the session is. One record per call keeps each operation all-or-nothing
after a crash.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
from collections import deque
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.storages import Storage

from scorekeeper.storage import durable, journal_reading, locking
from scorekeeper.storage.errors import StorageError, reason_of
from scorekeeper.storage.journal_format import (
    EVENTS_TABLE,
    HEADER_ID,
    HEADER_TABLE,
    VOUCH_TABLE,
    Doc,
    Tables,
    appends_only,
    apply,
    decode,
    encode,
    in_order,
    one_event_id,
)
from scorekeeper.storage.journal_reading import (
    LineMark,
    Prefix,
    ResumeAt,
    next_id_after,
    opened_for_reading,
    opened_for_writing,
    tables_to,
)
from scorekeeper.storage.regular import (
    NotRegular,
    is_regular,
    is_regular_fd,
    open_regular,
    read_regular,
)
from scorekeeper.storage.seal import FIELD as SEAL_FIELD
from scorekeeper.storage.seal import Sealer

_BINARY: int = getattr(os, "O_BINARY", 0)


class Locked(Exception):
    """Another writer holds the file; the store names the session in its message."""


#: The journal's record of each unfinished write its writer set aside: a line
#: ``{"set": {"aside": {"<offset>": {"bytes": n, "sha256": h}}}}`` written in the same
#: write as the entry that followed it (the offset is where the unfinished write began).
#: ``show``, ``verify`` and the app report a ``.torn`` file as a write set aside only
#: when the journal records its length and SHA-256 (docs/storage.md) under a seal of this
#: installation's key (storage/seal.py): the line is not chained, so without the seal
#: anyone who can write the data folder could append one beside a planted ``.torn``.
ASIDE_TABLE = "aside"
_ASIDE_HEAD = b'{"set":{"aside":'


def aside_place(offset: str) -> str:
    """What the seal of an aside note is bound to: where the unfinished write began."""
    return f"aside:{offset}"


def recorded_aside(path: Path, sealer: Sealer) -> set[tuple[int, str]]:
    """The length and SHA-256 of each unfinished write the journal at *path* records
    having set aside under a seal of *sealer*'s key (none if it cannot be read)."""
    try:
        with open_regular(path) as handle:
            data = handle.read()
    except OSError:
        return set()
    found: set[tuple[int, str]] = set()
    at = data.find(_ASIDE_HEAD)
    while at >= 9:
        begin, end = at - 9, data.find(b"\n", at)
        if end < 0:
            break
        record = decode(data[begin:end]) if data[begin - 1 : begin] in (b"", b"\n") else None
        docs = record.get("set", {}).get(ASIDE_TABLE) if isinstance(record, dict) else None
        for offset, doc in docs.items() if isinstance(docs, dict) else ():
            if not isinstance(doc, dict) or type(doc.get("bytes")) is not int:
                continue
            if sealer.checks(aside_place(str(offset)), doc):
                found.add((doc["bytes"], str(doc.get("sha256"))))
        at = data.find(_ASIDE_HEAD, end)
    return found


def side_files(path: Path) -> list[Path]:
    """The unfinished writes set aside from *path* so far (``.torn``, ``.torn-2`` …)."""
    found = [p for p in path.parent.glob(path.name + ".torn*") if is_regular(p)]
    return sorted(found, key=lambda p: (len(p.name), p.name))


def _save_torn(path: Path, torn: bytes) -> Path:
    """Keep the bytes of an unfinished write: never destroy what might matter to someone.

    The same bytes set aside before are not kept twice, and a side file that could
    not be written whole (a full disk) is removed again: side files never multiply.
    """
    for side in side_files(path):
        with contextlib.suppress(OSError):
            if read_regular(side, len(torn)) == torn:
                return side
    n = 1
    while True:
        side = path.with_name(path.name + (".torn" if n == 1 else f".torn-{n}"))
        try:
            fd = os.open(side, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY, 0o644)
        except FileExistsError:
            n += 1
            continue
        break
    try:
        durable.write_all(fd, torn)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            side.unlink()
        raise
    os.close(fd)
    durable.fsync_dir(path.parent)
    return side


# --- TinyDB storage ----------------------------------------------------------


class JournalStorage(Storage):
    """TinyDB storage over a journal file, held in memory after one replay at open.

    ``writer=False`` reads the file once and closes it (no lock, a torn last
    line ignored). ``writer=True`` takes the exclusive lock (raising
    :class:`Locked`) and keeps the file open for appending until :meth:`close`;
    a torn last line is moved to ``<name>.torn`` just before the first append.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        writer: bool = False,
        resume: ResumeAt | None = None,
        sealer: Sealer | None = None,
    ) -> None:
        super().__init__()
        self.path = Path(path)
        self.sealer = sealer
        self.writer = writer
        self.torn_saved_to: Path | None = None
        self.torn = b""  # an unfinished last write, set aside before the next append
        #: The journal's record of the write set aside, written with the next entry.
        self._aside: dict[str, Any] | None = None
        self._fd: int | None = None
        self._size = 0
        self._needs_truncate = False
        self._next_ids: dict[str, int] = {}  # see next_id
        self.prefix = Prefix(0, "")  # the bytes read at open
        #: A writer's last line ends (storage/journal_reading.py MARKS of them).
        self.marks: deque[LineMark] = deque(maxlen=journal_reading.MARKS)
        #: Opened at a snapshot's state: the entries before it are not read (see read()).
        self.partial = resume is not None
        if writer:
            self._state = self._open_writer(resume)
        else:
            found, self.prefix = opened_for_reading(self.path, resume)
            if resume is not None:
                self._next_ids[EVENTS_TABLE] = next_id_after(found.tables, resume)
            self._state = found.tables

    def _open_writer(self, resume: ResumeAt | None) -> Tables:
        fd = os.open(self.path, os.O_RDWR | _BINARY)
        if not is_regular_fd(fd):  # a FIFO opened read-write would wait at the first read
            os.close(fd)
            raise NotRegular(errno.EINVAL, "not a regular file", str(self.path))
        if not locking.try_lock(fd):
            os.close(fd)
            raise Locked(str(self.path))
        try:
            # The name may have been moved to the trash between our open and our lock.
            if os.fstat(fd).st_ino != os.stat(self.path).st_ino:
                raise FileNotFoundError(str(self.path))
            found, self.prefix, marks = opened_for_writing(fd, self.path, resume)
            self.marks.extend(marks)
            if resume is not None:
                self._next_ids[EVENTS_TABLE] = next_id_after(found.tables, resume)
        except BaseException:
            locking.unlock(fd)
            os.close(fd)
            raise
        self._fd = fd
        self._size = found.good_size
        # An unfinished last write is set aside when the next line goes on, not now:
        # a command the rules refuse changes nothing on disk.
        self.torn = found.torn
        return found.tables

    def _set_torn_aside(self, fd: int) -> None:
        self.torn_saved_to = _save_torn(self.path, self.torn)
        note: dict[str, Any] = {
            "bytes": len(self.torn),
            "sha256": hashlib.sha256(self.torn).hexdigest(),
        }
        seal = self.sealer.seal(aside_place(str(self._size)), note) if self.sealer else None
        if seal is not None:
            note[SEAL_FIELD] = seal
        self._aside = {"set": {ASIDE_TABLE: {str(self._size): note}}}
        os.ftruncate(fd, self._size)
        os.fsync(fd)
        self.torn = b""

    # TinyDB's interface

    def read(self) -> dict[str, dict[str, Any]]:
        """A fresh copy of every table, as TinyDB's JSONStorage gives by reading its file.

        TinyDB's update changes the documents it read in place (and TinyDB 4.8
        may stop half-way, at an id that is missing): on a copy, nothing of
        that reaches the state until :meth:`write` has put it on the disk.
        Every value came from JSON, so a JSON round trip copies it exactly.
        """
        self.complete()
        tables: dict[str, dict[str, Any]] = json.loads(json.dumps(self._state))
        return tables

    def complete(self) -> None:
        """Read the entries a resumed open skipped (through the lock held), for TinyDB's
        queries on the whole data and for a fold of the whole session."""
        if not self.partial or self._fd is None:
            return
        self._state = tables_to(self._fd, self._size, self.path)
        self.partial = False

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        """Append the difference between *data* and the current state as one record.

        Refused (ValueError, nothing written) if it would delete or rewrite the
        header or an entry: the file would then be refused as damaged.
        """
        self.complete()
        changes: dict[str, dict[str, Any]] = {}
        for name, docs in data.items():
            old = self._state.get(name)
            if old is None:
                changes[name] = dict(docs)
                continue
            delta: dict[str, Any] = {
                k: v for k, v in docs.items() if k not in old or not _same(old[k], v)
            }
            delta.update({k: None for k in old if k not in docs})
            if delta:
                changes[name] = delta
        record: dict[str, Any] = {}
        if changes:
            record["set"] = changes
        drops = [name for name in self._state if name not in data]
        if drops:
            record["drop"] = drops
        if not record:
            return
        if not appends_only(self._state, record):
            raise ValueError(
                f"{self.path}: the {HEADER_TABLE!r} and {EVENTS_TABLE!r} tables are "
                "append-only (no document in them is changed, removed or dropped)"
            )
        self.append(record)
        for name in (*changes, *drops):
            self._next_ids.pop(name, None)

    def close(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            locking.unlock(fd)
            os.close(fd)

    # our own

    def bytes_so_far(self) -> tuple[int, str]:
        """The length and SHA-256 of the journal's whole lines, appends included."""
        running = self.prefix.running
        return self._size, running.hexdigest() if running is not None else ""

    def point_after(self, event_id: int) -> tuple[int, str | None] | None:
        """The journal's length and SHA-256 through the line that stored entry *event_id*,
        if it is one of the last :data:`MARKS` lines; else None."""
        for mark in reversed(self.marks):
            if mark.event_id == event_id:
                return mark.size, None if mark.running is None else mark.running.hexdigest()
        return None

    def table_docs(self, name: str) -> dict[str, Doc]:
        """The live documents of table *name* by id, in append order: not to be changed."""
        return self._state.get(name, {})

    def next_id(self, name: str) -> int:
        """The id TinyDB's ``Table.insert`` would give a new document: the largest + 1.

        Worked out once per table and then kept up by :meth:`insert_docs`, so
        appending an entry costs the same however long the session is.
        """
        found = self._next_ids.get(name)
        if found is None:
            found = max(map(int, self._state.get(name, {})), default=0) + 1
            self._next_ids[name] = found
        return found

    def insert_docs(self, name: str, docs: Mapping[str, Mapping[str, Any]]) -> None:
        """Append new documents without touching the others: O(1) in the table size."""
        table = self._state.get(name, {})
        for doc_id in docs:
            if doc_id in table:
                raise ValueError(f"Document with ID {doc_id} already exists")
        self.append({"set": {name: docs}})
        known = self._next_ids.get(name)
        if known is not None:
            self._next_ids[name] = max([known, *(int(doc_id) + 1 for doc_id in docs)])

    def insert_each(self, name: str, docs: Mapping[str, Mapping[str, Any]]) -> None:
        """:meth:`insert_docs`, each document on a line of its own (as one entry is), all
        in one write: on the disk all together, or none of them."""
        table = self._state.get(name, {})
        if any(doc_id in table for doc_id in docs):
            raise ValueError(f"a document of {list(docs)} already exists")
        self.append_all({"set": {name: {doc_id: doc}}} for doc_id, doc in docs.items())
        known = self._next_ids.get(name)
        if known is not None:
            self._next_ids[name] = max([known, *(int(doc_id) + 1 for doc_id in docs)])

    def insert_vouch(self, doc: Mapping[str, Any]) -> bool:
        """Append the vouch *doc*, which names the journal's length before it (``size``),
        under that offset; False (nothing written) while an unfinished last write waits to
        be set aside: only an entry may do that (a refused command changes nothing)."""
        pending = self.torn or self._needs_truncate or self._aside is not None
        if pending or doc.get("size") != self._size:
            return False
        if str(self._size) in self._state.get(VOUCH_TABLE, {}):
            return False  # a line stored under that number already (not ours): no clash
        self.append({"set": {VOUCH_TABLE: {str(self._size): dict(doc)}}})
        return True

    def append(self, record: Mapping[str, Any]) -> None:
        """Make *record* durable (written and fsynced), then apply it in memory."""
        self.append_all([record])

    def append_all(self, records: Iterable[Mapping[str, Any]]) -> None:
        """Make *records* durable, one line each, in one write and one fsync; then apply
        them in memory. All or none: a write the disk refuses part-way is cut away again
        (a ``record`` of many entries on a disk that fills keeps none of them)."""
        if self._fd is None:
            raise RuntimeError(f"{self.path} is not open for writing")
        encoded = [encode(record) for record in records]
        fd = self._fd
        if self.torn:  # kept aside first; if that fails, nothing at all changes
            try:
                self._set_torn_aside(fd)
            except OSError as exc:
                raise StorageError(
                    "storage.write_failed", path=str(self.path), reason=reason_of(exc)
                ) from exc
        if self._aside is not None:  # recorded with the entry after it, in the same write
            encoded.insert(0, encode(self._aside))
        try:
            if self._needs_truncate:
                os.ftruncate(fd, self._size)
                self._needs_truncate = False
            os.lseek(fd, self._size, os.SEEK_SET)
            durable.write_all(fd, b"".join(line for line, _ in encoded))
            os.fsync(fd)
        except OSError as exc:
            self._undo_partial_write(fd)
            raise StorageError(
                "storage.write_failed", path=str(self.path), reason=reason_of(exc)
            ) from exc
        self._aside = None
        for line, parsed in encoded:
            self._size += len(line)
            running = self.prefix.running
            if running is not None:
                running.update(line)
            event_id = one_event_id(parsed)
            if event_id is not None:  # see _entry_line_ends
                copy = None if running is None else running.copy()
                self.marks.append(LineMark(self._size, copy, event_id))
            apply(self._state, parsed)

    def _undo_partial_write(self, fd: int) -> None:
        """Cut a half-written line away, or remember to before the next line goes on."""
        try:
            os.ftruncate(fd, self._size)
        except OSError:
            self._needs_truncate = True
            return
        with contextlib.suppress(OSError):
            os.fsync(fd)


def _same(old: Any, new: Any) -> bool:
    """Equal as they would be on the disk: 1, 1.0 and True are equal in Python, not in JSON."""
    return json.dumps(old) == json.dumps(new)


def open_journal(
    path: Path,
    *,
    writer: bool,
    resume: ResumeAt | None = None,
    sealer: Sealer | None = None,
) -> TinyDB:
    """A plain TinyDB over the journal at *path*: TinyDB's queries on the live data."""
    return TinyDB(path, storage=JournalStorage, writer=writer, resume=resume, sealer=sealer)


def journal_of(db: TinyDB) -> JournalStorage:
    """The journal under *db*, through TinyDB's public ``storage`` property."""
    storage = db.storage
    assert isinstance(storage, JournalStorage)
    return storage


def header_of(db: TinyDB) -> dict[str, Any]:
    """The session's header, as the journal under *db* holds it."""
    return dict(journal_of(db).table_docs(HEADER_TABLE).get(HEADER_ID, {}))


def vouches_of(db: TinyDB) -> list[dict[str, Any]]:
    """The session's vouch lines, in journal order."""
    return in_order(journal_of(db).table_docs(VOUCH_TABLE))


def events_of(db: TinyDB) -> list[dict[str, Any]]:
    """The session's entries, in append order."""
    # Doc ids are handed out in increasing order, and the journal replays in
    # append order, so the table's order is the append order.
    return [dict(doc) for doc in journal_of(db).table_docs(EVENTS_TABLE).values()]
