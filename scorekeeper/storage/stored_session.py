"""A session as read from its journal: the header and the entries, and where the read got to."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # loaded with the journal, when a session is first opened
    from scorekeeper.storage.journal_reading import Prefix, ResumeAt


@dataclass(frozen=True)
class StoredSession:
    id: int
    header: dict[str, Any]
    events: list[dict[str, Any]]  # in append order
    #: The vouch lines read with them (storage/snapshot.py), in journal order: chained
    #: with the entries, never entries themselves.
    vouches: list[dict[str, Any]] = field(default_factory=list, compare=False)
    # Where and how it was read; two reads of the same entries are equal.
    path: Path | None = field(default=None, compare=False)  # the journal
    prefix: Prefix | None = field(default=None, compare=False)  # the bytes read
    next_id: int | None = field(default=None, compare=False)  # the next entry's id then

    @property
    def read_to(self) -> ResumeAt | None:
        """Where this read got to: what :meth:`Store.read_since` goes on from."""
        from scorekeeper.storage.journal_reading import ResumeAt

        if self.prefix is None or self.next_id is None:
            return None
        return ResumeAt(self.prefix.size, self.prefix.digest, self.next_id)
