"""No words reach a screen without the message catalog.

Scans the UI modules for string literals handed to what a person reads —
widget labels, placeholders, titles, bindings' descriptions, notifications,
updates — and fails on any that holds words instead of coming from ``t()``.
Example inputs shown as placeholders (``8D``, ``A=50 B=200``) are not words.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parent.parent / "scorekeeper" / "ui"
WORDS = re.compile(r"[A-Za-z]{3,}|[\u3040-\u30ff\u4e00-\u9fff]")
# call name -> positions of the arguments a person reads, and keyword names
READ_BY_PEOPLE: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {
    "Static": ((0,), ()),
    "Label": ((0,), ()),
    "Button": ((0,), ("label",)),
    "Input": ((), ("placeholder",)),
    "Binding": ((2,), ("description",)),
    "notify": ((0,), ("title",)),
    "update": ((0,), ()),
    "say": ((0,), ()),
    "SystemCommand": ((0, 1), ()),
    "TextDialog": ((0, 1), ("placeholder",)),
    "PickPlayerDialog": ((0,), ()),
    "ConfirmDialog": ((0, 1), ()),
    "CardsDialog": ((0,), ()),
    "Option": ((0,), ()),
}


def call_name(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def offenders(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and call_name(node) in READ_BY_PEOPLE:
            positions, keywords = READ_BY_PEOPLE[call_name(node)]
            args = [node.args[i] for i in positions if i < len(node.args)]
            args += [k.value for k in node.keywords if k.arg in keywords]
            for arg in args:
                allowed = not_words(arg)
                found += [
                    f"{path.name}:{part.lineno}: {part.value!r}"
                    for part in ast.walk(arg)
                    if isinstance(part, ast.Constant)
                    and isinstance(part.value, str)
                    and WORDS.search(part.value)
                    and part not in allowed
                ]
        elif isinstance(node, ast.Assign):  # self.title = "...", self.sub_title = "..."
            value = node.value
            titles = [
                target
                for target in node.targets
                if isinstance(target, ast.Attribute) and target.attr in ("title", "sub_title")
            ]
            if titles and isinstance(value, ast.Constant) and isinstance(value.value, str):
                found += [f"{path.name}:{value.lineno}: {value.value!r}"] * bool(
                    WORDS.search(value.value)
                )
    return sorted(found)


#: Keywords of nested calls whose strings are not read as words (styles, ids).
_NOT_READ = ("style", "justify", "id", "classes", "overflow", "end")


def not_words(arg: ast.AST) -> list[ast.AST]:
    """Literals inside *arg* that are catalog keys given to t(), or styles and ids."""
    allowed: list[ast.AST] = []
    for node in ast.walk(arg):
        if not isinstance(node, ast.Call):
            continue
        if call_name(node) == "t":
            allowed += [part for a in node.args for part in ast.walk(a)]
        allowed += [part for k in node.keywords if k.arg in _NOT_READ for part in ast.walk(k.value)]
    return allowed


@pytest.mark.parametrize("path", sorted(UI.rglob("*.py")), ids=lambda p: p.name)
def test_ui_words_come_from_the_catalog(path):
    assert offenders(path) == []


def test_the_scan_catches_a_bare_label(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('Static("Hello table")\nself.title = "Scores"\nLabel(t("ui.yes"))\n')
    assert offenders(bad) == ["bad.py:1: 'Hello table'", "bad.py:2: 'Scores'"]
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text('self.say(Text("plain words", style="dim"))\n')
    assert offenders(sneaky) == ["sneaky.py:1: 'plain words'"]


#: English texts that name a Japanese word on purpose (the language switch, 青天井, 親).
JAPANESE_ON_PURPOSE = {
    "option.official.cap",
    "ui.stake.no_cap",
    "ui.key.language",
    "ui.language.title",
    "ui.players.mark.parent",
    "web.other_language",
}


def test_english_texts_hold_no_japanese_words_by_mistake():
    """An English screen shows English (issue 35, point 10: the ante's help began 参加料)."""
    from scorekeeper.messages import CATALOG

    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    mixed = {key for key, (english, *_) in CATALOG.items() if japanese.search(english)}
    assert mixed == JAPANESE_ON_PURPOSE
