"""One module per game; importing a module registers its game."""


def load_all() -> None:
    from scorekeeper.core.games import (  # noqa: F401
        indian_chips,
        indian_lowest,
        indian_official,
        pochen,
    )
