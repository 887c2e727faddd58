"""Stored sessions, for the CLI and the app: the rules first, the disk second, the screen last.

An entry is checked by the rules, then appended and fsynced by the store, and
only then taken into the session in memory. If the disk refuses, the entry
is not recorded anywhere, and the caller gets a plain-words error.

This module checks, appends and folds, onto the session source it is handed
(services/session_source.py ``open_source``: the whole journal folded, or the session
picked up at its snapshot's state); :func:`open_recording` opens one and hands it over.
The derived state around it (the snapshot, its vouch line, the state vouched for at
opening) is its keeper's (services/snapshot_keeper.py). The journal is the only source.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol, TypeVar

from scorekeeper.core.codec import event_to_doc, header_to_doc
from scorekeeper.core.corrections import correction_entry
from scorekeeper.core.events import Entry, Event, Header
from scorekeeper.core.header import header_like
from scorekeeper.core.ledger import NEEDS_HISTORY
from scorekeeper.core.progress import Progress
from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.core.state_codec import agrees_but_history
from scorekeeper.messages import UserError
from scorekeeper.services import session_source  # its fold_checked: every whole fold
from scorekeeper.services.session_source import Resumption, Source, open_source
from scorekeeper.services.snapshot_keeper import SnapshotKeeper, wait_for_closing
from scorekeeper.services.summary_docs import summaries_of
from scorekeeper.storage import SessionWriter, StorageError, Store
from scorekeeper.storage import snapshot as snapshots
from scorekeeper.storage.hashchain import KEY as HASH_KEY
from scorekeeper.storage.hashchain import seal_all, sealed, sealed_vouch

_T = TypeVar("_T")


def load_with_receipt(store: Store, sid: int) -> tuple[Session, Receipt]:
    """:func:`load_session` and the session's receipt, from one read (a summary to share)."""
    stored = store.read(sid)
    session, verdict = session_source.fold_checked(stored)
    return session, Receipt(len(stored.events), verdict.head)


def load_session(store: Store, sid: int) -> Session:
    """A session read without taking the writer's lock (for replay, export, list)."""
    return session_source.fold_stored(store.read(sid))


def create_session(store: Store, header: Header, events: list[Event] | None = None) -> int:
    """A new stored session, its entries chained from the header (storage/hashchain.py)."""
    head, docs = seal_all(header_to_doc(header), [event_to_doc(e) for e in events or []])
    return store.create(head, docs)


def create_like(store: Store, sid: int) -> tuple[int, Header]:
    """A new stored session of the same table as session *sid* (``new --like``, the start
    screen's "same table again"), and its header: core/header.py's ``header_like`` says
    what it keeps."""
    session = load_session(store, sid)
    header = header_like(session.header, session.state)
    return create_session(store, header, rate_carried(session, header)), header


def rate_carried(session: Session, header: Header) -> list[Event]:
    """The next session of the table plays for the same money: the rate in force at the
    end of *session* is the new session's first entry (a ``rate`` of its own, so it can be
    changed there with no effect here); none when *session* had none."""
    state = session.state
    if state.rate is None:
        return []
    fresh = Session(header)
    fresh.record(Entry("rate", {"amount": state.rate, "currency": state.currency}))
    return list(fresh.events)


def import_session(store: Store, session: Session) -> int:
    """Store a session folded elsewhere (``import``), with its snapshot from that fold:
    listing it and opening it the first time read no more than any time after. The
    snapshot is a hint: if it cannot be kept, the session is stored all the same."""
    sid = create_session(store, session.header, session.events)
    open_recording(store, sid, folded=session).close()
    return sid


def summaries_now(store: Store, sid: int) -> dict[str, dict[str, Any]]:
    """Every kind of summary of session *sid* folded whole (a listing found no snapshot its
    journal vouches for). When no writer has it, a snapshot is kept as the writer would
    keep one, so that the next listing does not fold it again: a vouch line is appended,
    never an entry, and only to a journal with no unfinished write waiting."""
    try:
        rec = open_recording(store, sid, rebuild=True)
    except StorageError as error:
        if error.key != "storage.locked":
            raise
        return summaries_of(load_session(store, sid), sid)
    rec.close()
    # None when keeping the snapshot failed (a hint): the fold is there all the same
    return rec.summaries if rec.summaries is not None else summaries_of(rec.session, sid)


class Recorder(Protocol):
    """What a table screen records through: a stored session open for recording, or one
    that only shows (services/showing.py), whose every entry is refused in plain words."""

    id: int
    session: Session
    read_only: bool

    def check(self, entry: Entry, now: datetime | None = None) -> Event: ...

    def why_not(self, kind: str) -> UserError | None:
        """Why no entry of *kind* may be recorded now, in plain words; None if one may
        (the core's one predicate of the kind, ``Session.why_not``)."""
        ...

    def record(self, entry: Entry, now: datetime | None = None) -> Event: ...

    def correct(
        self, round_number: int, reason: str, entries: list[Entry], now: datetime | None = None
    ) -> Event: ...

    def receipt(self) -> Receipt | None: ...

    def ensure_history(self, progress: Progress | None = None) -> bool: ...

    def close(self) -> None: ...


