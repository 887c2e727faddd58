"""Reading a session back from its JSON export (``scorekeeper export --format json``).

Nothing in the file is trusted: the header is checked like a new session's,
and every entry is played through the rules again, so a hand-edited export
that breaks a rule is refused, never half-imported.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.core.codec import event_from_doc, header_from_doc
from scorekeeper.core.errors import RuleError
from scorekeeper.core.ledger import FoldError
from scorekeeper.core.session import Session
from scorekeeper.core.transcript import TranscriptError
from scorekeeper.unique_json import DuplicateKey, loads_unique

#: An export holds header, entries and state; anything nested deeper is not one.
MAX_DEPTH = 12
_DROPPED = ("voided_by", "chain")  # written by the export, derived again on import


def _depth(value: Any, limit: int) -> int:
    """How deep *value* nests, stopping early past *limit* (no recursion: hostile files)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return depth
        deepest = max(deepest, depth)
        if isinstance(item, dict):
            stack.extend((child, depth + 1) for child in item.values())
        elif isinstance(item, list):
            stack.extend((child, depth + 1) for child in item)
    return deepest


def read_json_export(text: str) -> Session:
    try:
        doc = loads_unique(text)
    except DuplicateKey as error:  # which of the two values would count? Neither.
        key = error.key if len(error.key) <= 40 else error.key[:40] + "…"
        raise TranscriptError(1, RuleError("transcript.json_duplicate_key", name=key)) from None
    except RecursionError:
        raise TranscriptError(1, RuleError("transcript.json_deep", limit=MAX_DEPTH)) from None
    except ValueError as error:
        line = getattr(error, "lineno", 1)
        raise TranscriptError(line, RuleError("transcript.json_unreadable")) from None
    if not isinstance(doc, dict) or doc.get("format") != "scorekeeper-export":
        raise TranscriptError(1, RuleError("transcript.json_not_export"))
    if doc.get("version") != 1:
        raise TranscriptError(1, RuleError("transcript.json_version", version=doc.get("version")))
    if _depth(doc, MAX_DEPTH) > MAX_DEPTH:
        raise TranscriptError(1, RuleError("transcript.json_deep", limit=MAX_DEPTH))
    header_doc, events = doc.get("header"), doc.get("events")
    if not isinstance(header_doc, dict) or not isinstance(events, list):
        raise TranscriptError(1, RuleError("transcript.json_not_export"))
    try:
        header = header_from_doc(header_doc, fresh=True)  # from outside: every check
        parsed = []
        for event_doc in events:
            if not isinstance(event_doc, dict):
                raise RuleError("rules.stored_event_invalid", doc=str(event_doc)[:80])
            kept = {k: v for k, v in event_doc.items() if k not in _DROPPED}
            parsed.append(event_from_doc(kept, exact=False))  # any ISO time: not hashed
        return Session(header, parsed, fresh=True)  # from outside: every check
    except FoldError as error:
        raise TranscriptError(1, RuleError("transcript.json_entry", seq=error.seq,
                                           reason=error.cause)) from None  # fmt: skip
    except RuleError as error:
        raise TranscriptError(1, error) from None
