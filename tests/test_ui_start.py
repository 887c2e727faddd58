"""The start screen: saved sessions most recently updated first, resume, delete to the trash,
start new; the highlight kept; many sessions read in a worker."""

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
from tests.ui_support import press_all, press_each, type_burst

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
        # most recently updated first: the new session (no entry yet) by when it was created
        assert [row[0] for row in listed] == [str(fresh), str(newer), str(older)]
        assert listed[1] == [
            str(newer),
            t("game.indian-official"),
            "佐藤, ベン, 鈴木",
            "1",
            "ベン",
            "2026-05-02 21:40",
            "",
        ]
        assert listed[2][2:6] == ["A, B, C, D, E", "1", "D", "2026-05-01 20:15"]
        assert listed[0][3:6] == ["0", "", ""]
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
        await type_burst(pilot, ["enter"])
        await type_burst(pilot, ["down", "enter"])
        assert opened == [newer, older]


async def test_delete_asks_and_n_keeps_the_session(tmp_path):
    store = Store(tmp_path)
    _, newer = two_sessions(store)
    app, _ = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_burst(pilot, ["d"])
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert app.screen.question == t(
            "ui.start.confirm_delete", session=newer, players="佐藤, ベン, 鈴木"
        )
        await type_burst(pilot, ["n"])
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
        await type_burst(pilot, ["down", "d"])
        await pilot.pause()
        question = app.screen.question  # type: ignore[attr-defined]
        assert question == t("ui.start.confirm_delete", session=older, players="A, B, C, D, E")
        await type_burst(pilot, ["y"])
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
            await type_burst(pilot, ["d", "y"])
            await pilot.pause()
            assert store.path(newer).exists()
            assert [row[0] for row in rows(app)] == [str(newer), str(older)]
            assert isinstance(app.screen, StartScreen)


async def test_n_opens_the_form_and_the_list_refreshes_on_return(tmp_path):
    store = Store(tmp_path)
    app, _ = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_burst(pilot, ["n"])
        await pilot.pause()
        assert isinstance(app.screen, NewSessionScreen)
        sid = create_session(store, make_header("indian-official", ["X", "Y", "Z"]))
        await type_burst(pilot, ["escape"])
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert [row[0] for row in rows(app)] == [str(sid)]


async def test_q_quits(tmp_path):
    app, _ = make_app(Store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_burst(pilot, ["q"])
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


# -- keeping its place (issue 14, point 6) ------------------------------------------------


def cursor_id(app: ScorekeeperApp) -> str:
    table = app.screen.query_one("#start-table", DataTable)
    return rows(app)[table.cursor_row][0]


async def test_back_from_a_session_the_highlight_is_on_it(tmp_path):
    store = Store(tmp_path)
    older, newer = two_sessions(store)
    third = played(
        store, ["P", "Q", "R"], ["round", "showdown Q"], datetime(2026, 4, 1, tzinfo=UTC)
    )
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert [row[0] for row in rows(app)] == [str(newer), str(older), str(third)]
        await press_each(pilot, ["down", "down", "enter"])  # opens the oldest
        assert not isinstance(app.screen, StartScreen)
        await press_each(pilot, ["n", "escape"])  # a round begun in it: now the latest
        assert isinstance(app.screen, StartScreen)
        assert [row[0] for row in rows(app)] == [str(third), str(newer), str(older)]
        assert cursor_id(app) == str(third)
        # and without an entry: back on it where it stands
        await press_each(pilot, ["down", "down", "enter", "escape"])
        assert isinstance(app.screen, StartScreen)
        assert cursor_id(app) == str(older)


async def test_the_highlight_keeps_its_place_after_stats_new_and_delete(tmp_path):
    store = Store(tmp_path)
    older, newer = two_sessions(store)
    oldest = played(store, ["P", "Q", "R"], ["round"], datetime(2026, 4, 1, tzinfo=UTC))
    app, _ = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["down"])
        assert cursor_id(app) == str(older)
        await press_all(pilot, ["s", "escape"])  # statistics, and back
        assert cursor_id(app) == str(older)
        await press_all(pilot, ["n", "escape"])  # the new-session form, left
        assert isinstance(app.screen, StartScreen)
        assert cursor_id(app) == str(older)
        await app.screen.run_action("new_session")  # a session made meanwhile goes on top
        await pilot.pause()
        fresh = create_session(store, make_header("indian-official", ["X", "Y", "Z"]))
        await press_all(pilot, ["escape"])
        assert [row[0] for row in rows(app)] == [str(fresh), str(newer), str(older), str(oldest)]
        assert cursor_id(app) == str(older)
        await press_all(pilot, ["d", "y"])  # deleted: the next one down takes its row
        assert [row[0] for row in rows(app)] == [str(fresh), str(newer), str(oldest)]
        assert cursor_id(app) == str(oldest)
        await press_all(pilot, ["d", "y"])  # the last row deleted: the one above
        assert cursor_id(app) == str(newer)


