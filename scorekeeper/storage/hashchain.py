"""Tamper evidence: every stored entry carries a hash chained to the one before.

The header document's ``chain`` is ``sha256(GENESIS + canonical(header))``;
entry *i*'s is ``sha256(chain(i-1) + "\\n" + canonical(entry i))``, where
canonical is the document without its ``chain`` key, as sorted compact JSON.
Changing, inserting or removing an entry (even with its line checksum fixed)
breaks the chain at that entry. Rewriting every later hash too hides an edit
from ``verify``; the last hash that ``verify`` prints, written down at the
table, catches that as well.

Files written before the chain existed have no ``chain`` keys: they read as
before and verify as "no chain". Entries appended to such a file later are
chained from the (recomputed) hashes of what came before.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorekeeper.storage.checkpoint import Checkpoint

KEY = "chain"
GENESIS = "scorekeeper-chain/1\n"


def canonical(doc: Mapping[str, Any]) -> bytes:
    """The bytes a document's hash covers: everything but its own ``chain``."""
    body = {k: v for k, v in doc.items() if k != KEY}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return text.encode("ascii")


def as_stored(doc: Mapping[str, Any]) -> dict[str, Any]:
    """*doc* as it reads back from the journal (tuples become lists and so on)."""
    return json.loads(json.dumps(doc, ensure_ascii=True, allow_nan=False))  # type: ignore[no-any-return]


def header_hash(header: Mapping[str, Any]) -> str:
    return hashlib.sha256(GENESIS.encode("ascii") + canonical(header)).hexdigest()


def link(previous: str, doc: Mapping[str, Any]) -> str:
    return hashlib.sha256(previous.encode("ascii") + b"\n" + canonical(doc)).hexdigest()


def sealed(previous: str, doc: Mapping[str, Any]) -> dict[str, Any]:
    """*doc* with its ``chain`` hash following *previous*."""
    stored = as_stored(doc)
    stored[KEY] = link(previous, stored)
    return stored


def seal_all(
    header: Mapping[str, Any], events: Sequence[Mapping[str, Any]]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A new session's header and entries, chained from the start."""
    head = as_stored(header)
    head[KEY] = header_hash(head)
    previous, docs = head[KEY], []
    for event in events:
        doc = sealed(previous, event)
        docs.append(doc)
        previous = doc[KEY]
    return head, docs


def last_hash(header: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> str:
    """The hash the next entry chains to: the last stored one, else recomputed."""
    if events and isinstance(events[-1].get(KEY), str):
        return str(events[-1][KEY])
    previous = header_hash(header)
    for event in events:
        previous = link(previous, event)
    return previous


def verify_after(previous: str, events: Sequence[Mapping[str, Any]]) -> tuple[str, int | None]:
    """Check *events* that follow an entry carrying hash *previous* (a state checkpoint's):
    the hash the last of them carries, and the 0-based index of the first whose hash does
    not match (None when all do). Entries after a chained one must be chained too."""
    for index, event in enumerate(events):
        expected = link(previous, event)
        if event.get(KEY) != expected:
            return previous, index
        previous = expected
    return previous, None


@dataclass(frozen=True)
class Verdict:
    """What ``verify`` found: OK, no chain at all, or the first document that does not match."""

    entries: int  # entries checked against their hash
    unchained: int  # leading entries written before the chain existed
    head: str  # the last hash (recomputed)
    bad_entry: int | None = None  # 1-based position of the first entry that does not match
    bad_header: bool = False
    missing: bool = False  # the bad entry has no hash although earlier ones do

    @property
    def ok(self) -> bool:
        return self.bad_entry is None and not self.bad_header

    @property
    def chained(self) -> bool:
        """False for a file written before entries were chained (nothing to verify)."""
        return self.head != ""


def verify(
    header: Mapping[str, Any],
    events: Sequence[Mapping[str, Any]],
    trusted: Checkpoint | None = None,
) -> Verdict:
    """Check the chain from the header, or from a *trusted* checkpoint of the same bytes on.

    Only a checkpoint the store found to match the file's bytes may be passed
    (storage/checkpoint.py); one that does not fit these entries is ignored.
    """
    previous = header_hash(header)
    stored = header.get(KEY)
    if stored is not None and stored != previous:
        return Verdict(0, 0, previous, bad_header=True)
    seen_chain = stored is not None
    checked = unchained = start = 0
    if (
        trusted is not None
        and seen_chain
        and trusted.entries <= len(events)
        and events[trusted.entries - 1].get(KEY) == trusted.chain
    ):
        start = checked = trusted.entries
        previous = trusted.chain
    for position, event in enumerate(events[start:], start=start + 1):
        expected = link(previous, event)
        value = event.get(KEY)
        if value is None:
            if seen_chain:
                return Verdict(checked, unchained, previous, position, missing=True)
            unchained += 1
        elif value != expected:
            return Verdict(checked, unchained, previous, position)
        else:
            seen_chain = True
            checked += 1
        previous = expected
    return Verdict(checked, unchained, previous if seen_chain else "")
