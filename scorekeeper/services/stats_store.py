"""Statistics over the stored sessions: the store's side of :mod:`scorekeeper.core.stats`.

Each session's numbers are computed once and kept in ``index-stats.json``
(see :meth:`Store.cached_summaries`) until its file changes, so a second
``scorekeeper stats`` over a thousand sessions reads one cache file and
folds nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from typing import Any, overload

from scorekeeper.core.stats import STATS_VERSION, Totals, combine, session_stats
from scorekeeper.messages import UserError
from scorekeeper.services.one_read import held
from scorekeeper.services.summary_docs import STATS_KIND
from scorekeeper.storage import Store, StoredSession

CACHE_KIND = STATS_KIND


def _compute(stored: StoredSession) -> dict[str, Any]:
    # Folding is loaded only when a document is in no cache (not for a warm ``stats``).
    from scorekeeper.services.recording import fold_stored

    try:
        return session_stats(fold_stored(stored))
    except UserError as error:  # damaged: counted as unreadable, and not folded again
        return {"version": STATS_VERSION, "error": error.message("en")}
    except Exception as error:  # one unreadable session never breaks the others' stats
        return {"version": STATS_VERSION, "error": type(error).__name__}


#: One gathering at a time in this process: the app may start a new one (the screen shown
#: again) before an old one, in a worker thread, has stopped.
_GATHERING = threading.Lock()


def gathering_cost(store: Store) -> int:
    """Bytes the statistics would read now (0 when every session's figures are cached)."""
    return store.unread_bytes(CACHE_KIND)


@overload
def session_docs(
    store: Store,
    game: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    at_most: None = None,
) -> list[dict[str, Any]]: ...


@overload
def session_docs(
    store: Store,
    game: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    at_most: int,
) -> list[dict[str, Any]] | None: ...


def session_docs(
    store: Store,
    game: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    at_most: int | None = None,
) -> list[dict[str, Any]] | None:
    """Every stored session's statistics document (of *game*, if given; unreadable sessions
    always, to be counted as such), from the cache where it is fresh. *progress* is told
    (done, total) after each session, for the app's progress bar. With *at_most*, None
    (nothing read) when more bytes than that are not yet counted (:func:`gathering_cost`)."""
    docs = []
    matching = None if game is None else {"game": game}
    with held(_GATHERING, wait=at_most is None) as mine:  # see catalog.list_sessions
        if not mine:
            return None
        found_all = store.cached_summaries(
            _compute, kind=CACHE_KIND, matching=matching, progress=progress, at_most=at_most
        )
    if found_all is None:
        return None
    for found in found_all.values():
        if isinstance(found, UserError):  # trashed or unreadable since it was listed
            docs.append({"version": STATS_VERSION, "error": found.message("en")})
        else:
            docs.append(found)
    return docs


def gather(
    store: Store,
    *,
    game: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
) -> Totals:
    return combine(session_docs(store, game), game=game, since=since, until=until)


def day_range(first: date | None, last: date | None) -> tuple[datetime | None, datetime | None]:
    """From the start of *first* to the end of *last*, both days in local time."""
    since = datetime.combine(first, time()).astimezone() if first else None
    until = datetime.combine(last + timedelta(days=1), time()).astimezone() if last else None
    return since, until