def open_recording(
    store: Store,
    sid: int,
    *,
    history: bool = True,
    later: Callable[[Callable[[], None]], None] | None = None,
    folded: Session | None = None,
    rebuild: bool = False,
    keep: bool = True,
    made: tuple[int, dict[str, dict[str, Any]]] | None = None,
) -> Recording:
    """Session *sid* open for recording. Without *history* (``scorekeeper record``, the
    app) it is picked up at its snapshot's state when the journal vouches for that
    snapshot, reading and folding only the entries after it (the last
    :data:`snapshots.STATE_LAG` at least): enough to record anything, show those entries
    and undo them, but not to reach below them (see :meth:`Recording.ensure_history`).

    Closing keeps the snapshot up: its summaries at once, while the lock is held; a new
    state, when one is due, given to *later* to work out when it suits (the app: in a
    thread, after the list of sessions is back on screen; the lock is let go after it),
    else at once.

    *folded* is the session just stored from it (``import``): taken as the fold of what
    was written, so that closing keeps its snapshot without folding it again. *rebuild*:
    opened by a listing that found no vouched snapshot, to keep one.

    Without *keep* (a tap of the recorder's phone), closing lets go of the lock and keeps
    no snapshot: the entry is answered once it is on the disk and folded, and the
    snapshot is kept off that path (services/keeping.py). *made*: the summaries already
    worked out, without the lock, for the session at that many entries; closing keeps
    them only if the session still has exactly that many (else nothing: the next quiet
    moment tries again), never working them out here."""
    wait_for_closing(store, sid)
    keeper = SnapshotKeeper(
        store,
        keep=keep,
        keeps_state=not history or folded is not None or rebuild,
        # Keep a snapshot even when nothing was recorded, if none is vouched for: a
        # listing, an import, and the app leaving a table (it may have folded a long
        # session whole to open it); never a command the rules refused.
        rebuilds=folded is not None or rebuild or (not history and later is not None),
        made=made,
    )
    source = open_source(store, sid, resume=not history, folded=folded, rebuild=rebuild)
    try:
        return Recording(source, keeper, later=later)
    except BaseException:
        source.writer.close()
        raise


