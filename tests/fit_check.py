"""Find what a screen cuts: text that does not fit its box and is not reachable by scrolling.

A cut is any of these, on the painted screen:
- an ellipsis (…) that Textual draws where it shortens a cell or a line;
- a widget whose box reaches past what its container shows, when no container on the way
  up can scroll to it (a panel taller than its room loses its last lines);
- a text widget whose lines, wrapped to its width, need more rows than it has;
- a table column narrower than its widest cell, or a table wider than its room;
- footer keys past the right edge;
- a line holding a hash (one to be noted down or compared) that wraps: the hash is then
  broken away from what it is, or split;
- a toast over the table's log: the log's last lines are the entry just made.
"""

from __future__ import annotations

import re
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, Input, Static
from textual.widgets._toast import Toast

from scorekeeper.ui.widgets.key_bar import KeyBar
from scorekeeper.ui.widgets.log import LogPanel
from scorekeeper.ui.widgets.players import PlayerTable

#: Ellipses that are part of a message, not a cut (the palette's own prompt; the join
#: dialog's "Aki sits after…", ui.table.join_after).
ELLIPSIS_ALLOWED: tuple[str, ...] = ("sits after…  ",)

#: A hash as the app shows one (a receipt's SHA-256, or its first digits).
HASH = re.compile(r"\b[0-9a-f]{12,}\b")


def painted_lines(screen: Screen[object]) -> list[str]:
    return [strip.text.rstrip() for strip in screen._compositor.render_strips()]


def _label(widget: Widget) -> str:
    ident = f"#{widget.id}" if widget.id else ""
    classes = "".join(f".{name}" for name in sorted(widget.classes))
    return f"{type(widget).__name__}{ident}{classes}"


def _scrolls_to(widget: Widget) -> bool:
    """Whether a container above *widget* can scroll, so what it clips is still reachable."""
    node = widget.parent
    while isinstance(node, Widget):
        if node.allow_vertical_scroll or node.allow_horizontal_scroll:
            return True
        node = node.parent
    return False


def _in_footer(widget: Widget) -> bool:
    node: object = widget
    while isinstance(node, Widget):
        if isinstance(node, KeyBar):
            return True
        node = node.parent
    return False


def cuts(screen: Screen[object]) -> list[str]:
    """Everything *screen* cuts, in words a failing test can print."""
    found: list[str] = []
    for number, line in enumerate(painted_lines(screen)):
        if "…" in line and not any(text in line for text in ELLIPSIS_ALLOWED):
            found.append(f"ellipsis on line {number + 1}: {line.strip()!r}")
    full_map = screen._compositor.full_map
    for widget, geometry in full_map.items():
        if not widget.display or not widget.visible or widget is screen:
            continue
        region, clip = geometry.region, geometry.clip
        shown = region.intersection(clip)
        footer = _in_footer(widget)
        if shown != region and (shown.area or footer) and (footer or not _scrolls_to(widget)):
            found.append(f"{_label(widget)} is cut: {region} shown as {shown}")
        if isinstance(widget, KeyBar):
            found.extend(f"the footer cuts its key {key!r}" for key in widget.cut())
        if isinstance(widget, DataTable):
            found.extend(_table_cuts(widget))
        elif isinstance(widget, PlayerTable):
            found.extend(_players_cuts(widget))
        elif isinstance(widget, Input) and not widget.value:
            found.extend(_placeholder_cuts(widget))
        elif isinstance(widget, Static) and not widget.is_scrollable and not widget.children:
            found.extend(_text_cuts(widget, screen.size))
            found.extend(_hash_cuts(widget))
    found.extend(_toast_cuts(full_map))
    return found


def _hash_cuts(widget: Static) -> list[str]:
    """Each line that holds a hash is painted on one row: a hash wrapped away from what it
    is, or split over two rows, is not read (nor copied) as it is."""
    room = widget.content_region.width
    if not room:
        return []
    found = []
    for line in str(widget.render()).splitlines():
        if HASH.search(line) and cell_len(line) > room:
            found.append(
                f"{_label(widget)} wraps the hash of {line.strip()!r}: "
                f"needs {cell_len(line)} columns, has {room}"
            )
    return found


