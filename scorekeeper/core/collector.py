"""Pausing Python's cycle collector around work that only builds objects that live on."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: Whether what a pause made is frozen out of the collector's passes as it ends (the app:
#: see :func:`freeze_after_pauses`).
_freeze = False


def freeze_after_pauses(on: bool) -> bool:
    """Freeze (``gc.freeze``) what a pause made before the collector is on again; the
    setting before. For a program that keeps a folded session for long, the app: once
    on again, the collector scanned the fold's objects in one pass as soon as anything
    was made, then again in each older generation's pass: long passes at 100,000
    entries, in the middle of whichever key came then. Frozen, they are freed by
    reference counting as before; a batch command exits without either."""
    global _freeze
    before, _freeze = _freeze, on
    return before


@contextmanager
def collector_paused(*, freeze: bool | None = None) -> Iterator[None]:
    """Pause Python's cycle collector while a fold builds many small objects that all live
    on (events, states, frames): it would scan them again and again and find no garbage.
    At 100,000 entries that scanning was two thirds of a replay, and made it grow faster
    than the session. Used around folds and other passes over a whole session.

    What the pause made is frozen as it ends if *freeze* says so (by default, as
    :func:`freeze_after_pauses` was set): before the collector is on again, or its next
    pass would scan it all at once. A pause inside another leaves that to the outer one."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            if _freeze if freeze is None else freeze:
                gc.freeze()
            gc.enable()
