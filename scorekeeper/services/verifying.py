"""``verify`` at any length: the journal read and checked a line at a time, in bounded memory.

:func:`verify_streamed` reads the journal one line at a time (storage/journal_stream.py
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

import hashlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from scorekeeper.collector import collector_paused
from scorekeeper.core.codec import event_from_doc, header_from_doc
from scorekeeper.core.game import Game
from scorekeeper.core.progress import EVERY, Progress
from scorekeeper.core.session import Session
from scorekeeper.core.state import State
from scorekeeper.core.state_codec import HistoryHashes, encode_state_measured
from scorekeeper.core.stats import state_stats
from scorekeeper.core.stream import Counted, StreamFold, folding
from scorekeeper.services.session_summary import LIST_KIND
from scorekeeper.services.state_payload import payload_of, state_payload
from scorekeeper.services.summary_docs import STATS_KIND, summaries_of
from scorekeeper.storage import Store, StoredSession
from scorekeeper.storage import snapshot as snapshots
from scorekeeper.storage.hashchain import (
    KEY,
    TAKEN,
    as_stored,
    entry_stray,
    header_hash,
    header_stray,
    is_seek_vouch,
    is_vouch,
    link,
)
from scorekeeper.storage.journal_format import EVENTS_TABLE, VOUCH_TABLE, decode
from scorekeeper.storage.journal_stream import ENTRY, Irregular, stream_docs
from scorekeeper.storage.regular import NotRegular, open_regular


@dataclass(frozen=True)
class Streamed:
    """What checking a whole session a line at a time found (everything holds)."""

    entries: int  # entries checked against their chain and the rules
    head: str  # the last entry's hash (the header's when there is none): the receipt's
    forged: bool  # the journal vouches for a snapshot that is not what its entries give
    noted_at: int | None  # the last entry whose hash begins with the receipt asked for
    #: The most entries in force the fold held at once (bounded: core/stream.py).
    most_kept: int = 0
    #: The first vouch line whose numbers are not what the fold gives there: its line in
    #: the file and the entry count it stands after (None: every one holds).
    lying: Lying | None = None


@dataclass(frozen=True)
class Lying:
    """A vouch line that holds numbers the entries do not give (forged)."""

    line: int  # 1-based line of the journal
    after: int  # the entries before it


def state_entry(doc: Mapping[str, Any], first_named: dict[str, int]) -> int:
    """The entry count of the state a new-form vouch line names: its *taken*; for a line
    written before vouch lines said it, the state was taken :data:`STATE_LAG` entries
    before the first line that names it (*first_named*, filled in journal order)."""
    taken = doc.get(TAKEN)
    if type(taken) is int:
        return taken
    return first_named.setdefault(doc["state"], doc["after"] - snapshots.STATE_LAG)


def state_line_digest(
    game: Game,
    state: State,
    counted: Counted | None,
    *,
    entries: int,
    size: int,
    chain: str,
    next_id: int,
    first_at: datetime | None,
    last_at: datetime,
    hashes: HistoryHashes | None = None,
) -> str:
    """The SHA-256 of the state line a writer keeps for *state* (the fold after entry
    *entries*, whose line ends at *size*): what a vouch line naming it names. Worked out
    from the fold, its histories hashed a piece at a time, never made whole."""
    stats = state_stats(game, state, first_at, counted)
    doc, measured = encode_state_measured(state, hashes)
    taken = snapshots.StateAt(
        entries=entries,
        size=size,
        digest=None,
        chain=chain,
        next_id=next_id,
        first_at=first_at.isoformat() if first_at else None,
        last_at=last_at.isoformat(),
        state=payload_of(state, doc, stats),
    )
    return hashlib.sha256(snapshots.seekable_state_line(taken, measured)).hexdigest()


#: How a journal line that stores a vouch alone begins, after its checksum.
_VOUCH_HEAD = b'{"set":{"' + VOUCH_TABLE.encode("ascii") + b'":'


def vouch_docs(lines: Iterator[bytes]) -> Iterator[dict[str, Any]]:
    """The vouch documents among a journal's *lines*, in order (nothing else decoded)."""
    for line in lines:
        if line[9 : 9 + len(_VOUCH_HEAD)] != _VOUCH_HEAD:
            continue
        record = decode(line.rstrip(b"\n"))
        docs = record.get("set", {}).get(VOUCH_TABLE) if isinstance(record, dict) else None
        if isinstance(docs, dict):
            yield from (doc for doc in docs.values() if isinstance(doc, dict))


