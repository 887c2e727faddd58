"""Reading a session journal: whole for a writer, or from a point a read got to.

A writer opened at a snapshot's state reads the journal's head (its format line and
header) and the lines after that state, no byte between (:func:`scan_tail`); a reader
that follows a session reads only what was appended since its last read, once the bytes
it had are found unchanged (:func:`appended_since`, one SHA-256 pass). The marks of the
last lines kept here are where a writer can take the next state. Appending is
storage/journal.py's; the layout storage/journal_format.py's.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from scorekeeper.storage.errors import StorageError
from scorekeeper.storage.journal_format import (
    EVENTS_TABLE,
    HEADER_TABLE,
    VOUCH_TABLE,
    Doc,
    Scan,
    Tables,
    decode,
    format_checked,
    in_order,
    one_event_id,
    scan,
    scan_from,
)
from scorekeeper.storage.regular import open_regular


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
    entry on is what checks the lines after them (services/session_source.py)."""

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


def next_id_after(tables: Tables, at: ResumeAt) -> int:
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
        found = scan_from(data, Path(), {}, 0, 0, at.next_id)
    except StorageError:
        return None
    if set(found.tables) - {EVENTS_TABLE, VOUCH_TABLE}:  # anything else: read it whole
        return None
    running.update(memoryview(data)[: found.good_size])
    size = at.size + found.good_size
    after = ResumeAt(size, running.hexdigest(), next_id_after(found.tables, at))
    entries = [dict(doc) for doc in found.tables.get(EVENTS_TABLE, {}).values()]
    return entries, in_order(found.tables.get(VOUCH_TABLE, {})), after


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
    found = scan_from(tail, path, tables, 0, lines, at.next_id)
    running.update(memoryview(tail)[: found.good_size])
    return Scan(found.tables, at.size + found.good_size, found.torn), running


def scan_resumed(data: bytes, path: Path, at: ResumeAt) -> tuple[Scan, Any, list[LineMark]]:
    """The header and the entries after *at*, without reading those before it, once its
    bytes are found unchanged (one SHA-256 pass); and the hash of every whole line."""
    running = _same_start(data, at)
    if running is None:
        raise NotResumable(str(path))
    tables: Tables = {HEADER_TABLE: dict(_header_of(data, path, at.size))}
    lines = data.count(b"\n", 0, at.size)
    found = scan_from(data, path, tables, at.size, lines, at.next_id)
    at_mark = LineMark(at.size, running.copy(), at.next_id - 1)
    marks, _ = hash_marking(data, at.size, found.good_size, running)
    return found, running, [at_mark, *marks][-MARKS:]


def _header_of(data: bytes, path: Path, before: int) -> Doc:
    """The header on line 2 of a journal beginning with *data*, ending before *before*;
    NotResumable if it is not alone there, in the layout the writer writes."""
    end = format_checked(data, path)
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
        found = scan_from(tail, path, tables, 1, 0, at.next_id)
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
        event_id = one_event_id(decode(tail[begin : end - 1]))
        if event_id is not None:
            marks.append(LineMark(base + end, None, event_id))
    return Scan(found.tables, base + found.good_size, found.torn), marks[-MARKS:]


def _line_spans(data: bytes, start: int, end: int, count: int | None) -> list[tuple[int, int]]:
    """The last *count* (None: all) whole lines of ``data[start:end]`` as (begin, end
    past its newline)."""
    ends = _line_ends(data, start, end, end if count is None else count)
    return [(data.rfind(b"\n", 0, stop - 1) + 1, stop) for stop in ends if stop > start]


def prefix_and_marks(data: bytes, size: int) -> tuple[Prefix, list[LineMark]]:
    """:func:`prefix_of` for a writer, which also keeps the marks of the last lines."""
    running = hashlib.sha256()
    marks, _ = hash_marking(data, 0, size, running)
    return Prefix(size, running.hexdigest(), running), marks


#: Whole-line ends kept near the end of a journal open for writing, each with the hash
#: of the bytes up to it: a snapshot's state is taken some entries behind the last
#: (services/snapshot_keeper.py), and needs the journal's length and SHA-256 there.
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


def _entry_line_ends(data: bytes, start: int, end: int, count: int) -> list[int]:
    """The ends of the last *count* whole lines in ``data[start:end]`` that store one
    entry (a state is taken some entries behind the last, whatever vouch lines lie
    between: a command per entry writes one after each), oldest first."""
    ends: list[int] = []
    pos = end
    while len(ends) < count and pos > start:
        begin = data.rfind(b"\n", 0, pos - 1) + 1
        if one_event_id(decode(data[begin : pos - 1])) is not None:
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
            marks.append(LineMark(stop, running.copy(), one_event_id(record)))
    running.update(view[done:end])
    return marks, digests


def read_all(fd: int) -> bytes:
    return read_from(fd, 0)


def read_from(fd: int, offset: int) -> bytes:
    """The file's bytes from *offset* to its end (none before *offset* are read)."""
    os.lseek(fd, max(offset, 0), os.SEEK_SET)
    chunks: list[bytes] = []
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


#: Bytes read from a journal's start for its format line and header (a header is a few
#: hundred bytes; a longer one is read on, a chunk at a time, to its line's end).
HEAD_CHUNK = 1 << 12


def read_head(fd: int) -> bytes:
    """The journal's first bytes, through the end of its second line (the header), or
    what there is (scan_tail then finds it is not the layout it reads)."""
    os.lseek(fd, 0, os.SEEK_SET)
    data = b""
    while (chunk := os.read(fd, HEAD_CHUNK)) and data.count(b"\n") + chunk.count(b"\n") < 2:
        data += chunk
    return data + chunk


def opened_for_reading(path: Path, resume: ResumeAt | None) -> tuple[Scan, Prefix]:
    """What a reader without the lock reads (a FIFO refused, never waited on): the whole
    journal, or (*resume*) only the lines after a snapshot's state, once the bytes before
    it are found unchanged; and where it got to."""
    with open_regular(path, follow=True) as handle:
        if resume is None:
            data = handle.read()
            found = scan(data, path)
            return found, prefix_of(data, found.good_size)
        found, running = scan_resumed_read(handle, path, resume)  # the bytes before unheld
    return found, Prefix(found.good_size, running.hexdigest(), running)


def opened_for_writing(
    fd: int, path: Path, resume: ResumeAt | None
) -> tuple[Scan, Prefix, list[LineMark]]:
    """What a writer holding the lock on *fd* reads: the whole journal, or (*resume*) only
    the lines after a snapshot's state (none between the header and it, for a state of
    the new form; the first form's bytes are hashed to check it); where it got to, and
    the marks of its last lines."""
    if resume is not None and resume.digest is None:
        head, tail = read_head(fd), read_from(fd, resume.size - 1)
        found, marks = scan_tail(head, tail, path, resume)
        return found, Prefix(found.good_size, ""), marks
    if resume is None:
        data = read_all(fd)
        found = scan(data, path)
        prefix, marks = prefix_and_marks(data, found.good_size)
        return found, prefix, marks
    data = read_all(fd)
    found, running, marks = scan_resumed(data, path, resume)
    return found, Prefix(found.good_size, running.hexdigest(), running), marks


def tables_to(fd: int, size: int, path: Path) -> Tables:
    """Every table of the journal on *fd*, read whole to *size* (a resumed writer's entries
    before its state, when something needs them)."""
    return scan(read_all(fd)[:size], path).tables
