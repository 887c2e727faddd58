"""The one background fold of every entry after a session was opened from derived state.

The app and the phones' page open a long session at its snapshot's state when a vouch
line of the journal names that snapshot (services/session_source.py ``resume_from``): only
the entries after it are read. A vouch line proves where it stands, not that the state
it names is the fold of the entries before it, and a forger who holds the key that
seals it can seal a lie. So, once per open, a worker thread reads the journal from its
first line, folds every entry up to the one the state was taken after (in bounded
memory: core/stream.py), and compares that fold with the state the session was picked
up at, exactly as ``verify`` compares them (services/verifying.py). Reading and folding
touch nothing the table holds: the session, the writer and its lock are the opener's.

The fold runs in a process of its own (:func:`main`, made nice), the worker thread
only waiting for its answer: a fold in a thread of the app's own process
holds Python's interpreter lock, and the app's event loop, which gives it up and takes it
back at every turn, waited up to 5 ms each time: a key took 3 s instead of 0.15 s at
10,000 entries (benchmarks/bench_recheck.py). If no such process can be started, the
thread folds itself: slower keys for a second, the same answer.

On agreement nothing is said. On disagreement :func:`recheck` gives a :class:`Lie`
naming the journal line that vouched for the lying snapshot: the opener then shows the
entries' numbers (a whole fold) and says so in plain words.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from scorekeeper.collector import collector_paused
from scorekeeper.core.codec import event_from_doc, header_from_doc
from scorekeeper.core.events import Event
from scorekeeper.core.state import State
from scorekeeper.core.stats import state_stats
from scorekeeper.core.stream import StreamFold, folding
from scorekeeper.messages import UserError, t
from scorekeeper.services.session_source import Resumption, fold_checked
from scorekeeper.services.verifying import state_is_the_folds
from scorekeeper.storage import Store
from scorekeeper.storage import snapshot as snapshots
from scorekeeper.storage.hashchain import KEY, header_hash, link
from scorekeeper.storage.journal_stream import ENTRY, Irregular, stream_docs
from scorekeeper.storage.regular import open_regular

#: The journal's first lines: its format line, then the header (storage/journal_format.py).
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


#: What names a snapshot, as a vouch line does: its form, and the SHA-256 it names.
Named = tuple[str, str]


@dataclass(frozen=True)
class Asked:
    """What the fold is asked to check, as plain data (it crosses to a child process):
    the data folder, the session, what names the snapshot, and the state it was picked up
    at, its histories given by length and SHA-256 only."""

    root: str
    sid: int
    named: Named
    taken: snapshots.StateAt

    @property
    def store(self) -> Store:
        return Store(Path(self.root))

    def named_by(self, vouch: dict[str, Any]) -> bool:
        """*vouch* names the snapshot (storage/snapshot.py ``Seekable``/``Snapshot``)."""
        form, digest = self.named
        if form == "state":
            return vouch.get("state") == digest and "summaries" in vouch
        return vouch.get("snapshot") == digest

    def to_json(self) -> str:
        taken = {f.name: getattr(self.taken, f.name) for f in fields(self.taken)}
        taken["apart"] = []
        return json.dumps({"root": self.root, "sid": self.sid, "named": list(self.named),
                           "taken": taken}, ensure_ascii=True)  # fmt: skip

    @classmethod
    def from_json(cls, text: str) -> Asked:
        doc = json.loads(text)
        taken = dict(doc["taken"])
        histories = taken.pop("histories")
        taken["apart"] = ()
        taken["histories"] = tuple((int(n), str(d)) for n, d in histories)
        form, digest = doc["named"]
        named = (str(form), str(digest))
        return cls(str(doc["root"]), int(doc["sid"]), named, snapshots.StateAt(**taken))


def asked(opened: Resumption) -> Asked:
    """What *opened* asks the fold to check, as plain data."""
    snap, taken = opened.snapshot, opened.taken
    if isinstance(snap, snapshots.Seekable):
        named: Named = ("state", snap.state_digest)
    else:
        named = ("snapshot", snap.digest)
    if taken.histories is None:  # a snapshot of the first form keeps its histories as texts
        texts = [str(text) for text in taken.apart]
        digests = snapshots.apart_digests(texts)
        sizes = [len(text.encode("utf-8")) for text in texts]
        histories = tuple(zip(sizes, digests, strict=True))
        taken = replace(taken, histories=histories)
    return Asked(str(opened.store.root), opened.sid, named, replace(taken, apart=()))


def recheck(opened: Resumption, stopped: Callable[[], bool] = lambda: False) -> Lie | None:
    """Every entry of the session *opened* was picked up from, folded, against the state
    it was picked up at: None when they agree (or when the file cannot say: another
    reader says what is wrong with it), a :class:`Lie` when they do not. Run it in a
    worker thread: it waits for a process of its own that reads the whole journal (about
    a second at 10,000 entries), or folds in this thread if none can be started. When
    *stopped* says so (the table closed, the app or the server stopping), the child is
    ended and None given at once: nothing waits for a fold nobody will read."""
    question = asked(opened)
    answer = _in_a_child(question, stopped)
    if answer is _NO_CHILD:
        return None if stopped() else fold(question)
    return answer if isinstance(answer, Lie) else None


_NO_CHILD = object()
#: The child process: made nice (19) before it imports anything, so that it yields the
#: processor to the app, the page and whatever else runs whenever they want it (on a
#: machine with no core to spare, keys waited for it: benchmarks/bench_recheck.py).
_CHILD = (
    "import os, contextlib\n"
    "with contextlib.suppress(AttributeError, OSError): os.nice(19)\n"
    "from scorekeeper.services.recheck import main\n"
    "main()\n"
)
#: How often the waiting thread asks whether it was stopped (seconds).
_LOOK_EVERY = 0.1


def _in_a_child(
    question: Asked, stopped: Callable[[], bool] = lambda: False
) -> Lie | object | None:
    """:func:`fold` in a process of its own; :data:`_NO_CHILD` when it gave no answer
    (none could be started, it failed, or *stopped* said so and it was ended)."""
    command = [sys.executable, "-c", _CHILD]  # our own interpreter, and our own module
    try:
        child = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            # a session of its own: Ctrl+C at the terminal stops the server, which then
            # ends the child; the child alone killed would only be folded again here
            start_new_session=True,
        )
    except (OSError, ValueError):
        return _NO_CHILD
    sent: bytes | None = question.to_json().encode("ascii")
    try:
        while True:
            try:
                out, _ = child.communicate(sent, timeout=_LOOK_EVERY)
                break
            except subprocess.TimeoutExpired:
                sent = None  # written already: communicate goes on reading
                if stopped():
                    return _NO_CHILD
        if child.returncode != 0:
            return _NO_CHILD
        return _lie_from(question.sid, json.loads(out))
    except (OSError, ValueError, KeyError, TypeError):
        return _NO_CHILD
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def _lie_from(sid: int, doc: Any) -> Lie | None:
    if doc is None:
        return None
    damaged = doc.get("damaged")
    error = UserError(damaged["key"], **damaged["params"]) if damaged else None
    line = doc.get("line")
    return Lie(sid, int(line) if line is not None else None, error)


def _lie_doc(lie: Lie | None) -> dict[str, Any] | None:
    if lie is None:
        return None
    damaged = lie.damaged
    said = {"key": damaged.key, "params": damaged.params} if damaged is not None else None
    return {"line": lie.line, "damaged": said}


def fold(question: Asked) -> Lie | None:
    """:func:`recheck`'s fold, here: a line at a time, else the whole session read."""
    path = question.store.path(question.sid)
    try:
        with open_regular(path, follow=True) as handle, folding(), collector_paused():
            return _streamed(question, handle)
    except Exception:  # anything the stream cannot take: the whole fold says (or finds it fine)
        pass
    return _whole(question)


