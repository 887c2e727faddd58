"""The session file as an append-only journal, behind TinyDB's Storage interface.

TinyDB's own JSONStorage rewrites the whole file on every insert and can be
left unreadable by a crash (measured: 1 file in 100 under kill -9). Here every
change is one self-checking line appended to the file and fsynced, so a crash
can only ever leave a torn *last* line: one without its newline, which the
writer sets aside before it next appends. A whole line that fails its check,
or one that drops, deletes or rewrites the header or an entry (the session
writer only appends), is damage: the file is refused, never repaired.

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
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from tinydb import TinyDB
from tinydb.storages import Storage

from scorekeeper.storage import durable, locking
from scorekeeper.storage.errors import StorageError, reason_of
from scorekeeper.storage.lines import VOUCH_TABLE as VOUCH_TABLE
from scorekeeper.storage.lines import decode as decode
from scorekeeper.storage.lines import encode as encode
from scorekeeper.storage.lines import vouch_alone
from scorekeeper.storage.regular import (
    NotRegular,
    is_regular,
    is_regular_fd,
    open_regular,
    read_regular,
)
from scorekeeper.storage.seal import FIELD as SEAL_FIELD
from scorekeeper.storage.seal import Sealer

FORMAT = "scorekeeper-session"
VERSION = 1
HEADER_TABLE = "session"
EVENTS_TABLE = "events"
HEADER_ID = "1"

Doc = dict[str, Any]
Tables = dict[str, dict[str, Doc]]

_BINARY: int = getattr(os, "O_BINARY", 0)


class Locked(Exception):
    """Another writer holds the file; the store names the session in its message."""


# --- lines (storage/lines.py) -------------------------------------------------


def format_line() -> bytes:
    return encode({"format": FORMAT, "version": VERSION})[0]


# --- records -----------------------------------------------------------------


def is_record(value: Any) -> bool:
    """Checked before applying, so a line is applied whole or refused whole."""
    if not isinstance(value, dict) or not value or not set(value) <= {"set", "drop"}:
        return False
    changes = value.get("set", {})
    if not isinstance(changes, dict):
        return False
    for docs in changes.values():
        if not isinstance(docs, dict):
            return False
        if not all(doc is None or isinstance(doc, dict) for doc in docs.values()):
            return False
    drops = value.get("drop", [])
    return isinstance(drops, list) and all(isinstance(name, str) for name in drops)


def apply(tables: Tables, record: Mapping[str, Any]) -> None:
    for name in record.get("drop", ()):
        tables.pop(name, None)
    for name, docs in record.get("set", {}).items():
        table = tables.setdefault(name, {})
        for doc_id, doc in docs.items():
            if doc is None:
                table.pop(doc_id, None)
            else:
                table[doc_id] = doc


# --- reading a whole file ----------------------------------------------------


@dataclass
class Scan:
    """What a journal holds: its tables, and where its last whole line ends."""

    tables: Tables
    good_size: int
    torn: bytes


def _format_checked(data: bytes, path: Path) -> int:
    """Where the first line (the format line) ends; foreign and newer files are refused."""
    end = data.find(b"\n")
    first = decode(data[:end]) if end >= 0 else None
    if not isinstance(first, dict) or first.get("format") != FORMAT:
        raise StorageError("storage.foreign", path=str(path))
    version = first.get("version")
    if isinstance(version, int) and version > VERSION:
        raise StorageError("storage.newer_version", path=str(path), version=version)
    if version != VERSION:
        raise StorageError("storage.foreign", path=str(path))
    return end


def scan(data: bytes, path: Path) -> Scan:
    """Replay *data*; refuse foreign and damaged files, set aside a torn last line."""
    end = _format_checked(data, path)
    return _scan_from(data, path, {}, end + 1, 1)


def _scan_from(
    data: bytes, path: Path, tables: Tables, pos: int, line_number: int, first_id: int = 1
) -> Scan:
    """Replay the lines of *data* from *pos* (line *line_number* + 1) into *tables*. An
    entry stored under an id below *first_id* would rewrite one before *pos*: damage."""
    while pos < len(data):
        line_number += 1
        end = data.find(b"\n", pos)
        if end < 0:  # no newline: the write never finished, so it was never acknowledged
            break
        record = decode(data[pos:end])
        # A whole line (it has its newline) that fails its check was written whole and
        # changed since: damage, never a torn write to drop.
        if (
            not is_record(record)
            or not _appends_only(tables, record)
            or not vouch_alone(record)
            or (first_id > 1 and not _after(record, first_id))
        ):
            raise StorageError("storage.damaged", path=str(path), line=line_number)
        apply(tables, record)
        pos = end + 1
    return Scan(tables, pos, data[pos:])


def _after(record: Mapping[str, Any], first_id: int) -> bool:
    """Only new entries, at ids from *first_id* on (the header is in the lines before),
    or a vouch."""
    changes = record.get("set", {})
    if "drop" in record or set(changes) - {EVENTS_TABLE, VOUCH_TABLE}:
        return False
    return all(k.isdigit() and int(k) >= first_id for k in changes.get(EVENTS_TABLE, {}))


@dataclass(frozen=True)
class Prefix:
    """The bytes of whole lines a journal was read to, hashed in one pass at open."""

    size: int
    digest: str  # SHA-256 of them
    #: The hash of those bytes still open, to go on with the lines appended after them.
    running: Any = field(default=None, compare=False, repr=False)


def prefix_of(data: bytes, size: int) -> Prefix:
    running = hashlib.sha256(memoryview(data)[:size])
    return Prefix(size, running.hexdigest(), running)


@dataclass(frozen=True)
class ResumeAt:
    """Where a snapshot's state was taken (storage/snapshot.py): the journal's
    first *size* bytes, whose SHA-256 is *digest*; the next entry's id after them.

    *digest* None (a snapshot a new-form vouch names): those bytes are not hashed, and a
    writer does not read them at all (:func:`scan_tail`); the chain from the state's
    entry on is what checks the lines after them (services/recording.py)."""

    size: int
    digest: str | None
    next_id: int


class NotResumable(Exception):
    """The journal does not begin with the bytes a snapshot's state was taken from."""


