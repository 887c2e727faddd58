"""Correcting a finished round after later rounds were played (docs/disputes.md).

A correction is one appended ``correct`` event, never an edit: its data
carries the round number, the reason, the replacement entries of that round
(kind and data each) and, once checked, the seqs of the entries it supersedes.

The entries in force form a sequence (the ledger's stack, bottom to top).
A correction replaces the round entries of round N in that sequence with its
replacement entries, and the fold replays everything from there through the
same rules (core/steps.py), so every later round is recomputed. The
correction is one frame on the ledger's stack, above the frames it corrects,
so ``undo`` of it returns exactly to the earlier state.

Refused: the round in play (use ``undo`` or simply enter the right entries),
a round that has not been played, replacement entries that break a rule or
do not finish the round, a correction that changes nothing, and a correction
after which a later entry would break a rule (that entry is named).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Event, frozen
from scorekeeper.core.evolve import evolve
from scorekeeper.core.game import Game
from scorekeeper.core.state import State
from scorekeeper.core.steps import apply_entry, normalize_entry
from scorekeeper.core.words import entry_words, quote, replacement_text, round_verbs


class LedgerView(Protocol):
    """What a correction reads of the ledger (core/ledger.Ledger, which checks and applies
    ``correct`` entries through this module, so it is described here, not imported)."""

    @property
    def game(self) -> Game: ...

    @property
    def state(self) -> State: ...

    @property
    def next_seq(self) -> int: ...

    @property
    def last_at(self) -> datetime | None: ...

    def stack(self) -> tuple[State, list[tuple[Event, State]]]: ...


MAX_REASON_LENGTH = 2000


def correction_entry(
    round_number: int, reason: str, entries: Sequence[Entry], at: datetime | None = None
) -> Entry:
    """The ``correct`` entry replacing round *round_number* with *entries* (for the app)."""
    replacement = [{"kind": e.kind, "data": dict(e.data)} for e in entries]
    data = {"round": round_number, "reason": reason, "entries": replacement}
    return Entry("correct", frozen(data), at)


@dataclass(frozen=True, slots=True)
class _Item:
    """One entry of the sequence in force, and the state after it if still known."""

    event: Event
    after: State | None


def in_force(ledger: LedgerView) -> tuple[State, list[_Item]]:
    """The starting state and every entry in force, corrections spliced in."""
    root, stack = ledger.stack()
    items: list[_Item] = []
    for event, after in stack:
        if event.kind == "correct":
            items, _, _ = _splice(ledger.game, items, event, event.data["entries"])
        else:
            items.append(_Item(event, after))
    return root, items


def round_entries(ledger: LedgerView, number: int) -> list[Event]:
    """The round entries of round *number* now in force (what a correction replaces)."""
    _, items = in_force(ledger)
    start, end = _bounds(items, number)
    kinds = ledger.game.round_kinds
    return [item.event for item in items[start:end] if item.event.kind in kinds]


def correctable_rounds(state: State) -> int:
    """How many rounds a correction may replace now: rounds 1 to this (0: none yet). The
    round in play is not one of them (undo, or enter the right entries)."""
    return len(state.results)


def round_start(ledger: LedgerView, number: int) -> list[Event]:
    """The entries in force up to the ``round`` entry that starts round *number*, earlier
    corrections spliced in: what a table of that round is played again on (the app's
    correcting mode). Refused like a correction: the round in play, a round not played."""
    state = ledger.state
    if state.in_round and number == state.round:
        raise RuleError("rules.correct_in_play", round=number)
    _, items = in_force(ledger)
    start, _ = _bounds(items, number)
    return [item.event for item in items[:start]]


def _bounds(items: list[_Item], number: int) -> tuple[int, int]:
    """Indexes after the ``round`` entry starting round *number*, and of the next one."""
    starts = [i for i, item in enumerate(items) if item.event.kind == "round"]
    if not 1 <= number <= len(starts):
        raise RuleError("rules.correct_no_such_round", round=number, rounds=len(starts))
    start = starts[number - 1] + 1
    end = starts[number] if number < len(starts) else len(items)
    return start, end


def _splice(
    game: Game, items: list[_Item], event: Event, entries: Sequence[Mapping[str, Any]]
) -> tuple[list[_Item], int, list[int]]:
    """*items* with round N's entries replaced; where the replacement starts; what it replaced."""
    start, end = _bounds(items, event.data["round"])
    removed = [i for i in range(start, end) if items[i].event.kind in game.round_kinds]
    gone = set(removed)
    at = removed[0] if removed else start
    new = [
        _Item(Event(event.seq, event.at, event.recorder, e["kind"], frozen(e["data"])), None)
        for e in entries
    ]
    kept = [item for i, item in enumerate(items[at:], start=at) if i not in gone]
    stale = [_Item(item.event, None) for item in kept]
    replaced = sorted({items[i].event.seq for i in removed})
    return [*items[:at], *new, *stale], at, replaced