def _streamed(opened: Asked, handle: IO[bytes]) -> Lie | None:
    """:func:`recheck` a line at a time, keeping no entry."""
    taken = opened.taken
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
        if kind != ENTRY and named is None and opened.named_by(doc):
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


def _agrees(opened: Asked, at: _At, first_at: datetime | None) -> bool:
    """The state the session was picked up at is the fold's at its entry, judged as
    ``verify`` judges it (its histories given by their SHA-256 alone)."""
    taken = opened.taken
    kept = tuple(digest for _, digest in taken.histories or ())
    return state_is_the_folds(taken, kept, at.state, at.stats, at.chain, first_at, at.last_at)


def _whole(opened: Asked) -> Lie | None:
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


def _line_naming(opened: Asked) -> int | None:
    """The line of the first vouch line naming the snapshot, by reading the journal's
    lines without folding them; None if none does or the file cannot be read so."""
    try:
        with open_regular(opened.store.path(opened.sid), follow=True) as handle:
            for line, (kind, _, _, doc) in enumerate(stream_docs(handle), _HEADER_LINE):
                if kind != ENTRY and line > _HEADER_LINE and opened.named_by(doc):
                    return line
    except Exception:
        return None
    return None


def main() -> None:
    """The child: what to check as JSON on standard input, the answer on standard output."""
    question = Asked.from_json(sys.stdin.read())
    lie = fold(question)
    sys.stdout.write(json.dumps(_lie_doc(lie), ensure_ascii=True, default=str))
