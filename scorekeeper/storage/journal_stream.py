"""Reading a session journal a line at a time, one line held (``verify``, the re-fold).

Only the layout the session writer writes is read this way; anything else is left to a
whole read (storage/journal_format.py :func:`scan`), which says what is wrong.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from scorekeeper.storage.journal_format import (
    EVENTS_TABLE,
    FORMAT,
    HEADER_ID,
    HEADER_TABLE,
    VERSION,
    VOUCH_TABLE,
    decode,
)


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
