"""Whose turn it is in a round of betting, shared by the chip games (Indian Poker, the Poch)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.core.events import frozen
from scorekeeper.core.read_model import Headline, RoundView
from scorekeeper.core.state import State


def next_to_act(
    state: State,
    live: Sequence[str],
    committed: Mapping[str, int],
    high: int,
    acted: frozenset[str],
    after: str,
) -> str | None:
    """The next player clockwise from *after* who must act, or None once betting has closed.

    Betting closes when every player still in who is not all-in has matched
    the highest commitment and has acted since the last bet or raise, or when
    only one such player is left and has matched it (nobody to bet against).
    """
    actors = [p for p in live if state.scores[p] > 0]
    pending = [p for p in actors if committed[p] < high or p not in acted]
    if not pending:
        return None
    if len(actors) == 1 and committed[actors[0]] >= high:
        return None
    return state.in_order_from_left_of(after, tuple(pending))[0]


def pot_headline(pot: int | None) -> Headline:
    """The chips in the middle of the round in play (None: no round in play)."""
    return Headline("pot", pot or 0, pot is not None)


def betting_view(
    state: State,
    dealt: tuple[str, ...],
    committed: Mapping[str, int],
    folds: Sequence[str],
    turn: str | None,
    high: int,
    stake: int | None,
) -> RoundView:
    """A betting round as views see it: folds with the chips in, whose turn, what to call."""
    owed = min(high - committed[turn], state.scores[turn]) if turn is not None else 0
    return RoundView(
        dealt=dealt,
        folded=frozen({p: committed[p] for p in folds}),
        to_act=turn,
        to_call=owed,
        stake=stake,
        committed=committed,
    )
