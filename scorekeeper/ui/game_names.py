"""A game's name as the reader sees it, for every screen that lists games."""

from __future__ import annotations

from scorekeeper.core.errors import RuleError
from scorekeeper.core.games import get_game
from scorekeeper.messages import t


def game_name(game_id: str) -> str:
    """A game's name in the reader's language; an id we do not know is shown as is."""
    try:
        return t(get_game(game_id).name_key)
    except RuleError:
        return game_id


def short_game_name(game_id: str) -> str:
    """A game's short label, for a list too narrow for the whole name."""
    try:
        return t(f"{get_game(game_id).name_key}.short")
    except RuleError:
        return game_id
