"""Large digits that paint each number once: a stake takes a handful of values (10, 20,
40, 80, 160), and painting them again through Textual's pipeline on every raise and
showdown was a tenth of the key's time."""

from __future__ import annotations

from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widgets import Digits

#: Numbers kept at most (each in the sizes and styles it was painted in); more are rare
#: (a chips pot), and the oldest are dropped first.
KEPT = 32


class KeptDigits(Digits):
    """Textual's digits, with the rows of each number kept once painted."""

    def __init__(self, value: str = "", *, id: str | None = None) -> None:
        super().__init__(value, id=id)
        self._kept: dict[tuple[object, ...], list[Strip]] = {}

    def render_line(self, y: int) -> Strip:
        if self.text_selection is not None:  # a selection paints over the digits: as Textual
            return super().render_line(y)
        width, height = self.size
        style = self.visual_style
        # Everything that decides the rows: the number, the room, the colours (the whole
        # style: "at cap" and "between rounds" change them, and change them back; so
        # does a theme) and the alignment.
        key = (self.value, width, height, style, self.styles.text_align)
        rows = self._kept.get(key)
        if rows is None:
            rows = Visual.to_strips(self, visualize(self, self.render()), width, height, style)
            if len(self._kept) >= KEPT:
                del self._kept[next(iter(self._kept))]
            self._kept[key] = rows
        return rows[y] if y < len(rows) else Strip.blank(width, style.rich_style)
