"""Standings: totals, rank and the game's own columns; final once the session has ended."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.core.standings import standings, standings_counts
from scorekeeper.export.settlement import settle
from scorekeeper.export.share_text import share_text
from scorekeeper.messages import language, t
from scorekeeper.ui.widgets.chart import ScoreChart
from scorekeeper.ui.widgets.key_bar import KeyBar


class StandingsScreen(Screen[None]):
    # Priority: it closes before the next key is handed on, which reaches the table
    BINDINGS = [
        Binding("escape,t,q", "close", t("ui.key.back"), id="standings-close", priority=True),
        Binding("dollar_sign", "rate", t("ui.key.rate"), id="standings-rate"),
        Binding("c", "copy", t("settle.ui.key.copy"), id="standings-copy"),
        # Shown in the footer; ↑ ↓ PgUp Home End scroll too (the body has the focus).
        Binding("pagedown", "more", t("settle.ui.key.more"), id="standings-more", priority=True),
    ]

    def __init__(
        self,
        session: Session,
        receipt: Receipt | None = None,
        ask_rate: Callable[[], None] | None = None,
    ) -> None:
        """*ask_rate*: the table's question for the session's rate (``$``), where the
        table records; it comes back here with the settle-up in money."""
        super().__init__(classes="standings-screen")
        self.session = session
        self.ask_rate = ask_rate
        self.receipt = receipt  # at the end of a session: note it down at the table
        # Everything is read from the core now, so a view that cannot be built
        # fails here, where the table screen can say so (ui/view_guard.py).
        state, game = session.state, session.game
        self.chips = game.uses_chips
        self.lines = standings(state)
        self.counts = standings_counts(game, state)  # the game's own columns
        self.signed_score = not (game.uses_chips or game.lower_is_better)
        # Made now, so that a view that cannot be built fails here; at the session's own
        # rate (its rate entry: set on the table with $), never one of another session.
        self.settled = settle(session) if state.finished else None
        self.chart = ScoreChart(session, id="standings-chart")

    def compose(self) -> ComposeResult:
        yield Header()
        # One scrolling body: every payment is reached at 80x24, by keys too.
        with VerticalScroll(id="standings-body"):
            yield Static("", id="standings-title", markup=False)
            table = DataTable[Text | str](
                id="standings-table", cursor_type="row", zebra_stripes=True
            )
            table.can_focus = False  # the body has the focus: the arrows scroll it
            yield table
            yield self.chart
            yield Static("", id="standings-settlement", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        state = self.session.state
        self.title = t("word.standings")
        self.sub_title = t(self.session.game.name_key)
        key = "ui.standings.final" if state.finished else "ui.standings.after"
        if state.in_round:  # the nets are those after the last finished round: say so
            key = "ui.standings.in_play"
        self.query_one("#standings-title", Static).update(
            t(key, rounds=len(state.results), entries=len(self.session.events), round=state.round)
        )
        table = self.query_one("#standings-table", DataTable)
        table.add_column(Text(t("word.rank")), key="rank")
        table.add_column(Text(t("word.player")), key="name")
        table.add_column(Text(t("ui.standings.total")), key="total")
        if self.chips:
            table.add_column(Text(t("word.net")), key="net")
        for key, _ in self.counts:
            table.add_column(Text(t(key)), key=key)
        for line in self.lines:
            cells = [Text(str(line.rank), justify="right"), Text(line.player)]
            cells.append(_number(line.score, signed=self.signed_score))
            if self.chips:
                cells.append(_number(line.net, signed=True))
            cells += [Text(str(n[line.player]), justify="right") for _, n in self.counts]
            table.add_row(*cells, key=line.player)
        self.show_settlement()
        self.query_one("#standings-body", VerticalScroll).focus()

    def settlement_lines(self) -> list[str]:
        """Who pays whom, at the session's rate; the receipt last."""
        if self.settled is None:
            lines = []
        else:
            settled = self.settled
            heading = settled.rate_text()
            lines = [heading] if heading and settled.transfers else []
            lines += settled.lines()
        if self.receipt is not None:
            # The hash under its words, indented: at 80 columns it never wraps away from
            # them or in two, so it is read (and noted down) as it is.
            lines.append(t("ui.standings.receipt", entries=self.receipt.entries))
            lines.append(f"  {self.receipt.hash}")
        return lines

    def show_settlement(self) -> None:
        """At the end of the session: who pays whom, with the fewest transfers."""
        box = self.query_one("#standings-settlement", Static)
        lines = self.settlement_lines()
        box.display = bool(lines)
        if lines:
            box.update("\n".join([t("timeline.settlement"), *(f"  {x}" for x in lines)]))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The rate is asked where the table records, once there is something to pay."""
        if action == "rate":
            return self.ask_rate is not None and self.session.state.finished
        if action == "copy":  # the result, once there is one
            return self.settled is not None
        return True

    def action_copy(self) -> None:
        """The result as text for a chat app, on the clipboard (the phones share the same)."""
        self.app.copy_to_clipboard(share_text(self.session, language(), self.receipt))
        self.notify(t("settle.ui.copied"))

    def action_rate(self) -> None:
        """Back to the table, which asks the rate and records it as an entry."""
        ask = self.ask_rate
        if ask is not None:
            self.dismiss(None)
            self.app.call_later(ask)

    def action_more(self) -> None:
        self.query_one("#standings-body", VerticalScroll).scroll_page_down()

    def action_close(self) -> None:
        self.dismiss(None)


def _number(value: int, *, signed: bool) -> Text:
    """Right-aligned; a result gets its sign, and red when it is below zero."""
    text = Text(f"{value:+d}" if signed and value else str(value), justify="right")
    if signed and value < 0:
        text.stylize("red")
    return text
