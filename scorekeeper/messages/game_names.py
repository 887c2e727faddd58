"""A game's name as the reader sees it, for every list of games (the app's, ``list``).

A game's name is the catalog's ``game.<id>`` and its short label ``game.<id>.short``
(every Game.name_key, checked by a test): looked up here by the id a session names,
without loading the rules, so a list of sessions shows before they are."""

from __future__ import annotations

from scorekeeper.messages import CATALOG, t


def game_name(game_id: str, lang: str | None = None) -> str:
    """A game's name in the reader's language; an id we do not know is shown as is."""
    key = f"game.{game_id}"
    return t(key, lang) if key in CATALOG else game_id


def short_game_name(game_id: str, lang: str | None = None) -> str:
    """A game's short label, for a list too narrow for the whole name."""
    key = f"game.{game_id}.short"
    return t(key, lang) if key in CATALOG else game_id
