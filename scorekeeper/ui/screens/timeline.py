"""The timeline: every entry with its local time, recorder and round, filtered by a key.

For a dispute ("when did the stake go up to 40, and had Ben folded by then?")
``s`` leaves only the stake changes and the folds, each with its stake, so
the answer is on one screen. Enter on an entry (or ``g`` and a time) shows
the table as it was right after it, read-only.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from scorekeeper.core.amounts import plain_number
from scorekeeper.core.errors import RuleError
from scorekeeper.core.session import Session
from scorekeeper.core.timeline import TimelineEntry, index_at, parse_time, select, timeline
from scorekeeper.export.timeline_doc import proposed_words
from scorekeeper.messages import t
from scorekeeper.messages.describe import describe_text
from scorekeeper.ui.cells import width
from scorekeeper.ui.screens.dialogs import TextDialog, ask_who
from scorekeeper.ui.widgets.key_bar import KeyBar

#: The columns, in order: their keys and the catalog's words for their headings.
COLUMNS = (
    ("seq", ""),
    ("time", "word.time"),
    ("by", "timeline.col.by"),
    ("round", "timeline.col.round"),
    ("stake", "word.stake"),
    ("what", "timeline.col.what"),
)
#: The fewest columns "what happened" is given before the recorder's column narrows too.
WHAT_AT_LEAST = 24
#: The fewest a narrowed recorder's column keeps: its names wrap under themselves.
BY_AT_LEAST = 6


def fit_widths(
    headings: dict[str, str], rows: list[dict[str, str]], room: int, padding: int
) -> dict[str, int]:
    """Column widths that fit *room* cells (each column padded by *padding* each side):
    every column as wide as its widest cell, but "what happened" (and then the recorder's
    names) takes only the room left, its long lines wrapping within their row."""
    widths = {
        key: max([width(headings[key]), *(width(row[key]) for row in rows)]) for key, _ in COLUMNS
    }
    left = room - 2 * padding * len(COLUMNS) - sum(w for k, w in widths.items() if k != "what")
    if left >= widths["what"]:
        return widths
    if left < WHAT_AT_LEAST:  # the recorder's names wrap first, then what happened
        by = max(BY_AT_LEAST, widths["by"] - (WHAT_AT_LEAST - left))
        left += widths["by"] - by
        widths["by"] = by
    widths["what"] = max(1, left)
    return widths


def stake_cell(entry: TimelineEntry) -> Text:
    """``20 → 40`` for a stake change, ``at 20`` for a fold; struck through once undone
    or replaced, so no stake that no longer counts reads as one that does."""
    gone = "" if entry.in_force else "strike dim"
    if entry.stake_from is not None and entry.stake_to is not None:
        word = t("timeline.stake_from_to", old=entry.stake_from, new=entry.stake_to)
        return Text(word, style=gone or "bold")
    if entry.fold_stake is not None:
        return Text(t("timeline.fold_at", stake=entry.fold_stake), style=gone)
    return Text("")


def what_cell(entry: TimelineEntry) -> Text:
    """What the entry did; struck through, with the entry that did it, once undone or replaced."""
    what = describe_text(entry.key, dict(entry.params))
    proposed = proposed_words(entry.event, by_switch=entry.by_switch)  # a player's (issue 46)
    if entry.in_force:
        text = Text(what)
        if proposed:
            text.append(" · " + proposed, style="dim")
        return text
    text = Text()
    text.append(what, style="strike dim")  # the words struck through, the mark readable
    if proposed:
        text.append(" · " + proposed, style="dim")
    if entry.voided_by is not None:
        text.append(" " + t("log.voided_by", seq=entry.voided_by), style="dim")
    if entry.superseded_by is not None:
        text.append(" " + t("timeline.superseded", seq=entry.superseded_by), style="dim yellow")
    return text


@dataclass(frozen=True)
class Filters:
    """What the timeline is filtered to: the stake changes and folds only, one round, one
    player (None: every one)."""

    stake: bool = False
    round: int | None = None
    player: str | None = None


class TimelineScreen(Screen[None]):
    """Every entry of a session, newest at the bottom, filtered by key; read-only.

    The filters are one reactive attribute: a key or a dialog's answer sets it, and
    :meth:`watch_filters` shows the list and the line that says the filters again (as
    Textual's own examples keep state that several widgets show)."""

    #: Set anew by every filter key (always_update: a key that changes nothing still
    #: shows the list again, its last entry highlighted, as before).
    filters: reactive[Filters] = reactive(Filters, init=False, always_update=True)

    BINDINGS = [
        Binding("a", "filter_all", t("timeline.key.all"), id="timeline-all"),
        Binding("s", "filter_stake", t("timeline.key.stake"), id="timeline-stake"),
        # Priority: the app runs a key that opens a box before it hands on the next key
        # (ui/app.py holds them until the box has the focus), so "r" "1" Enter typed in
        # one burst reaches the round box; without it the list took "1" and lost it.
        Binding("r", "filter_round", t("timeline.key.round"), id="timeline-round", priority=True),
        Binding(
            "p", "filter_player", t("timeline.key.player"), id="timeline-player", priority=True
        ),
        Binding("g", "at_time", t("timeline.key.at"), id="timeline-at", priority=True),
        Binding("enter", "then", t("timeline.key.then"), id="timeline-then"),
        # Priority: it closes before the next key is handed on, which reaches the table
        Binding("escape,i,q", "close", t("ui.key.back"), id="timeline-close", priority=True),
    ]

    def __init__(self, session: Session, sid: int) -> None:
        super().__init__(classes="timeline-screen")
        self.session = session
        self.sid = sid
        self.entries = timeline(session)
        self.shown: list[TimelineEntry] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="timeline-filter", markup=False)
        yield DataTable[Text | str](id="timeline-table", cursor_type="row", zebra_stripes=True)
        yield KeyBar(compact=True)

    def on_mount(self) -> None:
        self.title = t("timeline.title", session=self.sid)
        self.sub_title = t(self.session.game.name_key)
        self.show()
        self.query_one("#timeline-table", DataTable).focus()

    def on_resize(self, event: events.Resize) -> None:
        """The columns are fitted to the width: a new width fits them again."""
        if self._fitted_to not in (None, event.size.width):
            table = self.query_one("#timeline-table", DataTable)
            self.show(cursor=table.cursor_row)

    _fitted_to: int | None = None

    @property
    def stake(self) -> bool:
        return self.filters.stake

    @property
    def round(self) -> int | None:
        return self.filters.round

    @property
    def player(self) -> str | None:
        return self.filters.player

    def watch_filters(self) -> None:
        self.show()

    # -- the list --------------------------------------------------------------------
    def show(self, cursor: int | None = None) -> None:
        """The entries the filters leave, the last highlighted (or row *cursor*).

        Each row is whole at any width: "what happened" takes the room the other
        columns leave and wraps within its row, never running off the right edge."""
        self.shown = select(self.entries, stake=self.stake, round=self.round, player=self.player)
        table = self.query_one("#timeline-table", DataTable)
        table.clear(columns=True)
        rows = [
            {
                "seq": Text(str(entry.seq), justify="right", style="dim"),
                "time": Text(entry.local_time()),
                "by": Text(entry.event.recorder),
                "round": Text(str(entry.round), justify="right"),
                "stake": stake_cell(entry),
                "what": what_cell(entry),
            }
            for entry in self.shown
        ]
        headings = {key: t(words) if words else "#" for key, words in COLUMNS}
        plain = [{key: cell.plain for key, cell in row.items()} for row in rows]
        # The screen's width, less the scrollbar a long list shows.
        self._fitted_to = self.size.width or self.app.size.width
        room = self._fitted_to - 2
        widths = fit_widths(headings, plain, room, table.cell_padding)
        for key, _ in COLUMNS:
            table.add_column(Text(headings[key]), key=key, width=widths[key])
        for entry, row in zip(self.shown, rows, strict=True):
            table.add_row(*row.values(), key=str(entry.seq), height=None)
        if self.shown:
            last = len(self.shown) - 1
            table.move_cursor(row=last if cursor is None else min(cursor, last))
        self.query_one("#timeline-filter", Static).update(self._filter_text())

    def _filter_text(self) -> str:
        parts = []
        if self.stake:
            parts.append(t("timeline.filter.stake"))
        if self.round is not None:
            parts.append(t("timeline.filter.round", round=self.round))
        if self.player is not None:
            parts.append(t("timeline.filter.player", player=self.player))
        what = ", ".join(parts) or t("timeline.filter.all")
        line = t("timeline.showing", filter=what, count=len(self.shown), total=len(self.entries))
        if not self.shown:
            return f"{line}\n{t('timeline.none')}"
        return f"{line}\n{t('timeline.hint')}"

    def highlighted(self) -> TimelineEntry | None:
        table = self.query_one("#timeline-table", DataTable)
        if not self.shown or table.cursor_row < 0 or table.cursor_row >= len(self.shown):
            return None
        return self.shown[table.cursor_row]

    # -- filters ---------------------------------------------------------------------
    def action_filter_all(self) -> None:
        self.filters = Filters()

    def action_filter_stake(self) -> None:
        self.filters = replace(self.filters, stake=not self.filters.stake)

    def action_filter_round(self) -> None:
        last = self.session.state.round
        if last == 0:
            self.notify(t("timeline.no_rounds"), severity="warning")
            return

        current = self.highlighted()
        hint = str(current.round) if current and current.round else str(last)

        def check(text: str) -> str | None:
            number = plain_number(text.strip() or hint)  # Enter alone takes the round shown
            if number is not None and 1 <= number <= last:
                return None
            return t("timeline.bad_round", last=last)

        def done(text: str | None) -> None:
            number = None if text is None else plain_number(text.strip() or hint)
            if number is not None:
                self.filters = replace(self.filters, round=number)

        self.app.push_screen(TextDialog(t("timeline.round_title", last=last), hint, check), done)

    def action_filter_player(self) -> None:
        state = self.session.state
        seats = [(number, name) for name, number in state.numbers().items()]

        def done(name: str | None) -> None:
            if name:
                self.filters = replace(self.filters, player=name)

        self.app.push_screen(ask_who(self.app, t("timeline.player_title"), seats), done)

    # -- the table then ----------------------------------------------------------------
    def action_at_time(self) -> None:
        current = self.highlighted()
        hint = current.local_time() if current else ""

        def index_for(text: str) -> int:  # Enter alone takes the time shown
            return index_at(self.session, parse_time(text.strip() or hint, self.session))

        def check(text: str) -> str | None:
            try:
                index_for(text)
            except RuleError as error:
                return error.message()
            return None

        def done(text: str | None) -> None:
            if text is not None:
                self.show_then(index_for(text))

        self.app.push_screen(TextDialog(t("timeline.at_title"), hint, check), done)

    def action_then(self) -> None:
        entry = self.highlighted()
        if entry is not None:
            self.show_then(entry.index)

    @on(DataTable.RowSelected, "#timeline-table")
    def _selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_then()

    class ShowThen(Message):
        """Show the table as it was right after entry *index*: the app builds that screen
        (ui/screens/table_then.py), so the timeline need not know the table screens."""

        def __init__(self, session: Session, sid: int, index: int) -> None:
            super().__init__()
            self.session, self.sid, self.index = session, sid, index

    def show_then(self, index: int) -> None:
        self.post_message(self.ShowThen(self.session, self.sid, index))

    def action_close(self) -> None:
        self.dismiss(None)
