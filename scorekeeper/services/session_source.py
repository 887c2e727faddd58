"""Where a recording begins: the session's writer (its lock held), the session folded,
and where the chain stands. :func:`open_source` chooses: every entry folded (and checked
against its chain and the rules), the session just stored by ``import`` (folded already),
or the session picked up at its snapshot's state, reading and folding only the entries
after it. services/recording.py records onto the source it is handed; it never opens
the journal for reading itself.

A session's snapshot (storage/snapshot.py) is used only when a vouch line in its journal
names it, sealed with this installation's key; anything else about it (missing, forged,
unreadable, of a newer format) costs a fold of every entry, never a command. Only the
journal can make a session "changed after it was written".
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, TypeVar

from scorekeeper.collector import collector_paused
from scorekeeper.core.chain import Chain
from scorekeeper.core.codec import event_from_doc, header_from_doc
from scorekeeper.core.errors import RuleError
from scorekeeper.core.ledger import Ledger
from scorekeeper.core.progress import Progress, ticking
from scorekeeper.core.session import Session
from scorekeeper.core.state import RoundResult
from scorekeeper.core.state_codec import decode_state, encode_state_apart
from scorekeeper.core.stats import STATS_VERSION
from scorekeeper.messages import UserError
from scorekeeper.storage import NotResumable, SessionWriter, StorageError, Store, StoredSession
from scorekeeper.storage import snapshot as snapshots
from scorekeeper.storage.hashchain import KEY as HASH_KEY
from scorekeeper.storage.hashchain import TAKEN, Verdict, header_hash, header_stray, walk
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


def fold_checked(
    stored: StoredSession, progress: Progress | None = None
) -> tuple[Session, Verdict]:
    """The session a stored file holds, once its entries match their chain and the rules,
    and what checking the chain found (its last entry's hash, the hash to chain on to).

    Every open checks the whole chain, not only ``verify``: an entry edited on disk (even
    with its line checksum fixed up) is refused, naming the first entry that does not match.
    *progress* is told the entries folded (core/progress.py). Every whole fold of a stored
    session comes here (a test counts them by standing in for it).
    """
    verdict = verify_chain(stored.header, stored.events, stored.vouches)
    if not verdict.ok:
        raise chain_refusal(stored.id, verdict)
    try:
        header = header_from_doc(stored.header)
        with collector_paused():
            events = [event_from_doc(doc) for doc in stored.events]
            session = Session(header, ticking(events, len(events), progress))
    except RuleError as error:
        raise DamagedSession(
            "recording.session_invalid", session=stored.id, reason=error.message()
        ) from None
    return session, verdict


def fold_stored(stored: StoredSession) -> Session:
    """:func:`fold_checked`, the session alone."""
    return fold_checked(stored)[0]


class Refold:
    """The whole fold a source picked up at a snapshot's state turns to for a history the
    snapshot no longer holds as its vouch line names it. The source is opened before the
    recording that records onto it: that recording puts its own whole fold here
    (:meth:`bind`), which also stops naming the snapshot; until then, the writer's
    entries are folded."""

    __slots__ = ("_fold", "_writer")

    def __init__(self, writer: SessionWriter) -> None:
        self._writer = writer
        self._fold: Callable[[], Session] | None = None

    def bind(self, fold: Callable[[], Session]) -> None:
        """From now on, *fold* is the whole fold (the recording's)."""
        self._fold = fold

    def __call__(self) -> Session:
        if self._fold is not None:
            return self._fold()
        return fold_checked(self._writer.whole())[0]


@dataclass(frozen=True)
class Source:
    """What a recording records onto: the session's writer (its lock held), the session
    folded (whole, or from a snapshot's state), the hash the next document chains to and
    the one the last entry carries (the receipt's)."""

    store: Store
    writer: SessionWriter
    session: Session
    chain: str
    head: str
    #: Picked up at a snapshot's state: which, the SHA-256 of its state line (a snapshot
    #: of the first form: None), and the statistics it noted with the round results they
    #: count. None when folded whole.
    resumption: Resumption | None = None
    taken_digest: str | None = None
    stats_since: tuple[dict[str, Any], Chain[RoundResult]] | None = None
    #: A new state is due as the recording closes: a correction or an undo since the
    #: snapshot's state reaches below it (folded whole for that).
    stale: bool = False
    #: Where the histories of a snapshot's state turn when the file no longer holds them
    #: as vouched (:class:`Refold`); a whole fold never reads them.
    refold: Refold | None = field(default=None, compare=False)


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


def waiting_out_a_listing(open_it: Callable[[], _T], rebuild: bool) -> _T:
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


class FoldedWhenChanged:
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


def open_source(
    store: Store, sid: int, *, resume: bool, folded: Session | None = None, rebuild: bool = False
) -> Source:
    """Session *sid*'s writer and where a recording of it begins. With *resume*, the
    session picked up at its snapshot's state when the journal vouches for that snapshot
    (:func:`resumed_source`), else every entry folded; *folded*: the session just stored
    from it (``import``), taken as the fold of what was written. A lock held by a listing
    keeping a snapshot is waited out (:func:`waiting_out_a_listing`), except by a listing
    (*rebuild*)."""
    stale = False
    if resume and folded is None:
        source, stale = waiting_out_a_listing(lambda: resumed_source(store, sid), rebuild)
        if source is not None:
            return source
    if folded is None:
        writer, session, verdict = waiting_out_a_listing(lambda: _opened_whole(store, sid), rebuild)
    else:
        writer, session = store.open_writer(sid), folded
        verdict = verify_chain(writer.header, writer.events, writer.vouches)
    return Source(store, writer, session, verdict.tip, verdict.head, stale=stale)


def _opened_whole(store: Store, sid: int) -> tuple[SessionWriter, Session, Verdict]:
    """The session's writer and every entry folded, checked against the chain and rules."""
    writer = store.open_writer(sid)
    try:
        return writer, *fold_checked(writer.as_opened())
    except BaseException:
        writer.close()
        raise


def resumed_source(store: Store, sid: int) -> tuple[Source | None, bool]:
    """Session *sid* picked up at its snapshot's state, reading and folding only the
    entries after it; None to fold it all (no snapshot, or one the journal as it is now
    does not vouch for). The flag says a writer should take a new state (a correction or
    an undo since reaches below it). A history of that state is read from the snapshot
    when something reads it; one no longer as vouched is taken from the source's
    :class:`Refold`: the recording's whole fold, after which the snapshot's state is
    never named again."""
    found = snapshot_state(store, sid)
    if found is None:
        return None, False
    snap, taken = found
    try:
        writer = store.open_writer(sid, resume=taken.at)
    except NotResumable:
        return None, False
    refold = Refold(writer)
    if isinstance(snap, Seekable):  # its histories are read from the file when asked for
        taken = replace(taken, apart=_histories_when_read(taken, refold))
    try:
        resumed, stale = resume_from(
            sid, snap, taken, writer.header, writer.events, writer.vouches, store.sealer
        )
    except BaseException:
        writer.close()
        raise
    if resumed is None:
        writer.close()
        return None, stale
    digest = snap.state_digest if isinstance(snap, Seekable) else None
    source = Source(
        store,
        writer,
        resumed.session,
        resumed.chain,
        resumed.head,
        Resumption(store, sid, snap, taken),
        digest,
        (resumed.stats, resumed.counted),
        refold=refold,
    )
    return source, stale


def _histories_when_read(
    taken: StateAt, refolded: Callable[[], Session]
) -> tuple[FoldedWhenChanged, ...]:
    """The histories of the state *taken*, each read from the snapshot when something
    reads it; one that is not the text the vouched state line names (cut, changed) is
    taken from the fold of every entry instead, whoever reads it (a screen, an export,
    the next state kept): time, never a traceback (issue 44 point 3)."""
    lock = threading.Lock()

    def folded(index: int) -> str:
        with lock:
            session, entries = refolded(), taken.entries
            whole = len(session.events) == entries
            state = session.state if whole else session.state_before(entries)
            return encode_state_apart(state)[1][index]

    return tuple(FoldedWhenChanged(history, n, folded) for n, history in enumerate(taken.apart))
