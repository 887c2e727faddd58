"""The table as it was right after one entry: the game's own table screen, read-only.

It is the game's table screen over the session replayed up to that entry
(stake, parent, who had folded, scores, the log so far), with every key that
records switched off: the core's ``Recording`` is replaced by one that refuses
everything, and no entry key is offered in the footer or the palette.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.app import App, SystemCommand

from scorekeeper.core.events import Entry, Event
from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.core.timeline import session_until
from scorekeeper.core.times import local_text
from scorekeeper.messages import UserError, t
from scorekeeper.messages.describe import describe_text
from scorekeeper.services.recording import Recording
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.view_guard import open_view

if TYPE_CHECKING:
    from scorekeeper.ui.screens.timeline import TimelineScreen

#: Actions a read-only table still offers: nothing among them records.
_ALLOWED = frozenset({"standings", "close", "explain"})


class ReadOnlyRecording(Recording):
    """A session frozen at one moment: ``check`` and ``record`` always refuse, no lock held."""

    def __init__(self, sid: int, session: Session, time: str) -> None:  # no writer: no lock
        self.id = sid
        self.session = session
        self.time = time

    def check(self, entry: Entry, now: datetime | None = None) -> Event:
        raise UserError("timeline.read_only", time=self.time)

    def record(self, entry: Entry, now: datetime | None = None) -> Event:
        raise UserError("timeline.read_only", time=self.time)

    def close(self) -> None:
        return None

    def receipt(self) -> Receipt | None:  # a moment of the past proves nothing of the file
        return None


class ReadOnlyTable(TableScreen):
    """Mixed in before a game's table screen: shows, never records."""

    later_void: int | None = None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in _ALLOWED:
            return True
        if action in self.ACTIONS or action in ("timeline", "export", "correct_round"):
            return False
        return super().check_action(action, parameters)

    def action_explain(self, action: str) -> None:
        recording = self.recording
        assert isinstance(recording, ReadOnlyRecording)
        self.say(t("timeline.read_only", time=recording.time), error=True)

    def on_mount(self) -> None:
        # TableScreen.on_mount runs after this one (Textual calls both): mark afterwards.
        self.call_later(self._mark_read_only)

    def _mark_read_only(self) -> None:
        recording = self.recording
        assert isinstance(recording, ReadOnlyRecording)
        session = recording.session
        event = session.events[-1]
        self.title = t("timeline.then.title", session=recording.id, time=recording.time)
        what = describe_text(*session.describe(len(session.events) - 1))
        line = t("timeline.then.message", seq=event.seq, time=recording.time, what=what)
        if self.later_void is not None:
            line += " " + t("timeline.then.voided", seq=self.later_void)
        self.say(line)
        self.add_class("read-only")

    def palette_commands(self) -> Iterable[SystemCommand]:
        label = t("ui.palette.key", keys="t", label=t("ui.key.standings"))
        yield SystemCommand(t("ui.help.standings"), label, partial(self.run_action, "standings"))


_CLASSES: dict[type[TableScreen], type[ReadOnlyTable]] = {}


def read_only_class(table: type[TableScreen]) -> type[ReadOnlyTable]:
    """The read-only version of a game's table screen (made once per game, for any game)."""
    if table not in _CLASSES:
        made = type(f"ReadOnly{table.__name__}", (ReadOnlyTable, table), {})
        assert issubclass(made, ReadOnlyTable)
        _CLASSES[table] = made
    return _CLASSES[table]


def then_screen(session: Session, sid: int, index: int) -> ReadOnlyTable:
    """The read-only table screen right after ``session.events[index]``."""
    from scorekeeper.ui.screens.tables import SCREENS

    event = session.events[index]
    time = local_text(event.at, "%H:%M:%S")
    recording = ReadOnlyRecording(sid, session_until(session, index), time)
    screen = read_only_class(SCREENS[session.game.id])(recording)
    screen.later_void = session.voided().get(event.seq)
    return screen


def show_then(app: App[Any], request: TimelineScreen.ShowThen) -> None:
    """Push the screen a timeline asked for; if it cannot be built, say why instead."""
    open_view(
        app.push_screen,
        lambda: then_screen(request.session, request.sid, request.index),
        lambda message: app.notify(message, severity="error"),
    )
