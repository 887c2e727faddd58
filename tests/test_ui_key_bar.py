"""The key bar (ui/widgets/key_bar.py) paints what Textual's footer paints, cell by cell,
in every kind of theme, compact or not, with a key disabled, hovered or cut for room; and
it answers the mouse as Textual's footer does."""

from __future__ import annotations

from typing import ClassVar

import pytest
from rich.segment import Segment
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Static

from scorekeeper.ui.widgets.key_bar import KeyBar

THEMES = ["textual-dark", "textual-light", "nord", "solarized-light", "catppuccin-mocha", "gruvbox"]


class Keys(App[None]):
    """Bindings of every kind a footer shows: plain, disabled, a tooltip, a second key of
    one action (not shown twice), a hidden one, and the palette's."""

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("n", "round", "Round", tooltip="Begin a round"),
        Binding("r", "raise", "Raise"),
        Binding("x", "raise", "Raise again"),
        Binding("f", "fold", "Fold"),
        Binding("h", "hidden", "Hidden", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("escape", "close", "Close"),
    ]

    def __init__(self, bar: str, compact: bool, theme: str) -> None:
        super().__init__()
        self.bar, self.compact, self.pressed = bar, compact, []
        self.wanted_theme = theme

    def compose(self) -> ComposeResult:
        yield Static("keys")
        if self.bar == "textual":
            yield Footer(compact=self.compact)
        else:
            yield KeyBar(compact=self.compact)

    def on_mount(self) -> None:
        self.theme = self.wanted_theme

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "fold" else True  # shown, not allowed now

    def action_round(self) -> None:
        self.pressed.append("round")

    def action_fold(self) -> None:
        self.pressed.append("fold")


def _cells(line: list[Segment]) -> list[tuple[str, object, object, bool, bool]]:
    """Each cell: its character, colours, bold and dim (what a terminal shows)."""
    cells = []
    for text, style, _ in line:
        for char in text:
            s = style
            cells.append(
                (char, s and s.color, s and s.bgcolor, bool(s and s.bold), bool(s and s.dim))
            )
    return cells


async def _bottom(bar: str, compact: bool, theme: str, size: tuple[int, int], hover: int | None):
    app = Keys(bar, compact, theme)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        # Textual's footer makes its keys a little after the first frame (on a loaded
        # machine, later still): wait for them (up to 5 s), then compare.
        for _ in range(100):
            if "Round" in "".join(
                text for text, _, _ in app.screen._compositor.render_strips()[-1]
            ):
                break
            await pilot.pause(0.05)
        if hover is not None:
            await pilot.hover(offset=(hover, size[1] - 1))
            await pilot.pause(0.1)
        strips = app.screen._compositor.render_strips()
        return _cells(list(strips[-1]))


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("compact", [False, True])
async def test_it_paints_what_textuals_footer_paints(theme, compact):
    room = 52 if compact else 57  # every key just fits
    for size, hover in [((100, 6), None), ((100, 6), 2), ((100, 6), 97), ((room, 6), room - 3)]:
        ours = await _bottom("ours", compact, theme, size, hover)
        theirs = await _bottom("textual", compact, theme, size, hover)
        assert ours == theirs, (theme, compact, size, hover)


async def test_a_click_presses_the_key_and_a_disabled_key_rings_the_bell(monkeypatch):
    app = Keys("ours", False, "textual-dark")
    rung: list[bool] = []
    monkeypatch.setattr(app, "bell", lambda: rung.append(True))
    async with app.run_test(size=(100, 6)) as pilot:
        await pilot.pause(0.1)
        bar = app.query_one(KeyBar)
        assert bar.shown()[:3] == [("n", "Round"), ("r", "Raise"), ("f", "Fold")]
        await pilot.click(KeyBar, offset=(2, 0))  # " n Round "
        await pilot.pause(0.1)
        assert app.pressed == ["round"] and rung == []
        await pilot.click(KeyBar, offset=(20, 0))  # " f Fold ": shown, not allowed now
        await pilot.pause(0.1)
        assert app.pressed == ["round"] and rung == [True]
        await pilot.click(KeyBar, offset=(60, 0))  # no key there
        await pilot.pause(0.1)
        assert app.pressed == ["round"] and rung == [True]


