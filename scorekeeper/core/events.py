"""What the recorder enters (an Entry) and what the log keeps (an Event).

An Event is immutable and never edited or deleted: a mistake is voided by a
later ``undo`` event, so the log stays the audit trail of the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from types import MappingProxyType
from typing import Any

from scorekeeper.core.errors import RuleError

OptionValue = int | str | bool | None

#: Entries every game knows; ``join``/``leave``/``rebuy`` only between rounds;
#: ``correct`` replaces a finished round's entries (core/corrections.py).
COMMON_KINDS = frozenset(
    {
        "round",
        "undo",
        "note",
        "rate",
        "recorder",
        "join",
        "leave",
        "rebuy",
        "end",
        "correct",
        "proposals",
    }
)


_EMPTY: Mapping[str, Any] = MappingProxyType({})


def frozen(mapping: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    """A read-only view, so data shared between states cannot be changed in place.

    A view this made is returned as it is, and every empty one is the same: nothing
    can change them, and a fold made several per entry (most of its memory)."""
    if type(mapping) is MappingProxyType:
        return mapping  # only frozen() makes these in the core, over a dict of its own
    if not mapping:
        return _EMPTY
    return MappingProxyType(dict(mapping))


def thawed(mapping: Mapping[str, Any]) -> dict[str, Any]:
    """A dict of one's own with what *mapping* holds, to change and freeze again."""
    return dict(mapping)


@dataclass(frozen=True, slots=True)
class Header:
    """Everything fixed when a session starts."""

    game: str
    players: tuple[str, ...]  # seats, clockwise
    options: Mapping[str, OptionValue]  # every option of the game, defaults filled in
    parent: str  # first parent / dealer
    recorder: str  # first holder of the record book
    stacks: Mapping[str, int] = field(default_factory=frozen)  # chip games: starting stacks
    #: A board carried over from the session before (Pochen ``end_board carry``): its
    #: pools, and each player's share of it, anted from their starting chips.
    board: Mapping[str, int] = field(default_factory=frozen)
    shares: Mapping[str, int] = field(default_factory=frozen)


@dataclass(frozen=True, slots=True)
class Proposed:
    """Who proposed an entry from their phone, and when (UTC); the event's own
    ``recorder`` and ``at`` are who confirmed it and when."""

    by: str
    at: datetime


@dataclass(frozen=True, slots=True)
class Entry:
    """One thing the recorder says, before the rules have accepted it."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=frozen)
    at: datetime | None = None  # None: timed when recorded
    proposed: Proposed | None = None  # a player proposed it from their phone


@dataclass(frozen=True, slots=True)
class Event:
    """One accepted entry as the log keeps it."""

    seq: int
    at: datetime  # aware; UTC when the app stamped it, else the offset typed
    recorder: str  # who held the record book when it was entered
    kind: str
    data: Mapping[str, Any]
    proposed: Proposed | None = None  # a player proposed it; recorder/at confirmed it


def require_aware(at: datetime) -> datetime:
    """*at* if it says its offset from UTC; a fixed offset (``datetime.timezone``, which
    cannot be subclassed) always does, and it is what every time read or stamped has."""
    if type(at.tzinfo) is timezone:
        return at
    if at.tzinfo is None or at.utcoffset() is None:
        raise RuleError("rules.time_needs_offset", time=at.isoformat())
    return at
