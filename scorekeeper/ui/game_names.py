"""A game's name as the reader sees it, for every screen that lists games."""

from __future__ import annotations

from scorekeeper.messages import CATALOG, t

# A game's name is the catalog's ``game.<id>`` (every Game.name_key, checked by a test):
# looked up here without loading the rules, so the session list shows before they are.


def game_name(game_id: str) -> str:
    """A game's name in the reader's language; an id we do not know is shown as is."""
    key = f"game.{game_id}"
    return t(key) if key in CATALOG else game_id


def short_game_name(game_id: str) -> str:
    """A game's short label, for a list too narrow for the whole name."""
    key = f"game.{game_id}.short"
    return t(key) if key in CATALOG else game_id
