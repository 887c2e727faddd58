"""Python's cycle collector, the one place the program touches it (issue 36).

The rules (core) fold sessions without touching it; the services pause it around the
folds they run (a session opened, resumed, followed or replayed for a correction), the
command line around a batch command and the app's import, and the app freezes a table's
folded session out of later passes. Nothing here runs at import: each is said by the
caller, as it does the work.
"""

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


def off_to_the_end() -> None:
    """The collector off for good: said by the program when a batch command is its last
    work (cli/leaving.py): it leaves with ``os._exit`` right after."""
    gc.disable()


def freeze_what_lives_on() -> None:
    """Everything alive now kept out of the collector's passes (a table's folded session,
    which lives as long as the table); freed by reference counting as usual."""
    gc.freeze()
