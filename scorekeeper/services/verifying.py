"""``verify`` at any length: the journal read and checked a line at a time, in bounded memory.

:func:`verify_streamed` reads the journal one line at a time (storage/journal.py
``stream_docs``), checks each document against the chain as it comes, folds each entry
through the rules in a :class:`~scorekeeper.core.stream.StreamFold` (which keeps the last
few thousand entries in force, none below), and compares the snapshot the journal vouches
for with the fold at the points it speaks of: its summaries when the vouch line naming it
is reached, its state when the fold reaches the entry the state was taken after. The
snapshot is read a line at a time too, each history kept as its SHA-256 only, and the state
folded is compared with it through the same digests: no entry, no second copy of the
state, no second copy of the snapshot is held.

It gives an answer only when everything holds (the usual case). Anything else (a line not
of the layout the writer writes, a document that does not match its chain, an entry the
rules refuse, an undo or a correction reaching below what the fold keeps) and it gives
None: the caller reads and folds the whole session as before, which says what is wrong
and where. Time and memory, never a different answer (tests/test_streaming.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import IO

from scorekeeper.core.codec import event_from_doc, header_from_doc
from scorekeeper.core.state import State
from scorekeeper.core.stats import state_stats
from scorekeeper.core.stream import StreamFold, folding
from scorekeeper.services.recording import state_payload
from scorekeeper.services.summary_docs import summaries_of
from scorekeeper.storage import Store
from scorekeeper.storage import snapshot as snapshots
from scorekeeper.storage.hashchain import (
    KEY,
    entry_stray,
    header_hash,
    header_stray,
    is_seek_vouch,
    is_vouch,
    link,
)
from scorekeeper.storage.journal import ENTRY, Irregular, stream_docs
from scorekeeper.storage.regular import open_regular


@dataclass(frozen=True)
class Streamed:
    """What checking a whole session a line at a time found (everything holds)."""

    entries: int  # entries checked against their chain and the rules
    head: str  # the last entry's hash (the header's when there is none): the receipt's
    forged: bool  # the journal vouches for a snapshot that is not what its entries give
    noted_at: int | None  # the last entry whose hash begins with the receipt asked for
    #: The most entries in force the fold held at once (bounded: core/stream.py).
    most_kept: int = 0


def verify_streamed(
    store: Store, sid: int, wanted: str | None = None, *, window: int | None = None
) -> Streamed | None:
    """Session *sid* checked as ``verify`` checks it, a line at a time; None when anything
    does not hold (then read and fold it whole: that says what, and where)."""
    path = store.path(sid)
    snap = snapshots.load_digested(path)
    try:
        with open_regular(path, follow=True) as handle, folding():
            return _streamed(sid, handle, snap, wanted, window)
    except Exception:  # anything at all: the whole read says it, or finds nothing wrong
        return None


@dataclass
class _Taken:
    """The fold at the entry a snapshot's state was taken after."""

    state: State
    last_at: datetime
    chain: str


def _streamed(
    sid: int,
    handle: IO[bytes],
    snap: snapshots.Digested | None,
    wanted: str | None,
    window: int | None,
) -> Streamed:
    seekable = snapshots.seekable_of(snap) if snap is not None else None
    taken = seekable[1] if seekable is not None else snap.state() if snap is not None else None
    last_seek: dict[str, object] | None = None  # a new-form vouch on the last line read
    docs = stream_docs(handle)
    _, _, _, head_doc = next(docs)
    tip = header_hash(head_doc)
    if head_doc.get(KEY) != tip or header_stray(head_doc) is not None:
        raise Irregular
    fold = StreamFold(header_from_doc(head_doc), window=window)
    head, count, noted, most = tip, 0, None, 0
    named, forged = False, False
    at_taken: _Taken | None = None
    for kind, _, _, doc in docs:
        if kind == ENTRY:
            last_seek = None
            if doc.get(KEY) != link(tip, doc) or entry_stray(doc) is not None:
                raise Irregular
            event = fold.add(event_from_doc(doc))
            count += 1
            head = tip = doc[KEY]
            most = max(most, fold.kept)
            if wanted is not None and head.startswith(wanted):
                noted = count
            if taken is not None and count == taken.entries:
                at_taken = _Taken(fold.ledger.state, event.at, head)
            continue
        if not is_vouch(doc) or doc["after"] != count or doc[KEY] != link(tip, doc):
            raise Irregular
        tip = doc[KEY]
        if is_seek_vouch(doc):
            last_seek = doc
            named = named or (seekable is not None and doc["state"] == seekable[0])
        elif snap is not None and seekable is None and doc["snapshot"] == snap.digest:
            named = True
            forged = forged or snap.summaries() != summaries_of(fold.session(), sid, fold.counted)
    if last_seek is not None:  # what the session list shows: the summaries it holds
        forged = forged or last_seek["summaries"] != summaries_of(fold.session(), sid, fold.counted)
    if named and not forged:
        forged = _state_forged(fold, snap, taken, at_taken, count)
    return Streamed(count, head, forged, noted, most)


def _state_forged(
    fold: StreamFold,
    snap: snapshots.Digested | None,
    taken: snapshots.StateAt | None,
    at: _Taken | None,
    count: int,
) -> bool:
    """The state a vouched-for snapshot keeps is not what the fold gave at its entry
    (services/recording.py ``snapshot_disagrees``, compared through digests)."""
    assert snap is not None
    if taken is None:
        return snap.main != b"null"  # vouched for, yet not a state we write
    if not 0 < taken.entries <= count or at is None:
        return True
    first_at = fold.first_at
    game = fold.session().game
    stats = state_stats(game, at.state, first_at, fold.counted_for(at.state))
    payload, digests = state_payload(at.state, stats, digested=True)
    return not (
        at.chain == taken.chain
        and taken.state == payload
        and taken.apart == tuple(digests)
        and taken.first_at == (first_at.isoformat() if first_at else None)
        and taken.last_at == at.last_at.isoformat()
    )