@dataclass(frozen=True)
class Wanted:
    """What checking every vouch line needs from the fold, found in a first quick pass:
    the entry counts whose state some vouch line names, and whether any vouch line is of
    the first form (then the journal's bytes are hashed as they are read)."""

    states: frozenset[int]
    first_form: bool
    #: The bytes of the whole lines that pass read: the second reads no further, so that a
    #: writer appending meanwhile (the app keeping its snapshot as it closes) never makes
    #: it meet a vouch line whose state the first did not know it needed.
    size: int


def wanted_of(path: Path) -> Wanted:
    """Read the vouch lines of the journal at *path* (a line at a time)."""
    states: set[int] = set()
    first_named: dict[str, int] = {}
    first_form = False
    size = 0

    def whole_lines(handle: Iterable[bytes]) -> Iterator[bytes]:
        nonlocal size
        for line in handle:
            if not line.endswith(b"\n"):
                return  # a write under way: not yet the journal's
            size += len(line)
            yield line

    try:
        handle = open_regular(path, follow=True)  # a FIFO never blocks
    except NotRegular:
        raise Irregular from None  # not a file: the whole read says what it is
    with handle:
        for doc in vouch_docs(whole_lines(handle)):
            if is_seek_vouch(doc):
                if doc["state"] is not None:
                    states.add(state_entry(doc, first_named))
            elif is_vouch(doc):
                first_form = True
    return Wanted(frozenset(states), first_form, size)


def summaries_agree(held: Mapping[str, Any], folded: Mapping[str, Any]) -> bool:
    """The summaries a vouch line holds (*held*) are what the fold gives there (*folded*,
    as stored): the list's line, and each kind of statistics the program still counts.
    Statistics of an older shape (another ``STATS_KIND``), which versions before kept and
    nothing reads now, are not compared; any other kind is not ours.

    A vouch line of the first form names only the SHA-256 of a snapshot line holding its
    summaries, statistics of whatever shape they had then: it is checked by the digest
    of the journal's bytes before it (and against the snapshot it names, when that is
    beside the journal); no reader trusts one any more (they carry no seal)."""
    if held.get(LIST_KIND) != folded.get(LIST_KIND):
        return False
    for kind, value in held.items():
        if kind in folded:
            if value != folded[kind]:
                return False
        elif not (kind.startswith("stats") and kind != STATS_KIND):
            return False
    return True


class _Hashing:
    """A binary file read through, its bytes hashed as they are read (first-form vouch
    lines name the SHA-256 of every journal byte before them)."""

    def __init__(self, handle: IO[bytes]) -> None:
        self.handle = handle
        self.running = hashlib.sha256()
        self.total = 0
        self.before: Any = self.running.copy()  # as it was before the last line read
        self.before_total = 0

    def readline(self) -> bytes:
        line = self.handle.readline()
        self.before, self.before_total = self.running.copy(), self.total
        self.running.update(line)
        self.total += len(line)
        return line