def _toast_cuts(full_map: Any) -> list[str]:
    """A toast is never over the log's lines: they are the entries just made, which the
    recorder reads after each key."""
    logs = [(w, g) for w, g in full_map.items() if isinstance(w, LogPanel) and w.display]
    found = []
    for toast, geometry in full_map.items():
        if not isinstance(toast, Toast) or not toast.display:
            continue
        for log, log_geometry in logs:
            lines = log.content_region.intersection(log_geometry.clip)
            over = geometry.region.intersection(geometry.clip).intersection(lines)
            if over.area:
                rows = f"{over.y - lines.y + 1} to {over.bottom - lines.y} of {lines.height}"
                found.append(
                    f"a toast covers the log's lines {rows}: {toast._notification.message!r}"
                )
    return found


def _text_cuts(widget: Static, viewport: Size) -> list[str]:
    box = widget.content_region
    if not box.area:
        return []
    if widget.styles.text_wrap == "nowrap":
        wide = widget.get_content_width(Size(10_000, 10_000), viewport)
        if wide > box.width:
            return [f"{_label(widget)} needs {wide} columns, has {box.width}"]
        return []
    tall = widget.get_content_height(box.size, viewport, box.width)
    if tall > box.height:
        return [f"{_label(widget)} needs {tall} rows, has {box.height}"]
    return []


def _table_cuts(table: DataTable[object]) -> list[str]:
    found = []
    wraps = bool(table.rows) and all(row.auto_height for row in table.rows.values())
    for column in table.columns.values():
        if not column.auto_width and column.content_width > column.width and wraps:
            found.extend(_wrapped_cuts(table, column))
        elif not column.auto_width and column.content_width > column.width:
            found.append(
                f"{_label(table)} column {column.label.plain!r} is {column.width} wide, "
                f"its cells need {column.content_width}"
            )
    room = table.scrollable_content_region.width
    if table.virtual_size.width > room:
        found.append(f"{_label(table)} is {table.virtual_size.width} wide, has {room}")
    return found


def _players_cuts(table: PlayerTable) -> list[str]:
    """Every cell whole in its column: on one line, or (the narrowed name column only) in
    as many lines as its row has; and no wider than the room."""
    found = []
    console = table.app.console
    header, *rows = table.cells()
    widths = table.column_widths
    for number, (cell, width) in enumerate(zip(header, widths, strict=True)):
        needs = Text(" " + cell).cell_len
        if needs > width and not (number == 1 and table.name_width is not None):
            found.append(f"{_label(table)} heading {cell!r} needs {needs} columns, has {width}")
    for row, height in zip(rows, table.row_heights, strict=True):
        for number, (cell, width) in enumerate(zip(row, widths, strict=True)):
            needs = Text(" " + cell).cell_len
            if number == 1 and table.name_width is not None:
                lines = len(Text(" " + cell).wrap(console, width))
                if lines > height:
                    found.append(f"{_label(table)} name {cell!r} needs {lines} rows, has {height}")
            elif needs > width:
                found.append(f"{_label(table)} cell {cell!r} needs {needs} columns, has {width}")
    room = table.scrollable_content_region.width
    if sum(widths) > room:
        found.append(f"{_label(table)} is {sum(widths)} wide, has {room}")
    return found


def _wrapped_cuts(table: DataTable[object], column: Any) -> list[str]:
    """A narrowed column whose rows grow to hold its cells: cut only where a cell needs
    more lines than its row has."""
    found = []
    console = table.app.console
    for row_key, row in table.rows.items():
        cell = table.get_cell(row_key, column.key)
        text = cell if isinstance(cell, Text) else Text(str(cell))
        lines = len(text.wrap(console, column.width))
        if lines > row.height:
            found.append(
                f"{_label(table)} column {column.label.plain!r} needs {lines} rows "
                f"for {text.plain!r}, its row has {row.height}"
            )
    return found


def _placeholder_cuts(box: Input) -> list[str]:
    wide, room = cell_len(box.placeholder), box.content_region.width
    if room and wide > room:
        return [f"{_label(box)} placeholder {box.placeholder!r} needs {wide}, has {room}"]
    return []
