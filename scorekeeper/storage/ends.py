"""A journal's two ends: all a listing reads of it (storage/store.py ``Store.summaries``).

The session list and the names played under before take each session's summaries from
the vouch line at its journal's end, checked against the line before it and the header
at its start: the bytes between are never read (a 100,000-entry journal is 20 MiB).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import BinaryIO


@dataclass(frozen=True)
class Ends:
    """All a listing reads of a journal: its first lines and its last ones (the vouch
    line and the one before it), never what lies between (the page server's start held
    a 100,000-entry journal whole, 20 MiB, to list the names played under before)."""

    head: bytes  # through the header line at least (or the whole file)
    tail: bytes  # its last bytes: three lines' ends at least (or the whole file)
    tail_at: int  # where *tail* begins in the file
    size: int  # the file's length as read


#: Bytes a listing reads at a time from each end of a journal.
_ENDS_CHUNK = 1 << 14


def ends_of(handle: BinaryIO) -> Ends:
    """The two ends of the journal open as *handle* (:class:`Ends`)."""
    head = handle.read(_ENDS_CHUNK)
    while head.count(b"\n") < 2 and (more := handle.read(_ENDS_CHUNK)):
        head += more  # a header longer than a chunk: read on to its end
    size = os.fstat(handle.fileno()).st_size
    span = _ENDS_CHUNK
    while True:
        tail_at = max(0, size - span)
        handle.seek(tail_at)
        tail = handle.read()  # to the end, as it is now (an append since is read too)
        if tail_at == 0 or tail.count(b"\n") >= 4:
            return Ends(head, tail, tail_at, tail_at + len(tail))
        span *= 4
