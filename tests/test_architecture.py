"""The layering rules: what each package may import, and the message catalog's shape."""

from __future__ import annotations

import ast
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.messages import CATALOG

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
THIRD_PARTY = {"textual", "rich", "tinydb", "platformdirs"}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def modules_under(*parts: str) -> list[Path]:
    return sorted(PACKAGE.joinpath(*parts).rglob("*.py"))


@pytest.mark.parametrize("path", modules_under("core") + modules_under("messages"), ids=str)
def test_core_and_messages_use_the_stdlib_only(path):
    allowed = set(sys.stdlib_module_names) | {"scorekeeper"}
    assert imported_roots(path) <= allowed


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=str)
def test_tinydb_and_textual_stay_in_their_packages(path):
    roots = imported_roots(path)
    relative = path.relative_to(PACKAGE).parts
    if "tinydb" in roots:
        assert relative[0] == "storage"
    if roots & {"textual", "rich"}:
        if relative == ("export", "columns.py"):  # widths, through rich.cells alone
            assert imported_modules(path) & {"textual", "rich"} == set()
        elif relative == ("cli", "progress_bar.py"):  # the bar, which loads Rich to draw
            assert "textual" not in roots
        else:
            assert relative[0] == "ui"


def imported_modules(path: Path) -> set[str]:
    """Every module *path* imports, by its full dotted name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_the_command_lines_widths_take_only_rich_cells():
    """export/columns.py is the one module outside ui/ that imports Rich: its cell widths,
    nothing that draws."""
    path = PACKAGE / "export" / "columns.py"
    theirs = {m for m in imported_modules(path) if m.split(".")[0] in {"rich", "textual"}}
    assert theirs == {"rich.cells"}


def test_the_import_contracts_hold():
    """The layer table in pyproject.toml ([tool.importlinter]), run as CI runs it."""
    tool = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run(
        [str(tool), "--no-cache"], cwd=PACKAGE.parent, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout[-3000:]


def function_level_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inner = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for sub in ast.walk(node):
                if isinstance(sub, ast.ImportFrom) and sub.module:
                    inner.add(sub.module)
    return inner


def test_the_command_line_opens_the_app_lazily():
    """The contract lets cli.main import the app and the display; only inside a function, so
    that ``scorekeeper replay`` never loads Textual."""
    main = PACKAGE / "cli" / "main.py"
    every = imported_roots(main) | {m for m in function_level_imports(main)}
    ui = {m for m in function_level_imports(main) if m.startswith("scorekeeper.ui")}
    assert ui == {"scorekeeper.ui.app", "scorekeeper.ui.display"}
    top = ast.parse(main.read_text(encoding="utf-8")).body
    at_top = {n.module for n in top if isinstance(n, ast.ImportFrom) and n.module}
    assert not any(m.startswith("scorekeeper.ui") for m in at_top)
    assert "textual" not in every


def test_the_app_is_imported_with_no_collector_pass_and_then_frozen():
    """Importing the app makes only objects that live on: no pass of the cycle collector
    (some ninety before) and they are kept out of the later ones; the collector is on
    again after. In a fresh interpreter, where nothing of the app is imported yet."""
    probe = (
        "import gc, sys\n"
        "passes = []\n"
        "gc.callbacks.append(lambda phase, info: passes.append(info) if phase == 'start' else 0)\n"
        "from scorekeeper.cli.main import load_app\n"
        "assert 'textual' not in sys.modules and 'tinydb' not in sys.modules\n"
        "gc.collect(); passes.clear()\n"
        "app = load_app()\n"
        "import tinydb, scorekeeper.storage.store as store\n"
        "tracked = set(map(id, gc.get_objects()))\n"  # not frozen
        "print(app.__name__, 'textual' in sys.modules, len(passes), gc.get_freeze_count() > 1000,"
        " gc.isenabled(), id(store.Store) not in tracked)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    # the store the app is given is imported and frozen with it
    assert done.stdout.split() == ["ScorekeeperApp", "True", "0", "True", "True", "True"]


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(CATALOG))
def test_both_languages_use_the_same_placeholders(key):
    english, japanese = CATALOG[key]
    assert english.strip() and japanese.strip()
    assert placeholders(english) == placeholders(japanese)


def test_every_message_key_used_in_the_code_exists():
    used = set()
    pattern = re.compile(
        r"""["']((?:rules|cards|transcript|storage|cli|log|result|option|game|word|recording|ui|export|timeline|stats|display|standings)\.[a-z0-9_.-]+)["']"""
    )
    for path in PACKAGE.rglob("*.py"):
        if PACKAGE / "messages" in path.parents:  # the catalog itself (its parts' prefixes)
            continue
        used.update(pattern.findall(path.read_text(encoding="utf-8")))
    # a key asked of the game (Game.worded) exists in both its forms: parent and dealer
    worded = {key for key in used if all(f"{key}.{role}" in CATALOG for role in ROLES)}
    missing = sorted(key for key in used - worded if key not in CATALOG)
    assert missing == []


ROLES = ("parent", "dealer")  # the words for who leads a round (messages/catalog/word.py)


