"""A game lives in its own places only (issue 45 point 1).

Everything a game adds is declared by its registration (core/game.py ``GameSpec``):
the rest of the program asks the registry, never a game by its id. So no module outside
the games' package (``scorekeeper/core/games/``), a game's own table screen (the one its
``GameSpec.screen`` names) and the message catalog (``scorekeeper/messages/catalog/``)
names a registered game's id or imports a game's module. Each place that does is named
here by file and line, so that a newcomer sees where the game leaked.

The ids and the modules are read from the registry, so a game added later is held to
the same rule without a change here.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from scorekeeper.core.game import GameSpec
from scorekeeper.core.games import game_specs

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
#: The kinds of file a game's id could be written in (code, the app's and the page's styles,
#: the page's script and markup).
TEXT_SUFFIXES = (".py", ".tcss", ".css", ".js", ".html")
GAMES = "scorekeeper.core.games"


def screen_file(spec: GameSpec) -> Path:
    """The file of the table screen a game's declaration names (``"module:Class"``), from
    the folder that holds the package."""
    module = spec.screen.partition(":")[0]
    return Path(*module.split(".")).with_suffix(".py")


def allowed(path: Path, root: Path, specs: Iterable[GameSpec]) -> bool:
    """Whether *path* (under the package *root*) may name a game: the games' package, a
    game's screen, the catalog."""
    inside = path.relative_to(root).parts
    if inside[:2] in (("core", "games"), ("messages", "catalog")):
        return True
    return any(path.relative_to(root.parent) == screen_file(spec) for spec in specs)


def id_pattern(game_id: str) -> re.Pattern[str]:
    """The id as a word of its own, or the start of a name made of it: ``ui.pochen.pool``
    and ``#pochen-stage`` name it, ``pochen_like`` and ``not-pochen`` do not."""
    return re.compile(rf"(?<![\w-]){re.escape(game_id)}(?!\w)")


def ids_named(text: str, ids: Iterable[str]) -> list[tuple[int, str]]:
    """(line number, id) for each registered id *text* names."""
    patterns = {game_id: id_pattern(game_id) for game_id in ids}
    return [
        (number, game_id)
        for number, line in enumerate(text.splitlines(), start=1)
        for game_id, pattern in patterns.items()
        if pattern.search(line)
    ]


def game_imports(text: str, modules: Iterable[str]) -> list[tuple[int, str]]:
    """(line number, module) for each import of a game's module in Python *text*."""
    names = set(modules)
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name in names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            if node.module in names:
                found.append((node.lineno, node.module))
            elif node.module == GAMES:
                whole = (f"{GAMES}.{a.name}" for a in node.names)
                found += [(node.lineno, module) for module in whole if module in names]
    return found


def leaks(root: Path, specs: list[GameSpec]) -> list[str]:
    """Every place under *root* outside the allowed ones that names a game, as file:line."""
    ids = [spec.id for spec in specs]
    modules = {type(spec.game).__module__ for spec in specs}
    found = []
    for path in sorted(root.rglob("*")):
        if path.suffix not in TEXT_SUFFIXES or not path.is_file() or allowed(path, root, specs):
            continue
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(root.parent)
        found += [
            f"{where}:{line}: names the game id {game!r}" for line, game in ids_named(text, ids)
        ]
        if path.suffix == ".py":
            found += [
                f"{where}:{line}: imports {module}" for line, module in game_imports(text, modules)
            ]
    return found


def test_no_module_outside_a_games_places_names_it_or_imports_it():
    specs = game_specs()
    assert specs, "no game is registered"
    problems = leaks(PACKAGE, specs)
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


# -- the check itself finds what it looks for -------------------------------------------
def test_an_id_is_found_as_a_word_and_as_a_catalog_keys_part_only():
    ids = [spec.id for spec in game_specs()]
    some = ids[-1]
    text = (
        f'x = 1\nkey = "ui.{some}.pool"\n{some}_like = 2\n# {some.upper()}\nname = "{some}"\n'
        f"#{some}-stage {{}}\nnot-{some} = 3\n"
    )
    assert ids_named(text, [some]) == [(2, some), (5, some), (6, some)]


def test_an_import_of_a_games_module_is_found_in_every_form():
    spec = game_specs()[-1]
    module = type(spec.game).__module__
    short = module.rpartition(".")[2]
    text = (
        f"import {module}\n"
        f"from {module} import something\n"
        f"from {GAMES} import {short}\n"
        f"from {GAMES} import get_game\n"
        f"from {GAMES}.ranking import pairs_of\n"
    )
    assert game_imports(text, [module]) == [(1, module), (2, module), (3, module)]


def test_a_leak_is_named_by_file_and_line(tmp_path):
    """A module that keys its forms by a game's id, and one that imports a game's module, are
    each named by file and line; the games' package, a game's screen and the catalog are not."""
    specs = game_specs()
    spec = specs[0]
    module = type(spec.game).__module__
    root = tmp_path / "scorekeeper"
    files = {
        "services/forms.py": f'FORMS = {{\n    "{spec.id}": {{}},\n}}\n',
        "export/board.py": f'"""The board."""\nimport {module} as board\n',
        "ui/page.js": f'const game = "{spec.id}";\n',
        "core/games/own.py": f'"{spec.id}"\nimport {module}\n',
        "messages/catalog/own.py": f'"{spec.id}"\nimport {module}\n',
        str(screen_file(spec).relative_to("scorekeeper")): f'"{spec.id}"\nimport {module}\n',
    }
    for place, text in files.items():
        (root / place).parent.mkdir(parents=True, exist_ok=True)
        (root / place).write_text(text)
    named = [f"scorekeeper/export/board.py:2: imports {module}"]
    if id_pattern(spec.id).search(module):  # a module named as its game: its id too
        named.insert(0, f"scorekeeper/export/board.py:2: names the game id {spec.id!r}")
    assert leaks(root, specs) == [
        *named,
        f"scorekeeper/services/forms.py:2: names the game id {spec.id!r}",
        f"scorekeeper/ui/page.js:1: names the game id {spec.id!r}",
    ]