async def test_hovering_a_key_shows_its_tooltip_and_leaving_hides_it():
    app = Keys("ours", False, "textual-dark")
    async with app.run_test(size=(100, 6)) as pilot:
        await pilot.pause(0.1)
        bar = app.query_one(KeyBar)
        await pilot.hover(KeyBar, offset=(2, 0))
        assert bar.tooltip == "Begin a round"
        await pilot.hover(KeyBar, offset=(11, 0))  # Raise: no tooltip of its own
        assert bar.tooltip is None
        await pilot.hover(KeyBar, offset=(97, 0))  # the palette's key: its words
        palette = next(key for key in bar.keys if key.palette)
        assert palette.tooltip and bar.tooltip == palette.tooltip
        await pilot.hover(Static, offset=(0, 0))
        assert bar.tooltip is None


async def test_keys_allowed_again_are_painted_without_a_layout(monkeypatch):
    app = Keys("ours", True, "textual-dark")
    async with app.run_test(size=(100, 6)) as pilot:
        await pilot.pause(0.1)
        bar = app.query_one(KeyBar)
        assert not next(key for key in bar.keys if key.action == "fold").enabled
        asked: list[bool] = []
        real = KeyBar.refresh
        monkeypatch.setattr(
            KeyBar,
            "refresh",
            lambda self, *r, **k: asked.append(bool(k.get("layout"))) or real(self, *r, **k),
        )
        monkeypatch.setattr(Keys, "check_action", lambda self, action, parameters: True)
        app.screen.refresh_bindings()
        await pilot.pause(0.1)
        assert next(key for key in bar.keys if key.action == "fold").enabled
        assert asked == [False]
        app.screen.refresh_bindings()  # nothing changed: nothing painted
        await pilot.pause(0.1)
        assert asked == [False]


@pytest.mark.parametrize(
    ("room", "shown"),
    [
        (52, ["n", "r", "f", "?", "esc", "^p"]),  # all: 8 + 8 + 7 + 7 + 10 + 12 columns
        (51, ["n", "r", "f", "?", "^p"]),  # Close gives way first
        (41, ["n", "f", "?", "^p"]),  # then Raise
        (33, ["n", "f", "?", "^p"]),  # then the palette's word
    ],
)
async def test_spare_keys_give_way_in_order_then_the_palettes_word(room, shown):
    class Spare(Keys):
        def compose(self) -> ComposeResult:
            yield Static("keys")
            yield KeyBar(compact=True, spare=("close", "raise"))

    app = Spare("ours", True, "textual-dark")
    async with app.run_test(size=(room, 6)) as pilot:
        await pilot.pause(0.1)
        bar = app.query_one(KeyBar)
        assert [key for key, _ in bar.shown()] == shown
        assert bar.cut() == []
        assert ("^p", "" if room == 33 else "palette") in bar.shown()


async def test_when_the_keys_do_not_fit_the_palettes_word_goes_then_the_edge_cuts():
    """Textual's footer cut the last keys ("? ヘル" in the Japanese timeline at 80
    columns); the key bar first drops the palette's word, and says what it still cuts."""
    app = Keys("ours", True, "textual-dark")
    async with app.run_test(size=(51, 6)) as pilot:
        await pilot.pause(0.1)
        bar = app.query_one(KeyBar)
        assert bar.shown()[-2:] == [("esc", "Close"), ("^p", "")] and bar.cut() == []
        await pilot.resize_terminal(30, 6)
        await pilot.pause(0.1)
        assert bar.cut() == ["? Help", "esc Close"]
        line = app.screen._compositor.render_strips()[-1].text
        assert line.startswith("n Round r Raise f Fold") and line.endswith("▏^p ")


async def test_a_taller_bar_paints_its_keys_once():
    class Tall(Keys):
        CSS = "KeyBar { height: 2; }"

    app = Tall("ours", True, "textual-dark")
    async with app.run_test(size=(100, 6)) as pilot:
        await pilot.pause(0.1)
        lines = [strip.text for strip in app.screen._compositor.render_strips()[-2:]]
        assert lines[0].startswith("n Round") and lines[1].strip() == ""
