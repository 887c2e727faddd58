"""The table display: a read-only view for a second terminal or a big screen.

It shows the same table screen the recorder sees, with the stake (or the pot)
in very large digits, follows the stored session as the recorder records
(it reads the journal again whenever the file changes, checked twice a second),
and can never change the session: it holds no lock, and every entry is refused.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from scorekeeper.messages import UserError, t
from scorekeeper.services.showing import Followed
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.screens.table_base import Banner
from scorekeeper.ui.screens.table_then import show_then
from scorekeeper.ui.screens.tables import screen_class
from scorekeeper.ui.textual_words import LocalizedApp
from scorekeeper.ui.view_guard import view_failed

if TYPE_CHECKING:  # the store is handed in by the command line
    from scorekeeper.storage import Store
    from scorekeeper.ui.screens.timeline import TimelineScreen

#: How often the display looks at the session file (seconds).
FOLLOW_EVERY = 0.5


def display_screen(store: Store, sid: int) -> tuple[TableScreen, Followed]:
    """The game's table screen over the session as it is now, in big digits, only shown."""
    followed = Followed(store, sid)
    banner = Banner(t("display.title", session=sid))
    screen = screen_class(followed.session.game.id)(followed, banner=banner, big=True)
    return screen, followed


def follow(screen: TableScreen, followed: Followed) -> None:
    """Show what was recorded since, if anything; trouble is said, and the display goes on."""
    try:
        changed = followed.follow()
    except UserError as error:  # the file is being replaced or was damaged: say so, keep going
        screen.say(error.message(), error=True)
        return
    if changed:
        try:
            screen.refresh_view()
        except Exception as error:  # shown as words; the next change is shown again
            screen.say(view_failed(error), error=True)


class DisplayApp(LocalizedApp[None]):
    CSS_PATH = Path(__file__).with_name("scorekeeper.tcss")
    TITLE = "scorekeeper"

    def __init__(self, store: Store, session_id: int) -> None:
        super().__init__()
        self.store = store
        self.session_id = session_id

    def on_timeline_screen_show_then(self, request: TimelineScreen.ShowThen) -> None:
        show_then(self, request)

    def action_help(self) -> None:
        """The table's ? and F1: every key of the screen on top."""
        from scorekeeper.ui.screens.help import show_help

        show_help(self)

    def on_mount(self) -> None:
        screen, followed = display_screen(self.store, self.session_id)
        screen.on_close = self.exit
        self.push_screen(screen)
        self.set_interval(FOLLOW_EVERY, partial(follow, screen, followed))
