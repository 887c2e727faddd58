"""Stored sessions, for the CLI and the app: the rules first, the disk second, the screen last.

An entry is checked by the rules, then appended and fsynced by the store, and
only then taken into the session in memory. If the disk refuses, the entry
is not recorded anywhere, and the caller gets a plain-words error.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from scorekeeper.core.chain import Chain
from scorekeeper.core.codec import event_from_doc, event_to_doc, header_from_doc, header_to_doc
from scorekeeper.core.corrections import correction_entry
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Event, Header
from scorekeeper.core.ledger import NEEDS_HISTORY, Ledger
from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.core.state import RoundResult, State
from scorekeeper.core.state_codec import agrees_but_history, decode_state, encode_state_apart
from scorekeeper.core.stats import STATS_VERSION, session_stats, state_stats
from scorekeeper.messages import UserError
from scorekeeper.services.summary_docs import STATS_KIND, summaries_of
from scorekeeper.storage import (
    NotResumable,
    SessionWriter,
    StateCheckpoint,
    Store,
    StoredSession,
    state_checkpoint,
)
from scorekeeper.storage.hashchain import KEY as HASH_KEY
from scorekeeper.storage.hashchain import header_hash, last_hash, seal_all, sealed, verify_after
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


def import_session(store: Store, session: Session) -> int:
    """Store a session folded elsewhere (``import``), with its summaries and, when it is
    long, its state checkpoint, from that fold: listing it and opening it the first time
    read no more than any time after."""
    sid = create_session(store, session.header, session.events)
    Recording(store, sid, folded=session).close()
    return sid


@dataclass(frozen=True)
class Resumed:
    """A session picked up at its state checkpoint: only the entries after it folded."""

    session: Session
    chain: str  # the hash the next entry chains to
    stats: dict[str, Any]  # the statistics the checkpoint noted
    counted: Chain[RoundResult]  # the round results those statistics count


def resume_from(
    sid: int, taken: StateCheckpoint, head: dict[str, Any], docs: list[dict[str, Any]]
) -> tuple[Resumed | None, bool]:
    """The session from *taken* and the entries after it (*docs*), checked against their
    chain and the rules as a whole fold checks them; None if *taken* cannot be used. The
    flag says the checkpoint is stale (a correction or an undo since reaches below it):
    a recorder writes a new one. An entry not matching its chain is damage: said."""
    if head.get(HASH_KEY) != header_hash(head):
        return None, False  # an edited header is told by the whole fold
    if any(doc.get("kind") == "correct" for doc in docs):
        return None, True  # a correction since replays its round: only the whole fold takes it
    chained_to, bad = verify_after(taken.chain, docs)
    if bad is not None:
        position = taken.entries + bad + 1
        raise DamagedSession("recording.entry_edited", session=sid, entry=position)
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
    except (RuleError, ValueError, TypeError, KeyError):
        return None, False  # not a checkpoint we wrote: fold it all
    ledger = Ledger.resume(header, state, taken.entries, last_at)
    try:
        tail = [event_from_doc(doc) for doc in docs]
        session = Session.resumed(header, ledger, first_at, tail)
    except RuleError:
        # An undo reaching below the checkpoint (or damage, which the whole fold then
        # names): the entries below are needed.
        return None, True
    return Resumed(session, chained_to, stats, state.results), False


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
    ) -> None:
        """Open session *sid* for recording. Without *history* (``scorekeeper record``,
        the app) it is picked up at its state checkpoint when one fits, reading and
        folding only the entries after it (the last :data:`state_checkpoint.LAG` at
        least): enough to record anything, show those entries and undo them, but not to
        reach below them (see :meth:`ensure_history`).

        Such a recording also keeps the checkpoint up as it closes; *later* is given the
        writing of it to run when it suits (the app: in a thread, after the list of
        sessions is back on screen), else it is written at once.

        *folded* is the session just stored from it (``import``): taken as the fold of
        what was written, so that closing keeps its summaries and its checkpoint (the
        first opening then as quick as the next) without folding it again."""
        self.id = sid
        self._store = store
        self._closed = False
        self._later = later
        self._checkpoint_at = 0  # entries the state checkpoint on disk covers
        self._keeps_checkpoint = not history or folded is not None  # they read and keep them
        #: An undo or a correction after the checkpoint: folding from it cannot take them,
        #: so a new one is taken as this recording closes.
        self._checkpoint_stale = False
        #: The statistics when the session was opened, and the round results they count:
        #: closing counts only the rounds added since (core/stats.py session_stats).
        self._stats_since: tuple[dict[str, Any], Chain[RoundResult]] | None = None
        opened = None if history or folded is not None else self._resumed()
        if opened is not None:
            self._writer, self.session, self._chain = opened
        else:
            if folded is None:
                self._writer, self.session = self._opened_whole()
            else:
                self._writer, self.session = store.open_writer(sid), folded
            self._chain = last_hash(self._writer.header, self._writer.events)
        if self._stats_since is None:
            self._stats_since = (self._opening_stats(), self.session.state.results)

    def _opening_stats(self) -> dict[str, Any]:
        """The statistics of the session as opened: noted beside it by the writer that last
        closed it, for these very bytes, else counted (23,000 rounds at 100,000 entries)."""
        size, digest = self._writer.bytes_so_far()
        noted = self._store.noted_for(self.id, size, digest, STATS_KIND) if digest else None
        if isinstance(noted, dict) and isinstance(noted.get("players"), dict):
            return noted
        return session_stats(self.session)

    def _opened_whole(self) -> tuple[SessionWriter, Session]:
        writer = self._store.open_writer(self.id)
        try:
            return writer, fold_stored(writer.as_opened())
        except BaseException:
            writer.close()
            raise

    def _resumed(self) -> tuple[SessionWriter, Session, str] | None:
        """The writer and the session from the state checkpoint, or None to fold it all
        (no checkpoint, or one that does not fit the journal as it is now)."""
        taken = self._store.state_checkpoint(self.id)
        if taken is None:
            return None
        try:
            writer = self._store.open_writer(self.id, resume=taken.at)
        except NotResumable:
            return None
        try:
            resumed = self._resume_from(taken, writer)
        except BaseException:
            writer.close()
            raise
        if resumed is None:
            writer.close()
            return None
        self._checkpoint_at = taken.entries
        return writer, *resumed

    def _resume_from(
        self, taken: StateCheckpoint, writer: SessionWriter
    ) -> tuple[Session, str] | None:
        """The session from *taken* and the entries after it (:func:`resume_from`), and the
        hash the next entry chains to; None if *taken* cannot be used."""
        resumed, stale = resume_from(self.id, taken, writer.header, writer.events)
        if stale:
            self._checkpoint_stale = True
        if resumed is None:
            return None
        self._stats_since = (resumed.stats, resumed.counted)
        return resumed.session, resumed.chain

    def ensure_history(self) -> bool:
        """Fold the whole session if it was picked up at a checkpoint: for an undo or a
        correction that reaches below it, the timeline, the standings, an export. The
        lock is kept throughout; the app runs this in a worker thread while its table
        waits (ui/screens/history.py).

        True if the checkpoint turned out not to be what the entries give (made by hand):
        it is removed, and the whole fold, which checked every entry, is what counts.
        Its histories are compared by length only here (``verify`` compares them all)."""
        if self.session.history_from == 1:
            return False
        whole = fold_stored(self._writer.whole())
        wrong = not agrees_but_history(whole.state, self.session.state)
        if wrong:
            self._store.drop_state_checkpoint(self.id)
            self._checkpoint_stale = True
        self.session = whole
        self._stats_since = (self._opening_stats(), whole.state.results)
        return wrong

    def check(self, entry: Entry, now: datetime | None = None) -> Event:
        return self.session.check(entry, now)

    def receipt(self) -> Receipt | None:
        """The receipt of the session as recorded so far."""
        return Receipt(self.session.ledger.next_seq - 1, self._chain)

    def record(self, entry: Entry, now: datetime | None = None) -> Event:
        """Record one entry: on disk (fsynced) before it counts; nothing changes on any error."""
        event = self.session.check(entry, now)
        doc = sealed(self._chain, event_to_doc(event))
        self._writer.append(doc)
        self._chain = doc["chain"]
        self.session.commit(event)
        if event.kind in NEEDS_HISTORY and self.session.history_from == 1:
            # It may reach below the checkpoint on disk, which then no longer takes the
            # entries after it: a new one as this recording closes.
            self._checkpoint_stale = True
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
            kinds = summaries_of(self.session, self.id, self._stats_since)
        except Exception:  # a cache: without it the next listing folds, as it always could
            kinds = None
        try:
            size, digest = self._writer.bytes_so_far()
            if kinds is not None and digest:
                self._store.note_summaries(self.id, size, digest, kinds)
                self._keep_state_checkpoint(kinds[STATS_KIND])
        finally:
            self._writer.close()

    def _keep_state_checkpoint(self, stats: dict[str, Any]) -> None:
        """Note the folded state for the next opening once the session is long enough
        that folding it costs more than reading this, and again every so many entries.

        It is taken :data:`state_checkpoint.LAG` entries behind the last, so that the
        next opening folds those again and has them to show and to undo. Worked out
        here, while the lock is held; written by *later* (see :meth:`__init__`)."""
        session = self.session
        entries = session.ledger.next_seq - 1
        target = entries - state_checkpoint.LAG
        if not self._keeps_checkpoint or entries < state_checkpoint.AT_LEAST:
            return
        if self._checkpoint_at == 0 and session.history_from == 1:
            kept = self._store.state_checkpoint(self.id)
            self._checkpoint_at = kept.entries if kept is not None else 0
        if target - self._checkpoint_at < state_checkpoint.EVERY and not self._checkpoint_stale:
            return
        index = target - session.history_from + 1  # of the entry after the target, in events
        docs = self._writer.events
        if index < 1 or len(docs) != len(session.events) or docs[index - 1].get("seq") != target:
            return  # not folded from this far back (or not as stored): next time
        point = self._writer.point_before_last(entries - target)
        if point is None:
            return
        state = session.state if index == len(session.events) else session.state_before(index)
        counted = state_stats(session.game, state, session.first_at, self._stats_since)
        first_at, last_at = session.first_at, session.events[index - 1].at
        store, sid, chain = self._store, self.id, docs[index - 1][HASH_KEY]

        def write() -> None:
            payload, apart = _checkpoint_payload(state, counted)
            taken = StateCheckpoint(
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
            store.keep_state_checkpoint(sid, taken)

        if self._later is None:
            write()
        else:
            self._later(write)

    def __enter__(self) -> Recording:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def checkpoint_disagrees(store: Store, stored: StoredSession) -> bool:
    """True if the state checkpoint of *stored* (the session as ``verify`` just read it)
    would be used (by the app, ``record``) but does not match its entries (a hand-made or forged
    one): it is then removed, so that nothing is ever decided from it. ``verify`` asks
    this after the chain is found intact."""
    sid = stored.id
    taken = store.state_checkpoint(sid)
    if taken is None:
        return False
    try:
        data = store.path(sid).read_bytes()[: taken.size]
    except OSError:
        return False
    if len(data) < taken.size or hashlib.sha256(data).hexdigest() != taken.digest:
        return False  # taken from other bytes: never used, and rewritten in time
    header = header_from_doc(stored.header)
    events = [event_from_doc(doc) for doc in stored.events[: taken.entries]]
    folded = Session(header, events)
    payload, apart = _checkpoint_payload(folded.state, session_stats(folded))
    agrees = (
        len(events) == taken.entries
        and stored.events[taken.entries - 1].get(HASH_KEY) == taken.chain
        and (taken.state, taken.apart) == (payload, tuple(apart))
        and taken.first_at == (folded.first_at.isoformat() if folded.first_at else None)
        and taken.last_at == (folded.last_at.isoformat() if folded.last_at else None)
    )
    if not agrees:
        store.drop_state_checkpoint(sid)
    return not agrees


def _checkpoint_payload(state: State, stats: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """What a state checkpoint keeps of a session's *state*: the state (its histories
    apart, see core/state_codec.py), its statistics, and how many round results those
    count."""
    doc, apart = encode_state_apart(state)
    return {"state": doc, "stats": stats, "results": len(state.results)}, apart
