"""The message catalog, one file per key prefix: ``ui.*`` keys live in ``ui.py``, and so
on (a test checks it). Each holds ``MESSAGES = {key: (English, Japanese)}``."""

from typing import Final

#: Every prefix, hence every file: the order the catalog is read in.
PREFIXES: Final = (
    "game",
    "word",
    "log",
    "result",
    "cards",
    "rules",
    "option",
    "transcript",
    "storage",
    "recording",
    "cli",
    "ui",
    "display",
    "ui_help",
    "export",
    "timeline",
    "stats",
    "cli_extra",
    "settle",
    "standings",
    "list",
    "pochen",
    "textual",
    "web",
    "phone",
)
