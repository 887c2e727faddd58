"""The app's board widget lays out any game's board read model (issue 45 point 1): the
pools in the rows its screen gives, each cell from ``BoardView`` with the notes' catalog
keys the game names. It imports no game, so a board of another shape shows as well."""

from __future__ import annotations

from textual.app import App, ComposeResult

from scorekeeper.core.read_model import BoardView, PoolView
from scorekeeper.messages import t
from scorekeeper.ui.widgets.board import Board, PoolCell

#: A board of another shape than Pochen's: two pools, in one row, worded by keys of its own.
ROWS = (("left", "right"),)


def board(claimed_by: str | None, carried: int) -> BoardView:
    pools = (
        PoolView("left", "ui.pochen.pool.ace", 7, claimed_by, 0, True),
        PoolView("right", "ui.pochen.pool.poch", 0, None, carried, False),
    )
    return BoardView((pools,), "ui.table.join_after", "ui.pochen.carried", "ui.pochen.carried")


class BoardApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Board(ROWS, id="board")


def cell_text(app: App[None], pool: str) -> str:
    return str(app.query_one(f"#pool-{pool}", PoolCell).render())


async def test_the_board_shows_each_pool_of_its_read_model_in_the_rows_given():
    app = BoardApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.query_one(Board).show(board("Kai", 3))
        await pilot.pause()
        assert [cell.id for cell in app.query(PoolCell)] == ["pool-left", "pool-right"]
        left, right = cell_text(app, "left"), cell_text(app, "right")
        # the claimed note by the board's own key, with the claimant
        assert left.splitlines() == ["Ace", "7", t("ui.table.join_after", "en", player="Kai")]
        assert right.splitlines() == ["Poch", "0", t("ui.pochen.carried", "en", deals=3)]
        assert app.query_one("#pool-right", PoolCell).has_class("empty")
        assert app.query_one("#pool-left", PoolCell).has_class("claimed")
