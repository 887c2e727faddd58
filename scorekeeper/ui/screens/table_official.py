"""The table screen of indian-official: the stake in large digits, folds, raises, showdowns."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from scorekeeper.core.events import Entry
from scorekeeper.core.read_model import RoundView
from scorekeeper.core.state import State
from scorekeeper.messages import t
from scorekeeper.ui.screens.dialogs import ask_who
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.screens.table_actions import TableAction
from scorekeeper.ui.widgets.players import PlayerTable, player_rows
from scorekeeper.ui.widgets.stake import StakePanel


def official_status(state: State, view: RoundView | None, name: str) -> str:
    """In words: parent, folded at N, in, not dealt in, or left the table."""
    seated = name in state.seated()
    if view is None:
        return "" if seated else t("ui.players.left")
    if name not in view.dealt:
        return t("ui.players.sitting_out") if seated else t("ui.players.left")
    if name in view.folded:
        return t("ui.players.folded_at", stake=view.folded[name])
    return t("word.parent") if name == state.parent else t("ui.players.in")


class OfficialTable(TableScreen):
    GAME_ID = "indian-official"
    GAME_ACTIONS = (
        TableAction("fold", "f", "fold"),
        TableAction("raise_stake", "r", "raise"),
        TableAction("showdown", "s", "showdown", meaning_="names"),
        TableAction("showdown_cards", "v", "showdown", meaning_="cards"),
    )

    def game_panel(self) -> Widget:
        return StakePanel(id="stake")

    def show_game(self) -> None:
        state, game = self.state, self.recording.session.game
        view = game.round_view(state)
        self.query_one(StakePanel).show(state, game.headline(state), game)
        rows = player_rows(
            state,
            t(game.worded("ui.players.mark")),
            lambda name: (Text(official_status(state, view, name)),),
        )
        self.query_one(PlayerTable).show(state, rows, (t("ui.players.round"),))

    def stake(self) -> int:
        return self.recording.session.game.headline(self.state).value

    def action_raise_stake(self) -> None:
        self.record(Entry("raise"))

    def action_fold(self) -> None:
        title = t("ui.table.who_folds", stake=self.stake())
        self.pick("fold", title, lambda name: self.record_player("fold", name))

    def action_showdown(self) -> None:
        choices = self.legal_kinds().get("showdown", ())
        stake = self.stake()
        dialog = ask_who(
            self.app,
            t("ui.table.who_won", stake=stake),
            self._seats(choices),
            check=lambda name: self.check_entry("showdown", {"winner": name}),
            extra=[("cards", t("ui.table.enter_cards"))],
            everyone=self._seats(self.state.names()),
        )
        self.app.push_screen(dialog, self._showdown_picked)

    def _showdown_picked(self, choice: str | None) -> None:
        if choice is None:
            return
        if choice == "\0cards":
            self.action_showdown_cards()
        else:
            self.record(Entry("showdown", {"winner": choice}))

    def action_showdown_cards(self) -> None:
        stake = self.stake()
        contestants = self.legal_kinds().get("showdown", ())
        self.ask_cards(t("ui.table.cards_title", stake=stake), contestants, "cards", "showdown")
