"""The timeline screen, the table as it was, export from the app, settlement in the standings."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events

from scorekeeper.cli.main import main
from scorekeeper.core.transcript import read_session
from scorekeeper.messages import t
from scorekeeper.services.recording import create_session, load_session
from scorekeeper.services.showing import Shown
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.export_dialog import ExportDialog
from scorekeeper.ui.screens.standings import StandingsScreen
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.screens.timeline import TimelineScreen
from tests.test_timeline import DISPUTE
from tests.test_ui_table import shown_scores
from tests.ui_support import fixed_clock, press_all, press_each

pytestmark = pytest.mark.usefixtures("steady_screen")

NOW = {"Aki": -80, "Ben": -40, "Chihiro": -20, "Dai": 140}


def dispute_store(tmp_path: Path, text: str = DISPUTE) -> Store:
    store = Store(tmp_path / "data")
    session = read_session(text)
    create_session(store, session.header, session.events)
    return store


def app_for(tmp_path: Path, text: str = DISPUTE) -> ScorekeeperApp:
    return ScorekeeperApp(dispute_store(tmp_path, text), 1, clock=fixed_clock())


def timeline_screen(app: ScorekeeperApp) -> TimelineScreen:
    assert isinstance(app.screen, TimelineScreen), type(app.screen)
    return app.screen


async def test_timeline_by_key_filters_to_stake_changes_and_folds(tmp_path):
    app = app_for(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await press_each(pilot, ["i"])
        screen = timeline_screen(app)
        assert len(screen.shown) == 10
        await press_each(pilot, ["s"])
        assert [e.seq for e in screen.shown] == [2, 3, 4, 7, 8, 10]
        table = screen.query_one("#timeline-table")
        assert table.row_count == 6
        row = [str(cell) for cell in table.get_row("4")]
        assert row[1:] == ["12:03:40", "Aki", "1", "at 40", "Ben folded at 40"]
        row = [str(cell) for cell in table.get_row("3")]
        assert row[4:] == ["20 → 40", "stake 20 → 40"]
        await press_each(pilot, ["a", "r", "2", "enter"])
        assert [e.seq for e in screen.shown] == [6, 7, 8, 9, 10]
        await press_each(pilot, ["a", "p", "2", "enter"])
        assert [e.seq for e in screen.shown] == [4, 5, 6]
        await press_each(pilot, ["escape"])
        assert isinstance(app.screen, TableScreen)


async def test_enter_shows_the_table_then_and_nothing_can_be_recorded(tmp_path):
    store = dispute_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert shown_scores(app) == NOW
        await press_all(pilot, ["i", "s", "up", "up", "up", "enter"])  # Ben's fold, #4
        then = app.screen
        assert isinstance(then, TableScreen) and isinstance(then.recording, Shown)
        assert shown_scores(app) == {"Aki": 0, "Ben": 0, "Chihiro": 0, "Dai": 0}  # not now
        assert then.state.table.stake == 40
        assert then.state.table.folded() == {"Chihiro": 20, "Ben": 40}
        assert "right after #4" in str(then.query_one("#message").render())
        assert "session 1 as it was at 12:03:40" in then.title
        for name in then.ACTIONS:
            assert then.check_action(name, ()) is False, name
        assert then.check_action("timeline", ()) is False
        assert then.check_action("export", ()) is False
        assert [c.title for c in then.palette_commands()] == [
            "Totals, ranks and what each player did"
        ]
        await press_all(pilot, ["f", "r", "s", "v", "n", "u", "m", "h", "e", "i", "ctrl+e"])
        assert app.screen is then  # no dialog opened
        assert "nothing can be recorded here" in str(then.query_one("#message").render())
        await press_all(pilot, ["escape", "escape"])
        assert isinstance(app.screen, TableScreen) and shown_scores(app) == NOW
        await press_all(pilot, ["i", "g", *"12:06:40", "enter"])
        assert isinstance(app.screen, TableScreen) and isinstance(app.screen.recording, Shown)
        assert app.screen.state.table.stake == 40  # the raise, before it was undone
        assert "later voided by #8" in str(app.screen.query_one("#message").render())
    assert len(load_session(store, 1).events) == 10  # nothing was recorded


async def test_a_time_before_the_first_entry_is_explained_in_the_dialog(tmp_path):
    app = app_for(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["i", "g", *"11:00", "enter"])
        assert "before the first entry" in str(app.screen.query_one("#text-error").render())
        await press_all(pilot, ["escape"])
        assert isinstance(app.screen, TimelineScreen)


async def test_export_writes_a_transcript_that_replays(tmp_path, capsys):
    target = tmp_path / "out" / "game.txt"
    target.parent.mkdir()
    app = app_for(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["ctrl+e"])
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        path = dialog.query_one("#export-path")
        assert path.value == "~/scorekeeper-session-1.txt"
        await press_all(pilot, ["down", "up", "enter"])  # transcript, then the file
        path.value = str(target)
        await press_all(pilot, ["enter"])
        assert isinstance(app.screen, TableScreen)
        message = str(app.screen.query_one("#message").render())
        assert f"Session 1 written to {target}" in message
        await press_all(pilot, ["ctrl+e"])
        app.screen.query_one("#export-path").value = str(tmp_path / "no such folder" / "x.txt")
        await press_all(pilot, ["tab", "enter"])
        error = str(app.screen.query_one("#export-error").render())
        assert error == t("ui.memory.no_folder", folder=tmp_path / "no such folder")
        assert isinstance(app.screen, ExportDialog)  # stays open to fix the path
    code = main(["replay", str(target), "--json"])
    out, _ = capsys.readouterr()
    assert code == 0 and '"Dai": 140' in out


async def test_final_standings_show_the_settlement(tmp_path):
    text = DISPUTE + "showdown Ben\nend\n"  # Ben, the parent, wins round 2
    app = app_for(tmp_path, text)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["t"])
        assert isinstance(app.screen, StandingsScreen)
        settlement = str(app.screen.query_one("#standings-settlement").render())
        assert "Settlement: who pays whom" in settlement
        for line in ("Aki pays Ben 20", "Aki pays Dai 100", "Chihiro pays Ben 40"):
            assert line in settlement
        await press_all(pilot, ["escape", "i"])  # the timeline of a finished session
        assert timeline_screen(app).shown[-1].kind == "end"


def test_timeline_snapshot_80x24(snap_compare, tmp_path):
    assert snap_compare(app_for(tmp_path), press=["i", "s"], terminal_size=(80, 24))


THREE_ROUNDS = (
    DISPUTE
    + """\
