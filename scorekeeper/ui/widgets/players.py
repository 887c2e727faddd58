"""The players in seat order: score, and what each did this round."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from scorekeeper.core.state import State
from scorekeeper.messages import t


def round_status(state: State, name: str) -> str:
    """In words: parent, folded at N, in, out of this round, or left the table."""
    seated = name in state.seated()
    table = state.table
    if not state.in_round or table is None:
        return "" if seated else t("ui.players.left")
    if name not in getattr(table, "players", ()):
        return t("ui.players.sitting_out") if seated else t("ui.players.left")
    folded = dict(getattr(table, "folds", ()))
    if name in folded:
        return t("ui.players.folded_at", stake=folded[name])
    if name == state.parent:
        return t("ui.players.parent_in")
    return t("ui.players.in")


class PlayerTable(DataTable[Text | str]):
    """Seat, name with 親 and ✎ marks, score, and this round's state."""

    def on_mount(self) -> None:
        self.cursor_type = "none"
        self.zebra_stripes = True
        self.add_column(t("ui.players.seat"), key="seat")
        self.add_column(t("ui.players.name"), key="name")
        self.add_column(t("ui.players.score"), key="score")
        self.add_column(t("ui.players.round"), key="round")

    def show(self, state: State) -> None:
        self.clear()
        seated = state.seated()
        for number, name in enumerate(state.names(), start=1):
            label = Text(name, style="bold" if name == state.parent else "")
            if name == state.parent and name in seated:
                label.append(" " + t("ui.players.parent_mark"), style="bold reverse")
            if name == state.recorder:
                label.append(" ✎", style="italic")
            score = state.scores[name]
            score_text = Text(f"{score:+d}" if score else "0", justify="right")
            if score < 0:
                score_text.stylize("red")
            status = Text(round_status(state, name))
            if name not in seated:
                label.stylize("dim")
                status.stylize("dim")
            self.add_row(str(number), label, score_text, status, key=name)
