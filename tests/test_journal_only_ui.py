"""The journal-only comparison in the app (issue 44): the start list and a long session's
table, for each registered game, in a data folder forged beside its entries and in a copy
holding only the journals, must be the same (tests/journal_only.py makes the folder)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from scorekeeper.storage import Store, snapshot
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.widgets.log import LogPanel
from tests.journal_only import (
    copy_folder,
    forge_vouched_scores,
    freeze_clock,
    template,
    use_config,
)
from tests.session_gen import GAMES
from tests.ui_support import settled

pytestmark = pytest.mark.usefixtures("steady_screen")


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> tuple[Path, dict[str, list[int]]]:
    root = tmp_path_factory.mktemp("made")
    return root, template(root)


@pytest.fixture(autouse=True)
def _steady(monkeypatch):
    freeze_clock(monkeypatch)


async def seen(folder: Path, sid: int) -> dict[str, object]:
    """The start list's rows, and session *sid*'s table: its state and its log."""
    shown: dict[str, object] = {}
    store = Store(folder)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(120, 40)) as pilot:
        table = app.screen.query_one("#start-table", DataTable)
        assert await settled(pilot, lambda: table.row_count == len(store.ids()))
        shown["list"] = [
            [str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)
        ]
    app = ScorekeeperApp(store, sid)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        shown["state"] = screen.state
        shown["results"] = list(screen.state.results)  # what its standings will count
        shown["log"] = str(screen.query_one(LogPanel).render())
        shown["message"] = str(screen.query_one("#message").render())
    app.finish_writing()
    return shown


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_vouched_forgery_changes_neither_the_start_list_nor_the_table(made, tmp_path, game):
    root, ids = made
    use_config(root)
    sid = ids[game][0]
    forged = copy_folder(root / "data", tmp_path / "forged")
    forge_vouched_scores(forged, sid)
    plain = copy_folder(root / "data", tmp_path / "plain", journals_only=True)
    assert await seen(forged, sid) == await seen(plain, sid)


def _lines_cut(folder: Path, sid: int) -> None:
    """The snapshot's history lines cut short (its line 2 whole): what a copy that stopped
    part-way leaves."""
    path = snapshot.path_of(Store(folder).path(sid))
    lines = path.read_bytes().split(b"\n")
    path.write_bytes(b"\n".join(lines[:2] + [line[: len(line) // 2] for line in lines[2:]]))


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_snapshot_cut_changes_neither_the_start_list_nor_the_table(made, tmp_path, game):
    root, ids = made
    use_config(root)
    sid = ids[game][0]
    forged = copy_folder(root / "data", tmp_path / "forged")
    _lines_cut(forged, sid)
    plain = copy_folder(root / "data", tmp_path / "plain", journals_only=True)
    assert await seen(forged, sid) == await seen(plain, sid)