async def test_the_window_resized_keeps_the_highlight_and_reads_nothing(tmp_path, monkeypatch):
    store = Store(tmp_path)
    older, _ = two_sessions(store)
    app, _ = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["down"])
        import scorekeeper.ui.screens.start as start

        monkeypatch.setattr(start, "list_sessions", lambda *a: pytest.fail("read again"))
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        assert cursor_id(app) == str(older)


async def test_the_list_looks_at_each_session_file_once_per_showing(tmp_path, monkeypatch):
    from scorekeeper.services.catalog import list_sessions
    from tests.test_read_cost import counted_passes

    store = Store(tmp_path)
    two_sessions(store)
    list_sessions(store)  # snapshots kept, as after any earlier start
    passes = counted_passes(monkeypatch)
    app, _ = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert len(rows(app)) == 2
        assert passes == [2]  # whether to read now, and the read, in one pass
        await press_all(pilot, ["n", "escape"])  # the form, and back: the list read again
        assert isinstance(app.screen, StartScreen)
        assert passes == [2, 2]


# -- read in a worker when there are many (issue 14, point 7) -----------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_many_sessions_are_read_in_a_worker_and_the_keys_answer_meanwhile(
    tmp_path, monkeypatch, lang
):
    import threading

    import scorekeeper.services.summary_docs as summary_docs
    from scorekeeper.messages import set_language

    set_language(lang)

    store = Store(tmp_path)
    for n in range(6):
        played(
            store, ["A", "B", "C"], ["round", "showdown B"], datetime(2026, 5, n + 1, tzinfo=UTC)
        )
    monkeypatch.setattr(StartScreen, "READ_AT_ONCE_BYTES", 0)
    gate = threading.Event()
    real = summary_docs.summarize

    def slow(session, sid, *stats):  # the fourth session waits for the test: a slow disk
        if sid == 4:
            assert gate.wait(30)
        return real(session, sid, *stats)

    monkeypatch.setattr(summary_docs, "summarize", slow)
    app, _ = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StartScreen)
        loading = screen.query_one("#start-loading")
        for _ in range(100):  # until the worker has read the first three
            await pilot.pause(0.01)
            if "3 of 6" in str(loading.query_one(".loading-text", Static).render()):
                break
        assert loading.display
        shown = str(loading.query_one(".loading-text", Static).render())
        assert (
            shown
            == {
                "en": "Reading the sessions: 3 of 6",
                "ja": "セッションを読み込み中: 6件中3件",
            }[lang]
        )
        await press_all(pilot, ["n"])  # the keys work while it reads
        assert isinstance(app.screen, NewSessionScreen)
        await press_all(pilot, ["escape"])
        assert isinstance(app.screen, StartScreen)
        gate.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not loading.display
        assert [row[0] for row in rows(app)] == ["6", "5", "4", "3", "2", "1"]


async def test_a_session_made_in_the_form_is_on_top_and_highlighted_when_left(tmp_path):
    from tests.test_ui_new_session import open_form, seat

    store = Store(tmp_path)
    older, newer = two_sessions(store)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["down"])
        assert cursor_id(app) == str(older)
        await open_form(pilot)
        await seat(pilot, "X", "Y", "Z")
        await press_all(pilot, ["ctrl+s"])  # made and opened: its table
        assert not isinstance(app.screen, StartScreen)
        await press_all(pilot, ["escape"])  # no entry yet: new, so on top
        assert isinstance(app.screen, StartScreen)
        fresh = max(store.ids())
        assert [row[0] for row in rows(app)] == [str(fresh), str(newer), str(older)]
        assert cursor_id(app) == str(fresh)


# -- a long list is put in the table a batch at a time (issue 15) ---------------------------


async def test_a_long_list_is_shown_a_batch_at_a_time_and_comes_whole(tmp_path, monkeypatch):
    """The first rows are painted before the rest are put in; the rest come after the
    next paints, in order, with the marks and the highlight where they belong."""
    monkeypatch.setattr(StartScreen, "FIRST_ROWS", 30)
    monkeypatch.setattr(StartScreen, "MORE_ROWS", 40)
    store = Store(tmp_path)
    for _ in range(130):
        create_session(store, make_header("indian-official", ["X", "Y", "Z"]))
    app, _ = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, StartScreen)
        table = screen.query_one("#start-table", DataTable)
        await pilot.pause()
        for _ in range(50):
            if table.row_count == 130:
                break
            await pilot.pause(0.01)
        assert [row[0] for row in rows(app)] == [str(n) for n in range(130, 0, -1)]
        # a mark far down the list, then the list read again: it is kept and painted
        table.move_cursor(row=120, animate=False)
        await pilot.pause()
        await press_all(pilot, ["space"])
        assert screen.marked == {10}
        table.move_cursor(row=80, animate=False)
        await pilot.pause()
        screen.refresh_list()
        # the first batch only, for now: the highlighted row and a screenful below it
        assert 80 < table.row_count < 121
        assert cursor_id(app) == "50"
        for _ in range(50):
            if table.row_count == 130:
                break
            await pilot.pause(0.01)
        assert table.row_count == 130
        assert screen.marked == {10}
        marked_cell = table.get_row("10")[0]
        assert marked_cell.spans, "the marked row is painted once it is in the table"
        assert not table.get_row("11")[0].spans


