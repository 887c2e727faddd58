"""The players in seat order, with the columns each game needs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from scorekeeper.core.state import State
from scorekeeper.messages import t


@dataclass(frozen=True)
class PlayerRow:
    name: str
    number: int  # the player's for the session, as the core keeps it (never their place)
    label: Text
    score: Text
    extra: tuple[Text, ...]


def name_label(state: State, name: str, parent_mark: str) -> Text:
    """The name, with the parent's (or dealer's) mark and ✎ for the recorder."""
    label = Text(name, style="bold" if name == state.parent else "")
    if name == state.parent and name in state.seated():
        label.append(" ")
        label.append(parent_mark, style="bold reverse")
    if name == state.recorder:
        label.append(" ✎", style="italic")
    if name not in state.seated():
        label.stylize("dim")
    return label


def score_text(score: int, *, signed: bool = True, bad_if_negative: bool = True) -> Text:
    shown = f"{score:+d}" if signed and score else str(score)
    text = Text(shown, justify="right")
    if bad_if_negative and score < 0:
        text.stylize("red")
    return text


def player_rows(
    state: State,
    parent_mark: str,
    cells: Callable[[str], tuple[Text, ...]],
    *,
    signed: bool = True,
    bad_if_negative: bool = True,
) -> list[PlayerRow]:
    """Every player in seat order: their number, the marked name, the score, then the
    game's own cells."""
    numbers = state.numbers()
    return [
        PlayerRow(
            name,
            numbers[name],
            name_label(state, name, parent_mark),
            score_text(state.scores[name], signed=signed, bad_if_negative=bad_if_negative),
            cells(name),
        )
        for name in state.names()
    ]


NAME_AT_LEAST = 8
"""The narrowest the name column gets when names are too long for the room: they wrap."""


@dataclass(frozen=True)
class _Line:
    """One painted line: the header's, or one line of a row (a wrapped name takes two)."""

    cells: tuple[Text, ...]  # each painted apart, at its own column (as a terminal grid)
    style: str  # the component class that colours it


