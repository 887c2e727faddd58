"""Settling from the start screen: mark sessions with Space, settle them with ``$``.

The start screen mixes in :class:`MarksSessions`; what a settlement says comes from
the same code as ``scorekeeper settle`` (export/settlement.py), shown in a modal
screen in the current language: one session alone, or the marked ones together by
player name (docs/rules/settlement.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Static

from scorekeeper.messages import UserError, t
from scorekeeper.ui.app_protocol import score_app

if TYPE_CHECKING:
    from scorekeeper.services.session_summary import Summary
    from scorekeeper.storage import Store


def settlement_lines(store: Store, sids: Sequence[int]) -> tuple[list[str], bool]:
    """What to show for *sids* (one, or several together), each at its own rate (its
    ``rate`` entry: an evening of mixed games settles in money), and whether it is a
    refusal."""
    # Loaded when asked: the start screen, which this module's marks are part of, shows
    # before the rules are imported (benchmarks/bench_startup.py).
    from scorekeeper.export.settlement import season_lines, settle, settle_together
    from scorekeeper.services.recording import load_session

    try:
        if len(sids) == 1:
            settled = settle(load_session(store, sids[0]))
            heading = settled.rate_text()
            return ([heading] if heading and settled.transfers else []) + settled.lines(), False
        sessions = [(sid, load_session(store, sid)) for sid in sids]
        return season_lines(sids, settle_together(sessions)), False
    except UserError as error:
        return [error.message()], True


def share_of(store: Store, sids: Sequence[int]) -> str:
    """The settlement of *sids* as text for a chat app: one session's result (standings,
    who pays whom, its receipt), or several sessions' totals and transfers."""
    from scorekeeper.export.settlement import settle_together
    from scorekeeper.export.share_text import season_text, share_text
    from scorekeeper.messages import language
    from scorekeeper.services.recording import load_session, load_with_receipt

    if len(sids) == 1:
        session, receipt = load_with_receipt(store, sids[0])
        return share_text(session, language(), receipt)
    sessions = [(sid, load_session(store, sid)) for sid in sids]
    return season_text(sids, settle_together(sessions), language())


class SettleScreen(ModalScreen[None]):
    """The settlement of one or several sessions; Enter or Esc closes it, c copies it."""

    BINDINGS = [
        Binding("escape,enter", "close", t("settle.ui.key.close"), id="settle-close"),
        Binding("c", "copy", t("settle.ui.key.copy"), id="settle-copy"),
    ]

    def __init__(
        self,
        title: str,
        lines: list[str],
        refused: bool = False,
        share: Callable[[], str] | None = None,
    ) -> None:
        """*share*: the settlement as text for a chat app, made when it is copied."""
        super().__init__(classes="dialog", id="settle-screen")
        self.title_text = title
        self.lines = lines
        self.refused = refused
        self.share = None if refused else share

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="settle-box"):
            yield Static(
                self.title_text, classes="dialog-question", id="settle-title", markup=False
            )
            # Every payment is reached, by keys too (↑ ↓ PgUp PgDn): the lines scroll.
            with VerticalScroll(id="settle-scroll"):
                body = Static("\n".join(self.lines), id="settle-lines", markup=False)
                body.set_class(self.refused, "-refused")
                yield body
            hint = t("settle.ui.close" if self.share is None else "settle.ui.close_copy")
            yield Static(hint, id="settle-hint", markup=False)

    def on_mount(self) -> None:
        self.query_one("#settle-scroll", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.share is not None if action == "copy" else True

    def action_copy(self) -> None:
        """The settlement as text for a chat app, on the clipboard; said in a toast."""
        if self.share is None:
            return
        try:
            text = self.share()
        except UserError as error:  # (read again: the session changed or cannot be read)
            self.notify(error.message(), severity="error")
            return
        self.app.copy_to_clipboard(text)
        self.notify(t("settle.ui.copied"))


class MarksSessions(Screen[None]):
    """Marks on the start screen's sessions, and settling them.

    Expects the start screen's ``#start-table`` (rows keyed by session number),
    ``summaries`` and ``highlighted()``; ``paint_marks`` is called
    after the list is read again, so marks of sessions still listed stay shown.
    """

    marked: set[int]
    #: Rows drawn marked now: only these and the marked ones are drawn again, not all
    #: 1,000 rows on every change. Emptied when the table is filled again.
    painted: set[int]
    #: The sessions listed, in the table's order, and the one the cursor is on.
    summaries: list[Summary]
    highlighted: Callable[[], Summary | None]

    def _table(self) -> DataTable[Text]:
        return self.query_one("#start-table", DataTable)

    def _listed_ids(self) -> list[int]:
        return [s.id for s in self.summaries]

    def action_toggle_mark(self) -> None:
        summary = self.highlighted()
        if summary is None:
            return
        marks = self._marks()
        marks.symmetric_difference_update({summary.id})
        self.paint_marks()

    def _marks(self) -> set[int]:
        if not hasattr(self, "marked"):
            self.marked = set()
        return self.marked

    def paint_marks(self, refilled: bool = False) -> None:
        """Show which rows are marked (their cells in the accent colour) and list them.
        *refilled*: the table's rows were just made again, none drawn marked."""
        listed = self._listed_ids()
        marks = self._marks()
        marks.intersection_update(listed)
        table = self._table()
        accent = self.app.theme_variables.get("accent", "")
        painted: set[int] = set() if refilled else getattr(self, "painted", set())
        # The start screen puts long lists in its table a batch at a time: the rows not
        # there yet are painted when they come.
        present = {int(key.value) for key in table.rows if key.value is not None}
        self.painted = marks & present
        for sid in sorted((painted | marks) & present):
            row = table.get_row(str(sid))
            for column, cell in zip(table.columns, row, strict=False):
                plain = cell.copy()
                if sid in marks:
                    plain.stylize(f"bold underline {accent}".strip())
                    table.update_cell(str(sid), column, plain)
                elif cell.spans:
                    plain.spans = []
                    table.update_cell(str(sid), column, plain)
        self._show_marks(sorted(marks))  # oldest first, as they are settled

    def _show_marks(self, sids: list[int]) -> None:
        text = t("settle.ui.marked", sessions=t("settle.separator").join(map(str, sids)))
        try:
            line = self.query_one("#start-marks", Static)
        except NoMatches:
            if not sids:
                return
            line = Static("", id="start-marks", markup=False)
            self.mount(line, before="#start-detail")
        line.update(text)
        line.display = bool(sids)

    def action_settle(self) -> None:
        """The marked sessions together (oldest first), else the highlighted one."""
        marks = self._marks()
        if marks:
            sids = sorted(marks)
        else:
            summary = self.highlighted()
            if summary is None:
                self.notify(t("settle.ui.nothing"))
                return
            sids = [summary.id]
        store = score_app(self).store
        lines, refused = settlement_lines(store, sids)
        if len(sids) == 1:
            title = t("settle.ui.title_one", session=sids[0])
        else:
            title = t("settle.ui.title")
        share = partial(share_of, store, sids)
        self.app.push_screen(SettleScreen(title, lines, refused, share))
