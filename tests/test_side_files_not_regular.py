"""A side file that is not a regular file is ignored at once (issue 44 point 3).

Anyone who can write the data folder can put a FIFO, a folder or a device (here a link to
``/dev/zero``) where a side file is looked for: the snapshot, a set-aside write, the old
settings. Opening a FIFO to read it waits for a writer that never comes; today ``record``,
``verify``, ``open`` and ``display --serve`` hung so, holding the session's lock. Each
command runs here in a process of its own; the timeout is the guard that turns a hang
into a failure, never a bound on speed."""

from __future__ import annotations

import asyncio
import os
import select
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.storage import Store, snapshot
from scorekeeper.storage.regular import NotRegular, open_regular
from tests.cli_support import run

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")

GUARD = 120  # seconds: a hang fails the test; the commands take well under one each
ROUNDS = 90  # 270 entries: a snapshot with a state is kept (storage/snapshot.py)
COMMANDS = (
    ["record", "1", "note more"],
    ["verify", "1"],
    ["show", "1"],
    ["timeline", "1"],
    ["list"],
)


@pytest.fixture(scope="module")
def _long_folder(tmp_path_factory) -> Path:
    """A data folder holding one long session, imported once for the module."""
    folder = tmp_path_factory.mktemp("long")
    lines = ["game indian-official", "players A B C D", "recorder A"]
    for _ in range(ROUNDS):
        lines += ["round", "raise", "showdown D"]
    source = folder / "long.txt"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    from scorekeeper.cli.main import main

    assert main(["--data-dir", str(folder / "data"), "import", str(source)]) == 0
    assert snapshot.load_seekable(Store(folder / "data").path(1)) is not None
    return folder / "data"


@pytest.fixture
def data(_long_folder, tmp_path) -> Path:
    copy = tmp_path / "data"
    shutil.copytree(_long_folder, copy)
    return copy


def _places(data: Path) -> dict[str, Path]:
    config = Path(os.environ["SCOREKEEPER_CONFIG"])  # tests/conftest.py: per test
    config.mkdir(parents=True, exist_ok=True)
    return {
        "snapshot": data / "sessions" / "1.journal.snap",
        "set-aside": data / "sessions" / "1.journal.torn",
        "old settings": data / "settings.json",
        "settings": config / "settings.json",
    }


def _plant(path: Path, kind: str) -> None:
    if path.exists() or path.is_symlink():
        path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        assert kind == "device"
        os.symlink(os.devnull if path.name == "settings.json" else "/dev/zero", path)


def _scorekeeper(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "scorekeeper", "--data-dir", str(data), *args]
    env = dict(os.environ, SCOREKEEPER_LANG="en")
    return subprocess.run(command, capture_output=True, text=True, timeout=GUARD, env=env)


SIDES = ("snapshot", "set-aside", "old settings", "settings")
KINDS = ("fifo", "folder", "device")


@pytest.mark.parametrize(
    ("side", "kind"),
    # the user's own settings may be a link (to /dev/null: read as empty, no wait)
    [(side, kind) for side in SIDES for kind in KINDS if (side, kind) != ("settings", "device")],
)
def test_a_side_file_that_is_not_a_file_never_stops_a_command(data, side, kind):
    _plant(_places(data)[side], kind)
    said = {}
    for command in COMMANDS:
        done = _scorekeeper(data, *command)  # subprocess.TimeoutExpired: it hung
        assert done.returncode == 0, (command, done.stderr)
        assert "Traceback" not in done.stderr
        said[command[0]] = done.stdout
    assert "note: more" in said["timeline"]  # the timeline after the record: it was kept


@pytest.mark.parametrize("side", ("snapshot", "old settings", "settings"))
def test_the_app_opens_a_session_beside_a_fifo(data, side):
    """``scorekeeper open 1`` as the app opens it (headless, in a process of its own)."""
    _plant(_places(data)[side], "fifo")
    script = (
        "import asyncio, sys\n"
        "from scorekeeper.storage import Store\n"
        "from scorekeeper.ui.app import ScorekeeperApp\n"
        "from scorekeeper.ui.screens.table import TableScreen\n"
        "async def main():\n"
        "    app = ScorekeeperApp(Store(sys.argv[1]), 1)\n"
        "    async with app.run_test(size=(80, 24)) as pilot:\n"
        "        await pilot.pause()\n"
        "        assert isinstance(app.screen, TableScreen), app.screen\n"
        "        await pilot.press('n')\n"
        "        await pilot.pause()\n"
        "    print('opened')\n"
        "asyncio.run(main())\n"
    )
    env = dict(os.environ, SCOREKEEPER_LANG="en")
    done = subprocess.run(
        [sys.executable, "-c", script, str(data)],
        capture_output=True,
        text=True,
        timeout=GUARD,
        env=env,
    )
    assert done.stdout.strip() == "opened", done.stderr
    assert "round 91" in _scorekeeper(data, "timeline", "1").stdout


