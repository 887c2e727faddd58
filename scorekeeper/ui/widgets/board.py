"""A game's board: its pools as they lie on the table, with their chips and carry-overs.

What it shows is the game's read model of its board (``Game.board_view``), the one the
page shows too: this widget only lays it out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid
from textual.widgets import Static

from scorekeeper.core.read_model import BoardView, PoolView
from scorekeeper.messages import t

_CELL_ROOM = 12  # a pool's width before the board is laid out


class PoolCell(Static):
    def show(
        self, board: BoardView, pool: PoolView, *, short: bool = False, seat: int | None = None
    ) -> None:
        """The pool's name, its chips, and who took it or how long it has been carried.

        *short* puts the chips and what follows on one line, for a terminal too low for
        three (80x24). Text, not markup: a player's name is shown as typed. A name too
        long for the cell is given by its *seat* instead, so that it is not cut.
        """
        note, chips, claimed_by = "", pool.chips, pool.claimed_by
        if claimed_by:
            note = t(board.claimed_key, player=claimed_by)
            line = f"{chips} {note}" if short else note
            room = self.content_region.width or _CELL_ROOM
            if seat is not None and cell_len(line) > room:
                note = t(board.claimed_key, player=t("ui.players.seat_n", seat=seat))
        elif pool.carried:
            carried_key = board.carried_short_key if short else board.carried_key
            note = t(carried_key, deals=pool.carried)
        text = Text(t(pool.name), style="bold")
        text.append("\n")
        text.append(str(chips), style="bold")
        if note:
            text.append(" " if short else "\n")
            text.append(note)
        self.update(text)
        self.set_class(chips == 0, "empty")
        self.set_class(bool(claimed_by), "claimed")


class Board(Grid):
    """The pools in the rows of the board's layout (pool words, given by the game's
    screen), each cell shown from the board's read model."""

    def __init__(self, rows: Sequence[Sequence[str]], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._rows = tuple(tuple(row) for row in rows)

    def compose(self) -> ComposeResult:
        for row in self._rows:
            for pool in row:
                yield PoolCell("", id=f"pool-{pool}", classes="pool", markup=False)

    def show(self, board: BoardView, seats: Mapping[str, int] | None = None) -> None:
        """Each pool as *board* has it; a claimant's seat number from *seats*."""
        short = self.has_class("-short")
        for pool in board.pools:
            cell = self.query_one(f"#pool-{pool.pool}", PoolCell)
            seat = (seats or {}).get(pool.claimed_by or "")
            cell.show(board, pool, short=short, seat=seat)
