"""The first screen: every saved session, to resume, delete, or start a new one."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from scorekeeper.core.times import local_text
from scorekeeper.messages import UserError, t
from scorekeeper.services.catalog import list_sessions
from scorekeeper.services.session_summary import Summary
from scorekeeper.ui.app_protocol import ScoreApp, score_app
from scorekeeper.ui.cells import width
from scorekeeper.ui.game_names import game_name, short_game_name
from scorekeeper.ui.loading import (
    LoadingSessions,
    Progress,
    ReadProgress,
    progress_shown,
    read_now_or_later,
)
from scorekeeper.ui.screens.settle import MarksSessions
from scorekeeper.ui.session_columns import Fit, fit_columns, players_text
from scorekeeper.ui.view_guard import view_failed
from scorekeeper.ui.widgets.key_bar import KeyBar


def names_text(players: tuple[str, ...], room: int | None = None) -> str:
    """Players joined for reading; with *room*, as many as fit and how many more."""
    return players_text(players, room)


def local_time(iso: str | None) -> str:
    """The time of the last entry in the recorder's own time zone."""
    if not iso:
        return ""
    return local_text(iso, "%Y-%m-%d %H:%M")


def _cell(text: str, style: str = "") -> Text:
    # Text, not str: a name such as "[b]" must not be read as markup.
    return Text(text, style=style, no_wrap=True, overflow="ellipsis")


class SessionTable(DataTable[Text]):
    """The sessions, one per row; Enter resumes (shown in the footer, unlike DataTable's);
    Home and End go to the first and the last session (DataTable's scroll sideways)."""

    BINDINGS = [
        Binding("enter", "select_cursor", t("ui.start.key.resume"), id="start-resume"),
        Binding("home", "first_session", show=False),
        Binding("end", "last_session", show=False),
    ]

    def action_first_session(self) -> None:
        self.move_cursor(row=0, animate=False)

    def action_last_session(self) -> None:
        """The last session of the list, even when its row is not yet in the table (the
        rows come a batch at a time: the screen puts the rest in first)."""
        screen = self.screen
        if isinstance(screen, StartScreen):
            screen.fill_all()
        self.move_cursor(row=self.row_count - 1, animate=False)


