"""Textual and Rich through their public API only (issue 36): no private name of theirs.

A private name (one underscore, not a dunder) of Textual's or Rich's changes without
notice between versions; with one in our code, pyproject could only pin one exact
Textual. Read from the source, so that a name used anywhere is caught, not only on a
path the tests happen to run:

- on our classes that derive from Textual or Rich: ``self._x`` / ``cls._x`` read or
  set, and ``_x`` defined in the class body, where a Textual or Rich base of the class
  defines ``_x`` (its private state, or a private handler overridden);
- anywhere else: ``thing._x`` where ``_x`` is a private name that Textual or Rich define
  and that our own code defines nowhere (``below._compositor``, ``style._meta``,
  ``cls._merge_bindings`` on a Textual class). A name both define is left to the first
  rule; ``thing`` a module imported from elsewhere (``os._exit``) is not theirs.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
from collections.abc import Iterator
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
THEIRS = ("textual", "rich")


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def defined_in(tree: ast.AST) -> set[str]:
    """Private names a module defines for its objects: methods and class attributes in a
    class body, and ``self._x = …`` in its methods."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            names |= class_body_names(node)
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            targets = [node.target]
        for target in targets:
            for sub in ast.walk(target):
                if (
                    isinstance(sub, ast.Attribute)
                    and isinstance(sub.value, ast.Name)
                    and sub.value.id == "self"
                    and private(sub.attr)
                ):
                    names.add(sub.attr)
    return names


def class_body_names(node: ast.ClassDef) -> set[str]:
    names: set[str] = set()
    for item in node.body:
        if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and private(item.name):
            names.add(item.name)
        targets = (
            item.targets
            if isinstance(item, ast.Assign)
            else [item.target]
            if isinstance(item, ast.AnnAssign)
            else []
        )
        names |= {t.id for t in targets if isinstance(t, ast.Name) and private(t.id)}
    return names


@cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def their_files() -> Iterator[Path]:
    for package in THEIRS:
        spec = importlib.util.find_spec(package)
        assert spec is not None and spec.origin is not None
        yield from sorted(Path(spec.origin).parent.rglob("*.py"))


@cache
def their_names() -> frozenset[str]:
    names: set[str] = set()
    for path in their_files():
        names |= defined_in(parsed(path))
    return frozenset(names)


def their_class_names(cls: type) -> set[str]:
    """Private names of *cls*'s Textual and Rich bases: set on the class (its methods, its
    class attributes, what their metaclasses add) or by their methods on ``self``."""
    names: set[str] = set()
    for base in cls.__mro__[1:]:
        if base.__module__.split(".")[0] not in THEIRS:
            continue
        names |= {name for name in vars(base) if private(name)}
        try:
            source = Path(inspect.getsourcefile(base) or "")
        except TypeError:
            continue
        for node in ast.walk(parsed(source)):
            if isinstance(node, ast.ClassDef) and node.name == base.__name__:
                names |= defined_in(node)
    return names


def our_modules(package: Path) -> list[tuple[str, Path]]:
    found = []
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found.append((".".join(parts), path))
    return found


def foreign_modules(tree: ast.Module, package: str) -> set[str]:
    """Names bound by importing a module that is neither ours nor Textual's nor Rich's."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                root = alias.name.split(".")[0]
                if root not in (*THEIRS, package):
                    names.add(alias.asname or root)
    return names


def private_uses(module: str, path: Path, ours: set[str], package: Path) -> list[str]:
    """Each use of a private name of Textual or Rich in one module, as ``file:line: code``."""
    tree = parsed(path)
    theirs = their_names()
    imported = None
    uses_theirs = any(
        isinstance(node, ast.Import | ast.ImportFrom)
        and (
            (isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in THEIRS)
            or (
                isinstance(node, ast.Import)
                and any(a.name.split(".")[0] in THEIRS for a in node.names)
            )
        )
        for node in ast.walk(tree)
    )
    found: list[str] = []
    where = path.relative_to(package.parent)

    def say(node: ast.AST, what: str) -> None:
        found.append(f"{where}:{getattr(node, 'lineno', 0)}: {what}")

    in_classes: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        if imported is None:
            imported = importlib.import_module(module) if uses_theirs else False
        cls = getattr(imported, node.name, None) if imported else None
        if not isinstance(cls, type):
            continue
        mine = their_class_names(cls)
        if not mine:
            continue
        for item in node.body:
            name = getattr(item, "name", None)
            if name in mine:
                say(item, f"{node.name}.{name} (defined by a Textual or Rich base)")
        for sub in ast.walk(node):
            in_classes.add(id(sub))
            if (
                isinstance(sub, ast.Attribute)
                and isinstance(sub.value, ast.Name)
                and sub.value.id in ("self", "cls")
                and sub.attr in mine
            ):
                say(sub, ast.unparse(sub))
    skip = foreign_modules(tree, package.name)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and private(node.attr)):
            continue
        if isinstance(node.value, ast.Name):
            if node.value.id in skip:
                continue
            if node.value.id in ("self", "cls") and id(node) in in_classes:
                continue  # the first rule's
        if node.attr in theirs and node.attr not in ours:
            say(node, ast.unparse(node))
    return found


def every_private_use(package: Path = PACKAGE) -> list[str]:
    modules = our_modules(package)
    ours: set[str] = set()
    for _, path in modules:
        ours |= defined_in(parsed(path))
    found: list[str] = []
    for module, path in modules:
        found += private_uses(module, path, ours, package)
    return found


def test_no_private_name_of_textual_or_rich_is_used():
    found = every_private_use()
    assert found == [], found


def test_the_check_finds_what_it_looks_for(tmp_path, monkeypatch):
    """The check can fail: each kind of use it looks for, in a package of its own."""
    package = tmp_path / "probe_pkg"
    (package / "ui").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "ui" / "__init__.py").write_text("")
    (package / "ui" / "probe.py").write_text(
        "import os\n"
        "from rich.style import Style\n"
        "from textual.screen import Screen\n"
        "from textual.widget import Widget\n"
        "\n"
        "class Probe(Screen):\n"
        "    _mine = 1\n"
        "    def _on_screen_resume(self, event):\n"
        "        self._dirty_regions.clear()\n"
        "        self._mine += 1\n"
        "\n"
        "def painted(below: Screen, style: Style):\n"
        "    os._exit\n"
        "    for cls in (Widget,):\n"
        "        cls._merged_bindings = cls._merge_bindings()\n"
        "    return below._compositor, style._meta\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    found = every_private_use(package)
    assert {use.split(": ", 1)[1] for use in found} == {
        "Probe._on_screen_resume (defined by a Textual or Rich base)",
        "self._dirty_regions",
        "cls._merged_bindings",
        "cls._merge_bindings",
        "below._compositor",
        "style._meta",
    }, found
    assert all(use.startswith("probe_pkg/ui/probe.py:") for use in found), found
