"""The catalog of stored sessions: what the session list (start screen, ``list``) shows.

Each session's summary is kept in the store's summary cache until its file
changes; a damaged or unreadable session is listed with its error, never hiding
the others.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, overload

from scorekeeper.core.times import utc_iso
from scorekeeper.messages import UserError, t
from scorekeeper.services.one_read import held
from scorekeeper.services.session_summary import Summary
from scorekeeper.storage import Store, StoredSession


def _created(store: Store, sid: int) -> str:
    """When a session with no entry yet was created: its file's time (UTC ISO, as
    ``last_at``); "" (oldest) when it cannot be told."""
    try:
        return utc_iso(datetime.fromtimestamp(store.path(sid).stat().st_mtime, UTC))
    except (OSError, ValueError, OverflowError):
        return ""


def recent_first(store: Store, summaries: list[Summary]) -> list[Summary]:
    """Most recently updated first: by the time of the last entry, or, for a session with
    no entry yet, the time it was created (so a new session is at the top); ties by id,
    the higher (the later created) first."""
    return sorted(summaries, key=lambda s: (s.last_at or _created(store, s.id), s.id), reverse=True)


#: One reading of the lists at a time in this process: the app may start a new one (the
#: screen shown again) before an old one, in a worker thread, has stopped.
_READING = threading.Lock()


def listing_cost(store: Store) -> int:
    """Bytes :func:`list_sessions` would read now (0 when every summary is cached)."""
    return store.unread_bytes()


@overload
def list_sessions(
    store: Store, progress: Callable[[int, int], None] | None = None, *, at_most: None = None
) -> list[Summary]: ...


@overload
def list_sessions(
    store: Store, progress: Callable[[int, int], None] | None = None, *, at_most: int
) -> list[Summary] | None: ...


def list_sessions(
    store: Store, progress: Callable[[int, int], None] | None = None, *, at_most: int | None = None
) -> list[Summary] | None:
    """Every stored session, most recently updated first (:func:`recent_first`); a damaged
    one is listed with its error. *progress* is told (done, total) after each session.
    With *at_most*, None (nothing read) when more bytes than that are not yet summarized
    (:func:`listing_cost`), or when another read is under way: asked so on the UI thread,
    which must not wait for a worker's read; the start screen then reads in a worker."""
    with held(_READING, wait=at_most is None) as mine:
        return _list_sessions(store, progress, at_most) if mine else None


def _list_sessions(
    store: Store, progress: Callable[[int, int], None] | None, at_most: int | None
) -> list[Summary] | None:

    def compute(stored: StoredSession) -> dict[str, Any]:
        # The rules are loaded only when a summary is in no cache: listing cached ones
        # (the start screen, most of the time) does not import them.
        from scorekeeper.services.recording import fold_stored
        from scorekeeper.services.summary_docs import summarize

        try:
            return summarize(fold_stored(stored), stored.id).to_doc()
        except UserError as error:
            doc = Summary(stored.id, "?", (), 0, None, None, False, error.message()).to_doc()
            return doc
        except Exception as error:  # one unreadable session never hides the others
            text = t("recording.session_unlistable", session=stored.id, kind=type(error).__name__)
            return Summary(stored.id, "?", (), 0, None, None, False, text).to_doc()

    # One pass over the folder and one write of the cache, however many summaries were stale.
    found = store.cached_summaries(compute, kind="", progress=progress, at_most=at_most)
    if found is None:
        return None
    summaries = []
    for sid, value in found.items():
        if isinstance(value, UserError):
            doc = Summary(sid, "?", (), 0, None, None, False, value.message()).to_doc()
        else:
            doc = dict(value)
        doc["players"] = tuple(doc["players"])
        summaries.append(Summary(**doc))
    return recent_first(store, summaries)