class StartScreen(MarksSessions, Screen[None]):
    """Lists the stored sessions, most recently updated first (a new one on top); re-read
    each time it comes back into view, the highlight kept on the session just left."""

    BINDINGS = [
        # Priority: the form opens before the next key is handed on, so a name typed
        # right after "n" reaches its name box.
        Binding("n", "new_session", t("ui.start.key.new"), id="start-new", priority=True),
        Binding("a", "same_table", t("ui.start.key.same_table"), id="start-same-table"),
        Binding("d,delete", "delete_session", t("ui.start.key.delete"), id="start-delete"),
        Binding("s", "stats", t("stats.key.open"), id="start-stats"),
        Binding("space", "toggle_mark", t("settle.ui.key.mark"), id="start-mark", show=False),
        Binding("dollar_sign", "settle", t("settle.ui.key.settle"), id="start-settle"),
        Binding("q", "app.quit", t("ui.key.quit"), id="start-quit"),
    ]

    # Columns whose width follows their content; game and players share the rest.
    _FIXED = ("id", "rounds", "leader", "last", "finished")
    #: Each column's heading (catalog keys).
    _HEADINGS = {
        "id": "ui.start.col.id",
        "game": "word.game",
        "players": "word.players",
        "rounds": "ui.start.col.rounds",
        "leader": "ui.start.col.leader",
        "last": "ui.start.col.last",
        "finished": "ui.start.col.finished",
    }

    #: Sessions are read at once, on the UI thread, when what is not cached is this small
    #: (a few hundred entries: milliseconds, and the list drawn whole the first time);
    #: else in a worker thread, the progress shown and the keys answered. Cost, not count:
    #: cached summaries cost nothing to read, one long session not yet cached a lot.
    READ_AT_ONCE_BYTES = 64_000
    #: Rows put in the table before it is first painted, at least; the rest follow in
    #: batches, one after each paint. Textual measures every cell of every row added, a
    #: quarter of a second for 1,000 sessions, which a screenful need not wait for.
    FIRST_ROWS = 60
    MORE_ROWS = 200
    #: How often the data folder is looked at (seconds) for a session or an entry another
    #: process added: names, sizes and times only (Store.stamp); the list is read again,
    #: as when the screen comes back, only when they changed and no read is under way.
    WATCH_EVERY = 2.0

    #: Nothing takes focus as the screen is made: the list takes it once it has rows. (An
    #: empty list, hidden, took it and lost it again: its styles worked out twice more.)
    AUTO_FOCUS = ""

    def __init__(self) -> None:
        super().__init__(id="start")
        self.summaries: list[Summary] = []
        self._reading = 0  # the ticket of the read under way (0: none)
        self._keep: tuple[int | None, int] = (None, 0)  # the session, the row, to stay on
        self._fit = Fit(0, 0, short_games=False)
        self._shown_width = -1  # the width the rows were last fitted to
        self._filling = 0  # the ticket of the rows being put in the table (see _fill)
        self._stamp: object = None  # the session files as they were when last read

    def compose(self) -> ComposeResult:
        yield Static(t("ui.start.title"), id="start-title", markup=False)
        yield LoadingSessions(id="start-loading")
        yield SessionTable(id="start-table", cursor_type="row", zebra_stripes=True)
        yield Static(t("ui.start.empty"), id="start-empty", markup=False)
        yield Static("", id="start-detail", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#start-loading").display = False
        self.set_interval(self.WATCH_EVERY, self._watch)

    def _stamp_now(self) -> object:
        """The session files' names, sizes and times now (None: the folder cannot be read,
        which the list's read says in words)."""
        try:
            return self.sk_app.store.stamp()
        except UserError:
            return None

    def _watch(self) -> None:
        """Read the list again when another process has changed the session files since
        it was last read: while this screen is on top and no read is under way."""
        if self._reading or not self.is_current:
            return
        if self._stamp_now() != self._stamp:
            self.refresh_list()

    def on_screen_resume(self) -> None:
        # Another process (or the table screen just closed) may have changed any session.
        self.refresh_list()

    def on_resize(self) -> None:
        if self.size.width != self._shown_width:  # a new height needs no new columns
            self._show_list()  # the columns fit the new width; nothing to read again

    # -- the list ---------------------------------------------------------------

    @property
    def sk_app(self) -> ScoreApp:
        return score_app(self)

    @property
    def table(self) -> SessionTable:
        return self.query_one("#start-table", SessionTable)

    def highlighted(self) -> Summary | None:
        table = self.table
        if not self.summaries or not 0 <= table.cursor_row < len(self.summaries):
            return None
        return self.summaries[table.cursor_row]

    def refresh_list(self) -> None:
        """Read the sessions again; the cursor stays where it was: on the session whose table
        was just left, else on the same session, else (deleted) on the row where it was."""
        left, self.sk_app.last_opened = self.sk_app.last_opened, None
        if left is not None:
            self._keep = (left, self.table.cursor_row)
        elif not (self._reading and self._keep[0] is not None):  # else: an earlier read's
            self._keep = self._place()
        self._reading = 0  # a read at once is shown now, not held for an older worker's
        # Taken before the read: a change made while it reads is read again at the next look
        # (so is a vouch line the read itself appended: once, and then it is vouched).
        self._stamp = self._stamp_now()
        self._reading = read_now_or_later(
            self,
            self.sk_app.store,
            lambda: self._read(at_most=self.READ_AT_ONCE_BYTES),
            self._read,
            self._listed,
            "start-list",
        )

    def _place(self) -> tuple[int | None, int]:
        """The session highlighted and its row, as the table shows them now."""
        current = self.highlighted()
        return (current.id if current else None), self.table.cursor_row

    def _read(
        self, progress: Progress | None = None, at_most: int | None = None
    ) -> list[Summary] | Exception | None:
        """The sessions (or the error that says why not); None, nothing read, when more
        than *at_most* bytes are not yet summarized, or another read is under way."""
        try:
            return list_sessions(self.sk_app.store, progress, at_most=at_most)
        except UserError as error:
            return error

    def on_read_progress(self, message: ReadProgress) -> None:
        if progress_shown(self, message, self._reading):
            self._reading = 0
            self._listed(message.result)

    def _listed(self, result: list[Summary] | Exception) -> None:
        if isinstance(result, Exception):
            self.summaries = []
            text = result.message() if isinstance(result, UserError) else view_failed(result)
            self.notify(text, title=t("ui.start.cannot_list"), severity="error")
        else:
            self.summaries = result
        self._show_list()

    def _show_list(self) -> None:
        """The sessions read last, in columns that fit the width, the cursor kept."""
        if self._reading:
            return  # shown when the read is done
        table = self.table
        keep_id, keep_row = self._keep if self._keep[0] is not None else self._place()
        self._keep = (None, 0)
        self._shown_width = self.size.width
        table.clear(columns=True)
        self._add_columns(table)
        empty = not self.summaries
        table.display = not empty
        self.query_one("#start-empty").display = empty
        rows = [summary.id for summary in self.summaries]
        row = 0
        if not empty:
            row = rows.index(keep_id) if keep_id in rows else min(keep_row, len(rows) - 1)
        self._filling += 1
        first = max(self.FIRST_ROWS, row + 1 + (self.size.height or 24))
        self._fill(self._filling, 0, first)
        if not empty:
            table.move_cursor(row=row, animate=False)
            table.focus()
        self._show_detail()
        self.paint_marks(refilled=True)  # settle.py: the sessions marked to settle together

    def _fill(self, ticket: int, start: int, end: int) -> None:
        """Rows *start* to *end* of the list, then the next batch after the next paint;
        stops when a newer :meth:`_show_list` has begun again (its own ticket)."""
        if ticket != self._filling:
            return
        table = self.table
        for summary in self.summaries[start:end]:
            table.add_row(*self._cells(summary), key=str(summary.id))
        if start:
            self.paint_marks()  # the marked among the rows just added
        if end < len(self.summaries):
            self.call_after_refresh(self._fill, ticket, end, end + self.MORE_ROWS)

    def fill_all(self) -> None:
        """Every row of the list in the table now (End goes to the last); the batches still
        to come stop, as after a new :meth:`_show_list`."""
        table = self.table
        if self._reading or table.row_count >= len(self.summaries):
            return
        self._filling += 1
        self._fill(self._filling, table.row_count, len(self.summaries))

    def _rows(self) -> list[dict[str, str]]:
        return [self._texts(s) for s in self.summaries]

    def _texts(self, s: Summary) -> dict[str, str]:
        fit = self._fit
        if s.error is not None:
            players = t("ui.start.damaged", error=s.error)
        else:
            players = names_text(s.players, fit.players or None)
        return {
            "id": str(s.id),
            "game": short_game_name(s.game) if fit.short_games else game_name(s.game),
            "players": players,
            "rounds": str(s.rounds),
            "leader": s.leader or "",
            "last": local_time(s.last_at),
            "finished": t("ui.start.finished_mark") if s.finished else "",
        }

    def _add_columns(self, table: SessionTable) -> None:
        labels = {key: t(self._HEADINGS[key]) for key in (*self._FIXED, "game", "players")}
        self._fit = Fit(0, 0, short_games=False)  # measure the whole texts first
        rows = self._rows()
        # Each different text measured once: a thousand sessions hold a few games, leaders
        # and round counts (measuring every cell was a third of the list's first showing).
        column = {key: {labels[key], *(row[key] for row in rows)} for key in labels}
        widths = {key: max(map(width, texts)) for key, texts in column.items()}
        # Every column has one cell of padding each side; keep two for the scrollbar.
        total = (self.size.width or 80) - 2 - 2 * table.cell_padding * len(labels)
        room = max(16, total - sum(widths[key] for key in self._FIXED))
        games = {s.game for s in self.summaries}
        self._fit = fit = fit_columns(
            [labels["game"], *map(game_name, games)],
            [labels["game"], *map(short_game_name, games)],
            list(column["players"]),
            room,
        )
        widths["game"], widths["players"] = fit.game, fit.players
        for key in ("id", "game", "players", "rounds", "leader", "last", "finished"):
            table.add_column(Text(labels[key]), width=widths[key], key=key)  # not markup

    def _cells(self, s: Summary) -> list[Text]:
        texts = self._texts(s)
        style = "bold" if not s.finished else ""
        cells = []
        for key in ("id", "game", "players", "rounds", "leader", "last", "finished"):
            damaged = s.error is not None and key == "players"
            cell_style = self.app.theme_variables.get("error", "") if damaged else ""
            cells.append(_cell(texts[key], cell_style or (style if key == "id" else "")))
        cells[3].justify = "right"
        cells[0].justify = "right"
        return cells

    @on(DataTable.RowHighlighted, "#start-table")
    def _row_highlighted(self) -> None:
        self._show_detail()

    def _show_detail(self) -> None:
        """The whole of the highlighted row, which the columns may have cut short."""
        detail = self.query_one("#start-detail", Static)
        summary = self.highlighted()
        if summary is None:
            detail.update("")
        elif summary.error is not None:
            detail.update(t("ui.start.detail_damaged", session=summary.id, error=summary.error))
        else:
            detail.update(
                t(
                    "ui.start.detail",
                    session=summary.id,
                    game=game_name(summary.game),
                    players=names_text(summary.players),
                )
            )
        detail.set_class(summary is not None and summary.error is not None, "-damaged")

    # -- actions ----------------------------------------------------------------

    @on(DataTable.RowSelected, "#start-table")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        if event.row_key.value is not None:
            self.sk_app.open_session(int(event.row_key.value))

    def action_new_session(self) -> None:
        from scorekeeper.services.known_names import names_of
        from scorekeeper.ui.screens.new_session import NewSessionScreen

        # the names of the sessions listed (read already), else the form reads them
        known = names_of(self.summaries) if self.summaries else None
        self.app.push_screen(NewSessionScreen(known))

    def action_same_table(self) -> None:
        """A new session like the highlighted one (``new --like``), its table opened at
        once: the players are at the table, ready to deal (docs/app-sessions.md)."""
        summary = self.highlighted()
        if summary is None:
            return
        from scorekeeper.services.recording import create_like

        try:
            sid, header = create_like(self.sk_app.store, summary.id)
        except UserError as error:
            self.notify(error.message(), title=t("ui.start.cannot_same_table"), severity="error")
            return
        board = sum(header.board.values())
        if self.sk_app.open_session(sid):
            key = "ui.start.same_table_board" if board else "ui.start.same_table_started"
            self.notify(t(key, session=sid, like=summary.id, chips=board))

    def action_stats(self) -> None:
        from scorekeeper.ui.screens.stats import StatsScreen

        self.app.push_screen(StatsScreen())

    def action_delete_session(self) -> None:
        summary = self.highlighted()
        if summary is None:
            return
        if summary.players:
            question = t(
                "ui.start.confirm_delete",
                session=summary.id,
                players=names_text(summary.players, room=30),
            )
        else:
            question = t("ui.start.confirm_delete_plain", session=summary.id)

        def answered(yes: bool | None) -> None:
            if yes:
                self._trash(summary.id)

        from scorekeeper.ui.screens.dialogs import ConfirmDialog  # loaded when first asked

        self.app.push_screen(ConfirmDialog(question, t("ui.start.delete_yes")), answered)

    def _trash(self, sid: int) -> None:
        try:
            self.sk_app.store.trash(sid)
        except UserError as error:
            self.notify(error.message(), title=t("ui.start.cannot_delete"), severity="error")
            return
        self.notify(t("ui.start.trashed", session=sid))
        self.refresh_list()
