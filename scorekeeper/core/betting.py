"""Whose turn it is in a round of betting, shared by the chip games (Indian Poker, the Poch)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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
