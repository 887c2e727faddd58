"""``import`` at any length: a transcript stored as it is played, in bounded memory.

:func:`import_text` plays the transcript a line at a time (core/transcript.py
``stream_text``, through a :class:`~scorekeeper.core.stream.StreamFold`) and writes each
entry, chained, to the new journal as it is played (storage/store.py :class:`Draft`,
under a temporary name nobody reads). No entry is held, and the journal is never read
back: its length and SHA-256 are kept as it is written, and the states of its last
:data:`~scorekeeper.storage.snapshot.STATE_LAG` entries are kept (they share all but
what each entry changed) for the snapshot's state. Only a transcript that reads and
plays whole is published, under the next free id, then its snapshot and the vouch lines
that name it are written as :func:`~scorekeeper.services.recording.import_session` writes
them: the same journal, the same snapshot, byte for byte (tests/test_streaming.py).

An undo or a correction reaching below what the fold keeps (NeedsWhole) gives None: the
draft is removed, and the caller imports the whole session as before.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scorekeeper.core.codec import event_to_doc, header_to_doc
from scorekeeper.core.events import Event, Header
from scorekeeper.core.progress import Progress
from scorekeeper.core.session import Session
from scorekeeper.core.state import State
from scorekeeper.core.state_codec import encode_state_pieces, history_pieces
from scorekeeper.core.stats import state_stats
from scorekeeper.core.stream import NeedsWhole, StreamFold
from scorekeeper.core.transcript import stream_text
from scorekeeper.services.state_payload import payload_of
from scorekeeper.services.summary_docs import summaries_of
from scorekeeper.storage import Store
from scorekeeper.storage import snapshot as snapshots
from scorekeeper.storage.hashchain import KEY, TAKEN, as_stored, header_hash, sealed, sealed_vouch
from scorekeeper.storage.store import Draft


@dataclass(frozen=True)
class _Point:
    """The journal and the fold just after one entry was written."""

    entries: int
    state: State
    at: datetime
    chain: str
    size: int
    running: Any  # the SHA-256 of the journal's bytes through it, still open (a copy)


class _Importing:
    """The draft journal an import writes, and what its snapshot will need."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.draft: Draft | None = None
        self.tip = ""
        self.recent: deque[_Point] = deque(maxlen=snapshots.STATE_LAG + 1)
        self.fold: StreamFold | None = None  # what plays it: its packed rounds are counted

    def start(self, header: Header) -> Draft:
        if self.draft is None:
            head = as_stored(header_to_doc(header))
            head[KEY] = header_hash(head)
            self.draft, self.tip = self.store.draft(head), head[KEY]
        return self.draft

    def entry(self, event: Event, fold: StreamFold) -> None:
        draft = self.start(fold.header)
        doc = sealed(self.tip, event_to_doc(event))
        draft.add(doc)
        self.tip = doc[KEY]
        point = _Point(
            draft.entries, fold.ledger.state, event.at, self.tip, draft.size, draft.running.copy()
        )
        self.fold = fold
        self.recent.append(point)

    def discard(self) -> None:
        if self.draft is not None:
            self.draft.discard()


def import_text(store: Store, text: str, progress: Progress | None = None) -> int | None:
    """Store the session transcript *text* holds, played and written a line at a time; its
    id, or None when an undo or a correction reaches below what the fold keeps (nothing is
    stored: import it whole). A transcript that breaks a rule raises as ``replay`` says
    it (TranscriptError), and nothing is stored. *progress* is told the lines played."""
    importing = _Importing(store)
    try:
        session = stream_text(text, None, importing.entry, progress)
        draft = importing.start(session.header)
    except NeedsWhole:
        importing.discard()
        return None
    except BaseException:
        importing.discard()
        raise
    sid = draft.publish()
    with contextlib.suppress(Exception):  # a hint: the session is stored all the same
        _keep_snapshot(store, sid, session, importing)
    return sid


def _keep_snapshot(store: Store, sid: int, session: Session, importing: _Importing) -> None:
    """The snapshot a writer closing on the session just imported keeps, and its vouch
    lines (services/snapshot_keeper.py ``SnapshotKeeper.keep``): the summaries first, then
    the state :data:`~scorekeeper.storage.snapshot.STATE_LAG` entries behind the last."""
    draft = importing.draft
    assert draft is not None
    counted = importing.fold.counted if importing.fold else None
    summaries = summaries_of(session, sid, counted)
    size, tip = draft.size, importing.tip
    entries = draft.entries

    def vouch(state: str | None) -> bool:
        """Append the vouch line holding the summaries and naming the state kept, if any
        (the new form: storage/hashchain.py SEEK_VOUCH_FIELDS), sealed (storage/seal.py)."""
        nonlocal size, tip
        body = {"after": entries, "size": size, "state": state, "summaries": summaries}
        body[TAKEN] = None if state is None else entries - snapshots.STATE_LAG
        doc = sealed_vouch(tip, body, store.sealer)
        line = store.append_vouch(sid, size, doc)
        if line is None:
            return False
        size, tip = size + len(line), doc[KEY]
        return True

    if not vouch(None) or entries < snapshots.STATE_AT_LEAST:
        return
    target = entries - snapshots.STATE_LAG
    point = next((p for p in importing.recent if p.entries == target), None)
    if point is None:
        return
    first_at = session.first_at
    counted = importing.fold.counted_for(point.state) if importing.fold else None
    stats = state_stats(session.game, point.state, first_at, counted)
    doc, chains = encode_state_pieces(point.state)
    taken = snapshots.StateAt(
        entries=target,
        size=point.size,
        digest=None,
        chain=point.chain,
        next_id=target + 1,
        first_at=first_at.isoformat() if first_at else None,
        last_at=point.at.isoformat(),
        state=payload_of(point.state, doc, stats),
    )

    def pieces() -> list[Iterator[str]]:  # written a piece at a time
        return [history_pieces(chain) for chain in chains]

    state = snapshots.save_seekable_streamed(store.path(sid), taken, pieces)
    if state is not None:
        vouch(state)
