"""A reader that closes the pipe early (``scorekeeper show 1 | head -1``): the command ends
quietly with the shell's SIGPIPE status, and ``record`` still records every entry."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def closed_reader(home: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    """Run scorekeeper with its standard output a pipe whose reading end is already closed."""
    read, write = os.pipe()
    os.close(read)
    try:
        env = dict(os.environ, SCOREKEEPER_HOME=str(home), SCOREKEEPER_LANG="en")
        command = [sys.executable, "-m", "scorekeeper", *args]
        return subprocess.run(command, stdout=write, stderr=subprocess.PIPE, env=env, check=False)
    finally:
        os.close(write)


def scorekeeper(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SCOREKEEPER_HOME=str(home), SCOREKEEPER_LANG="en")
    command = [sys.executable, "-m", "scorekeeper", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, check=True)


def test_show_to_a_closed_pipe_ends_quietly(tmp_path):
    scorekeeper(tmp_path, "import", str(EXAMPLES / "o1.txt"))
    for args in (("show", "1"), ("replay", str(EXAMPLES / "o1.txt")), ("timeline", "1")):
        done = closed_reader(tmp_path, *args)
        assert (done.returncode, done.stderr) == (141, b""), args


def test_record_to_a_closed_pipe_records_every_entry(tmp_path):
    scorekeeper(tmp_path, "import", str(EXAMPLES / "o1.txt"))
    done = closed_reader(tmp_path, "record", "1", "round", "fold A", "raise")
    assert (done.returncode, done.stderr) == (0, b"")
    shown = scorekeeper(tmp_path, "timeline", "1", "--round", "5").stdout.splitlines()
    assert [line.split(": ", 1)[1] for line in shown] == [
        "round 5 begins, E is parent",
        "A folded at 10",
        "stake 10 → 20",
    ]
