"""The session as a fold of its events, with undo as a void marker.

``Ledger`` is immutable: ``step`` returns a new ledger. It keeps a persistent
stack of the states produced by the entries still in force, so ``undo`` (an
event of its own, never a deletion) simply returns to the state below the
top: exactly the earlier state, in O(1).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from scorekeeper.core.corrections import check_correction, corrected_state
from scorekeeper.core.entries import EntryData, UndoData
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Event, Header, Proposed, frozen, require_aware
from scorekeeper.core.game import Game, LegalAction
from scorekeeper.core.games import get_game
from scorekeeper.core.state import Seat, State
from scorekeeper.core.steps import (
    COMMON_OFFERED,
    apply_entry,
    common_choices,
    normalize_entry,
    refusal,
)
from scorekeeper.core.times import check_time, in_range
from scorekeeper.messages.text import refused_character


def initial_state(header: Header) -> State:
    game = get_game(header.game)
    scores = {
        name: game.initial_score(name, header.options, header.stacks) for name in header.players
    }
    board = game.initial_board(header.options)
    if header.board and board is not None:  # a board carried over: each antes their share
        board = frozen({pool: board[pool] + header.board.get(pool, 0) for pool in board})
    held = {name: chips - header.shares.get(name, 0) for name, chips in scores.items()}
    return State(
        game=header.game,
        options=header.options,
        seats=tuple(Seat(name, n) for n, name in enumerate(header.players, start=1)),
        scores=frozen(held),
        round=0,
        in_round=False,
        parent=header.parent,
        recorder=header.recorder,
        finished=False,
        table=None,
        board=board,
        brought=frozen(scores),
        anted=frozen(dict(header.shares)),
    )


#: The entries that may reach below where a ledger was resumed from a checkpoint.
NEEDS_HISTORY = frozenset({"undo", "correct"})


#: Most entries name one player ({"player": "B"}, {"winner": "D"}): one shared read-only
#: map for each, not one per entry (a tenth of a 100,000-entry session's memory).
_ONE_NAME: dict[tuple[str, str], Mapping[str, Any]] = {}


def _event_data(data: Mapping[str, Any]) -> Mapping[str, Any]:
    if len(data) == 1:
        ((key, value),) = data.items()
        if type(value) is str:
            shared = _ONE_NAME.get((key, value))
            if shared is None:
                if len(_ONE_NAME) >= 4096:
                    _ONE_NAME.clear()
                shared = _ONE_NAME[key, value] = frozen(data)
            return shared
    return frozen(data)


@dataclass(frozen=True, slots=True)
class Frame:
    """One entry in force and the state it produced; *below* is the state before it."""

    seq: int
    state: State
    below: Frame | None
    event: Event | None = None  # the entry (None at the bottom), for corrections to replay


@dataclass(frozen=True, slots=True)
class Ledger:
    header: Header
    game: Game
    top: Frame
    next_seq: int = 1
    last_at: datetime | None = None

    @classmethod
    def start(cls, header: Header) -> Ledger:
        return cls(header, get_game(header.game), Frame(0, initial_state(header), None))

    @classmethod
    def resume(cls, header: Header, state: State, entries: int, last_at: datetime | None) -> Ledger:
        """The ledger after *entries* entries whose fold gave *state* (a checkpoint): it
        knows no entry below, so it can check and apply any entry but ``undo`` and
        ``correct``, which need the entries in force (see :data:`NEEDS_HISTORY`)."""
        return cls(header, get_game(header.game), Frame(entries, state, None), entries + 1, last_at)

    @property
    def state(self) -> State:
        return self.top.state

    def reaches_below(self, kind: str) -> bool:
        """Whether an entry of *kind* needs the entries below where this ledger was resumed
        (:meth:`resume`): a correction, which replays its round; an undo of the bottom
        entry. The session must then be folded whole before the entry is checked."""
        resumed = self._bottom().seq > 0
        if not resumed or kind not in NEEDS_HISTORY:
            return False
        return kind == "correct" or self.top.below is None

    def _bottom(self) -> Frame:
        frame = self.top
        while frame.below is not None:
            frame = frame.below
        return frame

    # -- checking ------------------------------------------------------------
    def check(
        self,
        entry: Entry,
        now: datetime | None = None,
        *,
        fresh: bool = True,
        recorded: bool = False,
    ) -> Event:
        """The event *entry* would become, or a RuleError; nothing changes either way.

        A *fresh* entry (typed now, imported) also has its free text checked; an
        entry read back from a stored session keeps the text it was stored with. A
        *recorded* entry (a stored or imported event) is read as it was recorded
        (steps.normalize_entry).
        """
        at = entry.at
        if at is not None:
            if fresh:
                check_time(at)  # aware too
            else:
                require_aware(at)
            last = self.last_at
            if last is not None and at < last and in_range(last):
                raise RuleError(
                    "rules.time_backwards", time=at.isoformat(), previous=last.isoformat()
                )
        else:
            at = self._stamp(now)
        kind = entry.kind
        own = _OWN_CHECKS.get(kind)  # undo, correct; every other kind is core/steps.py's
        data: EntryData
        if own is None:  # its refusal first, there too
            data = normalize_entry(self.game, self.top.state, kind, entry.data, recorded=recorded)
        else:
            refused = self.why_not(kind)
            if refused is not None:
                raise refused
            data = own(self, entry.data)
        if fresh and kind in _FREE_TEXT:
            _check_free_text(kind, data)
        proposed = entry.proposed
        if proposed is not None:
            _check_proposed(self.top.state, proposed)
        state = self.top.state
        return Event(self.next_seq, at, state.recorder, kind, _event_data(data), proposed)

    def _stamp(self, now: datetime | None) -> datetime:
        """The time of an entry typed without one: *now*, else the clock's."""
        stamp = now or datetime.now(UTC).replace(microsecond=0)
        # A machine clock set back must not make the log refuse entries: an untyped
        # entry is never timed before the one it follows, unless that one is out of
        # range (a session stored before times were checked, core/times.py): then the
        # clock is right, not the entry.
        if self.last_at is None or not in_range(self.last_at):
            return stamp
        return max(stamp, self.last_at)

    def _check_undo(self, data: Mapping[str, Any]) -> UndoData:
        if self.top.below is None:
            raise RuleError("rules.nothing_to_undo")
        return UndoData(voids=self.top.seq)

    def _check_correct(self, data: Mapping[str, Any]) -> EntryData:
        """Allowed after the end too: disputes come at the end."""
        return check_correction(self, data)

    # -- applying ------------------------------------------------------------
    def step(self, event: Event) -> Ledger:
        """The ledger after an event that ``check`` accepted."""
        if event.kind == "undo":
            below = self.top.below
            if below is None or event.data.get("voids") != self.top.seq:
                raise RuleError("rules.undo_mismatch", seq=event.seq)
            top = below
        else:
            # a correction is the one entry that needs the stack, not just the state
            if event.kind == "correct":
                state = corrected_state(self, event)
            else:
                state = apply_entry(self.game, self.top.state, event)
            top = Frame(event.seq, state, self.top, event)
        return Ledger(self.header, self.game, top, event.seq + 1, event.at)

    def stack(self) -> tuple[State, list[tuple[Event, State]]]:
        """The starting state, then each entry in force and the state it produced, oldest
        first: what a correction replays (core/corrections.py)."""
        entries = []
        frame = self.top
        while frame.below is not None:
            assert frame.event is not None
            entries.append((frame.event, frame.state))
            frame = frame.below
        entries.reverse()
        return frame.state, entries

    # -- what may come next --------------------------------------------------
    def why_not(self, kind: str) -> RuleError | None:
        """Why no entry of *kind* may be made now, whatever its data; None if one may: the
        one predicate of each kind, which ``legal`` and ``check`` ask too."""
        if kind == "undo":
            # At the bottom of a ledger resumed from a checkpoint there is still an entry
            # to undo, below it: the caller reads the whole session first (reaches_below).
            if self.top.below is not None or self.top.seq > 0:
                return None
            return RuleError("rules.nothing_to_undo")
        if kind == "correct":  # not a key of its own: the correction is checked whole
            return None
        return refusal(self.game, self.top.state, kind)

    def legal(self) -> list[LegalAction]:
        """Every entry allowed now, the game's own first: the kinds ``why_not`` lets through."""
        state = self.state
        actions = list(self.game.legal(state))
        if self.why_not("undo") is None:
            actions.append(LegalAction("undo"))
        for kind in COMMON_OFFERED:
            if refusal(self.game, state, kind) is None:
                actions.append(LegalAction(kind, common_choices(state, kind)))
        return actions


