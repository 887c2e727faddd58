"""Every ``scorekeeper record N …`` the docs give can be typed as it stands: each argument
is one entry, so each must start with an entry's verb (issue 46: the guide's
``record 3 proposals auto`` made ``proposals`` and ``auto`` two entries)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from scorekeeper.core.events import COMMON_KINDS
from scorekeeper.core.games import game_specs

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
COMMAND = re.compile(r"scorekeeper (?:--lang \w+ )?record (\d+) (.+)", re.DOTALL)
#: A console example of a typo, shown with its refusal on the next line.
TYPO = re.compile(r"is not an entry|の記録にはありません")


def _verbs() -> frozenset[str]:
    kinds = set(COMMON_KINDS)
    for spec in game_specs():
        kinds |= spec.game.round_kinds
    return frozenset(kinds)


def _commands(text: str) -> list[str]:
    """The record commands of a page: console lines (not a typo shown with its refusal)
    and inline code spans, which may run over a line break."""
    found = []
    fences = re.compile(r"^```.*?^```", re.DOTALL | re.MULTILINE)
    for block in fences.findall(text):
        lines = block.splitlines()
        for line, after in zip(lines, [*lines[1:], ""], strict=True):
            command = line.split("  #")[0].strip()
            if "scorekeeper" in command and " record " in command and not TYPO.search(after):
                found.append(command)
    for span in re.findall(r"`([^`]+)`", fences.sub("", text)):
        found.append(" ".join(span.split()))
    return [c for c in found if COMMAND.search(c)]


def test_every_record_command_in_the_docs_gives_whole_entries():
    verbs = _verbs()
    wrong = []
    for page in DOCS:
        for command in _commands(page.read_text(encoding="utf-8")):
            match = COMMAND.search(command)
            assert match is not None
            for word in shlex.split(match.group(2)):
                verb = word.split()[0]
                if verb != "…" and verb.lower() not in verbs:
                    wrong.append(f"{page.relative_to(ROOT)}: {command} ({word!r} is no entry)")
    assert wrong == [], "quote each entry as one word"
