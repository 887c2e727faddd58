"""docs/architecture.md describes the code that exists: its module tree names every module
of the package, and names no module that is gone (issue 45)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "scorekeeper"
ARCHITECTURE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
#: Named as groups in the tree ("one module per game", "the catalog's files").
GROUPS = ("core/games/", "messages/catalog/")


def _tree() -> str:
    """The fenced block of the layers section that lays out ``scorekeeper/``."""
    blocks = re.findall(r"```\n(.*?)```", ARCHITECTURE, flags=re.DOTALL)
    return next(block for block in blocks if block.startswith("scorekeeper/\n"))


def _modules() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if path.name != "__init__.py" and not relative.startswith(GROUPS):
            found.append(relative)
    return found


def test_the_module_tree_names_every_module():
    tree = _tree()
    missing = [m for m in _modules() if not re.search(rf"(?<![\w]){re.escape(Path(m).name)}", tree)]
    assert missing == [], "add a line for each to docs/architecture.md's module tree"


def test_the_module_tree_names_no_module_that_is_gone():
    names = {path.name for path in PACKAGE.rglob("*.py")}
    named = set(re.findall(r"(?<![\w/])(?!tests/)[\w/]*?(\w+\.py)\b", _tree()))
    assert sorted(named - names) == []
