"""Column widths for terminal text: a Japanese character takes two columns."""

from __future__ import annotations

import unicodedata


def width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def ljust(text: str, columns: int) -> str:
    return text + " " * max(0, columns - width(text))


def rjust(text: str, columns: int) -> str:
    return " " * max(0, columns - width(text)) + text
