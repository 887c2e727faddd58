"""The betting at a chip table: whose turn, what it costs to call, the pot and side pots."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Digits, Label, Static

from scorekeeper.core.games.indian_chips import ChipsRound
from scorekeeper.core.state import State
from scorekeeper.messages import t


class PotPanel(Vertical):
    def compose(self) -> ComposeResult:
        yield Label(t("ui.pot.pot"), id="pot-caption")
        yield Digits("0", id="pot-digits")
        yield Static("", id="pot-turn")
        yield Static("", id="pot-layers")

    def show(self, state: State) -> None:
        table = state.table if state.in_round else None
        digits = self.query_one("#pot-digits", Digits)
        turn = self.query_one("#pot-turn", Static)
        layers = self.query_one("#pot-layers", Static)
        if not isinstance(table, ChipsRound):
            digits.update("0")
            ante = state.options.get("ante")
            if state.finished:
                turn.update(t("ui.stake.finished", round=state.round))
            else:
                turn.update(t("ui.pot.next", round=state.round + 1, dealer=state.parent, ante=ante))
            layers.update("")
            return
        digits.update(str(table.pot))
        betting = table.betting
        player = betting.turn(state)
        if player is None:
            turn.update(t("ui.pot.closed"))
        else:
            owed = betting.to_call(state, player)
            key = "ui.pot.turn_call" if owed else "ui.pot.turn_check"
            turn.update(t(key, player=player, call=owed))
        split = betting.layers()
        lines = []
        for index, pot in enumerate(split.pots):
            key = "ui.pot.main" if index == 0 else "ui.pot.side"
            lines.append(t(key, chips=pot.amount, players=" ".join(pot.eligible)))
        raises = state.options.get("raises")
        lines.append(t("ui.pot.raises", used=betting.raises, cap=raises, bet=state.options["bet"]))
        layers.update("\n".join(lines))
