"""A session's one side file, ``<id>.journal.snap``: a hint the journal vouches for.

It holds what folding the journal would give, kept so that opening a long session and
appending to it do not fold every entry again. Today's form (:data:`SEEKABLE`):

- line 1: ``{"format", "version": 2}``;
- line 2: the folded state after entry *n*, where that entry ends in the journal, the
  hash it carries, and the length and SHA-256 of each history;
- then each history of that state as a JSON text on a line of its own (ASCII), read
  from the file only when something reads it, and checked then.

The first form (``version`` 1: line 1 the summaries, line 2 the state with the SHA-256
of the journal through entry *n*) is still read when the journal vouches for it.

Nothing in it is believed because of what it says about itself. A snapshot counts only
when the journal names it: a *vouch* line, chained like an entry
(:mod:`scorekeeper.storage.hashchain`), that its writer appends after writing it. Today's
holds the summaries the session list shows and names the SHA-256 of line 2 (and through
it each history); the first form named the SHA-256 of the whole file, of line 1, and of
the journal before the vouch. A reader believes a vouch line only when it is sealed with
this installation's key (:mod:`scorekeeper.storage.seal`), which is never in the data
folder: a vouch line appended by anyone else is ignored, and ``verify`` (which folds
every entry and checks every vouch line against it) names it. A snapshot the journal
does not name is ignored and rebuilt; one that cannot be read, written or decoded costs
time, never a command (docs/storage.md).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorekeeper.storage import durable
from scorekeeper.storage.regular import open_regular

if TYPE_CHECKING:  # the journal's reader is loaded by what opens a session, not by a list
    from scorekeeper.storage.journal_reading import ResumeAt

SUFFIX = ".snap"
FORMAT = "scorekeeper-snapshot"
VERSION = 1
#: Older side files, from before snapshots were vouched for: never read, removed when a
#: snapshot is written (docs/storage.md, "Side files").
RETIRED = (".state", ".summary", ".checkpoint")
#: A session shorter than this folds faster than a state is read back: none is kept.
STATE_AT_LEAST = 256
#: Entries recorded since the state was taken before it is taken again.
STATE_EVERY = 256
#: How far behind the last entry the state is taken: the entries an opening folds
#: again, so that the app shows them in its log and can undo them at once. Below
#: journal_reading.MARKS, the line ends a writer knows the hash at.
STATE_LAG = 64
_LIMIT = 256 << 20  # bytes: the state of 100,000 entries is a few MiB
_HEAD_LIMIT = 1 << 20  # bytes of line 1: summaries are a few KiB
_STATE_FIELDS = ("entries", "size", "digest", "chain", "next_id", "first_at", "last_at", "state")


@dataclass(frozen=True)
class StateAt:
    """The folded state after entry *entries*, and where in the journal that entry ends."""

    entries: int
    size: int  # bytes of the journal through that entry
    #: SHA-256 of those bytes (a snapshot of the first form); None in one a new-form vouch
    #: names (:data:`SEEKABLE`): the chain from *chain* on checks what follows instead.
    digest: str | None
    chain: str  # the hash that entry carries
    next_id: int  # the document id the entry after it is stored under
    first_at: str | None  # when the first entry was made (ISO)
    last_at: str | None  # and entry *entries*
    state: Any  # opaque here (core/state_codec.py, through services/state_payload.py)
    #: Its histories, each a JSON text on a line of its own: parsed only when read (in a
    #: :data:`SEEKABLE` snapshot, read from the file only then, and checked).
    apart: tuple[Any, ...] = ()
    #: In a :data:`SEEKABLE` snapshot, the length and SHA-256 of each history's text, as
    #: its state line names them (the vouch names that line's SHA-256); else None.
    histories: tuple[tuple[int, str], ...] | None = None

    @property
    def at(self) -> ResumeAt:
        """Where a reader or a writer opens the journal from to go on after it."""
        from scorekeeper.storage.journal_reading import ResumeAt

        return ResumeAt(self.size, self.digest, self.next_id)


@dataclass(frozen=True)
class Snapshot:
    """A snapshot's bytes as read, with the digests a vouch names."""

    data: bytes

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    def summaries(self) -> dict[str, dict[str, Any]] | None:
        return parse_summaries(self.data.partition(b"\n")[0])

    def named_by(self, vouch: dict[str, Any]) -> bool:
        """A vouch line of the first form names these bytes."""
        return vouch.get("snapshot") == self.digest

    def state(self) -> StateAt | None:
        """The state it keeps, if it keeps one well-formed; else None."""
        _, _, rest = self.data.partition(b"\n")
        main, *apart = rest.split(b"\n")
        try:
            texts = tuple(line.decode("ascii") for line in apart)
        except ValueError:
            return None
        return state_of(main, texts)


