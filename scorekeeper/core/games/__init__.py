"""The games, one module each, and looking them up by id.

Each game module registers its game with ``core.game.register`` when imported;
importing this package imports them all, so every lookup sees every game.
"""

from __future__ import annotations

from scorekeeper.core.errors import RuleError
from scorekeeper.core.game import Game, registered
from scorekeeper.core.games import (  # noqa: F401  (imported to register)
    indian_chips,
    indian_lowest,
    indian_official,
    pochen,
)

#: The order games are offered in (the official rules first).
GAME_ORDER = ("indian-official", "indian-chips", "indian-lowest", "pochen")


def get_game(game_id: str) -> Game:
    games = registered()
    try:
        return games[game_id]
    except KeyError:
        raise RuleError(
            "rules.unknown_game", field="game", game=game_id, games=", ".join(sorted(games))
        ) from None


def all_games() -> list[Game]:
    known = {game_id: i for i, game_id in enumerate(GAME_ORDER)}
    return sorted(registered().values(), key=lambda g: known.get(g.id, len(known)))
