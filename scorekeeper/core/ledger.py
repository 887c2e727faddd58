"""The session as a fold of its events, with undo as a void marker.

``Ledger`` is immutable: ``step`` returns a new ledger. It keeps a persistent
stack of the states produced by the entries still in force, so ``undo`` (an
event of its own, never a deletion) simply returns to the state below the
top: exactly the earlier state, in O(1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from scorekeeper.core.corrections import check_correction, corrected_state
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import COMMON_KINDS, Entry, Event, Header, frozen, require_aware
from scorekeeper.core.game import Game, LegalAction
from scorekeeper.core.games import get_game
from scorekeeper.core.header import check_name
from scorekeeper.core.state import Seat, State
from scorekeeper.core.times import check_time, in_range
from scorekeeper.messages.text import refused_character

#: Entries still allowed once a session has ended.
_AFTER_END = frozenset({"undo", "note", "recorder"})
_BETWEEN_ROUNDS = frozenset({"join", "leave", "rebuy", "end"})
MAX_NOTE_LENGTH = 2000


def initial_state(header: Header) -> State:
    game = get_game(header.game)
    scores = {
        name: game.initial_score(name, header.options, header.stacks) for name in header.players
    }
    return State(
        game=header.game,
        options=header.options,
        seats=tuple(Seat(name) for name in header.players),
        scores=frozen(scores),
        round=0,
        in_round=False,
        parent=header.parent,
        recorder=header.recorder,
        finished=False,
        table=None,
        board=game.initial_board(header.options),
        brought=frozen(scores),
    )


@dataclass(frozen=True)
class Frame:
    """One entry in force and the state it produced; *below* is the state before it."""

    seq: int
    state: State
    below: Frame | None
    event: Event | None = None  # the entry (None at the bottom), for corrections to replay


@dataclass(frozen=True)
class Ledger:
    header: Header
    game: Game
    top: Frame
    next_seq: int = 1
    last_at: datetime | None = None

    @classmethod
    def start(cls, header: Header) -> Ledger:
        return cls(header, get_game(header.game), Frame(0, initial_state(header), None))

    @property
    def state(self) -> State:
        return self.top.state

    # -- checking ------------------------------------------------------------
    def check(self, entry: Entry, now: datetime | None = None, *, fresh: bool = True) -> Event:
        """The event *entry* would become, or a RuleError; nothing changes either way.

        A *fresh* entry (typed now, imported) also has its free text checked; an
        entry read back from a stored session keeps the text it was stored with.
        """
        if fresh and entry.at is not None:
            check_time(require_aware(entry.at))
        at = self._time(entry.at, now)
        data = self._normalize(entry.kind, entry.data)
        if fresh:
            _check_free_text(entry.kind, data)
        return Event(self.next_seq, at, self.state.recorder, entry.kind, frozen(data))

    def _time(self, typed: datetime | None, now: datetime | None) -> datetime:
        if typed is not None:
            at = require_aware(typed)
            if self.last_at is not None and at < self.last_at and in_range(self.last_at):
                raise RuleError(
                    "rules.time_backwards", time=at.isoformat(), previous=self.last_at.isoformat()
                )
            return at
        stamp = now or datetime.now(UTC).replace(microsecond=0)
        # A machine clock set back must not make the log refuse entries: an untyped
        # entry is never timed before the one it follows, unless that one is out of
        # range (a session stored before times were checked, core/times.py): then the
        # clock is right, not the entry.
        if self.last_at is None or not in_range(self.last_at):
            return stamp
        return max(stamp, self.last_at)

    def _normalize(self, kind: str, data: Any) -> dict[str, Any]:
        state, game = self.state, self.game
        if kind not in COMMON_KINDS and kind not in game.round_kinds:
            raise RuleError("rules.unknown_entry", entry=kind, game=game.id)
        if kind == "undo":
            if self.top.below is None:
                raise RuleError("rules.nothing_to_undo")
            return {"voids": self.top.seq}
        if kind == "correct":  # allowed after the end too: disputes come at the end
            return check_correction(self, data)
        if kind == "note":
            text = " ".join(str(data.get("text", "")).split())
            if not text:
                raise RuleError("rules.note_empty")
            if len(text) > MAX_NOTE_LENGTH:
                raise RuleError("rules.note_long", limit=MAX_NOTE_LENGTH)
            return {"text": text}
        if kind == "recorder":
            player = state.find_player(str(data.get("player", "")))
            if player == state.recorder:
                raise RuleError("rules.recorder_already", player=player)
            return {"player": player}
        if state.finished:
            raise RuleError("rules.session_ended")
        if kind in _BETWEEN_ROUNDS and state.in_round:
            raise RuleError("rules.between_rounds_only", entry=kind, round=state.round)
        if kind == "round":
            if state.in_round:
                raise RuleError("rules.round_in_play", round=state.round)
            if len(game.dealable(state)) < game.min_players:
                raise RuleError("rules.too_few_to_play", min=game.min_players)
            return {}
        if kind == "end":
            return {}
        if kind == "join":
            return self._check_join(data)
        if kind == "leave":
            player = state.find_player(str(data.get("player", "")))
            if player not in state.seated():
                raise RuleError("rules.already_left", player=player)
            if len(state.seated()) - 1 < game.min_players:
                raise RuleError("rules.too_few_to_leave", player=player, min=game.min_players)
            return {"player": player}
        if kind == "rebuy":
            if not game.uses_chips:
                raise RuleError("rules.rebuy_no_chips", game=game.id)
            player = state.find_player(str(data.get("player", "")))
            chips = data.get("chips")
            if not isinstance(chips, int) or isinstance(chips, bool) or chips <= 0:
                raise RuleError("rules.rebuy_amount", value=chips)
            return {"player": player, "chips": chips}
        if not state.in_round:
            raise RuleError("rules.no_round")
        return game.normalize(state, kind, data)

    def _check_join(self, data: Any) -> dict[str, Any]:
        state = self.state
        name = check_name(str(data.get("player", "")))
        after = data.get("after")
        seat_after = state.find_player(str(after)) if after else None
        existing = [n for n in state.names() if n.casefold() == name.casefold()]
        if existing and existing[0] in state.seated():
            raise RuleError("rules.already_seated", player=existing[0])
        if len(state.seated()) + 1 > self.game.max_players:
            raise RuleError("rules.too_many", max=self.game.max_players)
        if seat_after is not None and seat_after == (existing[0] if existing else None):
            raise RuleError("rules.join_after_self", player=name)
        return {"player": existing[0] if existing else name, "after": seat_after}

    # -- applying ------------------------------------------------------------
    def step(self, event: Event) -> Ledger:
        """The ledger after an event that ``check`` accepted."""
        if event.kind == "undo":
            below = self.top.below
            if below is None or event.data.get("voids") != self.top.seq:
                raise RuleError("rules.undo_mismatch", seq=event.seq)
            top = below
        else:
            top = Frame(event.seq, self._apply(event), self.top, event)
        return replace(self, top=top, next_seq=event.seq + 1, last_at=event.at)

    def _apply(self, event: Event) -> State:
        state, data = self.state, event.data
        kind = event.kind
        if kind == "note":
            return state
        if kind == "correct":
            return corrected_state(self, event)
        if kind == "recorder":
            return replace(state, recorder=data["player"])
        if kind == "end":
            return replace(state, finished=True)
        if kind == "round":
            counts = dict(state.parent_rounds)
            counts[state.parent] = counts.get(state.parent, 0) + 1
            started = replace(
                state, round=state.round + 1, in_round=True, parent_rounds=frozen(counts)
            )
            return self.game.start_round(started)
        if kind == "join":
            return self._apply_join(data["player"], data.get("after"))
        if kind == "leave":
            player = data["player"]
            seats = tuple(Seat(s.name, s.seated and s.name != player) for s in state.seats)
            if state.parent == player:
                others = tuple(p for p in self.game.dealable(state) if p != player)
                parent = state.left_of(player, others or None)
            else:
                parent = state.parent
            return replace(state, seats=seats, parent=parent)
        if kind == "rebuy":
            player, chips = data["player"], data["chips"]
            scores, brought = dict(state.scores), dict(state.brought)
            scores[player] += chips
            brought[player] = brought.get(player, 0) + chips
            return replace(
                state,
                scores=frozen(scores),
                bought=state.bought + chips,
                brought=frozen(brought),
            )
        return self.game.apply(state, event)

    def _apply_join(self, player: str, after: str | None) -> State:
        state = self.state
        seats = [s for s in state.seats if s.name != player]
        index = len(seats) if after is None else [s.name for s in seats].index(after) + 1
        seats.insert(index, Seat(player))
        scores, brought = dict(state.scores), dict(state.brought)
        bought = state.bought
        if player not in scores:  # a player who left and comes back keeps their standing
            scores[player] = brought[player] = self.game.initial_score(player, state.options, {})
            bought += scores[player]
        return replace(
            state,
            seats=tuple(seats),
            scores=frozen(scores),
            bought=bought,
            brought=frozen(brought),
        )

    # -- what may come next --------------------------------------------------
    def legal(self) -> list[LegalAction]:
        """Every entry allowed now, the game's own first."""
        state = self.state
        actions = list(self.game.legal(state))
        if self.top.below is not None:
            actions.append(LegalAction("undo"))
        actions.append(LegalAction("note"))
        others = tuple(n for n in state.names() if n != state.recorder)
        actions.append(LegalAction("recorder", others))
        if state.finished or state.in_round:
            return actions
        if len(self.game.dealable(state)) >= self.game.min_players:
            actions.append(LegalAction("round"))
        if len(state.seated()) < self.game.max_players:
            actions.append(LegalAction("join", state.seated()))
        if len(state.seated()) > self.game.min_players:
            actions.append(LegalAction("leave", state.seated()))
        if self.game.uses_chips:
            actions.append(LegalAction("rebuy", state.names()))
        actions.append(LegalAction("end"))
        return actions


def _check_free_text(kind: str, data: Mapping[str, Any]) -> None:
    """Refuse what is not text in a note or a correction's reason (core/text.py)."""
    if kind == "note":
        refused, key = refused_character(data["text"]), "rules.note_not_text"
    elif kind == "correct":
        refused, key = refused_character(data["reason"]), "rules.correct_reason_not_text"
    else:
        return
    if refused is not None:
        raise RuleError(key, char=refused)


class FoldError(RuleError):
    """A stored event that the rules refuse: the log was not written by us, or was edited."""

    def __init__(self, seq: int, cause: RuleError) -> None:
        super().__init__("rules.stored_entry_invalid", seq=seq, reason=cause.message("en"))
        self.seq = seq
        self.cause = cause
