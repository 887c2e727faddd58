"""One writer per session file, refused at once rather than queued.

Two writers on one journal would interleave lines from two different views of
the log, so the second one must be told now, not block until the first quits.
flock on Linux/macOS also conflicts between two opens in one process, but some
platforms emulate it with per-process fcntl locks; the in-process registry
covers that case.
"""

from __future__ import annotations

import os
import sys
import threading

# Windows locks byte ranges and blocks reads of them, so lock one far past any
# real data: readers never touch it.
_WINDOWS_LOCK_OFFSET = 2**40

_held: set[tuple[int, int]] = set()
_held_guard = threading.Lock()


def _identity(fd: int) -> tuple[int, int]:
    st = os.fstat(fd)
    return (st.st_dev, st.st_ino)


def try_lock(fd: int) -> bool:
    """Take the exclusive lock on the open file *fd*; False if someone holds it."""
    ident = _identity(fd)
    with _held_guard:
        if ident in _held:
            return False
        if not _os_lock(fd):
            return False
        _held.add(ident)
        return True


def unlock(fd: int) -> None:
    """Release before closing *fd* (closing alone releases flock, not the registry)."""
    ident = _identity(fd)
    with _held_guard:
        _os_unlock(fd)
        _held.discard(ident)


if sys.platform == "win32":  # best effort, not tested here
    import msvcrt

    def _windows_lock(fd: int, mode: int) -> bool:
        here = os.lseek(fd, 0, os.SEEK_CUR)
        try:
            os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
            msvcrt.locking(fd, mode, 1)
        except OSError:
            return False
        finally:
            os.lseek(fd, here, os.SEEK_SET)
        return True

    def _os_lock(fd: int) -> bool:
        return _windows_lock(fd, msvcrt.LK_NBLCK)

    def _os_unlock(fd: int) -> None:
        _windows_lock(fd, msvcrt.LK_UNLCK)

else:
    import fcntl

    def _os_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except (BlockingIOError, PermissionError):
            return False
        return True

    def _os_unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
