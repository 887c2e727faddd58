"""Where sessions are kept: one append-only, self-checking journal file per session.

This is the only package that imports TinyDB; the rest of the program sees
plain dicts, :class:`Store` and :class:`SessionWriter`.
"""

from scorekeeper.storage.errors import StorageError
from scorekeeper.storage.journal import NotResumable, ResumeAt
from scorekeeper.storage.paths import data_root
from scorekeeper.storage.state_checkpoint import StateCheckpoint
from scorekeeper.storage.store import SessionWriter, Store, StoredSession

__all__ = [
    "NotResumable",
    "ResumeAt",
    "SessionWriter",
    "StateCheckpoint",
    "StorageError",
    "Store",
    "StoredSession",
    "data_root",
]
