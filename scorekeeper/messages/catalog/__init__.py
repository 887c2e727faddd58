"""The message catalog, one file per key prefix: ``ui.*`` keys live in ``ui.py``, and so
on (a test checks it). Each holds ``MESSAGES = {key: (English, Japanese)}``.

A prefix too large for one readable file gives a part of its keys a file of their own
(``PARTS``): ``ui.pochen.*`` lives in ``ui_pochen.py``, not in ``ui.py``."""

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

#: Files holding one part of a prefix's keys: file name -> the key prefix all its keys,
#: and no other file's, start with. A key lives in its part's file if it has one, else
#: in the file its first word names.
PARTS: Final = {
    "ui_pochen": "ui.pochen",
    "ui_command_help": "ui.help",
    "rules_pochen": "rules.pochen",
    "rules_propose": "rules.propose",
    "phone_player": "phone.player",
    "phone_proposal": "phone.proposal",
    "ui_proposals": "ui.proposals",
}


def home_file(key: str) -> str:
    """The catalog file *key* belongs in: its part's, else its prefix's (so a reader
    looking for a key knows where to look, and a test keeps each key there)."""
    for name, part in PARTS.items():
        if key.startswith(part + "."):
            return name
    return key.split(".", 1)[0]
