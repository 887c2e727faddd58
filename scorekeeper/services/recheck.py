"""The one background fold of every entry after a session was opened from derived state.

The app and the phones' page open a long session at its snapshot's state when a vouch
line of the journal names that snapshot (services/recording.py ``resume_from``): only
the entries after it are read. A vouch line proves where it stands, not that the state
it names is the fold of the entries before it, and a forger who holds the key that
seals it can seal a lie. So, once per open, a worker thread reads the journal from its
first line, folds every entry up to the one the state was taken after (in bounded
memory: core/stream.py), and compares that fold with the state the session was picked
up at, exactly as ``verify`` compares them (services/verifying.py). Reading and folding
touch nothing the table holds: the session, the writer and its lock are the opener's.

On agreement nothing is said. On disagreement :func:`recheck` gives a :class:`Lie`
naming the journal line that vouched for the lying snapshot: the opener then shows the
entries' numbers (a whole fold) and says so in plain words.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import IO, Any

from scorekeeper.collector import collector_paused
from scorekeeper.core.codec import event_from_doc, header_from_doc
from scorekeeper.core.events import Event
from scorekeeper.core.state import State
from scorekeeper.core.stats import state_stats
from scorekeeper.core.stream import StreamFold, folding
from scorekeeper.messages import UserError, t
from scorekeeper.services.recording import Resumption, fold_checked, state_payload
from scorekeeper.storage import snapshot as snapshots
from scorekeeper.storage.hashchain import KEY, header_hash, link
from scorekeeper.storage.journal import ENTRY, Irregular, stream_docs

#: The journal's first lines: its format line, then the header (storage/journal.py).
_HEADER_LINE = 2


@dataclass(frozen=True)
class Lie:
    """The snapshot a session was opened at is not what its entries give. *line*: the
    journal line (counted from 1, the format line first) of the first vouch line naming
    that snapshot; None if none names it any more (the file was changed since).
    *damaged*: the entries themselves do not hold (their chain, the rules), said as the
    whole fold says it; the numbers cannot then be the entries' either."""

    sid: int
    line: int | None
    damaged: UserError | None = None

    def key_and_params(self) -> tuple[str, dict[str, object]]:
        """The catalog key of the app's warning, and its parameters."""
        if self.line is None:
            return "recording.checkpoint_wrong", {"session": self.sid}
        return "recording.recheck_lied", {"session": self.sid, "line": self.line}

    def message(self, lang: str | None = None) -> str:
        """The app's warning, in plain words."""
        if self.damaged is not None:
            return self.damaged.message(lang)
        key, params = self.key_and_params()
        return t(key, lang, **params)

    def page_message(self, lang: str) -> str:
        """The phones' warning, in *lang*."""
        if self.damaged is not None:
            return self.damaged.message(lang)
        if self.line is None:
            return t("web.recheck_wrong", lang, session=self.sid)
        return t("web.recheck_lied", lang, session=self.sid, line=self.line)


@dataclass
class _At:
    """The fold at the entry the snapshot's state was taken after."""

    state: State
    last_at: datetime
    chain: str
    stats: dict[str, Any]


def recheck(opened: Resumption) -> Lie | None:
    """Every entry of the session *opened* was picked up from, folded, against the state
    it was picked up at: None when they agree (or when the file cannot say: another
    reader says what is wrong with it), a :class:`Lie` when they do not. Run it in a
    worker thread: it reads the whole journal (about a second at 100,000 entries)."""
    path = opened.store.path(opened.sid)
    try:
        with open(path, "rb") as handle, folding(), collector_paused():
            return _streamed(opened, handle)
    except Exception:  # anything the stream cannot take: the whole fold says (or finds it fine)
        pass
    return _whole(opened)


def _streamed(opened: Resumption, handle: IO[bytes]) -> Lie | None:
    """:func:`recheck` a line at a time, keeping no entry."""
    taken, snap = opened.taken, opened.snapshot
    docs = stream_docs(handle)
    _, _, _, head_doc = next(docs)
    tip = header_hash(head_doc)
    if head_doc.get(KEY) != tip:
        raise Irregular
    fold = StreamFold(header_from_doc(head_doc))
    count, line, named = 0, _HEADER_LINE, None
    at: _At | None = None
    for kind, _, _, doc in docs:
        line += 1
        if at is None:  # still folding: every line checked against the chain
            if doc.get(KEY) != link(tip, doc):
                raise Irregular
            tip = doc[KEY]
            if kind == ENTRY:
                event = fold.add(event_from_doc(doc))
                count += 1
                if count == taken.entries:
                    at = _taken_at(fold, event, tip)
        if kind != ENTRY and named is None and snap.named_by(doc):
            named = line
        if at is not None and named is not None:
            break
    if at is None:
        raise Irregular  # the file ends before the state's entry: the whole fold says why
    if _agrees(opened, at, fold.first_at):
        return None
    return Lie(opened.sid, named)


def _taken_at(fold: StreamFold, event: Event, chain: str) -> _At:
    state = fold.ledger.state
    stats = state_stats(fold.ledger.game, state, fold.first_at, fold.counted_for(state))
    return _At(state, event.at, chain, stats)


def _agrees(opened: Resumption, at: _At, first_at: datetime | None) -> bool:
    """The state the session was picked up at is the fold's at its entry: the same state,
    statistics, histories, times and chain (what ``verify`` compares)."""
    taken = opened.taken
    payload, digests = state_payload(at.state, at.stats, digested=True)
    if taken.histories is not None:
        kept = tuple(digest for _, digest in taken.histories)
    else:  # a snapshot of the first form keeps its histories as texts
        try:
            kept = snapshots.apart_digests([str(text) for text in taken.apart])
        except (OSError, ValueError):
            return False
    return (
        at.chain == taken.chain
        and taken.state == payload
        and kept == tuple(digests)
        and taken.first_at == (first_at.isoformat() if first_at else None)
        and taken.last_at == at.last_at.isoformat()
    )


def _whole(opened: Resumption) -> Lie | None:
    """:func:`recheck` by reading and folding the whole session (an undo or a correction
    reaching far back, or a line the stream does not take): slower, the same answer."""
    store, sid, taken = opened.store, opened.sid, opened.taken
    try:
        stored = store.read(sid)
        whole, _ = fold_checked(stored)
    except UserError as error:
        return Lie(sid, None, error)
    except Exception:  # it cannot be read now: nothing to say that another read won't
        return None
    entries = taken.entries
    if not 0 < entries <= len(whole.events):
        return Lie(sid, _line_naming(opened))
    state = whole.state if entries == len(whole.events) else whole.state_before(entries)
    with collector_paused():
        stats = state_stats(whole.game, state, whole.first_at)
    chain = stored.events[entries - 1].get(KEY, "")
    at = _At(state, whole.events[entries - 1].at, chain, stats)
    if _agrees(opened, at, whole.first_at):
        return None
    return Lie(sid, _line_naming(opened))


def _line_naming(opened: Resumption) -> int | None:
    """The line of the first vouch line naming the snapshot, by reading the journal's
    lines without folding them; None if none does or the file cannot be read so."""
    try:
        with open(opened.store.path(opened.sid), "rb") as handle:
            for line, (kind, _, _, doc) in enumerate(stream_docs(handle), _HEADER_LINE):
                if kind != ENTRY and line > _HEADER_LINE and opened.snapshot.named_by(doc):
                    return line
    except Exception:
        return None
    return None
