"""index.json: summaries of sessions, so listing many sessions does not read them all.

It is only a cache. Anything wrong with it (unreadable, garbage, a folder we
may not write to) means "recompute", never an error for the caller.
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

from scorekeeper.storage import durable

_VERSION = 2  # 2: entries keyed by size and a stamp with the inode change time


class SummaryIndex:
    """One index file, parsed again only when it changed on disk (listing n sessions is O(n))."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._entries: dict[str, Any] = {}
        self._seen: tuple[int, int, int] | None = None

    def _signature(self) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    def refresh(self) -> None:
        signature = self._signature()
        if signature is None or signature != self._seen:
            self._entries = self._load()
            self._seen = signature

    def _load(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_bytes().decode("utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict) or data.get("version") != _VERSION:
            return {}
        sessions = data.get("sessions")
        return sessions if isinstance(sessions, dict) else {}

    def lookup(self, sid: int, size: int, stamp: str) -> dict[str, Any] | None:
        entry = self._entries.get(str(sid))
        if (
            isinstance(entry, dict)
            and entry.get("size") == size
            and entry.get("stamp") == stamp
            and isinstance(entry.get("summary"), dict)
        ):
            summary: dict[str, Any] = copy.deepcopy(entry["summary"])
            return summary
        return None

    def store(
        self, sid: int, size: int, stamp: str, summary: dict[str, Any], keep: set[int]
    ) -> None:
        """Record *summary*, dropping entries of sessions not in *keep*; failures are ignored."""
        self.store_many({sid: (size, stamp, summary)}, keep)

    def store_many(self, fresh: dict[int, tuple[int, str, dict[str, Any]]], keep: set[int]) -> None:
        """Record several (size, stamp, summary) at once: one write of the file."""
        entries = {key: value for key, value in self._entries.items() if _as_id(key) in keep}
        for sid, (size, stamp, summary) in fresh.items():
            entries[str(sid)] = {"size": size, "stamp": stamp, "summary": summary}
        # A summary that is not JSON is a programming error: let it show.
        data = json.dumps(
            {"version": _VERSION, "sessions": entries}, ensure_ascii=False, allow_nan=False
        ).encode("utf-8")
        try:
            durable.replace_atomically(self.path, data)
        except OSError:
            return  # read-only folder, full disk: the cache simply stays behind
        self._entries = entries
        self._seen = self._signature()


def _as_id(key: str) -> int | None:
    return int(key) if key.isdigit() else None
