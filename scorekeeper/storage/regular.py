"""Opening a side file for reading only when it is a regular file, without ever waiting.

Anyone who can write the data folder can put a FIFO, a folder or a device where a side
file (a snapshot, a set-aside write, the old settings) is looked for. Opening a FIFO to
read it waits for a writer that never comes, and a command that holds the session's lock
would hang with it. So a side file is opened without waiting (``O_NONBLOCK``), and
anything that is not a regular file once open (``fstat``) is refused at once as an
``OSError``, which every reader of a side file already takes as "no such file": it is
ignored, and the journal folded instead (docs/storage.md, "The rule for side files").
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

_NONBLOCK: int = getattr(os, "O_NONBLOCK", 0)
_NOFOLLOW: int = getattr(os, "O_NOFOLLOW", 0)
_FLAGS: int = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)


class NotRegular(OSError):
    """A side file that is a FIFO, a folder, a device or a socket: never read."""


def open_regular(path: str | os.PathLike[str], *, follow: bool = False) -> BinaryIO:
    """*path* open for reading in binary, when it is a regular file; else
    :class:`NotRegular` (an ``OSError``) at once, never a wait. Without *follow*, a
    symbolic link is refused too (no side file the program writes is one); the user's
    own config files may be links (*follow*)."""
    found = os.stat(path, follow_symlinks=follow)
    if not stat.S_ISREG(found.st_mode):  # not even opened: opening a device may act
        raise NotRegular(errno.EINVAL, "not a regular file", os.fspath(path))
    fd = os.open(path, _FLAGS | _NONBLOCK | (0 if follow else _NOFOLLOW))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped since the stat above
            raise NotRegular(errno.EINVAL, "not a regular file", os.fspath(path))
        if _NONBLOCK:
            import fcntl  # where there is O_NONBLOCK, there is fcntl

            fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~_NONBLOCK)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: str | os.PathLike[str], limit: int, *, follow: bool = False) -> bytes:
    """At most *limit* + 1 bytes of *path* (:func:`open_regular`): a caller refuses more
    than *limit* as not a file of ours."""
    with open_regular(path, follow=follow) as handle:
        return handle.read(limit + 1)


def is_regular_fd(fd: int) -> bool:
    """The open file *fd* is a regular file (a FIFO opened read-write does not wait to
    open, only to be read)."""
    return stat.S_ISREG(os.fstat(fd).st_mode)


def is_regular(path: Path) -> bool:
    """*path* is a regular file itself (not a link to one, a FIFO, a folder, a device)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False
