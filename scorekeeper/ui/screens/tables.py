"""Which table screen a session opens on: the one its game names (core/game.py GameSpec).

Each game's screen module is imported when a session of that game opens: a table of
the official game does not load the chips, lowest-card and Pochen screens first.
"""

from __future__ import annotations

from importlib import import_module

from scorekeeper.core.games import game_spec
from scorekeeper.services.recording import Recording
from scorekeeper.ui.screens.table import TableScreen


def screen_class(game_id: str) -> type[TableScreen]:
    """The table screen of the game *game_id*, as its registration names it."""
    module, _, name = game_spec(game_id).screen.partition(":")
    screen = getattr(import_module(module), name)
    if not (isinstance(screen, type) and issubclass(screen, TableScreen)):
        raise TypeError(f"{game_spec(game_id).screen} is no table screen")
    return screen


def table_screen_for(recording: Recording) -> TableScreen:
    return screen_class(recording.session.game.id)(recording)
