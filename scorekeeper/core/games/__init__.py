"""The games, one module each, and looking them up by id: the one registry of games.

Each game module declares everything the rest of the program needs of it in one
``register(GameSpec(...))`` call (core/game.py); importing this package imports every
module in it, so a game is added by adding its module, and every lookup sees every
game. What the registry asks of a game besides its module (its catalog keys, its
table screen, its rules, its snapshot types, the property tests' options) is checked
for each registered game by tests/test_registry.py.
"""

from __future__ import annotations

import pkgutil
from importlib import import_module

from scorekeeper.core.errors import RuleError
from scorekeeper.core.game import Game, GameSpec, registered

for _module in pkgutil.iter_modules(__path__):
    import_module(f"{__name__}.{_module.name}")


def game_specs() -> list[GameSpec]:
    """Every registered game's declaration, in the order games are offered."""
    return sorted(registered().values(), key=lambda spec: (spec.order, spec.id))


#: The package's games in the order they are offered (the official rules first), as
#: they were when the package was imported: what the tests are parametrized over. The
#: program asks ``game_specs()``, which also holds a game registered later.
GAME_ORDER: tuple[str, ...] = tuple(spec.id for spec in game_specs())


def game_spec(game_id: str) -> GameSpec:
    specs = registered()
    try:
        return specs[game_id]
    except KeyError:
        raise RuleError(
            "rules.unknown_game", field="game", game=game_id, games=", ".join(sorted(specs))
        ) from None


def get_game(game_id: str) -> Game:
    return game_spec(game_id).game


def all_games() -> list[Game]:
    return [spec.game for spec in game_specs()]
