"""$ on the table: the session's money rate, recorded as a rate entry (issue 43, point 3)."""

from __future__ import annotations

import pytest

from scorekeeper.messages import set_language
from scorekeeper.services.recording import load_session
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.dialogs import TextDialog
from scorekeeper.ui.screens.table import TableScreen
from tests.fit_check import painted_lines
from tests.ui_support import fixed_clock, new_store, press_all

pytestmark = pytest.mark.usefixtures("steady_screen")


async def test_dollar_on_the_table_records_the_rate_in_a_round_and_undo_takes_it_back(tmp_path):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["n", "dollar_sign"])  # in a round: any time
        assert isinstance(app.screen, TextDialog)
        assert app.screen.query_one("#text-input").value == ""  # no rate yet
        await press_all(pilot, [*"10 usd", "enter"])
        table = app.screen
        assert isinstance(table, TableScreen)
        assert (table.state.rate, table.state.currency) == ("10", "USD")
        painted = "\n".join(painted_lines(table))
        assert "rate: 10 USD per point from here on" in painted
        assert "$ Rate" in painted  # the key in the footer, where there is room
        await press_all(pilot, ["dollar_sign", "ctrl+u", *"2.5", "enter"])  # replaces it
        assert (table.state.rate, table.state.currency) == ("2.5", None)
        await press_all(pilot, ["u", "y"])  # undo: the rate before it is back
        assert (table.state.rate, table.state.currency) == ("10", "USD")
    kinds = [e.kind for e in load_session(store, 1).events]
    assert kinds == ["round", "rate", "rate", "undo"]


async def test_dollar_says_a_bad_rate_in_japanese_and_records_nothing(tmp_path):
    set_language("ja")
    store = new_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["dollar_sign", *"10 JP1", "enter"])
        assert isinstance(app.screen, TextDialog)
        error = str(app.screen.query_one("#text-error").render())
        assert error.startswith("「JP1」は通貨として読めません")
        await press_all(pilot, ["escape"])
    assert load_session(store, 1).events == []
