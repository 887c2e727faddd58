"""The result copied as text for a chat app (issue 43, point 4): ``c`` on the final
standings and on the start screen's settle-up puts the summary on the clipboard through
Textual's clipboard support and says so in a toast, in English and Japanese; several
sessions settled together copy their totals and transfers."""

from __future__ import annotations

import pytest

from scorekeeper.core.transcript import read_session
from scorekeeper.export.share_text import share_text
from scorekeeper.messages import set_language, t
from scorekeeper.services.recording import create_session, load_session, load_with_receipt
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.settle import SettleScreen
from scorekeeper.ui.screens.standings import StandingsScreen
from tests.fit_check import painted_lines
from tests.test_ui_settle_up import EVENING, evening_store
from tests.ui_support import app_recording_opens, fixed_clock, press_all

pytestmark = pytest.mark.usefixtures("steady_screen", "tokyo")


def noted(app: ScorekeeperApp) -> list[str]:
    notes: list[str] = []
    app.notify = lambda message, **kw: notes.append(message)  # type: ignore[method-assign]
    return notes


@pytest.mark.parametrize(("lang", "pays"), [("en", "Aki pays Ben 230"), ("ja", "AkiがBenに230")])
async def test_c_on_the_final_standings_copies_the_summary(tmp_path, lang, pays):
    set_language(lang)
    store = evening_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    notes = noted(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["t"])
        screen = app.screen
        assert isinstance(screen, StandingsScreen)
        key = screen.active_bindings.get("c")
        assert key is not None and key.enabled and key.binding.show
        if lang == "en":  # (key labels are read at import: tests/test_ui_japanese.py)
            footer = painted_lines(screen)[-1]  # the footer shows it
            assert "c Copy" in footer, footer
        await press_all(pilot, ["c"])
        receipt = load_with_receipt(store, 1)[1]
        assert app.clipboard == share_text(load_session(store, 1), lang, receipt)
        assert pays in app.clipboard and receipt.hash in app.clipboard
        assert notes == [t("settle.ui.copied", lang)]


async def test_c_in_play_copies_nothing(tmp_path):
    store = Store(tmp_path / "data")
    session = read_session(EVENING.replace("end\n", ""))
    create_session(store, session.header, session.events)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["t"])
        assert isinstance(app.screen, StandingsScreen)
        key = app.screen.active_bindings.get("c")
        assert key is None or not key.enabled
        await press_all(pilot, ["c"])
        assert app.clipboard == ""


async def test_c_on_the_settle_up_of_one_session_copies_its_summary(tmp_path):
    store = evening_store(tmp_path)
    app, _ = app_recording_opens(store)
    notes = noted(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["dollar_sign"])
        assert isinstance(app.screen, SettleScreen)
        hint = str(app.screen.query_one("#settle-hint").render())
        assert hint == "c copies the result · Enter or Esc closes"
        await press_all(pilot, ["c"])
        receipt = load_with_receipt(store, 1)[1]
        assert app.clipboard == share_text(load_session(store, 1), "en", receipt)
        assert notes == ["The result is copied: paste it into the chat."]


async def test_c_on_the_settle_up_of_several_sessions_copies_their_totals(tmp_path):
    store = evening_store(tmp_path)
    second = read_session("game indian-official\nplayers Aki Ben Chie\nround\nshowdown Ben\nend\n")
    create_session(store, second.header, second.events)
    app, _ = app_recording_opens(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["space", "down", "space", "dollar_sign"])
        assert isinstance(app.screen, SettleScreen)
        await press_all(pilot, ["c"])
        lines = app.clipboard.splitlines()
        assert lines[0] == "Sessions 1, 2 together"
        assert "Settlement: who pays whom" in lines
        assert any(line.startswith("Aki pays Ben ") for line in lines)