def _check_proposed(state: State, proposed: Proposed) -> None:
    """Who proposed an entry must be seated now, and the time they did it aware: the
    journal keeps it beside the recorder who confirmed it (issue 46)."""
    if proposed.by not in state.seated():
        raise RuleError("rules.propose.not_seated", player=proposed.by)
    require_aware(proposed.at)


#: The free text of an entry, and the error that refuses it (core/text.py).
_FREE_TEXT = {
    "note": ("text", "rules.note_not_text"),
    "correct": ("reason", "rules.correct_reason_not_text"),
}


def _check_free_text(kind: str, data: Mapping[str, Any]) -> None:
    """Refuse what is not text in a note or a correction's reason (core/text.py)."""
    if kind not in _FREE_TEXT:
        return
    field, key = _FREE_TEXT[kind]
    refused = refused_character(data[field])
    if refused is not None:
        raise RuleError(key, char=refused)


#: The entries that need the ledger's stack; every other kind is one of core/steps.py.
_OWN_CHECKS: dict[str, Callable[[Ledger, Mapping[str, Any]], EntryData]] = {
    "undo": Ledger._check_undo,
    "correct": Ledger._check_correct,
}


class FoldError(RuleError):
    """A stored event that the rules refuse: the log was not written by us, or was edited."""

    def __init__(self, seq: int, cause: RuleError) -> None:
        super().__init__("rules.stored_entry_invalid", seq=seq, reason=cause)
        self.seq = seq
        self.cause = cause
