"""The betting at a chip table: whose turn, what it costs to call, the pot and side pots."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.css.scalar import Unit
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Digits, Label, Static

from scorekeeper.core.betting import Betting
from scorekeeper.core.read_model import RoundView
from scorekeeper.core.state import State
from scorekeeper.export.live import pot_lines
from scorekeeper.messages import t
from scorekeeper.ui.round_words import round_words

_ROOM = 26  # the panel's width inside its border and padding, before it is laid out
_FIXED_ROWS = 6  # border, caption and the three rows of digits


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
                turn.update(
                    t("ui.pot.next", round=round_words(state), dealer=state.parent, ante=ante)
                )
            layers.update("")
            self.query_one("#pot-caption", Label).update(t("word.pot"))
            return
        # The digits are every chip in the middle; the lines under them, its parts.
        self.query_one("#pot-caption", Label).update(t("ui.pot.middle_caption"))
        digits.update(str(view.pot))
        if view.to_act is None:
            turn_line = t("ui.pot.closed")
        else:
            key = "ui.pot.turn_call" if view.to_call else "ui.pot.turn_check"
            turn_line = t(key, player=view.to_act, call=view.to_call)
        turn.update(turn_line)
        lines = self._pot_lines(state, view, by_seat=False)
        if self._too_tall([turn_line, *lines]):
            lines = self._pot_lines(state, view, by_seat=True)
        raises = state.options.get("raises")
        lines.append(t("ui.pot.raises", used=betting.raises, cap=raises, bet=state.options["bet"]))
        layers.update("\n".join(lines))

    def _pot_lines(self, state: State, view: RoundView, *, by_seat: bool) -> list[str]:
        """Each pot and who can win it, by name or (for long names) by seat number."""
        numbers = state.numbers()

        def who(players: Iterable[str]) -> str:
            if not by_seat:
                return " ".join(players)
            seats = " ".join(str(numbers[p]) for p in players if p in numbers)
            return t("ui.pot.seats", seats=seats)

        return pot_lines(view, who)

    def _too_tall(self, lines: list[str]) -> bool:
        """Whether *lines* (and the raises line under them) would push the panel past the
        height its row may take on this screen, so that its last lines would be cut."""
        row = self.parent
        limit = row.styles.max_height if isinstance(row, Widget) else None
        if limit is None:
            return False
        # A height in % is of the room the screen's docked bars (header, keys) leave.
        screen = self.screen
        room = Size(screen.size.width, screen.size.height - _docked_rows(screen))
        rows_left = int(limit.resolve(room, self.app.size)) - _FIXED_ROWS
        width = self.content_region.width or _ROOM
        needed = sum(len(Text(line).wrap(self.app.console, width)) for line in lines) + 1
        return needed > rows_left


def _docked_rows(screen: Widget) -> int:
    """The rows the screen's bars docked at its top and bottom take (their set heights)."""
    rows = 0
    for child in screen.children:
        height = child.styles.height
        if child.display and child.styles.dock in ("top", "bottom") and height is not None:
            rows += int(height.value) if height.unit == Unit.CELLS else 0
    return rows
