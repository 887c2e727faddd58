"""Sessions that are shown, never recorded: the table as it was at one moment, and the
table display that follows a session another process records.

They are recorders in name only (services.recording.Recorder): every entry is refused
with one plain message, no lock is held, and nothing is ever written.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from scorekeeper.collector import collector_paused
from scorekeeper.core.chain import Chain
from scorekeeper.core.codec import event_from_doc
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Event
from scorekeeper.core.progress import Progress
from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.core.state import RoundResult
from scorekeeper.messages import UserError
from scorekeeper.services.session_source import (
    Resumption,
    fold_checked,
    resume_from,
    snapshot_state,
)
from scorekeeper.storage import NotResumable, ResumeAt, Store
from scorekeeper.storage.hashchain import walk
from scorekeeper.storage.snapshot import Seekable


class Shown:
    """A session only shown; *refusal* (a catalog key and its parameters) says why."""

    read_only = True
    #: The snapshot's state it was opened at; None when it was folded whole.
    resumed_from: Resumption | None = None

    def __init__(self, sid: int, session: Session, refusal: str, **params: object) -> None:
        self.id = sid
        self.session = session
        self._refusal = (refusal, params)

    def _refuse(self) -> UserError:
        key, params = self._refusal
        return UserError(key, **params)

    def check(self, entry: Entry, now: datetime | None = None) -> Event:
        raise self._refuse()

    def why_not(self, kind: str) -> UserError | None:
        return self._refuse()

    def record(self, entry: Entry, now: datetime | None = None) -> Event:
        raise self._refuse()

    def correct(
        self, round_number: int, reason: str, entries: list[Entry], now: datetime | None = None
    ) -> Event:
        raise self._refuse()

    def receipt(self) -> Receipt | None:  # what is shown may be a moment of the past
        return None

    def ensure_history(
        self, progress: Progress | None = None
    ) -> bool:  # what is shown was folded whole
        return False

    def close(self) -> None:
        return None


class Followed(Shown):
    """The stored session as it is now, followed as it grows: what was appended since the
    last look is read and folded onto it (a raise shows as fast at 100,000 entries as at
    ten). A file that is not what was read and then more is read whole again."""

    def __init__(self, store: Store, sid: int, *, history: bool = True) -> None:
        """Without *history* (the phones' page, which shows the latest entries only) it is
        picked up at its snapshot's state when the journal vouches for it, as the app
        opens a long session: only the entries after it are read and folded."""
        self.store = store
        self.id = sid
        #: The statistics the snapshot noted with the state this was picked up at, and the
        #: round results they count (None: folded whole): the keeper of the snapshot
        #: counts only the rounds since (services/keeping.py), never decoding the history
        #: below them, which would then be held for as long as the session is followed.
        self.counted: tuple[dict[str, Any], Chain[RoundResult]] | None = None
        self._seen = self._stamp()  # before reading: a change meanwhile is read again
        opened = (None if history else self._resumed()) or self._whole()
        session, self._read_to, self._chain, self._head = opened
        super().__init__(sid, session, "display.read_only")

    def _whole(self) -> tuple[Session, ResumeAt | None, str, str]:
        """The session read and folded whole, where that read got to, the hash the next
        line chains to and its last entry's hash (the receipt's)."""
        stored = self.store.read(self.id)
        session, verdict = fold_checked(stored)
        return session, stored.read_to, verdict.tip, verdict.head

    def _resumed(self) -> tuple[Session, ResumeAt | None, str, str] | None:
        found = snapshot_state(self.store, self.id)
        if found is None:
            return None
        snap, taken = found
        try:  # a reader reads every byte anyway: each history is checked now, not later,
            # a chunk at a time: held only if something reads it (the page never does)
            for history in taken.apart if isinstance(snap, Seekable) else ():
                history.check()
        except ValueError:
            return None
        try:
            stored = self.store.read_resumed(self.id, taken.at)
        except NotResumable:
            return None
        resumed, _ = resume_from(
            self.id,
            snap,
            taken,
            stored.header,
            stored.events,
            stored.vouches,
            self.store.sealer,
        )
        if resumed is None:
            return None
        self.resumed_from = Resumption(self.store, self.id, snap, taken)
        self.counted = (resumed.stats, resumed.counted)
        return resumed.session, stored.read_to, resumed.chain, resumed.head

    def refold(self) -> None:
        """Read and fold every entry again, the snapshot set aside: its state lied
        (services/recheck.py). The caller holds whatever keeps other readers out."""
        self._seen = self._stamp()
        self.session, self._read_to, self._chain, self._head = self._whole()
        self.resumed_from = None
        self.counted = None

    def receipt(self) -> Receipt | None:
        """The receipt of the session as it is in the file now (its entries, their chain
        checked as they were read), for the end shown on every phone."""
        return Receipt(self.session.ledger.next_seq - 1, self._head)

    def _stamp(self) -> tuple[int, int]:
        try:
            info = self.store.path(self.id).stat()
        except OSError:
            return (-1, -1)
        return (info.st_size, info.st_mtime_ns)

    def follow(self) -> bool:
        """Take what changed in the file, if anything; True when the session changed."""
        stamp = self._stamp()
        if stamp == self._seen:
            return False
        grown = self._appended()
        if grown is None:
            self.session, self._read_to, self._chain, self._head = self._whole()
        self._seen = stamp
        return grown != 0

    def _appended(self) -> int | None:
        """How many entries were appended and folded on; None if it must be read whole."""
        if self._read_to is None:
            return None
        found = self.store.read_since(self.id, self._read_to)
        if found is None:
            return None
        docs, vouches, read_to = found
        first = self.session.ledger.next_seq
        walked = walk(self._chain, docs, vouches, first=first)
        if not walked.ok:
            return None  # the whole read says which entry does not match
        try:
            with collector_paused():
                self.session.extend(event_from_doc(doc) for doc in docs)
        except RuleError:
            return None
        self._read_to, self._chain = read_to, walked.tip
        if docs:  # (vouch lines alone are not entries: the receipt stays)
            self._head = walked.head
        return len(docs)
