"""The table screen of indian-chips: the betting of the player whose turn it is, pots, stacks."""

from __future__ import annotations

from textual.widget import Widget

from scorekeeper.core.betting import betting_of
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry
from scorekeeper.core.games.ranking import parse_ranking_words
from scorekeeper.messages import t
from scorekeeper.ui.screens.betting import BettingTable, SeatWords
from scorekeeper.ui.screens.dialogs import TextDialog
from scorekeeper.ui.screens.table_actions import TableAction
from scorekeeper.ui.seats import ranking_example, seat_names
from scorekeeper.ui.widgets.pots import PotPanel


class ChipsTable(BettingTable):
    GAME_ID = "indian-chips"
    SEAT_WORDS = SeatWords("ui.chips.committed", "ui.chips.out", True, True)

    GAME_ACTIONS = (
        TableAction("check", "k", "check"),
        TableAction("bet", "b", "bet"),
        TableAction("call", "c", "call"),
        TableAction("raise_bet", "r", "raise"),
        TableAction("fold_hand", "f", "fold"),
        TableAction("redraw", "d", "redraw"),
        TableAction("showdown_ranking", "s", "showdown", words="showdown", meaning_="names"),
        TableAction("showdown_cards", "v", "showdown", meaning_="cards"),
    )

    def game_panel(self) -> Widget:
        return PotPanel(id="pots")

    def on_resize(self) -> None:
        # The pot panel names a pot's players by seat when names would make it too tall
        # for this screen: a new height may change which.
        self.show_game()

    def show_game(self) -> None:
        state = self.state
        self.query_one(PotPanel).show(state, self.round_view(), betting_of(state))
        self.show_seats()

    def action_check(self) -> None:
        self.bet("check")

    def action_bet(self) -> None:
        self.bet("bet")

    def action_call(self) -> None:
        self.bet("call")

    def action_raise_bet(self) -> None:
        self.bet("raise")

    def action_fold_hand(self) -> None:
        self.bet("fold")

    def action_redraw(self) -> None:
        """Seed 001's redraw (option redraw): the core offers who may still redraw."""
        self.pick("redraw", t("ui.who_redraws"), lambda n: self.record_player("redraw", n))

    def _ranking(self, text: str) -> list[list[str]]:
        return parse_ranking_words(seat_names(self.state, text))

    def action_showdown_ranking(self) -> None:
        live_names = self.legal_kinds().get("showdown", ())
        example = ranking_example(live_names)

        empty = t("ui.hint.ranking_empty", example=example)
        box = {"rules.ranking_syntax": empty}  # the box's words, not the transcript's

        def check(text: str) -> str | None:
            if not text.strip():
                return empty
            try:
                ranking = self._ranking(text)
            except RuleError as error:
                return box.get(error.key) or error.message()
            return self.check_entry("showdown", {"ranking": ranking}, box)

        def done(text: str | None) -> None:
            if text:
                self.record(Entry("showdown", {"ranking": self._ranking(text)}))

        title = t("ui.chips.ranking_title", players=" ".join(live_names))
        dialog = TextDialog(title, t("ui.hint.ranking", example=example), check)
        self.app.push_screen(dialog, done)

    def action_showdown_cards(self) -> None:
        live = self.legal_kinds().get("showdown", ())
        self.ask_cards(t("ui.chips.cards_title"), live, "cards", "showdown")
