"""The players in seat order, with the columns each game needs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.widgets import DataTable

from scorekeeper.core.state import State
from scorekeeper.messages import t


@dataclass(frozen=True)
class PlayerRow:
    name: str
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
    """Every player in seat order: the marked name, the score, then the game's own cells."""
    return [
        PlayerRow(
            name,
            name_label(state, name, parent_mark),
            score_text(state.scores[name], signed=signed, bad_if_negative=bad_if_negative),
            cells(name),
        )
        for name in state.names()
    ]


NAME_AT_LEAST = 8
"""The narrowest the name column gets when names are too long for the room: they wrap."""


class PlayerTable(DataTable[Text | str]):
    """Seat, name with 親 and ✎ marks, score, then the game's own columns.

    A name too long for the room wraps inside its column rather than pushing the
    columns to its right out of sight (nothing at the table scrolls sideways).
    """

    def on_mount(self) -> None:
        # One space between columns, not two: the seats of a chip game, with the dealer's
        # mark in Japanese, fit beside the pot panel at 80 columns.
        self.cell_padding = 0
        self.cursor_type = "none"
        self.zebra_stripes = True
        self._extra: tuple[str, ...] | None = None
        self._score_label = t("ui.players.score")
        self._name_width: int | None = None
        self._shown: tuple[State, Sequence[PlayerRow], tuple[str, ...], str | None] | None = None
        #: The rows as they are in the table now: (key, height, cells), in order.
        self._rows: list[tuple[str, int | None, tuple[Text, ...]]] = []

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
        columns[0].append(len(str(len(rows))) + 1)
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
        if (
            self._extra != extra_columns
            or self._score_label != label
            or self._name_width != name_width
        ):
            self.clear(columns=True)
            self.add_column(" " + t("ui.players.seat"), key="seat")
            self.add_column(_gap(t("word.player")), key="name", width=name_width)
            self.add_column(_gap(label, "right"), key="score")
            for index, column in enumerate(extra_columns):
                self.add_column(_gap(column), key=f"extra{index}")
            self._extra, self._score_label, self._name_width = extra_columns, label, name_width
            self._rows = []
        # Rows grow to hold a wrapped name only when the name column had to be narrowed.
        height = None if name_width else 1
        wanted = [
            (
                row.name,
                height,
                (
                    Text(f" {seat}", justify="right"),
                    *(_gap(c) for c in (row.label, row.score, *row.extra)),
                ),
            )
            for seat, row in enumerate(rows, start=1)
        ]
        if wanted != self._rows:  # a raise (most keys at a table) changes no row: kept
            self.clear()
            for key, h, cells in wanted:
                self.add_row(*cells, key=key, height=h)
        self._rows = wanted


def _gap(cell: Text | str, justify: str | None = None) -> Text:
    """*cell* after the one space that parts it from the column on its left."""
    text = Text(" ", end="") + (Text(cell) if isinstance(cell, str) else cell)
    if isinstance(cell, Text) and cell.justify:
        text.justify = cell.justify
    if justify:
        text.justify = justify  # type: ignore[assignment]
    return text
