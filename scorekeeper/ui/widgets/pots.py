"""The betting at a chip table: whose turn, what it costs to call, the pot and side pots."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Digits, Label, Static

from scorekeeper.core.betting import Betting
from scorekeeper.core.read_model import RoundView
from scorekeeper.core.state import State
from scorekeeper.messages import t


class PotPanel(Vertical):
    """The pot in large digits, whose turn and what it costs, the pots and the raises."""

    def compose(self) -> ComposeResult:
        yield Label(t("word.pot"), id="pot-caption", markup=False)
        yield Digits("0", id="pot-digits")
        yield Static("", id="pot-turn", markup=False)
        yield Static("", id="pot-layers", markup=False)

    def show(self, state: State, view: RoundView | None, betting: Betting | None) -> None:
        """The round in play as the core reads it (*view*), or what the next round starts with."""
        digits = self.query_one("#pot-digits", Digits)
        turn = self.query_one("#pot-turn", Static)
        layers = self.query_one("#pot-layers", Static)
        if view is None or betting is None:
            digits.update("0")
            ante = state.options.get("ante")
            if state.finished:
                turn.update(t("ui.stake.finished", round=state.round))
            else:
                turn.update(t("ui.pot.next", round=state.round + 1, dealer=state.parent, ante=ante))
            layers.update("")
            self.query_one("#pot-caption", Label).update(t("word.pot"))
            return
        # The digits are every chip in the middle; the lines under them, its parts.
        self.query_one("#pot-caption", Label).update(t("ui.pot.middle_caption"))
        digits.update(str(view.pot))
        if view.to_act is None:
            turn.update(t("ui.pot.closed"))
        else:
            key = "ui.pot.turn_call" if view.to_call else "ui.pot.turn_check"
            turn.update(t(key, player=view.to_act, call=view.to_call))
        lines = []
        for index, pot in enumerate(view.pots):
            key = "ui.pot.main" if index == 0 else "ui.pot.side"
            lines.append(t(key, chips=pot.amount, players=" ".join(pot.eligible)))
        unmatched = view.unmatched
        if unmatched:
            chips = sum(unmatched.values())
            lines.append(t("ui.pot.unmatched", chips=chips, players=" ".join(unmatched)))
        raises = state.options.get("raises")
        lines.append(t("ui.pot.raises", used=betting.raises, cap=raises, bet=state.options["bet"]))
        layers.update("\n".join(lines))
