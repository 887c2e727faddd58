"""Settling up in the app (issue 35, point 9): every payment of the final standings reachable
at 80x24 by keys; and (issue 43) the money rate of a session, a rate entry set with $, used
by the settle views and the exports made from the app, and never by another session."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.core.transcript import read_session
from scorekeeper.messages import set_language, t
from scorekeeper.services import settings
from scorekeeper.services.recording import create_session, load_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.dialogs import TextDialog
from scorekeeper.ui.screens.export_dialog import ExportDialog
from scorekeeper.ui.screens.settle import SettleScreen
from scorekeeper.ui.screens.standings import StandingsScreen
from tests.fit_check import cuts, painted_lines
from tests.ui_support import app_recording_opens, fixed_clock, press_all

pytestmark = pytest.mark.usefixtures("steady_screen")

#: Five players, four payments: the last ones are below the chart at 80x24.
EVENING = """\
game indian-official
players Aki Ben Chie Dan Emi
round
raise
raise
raise
showdown Ben
round
raise
fold Dan
showdown Chie
round
fold Aki
showdown Emi
round
raise
raise
showdown Chie
end
"""

PAYMENTS = ["Aki pays Ben 230", "Dan pays Chie 190", "Emi pays Ben 80", "Emi pays Chie 10"]


def evening_store(tmp_path: Path) -> Store:
    store = Store(tmp_path / "data")
    session = read_session(EVENING)
    create_session(store, session.header, session.events)
    return store


def test_the_evening_has_the_payments_the_test_expects():
    from scorekeeper.export.settlement import settle

    assert settle(read_session(EVENING)).lines() == PAYMENTS


async def _final_standings(pilot, app) -> StandingsScreen:
    await pilot.pause()
    await press_all(pilot, ["t"])
    assert isinstance(app.screen, StandingsScreen), type(app.screen)
    return app.screen


def _payments_seen(screen, seen: set[str], wanted: list[str]) -> None:
    painted = "\n".join(painted_lines(screen))
    seen.update(line for line in wanted if line in painted)


async def test_every_payment_is_reached_by_keys_at_80x24(tmp_path):
    app = ScorekeeperApp(evening_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _final_standings(pilot, app)
        seen: set[str] = set()
        _payments_seen(screen, seen, PAYMENTS)
        assert seen != set(PAYMENTS), "the test needs a payment below the screen's edge"
        for _ in range(12):
            await press_all(pilot, ["down"])
            _payments_seen(screen, seen, PAYMENTS)
        assert seen == set(PAYMENTS)
        await press_all(pilot, ["home"])
        seen_again: set[str] = set()
        for _ in range(3):
            await press_all(pilot, ["pagedown"])
            _payments_seen(screen, seen_again, PAYMENTS)
        assert seen_again == set(PAYMENTS)
        assert not cuts(screen)


async def test_every_payment_is_reached_by_keys_in_japanese(tmp_path):
    set_language("ja")
    app = ScorekeeperApp(evening_store(tmp_path), 1, clock=fixed_clock())
    wanted = ["AkiがBenに230を支払う", "EmiがChieに10を支払う"]
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _final_standings(pilot, app)
        seen: set[str] = set()
        for _ in range(12):
            await press_all(pilot, ["down"])
            _payments_seen(screen, seen, wanted)
        assert seen == set(wanted)
        assert not cuts(screen)


async def test_a_rate_typed_on_the_final_standings_is_recorded_and_used(tmp_path):
    """$ on the final standings asks the table, which records a rate entry of this session
    (never a setting), and comes back to the standings, settled in money."""
    store = evening_store(tmp_path)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _final_standings(pilot, app)
        rate_key = screen.active_bindings.get("dollar_sign")
        assert rate_key is not None and rate_key.enabled and rate_key.binding.show
        await press_all(pilot, ["dollar_sign"])
        assert isinstance(app.screen, TextDialog)
        await press_all(pilot, [*"ten", "enter"])  # refused in words: nothing recorded
        assert isinstance(app.screen, TextDialog)
        error = str(app.screen.query_one("#text-error").render())
        assert error == t("rules.rate_amount", value="ten")
        app.screen.query_one("#text-input").value = ""
        await press_all(pilot, [*"0.5 jpy", "enter"])
        await pilot.pause()
        assert isinstance(app.screen, StandingsScreen)
        shown = str(app.screen.query_one("#standings-settlement").render())
        assert "at ¥0.50 per point" in shown
        assert "Aki pays Ben ¥115" in shown and "Emi pays Chie ¥5" in shown
        # the table's $ offers the rate in force, to edit; Esc changes nothing
        await press_all(pilot, ["escape", "dollar_sign"])
        assert isinstance(app.screen, TextDialog)
        assert app.screen.query_one("#text-input").value == "0.5 JPY"
        await press_all(pilot, ["escape"])
    assert "rate" not in settings.load()
    session = load_session(store, 1)
    assert [(e.kind, dict(e.data)) for e in session.events[-1:]] == [
        ("rate", {"amount": "0.5", "currency": "JPY"})
    ]


async def test_the_sessions_rate_is_used_by_the_start_screens_settlement(tmp_path):
    store = Store(tmp_path / "data")
    session = read_session(EVENING + "rate 10\n")
    create_session(store, session.header, session.events)
    app, _ = app_recording_opens(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["dollar_sign"])
        assert isinstance(app.screen, SettleScreen)
        lines = str(app.screen.query_one("#settle-lines").render()).splitlines()
        assert lines == [
            "at 10 per point",
            "Aki pays Ben 2,300",
            "Dan pays Chie 1,900",
            "Emi pays Ben 800",
            "Emi pays Chie 100",
        ]


async def test_the_sessions_rate_is_used_by_an_export_from_the_app(tmp_path):
    target = tmp_path / "evening.md"
    store = Store(tmp_path / "data")
    session = read_session(EVENING + "rate 2 USD\n")
    create_session(store, session.header, session.events)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["ctrl+e"])
        assert isinstance(app.screen, ExportDialog)
        await press_all(pilot, ["down", "down", "down", "enter"])  # md
        app.screen.query_one("#export-path").value = str(target)
        await press_all(pilot, ["enter"])
    text = target.read_text(encoding="utf-8")
    assert "at $2 per point" in text
    assert "Aki pays Ben $460" in text


async def test_a_rate_in_the_settings_file_is_ignored(tmp_path):
    """Older versions kept one rate for every game in the settings: it is no rate now."""
    settings.save(rate="10")
    app = ScorekeeperApp(evening_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _final_standings(pilot, app)
        shown = str(screen.query_one("#standings-settlement").render())
        assert "Aki pays Ben 230" in shown and "per point" not in shown


CHIPS_EVENING = """\
game indian-chips
players Aki Ben Chie
option stack 50
round
bet Ben
fold Chie
fold Aki
end
"""


async def test_a_rate_set_for_one_game_never_leaks_into_another(tmp_path):
    """Issue 43: a rate of 10 set for the points game was applied to the chip game too."""
    store = evening_store(tmp_path)
    chips = read_session(CHIPS_EVENING)
    create_session(store, chips.header, chips.events)
    app = ScorekeeperApp(store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:  # the points game: 10 a point
        await _final_standings(pilot, app)
        await press_all(pilot, ["dollar_sign"])
        assert isinstance(app.screen, TextDialog)
        await press_all(pilot, [*"10", "enter"])
        await pilot.pause()
        shown = str(app.screen.query_one("#standings-settlement").render())
        assert "at 10 per point" in shown
    app = ScorekeeperApp(store, 2, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:  # the chip game: no rate of its own
        screen = await _final_standings(pilot, app)
        shown = str(screen.query_one("#standings-settlement").render())
        assert "per chip" not in shown
        assert "Aki pays Ben 1" in shown and "Chie pays Ben 1" in shown


async def test_every_payment_of_the_start_screens_settlement_is_reached_by_keys(tmp_path):
    names = [f"P{i}" for i in range(1, 21)]
    text = f"game indian-official\nplayers {' '.join(names)}\nround\nshowdown P2\nend\n"
    store = Store(tmp_path / "data")
    session = read_session(text)
    create_session(store, session.header, session.events)
    wanted = ["P1 pays P2 20", *(f"P{i} pays P2 10" for i in range(3, 21))]
    app, _ = app_recording_opens(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["dollar_sign"])
        assert isinstance(app.screen, SettleScreen)
        seen: set[str] = set()
        for _ in range(20):
            painted = painted_lines(app.screen)
            seen.update(line for line in wanted if any(row.strip(" █") == line for row in painted))
            await press_all(pilot, ["down"])
        assert seen == set(wanted)
        assert not cuts(app.screen)
        await press_all(pilot, ["enter"])  # Enter still closes it
        assert not isinstance(app.screen, SettleScreen)