class PlayerTable(ScrollView, can_focus=True):
    """Seat, name with 親 and ✎ marks, score, then the game's own columns.

    A name too long for the room wraps inside its column rather than pushing the
    columns to its right out of sight (nothing at the table scrolls sideways). With
    more players than lines the rows scroll under a header that stays.

    It looks like a ``DataTable`` with zebra stripes and no cursor, but it lays its
    cells out once per change and paints finished lines: a ``DataTable`` renders every
    cell again after each rebuild, which was a quarter of a new round's key.
    """

    COMPONENT_CLASSES = {"players--header", "players--even-row", "players--odd-row"}

    DEFAULT_CSS = """
    PlayerTable {
        background: $surface;
        color: $foreground;
        height: auto;
        max-height: 100%;
        &:focus {
            background-tint: $foreground 5%;
            & > .players--header {
                background-tint: $foreground 5%;
            }
        }
        &:dark > .players--even-row {
            background: $surface-darken-1 40%;
        }
        & > .players--header {
            text-style: bold;
            background: $panel;
            color: $foreground;
        }
        &:ansi > .players--header {
            background: ansi_bright_blue;
            color: ansi_default;
        }
        & > .players--even-row {
            background: $surface-lighten-1 50%;
        }
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: tuple[State, Sequence[PlayerRow], tuple[str, ...], str | None] | None = None
        self._name_width: int | None = None
        #: What the lines were made from: (headers, width of the name column, rows).
        self._made: object = None
        self._lines: list[_Line] = []
        self._widths: tuple[int, ...] = ()
        self._heights: tuple[int, ...] = ()
        self._cells: list[list[str]] = []
        self._strips: dict[tuple[int, int, int, object], Strip] = {}
        self._styles: dict[str, Style] = {}  # each component class's, until restyled

    # -- reading (tests, fit checks) -------------------------------------------------
    @property
    def name_width(self) -> int | None:
        """The name column's width when it had to be narrowed (names wrap), else None."""
        return self._name_width

    @property
    def column_widths(self) -> tuple[int, ...]:
        return self._widths

    @property
    def row_heights(self) -> tuple[int, ...]:
        return self._heights

    def cells(self) -> list[list[str]]:
        """Every row's cells as plain text, header first (a wrapped cell whole)."""
        return [list(row) for row in self._cells]

    def row_of(self, name: str) -> list[str]:
        """The cells of *name*'s row."""
        names = [row.name for row in self._shown[1]] if self._shown else []
        return list(self._cells[names.index(name) + 1])

    # -- showing ---------------------------------------------------------------------
    def on_resize(self) -> None:
        shown = self._shown
        if shown is not None and self._fitted_name_width(*shown[1:]) != self._name_width:
            self.show(*shown)

    def _fitted_name_width(
        self, rows: Sequence[PlayerRow], extra_columns: tuple[str, ...], score_label: str | None
    ) -> int | None:
        """The name column's width when the names do not fit the room as they are, else None."""
        room = self.scrollable_content_region.width
        if room <= 0:
            return None
        label = score_label or t("ui.players.score")
        headers = (t("ui.players.seat"), label, *extra_columns)
        columns = [[Text(header).cell_len + 1] for header in headers]
        columns[0].append(max((len(str(row.number)) for row in rows), default=1) + 1)
        names = [Text(t("word.player")).cell_len + 1]
        for row in rows:
            names.append(row.label.cell_len + 1)
            for column, cell in zip(columns[1:], (row.score, *row.extra), strict=False):
                column.append(cell.cell_len + 1)
        others = sum(max(column) for column in columns)
        if others + max(names) <= room:
            return None
        return max(NAME_AT_LEAST, room - others)

    def show(
        self,
        state: State,
        rows: Sequence[PlayerRow],
        extra_columns: tuple[str, ...],
        score_label: str | None = None,
    ) -> None:
        self._shown = (state, rows, extra_columns, score_label)
        label = score_label or t("ui.players.score")
        name_width = self._fitted_name_width(rows, extra_columns, score_label)
        header = (
            Text(" " + t("ui.players.seat")),
            _gap(t("word.player")),
            _gap(label, "right"),
            *(_gap(column) for column in extra_columns),
        )
        body = [
            (
                Text(f" {row.number}", justify="right"),
                *(_gap(c) for c in (row.label, row.score, *row.extra)),
            )
            for row in rows
        ]
        made = (header, name_width, body)
        if made == self._made:  # a raise (most keys at a table) changes no row: kept
            return
        self._made, self._name_width = made, name_width
        self._lay_out(header, body, name_width)

    def _lay_out(
        self, header: tuple[Text, ...], body: list[tuple[Text, ...]], name_width: int | None
    ) -> None:
        """The lines to paint: each column as wide as its widest cell (the name column
        *name_width* when set, its names wrapped), the score column on the right."""
        widths = [
            max(cell.cell_len for cell in column) for column in zip(header, *body, strict=True)
        ]
        if name_width is not None:
            widths[1] = name_width
        console = self.app.console
        lines = [
            _Line(
                tuple(_fit(cell, w) for cell, w in zip(header, widths, strict=True)),
                "players--header",
            )
        ]
        heights = []
        for index, row in enumerate(body):
            stripe = "players--odd-row" if index % 2 else "players--even-row"
            parts = [
                _wrapped(cell, w, console) if name_width is not None else [_fit(cell, w)]
                for cell, w in zip(row, widths, strict=True)
            ]
            height = max(len(part) for part in parts)
            for y in range(height):
                line = [
                    part[y] if y < len(part) else Text(" " * w)
                    for part, w in zip(parts, widths, strict=True)
                ]
                lines.append(_Line(tuple(line), stripe))
            heights.append(height)
        self._lines, self._widths, self._heights = lines, tuple(widths), tuple(heights)
        self._cells = [[cell.plain.strip() for cell in row] for row in (header, *body)]
        self._strips.clear()
        # As wide as the room, whatever the columns: the widths change with nearly every
        # round, and a new virtual size makes Textual lay the whole screen out again.
        self.virtual_size = Size(0, len(lines))
        self.refresh()

    # -- painting --------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        width = self.size.width
        scroll_x, scroll_y = self.scroll_offset
        index = y if y == 0 else y + scroll_y  # the header stays when the rows scroll
        base = self.visual_style.rich_style  # kept by Textual (rich_style walks the DOM)
        if index >= len(self._lines):
            return Strip.blank(width, base)
        line = self._lines[index]
        key = (index, scroll_x, width, (base, line.style))
        strip = self._strips.get(key)
        if strip is None:
            style = self._styles.get(line.style)
            if style is None:
                style = self._styles[line.style] = self.get_component_styles(line.style).rich_style
            console = self.app.console
            cells = [segment for cell in line.cells for segment in cell.render(console)]
            segments = Segment.apply_style(cells, style)
            # The header's band runs the whole width; a row's stripe only under its cells.
            rest = style if index == 0 else base
            strip = Strip(segments).crop(scroll_x, scroll_x + width).adjust_cell_length(width, rest)
            self._strips[key] = strip
        return self._strips[key]

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()
        self._styles.clear()


def _fit(cell: Text, width: int) -> Text:
    """*cell* cut or padded to *width* cells, on the side its justify says."""
    fitted = cell.copy()
    fitted.align("right" if cell.justify == "right" else "left", width)
    return fitted


def _wrapped(cell: Text, width: int, console: Console) -> list[Text]:
    """*cell* in lines of *width* cells (a long name wraps), each padded to the width."""
    lines = cell.wrap(console, width, justify=cell.justify or "left")
    return [_fit(line, width) for line in lines] or [Text(" " * width)]


def _gap(cell: Text | str, justify: str | None = None) -> Text:
    """*cell* after the one space that parts it from the column on its left."""
    text = Text(" ", end="") + (Text(cell) if isinstance(cell, str) else cell)
    if isinstance(cell, Text) and cell.justify:
        text.justify = cell.justify
    if justify:
        text.justify = justify  # type: ignore[assignment]
    return text