def check_correction(ledger: LedgerView, data: Mapping[str, Any]) -> dict[str, Any]:
    """The canonical data of a ``correct`` entry, or a RuleError; nothing changes."""
    number, reason, entries = _read(data)
    state = ledger.state
    if state.in_round and number == state.round:
        raise RuleError("rules.correct_in_play", round=number)
    at = ledger.last_at or datetime.now().astimezone()
    probe = Event(ledger.next_seq, at, state.recorder, "correct", frozen({"round": number}))
    canonical, replaced, _ = _replay(ledger, probe, entries)
    result = {"round": number, "reason": reason, "entries": canonical, "supersedes": replaced}
    return result


def corrected_state(ledger: LedgerView, event: Event) -> State:
    """The state after a checked ``correct`` event: every later round recomputed."""
    return _replay(ledger, event, event.data["entries"])[2]


def replacement_descriptions(ledger: LedgerView, event: Event) -> list[tuple[str, dict[str, Any]]]:
    """What each replacement entry of the checked ``correct`` *event* did, in the log's own
    words (catalog key and parameters, as ``Game.describe`` says them), replayed on the
    history in force just before it: *ledger* is the one the event was checked on."""
    game, entries = ledger.game, event.data["entries"]
    root, items = in_force(ledger)
    items, at, _ = _splice(game, items, event, entries)
    first = next((i for i in range(at - 1, -1, -1) if items[i].after is not None), -1)
    state = root if first < 0 else items[first].after
    assert state is not None
    described: list[tuple[str, dict[str, Any]]] = []
    for index in range(first + 1, at + len(entries)):
        now = items[index].event
        applied = evolve(now, data=frozen(normalize_entry(game, state, now.kind, now.data)))
        if index >= at:
            described.append(game.describe(state, applied))
        state = apply_entry(game, state, applied)
    return described


def _read(data: Mapping[str, Any]) -> tuple[int, str, list[dict[str, Any]]]:
    number, entries = data.get("round"), data.get("entries")
    if not isinstance(number, int) or isinstance(number, bool):
        raise RuleError("transcript.correct_syntax")
    reason = " ".join(str(data.get("reason", "")).split())
    if not reason:
        raise RuleError("rules.correct_no_reason")
    if len(reason) > MAX_REASON_LENGTH:
        raise RuleError("rules.correct_reason_long", limit=MAX_REASON_LENGTH)
    if not isinstance(entries, list | tuple) or not entries:
        raise RuleError("rules.correct_no_entries", round=number)
    read = []
    for entry in entries:
        if not isinstance(entry, Mapping) or not isinstance(entry.get("data"), Mapping):
            raise RuleError("transcript.correct_syntax")
        read.append({"kind": str(entry.get("kind", "")), "data": dict(entry["data"])})
    return number, reason, read


def _replay(
    ledger: LedgerView, event: Event, entries: Sequence[Mapping[str, Any]]
) -> tuple[list[dict[str, Any]], list[int], State]:
    """Replay the sequence in force with round N replaced; the canonical entries, the
    seqs replaced and the final state, or the RuleError of the first entry refused."""
    game, number = ledger.game, event.data["round"]
    for entry in entries:
        if entry["kind"] not in game.round_kinds:
            raise RuleError("rules.correct_kind", entry=entry["kind"], valid=round_verbs(game))
    root, items = in_force(ledger)
    before = [item.event for item in items[slice(*_bounds(items, number))]]
    items, at, replaced = _splice(game, items, event, entries)
    # from the last entry before the replacement whose state is still known
    first = next((i for i in range(at - 1, -1, -1) if items[i].after is not None), -1)
    state = root if first < 0 else items[first].after
    assert state is not None
    canonical: list[dict[str, Any]] = []
    for index in range(first + 1, len(items)):
        now = items[index].event
        position = index - at  # 0..len(entries)-1 for the replacement entries
        replacing = 0 <= position < len(entries)
        if replacing and not state.in_round:
            text = replacement_text(game, now.kind, now.data)
            raise RuleError("rules.correct_after_end", n=position + 1, entry=text, round=number)
        try:
            data = normalize_entry(game, state, now.kind, now.data, recorded=not replacing)
        except RuleError as error:
            raise _refused(game, now, position if replacing else None, error) from None
        applied = evolve(now, data=frozen(data))
        if replacing:
            canonical.append({"kind": applied.kind, "data": _plain(data)})
        state = apply_entry(game, state, applied)
        if position == len(entries) - 1 and state.in_round:
            raise RuleError("rules.correct_unfinished", round=number)
    unchanged = [(e.kind, _plain(e.data)) for e in before if e.kind in game.round_kinds]
    if unchanged == [(e["kind"], e["data"]) for e in canonical]:
        raise RuleError("rules.correct_same", round=number)
    return canonical, replaced, state


def _refused(game: Game, event: Event, position: int | None, error: RuleError) -> RuleError:
    """The error naming the entry the rules refused during a replay: a replacement entry by
    its place in the correction (*position*), a later entry by its seq and words."""
    if position is not None:
        text = replacement_text(game, event.kind, event.data)
        return RuleError("rules.correct_entry_refused", n=position + 1, entry=text, reason=error)
    words = " ".join(map(quote, entry_words(game, event)))
    return RuleError("rules.correct_breaks", seq=event.seq, entry=words, reason=error)


def _plain(value: Any) -> Any:
    """Entry data as it reads back from JSON (lists, dicts), so stored events compare equal."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
