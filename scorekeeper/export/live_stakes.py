"""The phones' whole stake list: every stake change and fold of the session, a page at a
time, newest first, of one round or of all (issue 43).

The table document sent with every entry keeps only the latest rows (export/live.py):
this list is read when a phone opens it (``GET stakes.json``), so that a long session's
history is worked out when someone asks for it, never at every tap. Its rows are those of
the app's timeline with ``s`` and of the exports (core/timeline.stake_timeline), in the
same shape as the table document's, so the page draws both alike: the shape every view
gives a timeline entry (export/timeline_doc.py).
"""

from __future__ import annotations

from typing import Any

from scorekeeper.core.timeline import TimelineEntry
from scorekeeper.export.report import StakeRow, stake_row
from scorekeeper.export.timeline_doc import entry_doc
from scorekeeper.messages import Phrase, UserError, t

#: Rows a page of the list holds ("Older changes" asks for the next).
STAKES_SHOWN = 40
#: The longest number read from the address (a round, an entry): past it, no such one.
MAX_DIGITS = 12


def stake_row_doc(row: StakeRow, lang: str | None = None) -> dict[str, Any]:
    """One row as the page draws it: the shape every view gives an entry, with its stake
    in words (export/timeline_doc.py), and the page's own two: ``struck`` (undone or
    replaced) and ``mark`` (by which entry, in words)."""
    doc = entry_doc(row.entry, lang)
    doc["stake_text"] = row.stake
    doc["struck"] = not row.in_force
    doc["mark"] = row.mark
    return doc


def whole_number(text: str | None, what: str) -> int | None:
    """A number the address gives (``round=3``, ``before=120``): None when it gives none; a
    UserError in words for anything but ASCII digits (the page never sends another).
    *what*: ``round_number`` or ``entry_number``, the number's name in the message."""
    if text is None or text == "":
        return None
    if not (text.isascii() and text.isdigit()) or len(text) > MAX_DIGITS:
        raise UserError("web.stakes.not_a_number", what=Phrase((f"web.stakes.{what}",)), text=text)
    return int(text)


def stake_page(
    rows: list[TimelineEntry],
    rounds: int,
    lang: str,
    *,
    round_no: int | None = None,
    before: int | None = None,
) -> dict[str, Any]:
    """A page of the whole list: of *rows* (the session's stake timeline, oldest first),
    those of round *round_no* (all rounds if None) below entry *before* (the oldest the
    page shows already), newest first, at most :data:`STAKES_SHOWN`; whether older ones
    are left. *rounds*: the rounds started so far; a round past them is refused in words."""
    if round_no is not None and not 1 <= round_no <= max(rounds, 0):
        raise UserError("web.stakes.no_such_round", round=round_no, rounds=rounds)
    chosen = [e for e in rows if round_no is None or e.round == round_no]
    if before is not None:
        chosen = [e for e in chosen if e.seq < before]
    shown = chosen[-STAKES_SHOWN:]
    return {
        "rows": [stake_row_doc(stake_row(entry, lang), lang) for entry in reversed(shown)],
        "older": len(chosen) > len(shown),
        "round": round_no,
        "rounds": rounds,
    }


def stake_list_words(lang: str) -> dict[str, str]:
    """The words the page's stake list needs: its filter, its pages, its failures."""
    keys = ("show", "latest", "all", "round", "older", "loading", "retry")
    return {key: t(f"web.stakes.{key}", lang) for key in keys}
