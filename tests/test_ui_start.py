"""The start screen: saved sessions newest first, resume, delete to the trash, start new."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from textual.widgets import DataTable, Static

from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.words import parse_entry, split_line
from scorekeeper.messages import t
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.dialogs import ConfirmDialog
from scorekeeper.ui.screens.new_session import NewSessionScreen
from scorekeeper.ui.screens.start import StartScreen
from tests.ui_support import app_recording_opens as make_app

T1 = datetime(2026, 5, 1, 20, 15, tzinfo=UTC)
T2 = datetime(2026, 5, 2, 21, 40, tzinfo=UTC)


pytestmark = pytest.mark.usefixtures("steady_screen")


def played(store: Store, players: list[str], lines: list[str], at: datetime, **options) -> int:
    """A stored session with *lines* entered at the fixed time *at*."""
    session = Session(make_header("indian-official", players, options or None))
    for line in lines:
        session.record(parse_entry(session.game, split_line(line)), at)
    return create_session(store, session.header, session.events)


def two_sessions(store: Store) -> tuple[int, int]:
    older = played(store, ["A", "B", "C", "D", "E"], ["round", "fold B", "showdown D"], T1)
    newer = played(store, ["佐藤", "ベン", "鈴木"], ["round", "showdown ベン"], T2, cap="320")
    return older, newer


def rows(app: ScorekeeperApp) -> list[list[str]]:
    table = app.screen.query_one("#start-table", DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


async def test_lists_sessions_newest_first_with_their_state(tmp_path):
    store = Store(tmp_path)
    fresh = create_session(store, make_header("indian-official", ["X", "Y", "Z"]))
    older, newer = two_sessions(store)
    app, _ = make_app(store)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        listed = rows(app)
        assert [row[0] for row in listed] == [str(newer), str(older), str(fresh)]
        assert listed[0] == [
            str(newer),
            t("game.indian-official"),
            "佐藤, ベン, 鈴木",
            "1",
            "ベン",
            "2026-05-02 21:40",
            "",
        ]
        assert listed[1][2:6] == ["A, B, C, D, E", "1", "D", "2026-05-01 20:15"]
        assert listed[2][3:6] == ["0", "", ""]
        assert not app.screen.query_one("#start-empty").display


async def test_a_finished_session_is_marked(tmp_path):
    store = Store(tmp_path)
    played(store, ["A", "B", "C"], ["round", "showdown A", "end"], T1)
    app, _ = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert rows(app)[0][6] == t("ui.start.finished_mark")


async def test_empty_list_says_how_to_start(tmp_path):
    app, _ = make_app(Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        empty = app.screen.query_one("#start-empty", Static)
        assert empty.display
        assert str(empty.render()) == t("ui.start.empty")
        assert not app.screen.query_one("#start-table").display


async def test_damaged_and_unknown_sessions_are_listed_with_their_error(tmp_path):
    store = Store(tmp_path)
    bad = store.create({"game": "no-such-game", "players": ["A"]})
    app, _ = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        (row,) = rows(app)
        assert row[0] == str(bad)
        assert row[2].startswith(t("ui.start.damaged", error="")[:8])
        detail = str(app.screen.query_one("#start-detail", Static).render())
        assert detail.startswith(t("ui.start.detail_damaged", session=bad, error="")[:10])


async def test_enter_resumes_the_highlighted_session(tmp_path):
    store = Store(tmp_path)
    older, newer = two_sessions(store)
    app, opened = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.press("down", "enter")
        assert opened == [newer, older]


async def test_delete_asks_and_n_keeps_the_session(tmp_path):
    store = Store(tmp_path)
    _, newer = two_sessions(store)
    app, _ = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert app.screen.question == t(
            "ui.start.confirm_delete", session=newer, players="佐藤, ベン, 鈴木"
        )
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert store.path(newer).exists()
        assert len(rows(app)) == 2


async def test_delete_confirmed_moves_the_file_to_the_trash(tmp_path):
    store = Store(tmp_path)
    older, newer = two_sessions(store)
    app, _ = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "d")
        await pilot.pause()
        question = app.screen.question  # type: ignore[attr-defined]
        assert question == t("ui.start.confirm_delete", session=older, players="A, B, C…")
        await pilot.press("y")
        await pilot.pause()
        assert not store.path(older).exists()
        assert (store.trash_dir / store.path(older).name).exists()
        assert [row[0] for row in rows(app)] == [str(newer)]


async def test_a_session_open_elsewhere_is_not_deleted(tmp_path):
    store = Store(tmp_path)
    older, newer = two_sessions(store)
    app, _ = make_app(store)
    with store.open_writer(newer):  # another window is recording it
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("d", "y")
            await pilot.pause()
            assert store.path(newer).exists()
            assert [row[0] for row in rows(app)] == [str(newer), str(older)]
            assert isinstance(app.screen, StartScreen)


async def test_n_opens_the_form_and_the_list_refreshes_on_return(tmp_path):
    store = Store(tmp_path)
    app, _ = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewSessionScreen)
        sid = create_session(store, make_header("indian-official", ["X", "Y", "Z"]))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert [row[0] for row in rows(app)] == [str(sid)]


async def test_q_quits(tmp_path):
    app, _ = make_app(Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


def test_snapshot_start_screen(snap_compare, tmp_path):
    store = Store(tmp_path)
    two_sessions(store)
    app, _ = make_app(store)
    assert snap_compare(app, terminal_size=(80, 24))


def test_snapshot_start_screen_wide(snap_compare, tmp_path):
    store = Store(tmp_path)
    two_sessions(store)
    app, _ = make_app(store)
    assert snap_compare(app, terminal_size=(120, 40))
