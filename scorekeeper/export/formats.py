"""Exports of a stored session. ``transcript`` reads back as the same session.

``json`` (header, every entry, final state, settlement), ``csv`` (one row per
round, for a spreadsheet), ``md`` and ``html`` (to read or send): headings and
words in the session's language, settlement at an optional rate.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from scorekeeper.core.codec import event_to_doc, header_to_doc
from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.core.state_json import state_json
from scorekeeper.core.timeline import stake_timeline
from scorekeeper.core.transcript import write_transcript
from scorekeeper.export.csvfile import export_csv
from scorekeeper.export.htmlpage import export_html
from scorekeeper.export.markdown import export_md
from scorekeeper.export.report import row_doc, sheet_rows
from scorekeeper.export.settlement import settle
from scorekeeper.export.timeline_doc import stake_entry_doc
from scorekeeper.messages import language
from scorekeeper.messages.text import json_text

FORMATS = ("transcript", "json", "csv", "md", "html")


def export_json(
    session: Session,
    sid: int,
    rate: Decimal | None = None,
    lang: str | None = None,
    receipt: Receipt | None = None,
) -> dict[str, Any]:
    """Header, every entry (voided and replaced ones marked), the final state, the round
    table's rows and the settlement."""
    lang = lang or language()
    voided, superseded = session.voided(), session.superseded()
    events = []
    for event in session.events:
        doc = event_to_doc(event)
        doc["voided_by"] = voided.get(event.seq)
        doc["superseded_by"] = superseded.get(event.seq)
        events.append(doc)
    return {
        "format": "scorekeeper-export",
        "version": 1,
        "session": sid,
        "header": header_to_doc(session.header),
        "events": events,
        "state": state_json(session),
        # the round table of csv, md and html: each round, rebuy, joiner's stack and the
        # board given back, in numbers and words
        "rows": [row_doc(session, row, lang) for row in sheet_rows(session, lang)],
        # what the app's timeline shows with its stake filter: each entry at its own time
        "stake_timeline": [stake_entry_doc(e, lang) for e in stake_timeline(session)],
        "settlement": settle(session, rate).to_doc(lang),
        **({"receipt": receipt.to_doc()} if receipt is not None else {}),
    }


def export_text(
    session: Session,
    sid: int,
    fmt: str,
    *,
    rate: Decimal | None = None,
    lang: str | None = None,
    receipt: Receipt | None = None,
) -> str:
    """The session in format *fmt* (one of FORMATS) as text; csv starts with a BOM.

    A stored session's *receipt* (its entry count and last hash) goes into every
    format but csv, whose rows are rounds.
    """
    lang = lang or language()
    if fmt == "json":
        doc = export_json(session, sid, rate, lang, receipt)
        return json_text(doc, indent=2) + "\n"
    if fmt == "csv":
        return export_csv(session, lang)
    if fmt == "md":
        return export_md(session, sid, settle(session, rate), lang, receipt)
    if fmt == "html":
        return export_html(session, sid, settle(session, rate), lang, receipt)
    if fmt != "transcript":
        raise ValueError(f"unknown export format {fmt!r}")
    stamp = datetime.now(UTC).replace(microsecond=0).isoformat()
    comment = f"scorekeeper session {sid}, exported {stamp}"
    if receipt is not None:
        comment += f"; receipt: {receipt.entries} entries, last hash {receipt.hash}"
    return write_transcript(session, comment=comment)
