"""Tamper evidence: every stored entry carries a hash chained to the one before.

The header document's ``chain`` is ``sha256(GENESIS + canonical(header))``; each later
document's is ``sha256(previous + "\\n" + canonical(doc))``, where canonical is the
document without its ``chain`` key, as sorted compact JSON, and *previous* is the hash of
the document before it in the chain: the entries in order and, between them, the vouch
lines that name a snapshot (storage/snapshot.py), each placed after the entry count it
records (``after``). Changing, inserting or removing an entry or a vouch (even with its
line checksum fixed) breaks the chain there. Rewriting every later hash too hides an
edit from the chain alone; the receipt noted at the table (the last *entry*'s hash)
catches that.

The chain cannot be switched off: a document without its hash is refused wherever it is,
the header and the first entry included (a journal whose hashes were all stripped is
refused as such, never read as "older than the chain").

Nor can it be given a nonce: a header or an entry that holds a key the format does not
define (:data:`HEADER_FIELDS`, :data:`ENTRY_FIELDS`) is refused like one that does not
match its hash, even when every hash after it was computed again (:func:`entry_stray`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorekeeper.storage.seal import Sealer

KEY = "chain"
GENESIS = "scorekeeper-chain/1\n"
#: The fields of a vouch line besides its hash (storage/snapshot.py), first form: the
#: SHA-256 of every journal byte before it, of the whole snapshot and of its line 1.
VOUCH_FIELDS = frozenset({"after", "size", "digest", "snapshot", "head"})
#: The new form (storage/snapshot.py SEEKABLE): the summaries themselves, and the SHA-256
#: of the snapshot's state line (None when no state is kept); *size* is where the line
#: starts, as in the first form. Nothing in it needs the journal before it read.
SEEK_VOUCH_FIELDS = frozenset({"after", "size", "state", "summaries"})
#: The keys an entry's document holds besides its hash (core/codec.py ``event_to_doc``).
ENTRY_FIELDS = frozenset({"seq", "at", "recorder", "kind", "data", "proposed"})
#: The keys a header's document may hold besides its hash (core/codec.py
#: ``header_to_doc``; ``board`` and ``shares`` only for a Pochen board carried over).
HEADER_FIELDS = frozenset(
    {"game", "players", "options", "parent", "recorder", "stacks", "board", "shares"}
)
_ENTRY_KEYS = ENTRY_FIELDS | {KEY}
_HEADER_KEYS = HEADER_FIELDS | {KEY}
#: Most characters of a stray key a message repeats (the rest is the file's, not ours).
STRAY_SHOWN = 40


def entry_stray(doc: Mapping[str, Any]) -> str | None:
    """The first key of an entry's document that the format does not define (see
    :func:`_stray`), or None."""
    return None if doc.keys() <= _ENTRY_KEYS else _stray(doc, _ENTRY_KEYS)


def header_stray(doc: Mapping[str, Any]) -> str | None:
    """The first key of a header's document that the format does not define, or None."""
    return None if doc.keys() <= _HEADER_KEYS else _stray(doc, _HEADER_KEYS)


def _stray(doc: Mapping[str, Any], keys: frozenset[str]) -> str:
    """The first key of *doc* (in sorted order) not in *keys*, shortened for a message.

    A key nobody reads is still hashed, so it would be a free nonce: whoever can write the
    file could try forged files with another value in it until the last hash began with
    the digits of a receipt noted at the table. Such a document is refused as changed."""
    key = min(str(k) for k in doc if k not in keys)
    return key if len(key) <= STRAY_SHOWN else key[:STRAY_SHOWN] + "…"


#: What a vouch line written today holds besides: *taken*, the entry count of the state
#: it names (None with no state), so that ``verify`` can fold to it and check the name;
#: and, when this installation has a key, *seal* (storage/seal.py), without which no
#: reader trusts it.
TAKEN, SEAL = "taken", "seal"


def sealed_vouch(previous: str, body: Mapping[str, Any], sealer: Sealer | None) -> dict[str, Any]:
    """The vouch *body* sealed with *sealer*'s key (unsealed when there is none), then
    chained on to *previous*: the chain covers the seal, the seal covers *previous*."""
    stored = as_stored(body)
    seal = sealer.seal(previous, stored) if sealer is not None else None
    if seal is not None:
        stored[SEAL] = seal
    stored[KEY] = link(previous, stored)
    return stored


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


def is_vouch(doc: Any) -> bool:
    """A vouch line's document, of either form, in shape (its hash is checked with the
    chain)."""
    return is_seek_vouch(doc) or (
        isinstance(doc, dict)
        and set(doc) == {*VOUCH_FIELDS, KEY}
        and all(type(doc[k]) is int and doc[k] >= 0 for k in ("after", "size"))
        and all(isinstance(doc[k], str) for k in ("digest", "snapshot", "head", KEY))
    )