def verify_streamed(
    store: Store,
    sid: int,
    wanted: str | None = None,
    *,
    window: int | None = None,
    progress: Progress | None = None,
) -> Streamed | None:
    """Session *sid* checked as ``verify`` checks it, a line at a time; None when anything
    does not hold (then read and fold it whole: that says what, and where). *progress* is
    told the journal's bytes read."""
    path = store.path(sid)
    snap = snapshots.load_digested(path)
    try:
        needs = wanted_of(path)
        with open_regular(path, follow=True) as handle, folding():
            return _streamed(sid, handle, snap, wanted, window, needs, progress)
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
    needs: Wanted,
    progress: Progress | None = None,
) -> Streamed:
    seekable = snapshots.seekable_of(snap) if snap is not None else None
    taken = seekable[1] if seekable is not None else snap.state() if snap is not None else None
    hashing = _Hashing(handle) if needs.first_form else None
    docs = stream_docs(hashing if hashing is not None else handle)
    _, _, _, head_doc = next(docs)
    tip = header_hash(head_doc)
    if head_doc.get(KEY) != tip or header_stray(head_doc) is not None:
        raise Irregular
    fold = StreamFold(header_from_doc(head_doc), window=window)
    head, count, noted, most = tip, 0, None, 0
    named, forged = False, False
    at_taken: _Taken | None = None
    line = 2
    lying: Lying | None = None
    first_named: dict[str, int] = {}
    digests: dict[int, str] = {}  # the state line's SHA-256 at each entry count named
    hashes = HistoryHashes()  # what was hashed of the histories, for the next state named
    pending: tuple[int, Any] | None = None  # one waiting for where its line ends
    summed: tuple[int, dict[str, dict[str, Any]]] | None = None

    carried: tuple[Mapping[str, Any], Any] | None = None  # the statistics at the last one

    def summaries_now() -> dict[str, dict[str, Any]]:
        """The summaries of the fold now, its statistics counted on from those at the
        vouch line before (only the rounds since: a vouch line after every entry costs
        no more than one at the end)."""
        nonlocal summed, carried
        if summed is None or summed[0] != count:
            results = fold.ledger.state.results
            grown = carried is not None and results.grown_from(carried[1]) is not None
            since = carried if grown else fold.counted
            summed = (count, as_stored(summaries_of(fold.session(), sid, since)))
            carried = (summed[1][STATS_KIND], results)
        return summed[1]

    for kind, ident, offset, doc in docs:
        if offset >= needs.size:
            break  # appended since the first pass: the journal as it was when verify began
        line += 1
        if progress is not None and line % EVERY == 0:
            progress(offset, needs.size)
        if pending is not None:
            digests[pending[0]] = pending[1](offset)
            pending = None
        if kind == ENTRY:
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
            if count in needs.states:
                pending = (
                    count,
                    _state_digest_later(fold, count, event.at, head, ident + 1, hashes),
                )
            continue
        if not is_vouch(doc) or doc["after"] != count or doc[KEY] != link(tip, doc):
            raise Irregular
        tip = doc[KEY]
        if is_seek_vouch(doc):
            named = named or (seekable is not None and doc["state"] == seekable[0])
            true = summaries_agree(doc["summaries"], summaries_now())
            if true and doc["state"] is not None:
                true = digests.get(state_entry(doc, first_named)) == doc["state"]
        else:  # its summaries' digest may be of an older shape of the statistics: see
            # first_form_true
            true = hashing is not None and _digest_before(hashing, offset) == doc["digest"]
            if snap is not None and seekable is None and doc["snapshot"] == snap.digest:
                named = True
                forged = forged or snap.summaries() != summaries_of(
                    fold.session(), sid, fold.counted
                )
        if not true and lying is None:
            lying = Lying(line, count)
    if progress is not None:
        progress(needs.size, needs.size)
    forged = forged or lying is not None
    if named and not forged:
        forged = _state_forged(fold, snap, taken, at_taken, count)
    return Streamed(count, head, forged, noted, most, lying)


def _digest_before(hashing: _Hashing, offset: int) -> str:
    """The SHA-256 of the journal's bytes before *offset*, the start of the line just read
    through *hashing*."""
    if hashing.before_total == offset:
        return str(hashing.before.hexdigest())
    raise Irregular  # only ever asked for the line just read


def _state_digest_later(
    fold: StreamFold, count: int, at: datetime, chain: str, next_id: int, hashes: HistoryHashes
) -> Any:
    """The work of :func:`state_line_digest` for the fold now (after entry *count*), given
    where the entry's line ends once the next line is read."""
    state, first_at = fold.ledger.state, fold.first_at
    game, counted = fold.session().game, fold.counted_for(state)

    def finish(size: int) -> str:
        return state_line_digest(
            game,
            state,
            counted,
            entries=count,
            size=size,
            chain=chain,
            next_id=next_id,
            first_at=first_at,
            last_at=at,
            hashes=hashes,
        )

    return finish


def _state_forged(
    fold: StreamFold,
    snap: snapshots.Digested | None,
    taken: snapshots.StateAt | None,
    at: _Taken | None,
    count: int,
) -> bool:
    """The state a vouched-for snapshot keeps is not what the fold gave at its entry
    (services/snapshot_disagreement.py ``snapshot_disagrees``, compared through digests)."""
    assert snap is not None
    if taken is None:
        return snap.main != b"null"  # vouched for, yet not a state we write
    if not 0 < taken.entries <= count or at is None:
        return True
    first_at = fold.first_at
    game = fold.session().game
    stats = state_stats(game, at.state, first_at, fold.counted_for(at.state))
    return not state_is_the_folds(
        taken, taken.apart, at.state, stats, at.chain, first_at, at.last_at
    )


