"""PLAIN (benchmarks/ab_plain.py): without the rows kept (render_line), each number
painted through Textual's pipeline every time, as before 7200b0b.

Large digits that paint each number once: a stake takes a handful of values (10, 20,
40, 80, 160), and painting them again through Textual's pipeline on every raise and
showdown was a tenth of the key's time."""

from __future__ import annotations

from rich.align import Align
from textual.app import RenderResult
from textual.renderables.digits import Digits as DigitsRenderable
from textual.style import Style as VisualStyle
from textual.widgets import Digits

#: Numbers kept at most (each in the sizes and styles it was painted in); more are rare
#: (a chips pot), and the oldest are dropped first.
KEPT = 32

#: The tones the digits can take besides their own colours, each a component class
#: (``kept-digits--warning``) that the stylesheet colours.
TONES = ("warning", "muted")


class KeptDigits(Digits):
    """Textual's digits, with the rows of each number kept once painted.

    A tone (the stake at its cap, or between rounds) is a component class, not a CSS
    class on the widget: changing a widget's classes makes Textual style it again
    (about half a millisecond of a showdown's key), where a component's style is
    worked out with the widget's and only looked up.
    """

    COMPONENT_CLASSES = {f"kept-digits--{tone}" for tone in TONES}

    def __init__(self, value: str = "", *, id: str | None = None) -> None:
        super().__init__(value, id=id)
        self._tone: str | None = None

    @property
    def tone(self) -> str | None:
        return self._tone

    def show(self, value: str, tone: str | None = None) -> None:
        """*value* in *tone* (one of TONES), or in the digits' own colours (None)."""
        if tone is not None and tone not in TONES:
            raise ValueError(f"unknown tone {tone!r}")
        self._tone = tone
        self.update(value)  # (which repaints, the same value too)

    def tone_style(self) -> VisualStyle:
        """The style the digits are painted in: the widget's, or its tone's."""
        if self._tone is None:
            return self.visual_style
        return self.get_visual_style(f"kept-digits--{self._tone}")

    def render(self) -> RenderResult:
        if self._tone is None or self.text_selection:
            return super().render()
        # As Textual's digits render, in the tone's colours rather than the widget's.
        rich_style = self.tone_style().rich_style
        digits = DigitsRenderable(self.value, rich_style)
        text_align = self.styles.text_align
        align = "left" if text_align not in {"left", "center", "right"} else text_align
        return Align(digits, align, rich_style)
