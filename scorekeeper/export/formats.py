"""Exports of a stored session. ``transcript`` reads back as the same session."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from scorekeeper.core.codec import event_to_doc, header_to_doc
from scorekeeper.core.session import Session
from scorekeeper.core.state_json import state_json
from scorekeeper.core.transcript import write_transcript

FORMATS = ("transcript", "json")


def export_json(session: Session, sid: int) -> dict[str, Any]:
    """Header, every entry (voided ones marked) and the final state."""
    voided = session.voided()
    events = []
    for event in session.events:
        doc = event_to_doc(event)
        doc["voided_by"] = voided.get(event.seq)
        events.append(doc)
    return {
        "format": "scorekeeper-export",
        "version": 1,
        "session": sid,
        "header": header_to_doc(session.header),
        "events": events,
        "state": state_json(session),
    }


def export_text(session: Session, sid: int, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(export_json(session, sid), ensure_ascii=False, indent=2) + "\n"
    stamp = datetime.now(UTC).replace(microsecond=0).isoformat()
    return write_transcript(session, comment=f"scorekeeper session {sid}, exported {stamp}")
