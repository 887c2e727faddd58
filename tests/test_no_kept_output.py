"""``list`` and ``stats`` print what they read, and keep nothing of it: no ``cache/`` in the
data folder (a kept copy of an output was printed as it was, whatever a local user had
written into it; issue 34). A ``cache/`` folder left by an older version is ignored."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
ASKED = (("list",), ("list", "--json"), ("stats",), ("stats", "--json"))


def program(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The program as its console script runs it (cli/launch.py first)."""
    env = dict(os.environ, SCOREKEEPER_HOME=str(home), SCOREKEEPER_LANG="en")
    env["SCOREKEEPER_CONFIG"] = str(home.parent / "config")
    command = [sys.executable, "-m", "scorekeeper", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, check=True)


def test_list_and_stats_keep_nothing_of_what_they_printed(tmp_path):
    home = tmp_path / "data"
    program(home, "import", str(EXAMPLES / "o1.txt"))
    for words in ASKED:
        first = program(home, *words).stdout
        assert program(home, *words).stdout == first, words
    assert not (home / "cache").exists()


def test_a_cache_folder_left_by_an_older_version_is_ignored(tmp_path):
    plain, home = tmp_path / "plain" / "data", tmp_path / "old" / "data"
    program(plain, "import", str(EXAMPLES / "o1.txt"))
    shutil.copytree(plain, home)  # the same session, its times too
    old = home / "cache"
    old.mkdir()
    forged = "scorekeeper-output-1\n0\n\0\0FORGED\u202e\n"
    for name in ("0.txt", "1.txt", "list.txt"):
        (old / name).write_text(forged, encoding="utf-8")
    for words in ASKED:
        assert program(home, *words).stdout == program(plain, *words).stdout, words
    assert sorted(p.name for p in old.iterdir()) == ["0.txt", "1.txt", "list.txt"]
