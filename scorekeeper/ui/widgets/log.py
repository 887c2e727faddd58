"""The latest entries, newest last: time, recorder, what happened; voided or replaced
ones struck through."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from scorekeeper.core.session import Session
from scorekeeper.core.times import local_text
from scorekeeper.messages import t
from scorekeeper.messages.describe import describe_text
from scorekeeper.ui.widgets.shown import show_text

#: Enough lines to fill a tall terminal; rendering more would only cost time.
SHOWN = 60


class LogPanel(Static):
    """Newest last, and always the newest: only as many entries as there are lines."""

    _session: Session | None = None

    def __init__(self, *, hints: bool = True, id: str | None = None) -> None:
        """*hints*: say which key starts the session when it is empty (not on a display)."""
        super().__init__("", id=id, markup=False)
        self.hints = hints

    def on_resize(self) -> None:
        if self._session is not None:
            self.show(self._session)

    def show(self, session: Session) -> None:
        self._session = session
        voided, superseded = session.voided(), session.superseded()
        room = min(self.content_region.height or SHOWN, SHOWN)
        columns = self.content_region.width
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
        # A long entry wraps: keep the newest entries that fit, each whole.
        kept: list[Text] = []
        used = 0
        for line in reversed(lines):
            rows = len(line.wrap(self.app.console, columns)) if columns else 1
            if kept and used + rows > room:
                break
            kept.append(line)
            used += rows
        earlier = session.history_from - 1  # entries not read: opened at a checkpoint
        if earlier and used < room:
            kept.append(Text(t("ui.log.earlier", last=earlier), style="dim"))
        text = Text("\n").join(reversed(kept))
        if not session.events and not earlier:
            text = Text(t("ui.log.empty" if self.hints else "ui.log.empty_shown"), style="dim")
        show_text(self, text, layout=False)  # its height is the room left: words never change it