@2026-11-29T21:09:00+09:00 showdown Dai
@2026-11-29T21:10:00+09:00 round
@2026-11-29T21:10:30+09:00 fold Dai
"""
)


async def test_the_round_filter_keeps_keys_typed_in_a_burst(tmp_path):
    """``r``, Backspace, ``1``, Enter pressed at once (no pause between them): the round box
    is open and focused before the next key is handed on, so none is lost."""
    app = app_for(tmp_path, THREE_ROUNDS)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["i"])
        screen = timeline_screen(app)
        # the last entry is highlighted: Enter alone would take its round, 3
        for key in ["r", "backspace", "1", "enter"]:  # in the app's queue together, as a
            # terminal's read of four keys puts them (Pilot's press waits between keys)
            event = events.Key(key, key if len(key) == 1 else None)
            app.post_message(event)
        for _ in range(100):  # a count of turns, not a time: the assertions decide
            if app.screen is screen and screen.round is not None:
                break
            await pilot.pause()
        assert app.screen is screen
        assert screen.round == 1
        assert [e.seq for e in screen.shown] == [1, 2, 3, 4, 5]


async def test_the_filters_are_one_reactive_attribute_the_screen_shows(tmp_path):
    """Setting the screen's ``filters`` (what every filter key and dialog does) shows the
    list and the line that says the filters again, through its watcher: no caller asks
    each widget to refresh (issue 45 point 3, Textual's idiom)."""
    from scorekeeper.ui.screens.timeline import Filters

    app = app_for(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["i"])
        screen = timeline_screen(app)
        table = screen.query_one("#timeline-table")
        line = screen.query_one("#timeline-filter")
        screen.filters = Filters(stake=True, player="Ben")
        await pilot.pause()
        assert (screen.stake, screen.round, screen.player) == (True, None, "Ben")
        assert [e.seq for e in screen.shown] == [4]
        assert table.row_count == 1
        assert "Ben" in str(line.render())
        await press_all(pilot, ["a"])
        assert screen.filters == Filters() and table.row_count == 10


async def test_a_burst_keeps_its_order_when_the_dialog_is_slow_to_open(tmp_path, monkeypatch):
    """On a loaded machine the round box opens after only Backspace was held (issue 45: the
    burst above lost "1" beside other workers). Backspace is acted on by the box's binding
    once it has bubbled back up: the "1" typed after it waits until then, not before it."""
    import asyncio

    from scorekeeper.ui.screens.dialogs import TextDialog

    shown = TextDialog.on_mount

    async def late(self) -> None:  # the dialog's first frames go by without a focus
        await asyncio.sleep(0.8)  # more than the half second the app once waited for a focus
        shown(self)

    monkeypatch.setattr(TextDialog, "on_mount", late)
    app = app_for(tmp_path, THREE_ROUNDS)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["i"])
        screen = timeline_screen(app)
        for key in ["r", "backspace", "1", "enter"]:
            app.post_message(events.Key(key, key if len(key) == 1 else None))
        for _ in range(300):  # a count of turns, not a time: the assertions decide
            if app.screen is screen and screen.round is not None:
                break
            await pilot.pause()
        assert app.screen is screen
        assert screen.round == 1
