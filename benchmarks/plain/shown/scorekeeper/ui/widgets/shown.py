"""PLAIN (benchmarks/ab_plain.py): every line updated through Textual's ``Static.update``,
which lays the screen out again, as before ``show_text`` (c59b5ba)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


def show_text(widget: Static, content: str | Text, *, layout: bool = True) -> None:
    """*content* in *widget*, as Textual updates it."""
    widget.update(content)
