"""Python's cycle collector run between keys, not in the middle of one.

Left to itself the collector runs whenever enough objects were made: during a key's
frame, that is, which makes many small objects. At the table it ran a dozen times in
one showdown's Enter, now and then a pass over the older objects or a full one: a key
held up by whichever pass came due (docs/performance.md has the A/B). Here the passes
wait until the keys stop for a moment (:data:`QUIET`), and run then; the collector's own
trigger stays as a backstop, set high (:data:`BACKSTOP`), for a long run of keys without
a pause. Garbage is collected as before, only at other times.

A session folded whole while the app runs (for the timeline, the standings, an undo
below the checkpoint) is frozen out of the passes as the fold ends, as the app freezes
a session it opens: otherwise each full pass here would scan its objects again (a
long pass at 100,000 entries). See core/collector.py.
"""

from __future__ import annotations

import asyncio
import gc

from scorekeeper.core.collector import freeze_after_pauses

#: Seconds without a key before the collector runs: less than a person leaves between
#: two keys, more than a key's own frames take.
QUIET = 0.08
#: Objects made (net) before the collector runs all the same, as Python's own trigger.
BACKSTOP = 50_000
#: A full pass (every generation) after so many quiet ones, as Python does after ten.
FULL_EVERY = 10


class IdleCollector:
    """Started with the app, stopped as it closes: Python's settings are put back then."""

    def __init__(self, quiet: float = QUIET) -> None:
        self.quiet = quiet
        self._saved: tuple[int, int, int] | None = None  # Python's thresholds, as found
        self._due: asyncio.TimerHandle | None = None
        self._passes = 0
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

    def _collect(self) -> None:
        self._due = None
        if self._saved is None or not gc.isenabled():  # a fold has it paused (core/collector)
            return
        self._passes += 1
        gc.collect(2 if self._passes % FULL_EVERY == 0 else 1)
