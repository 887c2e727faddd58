"""The project installs by a name of its own: ``scorekeeper`` on the public package index
is another program (an LLM-agent tool with the same import name and command)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
TAKEN = {"scorekeeper"}  # names on the public index that are other projects


def test_the_distribution_name_is_not_another_projects_and_the_command_is_kept():
    assert PROJECT["name"] == "scorekeeper-table"
    assert PROJECT["name"] not in TAKEN
    assert PROJECT["scripts"] == {"scorekeeper": "scorekeeper.cli.launch:entry"}


def test_the_readmes_say_how_to_install_it_by_name():
    for readme in (ROOT / "README.md", ROOT / "docs" / "ja" / "README.md"):
        assert f"pipx install {PROJECT['name']}" in readme.read_text(encoding="utf-8")


def test_the_package_says_what_it_is_its_licence_and_its_readme():
    assert PROJECT["readme"] == "README.md"
    assert PROJECT["license"] == "MIT"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert PROJECT["license-files"] == ["LICENSE"]
    assert {"indian poker", "pochen"} <= set(PROJECT["keywords"])
    classifiers = set(PROJECT["classifiers"])
    assert {"Natural Language :: Japanese", "Topic :: Games/Entertainment"} <= classifiers
    assert not any(c.startswith("License ::") for c in classifiers)  # PEP 639: the SPDX id


LINTERS = {"ruff", "mypy", "vulture"}


def _names(requirements: list[str]) -> set[str]:
    """The project names of *requirements* (``ruff==0.17.6`` → ``ruff``)."""
    import re

    return {re.split(r"[\s<>=!~;\[]", r, maxsplit=1)[0].lower() for r in requirements}


def test_the_test_extra_holds_what_the_tests_need_and_the_linters_are_dev():
    extras = PROJECT["optional-dependencies"]
    assert not LINTERS & _names(extras["test"])
    assert _names(extras["dev"]) >= LINTERS
    assert f"{PROJECT['name']}[test]" in extras["dev"]  # dev is test and the linters
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'pip install -q -e ".[test]" && .venv/bin/python -m pytest' in run  # the README's
    assert 'pip install -q -e ".[dev]"' in run  # then the linters


def test_widths_come_from_rich_not_wcwidth():
    assert "wcwidth" not in _names(PROJECT["dependencies"])
    assert "rich" in _names(PROJECT["dependencies"])


def test_the_quick_start_is_two_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = quick.split("```sh\n")[1:]
    commands = [line for block in blocks for line in block.split("```")[0].splitlines() if line]
    assert commands == [
        "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/scorekeeper",
        'python3 -m venv .venv && .venv/bin/pip install -e ".[test]" && .venv/bin/python -m pytest',
    ]


def test_a_screenshot_of_the_app_heads_each_readme():
    """Made by docs/tools/readme_screenshot.py with ``app.save_screenshot()``."""
    assert (ROOT / "docs" / "tools" / "readme_screenshot.py").exists()
    for readme, image in (
        (ROOT / "README.md", "docs/images/readme-table.svg"),
        (ROOT / "docs" / "ja" / "README.md", "../images/readme-table.ja.svg"),
    ):
        lines = [line for line in readme.read_text(encoding="utf-8").splitlines() if line]
        assert lines[0].startswith("# ") and lines[1].startswith("![") and f"]({image})" in lines[1]
        assert (readme.parent / image).resolve().read_text(encoding="utf-8").startswith("<svg")
