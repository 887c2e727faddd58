"""A fold in bounded memory: the session's entries taken one at a time, none kept.

:class:`~scorekeeper.core.session.Session` keeps every entry, the state before each, and
a ledger whose stack holds every entry in force (what ``undo`` and ``correct`` reach
into): at 1,000,000 entries, gigabytes. ``verify``, ``import`` and ``replay`` need only
the state at the end (and a few states near it), so they fold through a
:class:`StreamFold`, which keeps the ledger's last :data:`WINDOW` to ``2 * WINDOW``
entries in force and lets go of those below, as a ledger picked up at a checkpoint
(:meth:`Ledger.resume`) does. An undo or a correction that reaches below what it kept
raises :class:`NeedsWhole`: the caller folds the whole session instead, as before (time
and memory, never a different result). Once something was let go, any correction (it
counts rounds from the start) and any entry the rules refuse are said the same way: only
the whole fold says why, and where, an entry is refused.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from scorekeeper.core.amounts import as_stored
from scorekeeper.core.chain import Chain
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Event, Header
from scorekeeper.core.history_text import pack
from scorekeeper.core.ledger import Frame, Ledger
from scorekeeper.core.session import Session, check_stored
from scorekeeper.core.state import RoundResult, StakeChange, State
from scorekeeper.core.stats import count_rounds

#: The statistics of the round results a fold packed, and their chain: what
#: core/stats.py ``state_stats`` takes as *since*, so that it reads only those after.
Counted = tuple[dict[str, Any], Chain[RoundResult]]

#: Entries in force the ledger keeps at least (a correction of a round among them, or
#: undos back to them, fold as a whole fold does); it keeps up to twice as many.
WINDOW = 2048

#: Packings of the history remembered (:meth:`StreamFold.counted_for`): a state a few
#: entries back (a snapshot's is 64) grew from one of the last, with any window over 8.
COUNTS_KEPT = 8


class NeedsWhole(Exception):
    """The fold reached below the entries it kept, or was refused once it had let some go:
    fold the whole session instead (it says what is wrong, if anything is)."""


class StreamFold:
    """The fold of a session's entries given one at a time: :meth:`add` for stored events
    (checked as a whole fold checks them), :meth:`record` for entries typed or read from
    a transcript. Keeps no entry: :meth:`session` is the session at the end, holding none
    of them (its ledger says how many there were)."""

    def __init__(self, header: Header, *, fresh: bool = False, window: int | None = None) -> None:
        self.header = header
        self.ledger = Ledger.start(header)
        self.first_at: datetime | None = None
        self._fresh = fresh
        self._window = window or WINDOW
        self._depth = 0  # entries in force above the bottom of the ledger's stack
        self.cut = False  # entries in force were let go
        self._stakes: Chain[StakeChange] | None = None  # the stake changes packed
        #: The round results packed (core/history_text.py) with their statistics, the
        #: last few times they were packed, the newest last (see :meth:`counted_for`).
        self._counts: deque[Counted] = deque(maxlen=COUNTS_KEPT)

    @property
    def counted(self) -> Counted | None:
        """The round results packed last, with their statistics: every state the ledger
        holds grew from them. Given to ``state_stats`` as *since*, it reads only the
        rounds after them."""
        return self._counts[-1] if self._counts else None

    def counted_for(self, state: State) -> Counted | None:
        """:attr:`counted` for *state*, a state this fold held some entries back (a
        snapshot's): the newest packing it grew from, else None (then ``state_stats``
        decodes and counts every round: the same numbers, in time)."""
        for counted in reversed(self._counts):
            if state.results.grown_from(counted[1]) is not None:
                return counted
        return None

    @property
    def count(self) -> int:
        """Entries folded so far."""
        return self.ledger.next_seq - 1

    @property
    def kept(self) -> int:
        """Entries in force the ledger holds now: never more than twice the window."""
        return self._depth

    def add(self, event: Event) -> Event:
        """Fold a stored (or imported) *event*: FoldError as a whole fold refuses it."""
        self._reachable(event.kind)
        try:
            check_stored(self.ledger, event, self._fresh)
        except RuleError:
            if self.cut:
                raise NeedsWhole from None
            raise
        self._step(event)
        return event

    def record(self, entry: Entry, now: datetime | None = None) -> Event:
        """Check and fold *entry* (a transcript's), as :meth:`Session.record` does."""
        self._reachable(entry.kind)
        try:
            event = self.ledger.check(entry, now)
        except RuleError:
            if self.cut:
                raise NeedsWhole from None
            raise
        self._step(event)
        return event

    def _reachable(self, kind: str) -> None:
        """A correction names its round by its number among the rounds in force since the
        start (core/corrections.py): once entries were let go, that count would be off, so
        it is never tried on what is kept."""
        if self.cut and kind == "correct":
            raise NeedsWhole

    def _step(self, event: Event) -> None:
        try:
            self.ledger = self.ledger.step(event)
        except RuleError:
            if self.cut:
                raise NeedsWhole from None
            raise
        if self.first_at is None:
            self.first_at = event.at
        self._depth = self._depth - 1 if event.kind == "undo" else self._depth + 1
        if self._depth >= 2 * self._window:
            self._let_go()

    def _let_go(self) -> None:
        """Keep the last :attr:`_window` entries in force, on a bottom that knows none below."""
        kept: list[Frame] = []
        frame = self.ledger.top
        for _ in range(self._window):
            kept.append(frame)
            assert frame.below is not None
            frame = frame.below
        self._pack(frame.state)
        below: Frame = Frame(frame.seq, frame.state, None)
        for frame in reversed(kept):
            below = Frame(frame.seq, frame.state, below, frame.event)
        ledger = self.ledger
        self.ledger = Ledger(ledger.header, ledger.game, below, ledger.next_seq, ledger.last_at)
        self._depth = self._window
        self.cut = True

    def _pack(self, bottom: State) -> None:
        """Keep the histories of *bottom* (the state below the entries kept) as text: every
        state above it holds them through it, so none of their items below stays as
        objects. The round results packed are counted as they go."""
        results = pack(bottom.results, self.counted[1] if self.counted else None)
        if results is None or pack(bottom.stake_history, self._stakes) is None:
            raise NeedsWhole  # only a correction rewrites them, and none is folded once cut
        if results:  # rounds packed now: counted into those packed before
            rows = self.counted[0]["players"] if self.counted else {}
            players = {name: dict(numbers) for name, numbers in rows.items()}
            players = count_rounds(self.ledger.game, results, players)
            self._counts.append(({"players": players}, bottom.results))
        if bottom.stake_history:
            self._stakes = bottom.stake_history

    def session(self) -> Session:
        """The session at the end: its state, header and times, none of its entries."""
        return Session.resumed(self.header, self.ledger, self.first_at)


@contextlib.contextmanager
def folding(fresh: bool = False) -> Iterator[None]:
    """What a whole fold runs under: amounts read as stored (the collector is the
    caller's: scorekeeper/collector.py, outside core)."""
    with contextlib.nullcontext() if fresh else as_stored():
        yield
