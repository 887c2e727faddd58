"""What a game declares for the property tests' generator (tests/session_gen.py): data of
the right shape for each of its round verbs, and the options, stacks and length of the
sessions it is played in.

A game names these in its registration (core/game.py ``GameSpec.samples``), so the
generator never guesses a verb's data from another game's: a ``show`` of one game is not
built in the shape of another's. Stdlib only: the generator hands in a :class:`Draw` that
draws with Hypothesis; the game only says what to draw from.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from scorekeeper.core.state import State

_T = TypeVar("_T")

SUITS = "SHDC"
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7")
#: The cards samples are drawn from: a 32-card deck, ace to seven, in every suit.
DECK = tuple(rank + suit for rank in RANKS for suit in SUITS)


class Draw(Protocol):
    """Choices made by whoever generates sessions (Hypothesis, or a seeded Random)."""

    def one(self, options: Sequence[_T]) -> _T:
        """One of *options*."""

    def some(
        self, options: Sequence[_T], min_size: int = 0, max_size: int | None = None, *,
        unique: bool = False,
    ) -> list[_T]:  # fmt: skip
        """A list of *options* (each at most once if *unique*)."""

    def number(self, low: int, high: int) -> int:
        """A whole number from *low* to *high*, both included."""

    def coin(self) -> bool:
        """Heads or tails."""

    def shuffled(self, items: Sequence[_T]) -> list[_T]:
        """*items* in some order."""


#: Data for one round entry of a kind the rules allow now: from the state, the players
#: it may name (``LegalAction.choices``), and *pick*, one of them drawn already ("" when
#: it names none). The rules may still refuse it: refusals are tested too.
Sample = Callable[[Draw, State, tuple[str, ...], str], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Samples:
    """How the generator plays a game: data for each round verb (every one of the game's
    ``round_kinds``: tests/test_registry.py), and the sessions it is played in."""

    verbs: Mapping[str, Sample]
    #: options (as typed) that make every rule reachable quickly; empty: its defaults do
    options: Mapping[str, str] = field(default_factory=dict)
    #: options drawn for each session from the words given (as typed)
    drawn_options: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: chips some players start with (chip games: stacks that make the ranking by net and
    #: by chips differ, and side pots)
    stacks: Mapping[str, int] = field(default_factory=dict)
    #: moves at most per session: a game whose round takes many entries needs more
    steps: int = 45
    #: ``make_header`` keywords of a session opened with a board carried over from the
    #: one before (a game with a board), used in one session of three
    carried: Mapping[str, Any] | None = None
    #: in one session of three the generator ends the session at the last (a game with a
    #: board: the chips on it go back)
    ended_sometimes: bool = False


def player_only(draw: Draw, state: State, choices: tuple[str, ...], pick: str) -> dict[str, Any]:
    """The data of a verb that names one player (a fold, a pass, a redraw) and no more."""
    return {"player": pick}


def dealt_cards(draw: Draw, players: Sequence[str]) -> dict[str, str]:
    """A different card for each of *players*."""
    cards = draw.some(DECK, len(players), len(players), unique=True)
    return dict(zip(players, cards, strict=True))


def ranking_groups(draw: Draw, names: Sequence[str]) -> list[list[str]]:
    """A ranking with ties: *names* in some order, cut into groups."""
    groups: list[list[str]] = []
    for name in draw.shuffled(list(names)):
        if groups and draw.coin():
            groups[-1].append(name)
        else:
            groups.append([name])
    return groups
