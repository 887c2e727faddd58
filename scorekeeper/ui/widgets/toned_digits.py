"""Textual's large digits in a tone: the stake at its cap, or between rounds.

Until issue 45 they also kept the rows of each number once painted; alternated against
Textual's own painting at 2,000 entries and 8 players (benchmarks/ab_plain.py
kept_digits, docs/performance.md) no figure a user feels gained, so they are painted as
Textual paints them."""

from __future__ import annotations

from rich.align import Align
from textual.app import RenderResult
from textual.renderables.digits import Digits as DigitsRenderable
from textual.style import Style as VisualStyle
from textual.widgets import Digits

#: The tones the digits can take besides their own colours, each a component class
#: (``toned-digits--warning``) that the stylesheet colours.
TONES = ("warning", "muted")


class TonedDigits(Digits):
    """Textual's digits, in a tone or in their own colours.

    A tone (the stake at its cap, or between rounds) is a component class, not a CSS
    class on the widget: changing a widget's classes makes Textual style it again
    (about half a millisecond of a showdown's key), where a component's style is
    worked out with the widget's and only looked up.
    """

    COMPONENT_CLASSES = {f"toned-digits--{tone}" for tone in TONES}

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
        return self.get_visual_style(f"toned-digits--{self._tone}")

    def render(self) -> RenderResult:
        if self._tone is None or self.text_selection:
            return super().render()
        # As Textual's digits render, in the tone's colours rather than the widget's.
        rich_style = self.tone_style().rich_style
        digits = DigitsRenderable(self.value, rich_style)
        text_align = self.styles.text_align
        align = "left" if text_align not in {"left", "center", "right"} else text_align
        return Align(digits, align, rich_style)
