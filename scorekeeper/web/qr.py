"""The page's address as a QR code made of text, for a terminal or the app.

Two rows of modules per line of text (half blocks), dark modules drawn in the
foreground colour: shown black on white, it scans whatever the terminal's colours.
"""

from __future__ import annotations

import segno

#: Light modules around the code; scanners need some, two is enough on a screen.
BORDER = 2
#: Error correction: the lowest (a screen is not a torn label), for the smallest code, so
#: that it fits an 80x24 terminal beside its words. segno raises it when that costs nothing.
ERROR = "l"


def qr_lines(text: str) -> list[str]:
    """The QR code of *text* as lines of ``█▀▄`` and spaces (dark = drawn)."""
    code = segno.make(text, error=ERROR, micro=False)
    rows = [[bool(module) for module in row] for row in code.matrix_iter(border=BORDER)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    glyphs = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
    return [
        "".join(glyphs[top, bottom] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(rows[::2], rows[1::2], strict=True)
    ]


def qr_for_terminal(text: str) -> str:
    """The code in black on white (ANSI colours), one line per text line."""
    return "\n".join(f"\x1b[30;47m{line}\x1b[0m" for line in qr_lines(text))