def state_of(main: bytes, apart: tuple[str, ...]) -> StateAt | None:
    """The state a snapshot's line 2 (*main*) keeps, with its histories *apart*, if it is
    well-formed; else None."""
    try:
        doc = json.loads(main)
    except (ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or set(doc) != set(_STATE_FIELDS):
        return None
    counts = all(type(doc[k]) is int and doc[k] > 0 for k in ("entries", "size", "next_id"))
    hexes = all(_is_hex(doc[k]) for k in ("digest", "chain"))
    times = all(doc[k] is None or isinstance(doc[k], str) for k in ("first_at", "last_at"))
    if not (counts and hexes and times):
        return None
    return StateAt(**doc, apart=apart)


@dataclass(frozen=True)
class Digested:
    """A snapshot read a line at a time (``verify`` at any length): its SHA-256, its line 1
    and line 2 as bytes (line 2 None when there is none), and, for each later line (a
    history), its SHA-256, or None for the whole list when one is not ASCII (then its state
    is no state we write). Holds one line at a time while it is read."""

    digest: str
    head: bytes
    main: bytes | None
    apart: tuple[str, ...] | None

    def summaries(self) -> dict[str, dict[str, Any]] | None:
        return parse_summaries(self.head)

    def state(self) -> StateAt | None:
        """Its state, the histories given as their SHA-256 (see :func:`apart_digests`)."""
        if self.main is None or self.apart is None:
            return None
        return state_of(self.main, self.apart)


def apart_digests(texts: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The SHA-256 of each history text, as :class:`Digested` gives those it read."""
    return tuple(_digest(text.encode("utf-8")) for text in texts)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def load_digested(journal: Path) -> Digested | None:
    """The snapshot beside *journal*, read a line at a time (not yet believed)."""
    whole = hashlib.sha256()
    lines: list[bytes] = []
    apart: list[str] | None = []
    size, ended = 0, True  # an empty file, or one ending in a newline, has one more line

    def take(text: bytes) -> None:
        nonlocal apart
        if len(lines) < 2:
            lines.append(text)
        elif apart is not None and text.isascii():
            apart.append(_digest(text))
        else:
            apart = None

    try:
        with open_regular(path_of(journal)) as handle:
            for line in handle:
                size += len(line)
                if size > _LIMIT:
                    return None
                whole.update(line)
                ended = line.endswith(b"\n")
                take(line[:-1] if ended else line)
    except OSError:
        return None
    if ended:
        take(b"")
    main = lines[1] if len(lines) > 1 else None
    return Digested(whole.hexdigest(), lines[0], main, None if apart is None else tuple(apart))


#: The snapshot a new-form vouch line names (``{"after", "size", "state", "summaries"}``,
#: storage/hashchain.py): line 1 ``{"format", "version": 2}``, line 2 the state with the
#: length and SHA-256 of each history (:data:`_SEEKABLE_FIELDS`), then the histories. The
#: summaries are on the vouch line itself, so closing a writer rewrites nothing here
#: unless a new state is taken; the vouch names the SHA-256 of line 2 (the
#: *state digest*), and through it each history, checked as it is read.
SEEKABLE = 2
_SEEKABLE_FIELDS = ("entries", "size", "chain", "next_id", "first_at", "last_at", "state")
_SEEKABLE_HISTORIES = "histories"
_STATE_LINE_LIMIT = 16 << 20  # bytes of line 2: its histories are on lines of their own


def seekable_head() -> bytes:
    return json.dumps({"format": FORMAT, "version": SEEKABLE}).encode("ascii")


def seekable_state_of(main: bytes) -> StateAt | None:
    """The state line 2 of a :data:`SEEKABLE` snapshot keeps (its histories not attached),
    if it is well-formed; else None."""
    try:
        doc = json.loads(main)
    except (ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or set(doc) != {*_SEEKABLE_FIELDS, _SEEKABLE_HISTORIES}:
        return None
    counts = all(type(doc[k]) is int and doc[k] > 0 for k in ("entries", "size", "next_id"))
    times = all(doc[k] is None or isinstance(doc[k], str) for k in ("first_at", "last_at"))
    named = doc[_SEEKABLE_HISTORIES]
    shaped = isinstance(named, list) and all(
        isinstance(pair, list)
        and len(pair) == 2
        and type(pair[0]) is int
        and pair[0] >= 0
        and _is_hex(pair[1])
        for pair in named
    )
    if not (counts and times and shaped and _is_hex(doc["chain"])):
        return None
    fields = {key: doc[key] for key in _SEEKABLE_FIELDS}
    return StateAt(**fields, digest=None, histories=tuple((n, d) for n, d in named))


class HistoryNotVouched(ValueError):
    """A history of a :data:`SEEKABLE` snapshot read from its file is not the text its
    vouched state line names (the file was changed since): what read it folds the
    session's entries instead (time, never a command)."""


class _History:
    """One history of a :data:`SEEKABLE` snapshot, read from its file only when asked for
    (core/state_codec.py ``_text``) and checked against the length and SHA-256 the vouched
    state line names: ValueError when it is not that text."""

    __slots__ = ("_digest", "_file", "_length", "_offset", "_text")

    def __init__(self, file: Any, offset: int, length: int, digest: str) -> None:
        self._file, self._offset, self._length, self._digest = file, offset, length, digest
        self._text: str | None = None

    def text(self) -> str:
        if self._text is None:
            try:
                self._file.seek(self._offset)
                data = self._file.read(self._length + 1)
            except (OSError, ValueError) as error:
                raise HistoryNotVouched(str(error)) from None
            body = data[: self._length]
            ends = data[self._length :] in (b"", b"\n")
            if len(body) != self._length or not ends or _digest(body) != self._digest:
                raise HistoryNotVouched("a history that is not what the vouched state names")
            if not body.isascii():
                raise HistoryNotVouched("a history kept apart that is not ASCII")
            self._text = body.decode("ascii")
        return self._text

    def pieces(self) -> Iterator[str]:
        """The history's text a chunk at a time, read from the file and never held whole
        (a snapshot written from it, the page server's check at its open); the last
        chunk is given only once the whole was found to be the text the vouched state
        names: HistoryNotVouched instead."""
        if self._text is not None:
            yield self._text
            return
        try:
            self._file.seek(self._offset)
        except (OSError, ValueError) as error:
            raise HistoryNotVouched(str(error)) from None
        running, left, held = hashlib.sha256(), self._length, b""
        while left > 0:
            try:
                chunk = self._file.read(min(left, _PIECE))
            except (OSError, ValueError) as error:
                raise HistoryNotVouched(str(error)) from None
            if not chunk or not chunk.isascii():
                raise HistoryNotVouched("a history that is not what the vouched state names")
            running.update(chunk)
            left -= len(chunk)
            if held:
                yield held.decode("ascii")
            held = chunk
        try:
            ends = self._file.read(1) in (b"", b"\n")
        except (OSError, ValueError) as error:
            raise HistoryNotVouched(str(error)) from None
        if not ends or running.hexdigest() != self._digest:
            raise HistoryNotVouched("a history that is not what the vouched state names")
        if held:
            yield held.decode("ascii")

    def check(self) -> None:
        """Read the history through, checked as :meth:`text` checks it, holding none of it
        (HistoryNotVouched when it is not what the vouched state names)."""
        for _ in self.pieces():
            pass


#: Bytes of a history read at a time by :meth:`_History.pieces`.
_PIECE = 1 << 20


@dataclass(frozen=True)
class Seekable:
    """A :data:`SEEKABLE` snapshot as read by a writer: its lines 1 and 2 only, the SHA-256
    of line 2 (what a vouch names), and the state with its histories left in the file
    (kept open, so that a snapshot replaced since is not what they read)."""

    state_digest: str
    taken: StateAt

    def named_by(self, vouch: dict[str, Any]) -> bool:
        return vouch.get("state") == self.state_digest and "summaries" in vouch


def load_seekable(journal: Path) -> Seekable | None:
    """The :data:`SEEKABLE` snapshot beside *journal*, its lines 1 and 2 read (not yet
    believed: a vouch must name its state digest); None for anything else."""
    try:
        handle = open_regular(path_of(journal))  # kept open for its histories
    except OSError:
        return None
    try:
        first = handle.readline(_HEAD_LIMIT + 1)
        main = handle.readline(_STATE_LINE_LIMIT + 1)
    except OSError:
        handle.close()
        return None
    if first != seekable_head() + b"\n" or not main.endswith(b"\n"):
        handle.close()
        return None
    main = main[:-1]
    taken = seekable_state_of(main)
    if taken is None or taken.histories is None:
        handle.close()
        return None
    offset = len(first) + len(main) + 1
    apart: list[_History] = []
    for length, digest in taken.histories:
        apart.append(_History(handle, offset, length, digest))
        offset += length + 1
    kept = StateAt(**{**_fields_of(taken), "apart": tuple(apart)})
    return Seekable(_digest(main), kept)


def _fields_of(taken: StateAt) -> dict[str, Any]:
    return {f: getattr(taken, f) for f in (*_STATE_FIELDS, "histories")}


def encode_seekable(state: StateAt) -> tuple[bytes, str]:
    """A :data:`SEEKABLE` snapshot's bytes for *state* (its histories as texts), and the
    SHA-256 of its line 2 (ValueError for a value JSON cannot hold or a history not on one
    ASCII line)."""
    texts: list[bytes] = []
    for text in state.apart:
        if not isinstance(text, str) or "\n" in text or not text.isascii():
            raise ValueError("a history kept apart must be one line of ASCII JSON")
        texts.append(text.encode("ascii"))
    main = seekable_state_line(state, [(len(text), _digest(text)) for text in texts])
    return b"\n".join([seekable_head(), main, *texts]), _digest(main)


def seekable_state_line(state: StateAt, named: Iterable[tuple[int, str]]) -> bytes:
    """Line 2 of a :data:`SEEKABLE` snapshot of *state* whose histories have the lengths
    and SHA-256 *named*: the bytes whose SHA-256 a vouch line names. ``verify`` works it
    out again from the fold to check every vouch line's name (ValueError for a value JSON
    cannot hold)."""
    doc: dict[str, Any] = {key: getattr(state, key) for key in _SEEKABLE_FIELDS}
    doc[_SEEKABLE_HISTORIES] = [[length, digest] for length, digest in named]
    return json.dumps(doc, ensure_ascii=True, allow_nan=False).encode("ascii")


def save_seekable(journal: Path, state: StateAt) -> str | None:
    """Keep *state* beside *journal* as a :data:`SEEKABLE` snapshot: the SHA-256 of its
    state line (for the vouch line to name); None if it cannot be kept (time, never a
    command). A history given as an object with ``pieces()`` (not its text) is written a
    piece at a time, never made whole (:func:`save_seekable_streamed`)."""
    if not all(isinstance(text, str) for text in state.apart):
        return save_seekable_streamed(journal, state, lambda: [_pieces(t) for t in state.apart])
    try:
        data, digest = encode_seekable(state)
    except (ValueError, TypeError):
        return None
    return digest if save(journal, data) else None


def save_seekable_streamed(
    journal: Path, state: StateAt, pieces: Callable[[], Iterable[Iterable[str]]]
) -> str | None:
    """:func:`save_seekable` of *state* whose histories are given as pieces of ASCII text
    (*pieces* gives, each time it is called, one iterable per history), never whole: once
    to take each history's length and SHA-256 for the state line, once to write them. The
    same bytes as :func:`encode_seekable`; None if they cannot be kept."""

    def encoded(history: Iterable[str]) -> Iterator[bytes]:
        for piece in history:
            if "\n" in piece or not piece.isascii():
                raise ValueError("a history kept apart must be one line of ASCII JSON")
            yield piece.encode("ascii")

    def chunks(main: bytes) -> Iterator[bytes]:
        yield seekable_head()
        yield b"\n" + main
        for history in pieces():
            yield b"\n"
            yield from encoded(history)

    try:
        named = []
        for history in pieces():
            running, length = hashlib.sha256(), 0
            for chunk in encoded(history):
                running.update(chunk)
                length += len(chunk)
            named.append([length, running.hexdigest()])
        doc: dict[str, Any] = {key: getattr(state, key) for key in _SEEKABLE_FIELDS}
        doc[_SEEKABLE_HISTORIES] = named
        main = json.dumps(doc, ensure_ascii=True, allow_nan=False).encode("ascii")
        if not save(journal, chunks(main)):
            return None
    except (OSError, ValueError, TypeError):
        return None
    return _digest(main)


def _pieces(history: Any) -> Iterable[str]:
    """A history given to :func:`save_seekable`: its text, or its pieces."""
    return [history] if isinstance(history, str) else history.pieces()


def seekable_of(data: Digested) -> tuple[str, StateAt] | None:
    """A :data:`SEEKABLE` snapshot read a line at a time (``verify``): the SHA-256 of its
    state line and its state, the histories given as the SHA-256 of the lines the file
    holds, when those are the ones the state line names; else None."""
    if data.head != seekable_head() or data.main is None or data.apart is None:
        return None
    taken = seekable_state_of(data.main)
    if taken is None or taken.histories is None:
        return None
    if tuple(d for _, d in taken.histories) != data.apart:
        return None
    return _digest(data.main), StateAt(**{**_fields_of(taken), "apart": data.apart})


def _is_hex(value: Any) -> bool:
    return (
        isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value)
    )


def parse_summaries(line: bytes) -> dict[str, dict[str, Any]] | None:
    """The summaries on a snapshot's first line, by kind; None for anything not ours."""
    try:
        doc = json.loads(line.decode("utf-8"))
    except (ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("version") != VERSION:
        return None
    kinds = doc.get("summaries")
    if not isinstance(kinds, dict) or not all(isinstance(v, dict) for v in kinds.values()):
        return None
    return kinds


def encode(summaries: dict[str, dict[str, Any]], state: StateAt | None) -> bytes:
    """A snapshot's bytes (ValueError for a value JSON cannot hold or a history not on one
    ASCII line: the caller then keeps none, which costs time only)."""
    head = {"format": FORMAT, "version": VERSION, "summaries": summaries}
    lines = [json.dumps(head, ensure_ascii=False, allow_nan=False).encode("utf-8")]
    if state is None:
        lines.append(b"null")
    else:
        doc = {key: getattr(state, key) for key in _STATE_FIELDS}
        lines.append(json.dumps(doc, ensure_ascii=True, allow_nan=False).encode("ascii"))
        for text in state.apart:
            if "\n" in text or not text.isascii():
                raise ValueError("a history kept apart must be one line of ASCII JSON")
            lines.append(text.encode("ascii"))
    return b"\n".join(lines)


def path_of(journal: Path) -> Path:
    return journal.with_name(journal.name + SUFFIX)


def load(journal: Path) -> Snapshot | None:
    """The snapshot beside *journal*, as bytes (not yet believed: see :func:`vouch_for`)."""
    try:
        with open_regular(path_of(journal)) as handle:
            data = handle.read(_LIMIT + 1)
    except OSError:
        return None
    return Snapshot(data) if len(data) <= _LIMIT else None


def save(journal: Path, data: bytes | Iterable[bytes]) -> bool:
    """Keep *data* (its bytes, or chunks of them written as they come) beside *journal*,
    replacing the snapshot and the retired side files; False if the disk refused (the
    next opening folds: time, never a command)."""
    try:
        if isinstance(data, bytes):
            durable.replace_atomically(path_of(journal), data)
        else:
            durable.replace_atomically_from(path_of(journal), data)
    except OSError:
        return False
    for suffix in RETIRED:
        with contextlib.suppress(OSError):
            journal.with_name(journal.name + suffix).unlink()
    return True


def discard(journal: Path) -> None:
    for suffix in (SUFFIX, *RETIRED):
        with contextlib.suppress(OSError):
            journal.with_name(journal.name + suffix).unlink()
