"""Widths inside the app: measured with ``rich.cells.cell_len``, the function Textual
itself lays out and pads cells with (``textual._cells``), so a column sized here is
exactly as wide as what Textual paints in it.

The command line measures with the same function (scorekeeper/export/columns.py, which
imports it lazily); padding and shortening are the shared ones, given this measure.
"""

from __future__ import annotations

from rich.cells import cell_len as width

import scorekeeper.export.columns as shared

__all__ = ["ljust", "rjust", "shorten", "width"]


def ljust(text: str, columns: int) -> str:
    return shared.ljust(text, columns, width)


def rjust(text: str, columns: int) -> str:
    return shared.rjust(text, columns, width)


def shorten(text: str, columns: int) -> str:
    return shared.shorten(text, columns, width)
