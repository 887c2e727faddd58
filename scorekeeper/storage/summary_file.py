"""A session's summaries kept beside its journal by the writer that last appended to it.

``<id>.journal.summary`` holds, for the journal as it was when its writer
closed (its size and :func:`scorekeeper.storage.store.changed` stamp), the
summaries of every kind the session list and the statistics show. The writer
has the session folded in memory, so noting them costs nothing like a fold;
listing then reads this small file instead of folding the session, even when
``index.json`` is missing or stale (after a ``scorekeeper record``, after
leaving a table).

Like ``index.json`` it is only a cache: a file that is missing, unreadable,
malformed, too large, or noted for other bytes than the journal's now is
ignored and the summary is computed from the journal.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from scorekeeper.storage import durable

SUFFIX = ".summary"
_LIMIT = 1 << 20  # bytes: a summary file is a few hundred; anything larger is not ours


def path_of(journal: Path) -> Path:
    return journal.with_name(journal.name + SUFFIX)


def load(journal: Path, size: int, stamp: str, kind: str) -> dict[str, Any] | None:
    """The summary of *kind* noted for the journal at exactly *size* and *stamp*, or None."""
    try:
        with open(path_of(journal), "rb") as handle:
            data = handle.read(_LIMIT + 1)
        doc = json.loads(data.decode("utf-8")) if len(data) <= _LIMIT else None
    except (OSError, ValueError):
        return None
    if not isinstance(doc, dict) or doc.get("size") != size or doc.get("stamp") != stamp:
        return None
    kinds = doc.get("kinds")
    found = kinds.get(kind) if isinstance(kinds, dict) else None
    return found if isinstance(found, dict) else None


def save(journal: Path, size: int, stamp: str, kinds: dict[str, dict[str, Any]]) -> None:
    """Note *kinds* for the journal at *size* and *stamp*; a disk that refuses only costs
    the next listing a fold."""
    doc = {"size": size, "stamp": stamp, "kinds": kinds}
    data = json.dumps(doc, ensure_ascii=False, allow_nan=False).encode("utf-8")
    with contextlib.suppress(OSError):
        durable.replace_atomically(path_of(journal), data)


def discard(journal: Path) -> None:
    with contextlib.suppress(OSError):
        path_of(journal).unlink()
