"""The table as it was right after one entry: the game's own table screen, only shown.

It is the game's table screen over the session replayed up to that entry
(stake, parent, who had folded, scores, the log so far), given a recorder that
refuses every entry (services/showing.py), so no entry key is offered in the
footer or the palette.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import App

from scorekeeper.core.session import Session
from scorekeeper.core.timeline import session_until
from scorekeeper.core.times import local_text
from scorekeeper.messages import t
from scorekeeper.messages.describe import describe_text
from scorekeeper.services.showing import Shown
from scorekeeper.ui.game_names import short_game_name
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.screens.table_base import Banner
from scorekeeper.ui.screens.tables import screen_class
from scorekeeper.ui.view_guard import open_view

if TYPE_CHECKING:
    from scorekeeper.ui.screens.timeline import TimelineScreen


def then_screen(session: Session, sid: int, index: int) -> TableScreen:
    """The table screen, only shown, right after ``session.events[index]``."""
    event = session.events[index]
    time = local_text(event.at, "%H:%M:%S")
    then = session_until(session, index)
    what = describe_text(*then.describe(len(then.events) - 1))
    line = t("timeline.then.message", seq=then.events[-1].seq, time=time, what=what)
    later_void = session.voided().get(event.seq)
    if later_void is not None:
        line += " " + t("timeline.then.voided", seq=later_void)
    # The game's short label after the title: with its time and session number, the whole
    # name would not fit the header at 80 columns ("Indian Poker (official poi…").
    title = t("timeline.then.title", session=sid, time=time)
    banner = Banner(title, line, sub_title=short_game_name(session.game.id))
    shown = Shown(sid, then, "timeline.read_only", time=time)
    return screen_class(session.game.id)(shown, banner=banner)


def show_then(app: App[Any], request: TimelineScreen.ShowThen) -> None:
    """Push the screen a timeline asked for; if it cannot be built, say why instead."""
    open_view(
        app.push_screen,
        lambda: then_screen(request.session, request.sid, request.index),
        lambda message: app.notify(message, severity="error"),
    )
