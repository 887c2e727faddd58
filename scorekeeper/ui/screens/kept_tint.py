"""The table dimmed behind a dialog, taken line by line from the table's own frame.

A dialog's screen is see-through: Textual paints the screen below it again, dimmed, as
the dialog's background whenever the dialog is painted whole (as it opens). Textual
does this through Rich: the table's composed lines are turned into one stream of
pieces, dimmed, and cut back into lines. Here the dialog takes the table's composed
lines as they are and dims each line once: a line of the table that did not change
since the last dialog (the borders, the names, most of the log) is not dimmed again,
and no line goes through Rich. Each piece is dimmed by Textual's own tint
(``BackgroundScreen.process_segments``); tests/test_ui_kept_tint.py compares the
painted screen with Textual's, cell for cell.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import Screen
from textual.strip import Strip

#: Dimmed pieces kept at most: a screen of 80x24 has a few hundred; over a long evening
#: the log's lines come and go, and all are let go at once when this many are kept.
KEPT = 8192
#: Dimmed lines kept at most (let go as the pieces are).
KEPT_LINES = 1024

_dimmed: dict[tuple[Segment, Color], Segment] = {}
_lines: dict[tuple[tuple[Segment, ...], Color, Style, Style | None], Strip] = {}


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


def dimmed_line(line: Strip, color: Color, base: Style, link: Style | None) -> Strip:
    """One line of the screen below, tinted with *color*, then laid on *base* (and
    *link* on what may be clicked) as Textual lays a widget's content on its style;
    the same line is tinted once."""
    key = (tuple(line), color, base, link)
    done = _lines.get(key)
    if done is None:
        if len(_lines) >= KEPT_LINES:
            _lines.clear()
        pieces = []
        for segment in dimmed(key[0], color):
            style = base + segment.style
            if link is not None and style._meta is not None and "@click" in style.meta:
                style += link
            pieces.append(Segment(segment.text, style))
        done = _lines[key] = Strip(pieces, line.cell_length)
    return done


def dimmed_screen(
    below: Screen[object], color: Color, base: Style, link: Style | None
) -> list[Strip]:
    """The screen *below* as its compositor makes it (Textual's BackgroundScreen reads
    the same), every line tinted with *color* and laid on *base* (see dimmed_line)."""
    return [dimmed_line(line, color, base, link) for line in below._compositor.render_strips()]
