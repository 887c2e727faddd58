"""A session as read from its journal: the header and the entries, and where the read got to."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # loaded with the journal, when a session is first opened
    from scorekeeper.storage.checkpoint import Checkpoint, Prefix
    from scorekeeper.storage.hashchain import Verdict
    from scorekeeper.storage.journal import ResumeAt


@dataclass(frozen=True)
class StoredSession:
    id: int
    header: dict[str, Any]
    events: list[dict[str, Any]]  # in append order
    # Where and how it was read; two reads of the same entries are equal.
    path: Path | None = field(default=None, compare=False)  # the journal
    prefix: Prefix | None = field(default=None, compare=False)  # its bytes, a checkpoint
    next_id: int | None = field(default=None, compare=False)  # the next entry's id then

    @property
    def read_to(self) -> ResumeAt | None:
        """Where this read got to: what :meth:`Store.read_since` goes on from."""
        from scorekeeper.storage.journal import ResumeAt

        if self.prefix is None or self.next_id is None:
            return None
        return ResumeAt(self.prefix.size, self.prefix.digest, self.next_id)

    @property
    def vouched(self) -> Checkpoint | None:
        """A checkpoint the bytes read still match: the chain before it need not be checked."""
        return self.prefix.vouched if self.prefix else None

    def chain_checked(self, verdict: Verdict) -> None:
        """Note a whole chain found intact, once enough entries came since the last note."""
        from scorekeeper.storage import checkpoint

        if self.path is None or self.prefix is None or not verdict.ok or verdict.unchained:
            return
        since = self.vouched.entries if self.vouched else 0
        if verdict.chained and len(self.events) - since >= checkpoint.EVERY:
            prefix = self.prefix
            taken = checkpoint.Checkpoint(
                len(self.events), verdict.head, prefix.size, prefix.digest
            )
            checkpoint.save(self.path, taken)
