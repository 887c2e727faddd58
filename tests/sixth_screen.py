"""The table screen of the sixth game (tests/sixth_game.py): the stake in large digits,
who passed, and everyone's card. A screen outside scorekeeper.ui, as a game declared
outside the package names it (GameSpec.screen); imported only once the game is
registered (TableScreen asks the registry for its game when the class is made)."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from scorekeeper.core.state import State
from scorekeeper.messages import t
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.screens.table_actions import TableAction
from scorekeeper.ui.widgets.players import PlayerTable, player_rows
from scorekeeper.ui.widgets.stake import StakePanel
from tests.sixth_game import GAME_ID, HighCardRound


def status(state: State, name: str) -> str:
    """In words: passed, sitting out, left, or nothing (in the round or between rounds)."""
    table = state.table if state.in_round and isinstance(state.table, HighCardRound) else None
    if name not in state.seated():
        return t("ui.players.left")
    if table is not None and name not in table.players:
        return t("ui.players.sitting_out")
    if table is not None and name in table.passed:
        return t("log.high-card.pass", player=name)
    return ""


class HighCardTable(TableScreen):
    GAME_ID = GAME_ID
    GAME_ACTIONS = (
        TableAction("pass_round", "o", "pass", words="high-card.pass"),
        TableAction("show", "v", "show", words="high-card.show", meaning_="cards"),
    )

    def game_panel(self) -> Widget:
        return StakePanel(id="stake")

    def show_game(self) -> None:
        state, game = self.state, self.recording.session.game
        self.query_one(StakePanel).show(state, game.headline(state), game)
        mark = t(game.worded("ui.players.mark"))
        rows = player_rows(state, mark, lambda name: (Text(status(state, name)),))
        self.query_one(PlayerTable).show(state, rows, (t("ui.players.round"),))

    def action_pass_round(self) -> None:
        self.pick("pass", t("ui.high-card.who_passes"), lambda n: self.record_player("pass", n))

    def action_show(self) -> None:
        players = self.legal_kinds().get("show", ())
        self.ask_cards(t("ui.high-card.cards_title"), players, "cards", "show")
