"""A reader that closes the pipe early (``scorekeeper show 1 | head -1``): the command ends
quietly with the shell's SIGPIPE status, and ``record`` still records every entry. A
standard stream closed from the start (``>&-``, ``2>&-``): no traceback, the documented
status, and nothing done by a command that has nowhere to print its result."""

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


def to_a_full_disk(home: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    """Run scorekeeper with its standard output on /dev/full: every write fails (ENOSPC)."""
    env = dict(os.environ, SCOREKEEPER_HOME=str(home), SCOREKEEPER_LANG="en")
    command = [sys.executable, "-m", "scorekeeper", *args]
    with open("/dev/full", "wb") as full:
        return subprocess.run(command, stdout=full, stderr=subprocess.PIPE, env=env, check=False)


def test_output_to_a_full_disk_is_told_in_words_and_keeps_what_was_recorded(tmp_path):
    scorekeeper(tmp_path, "import", str(EXAMPLES / "o1.txt"))
    done = to_a_full_disk(tmp_path, "show", "1")
    said = done.stderr.decode()
    assert done.returncode == 74, said
    assert said.startswith("scorekeeper: could not write the output (No space left on device)")
    assert "internal error" not in said and "Traceback" not in said
    done = to_a_full_disk(tmp_path, "record", "1", "round", "fold A", "raise")
    assert done.returncode == 74
    assert "whatever this command recorded is kept" in done.stderr.decode()
    shown = scorekeeper(tmp_path, "timeline", "1", "--round", "5").stdout.splitlines()
    assert [line.split(": ", 1)[1] for line in shown] == [
        "round 5 begins, E is parent",
        "A folded at 10",
        "stake 10 → 20",
    ]


def test_dash_reads_standard_input_and_writes_standard_output(tmp_path):
    env = dict(os.environ, SCOREKEEPER_HOME=str(tmp_path), SCOREKEEPER_LANG="en")
    text = (EXAMPLES / "o1.txt").read_bytes()
    command = [sys.executable, "-m", "scorekeeper"]
    done = subprocess.run([*command, "replay", "-"], input=text, capture_output=True, env=env)
    assert done.returncode == 0 and done.stdout.decode().splitlines()[1].split() == [
        "1", "A", "730"
    ]  # fmt: skip
    done = subprocess.run([*command, "import", "-"], input=text, capture_output=True, env=env)
    assert done.stdout == b"1\n"
    done = subprocess.run(
        [*command, "export", "1", "--format", "md", "-o", "-"], capture_output=True, env=env
    )
    assert done.returncode == 0 and done.stdout.startswith(b"# Indian Poker (official points)")
    assert not (tmp_path / "-").exists()


def test_the_size_limit_holds_for_a_pipe(tmp_path):
    """A pipe has no size on disk: the limit counts what is read (one byte past it)."""
    env = dict(os.environ, SCOREKEEPER_HOME=str(tmp_path), SCOREKEEPER_LANG="en")
    writer = subprocess.Popen(["yes", "note a"], stdout=subprocess.PIPE)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "scorekeeper", "replay", "-"],
            stdin=writer.stdout,
            capture_output=True,
            env=env,
            timeout=60,
        )
    finally:
        writer.kill()
        writer.wait()
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode() == (
        "-:1: the file is larger than a transcript can be (20971520 bytes)\n"
    )


STDOUT_CLOSED = (
    "scorekeeper: standard output is closed, so nothing was done (to discard what it "
    "prints, send it to /dev/null instead: >/dev/null)\n"
)


def redirected(home: Path, redirection: str, *args: str) -> subprocess.CompletedProcess[str]:
    """scorekeeper started by a shell with *redirection* (``>&-`` closes standard output
    itself, as a user's shell does: not a pipe, not the null device)."""
    env = dict(os.environ, SCOREKEEPER_HOME=str(home), SCOREKEEPER_LANG="en")
    env["SCOREKEEPER_CONFIG"] = str(home.parent / "config")
    command = ["sh", "-c", f'exec "$@" {redirection}', "sh", sys.executable, "-m", "scorekeeper"]
    return subprocess.run(
        [*command, *args], capture_output=True, text=True, env=env, check=False, timeout=60
    )


def test_a_closed_standard_output_refuses_every_command_that_prints_before_it_does_anything(
    tmp_path,
):
    home = tmp_path / "data"
    scorekeeper(home, "import", str(EXAMPLES / "o1.txt"))
    o1 = str(EXAMPLES / "o1.txt")
    timeline = scorekeeper(home, "timeline", "1").stdout
    for args in (
        ("show", "1"), ("show", "1", "--json"), ("replay", o1), ("import", o1),
        ("record", "1", "fold B", "raise"), ("record", "1", "fold A"), ("list",), ("stats",),
        ("export", "1"), ("export", "1", "--format", "json", "-o", "-"), ("timeline", "1"),
        ("verify", "1"), ("settle", "1"), ("completion", "bash"), ("list", "--ids"),
        ("display", "1", "--serve", "--port", "0"),
    ):  # fmt: skip
        for redirection in (">&-", "1</dev/null"):  # closed; open for reading only
            done = redirected(home, redirection, *args)
            assert (done.returncode, done.stderr) == (2, STDOUT_CLOSED), (args, redirection)
    assert scorekeeper(home, "list", "--ids").stdout == "1\n"  # no session imported
    assert scorekeeper(home, "timeline", "1").stdout == timeline  # nothing recorded


def test_export_to_a_file_needs_no_standard_output(tmp_path):
    home = tmp_path / "data"
    scorekeeper(home, "import", str(EXAMPLES / "o1.txt"))
    out = tmp_path / "o1.md"
    done = redirected(home, ">&-", "export", "1", "--format", "md", "-o", str(out))
    assert (done.returncode, done.stderr) == (0, f"session 1 written to {out}\n")
    assert out.read_text(encoding="utf-8").startswith("# Indian Poker (official points)")


def test_a_closed_standard_error_loses_only_the_words(tmp_path):
    """The status is the command's; a refusal is never printed on standard output instead
    (Python's print to a missing stderr falls back to stdout)."""
    home = tmp_path / "data"
    scorekeeper(home, "import", str(EXAMPLES / "o1.txt"))
    shown = scorekeeper(home, "show", "1").stdout
    done = redirected(home, "2>&-", "show", "1")
    assert (done.returncode, done.stdout) == (0, shown)
    for args in (("show", "x"), ("record", "1", "fold A"), ("replay", "/nonexistent")):
        done = redirected(home, "2>&-", *args)
        assert (done.returncode, done.stdout) == (2, ""), args
    done = redirected(home, ">&- 2>&-", "show", "1")
    assert (done.returncode, done.stdout, done.stderr) == (2, "", "")


def test_a_closed_standard_input_reads_as_empty(tmp_path):
    done = redirected(tmp_path / "data", "<&-", "replay", "-")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "-:1: the transcript does not say which game it is (a 'game ID' line)\n"
