"""The stake's digits keep the rows of each number once painted: what they paint must be
what Textual's digits paint, whatever came before (a number seen in another colour, a
class that changes the colour and back, a new theme, a new size)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.strip import Strip
from textual.widgets import Digits

from scorekeeper.ui.widgets.kept_digits import KeptDigits


class Stake(App[None]):
    CSS = """
    KeptDigits { color: $accent; text-style: bold; width: auto; }
    KeptDigits.at-cap { color: $error; }
    KeptDigits.between-rounds { color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        yield KeptDigits("", id="digits")


def painted(digits: KeptDigits) -> list[Strip]:
    return [digits.render_line(y) for y in range(digits.size.height)]


def textual_paints(digits: KeptDigits) -> list[Strip]:
    return [Digits.render_line(digits, y) for y in range(digits.size.height)]


async def test_kept_digits_paint_what_textual_paints_through_changes():
    app = Stake()
    async with app.run_test(size=(40, 8)) as pilot:
        digits = app.query_one(KeptDigits)
        steps = [
            ("10", None),
            ("20", None),
            ("40", "at-cap"),  # the same number in another colour next
            ("40", None),
            ("40", "at-cap"),
            ("10", "between-rounds"),
            ("10", None),
            ("160", None),  # wider: laid out again
            ("20", None),
        ]
        seen: list[list[Strip]] = []
        for value, cls in steps:
            digits.update(value)
            digits.set_class(cls == "at-cap", "at-cap")
            digits.set_class(cls == "between-rounds", "between-rounds")
            await pilot.pause()
            assert painted(digits) == textual_paints(digits), (value, cls)
            seen.append(painted(digits))
        assert seen[2] != seen[3]  # the colour is in the rows: the check above can fail
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause()
        assert painted(digits) == textual_paints(digits)
        assert painted(digits) != seen[-1]
        await pilot.resize_terminal(30, 6)
        await pilot.pause()
        assert painted(digits) == textual_paints(digits)


async def test_selected_digits_are_painted_as_textual_paints_them():
    from textual.geometry import Offset
    from textual.selection import Selection

    app = Stake()
    async with app.run_test(size=(40, 8)) as pilot:
        digits = app.query_one(KeptDigits)
        digits.update("40")
        await pilot.pause()
        plain = painted(digits)
        app.screen.selections = {digits: Selection(Offset(0, 0), Offset(2, 0))}
        await pilot.pause()
        assert painted(digits) == textual_paints(digits)
        assert painted(digits) != plain  # selected: highlighted, so the check can fail
