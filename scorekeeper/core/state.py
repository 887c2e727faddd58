"""The state of a session: what the table looks like after some entries.

States are immutable; every change makes a new one, which is what lets undo
restore an earlier state exactly and lets any moment be shown again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from types import MappingProxyType
from typing import Any, Protocol

from scorekeeper.core.chain import Chain
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import OptionValue, frozen, thawed
from scorekeeper.core.near import nearest


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at the table, in seating order. *number* is the player's for the whole
    session: the header's seats are 1, 2, 3 …; a newcomer takes the next number after the
    highest used, and a player who leaves and comes back keeps theirs (issue 35)."""

    name: str
    number: int
    seated: bool = True  # False once the player has left the rotation


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The outcome of one finished round, in numbers (for every view) and in words.

    Views read the numbers; ``how`` and ``details`` only say it in words and
    are never parsed back.
    """

    round: int
    parent: str
    deltas: Mapping[str, int]  # each dealt-in player's result of the round
    how: str  # message key describing the result
    details: Mapping[str, Any]  # parameters of that message, for the words only
    winners: tuple[str, ...] = ()  # who won it (each winner of a split pot), seat order
    folded: tuple[str, ...] = ()  # who folded in it, in the order they folded
    paid: Mapping[str, int] = field(default_factory=frozen)  # what each put in or paid
    received: Mapping[str, int] = field(default_factory=frozen)  # what each took
    stake: int | None = None  # the stake at the end (points) or the pot played for (chips)
    scores: Mapping[str, int] = field(default_factory=frozen)  # everyone's score after it
    board: Mapping[str, int] | None = None  # the board left after it (Pochen)

    @property
    def to_board(self) -> int:
        """Chips the round left on the board (negative: taken from it); 0 without a board.

        In a chip game what the dealt-in players lost and did not win back stays in
        the pools (Pochen); in Indian Poker with chips it is always 0.
        """
        return -sum(self.deltas.values()) if self.board is not None else 0


@dataclass(frozen=True, slots=True)
class StakeChange:
    round: int
    old: int
    new: int
    at: datetime
    seq: int


class RoundTable(Protocol):
    """What every game's round-in-progress state declares; views ask the game for the rest."""

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone dealt into the round, in seat order."""
        ...


def next_number(seats: tuple[Seat, ...]) -> int:
    """The number a newcomer takes: the next after the highest used (left players' too)."""
    return max((seat.number for seat in seats), default=0) + 1


@dataclass(frozen=True, slots=True)
class State:
    game: str
    options: Mapping[str, OptionValue]
    seats: tuple[Seat, ...]
    scores: Mapping[str, int]
    round: int  # rounds started so far
    in_round: bool
    parent: str  # of the round in progress, else of the next one
    recorder: str
    finished: bool
    table: RoundTable | None  # the game's own state of the round in progress
    results: Chain[RoundResult] = field(default_factory=Chain)
    stake_history: Chain[StakeChange] = field(default_factory=Chain)
    parent_rounds: Mapping[str, int] = field(default_factory=frozen)
    bought: int = 0  # chips brought to the table after the start: rebuys, joiners' stacks
    #: What each player brought to the table: starting chips, a joiner's stack, rebuys.
    brought: Mapping[str, int] = field(default_factory=frozen)
    board: Mapping[str, int] | None = None  # chips left on the table between rounds (Pochen)
    #: What each player put on a board carried over from the session before (Pochen
    #: ``end_board carry``): their share, anted before the first deal (Header.shares).
    anted: Mapping[str, int] = field(default_factory=frozen)
    #: What each player was given back of the board when the session ended (Pochen
    #: ``end_board``), and the board as it lay then; empty and None until then.
    returned: Mapping[str, int] = field(default_factory=frozen)
    returned_board: Mapping[str, int] | None = None
    #: Players whose seat the parent (dealer) passed over since the last round only because
    #: they had left, clockwise: one who comes back to their seat before the next round is
    #: its parent, as if they had never left (transcript.md ``join``).
    passed: tuple[str, ...] = ()
    #: Each player's net after the last finished round, kept as a round begins: standings
    #: in a round read it instead of adding up every round result (core/standings.py).
    settled: Mapping[str, int] | None = None
    #: The money per point or chip in force (the last ``rate`` entry, core/rate.py): an
    #: exact decimal string, and its currency; None until one is entered.
    rate: str | None = None
    currency: str | None = None
    #: Players' proposals are confirmed by themselves (the last ``proposals`` entry:
    #: ``proposals auto``), else they wait for the recorder (issue 46).
    auto_confirm: bool = False

    # -- seats -------------------------------------------------------------
    def names(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats)

    def number(self, name: str) -> int:
        """*name*'s number: theirs for the whole session, whatever joins or leaves."""
        for seat in self.seats:
            if seat.name == name:
                return seat.number
        raise KeyError(name)

    def numbered(self, number: int) -> str | None:
        """The player whose number is *number* (seated or not), else None."""
        for seat in self.seats:
            if seat.number == number:
                return seat.name
        return None

    def numbers(self) -> dict[str, int]:
        """Every player's number, in seating order."""
        return {seat.name: seat.number for seat in self.seats}

    def seated(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats if seat.seated)

    def find_player(self, word: str) -> str:
        """The player a recorder meant by *word*: exact, else a unique case-insensitive match."""
        names = self.names()
        if word in names:
            return word
        folded = [name for name in names if name.casefold() == word.casefold()]
        if len(folded) == 1:
            return folded[0]
        near = nearest(word, self.seated())
        if near is not None:  # a typo: the nearest seated name
            raise RuleError(
                "rules.unknown_player_near", player=word, players=", ".join(names), near=near
            )
        raise RuleError("rules.unknown_player", player=word, players=", ".join(names))

    def returning(self, word: str) -> str | None:
        """The player who left the table that *word* names (any case), if any: joining
        again brings them back to their old seat (transcript.md ``join``)."""
        seated = set(self.seated())
        for name in self.names():
            if name.casefold() == word.strip().casefold() and name not in seated:
                return name
        return None

    def left_of(self, name: str, among: tuple[str, ...] | None = None) -> str:
        """The next seat clockwise from *name* whose player is among *among* (default: seated)."""
        names = self.names()
        candidates = self.seated() if among is None else among  # a few names: no set
        start, count = names.index(name), len(names)
        for step in range(1, count + 1):
            other = names[(start + step) % count]
            if other in candidates:
                return other
        return name

    def left_between(self, start: str, end: str) -> tuple[str, ...]:
        """The players who have left whose seats lie clockwise strictly between *start* and
        *end* (every other seat when they are the same)."""
        names, seated = self.names(), self.seated()
        at, count, found = names.index(start), len(names), []
        for step in range(1, count):
            other = names[(at + step) % count]
            if other == end:
                break
            if other not in seated:
                found.append(other)
        return tuple(found)

    def in_order_from_left_of(self, name: str, among: tuple[str, ...]) -> tuple[str, ...]:
        """*among* in seat order starting left of *name* (for turn order and odd chips)."""
        names = self.names()
        start = names.index(name)
        ordered = [names[(start + step) % len(names)] for step in range(1, len(names) + 1)]
        wanted = set(among)
        return tuple(n for n in ordered if n in wanted)


def finish_round(
    state: State,
    deltas: Mapping[str, int],
    how: str,
    *,
    next_parent: str | None = None,
    game_over: bool = False,
    credit: Mapping[str, int] | None = None,
    winners: tuple[str, ...] = (),
    folded: tuple[str, ...] = (),
    paid: Mapping[str, int] | None = None,
    received: Mapping[str, int] | None = None,
    at_stake: int | None = None,
    **details: Any,
) -> State:
    """Close the round in progress: pay out, pass the deal left, stop at ``rounds``.

    Chip games name the next dealer themselves (players without chips are
    skipped) and say when the game is over (one player holds every chip).
    *deltas* are each player's net result of the round; chip games, whose
    stakes already left the stacks, pass what goes back to the stacks as
    *credit*. *winners*, *folded*, *paid*, *received* and *at_stake* are the result in
    numbers, for every view; *details* are the parameters of its words.
    """
    scores = thawed(state.scores)
    for name, delta in (deltas if credit is None else credit).items():
        scores[name] = scores.get(name, 0) + delta
    # One read-only view of the new scores for the result and the state, over a dict of
    # our own (never changed after), as frozen() would make it; details are ours too.
    new_scores = MappingProxyType(scores)
    result = RoundResult(
        state.round,
        state.parent,
        frozen(deltas),
        how,
        MappingProxyType(details) if details else frozen(),
        winners,
        folded,
        frozen(paid),
        frozen(received),
        at_stake,
        new_scores,
        state.board,
    )
    limit = state.options.get("rounds") or 0
    assert isinstance(limit, int)
    parent = next_parent or state.left_of(state.parent)
    return replace(
        state,
        scores=new_scores,
        in_round=False,
        table=None,
        parent=parent,
        results=state.results.add(result),
        finished=state.finished or game_over or (limit > 0 and state.round >= limit),
        passed=(
            state.left_between(state.parent, parent)
            if len(state.seated()) < len(state.seats)
            else ()
        ),
    )
