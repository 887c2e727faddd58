"""The session journal's layout: its format line, its change records, and replaying them.

File layout, one line each, ``<crc32 of the JSON, 8 hex> <compact JSON>\\n``
(storage/lines.py):

- line 1: ``{"format": "scorekeeper-session", "version": 1}`` so that a file
  that is not ours is recognised and refused before anything touches it;
- every further line is one change record:
  ``{"set": {table: {doc_id: doc or null}}, "drop": [table, ...]}`` (either key
  may be absent; ``null`` removes a document). An insert is a ``set`` of one
  new id, so appending costs the same however long the session is.

A whole line that fails its check, or one that drops, deletes or rewrites the header or
an entry (the session writer only appends), is damage: the file is refused, never
repaired. Appending is storage/journal.py's; reading from where a snapshot's state or a
follower got to is storage/journal_reading.py's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper.storage.errors import StorageError
from scorekeeper.storage.lines import VOUCH_TABLE as VOUCH_TABLE
from scorekeeper.storage.lines import decode as decode
from scorekeeper.storage.lines import encode as encode
from scorekeeper.storage.lines import vouch_alone

FORMAT = "scorekeeper-session"
VERSION = 1
HEADER_TABLE = "session"
EVENTS_TABLE = "events"
HEADER_ID = "1"

Doc = dict[str, Any]
Tables = dict[str, dict[str, Doc]]


def format_line() -> bytes:
    return encode({"format": FORMAT, "version": VERSION})[0]


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


def format_checked(data: bytes, path: Path) -> int:
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
    end = format_checked(data, path)
    return scan_from(data, path, {}, end + 1, 1)


def scan_from(
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
            or not appends_only(tables, record)
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


#: The tables of a session journal: only ever appended to (a new header, new entries).
APPEND_ONLY = frozenset({HEADER_TABLE, EVENTS_TABLE, VOUCH_TABLE})


def appends_only(tables: Tables, record: Mapping[str, Any]) -> bool:
    """False for what the session writer never writes: dropping, deleting or rewriting
    the header or an entry. Such a line in a session file is an edit, not ours."""
    if any(name in APPEND_ONLY for name in record.get("drop", ())):
        return False
    for name, docs in record.get("set", {}).items():
        if name in APPEND_ONLY:
            kept = tables.get(name, {})
            if any(doc is None or doc_id in kept for doc_id, doc in docs.items()):
                return False
    return True


def one_event_id(record: Any) -> int | None:
    """The id of the entry a journal record stored, if it stored just one."""
    changes = record.get("set") if isinstance(record, dict) and set(record) == {"set"} else None
    if not isinstance(changes, dict) or set(changes) != {EVENTS_TABLE}:
        return None
    docs = changes[EVENTS_TABLE]
    if not isinstance(docs, dict) or len(docs) != 1:
        return None
    (key,) = docs
    return int(key) if isinstance(key, str) and key.isdigit() else None


def in_order(docs: Mapping[str, Doc]) -> list[dict[str, Any]]:
    """Vouches in journal order (their ids are the offsets they start at)."""
    return [dict(docs[k]) for k in sorted(docs, key=lambda k: int(k) if k.isdigit() else -1)]
