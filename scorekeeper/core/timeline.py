"""The timeline of a session, for settling disputes: every entry with its round,
the stake changes and folds in numbers, filters, and the table at any moment.

Shared by ``scorekeeper timeline`` and the app's timeline screen. A *stake
change* is an entry that moved the stake of the round in play as the game's
read side reports it (``RoundView.stake``): a raise of the official game, a
bet or raise of a chip game (the highest commitment), a Poch bet. A *fold*
is what the game says folds (``Game.folds``) and carries the stake it was
paid at (the stake before it). An entry that an ``undo`` voided or that a
correction replaced is marked with the number of that entry.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, time, tzinfo
from typing import Any

from scorekeeper.core.entries import as_correct, as_undo
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Event
from scorekeeper.core.read_model import RoundView
from scorekeeper.core.session import Session
from scorekeeper.core.state import State
from scorekeeper.core.times import local_text

_CLOCK = re.compile(r"([0-9]{1,2}):([0-9]{2})(?::([0-9]{2}))?")


@dataclass(frozen=True, slots=True)
class TimelineEntry:
    """One entry of the session as the timeline shows it."""

    index: int  # in session.events
    event: Event
    round: int  # the round it belongs to (0: before the first); between rounds: the last one
    key: str  # what it did, as a catalog key and parameters (see Session.describe)
    params: Mapping[str, Any]
    voided_by: int | None  # the seq of the undo that voided it
    superseded_by: int | None = None  # the seq of the correction (in force) that replaced it
    stake_from: int | None = None  # a stake change: from → to
    stake_to: int | None = None
    fold_player: str | None = None  # a fold: who, and the stake then
    fold_stake: int | None = None
    committed: int | None = None  # a fold in a chip game: the chips already in
    players: frozenset[str] = frozenset()  # named by it, or whose score it changed
    undoes: int | None = None  # an undo: the seq it voids
    corrects: int | None = None  # a correction: the round it replaces
    by_switch: bool = False  # a player's proposal recorded by the switch, unconfirmed

    @property
    def in_force(self) -> bool:
        """Neither voided by an undo nor replaced by a correction."""
        return self.voided_by is None and self.superseded_by is None

    @property
    def seq(self) -> int:
        return self.event.seq

    @property
    def at(self) -> datetime:
        return self.event.at

    @property
    def kind(self) -> str:
        return self.event.kind

    @property
    def is_stake_change(self) -> bool:
        return self.stake_to is not None

    @property
    def is_fold(self) -> bool:
        return self.fold_player is not None

    def local_time(self, zone: tzinfo | None = None) -> str:
        return local_text(self.event.at, "%H:%M:%S", zone)


def state_after(session: Session, index: int) -> State:
    """The state right after ``session.events[index]``."""
    if index + 1 < len(session.events):
        return session.state_before(index + 1)
    return session.state


def session_until(session: Session, index: int) -> Session:
    """The session as it stood right after ``events[index]`` (a replay of that prefix)."""
    return Session(session.header, session.events[: index + 1])


def timeline(session: Session, start: int = 0) -> list[TimelineEntry]:
    """Every entry of *session*, oldest first (from ``events[start]`` on)."""
    return _timeline(session, start)[0]


def _timeline(
    session: Session, start: int = 0
) -> tuple[list[TimelineEntry], dict[int, TimelineEntry]]:
    """The entries from ``events[start]`` on, and by seq every entry they name (an undo's
    target may come before *start*)."""
    game = session.game
    voided, superseded = session.voided(), session.superseded()
    seen: list[tuple[State, RoundView | None]] = []  # the state after the last entry, and its view

    def views(state: State) -> RoundView | None:
        # the state after one entry is the state before the next: asked once, not twice
        if seen and seen[-1][0] is state:
            return seen[-1][1]
        view = game.round_view(state)
        seen[:] = [(state, view)]
        return view

    by_seq: dict[int, TimelineEntry] = {}

    def entry_at(index: int) -> TimelineEntry:
        event = session.events[index]
        before, after = session.state_before(index), state_after(session, index)
        key, params = session.describe(index)
        number = after.round if event.kind == "round" else before.round
        names = set(before.names()) | set(after.names())
        concerned = _named(event.data, names) | _named(params, names)
        concerned |= {n for n in names if before.scores.get(n) != after.scores.get(n)}
        entry = TimelineEntry(
            index,
            event,
            number,
            key,
            params,
            voided.get(event.seq),
            superseded.get(event.seq),
            players=frozenset(concerned),
            by_switch=event.proposed is not None and before.auto_confirm,
        )
        if event.kind == "undo":
            voids = as_undo(event.data)["voids"]
            target = by_seq.get(voids) or entry_at(_index_of(session, event))
            entry = replace(
                entry, undoes=target.seq, round=target.round, players=entry.players | target.players
            )
        elif event.kind == "correct":
            number = as_correct(event.data)["round"]
            entry = replace(entry, corrects=number, round=number)
        elif event.kind != "round" and before.in_round:
            view_before, view_after = views(before), views(after)
            old = view_before.stake if view_before is not None else None
            new = view_after.stake if view_after is not None else None
            player = game.folds(before, event)
            if player is not None:
                chips = view_before.committed.get(player) if view_before is not None else None
                entry = replace(entry, fold_player=player, fold_stake=old, committed=chips)
            elif old is not None and new is not None and new != old and after.in_round:
                entry = replace(entry, stake_from=old, stake_to=new)
        by_seq[entry.seq] = entry
        return entry

    entries = [entry_at(index) for index in range(max(0, start), len(session.events))]
    return entries, by_seq


def _index_of(session: Session, undo: Event) -> int:
    """The index of the entry an undo voids (seqs follow each other from history_from)."""
    seq = as_undo(undo.data)["voids"]
    index = seq - session.history_from
    if 0 <= index < len(session.events) and session.events[index].seq == seq:
        return index
    return next(i for i, e in enumerate(session.events) if e.seq == seq)


def stake_timeline(
    session: Session, latest: int | None = None, within: int | None = None
) -> list[TimelineEntry]:
    """What the timeline's stake filter shows (``select(..., stake=True)``), oldest first:
    every stake change and fold at its own time, an undo of one, each correction with its
    own time; replaced and undone entries marked. Empty for a game without a stake.

    The exports and the phones' page list exactly these rows. With *latest*, only the
    last that many, read from the end of the session (a long one costs the same); with
    *within*, only among the last that many entries.
    """
    if not session.game.has_stake:
        return []
    count = len(session.events)
    floor = 0 if within is None else max(0, count - within)
    span = count if latest is None else max(4 * latest, 64)
    while True:
        start = max(floor, count - span)
        entries, by_seq = _timeline(session, start)
        kept = [e for e in entries if is_stake_related(e, by_seq)]
        if latest is None:
            return kept
        if len(kept) >= latest or start == floor:
            return kept[max(0, len(kept) - latest) :]
        span *= 4


def _named(value: Any, names: set[str]) -> set[str]:
    """Player names found as whole values (or mapping keys) anywhere in *value*."""
    found: set[str] = set()
    if isinstance(value, str):
        if value in names:
            found.add(value)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            found |= _named(key, names) | _named(item, names)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            found |= _named(item, names)
    return found


# -- filters ----------------------------------------------------------------------
def is_stake_related(entry: TimelineEntry, by_seq: Mapping[int, TimelineEntry]) -> bool:
    """A stake change, a fold, the undo of one, or a correction (it may replace either)."""
    if entry.is_stake_change or entry.is_fold or entry.corrects is not None:
        return True
    target = by_seq.get(entry.undoes) if entry.undoes is not None else None
    return target is not None and (target.is_stake_change or target.is_fold)


def select(
    entries: Sequence[TimelineEntry],
    *,
    stake: bool = False,
    round: int | None = None,
    player: str | None = None,
) -> list[TimelineEntry]:
    """The entries every given filter keeps: stake changes and folds, one round, one player."""
    by_seq = {e.seq: e for e in entries}
    kept: Iterable[TimelineEntry] = entries
    if stake:
        kept = [e for e in kept if is_stake_related(e, by_seq)]
    if round is not None:
        kept = [e for e in kept if e.round == round]
    if player is not None:
        kept = [e for e in kept if player in e.players]
    return list(kept)


# -- times --------------------------------------------------------------------------
def parse_time(text: str, session: Session, zone: tzinfo | None = None) -> datetime:
    """A time as typed: ISO with an offset, or HH:MM[:SS] on the day of the session's entries.

    A clock time is local (*zone*, default the computer's). When the entries
    run past midnight, it is the first such moment at or after the first entry.
    """
    word = text.strip()
    clock = _CLOCK.fullmatch(word)
    if clock:
        hour, minute, second = (int(part or 0) for part in clock.groups())
        if hour > 23 or minute > 59 or second > 59:
            raise RuleError("timeline.bad_time", text=text)
        return _on_session_day(time(hour, minute, second), session, zone)
    try:
        at = datetime.fromisoformat(word)
    except ValueError:
        raise RuleError("timeline.bad_time", text=text) from None
    if at.tzinfo is None or at.utcoffset() is None:
        raise RuleError("timeline.time_needs_offset", text=text)
    return at


def _on_session_day(clock: time, session: Session, zone: tzinfo | None) -> datetime:
    if not session.events:
        raise RuleError("timeline.no_entries")
    first = session.events[0].at
    days: list[date] = sorted({e.at.astimezone(zone).date() for e in session.events})
    candidates = [_local(day, clock, zone) for day in days]
    later = [c for c in candidates if c >= first]
    return later[0] if later else candidates[0]


def _local(day: date, clock: time, zone: tzinfo | None) -> datetime:
    if zone is not None:
        return datetime.combine(day, clock, zone)
    return datetime.combine(day, clock).astimezone()  # naive: the computer's local time


def index_at(session: Session, at: datetime) -> int:
    """The index of the last entry made at or before *at*; refused before the first entry."""
    events = session.events
    if not events:
        raise RuleError("timeline.no_entries")
    if at < events[0].at:
        first = events[0].at.astimezone().isoformat()
        raise RuleError("timeline.before_first", time=at.astimezone().isoformat(), first=first)
    found = 0
    for index, event in enumerate(events):
        if event.at <= at:
            found = index
        else:
            break
    return found
