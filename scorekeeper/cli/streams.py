"""The program's standard streams, made safe before anything else is opened.

A program started with a standard stream closed (``scorekeeper show 1 >&-``) gets None
for it from Python, and the next file it opens takes that stream's number: a session's
journal opened as descriptor 1 would then receive whatever is written to standard
output. :func:`mend` opens the null device at the number of each stream that is closed
(or open the wrong way: standard output open only for reading), before the program
imports anything else, and keeps which ones they were. The command then refuses in
words when it has something to print and nowhere to print it (cli/main.py); a closed
standard error only loses the words, never the exit status; a closed standard input
reads as empty. Standard library only.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

STDIN, STDOUT, STDERR = 0, 1, 2

#: The standard streams that were closed (or unusable) when the program started.
_closed: set[int] = set()


def _usable(fd: int) -> bool:
    """Whether descriptor *fd* is open, for reading (standard input) or for writing."""
    try:
        os.fstat(fd)
    except OSError:
        return False
    try:
        import fcntl
    except ImportError:  # Windows: open is all that can be told
        return True
    mode = fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE
    return mode != (os.O_WRONLY if fd == STDIN else os.O_RDONLY)


def mend() -> None:
    """Put the null device at the number of every closed standard stream, lowest first
    (so that opening it takes that very number), and give Python a stream on it."""
    for fd in (STDIN, STDOUT, STDERR):
        if _usable(fd):
            continue
        null = os.open(os.devnull, os.O_RDONLY if fd == STDIN else os.O_WRONLY)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)
        _closed.add(fd)
    # Each kept for the program's life, like the stream Python would have made.
    if STDIN in _closed and sys.stdin is None:
        sys.stdin = open(STDIN, encoding="utf-8", closefd=False)  # noqa: SIM115
    for fd, name in ((STDOUT, "stdout"), (STDERR, "stderr")):
        if fd in _closed and getattr(sys, name) is None:
            text = open(fd, "w", encoding="utf-8", errors="backslashreplace", closefd=False)  # noqa: SIM115
            setattr(sys, name, text)


def closed(fd: int) -> bool:
    """Whether standard stream *fd* was closed when the program started (also when
    Python has no stream for it: a caller of ``main`` that set it to None)."""
    return fd in _closed or getattr(sys, ("stdin", "stdout", "stderr")[fd]) is None


class OutputError(OSError):
    """Standard output could not take what the command printed (a full disk, an I/O
    error): told in words (cli/main.py), never as an internal error, because the entries
    a command records are on disk before anything is printed about them."""


@contextmanager
def _told() -> Iterator[None]:
    """A failed write to standard output as OutputError; a reader gone stays itself."""
    try:
        yield
    except BrokenPipeError:
        raise
    except OSError as error:
        raise OutputError(error.errno, error.strerror) from error


class _Guarded:
    """Standard output whose write failures (all but a reader gone: BrokenPipeError) are
    raised as :class:`OutputError`."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        with _told():
            return self.stream.write(text)

    def flush(self) -> None:
        with _told():
            self.stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def guard_stdout() -> None:
    """Said once by the program (not by tests calling ``main``, whose output is captured)."""
    if sys.stdout is not None and not isinstance(sys.stdout, _Guarded):
        sys.stdout = _Guarded(sys.stdout)
