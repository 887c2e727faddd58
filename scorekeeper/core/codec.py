"""Headers and events to and from plain JSON-able dicts, as the store keeps them.

A document read back is checked field by field: a stored file that was not
written by us is refused in plain words, never half-read.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from scorekeeper.core.amounts import as_stored
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Event, Header, Proposed, frozen
from scorekeeper.core.header import make_header


def header_to_doc(header: Header) -> dict[str, Any]:
    doc = {
        "game": header.game,
        "players": list(header.players),
        "options": dict(header.options),
        "parent": header.parent,
        "recorder": header.recorder,
        "stacks": dict(header.stacks),
    }
    if header.board:  # a board carried over; only then, so every other header is as before
        doc["board"] = {pool: chips for pool, chips in header.board.items() if chips}
        doc["shares"] = dict(header.shares)
    return doc


def header_from_doc(doc: Mapping[str, Any], *, fresh: bool = False) -> Header:
    """A header read back: from a stored session, its amounts as written; *fresh* (a JSON
    export imported) gets every check a typed header gets (core/amounts.py)."""
    with contextlib.nullcontext() if fresh else as_stored():
        return _header_from_doc(doc)


def _header_from_doc(doc: Mapping[str, Any]) -> Header:
    try:
        game, players = doc["game"], doc["players"]
        if not isinstance(game, str) or not isinstance(players, list):
            raise TypeError
        if not all(isinstance(p, str) for p in players):
            raise TypeError
        return make_header(
            game,
            [str(p) for p in players],
            dict(doc.get("options") or {}),
            parent=doc.get("parent"),
            recorder=doc.get("recorder"),
            stacks=dict(doc.get("stacks") or {}),
            board=dict(doc.get("board") or {}),
            shares=dict(doc.get("shares") or {}),
        )
    except (KeyError, TypeError, ValueError, AttributeError):
        raise RuleError("rules.stored_header_invalid") from None


def event_to_doc(event: Event) -> dict[str, Any]:
    doc = {
        "seq": event.seq,
        "at": event.at.isoformat(),
        "recorder": event.recorder,
        "kind": event.kind,
        "data": _plain(event.data),
    }
    if event.proposed is not None:  # only then, so every other entry is written as before
        doc["proposed"] = {"by": event.proposed.by, "at": event.proposed.at.isoformat()}
    return doc


def event_from_doc(doc: Mapping[str, Any], *, exact: bool = True) -> Event:
    """An entry read back. A stored one (*exact*) must be written as :func:`event_to_doc`
    writes it: its time as ``isoformat()`` gives it (``…+00:00``, not ``…Z``, ``… ``,
    ``.000``) and its number an int (not ``true``). Each other way of writing the same
    entry would be a free nonce, another hash for the same entry, for whoever tries forged
    files until the last hash begins with a receipt's digits (hashchain.py ``entry_stray``
    closes the keys). A JSON export imported (not *exact*) may write its time any way ISO
    allows."""
    try:
        seq, kind, data = doc["seq"], doc["kind"], doc["data"]
        at = datetime.fromisoformat(doc["at"])
        if not (type(seq) is int and isinstance(kind, str) and isinstance(data, dict)):
            raise TypeError
        if at.tzinfo is None or (exact and not _as_written(doc["at"], at)):
            raise ValueError
        proposed = _proposed_from(doc["proposed"], exact) if "proposed" in doc else None
        return Event(seq, at, str(doc.get("recorder", "")), kind, frozen(data), proposed)
    except (KeyError, TypeError, ValueError):
        raise RuleError("rules.stored_event_invalid", doc=str(dict(doc))[:80]) from None


def _proposed_from(value: Any, exact: bool) -> Proposed:
    """Who proposed an entry, read as strictly as the entry's own time: exactly the keys
    ``by`` (a name) and ``at`` (an aware time, as written when *exact*); else ValueError."""
    if not isinstance(value, dict) or value.keys() != {"by", "at"}:
        raise ValueError
    by, text = value["by"], value["at"]
    if not isinstance(by, str) or not by or not isinstance(text, str):
        raise TypeError
    at = datetime.fromisoformat(text)
    if at.tzinfo is None or (exact and not _as_written(text, at)):
        raise ValueError
    return Proposed(by, at)


#: What ``isoformat()`` writes for an aware time of a whole-minute offset: microseconds
#: only when there are some, ``-00:00`` never (it writes ``+00:00``). A time this matches
#: and fromisoformat reads is written as isoformat writes it (tests/test_stray_keys.py).
_ISO = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.(?!000000)[0-9]{6})?"
    r"(?:\+[0-9]{2}:[0-9]{2}|-(?!00:00)[0-9]{2}:[0-9]{2})"
)


def _as_written(text: str, at: datetime) -> bool:
    """*text* is what ``at.isoformat()`` gives: the pattern first (a fifth of the cost),
    the rest (an offset with seconds) written out and compared."""
    return _ISO.fullmatch(text) is not None or text == at.isoformat()


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
