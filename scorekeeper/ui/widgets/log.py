"""The latest entries, newest last: time, recorder, what happened; voided or replaced
ones struck through."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from scorekeeper.core.session import Session
from scorekeeper.core.times import local_text
from scorekeeper.messages import t
from scorekeeper.messages.describe import describe_text

#: Enough lines to fill a tall terminal; rendering more would only cost time.
SHOWN = 60


class LogPanel(Static):
    """Newest last, and always the newest: only as many entries as there are lines."""

    _session: Session | None = None

    def on_resize(self) -> None:
        if self._session is not None:
            self.show(self._session)

    def show(self, session: Session) -> None:
        self._session = session
        voided, superseded = session.voided(), session.superseded()
        room = self.content_region.height or SHOWN
        start = max(0, len(session.events) - min(room, SHOWN))
        text = Text(no_wrap=True, overflow="ellipsis")
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
            if index > start:
                text.append("\n")
            text.append_text(line)
        if not session.events:
            text = Text(t("ui.log.empty"), style="dim")
        self.update(text)
