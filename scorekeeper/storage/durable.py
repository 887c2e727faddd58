"""File operations that are on the disk, not just in the page cache, when they return.

A SIGKILL only loses what a process had not handed to the kernel; a power cut
also loses what the kernel had not written out. Hence fsync on every file we
rely on, and on its folder after a name in it changes.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
from collections.abc import Iterable
from pathlib import Path


def fsync_dir(folder: Path) -> None:
    """Make a create/rename/unlink in *folder* survive a power cut (no-op where unsupported)."""
    if os.name == "nt":  # Windows cannot open a folder; NTFS journals names itself.
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_all(fd: int, data: bytes) -> None:
    """os.write may write less than asked (a nearly full disk); keep going or fail."""
    view = memoryview(data)
    while view:
        done = os.write(fd, view)
        if done <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))  # the disk took nothing
        view = view[done:]


def write_temp(folder: Path, data: bytes, suffix: str = ".tmp") -> Path:
    """A new, fsynced file in *folder* under a name nobody else uses."""
    while True:
        path = folder / f".{os.getpid()}-{os.urandom(4).hex()}{suffix}"  # as secrets.token_hex
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY, 0o644)
        except FileExistsError:
            continue
        break
    try:
        write_all(fd, data)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        _unlink_quietly(path)
        raise
    os.close(fd)
    return path


_TEMP = re.compile(r"\.([0-9]+)-[0-9a-f]{8}\.(?:new|tmp)")


def remove_stale_temps(folder: Path) -> list[Path]:
    """Remove the temporary files (``write_temp``) of writers that no longer run.

    A writer killed between writing its temporary file and renaming it leaves the
    file behind; it was never part of any session. A running writer's is kept.
    """
    removed = []
    try:
        names = os.listdir(folder)  # names, not paths: 1,000 sessions are 3,000 files
    except OSError:
        return []
    for name in names:
        match = _TEMP.fullmatch(name)
        if match is None or _running(int(match.group(1))):
            continue
        path = folder / name
        _unlink_quietly(path)
        if not path.exists():
            removed.append(path)
    return removed


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OverflowError, OSError):
        return True  # someone else's process, or not a pid we can ask about: leave it
    return True


def replace_atomically(path: Path, data: bytes) -> None:
    """Readers see the old file or the new one, never a mix, even after a crash."""
    temp = write_temp(path.parent, data)
    try:
        os.replace(temp, path)
    except BaseException:
        _unlink_quietly(temp)
        raise
    fsync_dir(path.parent)


def replace_atomically_from(path: Path, chunks: Iterable[bytes]) -> None:
    """:func:`replace_atomically` of the bytes *chunks* gives, written as they come."""
    temp = write_temp(path.parent, b"")
    try:
        with open(temp, "ab") as handle:
            for chunk in chunks:
                handle.write(chunk)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        _unlink_quietly(temp)
        raise
    fsync_dir(path.parent)


def _unlink_quietly(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


_BINARY: int = getattr(os, "O_BINARY", 0)
