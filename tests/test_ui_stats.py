"""The statistics screen (from the start screen) and the score chart on the standings screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Input, Select

from scorekeeper.core.transcript import read_session
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.standings import StandingsScreen
from scorekeeper.ui.screens.stats import StatsScreen
from scorekeeper.ui.widgets.chart import ScoreChart, running_scores
from tests.test_stats import CHIPS, LOWEST, OFFICIAL_JUNE, OFFICIAL_MAY
from tests.ui_support import app_recording_opens, fixed_clock, type_burst

pytestmark = pytest.mark.usefixtures("steady_screen")


def store_with_history(tmp_path: Path) -> Store:
    store = Store(tmp_path / "data")
    for text in (OFFICIAL_MAY, OFFICIAL_JUNE, LOWEST, CHIPS):
        session = read_session(text)
        create_session(store, session.header, session.events)
    return store


def rows(table: DataTable) -> list[list[str]]:
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def test_stats_open_from_the_start_screen_by_key(tmp_path):
    app, _ = app_recording_opens(store_with_history(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await type_burst(pilot, ["s"])
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        # The game of the session started last comes first.
        assert screen.query_one("#stats-game", Select).value == "indian-chips"
        screen.query_one("#stats-game", Select).value = "indian-official"
        await pilot.pause()
        table = screen.query_one("#stats-table", DataTable)
        assert rows(table) == [
            ["B", "2", "5", "2", "2", "2", "+110", "+70"],
            ["A", "2", "5", "2", "0", "2", "+20", "-10"],
            ["C", "1", "3", "1", "0", "1", "-20", "-30"],
            ["佐藤", "1", "2", "0", "1", "0", "0", "-30"],
        ]
        # A date range: only the June session.
        screen.query_one("#stats-from", Input).value = "2026-06-01"
        await pilot.pause()
        assert rows(table)[0] == ["A", "1", "2", "1", "0", "1", "+40", "+20"]
        assert "sessions: 1" in str(screen.query_one("#stats-summary").render())
        # Half typed: marked, and the table stays as it was.
        screen.query_one("#stats-to", Input).value = "2026-06"
        await pilot.pause()
        assert screen.query_one("#stats-to", Input).has_class("-invalid")
        assert rows(table)[0][0] == "A"
        await type_burst(pilot, ["escape"])
        await pilot.pause()
        assert not isinstance(app.screen, StatsScreen)


async def test_next_game_key_cycles_the_games(tmp_path):
    app, _ = app_recording_opens(store_with_history(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await type_burst(pilot, ["s"])
        await pilot.pause()
        seen = []
        for _ in range(3):
            app.screen.query_one("#stats-table", DataTable).focus()
            await type_burst(pilot, ["g"])
            await pilot.pause()
            seen.append(app.screen.query_one("#stats-game", Select).value)
        assert seen == ["indian-lowest", "indian-official", "indian-chips"]
        assert rows(app.screen.query_one("#stats-table", DataTable))[0][0] == "B"  # chips


async def test_stats_with_no_sessions(tmp_path):
    app, _ = app_recording_opens(Store(tmp_path / "empty"))
    async with app.run_test(size=(80, 24)) as pilot:
        await type_burst(pilot, ["s"])
        await pilot.pause()
        assert app.screen.query_one("#stats-empty").display
        assert not app.screen.query_one("#stats-table").display


def test_running_scores_start_before_the_first_round():
    session = read_session(OFFICIAL_MAY)
    assert running_scores(session) == {
        "A": [0, -20, -60, -30],
        "B": [0, -10, 70, 60],
        "C": [0, 30, -10, -30],
    }


async def test_standings_show_one_chart_line_per_player(tmp_path):
    store = store_with_history(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_burst(pilot, ["t"])
        await pilot.pause()
        assert isinstance(app.screen, StandingsScreen)
        chart = app.screen.query_one(ScoreChart)
        lines = chart.render().plain.splitlines()
        assert lines[0] == "Net result over rounds (-60 to 70)"
        assert [(line.split()[0], line.split()[-1]) for line in lines[1:]] == [
            ("A", "-30"),
            ("B", "60"),
            ("C", "-30"),
        ]
        # One column per point on a shared scale: B's 70 is the top bar.
        assert lines[2].split()[1] == "▄▄█▇"


def test_stats_snapshot_80x24(snap_compare, tmp_path):
    async def open_official(pilot) -> None:
        await type_burst(pilot, ["s"])
        await pilot.pause()
        pilot.app.screen.query_one("#stats-game", Select).value = "indian-official"
        pilot.app.screen.query_one("#stats-table", DataTable).focus()
        await pilot.pause()

    app = ScorekeeperApp(store_with_history(tmp_path), clock=fixed_clock())
    assert snap_compare(app, run_before=open_official, terminal_size=(80, 24))


# -- read in a worker (issue 14, point 7) ---------------------------------------------------


async def test_stats_load_in_a_worker_and_the_keys_answer_meanwhile(tmp_path, monkeypatch):
    import threading

    import scorekeeper.services.stats_store as stats_store
    from scorekeeper.messages import t
    from scorekeeper.ui.screens.start import StartScreen

    store = store_with_history(tmp_path)
    monkeypatch.setattr(StatsScreen, "READ_AT_ONCE_BYTES", 0)  # in a worker
    gate = threading.Event()
    real = stats_store._compute

    def slow(store, sid):  # the third session waits for the test: a thousand sessions, cold
        if sid == 3:
            assert gate.wait(30)
        return real(store, sid)

    monkeypatch.setattr(stats_store, "_compute", slow)
    app, _ = app_recording_opens(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        from tests.journal_support import without_trailing_vouches

        for sid in store.ids():  # no vouch line last (the list kept them): each one folded
            path = store.path(sid)
            path.write_bytes(without_trailing_vouches(path.read_bytes()))
        await type_burst(pilot, ["s"])
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        text = screen.query_one("#stats-loading .loading-text")
        for _ in range(3000):  # until the worker has read the first two (a busy machine: slow)
            await pilot.pause(0.01)
            if str(text.render()) == t("ui.memory.loading", done=2, total=4):
                break
        assert str(text.render()) == t("ui.memory.loading", done=2, total=4)
        assert screen.query_one("#stats-loading").display
        await type_burst(pilot, ["escape"])  # left while it reads: at once
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert not gate.is_set()  # still reading
        await type_burst(pilot, ["s"])  # again: a new read, the old one stale
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        await type_burst(pilot, ["g"])  # no game known yet: nothing, and no error
        gate.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not screen.query_one("#stats-loading").display
        assert screen.query_one("#stats-game", Select).value == "indian-chips"
        await type_burst(pilot, ["g"])  # the keys work as before
        await type_burst(pilot, ["g"])
        await pilot.pause()
        assert screen.query_one("#stats-game", Select).value == "indian-official"
        assert rows(screen.query_one("#stats-table", DataTable)) == [
            ["B", "2", "5", "2", "2", "2", "+110", "+70"],
            ["A", "2", "5", "2", "0", "2", "+20", "-10"],
            ["C", "1", "3", "1", "0", "1", "-20", "-30"],
            ["佐藤", "1", "2", "0", "1", "0", "0", "-30"],
        ]
        assert app.is_running
