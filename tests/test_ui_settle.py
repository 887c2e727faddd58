"""Settling from the start screen: Space marks sessions, $ settles them together by name."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from textual.widgets import Static

from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.words import parse_entry, split_line
from scorekeeper.messages import set_language
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.ui.screens.settle import SettleScreen
from scorekeeper.ui.screens.start import StartScreen
from tests.ui_support import app_recording_opens, press_all

pytestmark = pytest.mark.usefixtures("steady_screen")

AT = datetime(2026, 5, 1, 20, 0, tzinfo=UTC)


def played(store: Store, game: str, players: list[str], lines: list[str]) -> int:
    session = Session(make_header(game, players))
    for line in lines:
        session.record(parse_entry(session.game, split_line(line)), AT)
    return create_session(store, session.header, session.events)


def three_evenings(store: Store) -> None:
    """Sessions 1–3 (listed 3, 2, 1): the seats hold different people each time."""
    played(store, "indian-official", ["Aki", "Ben", "Chie"], ["round", "showdown Ben"])
    played(store, "indian-official", ["Chie", "Aki", "Ben"], ["round", "raise", "showdown Chie"])
    played(store, "indian-official", ["Ben", "Dai", "Aki"],
           ["round", "fold Dai", "showdown Aki", "round", "showdown Dai"])  # fmt: skip


def shown(app) -> list[str]:
    assert isinstance(app.screen, SettleScreen)
    title = str(app.screen.query_one("#settle-title", Static).render())
    return [title, *str(app.screen.query_one("#settle-lines", Static).render()).splitlines()]


async def test_marked_sessions_settle_together_by_name(tmp_path):
    store = Store(tmp_path / "data")
    three_evenings(store)
    app, _ = app_recording_opens(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await press_all(pilot, ["space", "down", "space", "down", "space"])
        marks = app.screen.query_one("#start-marks", Static)
        assert str(marks.render()) == (
            "Marked to settle together: 1, 2, 3 — $ settles them, Space unmarks"
        )
        await press_all(pilot, ["dollar_sign"])
        assert shown(app) == [
            "Settlement",
            "Sessions 1, 2, 3 together",
            "Totals: Aki -50, Ben -50, Chie +70, Dai +30",
            "Aki pays Chie 50",
            "Ben pays Chie 20",
            "Ben pays Dai 30",
        ]
        await press_all(pilot, ["enter"])
        assert isinstance(app.screen, StartScreen)
        # unmark session 3 (the top row): sessions 1 and 2 alone
        await press_all(pilot, ["up", "up", "space", "dollar_sign"])
        assert shown(app)[1:] == [
            "Sessions 1, 2 together",
            "Totals: Aki -60, Ben -10, Chie +70",
            "Aki pays Chie 60",
            "Ben pays Chie 10",
        ]


async def test_without_marks_the_highlighted_session_settles_alone_in_japanese(tmp_path):
    set_language("ja")
    store = Store(tmp_path / "data")
    three_evenings(store)
    app, _ = app_recording_opens(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["down", "dollar_sign"])  # session 2
        assert shown(app) == ["セッション2の精算", "AkiがChieに40を支払う", "BenがChieに40を支払う"]
        await press_all(pilot, ["escape"])
        assert isinstance(app.screen, StartScreen)
        assert not app.screen.query("#start-marks")


async def test_points_and_chips_marked_together_settle_in_money_with_rates(tmp_path):
    """Refused before issue 43; each session's rate makes one settle-up in money."""
    store = Store(tmp_path / "data")
    played(
        store, "indian-official", ["Aki", "Ben", "Chie"], ["round", "showdown Ben", "rate 10 JPY"]
    )
    chips = ["round", "bet Ben", "fold Chie", "fold Aki", "rate 50 JPY"]  # Aki -1 Ben +2 Chie -1
    played(store, "indian-chips", ["Aki", "Ben", "Chie"], chips)
    app, _ = app_recording_opens(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["space", "down", "space", "dollar_sign"])
        assert shown(app)[1:] == [
            "Sessions 1, 2 together",
            "Totals: Aki -¥250, Ben +¥400, Chie -¥150",
            "Rates: session 1 at ¥10 per point, session 2 at ¥50 per chip",
            "Aki pays Ben ¥250",
            "Chie pays Ben ¥150",
        ]
        assert not app.screen.query_one("#settle-lines").has_class("-refused")


async def test_points_and_chips_without_rates_settle_apart_and_say_why(tmp_path):
    store = Store(tmp_path / "data")
    played(store, "indian-official", ["Aki", "Ben", "Chie"], ["round", "showdown Ben"])
    played(store, "indian-chips", ["Aki", "Ben", "Chie"], [])
    app, _ = app_recording_opens(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["space", "down", "space", "dollar_sign"])
        assert shown(app)[1:] == [
            "Sessions 1, 2 together",
            "not settled in money: sessions without a rate: 1, 2; each kind is settled apart,"
            " in its own units",
            "In points (sessions 1):",
            "Totals: Aki -20, Ben +30, Chie -10",
            "Aki pays Ben 20",
            "Chie pays Ben 10",
            "In chips (sessions 2):",
            "Totals: Aki 0, Ben 0, Chie 0",
            "Nobody owes anybody anything.",
        ]