def _same_start(data: bytes, at: ResumeAt) -> Any | None:
    """The running SHA-256 of the bytes before *at* if *data* begins with them (whole
    lines, the same digest), to go on hashing what follows; else None."""
    if len(data) < at.size or data[at.size - 1 : at.size] != b"\n":
        return None
    running = hashlib.sha256(memoryview(data)[: at.size])
    return running if at.digest is None or running.hexdigest() == at.digest else None


def _next_id_after(tables: Tables, at: ResumeAt) -> int:
    """The id the next entry takes, once the entries in *tables* are read after *at*."""
    return max([at.next_id, *(int(k) + 1 for k in tables.get(EVENTS_TABLE, {}))])


def appended_since(
    handle: BinaryIO, at: ResumeAt
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], ResumeAt] | None:
    """The entries and the vouches the journal open as *handle* (at its start) holds
    after the point *at* a reader had got to, and the point after them; None unless it
    is those same bytes and then whole lines of new entries and vouches only (the file
    was replaced or changed in place: it must be read whole, and checked).

    A reader that follows a session (the table display, the phones' page) reads only
    what was appended, however long the session: one SHA-256 pass over the bytes it had,
    read a chunk at a time and let go (held whole, they were 20 MiB at every look of the
    page at 100,000 entries).
    """
    start = _same_start_read(handle, at)
    if start is None:
        return None
    running = start[0]
    data = handle.read()  # only what was appended after *at*
    try:  # the lines are replayed as any journal's are; damage is named by the whole read
        found = _scan_from(data, Path(), {}, 0, 0, at.next_id)
    except StorageError:
        return None
    if set(found.tables) - {EVENTS_TABLE, VOUCH_TABLE}:  # anything else: read it whole
        return None
    running.update(memoryview(data)[: found.good_size])
    size = at.size + found.good_size
    after = ResumeAt(size, running.hexdigest(), _next_id_after(found.tables, at))
    entries = [dict(doc) for doc in found.tables.get(EVENTS_TABLE, {}).values()]
    return entries, _in_order(found.tables.get(VOUCH_TABLE, {})), after


