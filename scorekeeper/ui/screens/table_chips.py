"""The table screen of indian-chips: the betting of the player whose turn it is, pots, stacks."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widget import Widget

from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry
from scorekeeper.core.games.indian_chips import ChipsRound
from scorekeeper.core.games.ranking import pairs_of, parse_ranking_words
from scorekeeper.core.state import State
from scorekeeper.core.words import split_line
from scorekeeper.messages import t
from scorekeeper.ui.screens.dialogs import TextDialog
from scorekeeper.ui.screens.table import TableAction, TableScreen
from scorekeeper.ui.widgets.players import PlayerRow, PlayerTable, name_label, score_text
from scorekeeper.ui.widgets.pots import PotPanel

BETTING = ("check", "bet", "call", "raise", "fold")


def chips_status(state: State, name: str) -> Text:
    table = state.table if state.in_round else None
    if name not in state.seated():
        return Text(t("ui.players.left"), style="dim")
    if not isinstance(table, ChipsRound):
        return Text("" if state.scores[name] else t("ui.chips.out"), style="dim")
    if name not in table.players:
        return Text(t("ui.chips.out"), style="dim")
    if name in table.betting.folded:
        return Text(t("ui.chips.folded"), style="dim")
    if name == table.betting.turn(state):
        return Text("▶ " + t("ui.chips.to_act"), style="bold reverse")
    if state.scores[name] == 0:
        return Text(t("ui.chips.all_in"), style="bold")
    last = table.betting.last.get(name)
    return Text(t(f"ui.chips.did.{last}") if last else "")


def by_seat(state: State, word: str) -> str:
    """A seat number typed for a player becomes that player's name; anything else stays."""
    names = state.names()
    return names[int(word) - 1] if word.isdigit() and 1 <= int(word) <= len(names) else word


def seat_names(state: State, text: str) -> list[str]:
    """Words of a typed ranking with seat numbers replaced by names."""
    return [by_seat(state, w) for w in split_line(text.replace(">", " > ").replace("=", " = "))]


def seat_pairs(state: State, text: str) -> list[tuple[str, str]]:
    """``2=KD,KS D=9C`` -> ``[("B", "KD,KS"), ("D", "9C")]``: seat numbers become names."""
    return [(by_seat(state, name), value) for name, value in pairs_of(split_line(text))]


class ChipsTable(TableScreen):
    GAME_ACTIONS = (
        TableAction("check", "k", "check"),
        TableAction("bet", "b", "bet"),
        TableAction("call", "c", "call"),
        TableAction("raise_bet", "r", "raise"),
        TableAction("fold_hand", "f", "fold"),
        TableAction("showdown_ranking", "s", "showdown"),
        TableAction("showdown_cards", "x", "showdown"),
    )

    def game_panel(self) -> Widget:
        return PotPanel(id="pots")

    def show_game(self) -> None:
        state = self.state
        self.query_one(PotPanel).show(state)
        table = state.table if isinstance(state.table, ChipsRound) and state.in_round else None
        rows = []
        for name in state.names():
            committed = table.betting.committed.get(name, 0) if table else 0
            rows.append(
                PlayerRow(
                    name,
                    name_label(state, name, t("ui.chips.dealer_mark")),
                    score_text(state.scores[name], signed=False),
                    (Text(str(committed) if committed else "", justify="right"),
                     chips_status(state, name)),
                )
            )  # fmt: skip
        columns = (t("ui.chips.committed"), t("ui.players.round"))
        self.query_one(PlayerTable).show(state, rows, columns, t("ui.chips.stack"))

    def probe(self, kind: str) -> dict[str, Any]:
        table = self.state.table
        turn = table.betting.turn(self.state) if isinstance(table, ChipsRound) else None
        if kind in BETTING:
            return {"player": turn or ""}
        return super().probe(kind)

    def _bet(self, kind: str) -> None:
        table = self.state.table
        turn = table.betting.turn(self.state) if isinstance(table, ChipsRound) else None
        self.record(Entry(kind, {"player": turn or ""}))

    def action_check(self) -> None:
        self._bet("check")

    def action_bet(self) -> None:
        self._bet("bet")

    def action_call(self) -> None:
        self._bet("call")

    def action_raise_bet(self) -> None:
        self._bet("raise")

    def action_fold_hand(self) -> None:
        self._bet("fold")

    def _ranking(self, text: str) -> list[list[str]]:
        return parse_ranking_words(seat_names(self.state, text))

    def action_showdown_ranking(self) -> None:
        def check(text: str) -> str | None:
            try:
                ranking = self._ranking(text)
            except RuleError as error:
                return error.message()
            return self.check_entry("showdown", {"ranking": ranking})

        def done(text: str | None) -> None:
            if text:
                self.record(Entry("showdown", {"ranking": self._ranking(text)}))

        live = " ".join(self.legal_kinds().get("showdown", ()))
        title = t("ui.chips.ranking_title", players=live)
        dialog = TextDialog(title, t("ui.chips.ranking_placeholder"), check)
        self.app.push_screen(dialog, done)

    def action_showdown_cards(self) -> None:
        live = self.legal_kinds().get("showdown", ())
        self.ask_cards(t("ui.chips.cards_title"), live, "cards", "showdown")
