"""What the session list and the statistics keep of each session, worked out from a
session in memory: by a listing that folded it, or by its writer as it closes
(services/recording.py), which has it folded already."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.core.chain import Chain
from scorekeeper.core.session import Session
from scorekeeper.core.standings import leader
from scorekeeper.core.state import RoundResult
from scorekeeper.core.stats import STATS_VERSION, session_stats
from scorekeeper.core.times import utc_iso
from scorekeeper.services.session_summary import LIST_KIND, Summary

STATS_KIND = f"stats{STATS_VERSION}"  # the statistics', by the version of their shape


def summarize(session: Session, sid: int) -> Summary:
    """The session's line in the list (its leader read without the round results in a
    round: core/standings.py ``settled_net``)."""
    state = session.state
    return Summary(
        id=sid,
        game=state.game,
        players=state.names(),
        rounds=len(state.results),
        leader=leader(state),
        last_at=utc_iso(session.last_at) if session.last_at else None,
        finished=state.finished,
    )


__all__ = ["LIST_KIND", "STATS_KIND", "summaries_of", "summarize"]


def summaries_of(
    session: Session,
    sid: int,
    stats_since: tuple[Mapping[str, Any], Chain[RoundResult]] | None = None,
) -> dict[str, dict[str, Any]]:
    """Every kind of summary of *session*, as its snapshot keeps them;
    *stats_since*: see :func:`scorekeeper.core.stats.session_stats`."""
    stats = session_stats(session, stats_since)
    return {LIST_KIND: summarize(session, sid).to_doc(), STATS_KIND: stats}
