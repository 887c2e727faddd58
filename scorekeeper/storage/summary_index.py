"""index.json: the catalog of sessions (their summaries), so listing many sessions does not
read them all; kept in a TinyDB table, so that what is looked up or searched in it
(a session by number, the sessions of one game) is asked with TinyDB's queries.

It is only a cache, rebuilt from the session files. Anything wrong with it
(unreadable, garbage, a folder we may not write to) means "recompute", never
an error for the caller. The file is ``{"version": 2, "sessions": {id: entry}}``,
each entry ``{"size", "stamp", "summary"}``; TinyDB sees ``sessions`` as its
table, the session number as the document id.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.queries import QueryLike
from tinydb.storages import Storage
from tinydb.table import Document

from scorekeeper.storage import durable

_VERSION = 2  # 2: entries keyed by size and a stamp with the inode change time
_TABLE = "sessions"


class _CacheFile(Storage):
    """TinyDB's storage for the index: the table in memory, the file written whole and
    atomically, once per batch, when the index says so (never on each TinyDB write)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, dict[str, Any]] = {_TABLE: {}}

    def read(self) -> dict[str, dict[str, Any]] | None:
        return self.tables

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        self.tables = data


class SummaryIndex:
    """One index file, parsed again only when it changed on disk (listing n sessions is O(n))."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db = TinyDB(storage=_CacheFile)
        self._table = self._db.table(_TABLE, cache_size=0)
        self._seen: tuple[int, int, int] | None = None

    @property
    def _file(self) -> _CacheFile:
        storage = self._db.storage
        assert isinstance(storage, _CacheFile)
        return storage

    def _signature(self) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    def refresh(self) -> None:
        signature = self._signature()
        if signature is None or signature != self._seen:
            self._file.tables = {_TABLE: self._load()}
            self._table.clear_cache()
            self._seen = signature

    def _load(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_bytes().decode("utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict) or data.get("version") != _VERSION:
            return {}
        sessions = data.get(_TABLE)
        if not isinstance(sessions, dict):
            return {}
        # TinyDB's document ids are numbers: a key that is not one is not ours
        return {k: v for k, v in sessions.items() if k.isdigit() and isinstance(v, dict)}

    def lookup(self, sid: int, size: int, stamp: str) -> dict[str, Any] | None:
        """The summary kept for these file facts, or None. Shared with the index, not a
        copy (copying 1,000 of them was a fifth of a warm ``list``): read it, never change
        it."""
        entry = self._table.get(doc_id=sid)
        if (
            isinstance(entry, dict)
            and entry.get("size") == size
            and entry.get("stamp") == stamp
            and isinstance(entry.get("summary"), dict)
        ):
            summary: dict[str, Any] = entry["summary"]
            return summary
        return None

    def search(self, cond: QueryLike) -> dict[int, dict[str, Any]]:
        """The summaries whose entry matches *cond* (e.g. ``where("summary")["game"] == g``)."""
        found = self._table.search(cond)
        return {doc.doc_id: doc["summary"] for doc in found}

    def store(
        self, sid: int, size: int, stamp: str, summary: dict[str, Any], keep: set[int]
    ) -> None:
        """Record *summary*, dropping entries of sessions not in *keep*; failures are ignored."""
        self.store_many({sid: (size, stamp, summary)}, keep)

    def store_many(self, fresh: dict[int, tuple[int, str, dict[str, Any]]], keep: set[int]) -> None:
        """Record several (size, stamp, summary) at once: one write of the file."""
        kept = [doc for doc in self._table.all() if doc.doc_id in keep and doc.doc_id not in fresh]
        entries: list[Document] = [Document(dict(doc), doc_id=doc.doc_id) for doc in kept]
        for sid, (size, stamp, summary) in fresh.items():
            entries.append(Document({"size": size, "stamp": stamp, "summary": summary}, sid))
        # A summary that is not JSON is a programming error: let it show.
        data = _encode(entries)
        try:
            durable.replace_atomically(self.path, data)
        except OSError:
            return  # read-only folder, full disk: the cache simply stays behind
        self._table.truncate()
        self._table.insert_multiple(entries)
        self._seen = self._signature()


def _encode(entries: Iterable[Document]) -> bytes:
    sessions = {str(doc.doc_id): dict(doc) for doc in sorted(entries, key=lambda d: d.doc_id)}
    text = json.dumps({"version": _VERSION, _TABLE: sessions}, ensure_ascii=False, allow_nan=False)
    return text.encode("utf-8")
