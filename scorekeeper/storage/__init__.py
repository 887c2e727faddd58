"""Where sessions are kept: one append-only, self-checking journal file per session.

This is the only package that imports TinyDB; the rest of the program sees
plain dicts, :class:`Store` and :class:`SessionWriter`.

The journal's reader and writer (and TinyDB) are loaded when a session is first opened,
not with the package: listing sessions hashes each journal and reads its snapshot's
summaries (storage/lines.py, storage/snapshot.py).
The store itself (and TinyDB) is loaded when first asked for too: a command that only
finds the data folder (``replay`` reading the language chosen last) loads none of it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from scorekeeper.storage.paths import data_root

if TYPE_CHECKING:
    from scorekeeper.storage.errors import StorageError
    from scorekeeper.storage.journal_reading import NotResumable, ResumeAt
    from scorekeeper.storage.store import Store
    from scorekeeper.storage.stored_session import StoredSession
    from scorekeeper.storage.writer import SessionWriter

#: Names loaded with the module that holds them, when first asked for.
_LATER = {
    "StorageError": "scorekeeper.storage.errors",
    "Store": "scorekeeper.storage.store",
    "StoredSession": "scorekeeper.storage.stored_session",
    "NotResumable": "scorekeeper.storage.journal_reading",
    "ResumeAt": "scorekeeper.storage.journal_reading",
    "SessionWriter": "scorekeeper.storage.writer",
}

__all__ = [
    "NotResumable",
    "ResumeAt",
    "SessionWriter",
    "StorageError",
    "Store",
    "StoredSession",
    "data_root",
]


def __getattr__(name: str) -> Any:
    module = _LATER.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # asked for once: later look-ups find it as any other name
    return value
