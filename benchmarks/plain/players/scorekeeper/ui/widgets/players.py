"""PLAIN (benchmarks/ab_plain.py): the players in Textual's ``DataTable`` (zebra stripes,
no cursor), its rows cleared and added again on every show, as before the table of its
own (0c4410a had a DataTable)."""

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


class PlayerTable(DataTable[Text]):
    """Seat, name with its marks, score, then the game's own columns."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, zebra_stripes=True, cursor_type="none", show_cursor=False)

    def show(
        self,
        state: State,
        rows: Sequence[PlayerRow],
        extra_columns: tuple[str, ...],
        score_label: str | None = None,
    ) -> None:
        self.clear(columns=True)
        label = score_label or t("ui.players.score")
        self.add_columns(t("ui.players.seat"), t("word.player"), label, *extra_columns)
        for row in rows:
            cells = (Text(str(row.number), justify="right"), row.label, row.score, *row.extra)
            self.add_row(*cells)
