"""Which table screen a session opens on.

Each game's screen module is imported when a session of that game opens: a table of
the official game does not load the chips, lowest-card and Pochen screens first.
"""

from __future__ import annotations

from importlib import import_module

from scorekeeper.services.recording import Recording
from scorekeeper.ui.screens.table import TableScreen

#: game id -> (module, class) of its table screen
_WHERE: dict[str, tuple[str, str]] = {
    "indian-official": ("scorekeeper.ui.screens.table_official", "OfficialTable"),
    "indian-chips": ("scorekeeper.ui.screens.table_chips", "ChipsTable"),
    "indian-lowest": ("scorekeeper.ui.screens.table_lowest", "LowestTable"),
    "pochen": ("scorekeeper.ui.screens.table_pochen", "PochenTable"),
}


def screen_class(game_id: str) -> type[TableScreen]:
    """The table screen of the game *game_id*."""
    module, name = _WHERE[game_id]
    screen: type[TableScreen] = getattr(import_module(module), name)
    return screen


def table_screen_for(recording: Recording) -> TableScreen:
    return screen_class(recording.session.game.id)(recording)
