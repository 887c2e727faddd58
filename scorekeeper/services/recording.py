"""Stored sessions, for the CLI and the app: the rules first, the disk second, the screen last.

An entry is checked by the rules, then appended and fsynced by the store, and
only then taken into the session in memory. If the disk refuses, the entry
is not recorded anywhere, and the caller gets a plain-words error.

The journal is the only source. A session's snapshot (storage/snapshot.py) is used only
when a vouch line in its journal names it; anything else about it (missing, forged,
unreadable, of a newer format, not what a fold gives) costs a fold, never a command,
and only the journal can make a session "changed after it was written".
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Protocol, TypeVar

from scorekeeper.collector import collector_paused
from scorekeeper.core.chain import Chain
from scorekeeper.core.codec import event_from_doc, event_to_doc, header_from_doc, header_to_doc
from scorekeeper.core.corrections import correction_entry
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Event, Header
from scorekeeper.core.header import header_like
from scorekeeper.core.ledger import NEEDS_HISTORY, Ledger
from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.core.state import RoundResult, State
from scorekeeper.core.state_codec import (
    HistoryPieces,
    agrees_but_history,
    decode_state,
    encode_state_apart,
    encode_state_digested,
    encode_state_pieces,
)
from scorekeeper.core.stats import STATS_VERSION, session_stats, state_stats
from scorekeeper.messages import UserError
from scorekeeper.services.summary_docs import summaries_of
from scorekeeper.storage import NotResumable, SessionWriter, StorageError, Store, StoredSession
from scorekeeper.storage import snapshot as snapshots
from scorekeeper.storage.hashchain import KEY as HASH_KEY
from scorekeeper.storage.hashchain import (
    TAKEN,
    Verdict,
    as_stored,
    header_hash,
    header_stray,
    is_seek_vouch,
    seal_all,
    sealed,
    sealed_vouch,
    walk,
)
from scorekeeper.storage.hashchain import verify as verify_chain
from scorekeeper.storage.seal import Sealer
from scorekeeper.storage.snapshot import Seekable, Snapshot, StateAt

_T = TypeVar("_T")


class DamagedSession(UserError):
    """A stored session whose entries the rules refuse: edited by hand, or not ours."""


def chain_refusal(sid: int, verdict: Verdict) -> DamagedSession:
    """What a broken chain is said as: the first document that does not match."""
    if verdict.bad_header:
        if verdict.stray is not None:
            return DamagedSession("recording.header_stray_key", session=sid, name=verdict.stray)
        key = "recording.chain_stripped_header" if verdict.missing else "recording.header_edited"
        return DamagedSession(key, session=sid)
    if verdict.bad_entry is not None:
        if verdict.stray is not None:
            where = {"session": sid, "entry": verdict.bad_entry, "name": verdict.stray}
            return DamagedSession("recording.entry_stray_key", **where)
        key = "recording.chain_stripped" if verdict.missing else "recording.entry_edited"
        return DamagedSession(key, session=sid, entry=verdict.bad_entry)
    return DamagedSession("recording.vouch_edited", session=sid, entry=verdict.bad_vouch)


def fold_checked(stored: StoredSession) -> tuple[Session, Verdict]:
    """The session a stored file holds, once its entries match their chain and the rules,
    and what checking the chain found (its last entry's hash, the hash to chain on to).

    Every open checks the whole chain, not only ``verify``: an entry edited on disk (even
    with its line checksum fixed up) is refused, naming the first entry that does not match.
    """
    verdict = verify_chain(stored.header, stored.events, stored.vouches)
    if not verdict.ok:
        raise chain_refusal(stored.id, verdict)
    try:
        header = header_from_doc(stored.header)
        with collector_paused():
            session = Session(header, [event_from_doc(doc) for doc in stored.events])
    except RuleError as error:
        raise DamagedSession(
            "recording.session_invalid", session=stored.id, reason=error.message()
        ) from None
    return session, verdict


def fold_stored(stored: StoredSession) -> Session:
    """:func:`fold_checked`, the session alone."""
    return fold_checked(stored)[0]


def receipt_of(stored: StoredSession) -> Receipt:
    """The receipt of a stored session as it is on disk now (its chain checked)."""
    return Receipt(len(stored.events), fold_checked(stored)[1].head)


def load_with_receipt(store: Store, sid: int) -> tuple[Session, Receipt]:
    """:func:`load_session` and the session's receipt, from one read (a summary to share)."""
    stored = store.read(sid)
    session, verdict = fold_checked(stored)
    return session, Receipt(len(stored.events), verdict.head)


def load_session(store: Store, sid: int) -> Session:
    """A session read without taking the writer's lock (for replay, export, list)."""
    return fold_stored(store.read(sid))


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
    Recording(store, sid, folded=session).close()
    return sid


def summaries_now(store: Store, sid: int) -> dict[str, dict[str, Any]]:
    """Every kind of summary of session *sid* folded whole (a listing found no snapshot its
    journal vouches for). When no writer has it, a snapshot is kept as the writer would
    keep one, so that the next listing does not fold it again: a vouch line is appended,
    never an entry, and only to a journal with no unfinished write waiting."""
    try:
        rec = Recording(store, sid, rebuild=True)
    except StorageError as error:
        if error.key != "storage.locked":
            raise
        return summaries_of(load_session(store, sid), sid)
    rec.close()
    # None when keeping the snapshot failed (a hint): the fold is there all the same
    return rec.summaries if rec.summaries is not None else summaries_of(rec.session, sid)


@dataclass(frozen=True)
class Resumed:
    """A session picked up at its snapshot's state: only the entries after it folded."""

    session: Session
    chain: str  # the hash the next document chains to
    head: str  # the hash the last entry carries (the receipt's)
    stats: dict[str, Any]  # the statistics the snapshot noted with its state
    counted: Chain[RoundResult]  # the round results those statistics count


@dataclass(frozen=True)
class Resumption:
    """Where a session was opened from derived state: the snapshot whose state it was
    picked up at. Kept by the opener so that one background fold of every entry
    (services/recheck.py) can check that state, which the journal only vouched for."""

    store: Store
    sid: int
    snapshot: Snapshot | Seekable  # what a vouch line names
    taken: StateAt  # the state it keeps, as the session was picked up at it


def resume_from(
    sid: int,
    snap: Snapshot | Seekable,
    taken: StateAt,
    head: dict[str, Any],
    docs: list[dict[str, Any]],
    vouches: list[dict[str, Any]],
    sealer: Sealer,
) -> tuple[Resumed | None, bool]:
    """The session from *taken* (the state in *snap*) and the entries after it (*docs*,
    with the *vouches* among them), checked against their chain and the rules as a whole
    fold checks them; None if it cannot be used: no vouch line sealed with this
    installation's key (*sealer*, storage/seal.py) names *snap* (unsealed, forged, sealed
    on another machine: nobody's word), or anything after it does not hold (the whole
    fold then says what is wrong, if anything is). The flag says a writer should take a
    new state (a correction or an undo since reaches below it)."""
    if head.get(HASH_KEY) != header_hash(head) or header_stray(head) is not None:
        return None, False
    if not any(snap.named_by(vouch) for vouch in vouches):
        return None, False  # not named by the journal: a hint nobody vouches for
    if any(doc.get("kind") == "correct" for doc in docs):
        return None, True  # a correction since replays its round: only the whole fold takes it
    walked = walk(taken.chain, docs, vouches, first=taken.entries + 1, sealer=sealer)
    if not walked.ok:
        return None, False
    named = [vouches[place] for place in walked.sealed if snap.named_by(vouches[place])]
    if not any(vouch.get(TAKEN) == taken.entries for vouch in named):
        return None, False  # named only by lines this installation did not seal
    try:
        header = header_from_doc(head)
        kept = taken.state
        if not isinstance(kept, dict) or set(kept) != {"state", "stats", "results"}:
            return None, False
        state = decode_state(kept["state"], header.options, header.game, taken.apart)
        stats, counted = kept["stats"], kept["results"]
        if not isinstance(stats, dict) or not isinstance(stats.get("players"), dict):
            return None, False
        if stats.get("version") != STATS_VERSION:  # folded by other rules: fold again
            return None, False
        if type(counted) is not int or counted != len(state.results):
            return None, False
        first_at = datetime.fromisoformat(taken.first_at) if taken.first_at else None
        last_at = datetime.fromisoformat(taken.last_at) if taken.last_at else None
        ledger = Ledger.resume(header, state, taken.entries, last_at)
        tail = [event_from_doc(doc) for doc in docs]
        with collector_paused():
            session = Session.resumed(header, ledger, first_at, tail)
    except RuleError:
        # An undo reaching below the state (or damage, which the whole fold then names):
        # the entries below are needed.
        return None, True
    except Exception:
        return None, False
    return Resumed(session, walked.tip, walked.head, stats, state.results), False


def snapshot_state(store: Store, sid: int) -> tuple[Snapshot | Seekable, StateAt] | None:
    """The session's snapshot and the state it keeps, if it keeps one (not yet believed).
    One a new-form vouch would name (storage/snapshot.py SEEKABLE) is read no further than
    its state line: its histories are read from the file when something reads them."""
    seekable = snapshots.load_seekable(store.path(sid))
    if seekable is not None:
        return seekable, seekable.taken
    snap = store.snapshot(sid)
    taken = snap.state() if snap is not None else None
    return (snap, taken) if snap is not None and taken is not None else None


#: How long a writer waits for the lock when a listing (in this process or another) may
#: hold it to keep a snapshot (a fold of one session, a few milliseconds), before saying
#: the session is open elsewhere: a hint never refuses a command.
LOCK_GRACE = 1.5


def _waiting_out_a_listing(open_it: Callable[[], _T], rebuild: bool) -> _T:
    """*open_it*, tried again while the session's lock is held, for :data:`LOCK_GRACE`;
    a listing's own open (*rebuild*) does not wait: it folds without the lock instead."""
    deadline = time.monotonic() + (0 if rebuild else LOCK_GRACE)
    while True:
        try:
            return open_it()
        except StorageError as error:
            if error.key != "storage.locked" or time.monotonic() >= deadline:
                raise
        time.sleep(0.05)


#: Writers of this process still keeping a snapshot after their table closed (the app
#: does it in a thread): opening the same session again waits for them, not refused.
_CLOSING: dict[tuple[str, int], threading.Event] = {}
_CLOSING_LOCK = threading.Lock()


def _wait_for_closing(store: Store, sid: int) -> None:
    with _CLOSING_LOCK:
        pending = _CLOSING.get((str(store.root), sid))
    if pending is not None:
        pending.wait()


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

    def ensure_history(self) -> bool: ...

    def close(self) -> None: ...


class Recording:
    """A stored session open for recording; holds the session's writer lock until closed."""

    read_only = False

    def __init__(
        self,
        store: Store,
        sid: int,
        *,
        history: bool = True,
        later: Callable[[Callable[[], None]], None] | None = None,
        folded: Session | None = None,
        rebuild: bool = False,
        keep: bool = True,
        made: tuple[int, dict[str, dict[str, Any]]] | None = None,
    ) -> None:
        """Open session *sid* for recording. Without *history* (``scorekeeper record``,
        the app) it is picked up at its snapshot's state when the journal vouches for
        that snapshot, reading and folding only the entries after it (the last
        :data:`snapshots.STATE_LAG` at least): enough to record anything, show those
        entries and undo them, but not to reach below them (see :meth:`ensure_history`).

        Closing keeps the snapshot up: its summaries at once, while the lock is held; a
        new state, when one is due, given to *later* to work out when it suits (the app:
        in a thread, after the list of sessions is back on screen; the lock is let go
        after it), else at once.

        *folded* is the session just stored from it (``import``): taken as the fold of
        what was written, so that closing keeps its snapshot without folding it again.
        *rebuild*: opened by a listing that found no vouched snapshot, to keep one.

        Without *keep* (a tap of the recorder's phone), closing lets go of the lock and
        keeps no snapshot: the entry is answered once it is on the disk and folded, and
        the snapshot is kept off that path (services/keeping.py). *made*: the summaries
        already worked out, without the lock, for the session at that many entries;
        closing keeps them only if the session still has exactly that many (else
        nothing: the next quiet moment tries again), never working them out here."""
        _wait_for_closing(store, sid)
        self.id = sid
        self._store = store
        self._closed = False
        self._later = later
        self._keeps = keep
        self._made = made
        #: The summaries the snapshot kept as this recording closed.
        self.summaries: dict[str, dict[str, Any]] | None = None
        self._keeps_state = not history or folded is not None or rebuild
        #: Keep a snapshot even when nothing was recorded, if none is vouched for: a listing,
        #: an import, and the app leaving a table (it may have folded a long session whole
        #: to open it); never a command the rules refused (it changes nothing on disk).
        self._rebuilds = folded is not None or rebuild or (not history and later is not None)
        #: The state the journal vouched for at opening (reused while not due again), and
        #: the SHA-256 of its line in a snapshot a new-form vouch names (None: a snapshot
        #: of the first form, which closing replaces by one of the new form).
        self._taken: StateAt | None = None
        self._taken_digest: str | None = None
        #: An undo or a correction after that state: folding from it cannot take them,
        #: so a new one is taken as this recording closes.
        self._state_stale = False
        self._recorded = 0
        #: The statistics when the session was opened, and the round results they count:
        #: closing counts only the rounds added since (core/stats.py session_stats).
        self._stats_since: tuple[dict[str, Any], Chain[RoundResult]] | None = None
        #: The snapshot's state this recording was opened at, if it was (not folded whole).
        self.resumed_from: Resumption | None = None
        opened = _waiting_out_a_listing(
            lambda: None if history or folded is not None else self._resumed(), rebuild
        )
        if opened is not None:
            self._writer, self.session, self._chain, self._head = opened
        else:
            if folded is None:
                self._writer, self.session, verdict = _waiting_out_a_listing(
                    self._opened_whole, rebuild
                )
            else:
                self._writer, self.session = store.open_writer(sid), folded
                verdict = verify_chain(
                    self._writer.header, self._writer.events, self._writer.vouches
                )
            self._chain, self._head = verdict.tip, verdict.head
        if self._stats_since is None:
            self._stats_since = (session_stats(self.session), self.session.state.results)

    def _opened_whole(self) -> tuple[SessionWriter, Session, Verdict]:
        writer = self._store.open_writer(self.id)
        try:
            return writer, *fold_checked(writer.as_opened())
        except BaseException:
            writer.close()
            raise

    def _resumed(self) -> tuple[SessionWriter, Session, str, str] | None:
        """The writer and the session from the snapshot's state, or None to fold it all
        (no snapshot, or one the journal as it is now does not vouch for)."""
        found = snapshot_state(self._store, self.id)
        if found is None:
            return None
        snap, taken = found
        if isinstance(snap, Seekable):  # its histories are read from the file when asked for
            taken = replace(taken, apart=self._folded_when_changed(taken))
        try:
            writer = self._store.open_writer(self.id, resume=taken.at)
        except NotResumable:
            return None
        try:
            resumed, stale = resume_from(
                self.id,
                snap,
                taken,
                writer.header,
                writer.events,
                writer.vouches,
                self._store.sealer,
            )
        except BaseException:
            writer.close()
            raise
        self._state_stale = stale
        if resumed is None:
            writer.close()
            return None
        self._taken = taken
        self._taken_digest = snap.state_digest if isinstance(snap, Seekable) else None
        self._stats_since = (resumed.stats, resumed.counted)
        self.resumed_from = Resumption(self._store, self.id, snap, taken)
        return writer, resumed.session, resumed.chain, resumed.head

    def _folded_when_changed(self, taken: StateAt) -> tuple[_FoldedWhenChanged, ...]:
        """The histories of the state *taken*, each read from the snapshot when something
        reads it; one that is not the text the vouched state line names (cut, changed)
        is taken from the fold of every entry instead, whoever reads it (a screen, an
        export, the next state kept): time, never a traceback (issue 44 point 3)."""
        lock = threading.Lock()

        def folded(index: int) -> str:
            with lock:
                self.ensure_history()
                # the snapshot no longer holds what its vouch names: a new one at closing
                self._taken = self._taken_digest = None
                self._state_stale = True
                session, entries = self.session, taken.entries
                whole = len(session.events) == entries
                state = session.state if whole else session.state_before(entries)
                return encode_state_apart(state)[1][index]

        return tuple(
            _FoldedWhenChanged(history, n, folded) for n, history in enumerate(taken.apart)
        )

    def ensure_history(self) -> bool:
        """Fold the whole session if it was picked up at a snapshot: for an undo or a
        correction that reaches below it, the timeline, the standings, an export. The
        lock is kept throughout; the app runs this in a worker thread while its table
        waits (ui/screens/history.py).

        True if the snapshot's state turned out not to be what the entries give: its
        vouch line was forged. The whole fold, which checked every entry, is what counts
        from then on, and a new snapshot is kept as this recording closes. Its histories
        are compared by length only here (``verify`` compares them all)."""
        if self.session.history_from == 1:
            return False
        whole, verdict = fold_checked(self._writer.whole())
        wrong = not agrees_but_history(whole.state, self.session.state)
        if wrong:
            self._taken = self._taken_digest = None
            self._state_stale = True
        self.session = whole
        self._chain, self._head = verdict.tip, verdict.head
        self._stats_since = (session_stats(whole), whole.state.results)
        return wrong

    def disown_snapshot(self) -> None:
        """The snapshot this recording was opened at lied (services/recheck.py found its
        state is not what the entries give): it is never named again by this recording,
        which takes a new state from its own fold as it closes."""
        self._taken = self._taken_digest = None
        self._state_stale = True

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
        self._recorded += 1
        try:
            self.session.commit(event)
        except snapshots.HistoryNotVouched:
            self.ensure_history()  # the whole fold holds the entry: on the disk already
        if event.kind in NEEDS_HISTORY and self.session.history_from == 1:
            # It may reach below the state kept, which then no longer takes the entries
            # after it: a new one as this recording closes.
            self._state_stale = True
        return event

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
        self._recorded += len(events)
        for event in events:
            self.session.commit(event)
            if event.kind in NEEDS_HISTORY and self.session.history_from == 1:
                self._state_stale = True  # as in record()
        return events

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
        if not self._keeps:
            self._writer.close()
            return
        later: Callable[[], None] | None = None
        try:
            later = self._keep_snapshot()
        except Exception:
            later = None
        if later is None:
            self._writer.close()
            return
        if self._later is None:
            self._finish(later)
            return
        done = threading.Event()
        key = (str(self._store.root), self.id)
        with _CLOSING_LOCK:
            _CLOSING[key] = done

        def job() -> None:
            try:
                self._finish(later)
            finally:
                with _CLOSING_LOCK:
                    if _CLOSING.get(key) is done:
                        del _CLOSING[key]
                done.set()

        try:
            self._later(job)
        except BaseException:
            job()
            raise

    def _finish(self, job: Callable[[], None]) -> None:
        try:
            job()
        except Exception:
            pass
        finally:
            self._writer.close()

    def _keep_snapshot(self) -> Callable[[], None] | None:
        """Keep the snapshot with the session's summaries now and the state it already
        vouched for (when still good); return the work of taking a new state, when one is
        due, to be done before the lock is let go; None when there is none."""
        session, writer = self.session, self._writer
        entries = session.ledger.next_seq - 1
        idle = self._recorded == 0 and not self._state_stale
        if idle and not self._rebuilds:
            return None
        if self._made is None:
            self.summaries = summaries_of(session, self.id, self._stats_since)
        elif self._made[0] == entries:
            self.summaries = self._made[1]
        else:
            return None  # an entry came after they were made: kept at the next quiet moment
        if idle and self._still_vouched(entries):
            return None
        if writer.torn:
            return None  # the next entry sets the unfinished write aside; then a snapshot
        reused = self._taken if not self._state_stale else None
        self._write(reused)
        if not self._keeps_state or entries < snapshots.STATE_AT_LEAST:
            return None
        target = entries - snapshots.STATE_LAG
        since = reused.entries if reused is not None else 0
        # a state kept in a snapshot of the first form is taken again in the new form
        current = reused is not None and self._taken_digest is not None
        if target - since < snapshots.STATE_EVERY and current:
            return None
        taken = self._state_at(target)
        if taken is None:
            return None
        return lambda: self._take_and_write(taken)

    def _take_and_write(self, take: Callable[[], StateAt]) -> None:
        try:
            state = take()
        except snapshots.HistoryNotVouched:
            # a history of the snapshot was changed in the file: none is named from now
            # on, and the next opening folds the entries and keeps a true one
            snapshots.discard(self._store.path(self.id))
            raise
        self._write(state)

    def _still_vouched(self, entries: int) -> bool:
        """The journal's last line already vouches, sealed with this installation's key,
        for the summaries this writer folded (:attr:`summaries`) and for the snapshot
        beside it (or for none, in a session too short for one)."""
        vouches = self._writer.vouches
        if not vouches or not is_seek_vouch(vouches[-1]) or vouches[-1]["after"] != entries:
            return False
        last = vouches[-1]
        sealer = self._store.sealer
        previous = self._tip_before_last_vouch(entries)
        if sealer.can_seal() and (previous is None or not sealer.checks(previous, last)):
            return False  # unsealed, or sealed elsewhere: seal it again
        # (with no key, a line like it is all a writer could append: none is)
        if self.summaries is None or last["summaries"] != as_stored(self.summaries):
            return False
        if last["state"] is None:
            return entries < snapshots.STATE_AT_LEAST or not self._keeps_state
        seekable = snapshots.load_seekable(self._store.path(self.id))
        return seekable is not None and seekable.named_by(last)

    def _tip_before_last_vouch(self, entries: int) -> str | None:
        """The hash the journal's last line (a vouch after entry *entries*) chains on to:
        the line before it, as this writer read it; None when it did not read it."""
        vouches, events = self._writer.vouches, self._writer.events
        if len(vouches) > 1 and vouches[-2].get("after") == entries:
            found = vouches[-2].get(HASH_KEY)
        elif events and events[-1].get("seq") == entries:
            found = events[-1].get(HASH_KEY)
        elif self._taken is not None and self._taken.entries == entries:
            found = self._taken.chain
        elif entries == 0:
            found = self._writer.header.get(HASH_KEY)
        else:
            found = None
        return found if isinstance(found, str) else None

    def _write(self, state: StateAt | None) -> None:
        """Keep the snapshot (a new state only: one already kept is named again, not
        written again), then append the vouch line that names it and holds the summaries
        (chained on, sealed with this installation's key). No journal byte before it is
        read or hashed for it. What it names is this writer's own: the summaries of its
        fold, and a state it took from that fold or resumed at under a seal that checked."""
        assert self.summaries is not None
        digest: str | None = None
        if state is not None and state is self._taken and self._taken_digest is not None:
            digest = self._taken_digest
        elif state is not None:
            digest = snapshots.save_seekable(self._store.path(self.id), state)
            if digest is not None:
                self._taken, self._taken_digest = state, digest
        else:  # no state kept: a snapshot beside the journal would be named by nothing
            snapshots.discard(self._store.path(self.id))
            self._taken = self._taken_digest = None
        body = {
            "after": self.session.ledger.next_seq - 1,
            "size": self._writer.bytes_so_far()[0],
            "state": digest,
            "summaries": self.summaries,
            TAKEN: state.entries if state is not None and digest is not None else None,
        }
        vouch = sealed_vouch(self._chain, body, self._store.sealer)
        if self._writer.append_vouch(vouch):
            self._chain = vouch[HASH_KEY]

    def _state_at(self, target: int) -> Callable[[], StateAt] | None:
        """The work of taking the state after entry *target*, with what it needs picked
        up now (while the session is not changing); None when it cannot be taken here."""
        session = self.session
        index = target - session.history_from + 1  # of the entry after the target, in events
        docs = self._writer.events
        if index < 1 or len(docs) != len(session.events) or docs[index - 1].get("seq") != target:
            return None  # not folded from this far back (or not as stored): next time
        point = self._writer.point_before_last(len(docs) - index)
        if point is None:
            return None
        state = session.state if index == len(session.events) else session.state_before(index)
        first_at, last_at = session.first_at, session.events[index - 1].at
        chain, since = docs[index - 1][HASH_KEY], self._stats_since

        def take() -> StateAt:
            counted = state_stats(session.game, state, first_at, since)
            payload, apart = state_payload(state, counted, pieces=True)  # never made whole
            return StateAt(
                entries=target,
                size=point.size,
                digest=point.digest,
                chain=chain,
                next_id=point.next_id,
                first_at=first_at.isoformat() if first_at else None,
                last_at=last_at.isoformat(),
                state=payload,
                apart=tuple(apart),
            )

        return take

    def __enter__(self) -> Recording:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _FoldedWhenChanged:
    """A history of a snapshot a writer opened at (storage/snapshot.py ``_History``): its
    text from the file, checked against the vouched state line; else, when the file no
    longer holds that text, the text the fold of every entry gives (*folded*)."""

    __slots__ = ("_folded", "_history", "_index")

    def __init__(self, history: Any, index: int, folded: Callable[[int], str]) -> None:
        self._history, self._index, self._folded = history, index, folded

    def text(self) -> str:
        try:
            text = self._history.text()
        except snapshots.HistoryNotVouched:
            return self._folded(self._index)
        if not isinstance(text, str):
            raise ValueError("a history kept apart that is not text")
        return text

    def pieces(self) -> Iterator[str]:
        """The text a chunk at a time, read from the file (a new state written from it
        never holds it whole), once checked through; else the fold's, as :meth:`text`."""
        try:
            self._history.check()
        except snapshots.HistoryNotVouched:
            yield self._folded(self._index)
            return
        yield from self._history.pieces()


def snapshot_disagrees(store: Store, stored: StoredSession, whole: Session) -> bool:
    """True if the journal of *stored* (read whole, its chain found intact, folded as
    *whole*) vouches for the snapshot beside it, but the snapshot is not what folding the
    entries gives: its vouch line was forged, so the journal itself was changed. ``verify``
    asks this; a snapshot the journal does not vouch for is nobody's word and is not looked
    at. The states the snapshot speaks of are taken from *whole*, not folded again."""
    last = stored.vouches[-1] if stored.vouches else None
    if is_seek_vouch(last) and last is not None and _seek_disagrees(store, stored, whole, last):
        return True
    snap = store.snapshot(stored.id)
    if snap is None:
        return False
    digest = snap.digest
    named = [vouch for vouch in stored.vouches if vouch.get("snapshot") == digest]
    if not named:
        return False
    count = len(whole.events)
    summaries = snap.summaries()
    for vouch in named:
        after = vouch["after"]
        if after == count:
            folded = whole
        else:
            with collector_paused():
                folded = Session(whole.header, whole.events[:after])
        if summaries != summaries_of(folded, stored.id):
            return True
    taken = snap.state()
    if snap.data.split(b"\n")[1:2] != [b"null"] and taken is None:
        return True  # vouched for, yet not a state we write
    if taken is None:
        return False
    entries = taken.entries
    if not 0 < entries <= count:
        return True
    state = whole.state if entries == count else whole.state_before(entries)
    first_at = whole.first_at
    payload, apart = state_payload(state, state_stats(whole.game, state, first_at))
    return not (
        stored.events[entries - 1].get(HASH_KEY) == taken.chain
        and (taken.state, taken.apart) == (payload, tuple(apart))
        and taken.first_at == (first_at.isoformat() if first_at else None)
        and taken.last_at == whole.events[entries - 1].at.isoformat()
    )


def _seek_disagrees(
    store: Store, stored: StoredSession, whole: Session, last: dict[str, Any]
) -> bool:
    """:func:`snapshot_disagrees` for the new form: the summaries the last vouch line holds
    (what the session list shows when it is the journal's last line) and the state of the
    snapshot a vouch line names by its state digest, when its histories are the texts its
    state line names; both against the fold of the entries."""
    after = last["after"]
    if not 0 <= after <= len(whole.events):
        return True
    with collector_paused():
        folded = (
            whole if after == len(whole.events) else Session(whole.header, whole.events[:after])
        )
    if last["summaries"] != summaries_of(folded, stored.id):
        return True
    seekable = snapshots.load_seekable(store.path(stored.id))
    if seekable is None or not any(seekable.named_by(v) for v in stored.vouches):
        return False
    taken = seekable.taken
    try:
        texts = tuple(history.text() for history in taken.apart)
    except (OSError, ValueError):
        return False  # not the histories the vouched state line names: nobody's word
    entries = taken.entries
    if not 0 < entries <= len(whole.events):
        return True
    state = whole.state if entries == len(whole.events) else whole.state_before(entries)
    first_at = whole.first_at
    payload, apart = state_payload(state, state_stats(whole.game, state, first_at))
    return not (
        stored.events[entries - 1].get(HASH_KEY) == taken.chain
        and (taken.state, texts) == (payload, tuple(apart))
        and taken.first_at == (first_at.isoformat() if first_at else None)
        and taken.last_at == whole.events[entries - 1].at.isoformat()
    )


def state_payload(
    state: State, stats: dict[str, Any], *, digested: bool = False, pieces: bool = False
) -> tuple[dict[str, Any], list[Any]]:
    """What a snapshot keeps of a session's *state*: the state (its histories apart, see
    core/state_codec.py), its statistics, and how many round results those count. With
    *digested*, each history as the SHA-256 of its text, never made whole (``verify``);
    with *pieces*, each as a :class:`HistoryPieces`, to be written a piece at a time (a
    writer taking a new state)."""
    if pieces:
        doc, chains = encode_state_pieces(state)
        return payload_of(state, doc, stats), [HistoryPieces(chain) for chain in chains]
    doc, apart = encode_state_digested(state) if digested else encode_state_apart(state)
    return payload_of(state, doc, stats), apart


def payload_of(state: State, doc: dict[str, Any], stats: dict[str, Any]) -> dict[str, Any]:
    """:func:`state_payload`'s document, around *doc* (the state as encoded)."""
    return {"state": doc, "stats": stats, "results": len(state.results)}
