"""One journal line, ``<crc32 of the JSON, 8 hex> <compact JSON>\\n``, written and read.

Apart from :mod:`scorekeeper.storage.journal` (and TinyDB) so that the session list can
check the vouch line at the end of each journal (storage/snapshot.py) without loading
the journal's reader.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Mapping
from typing import Any

from scorekeeper.unique_json import loads_unique

#: Lines that name a snapshot (storage/snapshot.py), each stored under the byte offset it
#: starts at and chained with the entries (storage/hashchain.py).
VOUCH_TABLE = "vouches"


def encode(record: Mapping[str, Any]) -> tuple[bytes, Any]:
    """The journal line for *record*, and the record exactly as it will read back.

    NaN/Infinity are refused (ValueError): they are not JSON and other tools
    would choke on the file.
    """
    options: dict[str, Any] = {"separators": (",", ":"), "allow_nan": False}
    text = json.dumps(record, ensure_ascii=False, **options)
    try:
        payload = text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: only \\u escapes can carry them
        text = json.dumps(record, ensure_ascii=True, **options)
        payload = text.encode("ascii")
    line = b"%08x " % zlib.crc32(payload) + payload + b"\n"
    return line, json.loads(text)


def decode(line: bytes) -> Any:
    """The JSON value of one line without its newline, or None if it fails its check or
    gives a key twice in one object (scorekeeper/unique_json.py)."""
    if len(line) < 10 or line[8:9] != b" ":
        return None
    try:
        crc = int(line[:8], 16)
    except ValueError:
        return None
    payload = line[9:]
    if zlib.crc32(payload) != crc:
        return None
    try:  # a key twice in one object is damage too: which of the two would count?
        return loads_unique(payload.decode("utf-8"))
    except ValueError:
        return None


def vouch_alone(record: Mapping[str, Any]) -> bool:
    """A line that stores a vouch stores it alone, under a number (the offset its writer
    put it at: journal order). Whether it holds is the chain's to say, not the line's."""
    changes = record.get("set", {})
    if VOUCH_TABLE not in changes and VOUCH_TABLE not in record.get("drop", ()):
        return True
    docs = changes.get(VOUCH_TABLE)
    if set(record) != {"set"} or set(changes) != {VOUCH_TABLE} or len(docs) != 1:
        return False
    ((key, doc),) = docs.items()
    return key.isdigit() and isinstance(doc, dict)


def vouch_line(data: bytes, end: int) -> tuple[int, dict[str, Any]] | None:
    """The vouch the line of *data* ending at *end* (its newline excluded) stores, with
    the offset that line starts at; None if it stores anything else or fails its check."""
    begin = data.rfind(b"\n", 0, end) + 1
    record = decode(data[begin:end])
    changes = record.get("set") if isinstance(record, dict) else None
    if not isinstance(changes, dict) or not isinstance(changes.get(VOUCH_TABLE), dict):
        return None
    if not vouch_alone(record):
        return None
    ((_, doc),) = changes[VOUCH_TABLE].items()
    return begin, doc


def doc_of_line(data: bytes, begin: int, end: int) -> dict[str, Any] | None:
    """The one document (header, entry or vouch) the line ``data[begin:end]`` stores."""
    record = decode(data[begin:end])
    changes = record.get("set") if isinstance(record, dict) and set(record) == {"set"} else None
    if not isinstance(changes, dict) or len(changes) != 1:
        return None
    (docs,) = changes.values()
    if not isinstance(docs, dict) or len(docs) != 1:
        return None
    (doc,) = docs.values()
    return doc if isinstance(doc, dict) else None
