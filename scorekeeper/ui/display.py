"""The table display: a read-only view for a second terminal or a big screen.

It shows the same table screen the recorder sees, with the stake (or the pot)
in very large digits, follows the stored session as the recorder records
(it reads the journal again whenever the file changes, checked twice a second),
and can never change the session: it holds no lock, and every entry is refused.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App, ComposeResult
from textual.widgets import Static

from scorekeeper.core.events import Entry, Event
from scorekeeper.messages import UserError, t
from scorekeeper.services.recording import load_session
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.screens.table_then import ReadOnlyRecording, ReadOnlyTable, show_then
from scorekeeper.ui.view_guard import view_failed
from scorekeeper.ui.widgets.big_number import BigNumber

if TYPE_CHECKING:  # the store is handed in by the command line
    from scorekeeper.storage import Store
    from scorekeeper.ui.screens.timeline import TimelineScreen

#: How often the display looks at the session file (seconds).
FOLLOW_EVERY = 0.5


class LiveSession(ReadOnlyRecording):
    """The stored session as it is now, read again when its file changes; never written."""

    def __init__(self, store: Store, sid: int) -> None:
        super().__init__(sid, load_session(store, sid), "")
        self.store = store
        self._seen = self._stamp()

    def _stamp(self) -> tuple[int, int]:
        try:
            info = self.store.path(self.id).stat()
        except OSError:
            return (-1, -1)
        return (info.st_size, info.st_mtime_ns)

    def follow(self) -> bool:
        """Read the session again if its file changed; True when it did."""
        stamp = self._stamp()
        if stamp == self._seen:
            return False
        self.session = load_session(self.store, self.id)
        self._seen = stamp
        return True

    def check(self, entry: Entry, now: datetime | None = None) -> Event:
        raise UserError("display.read_only")

    def record(self, entry: Entry, now: datetime | None = None) -> Event:
        raise UserError("display.read_only")


class DisplayTable(ReadOnlyTable):
    """Mixed in before a game's read-only table screen: big digits, and it follows."""

    def compose(self) -> ComposeResult:
        yield BigNumber(id="big")
        yield Static("", id="big-caption")
        yield from super().compose()

    def on_mount(self) -> None:
        self.add_class("display")
        self.set_interval(FOLLOW_EVERY, self.follow)

    def _mark_read_only(self) -> None:
        self.title = t("display.title", session=self.recording.id)
        self.add_class("read-only")

    def action_explain(self, action: str) -> None:
        self.say(t("display.read_only"), error=True)

    def action_close(self) -> None:
        self.app.exit()

    def follow(self) -> None:
        live = self.recording
        assert isinstance(live, LiveSession)
        try:
            changed = live.follow()
        except UserError as error:  # the file is being replaced or was damaged: say so, keep going
            self.say(error.message(), error=True)
            return
        if changed:
            try:
                self.refresh_view()
            except Exception as error:  # shown as words; the next change is shown again
                self.say(view_failed(error), error=True)

    def refresh_view(self) -> None:
        super().refresh_view()
        state = self.state
        headline = self.recording.session.game.headline(state)
        if headline.kind == "stake":
            cap = headline.cap if headline.cap is not None else "—"
            caption = t("display.stake", parent=state.parent, cap=cap)
        elif headline.kind == "round":
            caption = t("display.round", parent=state.parent)
        else:
            caption = t("display.pot", parent=state.parent)
        self.query_one(BigNumber).value = str(headline.value)
        self.query_one("#big-caption", Static).update(caption)


def display_screen(store: Store, sid: int) -> TableScreen:
    from scorekeeper.ui.screens.tables import SCREENS

    live = LiveSession(store, sid)
    game_screen = SCREENS[live.session.game.id]
    made: type[TableScreen] = type(
        f"Display{game_screen.__name__}", (DisplayTable, game_screen), {}
    )
    return made(live)


class DisplayApp(App[None]):
    CSS_PATH = Path(__file__).with_name("scorekeeper.tcss")
    TITLE = "scorekeeper"

    def __init__(self, store: Store, session_id: int) -> None:
        super().__init__()
        self.store = store
        self.session_id = session_id

    def on_timeline_screen_show_then(self, request: TimelineScreen.ShowThen) -> None:
        show_then(self, request)

    def on_mount(self) -> None:
        self.push_screen(display_screen(self.store, self.session_id))
