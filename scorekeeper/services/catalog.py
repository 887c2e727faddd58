"""The catalog of stored sessions: what the session list (start screen, ``list``) shows.

Each session's line is taken from its snapshot when its journal vouches for it
(storage/snapshot.py), else folded from the journal (and the snapshot rebuilt); a
damaged or unreadable session is listed with its error, never hiding the others.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, overload

from scorekeeper.core.times import utc_iso
from scorekeeper.messages import UserError, t
from scorekeeper.services.one_read import held
from scorekeeper.services.session_summary import LIST_KIND, Summary
from scorekeeper.storage import StorageError, Store


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
    With *at_most*, None (nothing folded) when the sessions without a snapshot their
    journal vouches for hold more bytes than that, or when another read is under way:
    asked so on the UI thread, which must not wait for a worker's read; the start screen
    then reads in a worker."""
    with held(_READING, wait=at_most is None) as mine:
        return _list_sessions(store, progress, at_most) if mine else None


def _list_sessions(
    store: Store, progress: Callable[[int, int], None] | None, at_most: int | None
) -> list[Summary] | None:
    found = store.summaries(at_most=at_most)
    if found is None:
        return None
    summaries = []
    for done, (sid, value) in enumerate(found.items(), start=1):
        summaries.append(_line(store, sid, value))
        if progress is not None:
            progress(done, len(found))
    return recent_first(store, summaries)


def _line(
    store: Store, sid: int, value: dict[str, dict[str, Any]] | StorageError | None
) -> Summary:
    """Session *sid*'s line: from its vouched snapshot when it is one, else folded."""
    if isinstance(value, StorageError):
        return _unlisted(sid, value.message())
    kept = from_doc(value.get(LIST_KIND)) if value is not None else None
    if kept is not None and kept.id == sid:
        return kept
    # The rules are loaded only when a session has no vouched snapshot: listing those
    # that have one (the start screen, most of the time) does not import them.
    from scorekeeper.services.recording import summaries_now

    try:
        folded = from_doc(summaries_now(store, sid)[LIST_KIND])
    except UserError as error:
        return _unlisted(sid, error.message())
    except Exception as error:
        return _unlisted(
            sid, t("recording.session_unlistable", session=sid, kind=type(error).__name__)
        )
    return folded if folded is not None else _unlisted(sid, "?")


def _unlisted(sid: int, text: str) -> Summary:
    return Summary(sid, "?", (), 0, None, None, False, text)


def from_doc(doc: Any) -> Summary | None:
    """A list line kept in a snapshot, if it is one in every field (bytes from the disk)."""
    if not isinstance(doc, dict) or set(doc) != set(Summary.__dataclass_fields__):
        return None
    players = doc["players"]
    texts = (doc["game"], *players) if isinstance(players, list) else ()
    if not texts or not all(isinstance(x, str) for x in texts):
        return None
    fields_ok = (
        type(doc["id"]) is int
        and type(doc["rounds"]) is int
        and type(doc["finished"]) is bool
        and all(doc[k] is None or isinstance(doc[k], str) for k in ("leader", "last_at", "error"))
    )
    if not fields_ok:
        return None
    return Summary(**{**doc, "players": tuple(players)})
