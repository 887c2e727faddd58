"""The catalog of stored sessions: what the session list (start screen, ``list``) shows.

Each session's summary is kept in the store's summary cache until its file
changes; a damaged or unreadable session is listed with its error, never hiding
the others.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from scorekeeper.core.session import Session
from scorekeeper.core.standings import leader
from scorekeeper.core.times import utc_iso
from scorekeeper.messages import UserError, t
from scorekeeper.services.recording import fold_stored
from scorekeeper.storage import Store, StoredSession


@dataclass(frozen=True)
class Summary:
    """What the list of sessions shows of each one."""

    id: int
    game: str
    players: tuple[str, ...]
    rounds: int
    leader: str | None
    last_at: str | None
    finished: bool
    error: str | None = None

    def to_doc(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "players": list(self.players),
            "rounds": self.rounds,
            "leader": self.leader,
            "last_at": self.last_at,
            "finished": self.finished,
            "error": self.error,
        }


def summarize(session: Session, sid: int) -> Summary:
    state = session.state
    return Summary(
        id=sid,
        game=state.game,
        players=state.names(),
        rounds=len(state.results),
        leader=leader(state),
        last_at=utc_iso(session.events[-1].at) if session.events else None,
        finished=state.finished,
    )


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


def list_sessions(
    store: Store, progress: Callable[[int, int], None] | None = None
) -> list[Summary]:
    """Every stored session, most recently updated first (:func:`recent_first`); a damaged
    one is listed with its error. *progress* is told (done, total) after each session."""
    with _READING:
        return _list_sessions(store, progress)


def _list_sessions(store: Store, progress: Callable[[int, int], None] | None) -> list[Summary]:

    def compute(stored: StoredSession) -> dict[str, Any]:
        try:
            return summarize(fold_stored(stored), stored.id).to_doc()
        except UserError as error:
            doc = Summary(stored.id, "?", (), 0, None, None, False, error.message()).to_doc()
            return doc
        except Exception as error:  # one unreadable session never hides the others
            text = t("recording.session_unlistable", session=stored.id, kind=type(error).__name__)
            return Summary(stored.id, "?", (), 0, None, None, False, text).to_doc()

    summaries = []
    ids = store.ids()
    for done, sid in enumerate(ids, start=1):
        try:
            doc = store.cached_summary(sid, compute)
        except UserError as error:
            doc = Summary(sid, "?", (), 0, None, None, False, error.message()).to_doc()
        doc["players"] = tuple(doc["players"])
        summaries.append(Summary(**doc))
        if progress is not None:
            progress(done, len(ids))
    return recent_first(store, summaries)
