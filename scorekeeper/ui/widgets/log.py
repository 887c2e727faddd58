"""The latest entries, newest last: time, recorder, what happened; voided or replaced
ones struck through."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from scorekeeper.core.session import Session
from scorekeeper.core.times import local_text
from scorekeeper.messages import t
from scorekeeper.messages.describe import describe_text

#: Enough lines to fill a tall terminal; making more would only cost time.
SHOWN = 60
#: Lines made beyond the room the log has now: the line above it (a message) may come or
#: go in the same key, and the newest entry must be painted in the first frame anyway.
SPARE = 4


class LogPanel(Widget):
    """Newest last, and always the newest: only as many entries as there are lines.

    Which entries fit is chosen when the log is painted, at the size it is painted at,
    so a key that also shows or hides the message line above it never paints a frame
    with the newest entry cut off below.
    """

    def __init__(self, *, hints: bool = True, id: str | None = None) -> None:
        """*hints*: say which key starts the session when it is empty (not on a display)."""
        super().__init__(id=id)
        self.hints = hints
        self._session: Session | None = None
        self._lines: list[Text] = []  # oldest first, the newest last
        self._earlier = 0  # entries not read: opened at a checkpoint
        self._made_for = 0  # the room the lines were made for
        self._painted: tuple[int, int, Text] | None = None  # room, columns: text (show clears)

    def on_resize(self) -> None:
        if self._session is not None and self.content_region.height > self._made_for:
            self.show(self._session)

    def show(self, session: Session) -> None:
        self._session = session
        voided, superseded = session.voided(), session.superseded()
        room = min((self.content_region.height or SHOWN) + SPARE, SHOWN)
        start = max(0, len(session.events) - room)
        lines: list[Text] = []
        for index in range(start, len(session.events)):
            event = session.events[index]
            key, params = session.describe(index)
            local = local_text(event.at, "%H:%M:%S")
            line = Text()
            line.append(f"{local} ", style="dim")
            line.append(f"{event.recorder} ", style="italic dim")
            what = describe_text(key, params)
            if event.seq in voided:
                line.append(what, style="strike dim")
                line.append(" " + t("log.voided_by", seq=voided[event.seq]), style="dim")
            elif event.seq in superseded:
                line.append(what, style="strike dim")
                line.append(" " + t("timeline.superseded", seq=superseded[event.seq]), style="dim")
            else:
                line.append(what)
            lines.append(line)
        self._lines, self._earlier, self._made_for = lines, session.history_from - 1, room
        self._painted = None
        self.refresh()  # its height is the room left: its words never change its size

    def render(self) -> Text:
        room, columns = self.content_region.height, self.content_region.width
        painted = self._painted
        if painted is not None and painted[:2] == (room, columns):
            return painted[2]
        text = self._text(room, columns)
        self._painted = (room, columns, text)
        return text

    def _text(self, room: int, columns: int) -> Text:
        """The newest entries that fit *room* lines of *columns*, each whole (a long
        entry wraps)."""
        if not self._lines and not self._earlier:
            return Text(t("ui.log.empty" if self.hints else "ui.log.empty_shown"), style="dim")
        room = room or SHOWN
        kept: list[Text] = []
        used = 0
        for line in reversed(self._lines):
            rows = len(line.wrap(self.app.console, columns)) if columns else 1
            if kept and used + rows > room:
                break
            kept.append(line)
            used += rows
        if self._earlier and used < room:
            kept.append(Text(t("ui.log.earlier", last=self._earlier), style="dim"))
        return Text("\n").join(reversed(kept))
