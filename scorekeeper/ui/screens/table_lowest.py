"""The table screen of indian-lowest: the tally of losses, redraws, reveal or pick the losers."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Label, Static

from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry
from scorekeeper.core.games.indian_lowest import LowestRound
from scorekeeper.core.read_model import shown_round
from scorekeeper.core.state import State
from scorekeeper.messages import t
from scorekeeper.ui.screens.dialogs import TextDialog
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.screens.table_actions import TableAction
from scorekeeper.ui.seats import seat_names, typed
from scorekeeper.ui.widgets.players import PlayerTable, player_rows
from scorekeeper.ui.widgets.toned_digits import TonedDigits


class TallyPanel(Vertical):
    """The round, the dealer, and who has lost the most so far."""

    def compose(self) -> ComposeResult:
        yield Label(t("word.round"), id="tally-caption", markup=False)
        yield TonedDigits("0", id="tally-digits")
        yield Static("", id="tally-info", markup=False)

    def show(self, state: State) -> None:
        number, limit = shown_round(state)  # never the round after the limit
        self.query_one("#tally-digits", TonedDigits).update(str(number))
        worst = max(state.scores.values(), default=0)
        most = [n for n in state.names() if state.scores[n] == worst and worst > 0]
        key = "ui.lowest.in_round" if state.in_round else "ui.lowest.next"
        lines = [t(key, dealer=state.parent)]
        if limit is not None:
            lines.insert(0, t("ui.lowest.of_limit", limit=limit))
        if most:
            lines.append(t("ui.lowest.most", players=", ".join(most), losses=worst))
        if state.finished:
            lines = [t("ui.stake.finished", round=state.round)]
        self.query_one("#tally-info", Static).update("\n".join(lines))


class LowestTable(TableScreen):
    GAME_ID = "indian-lowest"
    GAME_ACTIONS = (
        TableAction("redraw", "d", "redraw"),
        TableAction("reveal", "v", "reveal", meaning_="cards"),
        TableAction("lose", "s", "lose", meaning_="names"),
    )

    def game_panel(self) -> Widget:
        return TallyPanel(id="tally")

    def show_game(self) -> None:
        state = self.state
        self.query_one(TallyPanel).show(state)
        table = state.table if isinstance(state.table, LowestRound) and state.in_round else None

        def cells(name: str) -> tuple[Text, ...]:
            redrew = table is not None and name in table.redraws
            status = ""
            if name not in state.seated():
                status = t("ui.players.left")
            elif table is not None and name not in table.players:
                status = t("ui.players.sitting_out")
            return (Text(t("ui.lowest.redrawn") if redrew else ""), Text(status))

        mark = t(self.recording.session.game.worded("ui.players.mark"))
        rows = player_rows(state, mark, cells, signed=False, bad_if_negative=False)
        columns = (t("ui.lowest.redraw_column"), t("ui.players.round"))
        self.query_one(PlayerTable).show(state, rows, columns, t("ui.lowest.losses"))

    def action_redraw(self) -> None:
        self.pick("redraw", t("ui.who_redraws"), lambda n: self.record_player("redraw", n))

    def action_reveal(self) -> None:
        players = self.legal_kinds().get("reveal", ())
        self.ask_cards(t("ui.lowest.cards_title"), players, "cards", "reveal")

    def action_lose(self) -> None:
        def losers(text: str) -> list[str]:
            return seat_names(self.state, text.replace(",", " "))

        example = " ".join(typed(self.legal_kinds().get("lose", ())[:2]))

        empty = t("ui.hint.losers_empty", example=example)
        box = {"rules.lowest.lose_needs_names": empty}  # the box's words, not the transcript's

        def check(text: str) -> str | None:
            if not text.strip():
                return empty
            try:
                return self.check_entry("lose", {"losers": losers(text)}, box)
            except RuleError as error:
                return error.message()

        def done(text: str | None) -> None:
            if text:
                self.record(Entry("lose", {"losers": losers(text)}))

        dialog = TextDialog(t("ui.lowest.who_lost"), t("ui.hint.losers", example=example), check)
        self.app.push_screen(dialog, done)
