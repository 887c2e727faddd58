"""A verified checkpoint, so that checking the chain on every open costs the same at any length.

After an open has checked a session's whole chain, a small side file
``<id>.journal.checkpoint`` notes how many entries were checked, the hash the
last of them carries, and the length and SHA-256 of the file bytes they were
read from. The next open hashes those bytes in one pass (C speed, no parsing)
and, if they are still the same, checks the chain only from there.

It is a cache, never a source: a checkpoint that is missing, unreadable,
malformed or does not match the bytes is ignored and the whole chain is
checked again. ``verify`` never uses it. Someone who can rewrite a journal
and its checkpoint can also recompute the whole chain, so a checkpoint hides
nothing the chain would show (docs/storage.md).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorekeeper.storage import durable

SUFFIX = ".checkpoint"
#: New entries checked since the last checkpoint before another is written: an open
#: then checks at most this many links, and a checkpoint is rewritten rarely.
EVERY = 256
_LIMIT = 1024  # bytes: a checkpoint is ~200; anything larger is not ours
_HEX = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Checkpoint:
    entries: int  # leading entries whose chain was checked
    chain: str  # the hash the last of them carries
    size: int  # bytes of the journal they were read from
    digest: str  # SHA-256 of those bytes

    def to_bytes(self) -> bytes:
        doc = {"entries": self.entries, "chain": self.chain, "size": self.size}
        doc["digest"] = self.digest
        return json.dumps(doc, sort_keys=True).encode("ascii") + b"\n"


def path_of(journal: Path) -> Path:
    return journal.with_name(journal.name + SUFFIX)


def load(journal: Path) -> Checkpoint | None:
    """The checkpoint kept beside *journal*, or None for anything but a well-formed one."""
    try:
        with open(path_of(journal), "rb") as handle:
            data = handle.read(_LIMIT + 1)
        doc = json.loads(data) if len(data) <= _LIMIT else None
    except (OSError, ValueError):
        return None
    if not isinstance(doc, dict) or set(doc) != {"entries", "chain", "size", "digest"}:
        return None
    entries, chain, size, digest = doc["entries"], doc["chain"], doc["size"], doc["digest"]
    counts = all(type(n) is int and n > 0 for n in (entries, size))
    hashes = all(isinstance(h, str) and _HEX.fullmatch(h) for h in (chain, digest))
    return Checkpoint(entries, chain, size, digest) if counts and hashes else None


def save(journal: Path, checkpoint: Checkpoint) -> None:
    """Keep *checkpoint* beside *journal*; a disk that refuses only costs the next open time."""
    with contextlib.suppress(OSError):
        durable.replace_atomically(path_of(journal), checkpoint.to_bytes())


def discard(journal: Path) -> None:
    with contextlib.suppress(OSError):
        path_of(journal).unlink()


@dataclass(frozen=True)
class Prefix:
    """What the bytes of a journal say about a checkpoint, worked out in one pass at open."""

    size: int  # bytes of whole lines read
    digest: str  # SHA-256 of them
    vouched: Checkpoint | None  # the checkpoint, if the bytes it was taken from are unchanged
    #: The hash of those bytes still open, to go on with the lines appended after them.
    running: Any = field(default=None, compare=False, repr=False)


def prefix_of(data: bytes, size: int, checkpoint: Checkpoint | None) -> Prefix:
    """Hash the first *size* bytes of *data*, seeing on the way whether *checkpoint* holds."""
    view = memoryview(data)[:size]
    if checkpoint is None or checkpoint.size > size:
        running = hashlib.sha256(view)
        return Prefix(size, running.hexdigest(), None, running)
    running = hashlib.sha256(view[: checkpoint.size])
    holds = running.hexdigest() == checkpoint.digest
    running.update(view[checkpoint.size :])
    return Prefix(size, running.hexdigest(), checkpoint if holds else None, running)
