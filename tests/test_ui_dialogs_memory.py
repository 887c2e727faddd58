"""Dialogs that check as you go, and what the app remembers between runs (issue 14, point 6):
the cards dialog checks each field as it is left and returns to the first bad one; the
correction dialog does not select its prefilled text; the export dialog proposes the folder
exported to last time; the theme is kept."""

from __future__ import annotations

import json
import os

import pytest
from textual.widgets import Input, Static

from scorekeeper.messages import t
from scorekeeper.services import settings
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.cards import CardsDialog
from scorekeeper.ui.screens.dialogs import TextDialog
from scorekeeper.ui.screens.export_dialog import ExportDialog
from scorekeeper.ui.screens.table import TableScreen
from tests.ui_support import fixed_clock, new_store, press_all

pytestmark = pytest.mark.usefixtures("steady_screen")


def table_app(tmp_path) -> ScorekeeperApp:
    return ScorekeeperApp(new_store(tmp_path), 1, clock=fixed_clock())


def under(dialog: CardsDialog, index: int) -> str:
    """The line under card field *index*: "" when it is hidden."""
    line = dialog.query_one(f"#card-error-{index}", Static)
    return str(line.render()) if line.display else ""


def focused_field(app: ScorekeeperApp) -> str | None:
    return app.focused.id if app.focused is not None else None


# -- the cards dialog ------------------------------------------------------------------------


async def test_a_card_field_is_checked_as_it_is_left(tmp_path):
    app = table_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["n", "v"])
        dialog = app.screen
        assert isinstance(dialog, CardsDialog)
        assert [under(dialog, i) for i in range(5)] == [""] * 5  # nothing said yet
        await press_all(pilot, [*"zz", "tab"])  # left by Tab: not a card
        assert under(dialog, 0) == t("cards.unreadable_no_joker", text="zz")
        assert focused_field(app) == "card-1"  # the cursor went on: the field only says
        await press_all(pilot, [*"ks", "enter"])  # left by Enter: a good card, nothing said
        assert under(dialog, 1) == ""
        await press_all(pilot, [*"KS", "enter"])  # the same card again
        assert under(dialog, 2) == t("cards.twice", card="KS", first="B", second="C")
        # corrected: the line goes when the field is left again
        await pilot.click("#card-2")
        dialog.query_one("#card-2", Input).value = "QD"
        await pilot.click("#card-0")  # left by a click elsewhere
        await pilot.pause()
        assert under(dialog, 2) == ""
        assert under(dialog, 0) == t("cards.unreadable_no_joker", text="zz")
        assert isinstance(app.screen, CardsDialog)


async def test_recording_with_a_bad_field_returns_to_the_first_bad_one(tmp_path):
    app = table_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["n", "v"])
        dialog = app.screen
        assert isinstance(dialog, CardsDialog)
        for index, card in enumerate(["AS", "", "xx", "AS", "2H"]):
            dialog.query_one(f"#card-{index}", Input).value = card
        dialog.query_one("#card-4", Input).focus()
        await press_all(pilot, ["enter"])  # Enter on the last field records, if it can
        assert isinstance(app.screen, CardsDialog)  # nothing recorded
        assert focused_field(app) == "card-1"  # the first bad one: B's, left empty
        assert under(dialog, 1) == t("ui.memory.card_empty", player="B")
        assert under(dialog, 2) == t("cards.unreadable_no_joker", text="xx")
        assert under(dialog, 3) == t("cards.twice", card="AS", first="A", second="D")
        assert under(dialog, 4) == ""
        await press_all(pilot, [*"3c", "enter"])  # B's card; on to C's
        dialog.query_one("#card-2", Input).value = "10D"
        dialog.query_one("#card-3", Input).value = "9D"
        dialog.query_one("#card-4", Input).focus()
        await press_all(pilot, ["enter"])
        assert isinstance(app.screen, TableScreen)  # recorded
        assert app.screen.state.results[-1].winners == ("C",)  # 10 is highest here (A low)


