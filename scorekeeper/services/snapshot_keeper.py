"""What a writer keeps beside the journal as it closes: the snapshot and the vouch line.

A :class:`~scorekeeper.services.recording.Recording` checks, appends and folds; the
derived state around it is this keeper's alone: the state the journal vouched for when
the session was opened (reused while not due again), whether an undo or a correction
made a new one due, the statistics counted at opening, and the summaries kept. As the
recording closes, the keeper writes the snapshot and has the recording append the vouch
line naming it (chained on, sealed with this installation's key, storage/seal.py).

Whatever fails here costs the next reader a fold, never a command: the entries are on
the disk already. (services/keeping.py keeps a session's snapshot up off the path of the
recorder's phone, through a recording opened for that.)
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Protocol

from scorekeeper.core.chain import Chain
from scorekeeper.core.session import Session
from scorekeeper.core.state import RoundResult
from scorekeeper.core.stats import session_stats, state_stats
from scorekeeper.services.session_source import Source
from scorekeeper.services.state_payload import state_payload
from scorekeeper.services.summary_docs import summaries_of
from scorekeeper.storage import SessionWriter, Store
from scorekeeper.storage import snapshot as snapshots
from scorekeeper.storage.hashchain import KEY as HASH_KEY
from scorekeeper.storage.hashchain import TAKEN, as_stored, is_seek_vouch
from scorekeeper.storage.snapshot import StateAt

#: What the statistics counted when the session was opened, and the round results they
#: count: closing counts only the rounds added since (core/stats.py session_stats).
StatsSince = tuple[dict[str, Any], Chain[RoundResult]]


class Kept(Protocol):
    """What the keeper reads of the recording whose snapshot it keeps."""

    id: int
    session: Session

    @property
    def writer(self) -> SessionWriter: ...

    @property
    def appended(self) -> int: ...

    @property
    def journal_holds(self) -> int:
        """The entries the journal holds, as this recording wrote it."""
        ...

    def append_vouch(self, body: dict[str, Any]) -> None:
        """Append a vouch line holding *body*, chained on and sealed."""
        ...


#: Writers of this process still keeping a snapshot after their table closed (the app
#: does it in a thread): opening the same session again waits for them, not refused.
_CLOSING: dict[tuple[str, int], threading.Event] = {}
_CLOSING_LOCK = threading.Lock()


def wait_for_closing(store: Store, sid: int) -> None:
    """Wait while a writer of this process still keeps session *sid*'s snapshot."""
    with _CLOSING_LOCK:
        pending = _CLOSING.get((str(store.root), sid))
    if pending is not None:
        pending.wait()


