"""Pausing Python's cycle collector around work that only builds objects that live on."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused(*, freeze: bool = False) -> Iterator[None]:
    """Pause Python's cycle collector while a fold builds many small objects that all live
    on (events, states, frames): it would scan them again and again and find no garbage.
    At 100,000 entries that scanning was two thirds of a replay, and made it grow faster
    than the session. Used around folds and other passes over a whole session.

    What the pause made is frozen as it ends if *freeze* says so: before the collector is
    on again, or its next pass would scan it all at once. A pause inside another leaves
    that to the outer one."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            if freeze:
                gc.freeze()
            gc.enable()
