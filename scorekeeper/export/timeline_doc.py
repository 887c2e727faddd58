"""One timeline entry as JSON, in the one shape every view gives it (issue 45 point 3):
``timeline --json``, the JSON export's ``stake_timeline`` and the phones' stake list.

The same key means the same thing wherever it is read: ``n`` (and ``seq``, the same
number) the entry, ``at`` its ISO time, ``time`` its local clock time, ``text`` the entry
in words as the log shows it, ``stake`` a number (the stake a player folded at, as
``stake`` is in the State JSON), ``from``/``to`` a stake change, ``stake_text`` the stake
in words (``10 → 20``, ``at 20``) where a view shows it. Each view may add keys of its
own (docs/exports.md lists them); none gives a key another meaning.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.core.events import Event
from scorekeeper.core.timeline import TimelineEntry
from scorekeeper.core.times import local_text
from scorekeeper.messages import t
from scorekeeper.messages.describe import describe_text


def entry_words(entry: TimelineEntry, lang: str | None = None) -> str:
    """The entry as the log says it."""
    return describe_text(entry.key, dict(entry.params), lang)


def proposed_words(event: Event, lang: str | None = None, *, by_switch: bool = False) -> str:
    """Who proposed an entry from their phone and who confirmed it, each with their time
    ("proposed by Ben 21:04:05, confirmed by Aki 21:04:09"), or that the switch recorded
    it (*by_switch*: nobody confirmed it); empty for an entry the recorder made alone
    (issue 46)."""
    by = event.proposed
    if by is None:
        return ""
    return t(
        "timeline.proposed_auto" if by_switch else "timeline.proposed",
        lang,
        by=by.by,
        by_time=local_text(by.at, "%H:%M:%S"),
        recorder=event.recorder,
        time=local_text(event.at, "%H:%M:%S"),
    )


def stake_words(entry: TimelineEntry, lang: str | None = None) -> str:
    """``10 → 20`` for a stake change, ``at 20`` for a fold, else empty."""
    if entry.stake_from is not None and entry.stake_to is not None:
        return t("timeline.stake_from_to", lang, old=entry.stake_from, new=entry.stake_to)
    if entry.fold_stake is not None:
        return t("timeline.fold_at", lang, stake=entry.fold_stake)
    return ""


def entry_doc(
    entry: TimelineEntry, lang: str | None = None, words: str | None = None
) -> dict[str, Any]:
    """The keys every view gives an entry: its number, times, recorder, round, kind and
    words, its undo and correction marks, and what it did to the stake. *words*: the
    entry's words when the caller has them already."""
    text = entry_words(entry, lang) if words is None else words
    doc: dict[str, Any] = {
        "n": entry.seq,
        "seq": entry.seq,
        "at": entry.at.isoformat(),
        "time": entry.local_time(),
        "recorder": entry.event.recorder,
        "round": entry.round,
        "kind": entry.kind,
        "text": text,
        "voided_by": entry.voided_by,
        "superseded_by": entry.superseded_by,
    }
    if entry.corrects is not None:
        doc["corrects"] = entry.corrects
    if entry.is_stake_change:
        doc["from"], doc["to"] = entry.stake_from, entry.stake_to
    if entry.is_fold:
        doc["player"], doc["stake"] = entry.fold_player, entry.fold_stake
        if entry.committed is not None:
            doc["committed"] = entry.committed
    if entry.undoes is not None:
        doc["voids"] = entry.undoes
    proposed = entry.event.proposed
    if proposed is not None:  # who proposed it from their phone: the recorder confirmed it
        doc["proposed"] = {
            "by": proposed.by,
            "at": proposed.at.isoformat(),
            "time": local_text(proposed.at, "%H:%M:%S"),
            "text": proposed_words(entry.event, lang, by_switch=entry.by_switch),
        }
        if entry.by_switch:
            doc["proposed"]["by_switch"] = True
    return doc


def stake_entry_doc(entry: TimelineEntry, lang: str | None = None) -> dict[str, Any]:
    """:func:`entry_doc` with the stake in words: a row of a stake timeline."""
    doc = entry_doc(entry, lang)
    doc["stake_text"] = stake_words(entry, lang)
    return doc