#: Bytes a follower hashes at a time of what it had read before (appended_since).
_HASH_CHUNK = 1 << 20


def _same_start_read(handle: BinaryIO, at: ResumeAt) -> tuple[Any, int, bytes] | None:
    """:func:`_same_start` of the bytes read from *handle*, a chunk at a time, none kept:
    the running SHA-256, the lines they hold, and their first lines (the format line and
    the header, however long); None when they are not the bytes *at* names."""
    running, lines, left, head, last = hashlib.sha256(), 0, at.size, b"", b""
    while left > 0:
        chunk = handle.read(min(left, _HASH_CHUNK))
        if not chunk:
            return None  # cut short of *at*
        running.update(chunk)
        lines += chunk.count(b"\n")
        left -= len(chunk)
        last = chunk[-1:]
        if head.count(b"\n") < 2:
            head += chunk
    if last != b"\n" or (at.digest is not None and running.hexdigest() != at.digest):
        return None
    return running, lines, head


def scan_resumed(data: bytes, path: Path, at: ResumeAt) -> tuple[Scan, Any, list[LineMark]]:
    """The header and the entries after *at*, without reading those before it, once its
    bytes are found unchanged (one SHA-256 pass); and the hash of every whole line."""
    running = _same_start(data, at)
    if running is None:
        raise NotResumable(str(path))
    end = _format_checked(data, path)
    header_end = data.find(b"\n", end + 1)
    record = decode(data[end + 1 : header_end]) if 0 < header_end < at.size else None
    changes = record.get("set") if isinstance(record, dict) and set(record) == {"set"} else None
    header = changes.get(HEADER_TABLE) if isinstance(changes, dict) else None
    if not isinstance(header, dict) or set(changes or {}) != {HEADER_TABLE}:
        raise NotResumable(str(path))  # not the layout we write: read it all
    tables: Tables = {HEADER_TABLE: dict(header)}
    lines = data.count(b"\n", 0, at.size)
    found = _scan_from(data, path, tables, at.size, lines, at.next_id)
    at_mark = LineMark(at.size, running.copy(), at.next_id - 1)
    marks, _ = hash_marking(data, at.size, found.good_size, running)
    return found, running, [at_mark, *marks][-MARKS:]


def _header_of(data: bytes, path: Path, before: int) -> Doc:
    """The header on line 2 of a journal beginning with *data*, ending before *before*;
    NotResumable if it is not alone there, in the layout the writer writes."""
    end = _format_checked(data, path)
    header_end = data.find(b"\n", end + 1)
    record = decode(data[end + 1 : header_end]) if 0 < header_end < before else None
    changes = record.get("set") if isinstance(record, dict) and set(record) == {"set"} else None
    header = changes.get(HEADER_TABLE) if isinstance(changes, dict) else None
    if not isinstance(header, dict) or set(changes or {}) != {HEADER_TABLE}:
        raise NotResumable(str(path))  # not the layout we write: read it all
    return header


def scan_tail(head: bytes, tail: bytes, path: Path, at: ResumeAt) -> tuple[Scan, list[LineMark]]:
    """A writer's open at a snapshot's state that reads no byte between the header and
    *at*: *head* is the journal's beginning (through the header line at least), *tail*
    its bytes from ``at.size - 1`` to the end. The lines after *at* are replayed as any
    journal's are, and each vouch among them must stand at the offset it is stored under
    and names (``size``). NotResumable for anything else (the whole read then says what
    is wrong, if anything is): a journal cut short of *at*, or not ending a line there.
    The marks of the last lines carry no hash (none of the bytes before was hashed)."""
    base = at.size - 1
    if tail[:1] != b"\n":
        raise NotResumable(str(path))
    tables: Tables = {HEADER_TABLE: dict(_header_of(head, path, at.size))}
    try:
        found = _scan_from(tail, path, tables, 1, 0, at.next_id)
    except StorageError:
        raise NotResumable(str(path)) from None
    for key, doc in found.tables.get(VOUCH_TABLE, {}).items():
        begin = int(key) - base
        line_end = tail.find(b"\n", begin) if begin >= 1 else -1
        if line_end < 0 or tail[begin - 1 : begin] != b"\n" or doc.get("size") != int(key):
            raise NotResumable(str(path))
        if decode(tail[begin:line_end]) != {"set": {VOUCH_TABLE: {key: doc}}}:
            raise NotResumable(str(path))
    # The end of each entry's line in the tail (the state's own entry's first), for the
    # next state, taken STATE_LAG entries behind the last: not of the vouch lines between
    # them, which a command per entry (``record``) writes as many of.
    marks = [LineMark(at.size, None, at.next_id - 1)]
    for begin, end in _line_spans(tail, 1, found.good_size, None):
        event_id = _one_event_id(decode(tail[begin : end - 1]))
        if event_id is not None:
            marks.append(LineMark(base + end, None, event_id))
    return Scan(found.tables, base + found.good_size, found.torn), marks[-MARKS:]


