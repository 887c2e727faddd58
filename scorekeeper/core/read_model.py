"""The read side every game supplies: what the table looks like, in typed values.

Screens, the command line, exports, statistics and the table display all ask
these questions of a game (``Game.headline``, ``Game.round_view``,
``Game.net``, ``Game.folds``) and of the round results it leaves in
``State.results``. None of them looks inside a game's own round state or
branches on a game id, so every view tells the same story, and a new game is
told by the type checker what it must supply.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Literal, NamedTuple

from scorekeeper.core.events import frozen
from scorekeeper.core.pots import Layers, Pot, layer_pots

if TYPE_CHECKING:
    from scorekeeper.core.state import State

HeadlineKind = Literal["stake", "pot", "board", "round"]


class ShownRound(NamedTuple):
    """The round a view names: the one in play, else the next, else (the session over)
    the last one played; and the session's limit (``rounds``), None without one."""

    number: int
    limit: int | None


def shown_round(state: State) -> ShownRound:
    """The round to name now: never the one after a finished session's last."""
    number = state.round if state.in_round or state.finished else state.round + 1
    limit = state.options.get("rounds")
    if not isinstance(limit, int) or isinstance(limit, bool) or limit <= 0:
        return ShownRound(max(number, 1), None)
    return ShownRound(max(min(number, limit), 1), limit)


@dataclass(frozen=True)
class Headline:
    """The one number the whole table watches: the stake, the pot, the chips on the board
    (Pochen: its nine pools, which stay between deals), or the round."""

    kind: HeadlineKind
    value: int
    in_play: bool  # of the round in play; else what the next round starts with
    cap: int | None = None  # stake games: the highest stake (None: no cap)


@dataclass(frozen=True)
class RoundView:
    """The round in play as every view may show it."""

    dealt: tuple[str, ...]  # dealt in, in seat order
    #: Who has folded, with the stake then (points games) or the chips they had in.
    folded: Mapping[str, int] = field(default_factory=frozen)
    to_act: str | None = None  # whose turn it is to bet, if betting is open
    to_call: int = 0  # what that player must add to stay in (capped by their stack)
    stake: int | None = None  # the stake, or the highest commitment in a betting round
    committed: Mapping[str, int] = field(default_factory=frozen)  # chips in the middle
    #: Who has put in every chip they had (and not folded): only then is there a side pot.
    all_in: frozenset[str] = frozenset()

    @property
    def live(self) -> tuple[str, ...]:
        """Dealt in and not folded."""
        return tuple(p for p in self.dealt if p not in self.folded)

    @property
    def pot(self) -> int:
        """Every chip in the middle of the round."""
        return sum(self.committed.values())

    @cached_property
    def layers(self) -> Layers:
        """The chips in the middle as pots and unmatched chips (core/pots.py).

        Worked out when asked (the timeline asks for the stake of every entry, not this).
        """
        return layer_pots(self.committed, frozenset(self.folded), self.dealt)

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The chips in the middle as pots, main pot first: who can win each."""
        return self.layers.pots

    @property
    def unmatched(self) -> Mapping[str, int]:
        """Chips in the middle nobody has matched yet (a bet not called), by whose they are.

        They are no pot yet: called, they join one; uncalled, they go back. With the
        pots they add up to ``pot``, every chip in the middle.
        """
        return {p: c for p, c in self.layers.returned.items() if c}


#: A line in words, in whoever reads it: a catalog key and its parameters (a parameter may
#: be a ``Phrase`` of catalog keys, said in the reader's language too).
Said = tuple[str, Mapping[str, object]]


@dataclass(frozen=True, slots=True)
class PoolView:
    """One pool of a board as it lies: its name, its chips, who took it this round, and
    for how many rounds in a row it has been carried over (left unwon)."""

    pool: str  # its word (the entries name it so; a view's ids are made of it)
    name: str  # the catalog key of its name
    chips: int
    claimed_by: str | None
    carried: int
    claimable: bool  # a hand can claim it (not the pot bet for, not the centre)


@dataclass(frozen=True, slots=True)
class BoardView:
    """A game's board as every view shows it (the app's board, the page, the phone's
    pools): its pools row by row as they lie on the table, the catalog keys of a pool's
    notes, and the lines the page shows under it. Worked out once, by the game
    (``Game.board_view``), so that no view computes the board again."""

    rows: tuple[tuple[PoolView, ...], ...]
    claimed_key: str  # "→ {player}"
    carried_key: str  # "carried ×{deals}"
    carried_short_key: str  # the same on a short line
    stage: Said | None = None  # where the round is, with the trump (None between rounds)
    pot: Said | None = None  # what is bet for in the middle and who is in it

    @property
    def pools(self) -> tuple[PoolView, ...]:
        """Every pool, row after row."""
        return tuple(pool for row in self.rows for pool in row)


def ranking(net: Mapping[str, int], order: tuple[str, ...]) -> list[tuple[int, str]]:
    """(rank, player), best net first; equal nets share a rank (1, 2, 2, 4); ties by seat."""
    place = {name: i for i, name in enumerate(order)}
    names = sorted(order, key=lambda name: (-net[name], place[name]))
    rows: list[tuple[int, str]] = []
    for position, name in enumerate(names, start=1):
        tied = rows and net[rows[-1][1]] == net[name]
        rows.append((rows[-1][0] if tied else position, name))
    return rows