class SnapshotKeeper:
    """The snapshot and vouch bookkeeping of one recording of a session of *store*, the
    one that opened it (:meth:`opened`).

    *keep*: keep a snapshot as the recording closes at all (not for a tap of the
    recorder's phone). *keeps_state*: take a state too, not only the summaries.
    *rebuilds*: keep one even when nothing was recorded, if none is vouched for. *made*:
    the summaries already worked out for the session at that many entries."""

    #: The recording whose snapshot this keeps (:meth:`opened`).
    _kept: Kept

    def __init__(
        self,
        store: Store,
        *,
        keep: bool,
        keeps_state: bool,
        rebuilds: bool,
        made: tuple[int, dict[str, dict[str, Any]]] | None,
    ) -> None:
        self._store = store
        self._keeps = keep
        self._keeps_state = keeps_state
        self._rebuilds = rebuilds
        self._made = made
        #: The summaries the snapshot kept as the recording closed.
        self.summaries: dict[str, dict[str, Any]] | None = None
        #: The state the journal vouched for at opening (reused while not due again), and
        #: the SHA-256 of its line in a snapshot a new-form vouch names (None: a snapshot
        #: of the first form, which closing replaces by one of the new form).
        self.taken: StateAt | None = None
        self.taken_digest: str | None = None
        #: An undo or a correction after that state: folding from it cannot take them,
        #: so a new one is taken as the recording closes.
        self.stale = False
        self.stats_since: StatsSince | None = None

    def opened(self, kept: Kept, source: Source) -> None:
        """*kept* was opened from *source*: at a snapshot's state, or folded whole."""
        self._kept = kept
        self.stale = source.stale
        if source.resumption is not None:
            self.taken, self.taken_digest = source.resumption.taken, source.taken_digest
        if source.stats_since is not None:
            self.stats_since = source.stats_since
        else:
            self.folded_whole(source.session)

    def folded_whole(self, session: Session) -> None:
        """The recording now holds every entry folded: the statistics count from it."""
        self.stats_since = (session_stats(session), session.state.results)

    def disown(self) -> None:
        """The state the recording was opened at is not to be named again (it lied, or the
        snapshot no longer holds what its vouch names): a new one as it closes."""
        self.taken = self.taken_digest = None
        self.stale = True

    def close(self, close_writer: Callable[[], None], later: Callable[..., None] | None) -> None:
        """Keep the snapshot (while the lock still keeps other writers out), then let the
        writer go (*close_writer*). A new state, when one is due, is given to *later* to
        work out when it suits (the lock is let go after it), else worked out at once."""
        if not self._keeps:
            close_writer()
            return
        job: Callable[[], None] | None = None
        try:
            job = self.keep()
        except Exception:
            job = None
        if job is None:
            close_writer()
            return
        if later is None:
            _finish(job, close_writer)
            return
        done = threading.Event()
        key = (str(self._store.root), self._kept.id)
        with _CLOSING_LOCK:
            _CLOSING[key] = done

        def run() -> None:
            try:
                _finish(job, close_writer)
            finally:
                with _CLOSING_LOCK:
                    if _CLOSING.get(key) is done:
                        del _CLOSING[key]
                done.set()

        try:
            later(run)
        except BaseException:
            run()
            raise

    def keep(self) -> Callable[[], None] | None:
        """Keep the snapshot with the session's summaries now and the state it already
        vouched for (when still good); return the work of taking a new state, when one is
        due, to be done before the lock is let go; None when there is none."""
        kept = self._kept
        session, writer = kept.session, kept.writer
        entries = session.ledger.next_seq - 1
        if entries != kept.journal_holds:
            return None  # a failure after an append: the fold is behind what the journal holds
        idle = kept.appended == 0 and not self.stale
        if idle and not self._rebuilds:
            return None
        if self._made is None:
            self.summaries = summaries_of(session, kept.id, self.stats_since)
        elif self._made[0] == entries:
            self.summaries = self._made[1]
        else:
            return None  # an entry came after they were made: kept at the next quiet moment
        if idle and self._still_vouched(entries):
            return None
        if writer.torn:
            return None  # the next entry sets the unfinished write aside; then a snapshot
        reused = self.taken if not self.stale else None
        self._write(reused)
        if not self._keeps_state or entries < snapshots.STATE_AT_LEAST:
            return None
        target = entries - snapshots.STATE_LAG
        since = reused.entries if reused is not None else 0
        # a state kept in a snapshot of the first form is taken again in the new form
        current = reused is not None and self.taken_digest is not None
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
            snapshots.discard(self._store.path(self._kept.id))
            raise
        self._write(state)

    def _still_vouched(self, entries: int) -> bool:
        """The journal's last line already vouches, sealed with this installation's key,
        for the summaries this writer folded (:attr:`summaries`) and for the snapshot
        beside it (or for none, in a session too short for one)."""
        vouches = self._kept.writer.vouches
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
        seekable = snapshots.load_seekable(self._store.path(self._kept.id))
        return seekable is not None and seekable.named_by(last)

    def _tip_before_last_vouch(self, entries: int) -> str | None:
        """The hash the journal's last line (a vouch after entry *entries*) chains on to:
        the line before it, as this writer read it; None when it did not read it."""
        writer = self._kept.writer
        vouches, events = writer.vouches, writer.events
        if len(vouches) > 1 and vouches[-2].get("after") == entries:
            found = vouches[-2].get(HASH_KEY)
        elif events and events[-1].get("seq") == entries:
            found = events[-1].get(HASH_KEY)
        elif self.taken is not None and self.taken.entries == entries:
            found = self.taken.chain
        elif entries == 0:
            found = writer.header.get(HASH_KEY)
        else:
            found = None
        return found if isinstance(found, str) else None

    def _write(self, state: StateAt | None) -> None:
        """Keep the snapshot (a new state only: one already kept is named again, not
        written again), then have the recording append the vouch line that names it and
        holds the summaries. No journal byte before it is read or hashed for it. What it
        names is this writer's own: the summaries of its fold, and a state it took from
        that fold or resumed at under a seal that checked."""
        assert self.summaries is not None
        kept, path = self._kept, self._store.path(self._kept.id)
        digest: str | None = None
        if state is not None and state is self.taken and self.taken_digest is not None:
            digest = self.taken_digest
        elif state is not None:
            digest = snapshots.save_seekable(path, state)
            if digest is not None:
                self.taken, self.taken_digest = state, digest
        else:  # no state kept: a snapshot beside the journal would be named by nothing
            snapshots.discard(path)
            self.taken = self.taken_digest = None
        kept.append_vouch(
            {
                "after": kept.session.ledger.next_seq - 1,
                "size": kept.writer.bytes_so_far()[0],
                "state": digest,
                "summaries": self.summaries,
                TAKEN: state.entries if state is not None and digest is not None else None,
            }
        )

    def _state_at(self, target: int) -> Callable[[], StateAt] | None:
        """The work of taking the state after entry *target*, with what it needs picked
        up now (while the session is not changing); None when it cannot be taken here."""
        session, writer = self._kept.session, self._kept.writer
        index = target - session.history_from + 1  # of the entry after the target, in events
        docs = writer.events
        if index < 1 or len(docs) != len(session.events) or docs[index - 1].get("seq") != target:
            return None  # not folded from this far back (or not as stored): next time
        point = writer.point_before_last(len(docs) - index)
        if point is None:
            return None
        state = session.state if index == len(session.events) else session.state_before(index)
        first_at, last_at = session.first_at, session.events[index - 1].at
        chain, since = docs[index - 1][HASH_KEY], self.stats_since

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


def _finish(job: Callable[[], None], close_writer: Callable[[], None]) -> None:
    try:
        job()
    except Exception:
        pass
    finally:
        close_writer()