def scan_resumed_read(handle: BinaryIO, path: Path, at: ResumeAt) -> tuple[Scan, Any]:
    """:func:`scan_resumed` for a reader, from the journal open as *handle* (at its
    start): the bytes before *at* are read a chunk at a time (hashed, their lines counted,
    the header taken from the first), none held; only the lines after *at* are (the
    phones' page opening a long session held its whole journal: 20 MiB at 100,000
    entries). The scan, and the SHA-256 of every byte of it, to go on with."""
    start = _same_start_read(handle, at)
    if start is None:
        raise NotResumable(str(path))
    running, lines, head = start
    tables: Tables = {HEADER_TABLE: dict(_header_of(head, path, at.size))}
    tail = handle.read()
    found = _scan_from(tail, path, tables, 0, lines, at.next_id)
    running.update(memoryview(tail)[: found.good_size])
    return Scan(found.tables, at.size + found.good_size, found.torn), running


def _line_spans(data: bytes, start: int, end: int, count: int | None) -> list[tuple[int, int]]:
    """The last *count* (None: all) whole lines of ``data[start:end]`` as (begin, end
    past its newline)."""
    ends = _line_ends(data, start, end, end if count is None else count)
    return [(data.rfind(b"\n", 0, stop - 1) + 1, stop) for stop in ends if stop > start]


def _prefix_and_marks(data: bytes, size: int) -> tuple[Prefix, list[LineMark]]:
    """:func:`prefix_of` for a writer, which also keeps the marks of the last lines."""
    running = hashlib.sha256()
    marks, _ = hash_marking(data, 0, size, running)
    return Prefix(size, running.hexdigest(), running), marks


#: Whole-line ends kept near the end of a journal open for writing, each with the hash
#: of the bytes up to it: a snapshot's state is taken some entries behind the last
#: (services/recording.py), and needs the journal's length and SHA-256 there.
MARKS = 80


@dataclass(frozen=True, slots=True)
class LineMark:
    """The journal's first *size* bytes end a line; *running* is their SHA-256 still open
    (a copy); *event_id* the entry that line stored, if it stored just one."""

    size: int
    running: Any  # None when the bytes before were not read (scan_tail)
    event_id: int | None


def _line_ends(data: bytes, start: int, end: int, count: int) -> list[int]:
    """The last *count* line ends (offsets just past a newline) in ``data[start:end]``,
    *end* included (itself a line end), oldest first."""
    ends: list[int] = []
    pos = end
    while len(ends) < count and pos > start:
        ends.append(pos)
        newline = data.rfind(b"\n", start, pos - 1)
        if newline < 0:
            break
        pos = newline + 1
    ends.reverse()
    return ends


def _one_event_id(record: Any) -> int | None:
    """The id of the entry a journal record stored, if it stored just one."""
    changes = record.get("set") if isinstance(record, dict) and set(record) == {"set"} else None
    if not isinstance(changes, dict) or set(changes) != {EVENTS_TABLE}:
        return None
    docs = changes[EVENTS_TABLE]
    if not isinstance(docs, dict) or len(docs) != 1:
        return None
    (key,) = docs
    return int(key) if isinstance(key, str) and key.isdigit() else None


