"""Python's cycle collector run between keys, not in the middle of one.

Left to itself the collector runs whenever enough objects were made: during a key's
frame, that is, which makes many small objects. At the table it ran a dozen times in
one showdown's Enter, now and then a pass over the older objects or a full one: a key
held up by whichever pass came due (docs/performance.md has the A/B). Here the passes
wait until the keys stop for a moment (:data:`QUIET`), and run then; a full pass waits
for a longer pause and comes more seldom the longer the last one took (:func:`spacing`).
The collector's own trigger stays as a backstop, set high (:data:`BACKSTOP`), for a long
run of keys without a pause. Garbage is collected as before, only at other times.

A session folded whole while the app runs (for the timeline, the standings, an undo
below the checkpoint) is frozen out of the passes as the fold ends, as the app freezes
a session it opens: otherwise each full pass here would scan its objects again (a
long pass at 100,000 entries). See core/collector.py.
"""

from __future__ import annotations

import asyncio
import gc
import math
import time

from scorekeeper.core.collector import freeze_after_pauses

#: Seconds without a key before the collector runs: less than a person leaves between
#: two keys, more than a key's own frames take.
QUIET = 0.08
#: Objects made (net) before the collector runs all the same, as Python's own trigger.
BACKSTOP = 50_000
#: A full pass (every generation) waits for a longer pause ...
FULL_QUIET = 0.5
#: ... and for at least so many quick passes since the last full one, as Python's ten ...
FULL_EVERY = 10
#: ... or more: as many as keep the last full pass's time, spread over the pauses since,
#: under this (seconds per pause). With the timeline of 100,000 entries open, a full pass
#: scans millions of objects; Python itself runs one only once the older objects have
#: grown by a quarter, and so, in effect, does this.
FULL_SHARE = 0.0005


def spacing(full_took: float) -> int:
    """Quick passes to wait for before the next full pass, after one that took
    *full_took* seconds."""
    return max(FULL_EVERY, math.ceil(full_took / FULL_SHARE))


class IdleCollector:
    """Started with the app, stopped as it closes: Python's settings are put back then."""

    def __init__(self, quiet: float = QUIET, full_quiet: float = FULL_QUIET) -> None:
        self.quiet, self.full_quiet = quiet, full_quiet
        self._saved: tuple[int, int, int] | None = None  # Python's thresholds, as found
        self._due: asyncio.TimerHandle | None = None
        self._passes = 0  # quick passes since the last full one
        self._full_after = FULL_EVERY
        self._froze = False  # whether folds froze their objects before start

    def start(self) -> None:
        if self._saved is not None:
            return
        self._saved = gc.get_threshold()
        _, middle, old = self._saved
        gc.set_threshold(BACKSTOP, middle, old)
        self._froze = freeze_after_pauses(True)

    def stop(self) -> None:
        if self._due is not None:
            self._due.cancel()
            self._due = None
        if self._saved is None:
            return
        gc.set_threshold(*self._saved)
        freeze_after_pauses(self._froze)
        self._saved = None

    def activity(self) -> None:
        """A key or the mouse: the collector waits for the next pause."""
        if self._saved is None:
            return
        if self._due is not None:
            self._due.cancel()
        self._due = asyncio.get_running_loop().call_later(self.quiet, self._collect)

    def _fired(self) -> bool:
        """The timer went off (nothing is due now): whether a pass may run, the collector
        being still started and not paused by a fold."""
        self._due = None
        return self._saved is not None and gc.isenabled()

    def _collect(self) -> None:
        if not self._fired():
            return
        self._passes += 1
        gc.collect(1)
        if self._passes >= self._full_after:
            wait = max(self.full_quiet - self.quiet, 0)
            self._due = asyncio.get_running_loop().call_later(wait, self._collect_all)

    def _collect_all(self) -> None:
        if not self._fired():
            return
        began = time.perf_counter()
        gc.collect(2)
        self._passes = 0
        self._full_after = spacing(time.perf_counter() - began)
