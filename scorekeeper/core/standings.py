"""Who is ahead: ranks from scores, the right way round for each game."""

from __future__ import annotations

from scorekeeper.core.game import get_game
from scorekeeper.core.state import State


def ranked(state: State) -> list[tuple[int, str, int]]:
    """(rank, player, score), best first; equal scores share a rank (1, 2, 2, 4)."""
    sign = 1 if get_game(state.game).lower_is_better else -1
    order = sorted(state.names(), key=lambda name: sign * state.scores[name])
    rows: list[tuple[int, str, int]] = []
    for position, name in enumerate(order, start=1):
        score = state.scores[name]
        rank = rows[-1][0] if rows and rows[-1][2] == score else position
        rows.append((rank, name, score))
    return rows


def leader(state: State) -> str | None:
    """The first-ranked player once a round has been played, else None."""
    return ranked(state)[0][1] if state.results and state.scores else None