class Recording:
    """A stored session open for recording; holds the session's writer lock until closed."""

    read_only = False

    def __init__(
        self,
        source: Source,
        keeper: SnapshotKeeper,
        *,
        later: Callable[[Callable[[], None]], None] | None = None,
    ) -> None:
        """Record onto *source* (services/session_source.py ``open_source``), its writer
        and fold, with *keeper* keeping the snapshot as this closes, a new state when one
        is due given to *later* (see :func:`open_recording`)."""
        self.id = source.writer.id
        self._store = source.store
        self._closed = False
        self._later = later
        self._keeper = keeper
        #: How many entries this recording has put on the journal: whatever fails after
        #: an append, the caller can say what the journal holds (``scorekeeper record``).
        self.appended = 0
        #: The snapshot's state this recording was opened at, if it was (not folded whole).
        self.resumed_from: Resumption | None = source.resumption
        self._writer, self.session = source.writer, source.session
        self._chain, self._head = source.chain, source.head
        if source.refold is not None:
            source.refold.bind(self._refolded)
        keeper.opened(self, source)
        #: The entries the journal held at opening: with :attr:`appended`, what it holds.
        self._opened_with = self.session.ledger.next_seq - 1

    def _refolded(self) -> Session:
        """The whole fold, for a history the snapshot no longer holds as its vouch names
        it: that snapshot is not named again, a new one is kept at closing."""
        self.ensure_history()
        self._keeper.disown()
        return self.session

    @property
    def writer(self) -> SessionWriter:
        """The session's one writer (its lock held until :meth:`close`)."""
        return self._writer

    @property
    def journal_holds(self) -> int:
        """The entries the journal holds, as this recording wrote it."""
        return self._opened_with + self.appended

    @property
    def summaries(self) -> dict[str, dict[str, Any]] | None:
        """The summaries the snapshot kept as this recording closed."""
        return self._keeper.summaries

    def ensure_history(self, progress: Progress | None = None) -> bool:
        """Fold the whole session if it was picked up at a snapshot: for an undo or a
        correction that reaches below it, the timeline, the standings, an export. The
        lock is kept throughout; the app runs this in a worker thread while its table
        waits (ui/screens/history.py), showing *progress* (the entries folded).

        True if the snapshot's state turned out not to be what the entries give: its
        vouch line was forged. The whole fold, which checked every entry, is what counts
        from then on, and a new snapshot is kept as this recording closes. Its histories
        are compared by length only here (``verify`` compares them all)."""
        if self.session.history_from == 1:
            return False
        whole, verdict = session_source.fold_checked(self._writer.whole(), progress)
        wrong = not agrees_but_history(whole.state, self.session.state)
        if wrong:
            self._keeper.disown()
        self.session = whole
        self._chain, self._head = verdict.tip, verdict.head
        self._keeper.folded_whole(whole)
        return wrong

    def disown_snapshot(self) -> None:
        """The snapshot this recording was opened at lied (services/recheck.py found its
        state is not what the entries give): it is never named again by this recording,
        which takes a new state from its own fold as it closes."""
        self._keeper.disown()

    def check(self, entry: Entry, now: datetime | None = None) -> Event:
        return self._unvouched_history_folds(lambda: self.session.check(entry, now))

    def _unvouched_history_folds(self, work: Callable[[], _T]) -> _T:
        """*work*; if it read a history of the snapshot that is not what the vouched state
        names (changed in the file since), the whole session is folded and it is done
        again: time, never a command."""
        try:
            return work()
        except snapshots.HistoryNotVouched:
            self.ensure_history()
            return work()

    def why_not(self, kind: str) -> UserError | None:
        return self.session.why_not(kind)

    def receipt(self) -> Receipt | None:
        """The receipt of the session as recorded so far: its last entry's hash."""
        return Receipt(self.session.ledger.next_seq - 1, self._head)

    def record(self, entry: Entry, now: datetime | None = None) -> Event:
        """Record one entry: on disk (fsynced) before it counts; nothing changes on any error."""
        event = self.check(entry, now)
        doc = sealed(self._chain, event_to_doc(event))
        self._writer.append(doc)
        self._chain = self._head = doc[HASH_KEY]
        self.appended += 1
        try:
            self.session.commit(event)
        except snapshots.HistoryNotVouched:
            self.ensure_history()  # the whole fold holds the entry: on the disk already
        self._reaches_below(event)
        return event

    def _reaches_below(self, event: Event) -> None:
        """An undo or a correction recorded on the whole fold may reach below the state
        kept, which then no longer takes the entries after it: a new one at closing."""
        if event.kind in NEEDS_HISTORY and self.session.history_from == 1:
            self._keeper.stale = True

    def record_all(self, entries: list[Entry]) -> list[Event]:
        """Record every one of *entries* or none (``scorekeeper record`` of many): each
        checked in turn on the immutable ledger, then all of them on the disk in one write
        and one fsync, only then taken into the session. A disk that fills part-way keeps
        none of them, and nothing changes in memory either (issue 44 point 5)."""

        def checked() -> list[Event]:
            ledger, events = self.session.ledger, []
            for entry in entries:
                event = ledger.check(entry)
                ledger = ledger.step(event)
                events.append(event)
            return events

        events = self._unvouched_history_folds(checked)
        chain, docs = self._chain, []
        for event in events:
            doc = sealed(chain, event_to_doc(event))
            docs.append(doc)
            chain = doc[HASH_KEY]
        try:
            self._writer.append_all(docs)
        except StorageError as error:
            if error.key != "storage.write_failed" or len(docs) < 2:
                raise
            params = {**error.params, "count": len(docs)}
            raise StorageError("storage.write_failed_all", **params) from None
        self._chain = self._head = chain
        self.appended += len(events)
        for event in events:
            self.session.commit(event)
            self._reaches_below(event)
        return events

    def append_vouch(self, body: dict[str, Any]) -> None:
        """Append a vouch line holding *body* (the keeper's, services/snapshot_keeper.py),
        sealed with this installation's key and chained on; if the journal cannot take
        it now, nothing is appended and the chain stays where it was."""
        vouch = sealed_vouch(self._chain, body, self._store.sealer)
        if self._writer.append_vouch(vouch):
            self._chain = vouch[HASH_KEY]

    def correct(
        self, round_number: int, reason: str, entries: list[Entry], now: datetime | None = None
    ) -> Event:
        """Replace the entries of finished round *round_number* (one ``correct`` event)."""
        return self.record(correction_entry(round_number, reason, entries), now)

    def close(self) -> None:
        """Let go of the session, keeping its snapshot first (while the lock still keeps
        other writers out), so that listing it and opening it next need no fold. Closing
        again does nothing. Whatever fails in keeping the snapshot costs the next reader
        a fold, never this command: the entries are on the disk already."""
        if self._closed:
            return
        self._closed = True
        self._keeper.close(self._writer.close, self._later)

    def __enter__(self) -> Recording:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