def is_seek_vouch(doc: Any) -> bool:
    """A vouch line's document of the new form (:data:`SEEK_VOUCH_FIELDS`), in shape."""
    if not isinstance(doc, dict) or set(doc) not in _SEEK_FORMS:
        return False
    taken = doc.get(TAKEN)
    return (
        all(type(doc[k]) is int and doc[k] >= 0 for k in ("after", "size"))
        and isinstance(doc[KEY], str)
        and (doc["state"] is None or isinstance(doc["state"], str))
        and (taken is None or (type(taken) is int and taken > 0))
        and (TAKEN not in doc or (taken is None) == (doc["state"] is None))
        and isinstance(doc.get(SEAL, ""), str)
        and isinstance(doc["summaries"], dict)
        and all(isinstance(v, dict) for v in doc["summaries"].values())
    )


#: The field sets of a new-form vouch line: as written before seals (no *taken*), without
#: a key, and sealed.
_SEEK_FORMS = (
    {*SEEK_VOUCH_FIELDS, KEY},
    {*SEEK_VOUCH_FIELDS, TAKEN, KEY},
    {*SEEK_VOUCH_FIELDS, TAKEN, SEAL, KEY},
)


@dataclass(frozen=True)
class Walk:
    """Where a walk along the chain got to."""

    head: str  # the hash the last entry walked carries (the receipt's)
    tip: str  # the hash the next document chains to (a vouch's, when one is last)
    bad_entry: int | None = None  # 1-based position of the first entry that does not match
    bad_vouch: int | None = None  # the entry count after which a vouch does not match
    missing: bool = False  # that entry carries no hash at all
    stray: str | None = None  # that entry holds this key, which the format does not define
    #: The places (in the vouches walked) of those whose seal checks with the sealer given.
    sealed: tuple[int, ...] = ()

    @property
    def ok(self) -> bool:
        return self.bad_entry is None and self.bad_vouch is None


def walk(
    previous: str,
    events: Sequence[Mapping[str, Any]],
    vouches: Sequence[Mapping[str, Any]] = (),
    first: int = 1,
    sealer: Sealer | None = None,
) -> Walk:
    """Check *events* (entries *first*, *first* + 1, …) and the *vouches* among them, in
    journal order, following a document whose hash is *previous*; with *sealer*, note
    which vouches carry a seal that checks (the only ones a reader may trust)."""
    head = tip = previous
    place = 0
    sealed: list[int] = []
    last = first - 1 + len(events)
    for position in range(first - 1, last + 1):
        while place < len(vouches) and _after(vouches[place]) <= position:
            vouch = vouches[place]
            # one placed before this point (out of order, or before *first*) is not ours
            if _after(vouch) != position or not is_vouch(vouch) or vouch[KEY] != link(tip, vouch):
                return Walk(head, tip, bad_vouch=position)
            if sealer is not None and sealer.checks(tip, vouch):
                sealed.append(place)
            tip = vouch[KEY]
            place += 1
        if position == last:
            break
        event = events[position - first + 1]
        value = event.get(KEY)
        if value is None:
            return Walk(head, tip, bad_entry=position + 1, missing=True)
        if value != link(tip, event):
            return Walk(head, tip, bad_entry=position + 1)
        stray = entry_stray(event)
        if stray is not None:
            return Walk(head, tip, bad_entry=position + 1, stray=stray)
        head = tip = value
    if place < len(vouches):  # placed after entries that are not there
        return Walk(head, tip, bad_vouch=last)
    return Walk(head, tip, sealed=tuple(sealed))


def _after(vouch: Mapping[str, Any]) -> int:
    after = vouch.get("after")
    return after if type(after) is int else -1


@dataclass(frozen=True)
class Verdict:
    """What checking a whole session found: OK, or the first document that does not match."""

    entries: int  # entries checked against their hash
    head: str  # the last entry's hash (the header's when there is none): the receipt's
    tip: str = ""  # the hash the next document chains to
    bad_entry: int | None = None  # 1-based position of the first entry that does not match
    bad_header: bool = False
    missing: bool = False  # that document carries no hash at all (the chain was stripped)
    bad_vouch: int | None = None  # the entry count after which a vouch line does not match
    #: that document (the header, or the entry *bad_entry*) matches its hash but holds this
    #: key, which the format does not define (:func:`entry_stray`)
    stray: str | None = None

    @property
    def ok(self) -> bool:
        return self.bad_entry is None and not self.bad_header and self.bad_vouch is None


def verify(
    header: Mapping[str, Any],
    events: Sequence[Mapping[str, Any]],
    vouches: Sequence[Mapping[str, Any]] = (),
) -> Verdict:
    """Check the whole chain, from the header on."""
    previous = header_hash(header)
    stored = header.get(KEY)
    if stored is None:
        return Verdict(0, previous, previous, bad_header=True, missing=True)
    if stored != previous:
        return Verdict(0, previous, previous, bad_header=True)
    stray = header_stray(header)
    if stray is not None:
        return Verdict(0, previous, previous, bad_header=True, stray=stray)
    found = walk(previous, events, vouches)
    checked = len(events) if found.bad_entry is None else found.bad_entry - 1
    if found.bad_vouch is not None:
        checked = min(checked, found.bad_vouch)
    return Verdict(
        checked,
        found.head,
        found.tip,
        bad_entry=found.bad_entry,
        missing=found.missing,
        bad_vouch=found.bad_vouch,
        stray=found.stray,
    )
