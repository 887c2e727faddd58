"""The latest entries, newest last: time, recorder, what happened; voided or replaced
ones struck through."""

from __future__ import annotations

from rich.text import Text
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from scorekeeper.core.session import Session
from scorekeeper.core.times import local_text
from scorekeeper.messages import language, t
from scorekeeper.messages.describe import describe_text

#: Enough lines to fill a tall terminal; making more would only cost time.
SHOWN = 60
#: Lines made beyond the room the log has now: the line above it (a message) may come or
#: go in the same key, and the newest entry must be painted in the first frame anyway.
SPARE = 4

#: What an entry's line says besides its words: in force, voided by an undo, or replaced
#: by a correction, and by which entry.
_Mark = tuple[str, int]
_IN_FORCE: _Mark = ("", 0)
#: What decides a line's words: (seq, mark, language) for an entry's, which nothing else
#: changes; ("earlier", count, language) and ("empty", hints, language) for the others.
_LineKey = tuple[object, ...]


class LogPanel(Widget):
    """Newest last, and always the newest: only as many entries as there are lines.

    Which entries fit is chosen when the log is painted, at the size it is painted at,
    so a key that also shows or hides the message line above it never paints a frame
    with the newest entry cut off below.

    Each entry's line is made and painted once, and kept while it is shown: a key adds
    one line to the log, and painting the dozen before it again through Textual's text
    pipeline was a tenth of a key's time.
    """

    def __init__(self, *, hints: bool = True, id: str | None = None) -> None:
        """*hints*: say which key starts the session when it is empty (not on a display)."""
        super().__init__(id=id)
        self.hints = hints
        self._session: Session | None = None
        self._lines: list[tuple[_LineKey, Text]] = []  # oldest first, the newest last
        self._earlier = 0  # entries not read: opened at a checkpoint
        self._made_for = 0  # the room the lines were made for
        self._painted: tuple[int, int, Text] | None = None  # room, columns: text (show clears)
        #: Each shown line's rows at a width, in the style below, and the place in the line
        #: of each row's first character: (key, width) -> [(strip, x)].
        self._strips: dict[tuple[_LineKey, int], list[tuple[Strip, int]]] = {}
        self._strips_style: object = None
        #: The rows painted last: (room, columns, rows).
        self._rows: tuple[int, int, list[Strip]] | None = None

    def on_resize(self) -> None:
        if self._session is not None and self.content_region.height > self._made_for:
            self.show(self._session)

    def show(self, session: Session) -> None:
        self._session = session
        voided, superseded = session.voided(), session.superseded()
        room = min((self.content_region.height or SHOWN) + SPARE, SHOWN)
        start = max(0, len(session.events) - room)
        lang = language()
        made = dict(self._lines)
        lines: list[tuple[_LineKey, Text]] = []
        for index in range(start, len(session.events)):
            event = session.events[index]
            seq = event.seq
            if seq in voided:
                mark = ("voided", voided[seq])
            elif seq in superseded:
                mark = ("superseded", superseded[seq])
            else:
                mark = _IN_FORCE
            key = (seq, mark, lang)
            line = made.get(key)
            if line is None:
                line = self._line(session, index, mark)
            lines.append((key, line))
        self._lines, self._earlier, self._made_for = lines, session.history_from - 1, room
        self._painted = self._rows = None
        keys = {key for key, _ in lines}  # strips are kept for the lines still shown
        self._strips = {made: strips for made, strips in self._strips.items() if made[0] in keys}
        self.refresh()  # its height is the room left: its words never change its size

    def _line(self, session: Session, index: int, mark: _Mark) -> Text:
        event = session.events[index]
        key, params = session.describe(index)
        line = Text()
        line.append(f"{local_text(event.at, '%H:%M:%S')} ", style="dim")
        line.append(f"{event.recorder} ", style="italic dim")
        what = describe_text(key, params)
        if mark[0] == "voided":
            line.append(what, style="strike dim")
            line.append(" " + t("log.voided_by", seq=mark[1]), style="dim")
        elif mark[0] == "superseded":
            line.append(what, style="strike dim")
            line.append(" " + t("timeline.superseded", seq=mark[1]), style="dim")
        else:
            line.append(what)
        return line

    # -- painting --------------------------------------------------------------------
    def render(self) -> Text:
        """The lines that fit, as one text (what Textual would paint; tests read it)."""
        room, columns = self.content_region.height, self.content_region.width
        painted = self._painted
        if painted is not None and painted[:2] == (room, columns):
            return painted[2]
        text = Text("\n").join(line for _, line in self._kept(room, columns))
        self._painted = (room, columns, text)
        return text

    def render_line(self, y: int) -> Strip:
        """Row *y* of the lines that fit, each line's strips made once (see the class)."""
        if self.text_selection is not None:  # a selection paints over the words: as Textual
            return super().render_line(y)
        width, height = self.size
        rows = self._rows
        if (
            rows is None
            or rows[:2] != (height, width)
            or self.visual_style is not self._strips_style
        ):
            made: list[Strip] = []
            for number, (key, line) in enumerate(self._kept(height, width)):
                # Each character says where it is in the text (for selecting it with the
                # mouse): its line's place now, which a new entry moves up by one.
                made += [
                    strip.apply_offsets(x, number) for strip, x in self._strips_of(key, line, width)
                ]
            rows = self._rows = (height, width, made[:height])
        if y < len(rows[2]):
            return rows[2][y]
        return Strip.blank(width, self.visual_style.rich_style)

    def _kept(self, room: int, columns: int) -> list[tuple[_LineKey, Text]]:
        """The newest lines that fit *room* rows of *columns*, each whole (a long entry
        wraps), oldest first."""
        lang = language()
        if not self._lines and not self._earlier:
            hint = t("ui.log.empty" if self.hints else "ui.log.empty_shown")
            return [(("empty", self.hints, lang), Text(hint, style="dim"))]
        room = room or SHOWN
        kept: list[tuple[_LineKey, Text]] = []
        used = 0
        for key, line in reversed(self._lines):
            rows = len(self._strips_of(key, line, columns)) if columns else 1
            if kept and used + rows > room:
                break
            kept.append((key, line))
            used += rows
        if self._earlier and used < room:
            earlier = Text(t("ui.log.earlier", last=self._earlier), style="dim")
            kept.append((("earlier", self._earlier, lang), earlier))
        kept.reverse()
        return kept

    def _strips_of(self, key: _LineKey, line: Text, width: int) -> list[tuple[Strip, int]]:
        """*line*'s rows *width* cells wide, as Textual paints them in the whole text (it
        wraps its lines one by one), kept for as long as the line is shown in this style;
        each with the place in the line of its first character."""
        style = self.visual_style
        if style is not self._strips_style:
            self._strips.clear()
            self._strips_style = style
        rows = self._strips.get((key, width))
        if rows is None:
            strips = Visual.to_strips(self, visualize(self, line), width, None, style)
            rows = self._strips[key, width] = [(strip, _first_place(strip)) for strip in strips]
        return rows


def _first_place(strip: Strip) -> int:
    """The place in its line of the first character of *strip* (0 if it has none)."""
    for segment in strip:
        offset = segment.style.meta.get("offset") if segment.style is not None else None
        if offset is not None:
            return int(offset[0])
    return 0
