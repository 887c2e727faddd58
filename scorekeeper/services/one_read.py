"""One read of the stored sessions' summaries at a time, and no wait for it on the UI thread.

A read may keep a snapshot for a session that had none (a fold, a vouch line appended),
so two at once would do the same work twice; the app may begin a read (a screen shown
again) while an older one still runs in a worker.
A read asked on the UI thread, to see whether it is quick, does not wait for that one: it
says "not now", and the screen reads in a worker, which waits its turn.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def held(lock: threading.Lock, *, wait: bool) -> Iterator[bool]:
    """*lock* held for the block (True); without *wait*, False at once when another
    thread holds it, and the block runs without it."""
    mine = lock.acquire(blocking=wait)
    try:
        yield mine
    finally:
        if mine:
            lock.release()
