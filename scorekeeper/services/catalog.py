"""The catalog of stored sessions: what the session list (start screen, ``list``) shows.

Each session's summary is kept in the store's summary cache until its file
changes; a damaged or unreadable session is listed with its error, never hiding
the others.
"""

from __future__ import annotations

from dataclasses import dataclass
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


def list_sessions(store: Store) -> list[Summary]:
    """Every stored session, newest entry first; a damaged one is listed with its error."""

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
    for sid in store.ids():
        try:
            doc = store.cached_summary(sid, compute)
        except UserError as error:
            doc = Summary(sid, "?", (), 0, None, None, False, error.message()).to_doc()
        doc["players"] = tuple(doc["players"])
        summaries.append(Summary(**doc))
    summaries.sort(key=lambda s: (s.last_at or "", s.id), reverse=True)
    return summaries
