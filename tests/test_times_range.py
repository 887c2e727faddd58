"""Times in range (issue 12, point 5): typed and imported times lie in 1970–2099 with an
offset of at most ±14:00; a session stored before with an extreme time still lists, opens
and records, stamped by the clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from scorekeeper.core.events import Event, frozen
from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session, load_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.start import SessionTable, StartScreen
from tests.cli_support import run

HEAD = "game indian-official\nplayers A B C\n"


@pytest.mark.parametrize(
    ("stamp", "message"),
    [
        ("9999-12-31T23:59:59-14:00", "the time 9999-12-31T23:59:59-14:00 is outside 1970–2099"),
        ("0001-01-01T00:00:00+14:00", "the time 0001-01-01T00:00:00+14:00 is outside 1970–2099"),
        ("9999-12-31T23:59:59+00:00", "the time 9999-12-31T23:59:59+00:00 is outside 1970–2099"),
        ("2026-11-29T21:00:00+15:00", "the time 2026-11-29T21:00:00+15:00 has an offset beyond"),
    ],
)
def test_an_imported_time_out_of_range_is_refused_with_its_line(
    capsys, home, tmp_path, stamp, message
):
    game = tmp_path / "game.txt"
    game.write_text(f"{HEAD}@2026-11-29T20:00:00+09:00 round\n@{stamp} fold B\n", "utf-8")
    code, out, err = run(capsys, "import", str(game))
    assert code == 2 and out == ""
    assert err.startswith(f"{game}:4: {message}")
    assert not Path(home, "sessions").exists() or not list(Path(home, "sessions").iterdir())


def old_session_far_ahead(home: Path) -> Store:
    """A session stored before times were checked, its last entry in the year 9999."""
    store = Store(home)
    header = make_header("indian-official", ["A", "B", "C"], {})
    far = datetime(9999, 12, 31, 23, 59, 59, tzinfo=timezone(timedelta(hours=-14)))
    events = [
        Event(1, datetime(2026, 11, 29, 12, tzinfo=UTC), "A", "round", frozen({})),
        Event(2, far, "A", "fold", frozen({"player": "B"})),
    ]
    create_session(store, header, events)
    create_session(store, header)  # and a healthy one beside it
    return store


def test_an_old_far_future_session_lists_and_records_by_the_clock(capsys, home):
    old_session_far_ahead(home)
    code, out, err = run(capsys, "list")
    assert code == 0 and err == ""
    assert sorted(line.split()[0] for line in out.splitlines()[1:]) == ["1", "2"]
    code, _, err = run(capsys, "record", "1", "showdown A")
    assert code == 0, err
    last = load_session(Store(home), 1).events[-1]
    assert last.at.year < 2100  # stamped by the clock, not after the year-9999 entry


async def test_the_start_screen_shows_an_old_far_future_session(tmp_path):
    store = old_session_far_ahead(tmp_path / "data")
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.screen.query_one(SessionTable).row_count == 2
