"""JSON read with each object's keys once: a key given twice is refused, never decided.

Python's ``json`` keeps the last of two equal keys and says nothing, while another reader
may keep the first: ``{"kind": "raise", "kind": "fold"}`` would be one entry to us and
another to a tool reading the same file, and the hash chain covers only the one we keep.
So a journal line (storage/lines.py) and a JSON export imported (core/json_import.py) are
read through :func:`loads_unique`. Stdlib only, apart from the packages, so that the core
and the storage can both use it (pyproject's import contracts).
"""

from __future__ import annotations

import json
from typing import Any


class DuplicateKey(ValueError):
    """An object of the text gives *key* twice (a ValueError, as any unreadable JSON)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    doc = dict(pairs)
    if len(doc) != len(pairs):  # rare: only then look for which key came twice
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(key)
            seen.add(key)
    return doc


_DECODER = json.JSONDecoder(object_pairs_hook=_unique)


def loads_unique(text: str) -> Any:
    """``json.loads(text)``, refusing (:class:`DuplicateKey`) an object with a key twice."""
    return _DECODER.decode(text)