@pytest.mark.parametrize("kind", ("fifo", "folder"))
def test_the_page_server_starts_beside_a_fifo(data, kind):
    """``display 1 --serve`` prints its address (it has opened the session) and serves."""
    _plant(_places(data)["snapshot"], kind)
    assert b'"session": 1' in _served(data, "1")


def test_the_page_of_the_session_written_last_passes_over_a_fifo_journal(data):
    """``display --serve`` without a number follows the session written to last: a FIFO
    named as a journal, newer than any, is no session written to."""
    _plant(data / "sessions" / "2.journal", "fifo")
    assert b'"session": 1' in _served(data)


def _served(data: Path, *session: str) -> bytes:
    """What ``display [SESSION] --serve`` serves as ``state.json``, once it said where."""
    env = dict(os.environ, SCOREKEEPER_LANG="en")
    command = [sys.executable, "-m", "scorekeeper", "--data-dir", str(data), "display"]
    proc = subprocess.Popen(
        [*command, *session, "--serve", "--port", "0"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        ready, _, _ = select.select([proc.stdout], [], [], GUARD)
        assert ready, "display --serve said nothing: it hung"
        url = proc.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), url
        return asyncio.run(_get(url + "state.json"))
    finally:
        proc.terminate()
        proc.wait(GUARD)


async def _get(url: str) -> bytes:
    import aiohttp

    async with aiohttp.ClientSession() as client, client.get(url) as response:
        assert response.status == 200
        return await response.read()


def test_opening_a_fifo_as_a_side_file_is_refused_at_once(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "folder").mkdir()
    os.symlink(tmp_path / "fifo", tmp_path / "link")
    for name in ("fifo", "folder", "link"):
        with pytest.raises(NotRegular):
            open_regular(tmp_path / name, follow=True)
    (tmp_path / "file").write_bytes(b"kept")
    os.symlink(tmp_path / "file", tmp_path / "to-file")
    with open_regular(tmp_path / "to-file", follow=True) as handle:
        assert handle.read() == b"kept"
    with pytest.raises(OSError):  # a link, where the program never writes one
        open_regular(tmp_path / "to-file")


def test_a_fifo_beside_a_session_is_not_reported_as_a_set_aside_write(data, capsys):
    _plant(_places(data)["set-aside"], "fifo")
    code, _, err = run(capsys, "--data-dir", str(data), "show", "1")
    assert code == 0 and ".torn" not in err


@pytest.mark.parametrize("kind", ("fifo", "folder"))
def test_a_fifo_in_place_of_a_journal_is_said_and_never_waited_on(data, kind):
    """Not a side file, but the same hand: ``2.journal`` a FIFO. The list and ``stats`` name
    it as a file that cannot be read and go on; the commands on it say so, at once."""
    _plant(data / "sessions" / "2.journal", kind)
    listed = _scorekeeper(data, "list")
    assert listed.returncode == 0 and "it is not a regular file" in listed.stdout
    assert _scorekeeper(data, "stats").returncode == 0
    for command in (["show", "2"], ["record", "2", "round"], ["verify", "2"]):
        done = _scorekeeper(data, *command)
        assert done.returncode == 2 and "Could not read" in done.stderr, command
        assert "Traceback" not in done.stderr
    assert _scorekeeper(data, "record", "1", "note more").returncode == 0  # the others go on


def test_the_start_screen_lists_the_sessions_beside_a_fifo_journal(data):
    _plant(data / "sessions" / "2.journal", "fifo")
    script = (
        "import asyncio, sys\n"
        "from scorekeeper.storage import Store\n"
        "from scorekeeper.ui.app import ScorekeeperApp\n"
        "async def main():\n"
        "    app = ScorekeeperApp(Store(sys.argv[1]))\n"
        "    async with app.run_test(size=(100, 30)) as pilot:\n"
        "        for _ in range(50):\n"
        "            await pilot.pause(0.05)\n"
        "    print('shown')\n"
        "asyncio.run(main())\n"
    )
    env = dict(os.environ, SCOREKEEPER_LANG="en")
    done = subprocess.run(
        [sys.executable, "-c", script, str(data)],
        capture_output=True,
        text=True,
        timeout=GUARD,
        env=env,
    )
    assert done.stdout.strip() == "shown", done.stderr
