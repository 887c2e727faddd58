"""A number in block digits that grow with the room they have: the stake from across the table."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

# 3 wide, 5 high; "#" is ink.
_FONT = {
    "0": ("###", "# #", "# #", "# #", "###"),
    "1": (" # ", "## ", " # ", " # ", "###"),
    "2": ("###", "  #", "###", "#  ", "###"),
    "3": ("###", "  #", " ##", "  #", "###"),
    "4": ("# #", "# #", "###", "  #", "  #"),
    "5": ("###", "#  ", "###", "  #", "###"),
    "6": ("###", "#  ", "###", "# #", "###"),
    "7": ("###", "  #", "  #", "  #", "  #"),
    "8": ("###", "# #", "###", "# #", "###"),
    "9": ("###", "# #", "###", "  #", "###"),
    "-": ("   ", "   ", "###", "   ", "   "),
    "—": ("   ", "   ", "###", "   ", "   "),
    " ": ("   ", "   ", "   ", "   ", "   "),
}


def block_lines(value: str, scale: int) -> list[str]:
    """The rows of *value* drawn at *scale* (each ink cell becomes scale×2 wide, scale high)."""
    rows = []
    for row in range(5):
        cells = []
        for char in value:
            glyph = _FONT.get(char, _FONT[" "])[row]
            cells.append("".join(("█" if c == "#" else " ") * (2 * scale) for c in glyph))
        line = (" " * (2 * scale)).join(cells)
        rows.extend([line] * scale)
    return rows


class BigNumber(Widget):
    DEFAULT_CSS = """
    BigNumber {
        height: 1fr;
        content-align: center middle;
    }
    """

    value: reactive[str] = reactive("")

    def render(self) -> Text:
        width, height = self.content_region.size
        if not self.value or width <= 0 or height <= 0:
            return Text(self.value)
        # the largest scale that fits: 5 rows per scale, 8 columns per digit per scale
        columns = len(self.value) * 8 - 2
        scale = max(1, min(height // 5, width // max(columns, 1)))
        return Text("\n".join(block_lines(self.value, scale)), justify="center")
