"""The stake's digits in a tone: what they paint must be what Textual's digits paint,
whatever came before (a number seen in another colour, a tone that changes the colour and
back, a new theme, a new size). A tone is a component style; Textual's digits given a
class of the same colour are what it must look like."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.strip import Strip
from textual.widgets import Digits

from scorekeeper.ui.widgets.toned_digits import TonedDigits


class Stake(App[None]):
    CSS = """
    Digits { color: $accent; text-style: bold; width: auto; }
    TonedDigits > .toned-digits--warning { color: $error; }
    TonedDigits > .toned-digits--muted { color: $text-muted; }
    #textual.warning { color: $error; }
    #textual.muted { color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        yield TonedDigits("", id="digits")
        yield Digits("", id="textual")  # the same, as Textual paints it, the tone a class


def shown(app: Stake, value: str, tone: str | None) -> None:
    app.query_one(TonedDigits).show(value, tone)
    textual = app.query_one("#textual", Digits)
    textual.update(value)
    for name in ("warning", "muted"):
        textual.set_class(tone == name, name)


def painted(digits: TonedDigits) -> list[Strip]:
    return [digits.render_line(y) for y in range(digits.size.height)]


def textual_paints(app: Stake) -> list[Strip]:
    textual = app.query_one("#textual", Digits)
    return [textual.render_line(y) for y in range(textual.size.height)]


async def test_toned_digits_paint_what_textual_paints_through_changes():
    app = Stake()
    async with app.run_test(size=(40, 8)) as pilot:
        digits = app.query_one(TonedDigits)
        steps = [
            ("10", None),
            ("20", None),
            ("40", "warning"),  # the same number in another colour next
            ("40", None),
            ("40", "warning"),
            ("10", "muted"),
            ("10", None),
            ("160", None),  # wider: laid out again
            ("20", "muted"),
        ]
        seen: list[list[Strip]] = []
        for value, tone in steps:
            shown(app, value, tone)
            await pilot.pause()
            assert painted(digits) == textual_paints(app), (value, tone)
            seen.append(painted(digits))
        assert seen[2] != seen[3] != seen[5]  # the colour is in the rows: the check can fail
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause()
        assert painted(digits) == textual_paints(app)
        assert painted(digits) != seen[-1]
        await pilot.resize_terminal(30, 6)
        await pilot.pause()
        assert painted(digits) == textual_paints(app)


async def test_an_unknown_tone_is_refused():
    app = Stake()
    async with app.run_test(size=(40, 8)):
        with pytest.raises(ValueError, match="unknown tone"):
            app.query_one(TonedDigits).show("10", "loud")


async def test_selected_digits_are_painted_as_textual_paints_them():
    from textual.geometry import Offset
    from textual.selection import Selection

    app = Stake()
    async with app.run_test(size=(40, 8)) as pilot:
        digits = app.query_one(TonedDigits)
        digits.update("40")
        await pilot.pause()
        plain = painted(digits)
        app.screen.selections = {digits: Selection(Offset(0, 0), Offset(2, 0))}
        await pilot.pause()
        assert painted(digits) == [Digits.render_line(digits, y) for y in range(3)]
        assert painted(digits) != plain  # selected: highlighted, so the check can fail