def _entry_line_ends(data: bytes, start: int, end: int, count: int) -> list[int]:
    """The ends of the last *count* whole lines in ``data[start:end]`` that store one
    entry (a state is taken some entries behind the last, whatever vouch lines lie
    between: a command per entry writes one after each), oldest first."""
    ends: list[int] = []
    pos = end
    while len(ends) < count and pos > start:
        begin = data.rfind(b"\n", 0, pos - 1) + 1
        if _one_event_id(decode(data[begin : pos - 1])) is not None:
            ends.append(pos)
        pos = begin
    ends.reverse()
    return ends


def hash_marking(
    data: bytes, start: int, end: int, running: Any, stops: Iterable[int] = ()
) -> tuple[list[LineMark], dict[int, str]]:
    """Go on hashing ``data[start:end]`` into *running*, marking the ends of the last
    :data:`MARKS` lines that store an entry on the way (one pass), and giving the SHA-256
    at each of *stops* too."""
    ends = set(_entry_line_ends(data, start, end, MARKS))
    wanted = set(stops)
    view = memoryview(data)
    marks: list[LineMark] = []
    digests: dict[int, str] = {}
    done = start
    for stop in sorted(ends | {s for s in wanted if start <= s <= end}):
        running.update(view[done:stop])
        done = stop
        if stop in wanted:
            digests[stop] = running.hexdigest()
        if stop in ends and stop > start:
            begin = data.rfind(b"\n", 0, stop - 1) + 1
            record = decode(data[begin : stop - 1])  # without its newline
            marks.append(LineMark(stop, running.copy(), _one_event_id(record)))
    running.update(view[done:end])
    return marks, digests


#: The tables of a session journal: only ever appended to (a new header, new entries).
_APPEND_ONLY = frozenset({HEADER_TABLE, EVENTS_TABLE, VOUCH_TABLE})


def _appends_only(tables: Tables, record: Mapping[str, Any]) -> bool:
    """False for what the session writer never writes: dropping, deleting or rewriting
    the header or an entry. Such a line in a session file is an edit, not ours."""
    if any(name in _APPEND_ONLY for name in record.get("drop", ())):
        return False
    for name, docs in record.get("set", {}).items():
        if name in _APPEND_ONLY:
            kept = tables.get(name, {})
            if any(doc is None or doc_id in kept for doc_id, doc in docs.items()):
                return False
    return True


def _read_all(fd: int) -> bytes:
    return _read_from(fd, 0)


def _read_from(fd: int, offset: int) -> bytes:
    """The file's bytes from *offset* to its end (none before *offset* are read)."""
    os.lseek(fd, max(offset, 0), os.SEEK_SET)
    chunks: list[bytes] = []
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


#: Bytes read from a journal's start for its format line and header (a header is a few
#: hundred bytes; a longer one is read on, a chunk at a time, to its line's end).
_HEAD_CHUNK = 1 << 12


def _read_head(fd: int) -> bytes:
    """The journal's first bytes, through the end of its second line (the header), or
    what there is (scan_tail then finds it is not the layout it reads)."""
    os.lseek(fd, 0, os.SEEK_SET)
    data = b""
    while (chunk := os.read(fd, _HEAD_CHUNK)) and data.count(b"\n") + chunk.count(b"\n") < 2:
        data += chunk
    return data + chunk


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
        self.marks: deque[LineMark] = deque(maxlen=MARKS)  # a writer's last line ends
        #: Opened at a snapshot's state: the entries before it are not read (see read()).
        self.partial = resume is not None
        if writer:
            self._state = self._open_writer(resume)
        else:
            with open_regular(self.path, follow=True) as handle:  # a FIFO: refused, no wait
                if resume is None:
                    data = handle.read()
                    found = scan(data, self.path)
                    self.prefix = prefix_of(data, found.good_size)
                else:  # a reader that follows the session from a snapshot's state
                    found, running = scan_resumed_read(handle, self.path, resume)
                    self.prefix = Prefix(found.good_size, running.hexdigest(), running)
                    self._next_ids[EVENTS_TABLE] = _next_id_after(found.tables, resume)
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
            if resume is not None and resume.digest is None:
                head, tail = _read_head(fd), _read_from(fd, resume.size - 1)
                found, marks = scan_tail(head, tail, self.path, resume)
                self.prefix = Prefix(found.good_size, "")
            elif resume is None:
                data = _read_all(fd)
                found = scan(data, self.path)
                self.prefix, marks = _prefix_and_marks(data, found.good_size)
            else:
                data = _read_all(fd)
                found, running, marks = scan_resumed(data, self.path, resume)
                self.prefix = Prefix(found.good_size, running.hexdigest(), running)
            self.marks.extend(marks)
            if resume is not None:
                self._next_ids[EVENTS_TABLE] = _next_id_after(found.tables, resume)
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
        data = _read_all(self._fd)[: self._size]
        self._state = scan(data, self.path).tables
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
        if not _appends_only(self._state, record):
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
            event_id = _one_event_id(parsed)
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


