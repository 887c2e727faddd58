"""``scorekeeper timeline``: every entry with its time, filtered; or the table at a time."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from scorekeeper.cli.errors import fail
from scorekeeper.cli.leaving import keep
from scorekeeper.cli.transcripts import read_transcript
from scorekeeper.core.amounts import plain_number
from scorekeeper.core.codec import event_to_doc
from scorekeeper.core.errors import RuleError
from scorekeeper.core.session import Session
from scorekeeper.core.state_json import state_json
from scorekeeper.core.timeline import (
    TimelineEntry,
    index_at,
    parse_time,
    select,
    session_until,
    timeline,
)
from scorekeeper.export.timeline_doc import entry_doc as shared_entry_doc
from scorekeeper.export.timeline_doc import entry_words, proposed_words, stake_words
from scorekeeper.messages import t
from scorekeeper.messages.text import json_text
from scorekeeper.services.recording import load_session
from scorekeeper.storage import Store


def load(store_for: Any, source: str) -> Session:
    """A stored session by number, or a transcript file by path."""
    number = plain_number(source)
    if number is not None:
        store: Store = store_for()
        return keep(load_session(store, number))
    if source == "-" or Path(source).exists():
        return read_transcript(source)
    fail(source, t("cli.bad_session_id", text=source))


def entry_doc(entry: TimelineEntry, lang: str | None = None) -> dict[str, Any]:
    """One entry as a JSON object (the ``--json`` output): the shape every view gives an
    entry (export/timeline_doc.py), with its data as stored and its words again as
    ``words``."""
    doc = shared_entry_doc(entry, lang)
    doc["data"] = event_to_doc(entry.event)["data"]
    doc["words"] = doc["text"]
    return doc


def _numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", text)}


def entry_line(entry: TimelineEntry, lang: str | None = None) -> str:
    """One entry as a line of text: number, local time, recorder, round, words.

    A stake change or a fold whose words do not already say the stake gets it
    in brackets (``[5 → 9] B raises to 9``, ``[at 9] C folds``).
    """
    what = entry_words(entry, lang)
    stakes = {n for n in (entry.stake_from, entry.stake_to, entry.fold_stake) if n is not None}
    if stakes and not stakes <= _numbers(what):
        what = f"[{stake_words(entry, lang)}] {what}"
    what += marks(entry, lang)
    proposed = proposed_words(entry.event, lang, by_switch=entry.by_switch)
    if proposed:  # a player proposed it from their phone (issue 46)
        what += " · " + proposed
    return t(
        "timeline.line",
        lang,
        seq=entry.seq,
        time=entry.local_time(),
        recorder=entry.event.recorder,
        round=entry.round,
        what=what,
    )


def marks(entry: TimelineEntry, lang: str | None = None) -> str:
    """`` (voided by #N)`` / `` (replaced by correction #N)``, or nothing for an entry in force."""
    text = ""
    if entry.voided_by is not None:
        text += " " + t("log.voided_by", lang, seq=entry.voided_by)
    if entry.superseded_by is not None:
        text += " " + t("timeline.superseded", lang, seq=entry.superseded_by)
    return text


def check_round(session: Session, number: int | None) -> None:
    if number is None:
        return
    last = session.state.round
    if last == 0:
        raise RuleError("timeline.no_rounds")
    if not 1 <= number <= last:
        raise RuleError("timeline.bad_round", last=last)


def run(
    session: Session,
    *,
    stake: bool = False,
    round: int | None = None,
    player: str | None = None,
    at: str | None = None,
    as_json: bool = False,
) -> int:
    if at is not None:
        index = index_at(session, parse_time(at, session))
        entry = timeline(session)[index]
        then = session_until(session, index)
        doc = state_json(then)
        doc["after"] = {
            "n": entry.seq,
            "seq": entry.seq,
            "at": entry.event.at.isoformat(),
            "time": entry.local_time(),
            "text": entry_words(entry),
            "words": entry_words(entry),
            "voided_by": entry.voided_by,
            "superseded_by": entry.superseded_by,
        }
        print(json_text(doc))
        return 0
    check_round(session, round)
    name = session.state.find_player(player) if player is not None else None
    entries = keep(select(timeline(session), stake=stake, round=round, player=name))
    if as_json:
        print(json_text([entry_doc(e) for e in entries]))
        return 0
    if not entries:
        print(t("timeline.none"))
    for entry in entries:
        print(entry_line(entry))
    return 0
