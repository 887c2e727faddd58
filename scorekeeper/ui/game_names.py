"""A game's name as the reader sees it, for every screen that lists games: the
message catalog's, looked up by the game's id (scorekeeper/messages/game_names.py)."""

from __future__ import annotations

from scorekeeper.messages.game_names import game_name, short_game_name

__all__ = ["game_name", "short_game_name"]