# -- a prefilled dialog (the money rate) -----------------------------------------------------


async def test_a_prefilled_dialog_does_not_select_its_text(tmp_path):
    app = table_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["dollar_sign", "1", "0", "enter"])  # the session's rate
        await press_all(pilot, ["n", "s", "2", "enter", "e", "y"])  # B wins; the end
        await press_all(pilot, ["dollar_sign"])  # the final standings' money rate
        await pilot.pause()
        assert isinstance(app.screen, TextDialog)
        field = app.screen.query_one("#text-input", Input)
        assert field.value == "10"
        assert field.selection.is_empty
        assert field.cursor_position == len("10")
        await press_all(pilot, ["backspace"])  # one character, not the whole line
        assert field.value == "1"
        await press_all(pilot, ["5"])
        assert field.value == "15"


# -- the export folder -----------------------------------------------------------------------


async def test_the_export_dialog_proposes_the_folder_exported_to_last(tmp_path):
    folder = tmp_path / "exports"
    folder.mkdir()
    app = table_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["ctrl+e"])
        assert isinstance(app.screen, ExportDialog)
        path = app.screen.query_one("#export-path", Input)
        assert path.value == "~/scorekeeper-session-1.txt"  # nothing exported yet
        path.value = str(folder / "first.txt")
        await press_all(pilot, ["tab", "enter"])
        assert isinstance(app.screen, TableScreen)
        assert (folder / "first.txt").is_file()
        await press_all(pilot, ["ctrl+e"])
        path = app.screen.query_one("#export-path", Input)
        assert path.value == str(folder / "scorekeeper-session-1.txt")
        await press_all(pilot, ["escape"])
    # and the next time the app starts
    app = ScorekeeperApp(app.store, 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["ctrl+e", "down"])  # another format: its own extension
        path = app.screen.query_one("#export-path", Input)
        assert path.value == str(folder / "scorekeeper-session-1.json")


async def test_a_remembered_folder_that_is_gone_is_not_proposed(tmp_path):
    settings.save(None, export_folder=str(tmp_path / "gone"))
    app = table_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["ctrl+e"])
        path = app.screen.query_one("#export-path", Input)
        assert path.value == "~/scorekeeper-session-1.txt"


# -- the theme -------------------------------------------------------------------------------


async def test_the_theme_chosen_is_kept_for_the_next_start(tmp_path):
    store = new_store(tmp_path)
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "textual-dark"
        app.theme = "nord"  # as the palette's theme picker sets it
        await pilot.pause()
    assert settings.load()["theme"] == "nord"
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "nord"


async def test_an_unknown_theme_in_the_settings_is_ignored(tmp_path):
    folder = settings.config_root()
    folder.mkdir(parents=True)
    (folder / "settings.json").write_text(json.dumps({"theme": "no-such-theme"}))
    app = ScorekeeperApp(new_store(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "textual-dark"
    assert os.environ["SCOREKEEPER_CONFIG"] == str(folder)


async def test_the_export_file_is_checked_as_its_line_is_left(tmp_path):
    missing = tmp_path / "no such folder"
    app = table_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["ctrl+e", "tab"])  # format list → the file's line
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        error = dialog.query_one("#export-error", Static)
        dialog.query_one("#export-path", Input).value = str(missing / "x.txt")
        await press_all(pilot, ["tab"])  # left for the Write button
        assert str(error.render()) == t("ui.memory.no_folder", folder=missing)
        assert focused_field(app) == "export-write"
        await press_all(pilot, ["enter"])  # Write anyway: refused, the cursor back in the line
        assert isinstance(app.screen, ExportDialog)
        assert focused_field(app) == "export-path"
        assert not missing.exists()
        dialog.query_one("#export-path", Input).value = ""
        await press_all(pilot, ["tab"])
        assert str(error.render()) == t("timeline.export.no_path")