START_LOADS = """
import asyncio, sys
from pathlib import Path
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp

async def main():
    app = ScorekeeperApp(Store(Path(sys.argv[1])), None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "StartScreen", app.screen
        print(" ".join(sorted(sys.modules)))

asyncio.run(main())
"""


def test_the_start_screen_leaves_dialogs_and_emoji_unloaded(tmp_path):
    """What the first screen does not need is not loaded before it: the dialogs (their
    widgets) come with the first dialog, no heading goes through Rich markup (which
    loads its emoji table and would read "[" in a heading as markup), and the sessions
    are listed from their snapshots without the journal's reader or writer (they come
    when a session is first opened); hashing is needed, to check each journal vouches for
    its snapshot."""
    import subprocess
    import sys

    from scorekeeper.services.catalog import list_sessions

    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", ["A", "B", "C"]))
    list_sessions(store)  # listed once: its snapshot is kept, vouched for
    done = subprocess.run(
        [sys.executable, "-c", START_LOADS, str(tmp_path / "data")],
        capture_output=True,
        text=True,
        check=True,
    )
    loaded = set(done.stdout.split())
    assert "scorekeeper.ui.screens.start" in loaded
    assert "scorekeeper.ui.screens.dialogs" not in loaded
    assert "rich._emoji_codes" not in loaded
    journal = {"scorekeeper.storage.journal", "scorekeeper.storage.writer", "tinydb"}
    journal |= {f"scorekeeper.storage.journal_{part}" for part in ("format", "reading", "stream")}
    assert not journal & loaded


# -- Home and End (issue 43) ----------------------------------------------------------------


async def test_home_and_end_go_to_the_first_and_the_last_session(tmp_path, monkeypatch):
    """End reaches the last session even while the rows still come a batch at a time;
    Home goes back to the first."""
    monkeypatch.setattr(StartScreen, "FIRST_ROWS", 30)
    monkeypatch.setattr(StartScreen, "MORE_ROWS", 40)
    store = Store(tmp_path)
    for _ in range(130):
        create_session(store, make_header("indian-official", ["X", "Y", "Z"]))
    app, _ = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert cursor_id(app) == "130"
        await type_burst(pilot, ["end"])
        assert cursor_id(app) == "1"
        assert app.screen.query_one("#start-table", DataTable).row_count == 130
        await type_burst(pilot, ["home"])
        assert cursor_id(app) == "130"
        await type_burst(pilot, ["down", "down", "end"])
        assert cursor_id(app) == "1"


# -- another process adds a session or an entry (issue 43) --------------------------------


async def list_shows(pilot, app: ScorekeeperApp, holds) -> bool:
    """Whether the list comes to hold *holds* within a count of looks at the folder."""
    for _ in range(200):
        if holds(rows(app)):
            return True
        await pilot.pause(0.02)
    return False


async def test_the_list_follows_sessions_and_entries_another_process_adds(tmp_path, monkeypatch):
    """A session made and an entry recorded by another process (the command line) appear
    in the list while it is up, the highlight kept; the list is read again only when the
    session files changed, never at every look."""
    import subprocess
    import sys

    from scorekeeper.ui.screens import start

    monkeypatch.setattr(StartScreen, "WATCH_EVERY", 0.02)
    reads: list[int] = []
    real = start.list_sessions

    def counted(*args, **kwargs):
        reads.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(start, "list_sessions", counted)
    store = Store(tmp_path)
    older, _ = two_sessions(store)
    app, _ = make_app(store)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["down"])
        assert cursor_id(app) == str(older)
        for _ in range(10):  # nothing changed: nothing is read again
            await pilot.pause(0.02)
        before = len(reads)
        assert before <= 2  # the first showing (and the vouch lines it appended)
        made = played(store, ["X", "Y", "Z"], ["round", "showdown Y"], T2)
        assert await list_shows(pilot, app, lambda listed: listed[0][0] == str(made))
        assert cursor_id(app) == str(older)
        command = [sys.executable, "-m", "scorekeeper", "--data-dir", str(tmp_path)]
        record = [*command, "record", str(older), "round", "showdown A"]
        subprocess.run(record, check=True, capture_output=True)
        assert await list_shows(
            pilot, app, lambda listed: listed[0][0] == str(older) and listed[0][3] == "2"
        )
        assert cursor_id(app) == str(older)
        settled_reads = len(reads)
        for _ in range(10):
            await pilot.pause(0.02)
        assert len(reads) <= settled_reads + 1  # no storm: at most the vouch line's read
