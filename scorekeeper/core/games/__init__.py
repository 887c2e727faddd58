"""One module per game; importing a module registers its game."""


def load_all() -> None:
    from scorekeeper.core.games import indian_chips, indian_lowest, indian_official  # noqa: F401
