"""A session's receipt: how many entries it holds and the hash of the last one.

Noted down at the table (or kept with an export), it proves later that no entry
was cut off the end or rewritten: the hash chain alone cannot show a cut.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Hex digits of the short form ``verify`` prints, and the fewest ``verify --expect``
#: takes: 64 bits, which no one can match by trying forged files one after another (12
#: digits, 48 bits, are within reach of a patient brute force).
SHORT = 16


@dataclass(frozen=True, slots=True)
class Receipt:
    entries: int
    hash: str  # SHA-256 hex of the last entry (of the header when there is none)

    @property
    def short(self) -> str:
        return self.hash[:SHORT]

    def to_doc(self) -> dict[str, object]:
        return {"entries": self.entries, "hash": self.hash}
