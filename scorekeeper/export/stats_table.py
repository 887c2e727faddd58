"""The columns of the statistics table, shared by ``scorekeeper stats`` and the stats screen.

Which columns a game has and how a value is written is decided once, here, so
the two never disagree (the official points game says parent where the others say dealer).
"""

from __future__ import annotations

from scorekeeper.core.game import Game
from scorekeeper.core.stats import PlayerStats
from scorekeeper.messages import t

#: The numeric columns, in order: (field, catalog key for points, for chip games).
COLUMNS = (
    ("sessions", "stats.col.sessions", "stats.col.sessions"),
    ("rounds", "stats.col.rounds", "stats.col.rounds"),
    ("won", "stats.col.won", "stats.col.won"),
    ("folds", "stats.col.folds", "stats.col.folds"),
    ("parent_rounds", "stats.col.lead_rounds", "stats.col.lead_rounds"),
    ("parent_net", "stats.col.lead_net", "stats.col.lead_net"),
    ("net", "stats.col.net_points", "stats.col.net_chips"),
)
SIGNED = frozenset({"parent_net", "net"})
LEAD = frozenset({"parent_rounds", "parent_net"})


def headings(game: Game) -> list[tuple[str, str]]:
    """(field, heading) of every numeric column for *game*."""
    cols = []
    for field, points_key, chips_key in COLUMNS:
        key = chips_key if game.uses_chips else points_key
        if field in LEAD:
            key = game.worded(key)  # the game's word: parent or dealer
        if field == "net" and game.lower_is_better:
            key = "stats.col.net_losses"
        cols.append((field, t(key)))
    return cols


def cell(stats: PlayerStats, field: str, game: Game) -> str:
    value: int = getattr(stats, field)
    if field in SIGNED and value > 0:
        return f"+{value}"
    return str(value)
