"""Statistics over the stored sessions: the store's side of :mod:`scorekeeper.core.stats`.

Each session's numbers are taken from its snapshot when its journal vouches for it
(storage/snapshot.py; the writer notes them as it closes), else folded from the
journal, which also rebuilds the snapshot: a second ``scorekeeper stats`` folds
nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from typing import Any, overload

from scorekeeper.core.stats import FIELDS, STATS_VERSION, Totals, combine
from scorekeeper.messages import UserError
from scorekeeper.services.one_read import held
from scorekeeper.services.summary_docs import STATS_KIND
from scorekeeper.storage import Store

CACHE_KIND = STATS_KIND


def _compute(store: Store, sid: int) -> dict[str, Any]:
    # Folding is loaded only when a session has no vouched snapshot.
    from scorekeeper.services.recording import summaries_now

    try:
        return summaries_now(store, sid)[CACHE_KIND]
    except UserError as error:  # damaged: counted as unreadable
        return {"version": STATS_VERSION, "error": error.message("en")}
    except Exception as error:
        return {"version": STATS_VERSION, "error": type(error).__name__}


def well_formed(doc: Any) -> bool:
    """A statistics document in every field, as :func:`session_stats` makes them (a
    snapshot's bytes come from the disk)."""
    if not isinstance(doc, dict) or set(doc) != {"version", "game", "started", "players"}:
        return False
    players = doc["players"]
    return (
        doc["version"] == STATS_VERSION
        and isinstance(doc["game"], str)
        and (doc["started"] is None or _is_time(doc["started"]))
        and isinstance(players, dict)
        and all(
            isinstance(numbers, dict)
            and set(numbers) == set(FIELDS)
            and all(type(n) is int for n in numbers.values())
            for numbers in players.values()
        )
    )


def _is_time(text: Any) -> bool:
    try:
        return isinstance(text, str) and datetime.fromisoformat(text).tzinfo is not None
    except ValueError:
        return False


#: One gathering at a time in this process: the app may start a new one (the screen shown
#: again) before an old one, in a worker thread, has stopped.
_GATHERING = threading.Lock()


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
    always, to be counted as such), from its snapshot where the journal vouches for it.
    *progress* is told (done, total) after each session, for the app's progress bar. With
    *at_most*, None (nothing read) when the sessions without one hold more bytes than that
    (they are folded)."""
    docs = []
    with held(_GATHERING, wait=at_most is None) as mine:  # see catalog.list_sessions
        if not mine:
            return None
        found_all = store.summaries(at_most=at_most)
        if found_all is None:
            return None
        for done, (sid, found) in enumerate(found_all.items(), start=1):
            if isinstance(found, UserError):  # trashed or unreadable since it was listed
                doc: dict[str, Any] = {"version": STATS_VERSION, "error": found.message("en")}
            else:
                kept = found.get(CACHE_KIND) if found is not None else None
                doc = kept if kept is not None and well_formed(kept) else _compute(store, sid)
            if game is None or doc.get("game") == game or "error" in doc:
                docs.append(doc)
            if progress is not None:
                progress(done, len(found_all))
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
