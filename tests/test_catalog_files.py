"""The catalog by meaning (issue 36, point 5): a key lives in the file its prefix names,
every file is read, and no other module holds messages."""

from __future__ import annotations

import ast
from importlib import import_module
from pathlib import Path

from scorekeeper.messages import CATALOG
from scorekeeper.messages.catalog import PARTS, PREFIXES, home_file

MESSAGES_DIR = Path(__file__).resolve().parents[1] / "scorekeeper" / "messages"
CATALOG_DIR = MESSAGES_DIR / "catalog"


def test_each_key_lives_in_the_file_its_prefix_names():
    misplaced = []
    for name in (*PREFIXES, *PARTS):
        for key in import_module(f"scorekeeper.messages.catalog.{name}").MESSAGES:
            if home_file(key) != name:
                misplaced.append(f"{key} is in catalog/{name}.py, not catalog/{home_file(key)}.py")
    assert misplaced == []


def test_a_part_file_holds_its_part_and_a_prefix_file_holds_none_of_it():
    assert home_file("ui.pochen.pot") == "ui_pochen"
    assert home_file("ui.help.undo") == "ui_command_help"
    assert home_file("ui.pochenx") == "ui"
    assert home_file("ui_help.key.help") == "ui_help"
    assert home_file("rules.pochen.short") == "rules_pochen"
    assert home_file("rules.name_long") == "rules"
    ui = import_module("scorekeeper.messages.catalog.ui").MESSAGES
    assert not [key for key in ui if key.startswith(("ui.pochen.", "ui.help."))]


def test_every_catalog_file_is_read_and_every_prefix_has_its_file():
    files = {path.stem for path in CATALOG_DIR.glob("*.py")} - {"__init__"}
    assert files == set(PREFIXES) | set(PARTS)
    assert not set(PREFIXES) & set(PARTS)
    assert {part.split(".", 1)[0] for part in PARTS.values()} <= set(PREFIXES)
    assert {key.split(".", 1)[0] for key in CATALOG} == set(PREFIXES)
    assert {home_file(key) for key in CATALOG} == set(PREFIXES) | set(PARTS)


def test_no_catalog_file_is_longer_than_a_reader_can_hold():
    """Issue 45: a file a newcomer reads end to end; a large prefix gets PARTS instead."""
    long = [
        f"{path.name}: {n} lines"
        for path in CATALOG_DIR.glob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > 600
    ]
    assert long == []


def test_no_module_outside_the_catalog_holds_messages():
    holders = []
    for path in MESSAGES_DIR.rglob("*.py"):
        if CATALOG_DIR in path.parents:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id == "MESSAGES":
                holders.append(str(path.relative_to(MESSAGES_DIR)))
                break
    assert holders == []