def test_every_worded_message_has_both_roles():
    #: Keys that end in a role's name without being worded by role: the noun itself, and
    #: an option's value ("the dealer takes the pool").
    not_worded = {"word.parent", "option.value.turned_honour.dealer"}
    for key in CATALOG.keys() - not_worded:
        base, _, role = key.rpartition(".")
        if role in ROLES:
            assert all(f"{base}.{other}" in CATALOG for other in ROLES), key


def core_imports() -> dict[str, set[str]]:
    """Module -> the core modules it imports anywhere (in functions and TYPE_CHECKING too)."""
    paths = {
        ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(
            ".__init__"
        ): path
        for path in modules_under("core")
    }
    graph: dict[str, set[str]] = {}
    for module, path in paths.items():
        names = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
        graph[module] = {name for name in names if name in paths and name != module}
    return graph


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = list(graph[start])
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(graph[module])
    return seen


def test_core_modules_import_each_other_in_no_cycle():
    """Nothing cycles, imports in functions included: the ledger checks corrections, which
    replay through steps.py, never the ledger; the games register with game.py, and
    core/games (which imports them) is where they are looked up."""
    graph = core_imports()
    assert "scorekeeper.core.steps" in graph["scorekeeper.core.corrections"]
    cycles = {m for m in graph if m in reachable(graph, m)}
    assert cycles == set()


def test_no_screen_or_widget_imports_the_app_not_even_for_its_types():
    """ui/ has no circle (issue 36): the app imports the screens, and they know the app
    only as the Protocol of what they use (ui/app_protocol.py). lint-imports leaves out
    imports under TYPE_CHECKING; here they count, as do imports inside functions."""
    import grimp

    graph = grimp.build_graph("scorekeeper", exclude_type_checking_imports=False)
    below = sorted(
        module
        for module in graph.find_descendants("scorekeeper.ui")
        if module.startswith(("scorekeeper.ui.screens", "scorekeeper.ui.widgets"))
    )
    assert "scorekeeper.ui.screens.start" in below
    chains = {
        (module, app): chain
        for module in below
        for app in ("scorekeeper.ui.app", "scorekeeper.ui.display")
        if (chain := graph.find_shortest_chain(importer=module, imported=app))
    }
    assert chains == {}


def test_every_game_is_named_by_its_catalog_key():
    """ui/game_names.py names a game by ``game.<id>`` without loading the rules."""
    from scorekeeper.core.games import GAME_ORDER, get_game
    from scorekeeper.messages import CATALOG

    for game_id in GAME_ORDER:
        game = get_game(game_id)
        assert game.name_key == f"game.{game_id}"
        assert f"game.{game_id}.short" in CATALOG


def test_the_start_screen_lists_cached_sessions_without_loading_the_rules(tmp_path):
    """The session list shows before the rules are imported (benchmarks/bench_startup.py)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from scorekeeper.services.catalog import list_sessions\n"
        "from scorekeeper.storage import Store\n"
        "import scorekeeper.ui.app, scorekeeper.ui.screens.start\n"
        f"list_sessions(Store(Path({str(tmp_path)!r})))\n"
        "print(sorted(m for m in sys.modules if m.startswith('scorekeeper.core.games')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_page_server_loads_neither_textual_nor_aiohttp_for_other_commands():
    """``display --serve`` runs without Textual; every other command without aiohttp."""
    import subprocess
    import sys

    probe = (
        "import sys; from scorekeeper.cli.main import main;"
        "import scorekeeper.cli.serve, scorekeeper.web.server, scorekeeper.web.qr;"
        "print(sorted(m for m in ('textual', 'rich') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.stdout.strip() == "[]", done.stderr
    probe = (
        "import sys; from scorekeeper.cli.main import main;"
        "print('aiohttp' in sys.modules, 'segno' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.stdout.strip() == "False False", done.stderr


def test_every_package_imported_is_declared():
    """A package the code imports itself is a dependency of ours, not one that happens to
    come with another (Rich came with Textual until it was declared)."""
    import importlib.metadata
    import tomllib

    project = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    declared = {
        re.split(r"[<>=!~\[ ;]", requirement, maxsplit=1)[0].lower().replace("_", "-")
        for requirement in project["project"]["dependencies"]
    }
    distributions = importlib.metadata.packages_distributions()
    undeclared = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for root in imported_roots(path) - set(sys.stdlib_module_names) - {"scorekeeper"}:
            names = {name.lower().replace("_", "-") for name in distributions.get(root, [root])}
            if not names & declared:
                undeclared.setdefault(root, []).append(str(path.relative_to(PACKAGE)))
    assert undeclared == {}


#: The longest a file of the package may be, but a game's own module (issue 45: rooms a
#: newcomer reads whole; a game is one declaration, kept together in its module).
LONGEST = 600


def test_no_file_of_the_package_is_longer_than_a_reader_can_hold():
    games = PACKAGE / "core" / "games"
    kinds = {".py", ".js", ".css", ".html", ".tcss"}
    long = {
        str(path.relative_to(PACKAGE)): lines
        for path in PACKAGE.rglob("*")
        if path.suffix in kinds and games not in path.parents
        and (lines := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST
    }  # fmt: skip
    assert long == {}