def state_is_the_folds(
    taken: snapshots.StateAt,
    kept: tuple[str, ...],
    state: State,
    stats: dict[str, Any],
    chain: str,
    first_at: datetime | None,
    last_at: datetime,
) -> bool:
    """The state a snapshot keeps (*taken*, its histories' SHA-256 *kept*) is the fold's at
    its entry (*state* with its *stats*, the entry's *chain* link and time *last_at*): the
    same state, statistics, histories, times and chain. ``verify`` and the background fold
    after an opening at a snapshot (services/recheck.py) both judge by it."""
    payload, digests = state_payload(state, stats, digested=True)
    return (
        chain == taken.chain
        and taken.state == payload
        and kept == tuple(digests)
        and taken.first_at == (first_at.isoformat() if first_at else None)
        and taken.last_at == last_at.isoformat()
    )


def whole_lying(path: Path, stored: StoredSession) -> Lying | None:
    """The first vouch line of *stored* (read whole: ``verify`` when a line-at-a-time read
    did not judge it) whose numbers are not what the entries give there: its summaries
    against the fold at the entry count it stands after, the state it names against the
    state line of the fold at that state's entry (worked out again), a first-form line's
    digests against the bytes before it and the summaries. Folds the entries once, in
    order; the journal's bytes are read once more, for where each line starts and ends."""
    if not stored.vouches:
        return None
    with open_regular(path, follow=True) as handle:  # swapped for a FIFO since: no wait
        data = handle.read()
    first_named: dict[str, int] = {}
    needed = {
        state_entry(doc, first_named)
        for doc in stored.vouches
        if is_seek_vouch(doc) and doc["state"] is not None
    }
    ends = _entry_ends(data, needed)
    header = header_from_doc(stored.header)
    session = Session(header)
    since: tuple[Mapping[str, Any], Any] | None = None
    digests: dict[int, str] = {}
    hashes = HistoryHashes()
    first_named.clear()
    done = 0
    for doc in stored.vouches:
        after = doc.get("after")
        if type(after) is not int or not 0 <= after <= len(stored.events):
            return Lying(_line_of(data, doc), after if type(after) is int else 0)
        while done < after:
            event = event_from_doc(stored.events[done])
            with collector_paused():
                session.extend([event])
            done += 1
            if done in needed and done in ends:
                size, next_id = ends[done]
                digests[done] = state_line_digest(
                    session.game,
                    session.state,
                    None,
                    entries=done,
                    size=size,
                    chain=str(stored.events[done - 1].get(KEY)),
                    next_id=next_id,
                    first_at=session.first_at,
                    last_at=event.at,
                    hashes=hashes,
                )
        summaries = as_stored(summaries_of(session, stored.id, since))
        since = (summaries[STATS_KIND], session.state.results)
        if is_seek_vouch(doc):
            true = summaries_agree(doc["summaries"], summaries)
            if true and doc["state"] is not None:
                true = digests.get(state_entry(doc, first_named)) == doc["state"]
        elif is_vouch(doc):
            begin = _begin_of(doc)
            true = (
                begin is not None
                and hashlib.sha256(memoryview(data)[:begin]).hexdigest() == doc["digest"]
            )
        else:
            true = False
        if not true:
            return Lying(_line_of(data, doc), after)
    return None


def _begin_of(doc: Mapping[str, Any]) -> int | None:
    size = doc.get("size")
    return size if type(size) is int else None


def _line_of(data: bytes, doc: Mapping[str, Any]) -> int:
    """The 1-based line of the journal a vouch line starts (it names its offset)."""
    begin = _begin_of(doc)
    return data.count(b"\n", 0, begin) + 1 if begin is not None else 0


def _entry_ends(data: bytes, counts: set[int]) -> dict[int, tuple[int, int]]:
    """Where the lines of the entries numbered in *counts* end in the journal *data*, and
    the id the entry after each takes."""
    found: dict[int, tuple[int, int]] = {}
    if not counts:
        return found
    seen, pos = 0, 0
    while pos < len(data):
        end = data.find(b"\n", pos)
        if end < 0:
            break
        record = decode(data[pos:end])
        docs = record.get("set", {}).get(EVENTS_TABLE) if isinstance(record, dict) else None
        if isinstance(docs, dict) and len(docs) == 1:
            ((key, _),) = docs.items()
            seen += 1
            if seen in counts and key.isdigit():
                found[seen] = (end + 1, int(key) + 1)
        pos = end + 1
    return found
