"""What both chip tables share: the seat rows, the status cell, and the betting keys.

The screens ask the core: whose turn and what is in comes from the game's
read model (``Game.round_view``), who folded and each last entry from the
round's ``Betting``; nothing here decides a rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text

from scorekeeper.core.betting import BET_VERBS, Betting, betting_of
from scorekeeper.core.events import Entry
from scorekeeper.core.read_model import RoundView
from scorekeeper.core.state import State
from scorekeeper.messages import t
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.widgets.players import PlayerTable, player_rows

#: The betting entries of both games (only the Poch has ``pass``).
BETTING = ("pass", *BET_VERBS)


@dataclass(frozen=True)
class SeatWords:
    """How a chip table words its seats (a poker-like chip game tells more than the Poch)."""

    committed_column: str  # catalog key of the column of chips in this round
    not_dealt: str  # catalog key for a seated player not dealt in
    out_between_rounds: bool  # a player with no chips is out between rounds too
    tells_last: bool  # all-in, and each player's last entry


def bet_status(
    state: State, betting: Betting | None, turn: str | None, name: str, words: SeatWords
) -> Text:
    """A player's cell in the round column: left, out, folded, to act, all-in, last entry."""
    if name not in state.seated():
        return Text(t("ui.players.left"), style="dim")
    if betting is None:
        if not words.out_between_rounds:
            return Text("")
        return Text("" if state.scores[name] else t("ui.chips.out"), style="dim")
    if name not in betting.players:
        return Text(t(words.not_dealt), style="dim")
    if name in betting.folded:
        return Text(t("ui.chips.did.fold"), style="dim")
    if name == turn:
        return Text("▶ " + t("ui.chips.to_act"), style="bold reverse")
    if not words.tells_last:
        return Text("")
    if state.scores[name] == 0:
        return Text(t("ui.chips.all_in"), style="bold")
    last = betting.last.get(name)
    return Text(t(f"ui.chips.did.{last}") if last else "")


class BettingTable(TableScreen):
    """A chip game's table: its seats, and the betting entries of whoever's turn it is."""

    SHARED_BASE = True
    SEAT_WORDS: ClassVar[SeatWords]

    def round_view(self) -> RoundView | None:
        return self.recording.session.game.round_view(self.state)

    def turn(self) -> str:
        """Whose turn it is to bet ('' when nobody's: the core then says why)."""
        view = self.round_view()
        return (view.to_act if view is not None else None) or ""

    def show_seats(self) -> None:
        state, view, words = self.state, self.round_view(), self.SEAT_WORDS
        betting, turn = betting_of(state), view.to_act if view is not None else None
        committed = view.committed if view is not None else {}

        def cells(name: str) -> tuple[Text, ...]:
            chips = committed.get(name, 0)
            return (
                Text(str(chips) if chips else "", justify="right"),
                bet_status(state, betting, turn, name, words),
            )

        mark = t(self.recording.session.game.worded("ui.players.mark"))
        rows = player_rows(state, mark, cells, signed=False)
        columns = (t(words.committed_column), t("ui.players.round"))
        self.query_one(PlayerTable).show(state, rows, columns, t("word.chips"))

    def bet(self, kind: str) -> None:
        """A betting entry without an amount, by whoever's turn it is."""
        self.record(Entry(kind, {"player": self.turn()}))
