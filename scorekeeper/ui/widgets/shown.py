"""Change what a line of text shows only when it differs, and lay the screen out again
only when its size may have changed.

Textual lays out and paints the whole screen again after any ``Static.update`` that
asks for layout, even with the same words. Most keys at a table change one or two
lines, and those keep their height: a raise is painted without a layout.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


def show_text(widget: Static, content: str | Text, *, layout: bool = True) -> None:
    """*content* in *widget*, unless it shows exactly that already.

    With *layout* the screen is laid out again when the widget's size may change with
    its words: its width follows them, or its height does and now differs. False for a
    widget whose size never depends on its words (a log that takes the room left).
    """
    if _same(widget.content, content):
        return
    box = widget.content_region
    widget.update(content, layout=False)
    if layout and not _keeps_size(widget, box.width, box.height):
        widget.refresh(layout=True)


def _keeps_size(widget: Static, width: int, height: int) -> bool:
    """True when *widget*, *width* x *height* before, is sure to keep that size."""
    styles = widget.styles  # no width or height set: the widget fills the room it has
    if width <= 0 or not widget.display or (styles.width is not None and styles.width.is_auto):
        return False
    if styles.height is None or not styles.height.is_auto:
        return True
    tall = widget.get_content_height(widget.container_size, widget.app.size, width)
    low, high = styles.min_height, styles.max_height  # kept only when given in lines
    gutter = styles.gutter.height if styles.box_sizing == "border-box" else 0
    if low is not None and low.cells is not None:
        tall = max(tall, low.cells - gutter)
    if high is not None and high.cells is not None:
        tall = min(tall, high.cells - gutter)
    return tall == height


def _same(old: object, new: str | Text) -> bool:
    if isinstance(new, str):
        return isinstance(old, str) and old == new
    if not isinstance(old, Text):
        return False
    return (old.plain, old.spans, old.style, old.justify, old.overflow, old.no_wrap, old.end) == (
        new.plain,
        new.spans,
        new.style,
        new.justify,
        new.overflow,
        new.no_wrap,
        new.end,
    )
