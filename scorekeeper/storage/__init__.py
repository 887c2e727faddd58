"""Where sessions are kept: one append-only, self-checking journal file per session.

This is the only package that imports TinyDB; the rest of the program sees
plain dicts, :class:`Store` and :class:`SessionWriter`.
"""

from scorekeeper.storage.errors import StorageError
from scorekeeper.storage.paths import data_root
from scorekeeper.storage.store import SessionWriter, Store, StoredSession

__all__ = ["SessionWriter", "StorageError", "Store", "StoredSession", "data_root"]
