"""How far a long read has got, told as a plain callback.

The folds of a whole session (``import``, ``replay``, ``verify``, ``export``, the app's
"Reading all N entries…") take seconds at tens of thousands of entries. Whoever shows
the progress (the command line's bar on a terminal, cli/progress_bar.py; the app's
ProgressBar) passes a :data:`Progress`; the core and the services call it with plain
numbers and import nothing to show it. None, the default, costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

#: Told ``(done, total)`` now and then as a read goes on: entries, lines or bytes, as the
#: reader counts them (``done`` never past ``total``).
Progress = Callable[[int, int], None]

#: Items between two calls: often enough for a bar to move, rare enough to cost nothing.
EVERY = 512

_T = TypeVar("_T")


def ticking(items: Iterable[_T], total: int, progress: Progress | None) -> Iterable[_T]:
    """*items* as they are, *progress* told every :data:`EVERY` of them and at the end;
    *items* itself when there is no *progress* (no generator in the way)."""
    if progress is None:
        return items
    return _ticked(items, total, progress)


def _ticked(items: Iterable[_T], total: int, progress: Progress) -> Iterator[_T]:
    progress(0, total)
    for done, item in enumerate(items, start=1):
        yield item
        if done % EVERY == 0:
            progress(min(done, total), total)
    progress(total, total)
