"""The catalog by meaning (issue 36, point 5): a key lives in the file its prefix names,
every file is read, and no other module holds messages."""

from __future__ import annotations

import ast
from importlib import import_module
from pathlib import Path

from scorekeeper.messages import CATALOG
from scorekeeper.messages.catalog import PREFIXES

MESSAGES_DIR = Path(__file__).resolve().parents[1] / "scorekeeper" / "messages"
CATALOG_DIR = MESSAGES_DIR / "catalog"


def test_each_key_lives_in_the_file_its_prefix_names():
    misplaced = []
    for prefix in PREFIXES:
        for key in import_module(f"scorekeeper.messages.catalog.{prefix}").MESSAGES:
            if key.split(".", 1)[0] != prefix:
                misplaced.append(
                    f"{key} is in catalog/{prefix}.py, not catalog/{key.split('.')[0]}.py"
                )
    assert misplaced == []


def test_every_catalog_file_is_read_and_every_prefix_has_its_file():
    files = {path.stem for path in CATALOG_DIR.glob("*.py")} - {"__init__"}
    assert files == set(PREFIXES)
    assert {key.split(".", 1)[0] for key in CATALOG} == set(PREFIXES)


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
