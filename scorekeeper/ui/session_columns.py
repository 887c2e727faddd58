"""How the session list fits its width: whole words only, never a cell cut mid-name.

At 80 columns the full game names and every player do not fit beside the fixed columns.
Rather than let the table cut them to "Indian Poke…", the list switches to short game
labels and names as many players as fit, then says how many more ("Chie, Aki +3");
the line under the list shows the highlighted session whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.messages import t
from scorekeeper.ui.cells import width


def players_text(players: Sequence[str], room: int | None = None) -> str:
    """*players* joined for reading: all of them, or as many as fit in *room* and a count."""
    sep = t("ui.start.name_sep")
    whole = sep.join(players)
    if room is None or width(whole) <= room:
        return whole
    for shown in range(len(players) - 1, 0, -1):
        text = t("ui.start.names_more", names=sep.join(players[:shown]), more=len(players) - shown)
        if width(text) <= room:
            return text
    return t("ui.start.names_count", count=len(players))


@dataclass(frozen=True)
class Fit:
    """The widths of the game and players columns, and whether game names are short."""

    game: int
    players: int
    short_games: bool


def fit_columns(
    full_games: Sequence[str], short_games: Sequence[str], players: Sequence[str], room: int
) -> Fit:
    """Share *room* cells between the game and players columns.

    Full game names when they fit beside every player, else short labels; the players
    column takes the rest (players_text then fits each row into it).
    """
    full = max(map(width, full_games), default=0)
    short = max(map(width, short_games), default=0)
    need_players = max(map(width, players), default=0)
    if full + need_players <= room:
        return Fit(full, room - full, False)
    # Short labels are always narrow enough to leave the players most of the room.
    return Fit(short, max(1, room - short), True)
