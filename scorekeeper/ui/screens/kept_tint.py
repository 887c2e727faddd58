"""The table dimmed behind a dialog, each of its pieces dimmed once.

A dialog's screen is see-through: Textual paints the screen below it again, dimmed, as
the dialog's background whenever the dialog is painted whole (as it opens). Dimming
works piece by piece (a run of text in one style), and most pieces of a table are the
same from one dialog to the next (the borders, the names, most of the log): this keeps
each dimmed piece, so that opening a dialog dims only what changed since the last.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from textual.color import Color
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import Screen

#: Dimmed pieces kept at most: a screen of 80x24 has a few hundred; over a long evening
#: the log's lines come and go, and all are let go at once when this many are kept.
KEPT = 8192

_dimmed: dict[tuple[Segment, Color], Segment] = {}


class KeptTint:
    """What Textual's BackgroundScreen paints (its own tint, piece by piece), with each
    piece's tint kept."""

    def __init__(self, below: Screen[object], color: Color) -> None:
        self.below = below
        self.color = color

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        return dimmed(console.render(self.below._compositor, options), self.color)


def dimmed(segments: Iterable[Segment], color: Color) -> Iterable[Segment]:
    """*segments* tinted with *color*, as Textual tints them."""
    kept = _dimmed
    tint = BackgroundScreen.process_segments
    for segment in segments:
        key = (segment, color)
        done = kept.get(key)
        if done is None:
            if len(kept) >= KEPT:
                kept.clear()
            done = kept[key] = next(iter(tint([segment], color)))
        yield done
