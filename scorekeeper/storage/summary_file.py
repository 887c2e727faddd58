"""A session's summaries kept beside its journal by the writer that last appended to it.

``<id>.journal.summary`` holds, for the journal as it was when its writer
closed (its length and the SHA-256 of its bytes), the summaries of every kind
the session list and the statistics show. The writer has the session folded
in memory, so noting them costs nothing like a fold; listing then reads this
small file instead of folding the session, even when ``index.json`` is missing
or stale (after a ``scorekeeper record``, after leaving a table).

Like ``index.json`` it is only a cache: a file that is missing, unreadable,
malformed, too large, or noted for other bytes than the journal's now is
ignored and the summary is computed from the journal. It is tied to the bytes,
not to the file's times, so a data folder copied elsewhere (a backup brought
back, a new machine) lists at once; the writer has that hash at hand (it keeps
one as it appends), and checking it costs one read of the file, no parsing.
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


def load(journal: Path, size: int, kind: str) -> tuple[str, dict[str, Any]] | None:
    """The SHA-256 of the bytes a summary of *kind* was noted for, if they were *size*
    long, and the summary; None if there is no such note."""
    try:
        with open(path_of(journal), "rb") as handle:
            data = handle.read(_LIMIT + 1)
        doc = json.loads(data.decode("utf-8")) if len(data) <= _LIMIT else None
    except (OSError, ValueError):
        return None
    if not isinstance(doc, dict) or doc.get("size") != size:
        return None
    kinds, digest = doc.get("kinds"), doc.get("digest")
    found = kinds.get(kind) if isinstance(kinds, dict) else None
    if not isinstance(found, dict) or not isinstance(digest, str):
        return None
    return digest, found


def save(journal: Path, size: int, digest: str, kinds: dict[str, dict[str, Any]]) -> None:
    """Note *kinds* for the journal's first *size* bytes, whose SHA-256 is *digest*; a
    disk that refuses only costs the next listing a fold."""
    doc = {"size": size, "digest": digest, "kinds": kinds}
    data = json.dumps(doc, ensure_ascii=False, allow_nan=False).encode("utf-8")
    with contextlib.suppress(OSError):
        durable.replace_atomically(path_of(journal), data)


def discard(journal: Path) -> None:
    with contextlib.suppress(OSError):
        path_of(journal).unlink()
