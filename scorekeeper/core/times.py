"""Times of entries: the window a typed or imported time must fall in, and local clock
text that never fails.

A time far outside any real session (year 1 or 9999) would break date arithmetic
in every view (converting it to local time overflows), and a far-future entry
would drag every later program-stamped time with it. So typed and imported
times must lie between 1970 and 2100 with an offset of at most ±14:00.
A session stored before this rule keeps opening; its odd times are shown as stored,
and an out-of-range time binds no later one (neither typed nor stamped).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, tzinfo

from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import require_aware

EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
LATEST = datetime(2100, 1, 1, tzinfo=UTC)
MAX_OFFSET = timedelta(hours=14)


def _offset_ok(at: datetime) -> bool:
    offset = at.utcoffset()
    return offset is not None and abs(offset) <= MAX_OFFSET


def check_time(at: datetime) -> datetime:
    """*at* if it is a time a real table could have written, else a RuleError in words:
    it says its offset from UTC (:func:`require_aware`), within range."""
    require_aware(at)
    if not _offset_ok(at):
        raise RuleError("rules.time_offset_range", time=at.isoformat())
    if not EARLIEST <= at < LATEST:
        raise RuleError("rules.time_range", time=at.isoformat())
    return at


def in_range(at: datetime) -> bool:
    """Inside the window typed times must fall in (older stored sessions may not be)."""
    return _offset_ok(at) and EARLIEST <= at < LATEST


def local_text(at: datetime | str, fmt: str, zone: tzinfo | None = None) -> str:
    """*at* in local time (*zone*, default the computer's) as *fmt*; as stored when it
    cannot be converted."""
    try:
        moment = datetime.fromisoformat(at) if isinstance(at, str) else at
        return moment.astimezone(zone).strftime(fmt)
    except (OverflowError, ValueError, OSError):
        return at if isinstance(at, str) else at.isoformat()


def utc_iso(at: datetime) -> str:
    """*at* in UTC as ISO text; a stored time beyond what UTC can hold is clamped to it."""
    try:
        return at.astimezone(UTC).isoformat()
    except OverflowError:
        return (datetime.max if at.year > 1 else datetime.min).replace(tzinfo=UTC).isoformat()
