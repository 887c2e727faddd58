"""Statistics over every stored session: one game at a time, optionally between two dates."""

from __future__ import annotations

from datetime import date
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Input, Label, Select, Static

from scorekeeper.core.games import get_game
from scorekeeper.core.stats import Totals, combine, game_rank
from scorekeeper.export.stats_table import cell, headings
from scorekeeper.messages import UserError, t
from scorekeeper.services.stats_store import day_range, session_docs
from scorekeeper.ui.app_protocol import ScoreApp, score_app
from scorekeeper.ui.cells import width
from scorekeeper.ui.game_names import game_name
from scorekeeper.ui.loading import (
    LoadingSessions,
    Progress,
    ReadProgress,
    progress_shown,
    read_now_or_later,
)
from scorekeeper.ui.view_guard import view_failed
from scorekeeper.ui.widgets.key_bar import KeyBar


def parse_day(text: str) -> date | None:
    """A typed date, None when empty; ValueError when it is not a date."""
    text = text.strip()
    return date.fromisoformat(text) if text else None


class StatsScreen(Screen[None]):
    """Per player: sessions, rounds, wins, folds, rounds and net as parent, net total."""

    BINDINGS = [
        Binding("escape", "close", t("ui.key.back"), id="stats-close"),
        Binding("g", "next_game", t("stats.key.next_game"), id="stats-next-game"),
    ]

    #: Sessions are read at once, on the UI thread, when what is not cached is this small
    #: (a few hundred entries: milliseconds, and the list drawn whole the first time);
    #: else in a worker thread, the progress shown and the keys answered. Cost, not count:
    #: cached summaries cost nothing to read, one long session not yet cached a lot.
    READ_AT_ONCE_BYTES = 64_000

    def __init__(self) -> None:
        super().__init__(id="stats")
        self.docs: list[dict[str, Any]] = []
        self.totals = Totals([], {})
        self._reading = 0  # the ticket of the read under way (0: none)

    @property
    def sk_app(self) -> ScoreApp:
        return score_app(self)

    def compose(self) -> ComposeResult:
        yield Static(t("stats.title"), id="stats-title", markup=False)
        with Horizontal(id="stats-filters"):
            yield Label(t("stats.game"), classes="stats-label", markup=False)
            yield Select[str]([], id="stats-game", allow_blank=True, compact=True,
                              prompt="-")  # fmt: skip
        # The dates on a line of their own: a game's whole name and both dates do not fit
        # one line of 80 columns in Japanese.
        with Horizontal(id="stats-dates"):
            yield Label(t("stats.from"), classes="stats-label", markup=False)
            yield Input(placeholder=t("stats.date_hint"), id="stats-from", compact=True)
            yield Label(t("stats.to"), classes="stats-label", markup=False)
            yield Input(placeholder=t("stats.date_hint"), id="stats-to", compact=True)
        yield LoadingSessions(id="stats-loading")
        yield Static("", id="stats-summary", markup=False)
        yield DataTable[Text](id="stats-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="stats-empty", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#stats-loading").display = False
        self.reload()

    def on_screen_resume(self) -> None:
        self.reload()

    # -- reading ------------------------------------------------------------------------

    def reload(self) -> None:
        """Read the sessions again (from the cache where unchanged) and redraw: at once when
        little is not yet cached, else in a worker thread, the progress shown and the keys
        answered."""
        self._reading = 0  # a read at once drops an older worker's result
        self._reading = read_now_or_later(
            self,
            self.sk_app.store,
            lambda: self._read(at_most=self.READ_AT_ONCE_BYTES),
            self._read,
            self._read_done,
            "stats-read",
        )

    def _read(
        self, progress: Progress | None = None, at_most: int | None = None
    ) -> list[dict[str, Any]] | Exception | None:
        """The documents (or the error that says why not); None, nothing read, when more
        than *at_most* bytes are not yet counted, or another read is under way."""
        try:
            return session_docs(self.sk_app.store, progress=progress, at_most=at_most)
        except UserError as error:
            return error

    def on_read_progress(self, message: ReadProgress) -> None:
        if progress_shown(self, message, self._reading):
            self._reading = 0
            self._read_done(message.result)

    def _read_done(self, result: list[dict[str, Any]] | Exception) -> None:
        if isinstance(result, Exception):
            self.docs = []
            if isinstance(result, UserError):
                self.notify(result.message(), severity="error")
            else:
                self.notify(view_failed(result), severity="error")
        else:
            self.docs = result
        games = sorted(combine(self.docs).sessions, key=game_rank)
        select = self.query_one("#stats-game", Select)
        current = select.value if isinstance(select.value, str) else None
        with self.prevent(Select.Changed):
            select.set_options((game_name(g), g) for g in games)
            if games:
                select.value = current if current in games else self._latest_game(games)
        self.show()

    def _latest_game(self, games: list[str]) -> str:
        """The game of the session started last: most likely the one asked about."""
        dated = [
            (str(doc.get("started") or ""), str(doc["game"]))
            for doc in self.docs
            if doc.get("error") is None and doc.get("game") in games
        ]
        return max(dated)[1] if dated else games[0]

    def _dates(self) -> tuple[date | None, date | None] | None:
        """The typed range; None (and the field marked) while a date does not parse."""
        days = []
        for ident in ("#stats-from", "#stats-to"):
            field = self.query_one(ident, Input)
            try:
                days.append(parse_day(field.value))
                field.remove_class("-invalid")
            except ValueError:
                field.add_class("-invalid")
                days.append(None)
                return None
        return days[0], days[1]

    # -- showing ------------------------------------------------------------------------

    def show(self) -> None:
        select = self.query_one("#stats-game", Select)
        game_id = select.value if isinstance(select.value, str) else None
        table = self.query_one("#stats-table", DataTable)
        empty = self.query_one("#stats-empty", Static)
        summary = self.query_one("#stats-summary", Static)
        dates = self._dates()
        if dates is None:
            return  # a date half typed: keep the table as it was, the field marked
        table.clear(columns=True)
        if game_id is None:
            self.totals = Totals([], {})
            summary.update("")
            empty.update(t("stats.no_games"))
        else:
            since, until = day_range(*dates)
            self.totals = combine(self.docs, game=game_id, since=since, until=until)
            self._fill(table, game_id)
            summary.update(self._summary_text(game_id, *dates))
            empty.update(t("stats.empty"))
        has_rows = bool(self.totals.players)
        table.display = has_rows
        empty.display = not has_rows

    def _summary_text(self, game_id: str, first: date | None, last: date | None) -> str:
        game = get_game(game_id)
        if first is None and last is None:
            dates = t("stats.all_dates")
        else:
            dates = t(
                "stats.dates",
                first=first.isoformat() if first else t("stats.open_end"),
                last=last.isoformat() if last else t("stats.open_end"),
            )
        if game.lower_is_better:
            net = t("stats.net.losses")
        else:
            net = t("stats.net.chips" if game.uses_chips else "stats.net.points")
        sessions = self.totals.sessions.get(game_id, 0)
        return t("stats.summary", sessions=sessions, dates=dates, net=net)

    def _fill(self, table: DataTable[Text], game_id: str) -> None:
        game = get_game(game_id)
        cols = headings(game)
        rows = self.totals.players
        names = [width(t("stats.col.player")), *(width(p.player) for p in rows)]
        table.add_column(Text(t("stats.col.player")), key="player", width=min(max(names), 16))
        for field, heading in cols:
            values = [width(heading), *(width(cell(p, field, game)) for p in rows)]
            # A set width: numbers line up at the right under their heading.
            table.add_column(Text(heading), key=field, width=max(values))
        for stats in rows:
            cells = [Text(stats.player, no_wrap=True, overflow="ellipsis")]
            for field, _ in cols:
                value = cell(stats, field, game)
                style = "red" if field == "net" and value.startswith("-") else ""
                cells.append(Text(value, justify="right", style=style))
            table.add_row(*cells, key=stats.player)

    # -- input ----------------------------------------------------------------------------

    @on(Select.Changed, "#stats-game")
    def _game_changed(self) -> None:
        self.show()

    @on(Input.Changed, "#stats-from, #stats-to")
    def _dates_changed(self) -> None:
        self.show()

    @on(Input.Submitted, "#stats-from, #stats-to")
    def _dates_submitted(self) -> None:
        self.query_one("#stats-table", DataTable).focus()

    def action_next_game(self) -> None:
        select = self.query_one("#stats-game", Select)
        games = sorted(combine(self.docs).sessions, key=game_rank)
        if not games:
            return
        current = select.value if isinstance(select.value, str) else None
        index = games.index(current) + 1 if current in games else 0
        select.value = games[index % len(games)]

    def action_close(self) -> None:
        self.dismiss(None)
