"""A checkpoint of a session's folded state, so that appending costs the same at any length.

``<id>.journal.state`` notes, for the first ``entries`` entries of a journal,
the state their fold gave (core/state_codec.py), the bytes of the journal they
were read from (length and SHA-256), the hash the last of them carries, and
the times of the first and last entry. ``scorekeeper record`` then checks
those bytes in one pass (C speed, no parsing), reads only the entries after
them, and folds only those, from the noted state.

It is a cache, never a source:
- a checkpoint that is missing, unreadable, malformed, sealed wrongly (its own
  SHA-256, so damage or a hand edit shows), or noted for other bytes than the
  journal's now is ignored, and the session is folded from its entries;
- only appending uses it: opening a session to show it, exporting it and
  ``verify`` fold every entry, and ``verify`` also checks the checkpoint
  against that fold (and removes one that does not match);
- an undo or a correction needs the entries below it, so recording one folds
  the whole session.
Someone who can rewrite a checkpoint and recompute its seal can as well
rewrite the journal and recompute its chain (docs/storage.md).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper.storage import durable
from scorekeeper.storage.journal import ResumeAt

SUFFIX = ".state"
#: A session shorter than this folds faster than a checkpoint is read: none is kept.
AT_LEAST = 256
#: Entries recorded since the last checkpoint before another is written.
EVERY = 256
#: How far behind the last entry a checkpoint is taken: the entries an opening folds
#: again, so that the app shows them in its log and can undo them at once. Below
#: journal.MARKS, the line ends a writer knows the hash at.
LAG = 64
_LIMIT = 256 << 20  # bytes: the state of 100,000 entries is a few MiB
_HEX = re.compile(r"[0-9a-f]{64}")
_FIELDS = ("entries", "size", "digest", "chain", "next_id", "first_at", "last_at", "state")


@dataclass(frozen=True)
class StateCheckpoint:
    entries: int  # leading entries whose fold gave *state*
    size: int  # bytes of the journal through the last of them
    digest: str  # SHA-256 of those bytes
    chain: str  # the hash the last of them carries
    next_id: int  # the document id the next entry is stored under
    first_at: str | None  # when the first entry was made (ISO)
    last_at: str | None  # and the last of them
    state: Any  # the encoded state, opaque here (core/state_codec.py)
    #: Its histories, each a JSON text kept on a line of its own: not parsed on reading.
    apart: tuple[str, ...] = ()

    @property
    def at(self) -> ResumeAt:
        """Where in the journal it was taken: what a reader or a writer opens from."""
        return ResumeAt(self.size, self.digest, self.next_id)


def path_of(journal: Path) -> Path:
    return journal.with_name(journal.name + SUFFIX)


def load(journal: Path) -> StateCheckpoint | None:
    """The checkpoint kept beside *journal* if it is whole and sealed, else None.

    The file is the SHA-256 of the rest (its seal) on a line of its own, then the
    checkpoint as JSON on one line, then the histories its state keeps apart, a line
    each: damage or a hand edit shows without parsing anything, and only the one line
    of the checkpoint itself is parsed (not the 10 MiB of history of 100,000 entries)."""
    try:
        with open(path_of(journal), "rb") as handle:
            data = handle.read(_LIMIT + 1)
    except OSError:
        return None
    seal, _, body = data.partition(b"\n")
    if len(data) > _LIMIT or seal != hashlib.sha256(body).hexdigest().encode("ascii"):
        return None
    main, *apart = body.split(b"\n")
    try:
        doc = json.loads(main)
        texts = tuple(line.decode("ascii") for line in apart)
    except (ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or set(doc) != set(_FIELDS):
        return None
    counts = all(type(doc[k]) is int and doc[k] > 0 for k in ("entries", "size", "next_id"))
    hashes = all(isinstance(doc[k], str) and _HEX.fullmatch(doc[k]) for k in ("digest", "chain"))
    times = all(doc[key] is None or isinstance(doc[key], str) for key in ("first_at", "last_at"))
    if not (counts and hashes and times):
        return None
    return StateCheckpoint(**doc, apart=texts)


def save(journal: Path, checkpoint: StateCheckpoint) -> None:
    """Keep *checkpoint* beside *journal*; a disk that refuses only costs a later fold."""
    doc = {key: getattr(checkpoint, key) for key in _FIELDS}  # the state is not copied
    lines = [json.dumps(doc, ensure_ascii=True, allow_nan=False), *checkpoint.apart]
    if any("\n" in line or not line.isascii() for line in checkpoint.apart):
        raise ValueError("a history kept apart must be one line of ASCII JSON")
    body = "\n".join(lines).encode("ascii")
    seal = hashlib.sha256(body).hexdigest().encode("ascii")
    with contextlib.suppress(OSError):
        durable.replace_atomically(path_of(journal), seal + b"\n" + body)


def discard(journal: Path) -> None:
    with contextlib.suppress(OSError):
        path_of(journal).unlink()
