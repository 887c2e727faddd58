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
