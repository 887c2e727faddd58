"""A session open for writing: the one writer, holding the journal's lock.

Apart from :mod:`scorekeeper.storage.store` so that listing sessions (which reads only the
summaries) does not load the journal's machinery: the start screen opens no session.
"""

from __future__ import annotations

from itertools import islice
from pathlib import Path
from types import TracebackType
from typing import Any

from tinydb import TinyDB

from scorekeeper.storage.journal import events_of, header_of, journal_of, vouches_of
from scorekeeper.storage.journal_format import EVENTS_TABLE
from scorekeeper.storage.journal_reading import ResumeAt
from scorekeeper.storage.stored_session import StoredSession


class SessionWriter:
    """The one open, locked writer of a session; use it as a context manager."""

    def __init__(self, sid: int, db: TinyDB) -> None:
        self.id = sid
        self.db = db  # TinyDB's query API on the live data, e.g. db.table("events").search(...)
        self.header: dict[str, Any] = header_of(db)
        self.events: list[dict[str, Any]] = events_of(db)
        self.vouches: list[dict[str, Any]] = vouches_of(db)
        self._events = db.table(EVENTS_TABLE)

    def as_opened(self) -> StoredSession:
        """The session as it was on disk when the lock was taken."""
        journal = journal_of(self.db)
        events, vouches = list(self.events), list(self.vouches)
        return StoredSession(self.id, self.header, events, vouches, journal.path, journal.prefix)

    def whole(self) -> StoredSession:
        """The session as stored now, every entry of it, read through the lock this writer
        holds (never let go of, so no other writer can come in between): for a writer
        opened at a snapshot's state, the entries below it too."""
        journal_of(self.db).complete()
        self.header = header_of(self.db)
        self.events = events_of(self.db)
        self.vouches = vouches_of(self.db)
        return self.as_opened()

    @property
    def partial(self) -> bool:
        """Opened at a state checkpoint: :attr:`events` holds only the entries after it."""
        return journal_of(self.db).partial

    def bytes_so_far(self) -> tuple[int, str]:
        """The length and SHA-256 of the journal's whole lines, appends included."""
        return journal_of(self.db).bytes_so_far()

    def next_id(self) -> int:
        """The id the next entry will be stored under."""
        return journal_of(self.db).next_id(EVENTS_TABLE)

    def point_before_last(self, back: int) -> ResumeAt | None:
        """Where the journal stands after all but the last *back* of :attr:`events`: its
        length and SHA-256 there and the next entry's id, for a snapshot's state taken
        there; None when that is not one of the last lines the writer keeps marks for."""
        journal = journal_of(self.db)
        key = next(islice(reversed(journal.table_docs(EVENTS_TABLE)), back, None), None)
        if key is None or not key.isdigit():
            return None
        found = journal.point_after(int(key))
        return None if found is None else ResumeAt(found[0], found[1], int(key) + 1)

    @property
    def torn_saved_to(self) -> Path | None:
        """Where an unfinished last write was set aside (once the next entry went on)."""
        return journal_of(self.db).torn_saved_to

    def append(self, event: dict[str, Any]) -> None:
        """Returns only once the event is on the disk; on failure nothing changed.

        One line appended at the id TinyDB would give it, not TinyDB's insert
        (which hands the whole database to the storage): the cost stays flat.
        """
        journal = journal_of(self.db)
        doc_id = str(journal.next_id(EVENTS_TABLE))
        journal.insert_docs(EVENTS_TABLE, {doc_id: dict(event)})
        self._events.clear_cache()  # TinyDB's query cache did not see this append
        self.events.append(dict(journal.table_docs(EVENTS_TABLE)[doc_id]))

    def append_all(self, events: list[dict[str, Any]]) -> None:
        """:meth:`append` of each of *events*, in one write and one fsync: on the disk all
        together when it returns; on failure none of them (a ``record`` of many entries)."""
        journal = journal_of(self.db)
        first = journal.next_id(EVENTS_TABLE)
        ids = [str(first + n) for n in range(len(events))]
        journal.insert_each(EVENTS_TABLE, dict(zip(ids, map(dict, events), strict=True)))
        self._events.clear_cache()  # TinyDB's query cache did not see this append
        docs = journal.table_docs(EVENTS_TABLE)
        self.events.extend(dict(docs[doc_id]) for doc_id in ids)

    def append_vouch(self, doc: dict[str, Any]) -> bool:
        """Append a vouch line (storage/snapshot.py) once it is on the disk; False, nothing
        written, when it cannot go on now (see :meth:`JournalStorage.insert_vouch`)."""
        if not journal_of(self.db).insert_vouch(doc):
            return False
        self.vouches.append(dict(doc))
        return True

    @property
    def torn(self) -> bool:
        """An unfinished last write waits to be set aside by the next entry."""
        return bool(journal_of(self.db).torn)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> SessionWriter:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
