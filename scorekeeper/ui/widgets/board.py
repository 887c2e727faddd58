"""Pochen's board: nine pools, eight around the centre, with their chips and carry-overs."""

from __future__ import annotations

from collections.abc import Mapping

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid
from textual.widgets import Static

from scorekeeper.core.games.pochen import BOARD_ROWS
from scorekeeper.messages import t

_CELL_ROOM = 12  # a pool's width before the board is laid out


class PoolCell(Static):
    def show(
        self,
        pool: str,
        chips: int,
        carried: int,
        claimed_by: str | None,
        *,
        short: bool = False,
        seat: int | None = None,
    ) -> None:
        """The pool's name, its chips, and who took it or how long it has been carried.

        *short* puts the chips and what follows on one line, for a terminal too low for
        three (80x24). Text, not markup: a player's name is shown as typed. A name too
        long for the cell is given by its *seat* instead, so that it is not cut.
        """
        note = ""
        if claimed_by:
            note = t("ui.pochen.claimed_by", player=claimed_by)
            line = f"{chips} {note}" if short else note
            room = self.content_region.width or _CELL_ROOM
            if seat is not None and cell_len(line) > room:
                note = t("ui.pochen.claimed_by", player=t("ui.players.seat_n", seat=seat))
        elif carried:
            note = t("ui.pochen.carried_short" if short else "ui.pochen.carried", deals=carried)
        text = Text(t(f"ui.pochen.pool.{pool}"), style="bold")
        text.append("\n")
        text.append(str(chips), style="bold")
        if note:
            text.append(" " if short else "\n")
            text.append(note)
        self.update(text)
        self.set_class(chips == 0, "empty")
        self.set_class(bool(claimed_by), "claimed")


class Board(Grid):
    def compose(self) -> ComposeResult:
        for row in BOARD_ROWS:
            for pool in row:
                yield PoolCell("", id=f"pool-{pool}", classes="pool", markup=False)

    def show(
        self,
        board: Mapping[str, int],
        carried: Mapping[str, int] | None = None,
        claimed: Mapping[str, str] | None = None,
        seats: Mapping[str, int] | None = None,
    ) -> None:
        for row in BOARD_ROWS:
            for pool in row:
                cell = self.query_one(f"#pool-{pool}", PoolCell)
                cell.show(
                    pool,
                    board.get(pool, 0),
                    (carried or {}).get(pool, 0),
                    (claimed or {}).get(pool),
                    short=self.has_class("-short"),
                    seat=(seats or {}).get((claimed or {}).get(pool, "")),
                )
