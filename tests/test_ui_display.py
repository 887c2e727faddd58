"""The table display: follows what another process records, and can never change it."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from scorekeeper.cli.main import main
from scorekeeper.services.recording import load_session
from scorekeeper.ui.display import DisplayApp
from scorekeeper.ui.widgets.big_number import BigNumber
from tests.ui_support import new_store, type_burst

pytestmark = pytest.mark.usefixtures("steady_screen")


def record_elsewhere(home: Path, *entries: str) -> None:
    env = dict(os.environ, SCOREKEEPER_HOME=str(home))
    command = [sys.executable, "-m", "scorekeeper", "record", "1", *entries]
    subprocess.run(command, check=True, env=env, capture_output=True)


async def test_display_follows_another_process(tmp_path):
    store = new_store(tmp_path)
    app = DisplayApp(store, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        big = app.screen.query_one(BigNumber)
        assert big.value == "10"  # the base stake of the next round
        record_elsewhere(store.root, "round", "raise", "raise")
        for _ in range(600):  # it looks twice a second; no bound on a busy machine's time
            if big.value == "40":
                break
            await asyncio.sleep(0.05)
        assert big.value == "40"
        assert app.screen.state.round == 1


async def test_display_offers_nothing_that_records(tmp_path):
    store = new_store(tmp_path)
    path = store.path(1)
    before = path.read_bytes()
    app = DisplayApp(store, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        for action in screen.ACTIONS:
            assert screen.check_action(action, ()) is False
        for key in "nfrscumhjlye":
            await type_burst(pilot, [key])
            await pilot.pause()
        await type_burst(pilot, ["ctrl+r"])
        assert "records nothing" in str(screen.query_one("#message").render())
    assert path.read_bytes() == before
    assert load_session(store, 1).events == []


def test_display_of_a_missing_session_is_refused(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "none"))
    code = main(["display", "4"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "no session 4" in err


def test_served_page_uses_no_outside_assets(tmp_path):
    store = new_store(tmp_path)
    env = dict(os.environ, SCOREKEEPER_HOME=str(store.root), SCOREKEEPER_LANG="en")
    command = [sys.executable, "-m", "scorekeeper", "display", "1", "--serve", "--port", "0"]
    server = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:")
        said = server.stdout.readline() + server.stdout.readline()
        assert "Only this machine can open it" in said
        with urllib.request.urlopen(url, timeout=5) as reply:
            page = reply.read().decode("utf-8")
            policy = reply.headers["Content-Security-Policy"]
        assert "session 1 (display)" in page
        assert "http://" not in page and "https://" not in page
        assert " src=" not in page  # style and script are in the page, allowed by their hashes
        assert policy.startswith("default-src 'none'")
    finally:
        server.terminate()
        server.wait(timeout=10)


async def test_switching_language_keeps_the_session_and_the_choice(tmp_path):
    from scorekeeper.services import settings
    from scorekeeper.ui.app import Relaunch, ScorekeeperApp

    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_burst(pilot, ["n"])  # a round in play: it is on disk already
        await pilot.pause()
        await type_burst(pilot, ["f2"])
        await pilot.pause()
    assert app.return_value == Relaunch("ja", 1)
    assert settings.load(store.root) == {"lang": "ja"}
    assert load_session(store, 1).state.in_round  # nothing lost across the restart


def test_the_restarted_app_speaks_japanese(tmp_path):
    """A fresh process reads the saved choice: keys, titles and messages in Japanese."""
    from scorekeeper.services import settings

    store = new_store(tmp_path)
    settings.save(store.root, lang="ja")
    probe = (
        "import sys\n"
        "from scorekeeper.cli.main import _language_from_settings, _parser\n"
        f"_language_from_settings(_parser().parse_args(['--data-dir', {str(store.root)!r}]))\n"
        "from scorekeeper.ui.screens.table_official import OfficialTable\n"
        "labels = {b.action: b.description for b in OfficialTable.BINDINGS if b.show}\n"
        "print(labels['fold'], labels['raise_stake'])\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("SCOREKEEPER_LANG", "LANG", "LC_ALL")}
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True
    )
    assert result.stdout.split() == ["降りる", "上げる"]


async def test_switching_language_on_the_standings_reopens_that_session(tmp_path):
    """F2 over the standings (a screen above the table) reopens the session, not the list."""
    from scorekeeper.ui.app import Relaunch, ScorekeeperApp

    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_burst(pilot, ["t"])  # the standings, over the table
        await pilot.pause()
        assert not hasattr(app.screen, "recording")
        await type_burst(pilot, ["f2"])
        await pilot.pause()
    assert app.return_value == Relaunch("ja", 1)
