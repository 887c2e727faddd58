"""Stored sessions, for the CLI and the app: the rules first, the disk second, the screen last.

An entry is checked by the rules, then appended and fsynced by the store, and
only then taken into the session in memory. If the disk refuses, the entry
is not recorded anywhere, and the caller gets a plain-words error.
"""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from scorekeeper.core.codec import event_from_doc, event_to_doc, header_from_doc, header_to_doc
from scorekeeper.core.corrections import correction_entry
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Event, Header
from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.messages import UserError
from scorekeeper.services.summary_docs import summaries_of
from scorekeeper.storage import SessionWriter, Store, StoredSession
from scorekeeper.storage.hashchain import last_hash, seal_all, sealed
from scorekeeper.storage.hashchain import verify as verify_chain


class DamagedSession(UserError):
    """A stored session whose entries the rules refuse: edited by hand, or not ours."""


def fold_stored(stored: StoredSession) -> Session:
    """The session a stored file holds, once its entries match their chain and the rules.

    Every open checks the chain, not only ``verify``: an entry edited on disk (even with
    its line checksum fixed up) is refused, naming the first entry that does not match.
    """
    verdict = verify_chain(stored.header, stored.events, trusted=stored.vouched)
    if not verdict.ok:
        if verdict.bad_header:
            raise DamagedSession("recording.header_edited", session=stored.id)
        raise DamagedSession("recording.entry_edited", session=stored.id, entry=verdict.bad_entry)
    try:
        header = header_from_doc(stored.header)
        session = Session(header, [event_from_doc(doc) for doc in stored.events])
    except RuleError as error:
        raise DamagedSession(
            "recording.session_invalid", session=stored.id, reason=error.message()
        ) from None
    stored.chain_checked(verdict)
    return session


def receipt_of(stored: StoredSession) -> Receipt:
    """The receipt of a stored session as it is on disk now."""
    return Receipt(len(stored.events), last_hash(stored.header, stored.events))


def load_session(store: Store, sid: int) -> Session:
    """A session read without taking the writer's lock (for replay, export, list)."""
    return fold_stored(store.read(sid))


def create_session(store: Store, header: Header, events: list[Event] | None = None) -> int:
    """A new stored session, its entries chained from the header (storage/hashchain.py)."""
    head, docs = seal_all(header_to_doc(header), [event_to_doc(e) for e in events or []])
    return store.create(head, docs)


class Recorder(Protocol):
    """What a table screen records through: a stored session open for recording, or one
    that only shows (services/showing.py), whose every entry is refused in plain words."""

    id: int
    session: Session
    read_only: bool

    def check(self, entry: Entry, now: datetime | None = None) -> Event: ...

    def record(self, entry: Entry, now: datetime | None = None) -> Event: ...

    def correct(
        self, round_number: int, reason: str, entries: list[Entry], now: datetime | None = None
    ) -> Event: ...

    def receipt(self) -> Receipt | None: ...

    def close(self) -> None: ...


class Recording:
    """A stored session open for recording; holds the session's writer lock until closed."""

    read_only = False

    def __init__(self, store: Store, sid: int) -> None:
        self.id = sid
        self._store = store
        self._closed = False
        self._writer: SessionWriter = store.open_writer(sid)
        try:
            self.session = fold_stored(self._writer.as_opened())
        except BaseException:
            self._writer.close()
            raise
        self._chain = last_hash(self._writer.header, self._writer.events)

    def check(self, entry: Entry, now: datetime | None = None) -> Event:
        return self.session.check(entry, now)

    def receipt(self) -> Receipt | None:
        """The receipt of the session as recorded so far."""
        return Receipt(len(self.session.events), self._chain)

    def record(self, entry: Entry, now: datetime | None = None) -> Event:
        """Record one entry: on disk (fsynced) before it counts; nothing changes on any error."""
        event = self.session.check(entry, now)
        doc = sealed(self._chain, event_to_doc(event))
        self._writer.append(doc)
        self._chain = doc["chain"]
        self.session.commit(event)
        return event

    def correct(
        self, round_number: int, reason: str, entries: list[Entry], now: datetime | None = None
    ) -> Event:
        """Replace the entries of finished round *round_number* (one ``correct`` event)."""
        return self.record(correction_entry(round_number, reason, entries), now)

    def close(self) -> None:
        """Let go of the session, noting its summaries beside it first (while the lock
        still keeps other writers out), so that listing it next needs no fold. Closing
        again does nothing: the lock is gone, so a note then could describe another
        writer's entries."""
        if self._closed:
            return
        self._closed = True
        try:
            kinds = summaries_of(self.session, self.id)
        except Exception:  # a cache: without it the next listing folds, as it always could
            kinds = None
        try:
            if kinds is not None:
                self._store.note_summaries(self.id, kinds)
        finally:
            self._writer.close()

    def __enter__(self) -> Recording:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
