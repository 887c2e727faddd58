"""The app's screens after generated mixes of entries: they open without an error and
agree with the core (tests/test_views_agree.py does the same for the other views).

For each generated session of each game: the table screen, the standings (its
rows in the order of the net, the chart drawn), the timeline (one row per
entry, replaced and undone ones marked with the entry that did it) and the
table display (its big number is the game's headline) are driven headless by
Pilot at 80x24.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from tempfile import TemporaryDirectory

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.standings import standings
from scorekeeper.services.recording import create_session, open_recording
from scorekeeper.storage import Store, snapshot
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.display import DisplayApp
from scorekeeper.ui.screens.standings import StandingsScreen
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.screens.timeline import TimelineScreen
from scorekeeper.ui.widgets.big_number import BigNumber
from scorekeeper.ui.widgets.chart import ScoreChart
from tests.session_gen import GAMES, build_session

pytestmark = pytest.mark.usefixtures("steady_screen")

EXAMPLES = max(1, int(os.environ.get("SCOREKEEPER_VIEW_EXAMPLES", "30")) // 6)
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
    ],
)


async def _shown(pilot, app: ScorekeeperApp, kind: type) -> None:
    """Until a screen of *kind* is on top: at once, or once every entry of a session
    opened at its checkpoint is read (ui/screens/history.py)."""
    for _ in range(300):
        await pilot.pause()
        if isinstance(app.screen, kind):
            return
        await pilot.pause(0.02)


async def drive_the_app(store: Store, session: Session) -> None:
    app = ScorekeeperApp(store, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen), type(app.screen)
        assert app.screen.state == session.state

        await pilot.press("t")
        await _shown(pilot, app, StandingsScreen)
        screen = app.screen
        assert isinstance(screen, StandingsScreen), type(screen)
        table = screen.query_one("#standings-table")
        shown = [key.value for key in table.rows]  # type: ignore[attr-defined]
        assert shown == [row.player for row in standings(session.state)]
        chart = screen.query_one(ScoreChart)
        assert chart.rounds() == len(session.state.results)
        chart.render()
        await pilot.press("escape")
        await pilot.pause()

        await pilot.press("i")
        await _shown(pilot, app, TimelineScreen)
        screen = app.screen
        assert isinstance(screen, TimelineScreen), type(screen)
        rows = screen.query_one("#timeline-table")
        assert rows.row_count == len(session.events)  # type: ignore[attr-defined]
        superseded, voided = session.superseded(), session.voided()
        for index, event in enumerate(session.events):
            what = str(rows.get_cell_at((index, rows.get_column_index("what"))))  # type: ignore[attr-defined]
            if event.seq in superseded:
                assert f"#{superseded[event.seq]}" in what
            if event.seq in voided:
                assert f"#{voided[event.seq]}" in what
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    app.finish_writing()  # the checkpoint it writes as it leaves, before the folder goes


async def drive_the_display(store: Store, session: Session) -> None:
    app = DisplayApp(store, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        headline = session.game.headline(session.state)
        assert app.screen.query_one(BigNumber).value == str(headline.value)


@pytest.mark.parametrize("game", list(GAMES))
@SETTINGS
@given(data=st.data())
def test_every_screen_opens_and_agrees(game, data):
    session = build_session(data, game)
    with TemporaryDirectory() as folder:
        store = Store(Path(folder) / "data")
        create_session(store, session.header, session.events)
        asyncio.run(drive_the_app(store, session))
        asyncio.run(drive_the_display(store, session))


@pytest.mark.parametrize("game", list(GAMES))
@SETTINGS
@given(data=st.data())
def test_every_screen_agrees_when_opened_at_a_checkpoint(game, data):
    """The same, the session opened at a state checkpoint taken a few entries back (as
    a long session opens): the table from it, the standings and timeline after every
    entry is read."""
    session = build_session(data, game)
    with TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        patch.setattr(snapshot, "STATE_AT_LEAST", 2)
        patch.setattr(snapshot, "STATE_EVERY", 2)
        patch.setattr(snapshot, "STATE_LAG", 2)
        store = Store(Path(folder) / "data")
        create_session(store, session.header, session.events)
        # keeps a snapshot as the app does when it leaves a table (its state in a job)
        open_recording(store, 1, history=False, later=lambda job: job()).close()
        with open_recording(store, 1, history=False) as rec:
            opened_at = rec.session.history_from
        # at the checkpoint, unless what came after it needs the entries below (an undo
        # reaching below it, a correction): then the whole fold, as the app does
        assert (
            opened_at > 1
            or len(session.events) < 4
            or any(e.kind in ("correct", "undo") for e in session.events[-2:])
        )
        asyncio.run(drive_the_app(store, session))


def _broken(*args: object, **kwargs: object) -> object:
    raise ValueError("a view met something it cannot show")


async def test_a_view_that_cannot_be_shown_says_so_and_the_app_stays(tmp_path, monkeypatch):
    from scorekeeper.ui.screens import standings as standings_screen
    from scorekeeper.ui.screens import timeline as timeline_screen

    store = Store(tmp_path / "data")
    session = Session(make_header("indian-official", ["A", "B", "C"], {}))
    create_session(store, session.header, session.events)
    monkeypatch.setattr(standings_screen, "standings", _broken)
    monkeypatch.setattr(timeline_screen, "timeline", _broken)
    app = ScorekeeperApp(store, 1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in ("t", "i"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            message = str(app.screen.query_one("#message").render())
            assert message.startswith("This view cannot be shown (ValueError: a view met")
            assert "Nothing was changed: every entry is kept." in message
        await pilot.press("n")  # and recording goes on
        await pilot.pause()
        assert app.screen.state.in_round


def test_an_export_that_cannot_be_made_says_so(tmp_path, monkeypatch):
    from scorekeeper.ui.screens import export_dialog

    monkeypatch.setattr(export_dialog, "export_text", _broken)
    session = Session(make_header("indian-official", ["A", "B", "C"], {}))
    path, error = export_dialog.write_export(session, 1, "csv", str(tmp_path / "out.csv"))
    assert error == (
        "This view cannot be shown (ValueError: a view met something it cannot show)."
        " Nothing was changed: every entry is kept."
    )
    assert not path.exists()