def _in_order(docs: Mapping[str, Doc]) -> list[dict[str, Any]]:
    """Vouches in journal order (their ids are the offsets they start at)."""
    return [dict(docs[k]) for k in sorted(docs, key=lambda k: int(k) if k.isdigit() else -1)]


def vouches_of(db: TinyDB) -> list[dict[str, Any]]:
    """The session's vouch lines, in journal order."""
    return _in_order(journal_of(db).table_docs(VOUCH_TABLE))


def events_of(db: TinyDB) -> list[dict[str, Any]]:
    """The session's entries, in append order."""
    # Doc ids are handed out in increasing order, and the journal replays in
    # append order, so the table's order is the append order.
    return [dict(doc) for doc in journal_of(db).table_docs(EVENTS_TABLE).values()]


# --- reading a journal a line at a time ---------------------------------------


class Irregular(Exception):
    """A journal line the streaming reader does not judge: anything but the layout the
    session writer writes (the format line, the header, then one new entry or one vouch per
    line, their ids increasing). The caller reads the file whole instead, which says what
    is wrong if anything is: time and memory, never a different answer."""


#: What :func:`stream_docs` gives for each line after the header: an entry or a vouch.
ENTRY, VOUCH = "entry", "vouch"


def _one_doc(record: Any, table: str) -> tuple[int, dict[str, Any]] | None:
    """The id and document of a line that stores one document of *table* alone."""
    if not isinstance(record, dict) or set(record) != {"set"}:
        return None
    changes = record["set"]
    if not isinstance(changes, dict) or set(changes) != {table}:
        return None
    docs = changes[table]
    if not isinstance(docs, dict) or len(docs) != 1:
        return None
    ((key, doc),) = docs.items()
    if not (isinstance(key, str) and key.isdigit() and key.isascii() and isinstance(doc, dict)):
        return None
    return int(key), doc


def stream_docs(handle: Any) -> Iterator[tuple[str, int, int, dict[str, Any]]]:
    """The documents of the journal open as *handle* (binary), a line at a time: first
    ``("header", 1, offset, doc)``, then ``(ENTRY or VOUCH, id, offset, doc)`` in file
    order, up to the last whole line (a torn last line is not read, as :func:`scan` does
    not). Holds one line at a time. Raises :class:`Irregular` for any line a whole read
    (:func:`scan`) must judge: a foreign or newer file, damage, a header not alone on
    line 2, an id not above the one before it (so that no line can rewrite an earlier
    one: what :func:`scan` accepts and refuses is then exactly what this reads)."""
    first = handle.readline()
    if not first.endswith(b"\n") or decode(first[:-1]) != {"format": FORMAT, "version": VERSION}:
        raise Irregular
    offset = len(first)
    line = handle.readline()
    found = _one_doc(decode(line[:-1]), HEADER_TABLE) if line.endswith(b"\n") else None
    if found is None or found[0] != int(HEADER_ID):
        raise Irregular
    yield HEADER_TABLE, found[0], offset, found[1]
    offset += len(line)
    last = {EVENTS_TABLE: 0, VOUCH_TABLE: -1}
    while (line := handle.readline()).endswith(b"\n"):
        record = decode(line[:-1])
        table, kind = EVENTS_TABLE, ENTRY
        found = _one_doc(record, table)
        if found is None:
            table, kind = VOUCH_TABLE, VOUCH
            found = _one_doc(record, table)
        if found is None or found[0] <= last[table]:
            raise Irregular
        last[table] = found[0]
        yield kind, found[0], offset, found[1]
        offset += len(line)
