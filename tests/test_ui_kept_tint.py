"""The table dimmed behind a dialog (ui/screens/kept_tint.py) is what Textual's own
BackgroundScreen paints, piece for piece: as a dialog first opens, opened again over the
same table (every piece from the kept ones), and over a table that changed meanwhile."""

from __future__ import annotations

import pytest
from rich.segment import Segment
from textual.renderables.background_screen import BackgroundScreen

from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens import kept_tint
from scorekeeper.ui.screens.dialogs import PickPlayerDialog
from scorekeeper.ui.screens.kept_tint import KeptTint
from tests.ui_support import fixed_clock, new_store, press_all

pytestmark = pytest.mark.usefixtures("steady_screen")


def painted(app: ScorekeeperApp, renderable: object) -> list[Segment]:
    return list(app.console.render(renderable, app.console.options.update_width(80)))


def both(app: ScorekeeperApp) -> tuple[list[Segment], list[Segment]]:
    """The dialog's background as this app paints it, and as Textual's own would."""
    from textual._context import visible_screen_stack  # as Textual's compositor sets it

    dialog = app.screen
    assert isinstance(dialog, PickPlayerDialog)
    visible_screen_stack.set(list(app.screen_stack[:-1]))
    ours = dialog.render()
    assert isinstance(ours, KeptTint)
    theirs = BackgroundScreen(ours.below, ours.color)
    return painted(app, ours), painted(app, theirs)


async def test_the_dimmed_table_is_textuals_and_each_piece_is_dimmed_once(tmp_path, monkeypatch):
    tinted: list[int] = []  # pieces dimmed by this app (Textual's own calls it per screen)
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
        await press_all(pilot, ["n", "s"])
        ours, theirs = both(app)
        assert ours == theirs
        assert any(segment.style and segment.style.bgcolor for segment in ours)
        first = len(kept_tint._dimmed)
        assert first > 0
        before = len(tinted)
        ours, theirs = both(app)  # again, over the same table: nothing dimmed anew
        assert ours == theirs
        assert len(tinted) == before
        assert len(kept_tint._dimmed) == first
        await press_all(pilot, ["escape", "r", "s"])  # the stake changed beneath it
        ours, theirs = both(app)
        assert ours == theirs
        assert len(kept_tint._dimmed) > first


def test_the_kept_pieces_are_let_go_past_the_bound(monkeypatch):
    from textual.color import Color

    monkeypatch.setattr(kept_tint, "KEPT", 3)
    kept_tint._dimmed.clear()
    segments = [Segment(f"s{n}") for n in range(5)]
    out = list(kept_tint.dimmed(segments, Color(0, 0, 0, 0.5)))
    assert [segment.text for segment in out] == [f"s{n}" for n in range(5)]
    assert len(kept_tint._dimmed) <= 3
