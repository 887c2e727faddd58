"""The latest entries, newest last: time, recorder, what happened; voided or replaced
ones struck through. One text that Textual paints, made when it is painted.

Until issue 45 each entry's line was made and painted once and kept while shown;
alternated against this plain way at 2,000 entries and 8 players (benchmarks/ab_plain.py
log at 4e5d50f, three runs; docs/performance.md) no figure a user feels gained in more
than one run, so the log is painted as Textual paints a text."""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text
from textual.widget import Widget

from scorekeeper.core.session import Session
from scorekeeper.core.times import local_text
from scorekeeper.messages import t
from scorekeeper.messages.describe import describe_text

#: Lines shown at most, before the log is laid out (a tall terminal's worth).
SHOWN = 60


class LogPanel(Widget):
    """Newest last, and always the newest: the entries that fit are chosen when the log is
    painted, at the size it is painted at, so a key that also shows or hides the message
    line above it never paints a frame with the newest entry cut off below."""

    def __init__(self, *, hints: bool = True, id: str | None = None) -> None:
        """*hints*: say which key starts the session when it is empty (not on a display)."""
        super().__init__(id=id)
        self.hints = hints
        self._session: Session | None = None

    def show(self, session: Session) -> None:
        self._session = session
        self.refresh()  # its height is the room left: its words never change its size

    def render(self) -> Text:
        """The newest entries that fit, each line whole (a long entry wraps), oldest first."""
        session = self._session
        if session is None or (not session.events and session.history_from <= 1):
            return Text(t("ui.log.empty" if self.hints else "ui.log.empty_shown"), style="dim")
        room, columns = self.content_region.height or SHOWN, self.content_region.width or 80
        voided, superseded = session.voided(), session.superseded()
        console = self.app.console
        kept: list[Text] = []
        used = 0
        for index in range(len(session.events) - 1, -1, -1):
            line = _line(session, index, voided, superseded)
            rows = len(line.wrap(console, columns))
            if kept and used + rows > room:
                break
            kept.append(line)
            used += rows
        else:
            if session.history_from > 1 and used < room:
                earlier = t("ui.log.earlier", last=session.history_from - 1)
                kept.append(Text(earlier, style="dim"))
        kept.reverse()
        return Text("\n").join(kept)


def _line(
    session: Session, index: int, voided: Mapping[int, int], superseded: Mapping[int, int]
) -> Text:
    event = session.events[index]
    key, params = session.describe(index)
    line = Text()
    line.append(f"{local_text(event.at, '%H:%M:%S')} ", style="dim")
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
    return line
