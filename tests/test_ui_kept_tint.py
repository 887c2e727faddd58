"""The table dimmed behind a dialog (ui/screens/kept_tint.py) is what Textual's own
BackgroundScreen paints, cell for cell: as a dialog first opens, opened again over the
same table (every line from the kept ones), and over a table that changed meanwhile."""

from __future__ import annotations

import pytest
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.screen import Screen
from textual.strip import Strip
from textual.widgets import Static

from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens import kept_tint
from scorekeeper.ui.screens.dialogs import PickPlayerDialog
from scorekeeper.ui.screens.holds_keys import HoldsKeys
from tests.ui_support import fixed_clock, new_store, press_all

pytestmark = pytest.mark.usefixtures("steady_screen")


def cells(app: ScorekeeperApp) -> list[list[tuple[str, object]]]:
    """The whole screen as painted now: each cell's character and style."""
    strips = app.screen._compositor.render_strips()
    return [
        [(char, segment.style) for segment in strip for char in segment.text] for strip in strips
    ]


async def painted_both_ways(app: ScorekeeperApp, pilot, monkeypatch) -> tuple[list, list]:
    """The dialog's screen painted by this app, then by Textual's own line (its
    BackgroundScreen, through Rich), the dialog's lines made anew for each."""
    dialog = app.screen
    assert isinstance(dialog, PickPlayerDialog)
    dialog.refresh()
    await pilot.pause()
    ours = cells(app)
    with monkeypatch.context() as patch:
        patch.setattr(HoldsKeys, "render_line", Screen.render_line)
        dialog.refresh()
        await pilot.pause()
        theirs = cells(app)
    dialog.refresh()
    await pilot.pause()
    return ours, theirs


async def test_the_dimmed_table_is_textuals_and_each_line_is_dimmed_once(tmp_path, monkeypatch):
    tinted: list[int] = []  # pieces dimmed by this app (Textual's own path tints its own)
    real = kept_tint.BackgroundScreen.process_segments

    def counted(segments, color):
        segments = list(segments)
        tinted.append(len(segments))
        return real(segments, color)

    monkeypatch.setattr(kept_tint, "BackgroundScreen", type("B", (), {}))
    kept_tint.BackgroundScreen.process_segments = staticmethod(counted)  # type: ignore[attr-defined]
    app = ScorekeeperApp(new_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        kept_tint._dimmed.clear()
        kept_tint._lines.clear()
        await press_all(pilot, ["n", "s"])
        ours, theirs = await painted_both_ways(app, pilot, monkeypatch)
        assert ours == theirs
        table = app.screen_stack[-2]
        shown = "".join(char for row in ours for char, _ in row)
        assert all(name in shown for name in table.state.names())
        first, lines = len(kept_tint._dimmed), len(kept_tint._lines)
        assert first > 0 and lines > 0
        before = len(tinted)
        app.screen.refresh()  # painted again over the same table: nothing dimmed anew
        await pilot.pause()
        assert len(tinted) == before
        assert (len(kept_tint._dimmed), len(kept_tint._lines)) == (first, lines)
        await press_all(pilot, ["escape", "r", "s"])  # the stake changed beneath it
        ours, theirs = await painted_both_ways(app, pilot, monkeypatch)
        assert ours == theirs
        assert len(kept_tint._lines) > lines
        assert len(tinted) > before


async def test_a_table_that_changes_under_an_open_dialog_shows_through(tmp_path, monkeypatch):
    app = ScorekeeperApp(new_store(tmp_path), 1, clock=fixed_clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_all(pilot, ["n", "s"])
        table = app.screen_stack[-2]
        table.query_one("#message", Static).update("ZQ")  # beneath, left of the dialog
        await pilot.pause()
        shown = ["".join(char for char, _ in row) for row in cells(app)]
        assert any(row.startswith(" ZQ ") for row in shown)
        ours, theirs = await painted_both_ways(app, pilot, monkeypatch)
        assert ours == theirs


def test_the_kept_pieces_and_lines_are_let_go_past_the_bound(monkeypatch):
    monkeypatch.setattr(kept_tint, "KEPT", 3)
    monkeypatch.setattr(kept_tint, "KEPT_LINES", 2)
    kept_tint._dimmed.clear()
    kept_tint._lines.clear()
    color = Color(0, 0, 0, 0.5)
    segments = [Segment(f"s{n}") for n in range(5)]
    out = list(kept_tint.dimmed(segments, color))
    assert [segment.text for segment in out] == [f"s{n}" for n in range(5)]
    assert len(kept_tint._dimmed) <= 3
    for n in range(4):
        line = kept_tint.dimmed_line(Strip([Segment(f"line {n}")]), color, Style(), None)
        assert line.text == f"line {n}"
    assert len(kept_tint._lines) <= 2
