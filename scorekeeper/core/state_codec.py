"""A folded state as JSON and back, exactly: what a session's snapshot keeps (storage/snapshot.py).

Only the core's own state types are written and read back (``_TYPES``: the common
types and each registered game's ``state_types``, core/game.py GameSpec), each
with exactly its fields; tuples, frozensets, read-only maps, plain dicts,
history chains and times keep their types, so a state read back is equal to
the one written and behaves the same under every rule. Anything else in a
document (an unknown type, a missing or extra field, a value of no known shape)
is refused with ValueError: the bytes come from disk, and a snapshot whose state
cannot be read is simply not used (the session is folded from its entries).
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import fields, is_dataclass
from datetime import datetime
from types import MappingProxyType
from typing import Any

from scorekeeper.core.chain import Chain
from scorekeeper.core.events import frozen
from scorekeeper.core.games import game_specs
from scorekeeper.core.state import RoundResult, Seat, StakeChange, State

#: The state types every game shares (core/state.py).
COMMON_TYPES: tuple[type, ...] = (State, Seat, RoundResult, StakeChange)


def _types() -> dict[str, type]:
    """The common types and each registered game's own (its ``state_types``), by name:
    the name is what a snapshot writes, so no two types may share one."""
    types: dict[str, type] = {}
    for cls in (*COMMON_TYPES, *(t for spec in game_specs() for t in spec.state_types)):
        if types.setdefault(cls.__name__, cls) is not cls:
            raise RuntimeError(f"two state types are named {cls.__name__!r}")
        if not is_dataclass(cls):
            raise RuntimeError(f"a state type that is no dataclass: {cls.__name__!r}")
    return types


_TYPES: dict[str, type] = {}
_FIELDS: dict[str, tuple[str, ...]] = {}


def known_types() -> dict[str, type]:
    """The types a snapshot keeps now, by name: read from the registry again, so that a
    game registered after this module was imported (one declared outside the package)
    is kept as well as the games of the package."""
    types = _types()
    _TYPES.clear()
    _TYPES.update(types)
    _FIELDS.clear()
    _FIELDS.update({name: tuple(f.name for f in fields(cls)) for name, cls in types.items()})
    return dict(types)


def _known(name: str, cls: type | None = None) -> bool:
    """Whether *name* is a type kept (and is *cls*, when given); the registry is read
    again once when it is not."""
    for _ in range(2):
        found = _TYPES.get(name)
        if found is not None and (cls is None or found is cls):
            return True
        known_types()
    return False


known_types()
_DEPTH = 40  # deeper than any state nests: a document past it is not ours


def _compact(value: Any) -> str:
    """How a history kept apart is written (one JSON text per history): compact, ASCII, so
    that adding to one written before is joining texts, byte for byte what writing the
    whole history again would give."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def encode(value: Any, apart: list[str] | None = None) -> Any:
    """*value* (a state, or anything a state holds) as plain JSON values.

    With *apart*, each history (a :class:`Chain`: round results, stake changes) is not
    written in place but as a JSON text of its own appended to *apart*, and referred to
    as ``{"x": [index, length]}``: a snapshot of 100,000 entries then parses in
    milliseconds, its histories only when something reads them."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        raise ValueError("a state holds no floats")
    if type(value) is tuple:
        return {"t": [encode(item, apart) for item in value]}
    if type(value) is list:
        return [encode(item, apart) for item in value]
    if type(value) is frozenset:
        return {"s": sorted(encode(item, apart) for item in value)}
    if type(value) is MappingProxyType:
        return {"m": [[encode(k, apart), encode(v, apart)] for k, v in value.items()]}
    if type(value) is dict:
        return {"d": [[encode(k, apart), encode(v, apart)] for k, v in value.items()]}
    if isinstance(value, Chain):
        return _encode_chain(value, apart)
    if type(value) is datetime:
        return {"at": value.isoformat()}
    name = type(value).__name__
    if is_dataclass(value) and (_TYPES.get(name) is type(value) or _known(name, type(value))):
        return {"o": name, "f": [encode(getattr(value, field), apart) for field in _FIELDS[name]]}
    raise ValueError(f"no way to keep a {name} in a snapshot")


class Digests(list[str]):
    """Given to :func:`encode` as *apart*: each history is kept as the SHA-256 of the text
    :func:`encode_state_apart` would give it, hashed an item at a time (the text is never
    made whole): to compare a state with one a snapshot keeps, at any length."""

    def __init__(self) -> None:
        super().__init__()
        #: The length of each history's text, beside its SHA-256 (a snapshot's state line
        #: names both: ``verify`` works that line out again to check a vouch line's name).
        self.lengths: list[int] = []

    def add_chain(self, chain: Chain[Any]) -> None:
        running, length = hashlib.sha256(), 0
        for piece in history_pieces(chain):  # as _encode_chain writes it, a piece at a time
            data = piece.encode("ascii")
            running.update(data)
            length += len(data)
        self.append(running.hexdigest())
        self.lengths.append(length)


class Pieces(list[str]):
    """Given to :func:`encode` as *apart*: each history is noted (its chain), to be written
    a piece at a time by :func:`history_pieces` (``import`` at any length)."""

    def __init__(self) -> None:
        super().__init__()
        self.chains: list[Chain[Any]] = []

    def add_chain(self, chain: Chain[Any]) -> None:
        self.chains.append(chain)
        self.append("")


def history_pieces(chain: Chain[Any]) -> Iterator[str]:
    """The text :func:`encode_state_apart` gives the history *chain*, in pieces (an item
    each, or a run of items a streaming fold kept as text): joined, they are that text."""
    kept = chain.raw_then()
    texts: Iterator[str]
    if kept is None:
        texts = (item_text(item) for item in chain)
    else:
        raw, newer = kept
        runs = getattr(raw, "runs", None)
        pieces = getattr(raw, "pieces", None)
        if not callable(runs) and callable(pieces):  # read from a snapshot's file as it is
            yield from _joined_pieces(pieces(), newer)
            return
        if not callable(runs):  # read from a snapshot: its text whole, as it was
            yield _joined(_text(raw), _compact_items(newer))
            return
        # packed by a streaming fold (core/history_text.py): its texts as they are kept
        texts = itertools.chain(runs(), (item_text(item) for item in newer))
    yield "["
    for index, text in enumerate(texts):
        yield ("," if index else "") + text
    yield "]"


def _joined_pieces(old: Iterable[str], newer: list[Any]) -> Iterator[str]:
    """:func:`_joined` of a history's text given in pieces and the items added since, a
    piece at a time (the old text's closing bracket held back until the items follow)."""
    held, length = "", 0
    for piece in old:
        if held:
            yield held
        held = piece
        length += len(piece)
    if not newer:
        yield held
        return
    yield held[:-1]  # the old text without its "]" ("[" alone when it was "[]")
    for index, item in enumerate(newer):
        yield ("," if index or length > 2 else "") + item_text(item)
    yield "]"


class HistoryPieces:
    """A history to be written a piece at a time (storage/snapshot.py ``save_seekable``
    takes it for its text): a writer taking a new state never makes it whole."""

    __slots__ = ("_chain",)

    def __init__(self, chain: Chain[Any]) -> None:
        self._chain = chain

    def pieces(self) -> Iterator[str]:
        return history_pieces(self._chain)

    def text(self) -> str:
        return "".join(self.pieces())


def item_text(item: Any) -> str:
    """One item of a history as its text among the others (a piece of
    :func:`history_pieces`)."""
    return _compact(encode(item))


def encode_state_pieces(state: State) -> tuple[dict[str, Any], list[Chain[Any]]]:
    """:func:`encode_state_apart`, each history given as its chain, for
    :func:`history_pieces`."""
    pieces = Pieces()
    doc = encode(state, pieces)
    assert isinstance(doc, dict)
    return doc, pieces.chains


def encode_state_digested(state: State) -> tuple[dict[str, Any], list[str]]:
    """:func:`encode_state_apart`, each history given as the SHA-256 of its text."""
    digests = Digests()
    doc = encode(state, digests)
    assert isinstance(doc, dict)
    return doc, digests


class HistoryHashes:
    """What :func:`encode_state_measured` hashed of each history, kept across calls for
    states of one fold, each later than the one before (``verify`` works out the state
    line of every state a vouch line names): the SHA-256 running over the history's text
    after each part of it (an item, or a run of items a streaming fold packed), with the
    part itself. A later state's history that holds the same parts (the same objects:
    histories are persistent) is hashed on from the last one shared, so naming a state
    every 256 entries costs what the entries since add, not the whole history again."""

    def __init__(self) -> None:
        self.kept: dict[int, list[tuple[object, Any, int]]] = {}


def _history_parts(chain: Chain[Any]) -> list[tuple[object, str | None]] | None:
    """The parts of *chain*'s text, as :func:`history_pieces` writes it: each a run of
    item texts (given) or an item (its text worked out when needed); None for a history
    read from a snapshot (hashed whole)."""
    kept = chain.raw_then()
    if kept is None:
        return [(item, None) for item in chain]
    raw, newer = kept
    runs = getattr(raw, "runs", None)
    if not callable(runs):
        return None
    return [*((run, run) for run in runs()), *((item, None) for item in newer)]


class _Measured(Digests):
    """:class:`Digests` hashing each history on from what *hashes* kept of it."""

    def __init__(self, hashes: HistoryHashes) -> None:
        super().__init__()
        self.hashes = hashes

    def add_chain(self, chain: Chain[Any]) -> None:
        parts = _history_parts(chain)
        if parts is None:
            super().add_chain(chain)
            return
        kept = self.hashes.kept.setdefault(len(self), [])
        shared = 0
        while shared < min(len(kept), len(parts)) and kept[shared][0] is parts[shared][0]:
            shared += 1
        del kept[shared:]
        running, length = (kept[-1][1], kept[-1][2]) if kept else (hashlib.sha256(b"["), 1)
        for index in range(shared, len(parts)):
            part, text = parts[index]
            text = text if text is not None else item_text(part)
            data = (("," if index else "") + text).encode("ascii")
            running = running.copy()
            running.update(data)
            length += len(data)
            kept.append((part, running, length))
        whole = running.copy()
        whole.update(b"]")
        self.append(whole.hexdigest())
        self.lengths.append(length + 1)


def encode_state_measured(
    state: State, hashes: HistoryHashes | None = None
) -> tuple[dict[str, Any], list[tuple[int, str]]]:
    """:func:`encode_state_apart`, each history given as the length and the SHA-256 of its
    text (what a snapshot's state line names), never made whole; with *hashes*, hashed on
    from what an earlier state of the same fold shared (:class:`HistoryHashes`)."""
    digests = Digests() if hashes is None else _Measured(hashes)
    doc = encode(state, digests)
    assert isinstance(doc, dict)
    return doc, list(zip(digests.lengths, digests, strict=True))


def _encode_chain(chain: Chain[Any], apart: list[str] | None) -> Any:
    if isinstance(apart, Digests | Pieces):
        apart.add_chain(chain)
        return {"x": [len(apart) - 1, len(chain)]}
    kept = chain.raw_then()  # read from a snapshot and not decoded since: as it was
    if apart is None:
        if kept is None:
            return {"c": [encode(item) for item in chain.to_list()]}
        raw, newer = kept
        items = raw if isinstance(raw, list) else json.loads(_text(raw))
        return {"c": [*items, *(encode(item) for item in newer)]}
    if kept is None:
        text = _compact_items(chain.to_list())
    else:
        raw, newer = kept
        old = _text(raw)
        text = _joined(old, _compact_items(newer))
    apart.append(text)
    return {"x": [len(apart) - 1, len(chain)]}


def _text(raw: Any) -> str:
    """A history's text as a snapshot keeps it: the text itself, or one read only when
    first asked for (an object with ``text()``: storage/snapshot.py reads a history from
    its file then, and checks it against the digest the vouched state names, raising
    ValueError when it is not that), or plain values written before histories were
    kept apart."""
    if isinstance(raw, str):
        return raw
    reader = getattr(raw, "text", None)
    if callable(reader):
        text = reader()
        if not isinstance(text, str):
            raise ValueError("a history kept apart that is not text")
        return text
    return _compact(raw)


def _compact_items(items: list[Any]) -> str:
    """``_compact([encode(item) for item in items])``, each item encoded and written alone:
    the text, never the plain values of a whole history (at 1,000,000 entries, a
    gigabyte) at once."""
    return "[" + ",".join(_compact(encode(item)) for item in items) + "]"


def _joined(first: str, second: str) -> str:
    """Two JSON arrays as compact text, as one: ``[1,2]`` and ``[3]`` give ``[1,2,3]``."""
    if first == "[]":
        return second
    if second == "[]":
        return first
    return first[:-1] + "," + second[1:]


def decode(doc: Any, depth: int = 0, apart: Sequence[Any] = ()) -> Any:
    """What :func:`encode` wrote (its histories kept *apart*, if it was given a list), or
    ValueError for anything it could not have written."""
    if depth > _DEPTH:
        raise ValueError("nested too deep")
    if doc is None or isinstance(doc, bool | int | str):
        return doc
    if isinstance(doc, list):
        return [decode(item, depth + 1, apart) for item in doc]
    if not isinstance(doc, dict) or len(doc) not in (1, 2):
        raise ValueError("not a value of a state")
    if len(doc) == 2:
        return _decode_object(doc, depth, apart)
    ((tag, body),) = doc.items()
    if tag == "at":
        if not isinstance(body, str):
            raise ValueError("a time that is not text")
        at = datetime.fromisoformat(body)
        if at.tzinfo is None:
            raise ValueError("a time without its offset")
        return at
    if not isinstance(body, list):
        raise ValueError(f"{tag!r} without a list")
    if tag == "c":  # a history: decoded when something reads it (core/chain.py)
        return Chain.later(len(body), body, lambda: [decode(item, depth + 1) for item in body])
    if tag == "x":  # a history kept apart: parsed, too, only when something reads it
        return _decode_apart(body, depth, apart)
    items = [decode(item, depth + 1, apart) for item in body]
    if tag == "t":
        return tuple(items)
    if tag == "s":
        return frozenset(items)
    if tag in ("m", "d"):
        pairs = [pair for pair in items if isinstance(pair, list) and len(pair) == 2]
        if len(pairs) != len(items):
            raise ValueError("a map entry that is not a pair")
        mapping = dict(_hashable(key) for key in pairs)
        if len(mapping) != len(pairs):
            raise ValueError("a map with a key twice")
        return frozen(mapping) if tag == "m" else mapping
    raise ValueError(f"unknown tag {tag!r}")


def _decode_apart(body: list[Any], depth: int, apart: Sequence[Any]) -> Chain[Any]:
    if len(body) != 2 or not all(type(n) is int and n >= 0 for n in body):
        raise ValueError("a history kept apart without its place and length")
    index, count = body
    if index >= len(apart):
        raise ValueError("a history kept apart that is not there")
    text = apart[index]  # or what reads it when asked for (see _text)

    def load() -> list[Any]:
        items = json.loads(_text(text))
        if not isinstance(items, list):
            raise ValueError("a history kept apart that is not a list")
        return [decode(item, depth + 1) for item in items]

    return Chain.later(count, text, load)


def _hashable(pair: list[Any]) -> tuple[Any, Any]:
    key, value = pair
    if isinstance(key, list | dict | Chain) or type(key) is MappingProxyType:
        raise ValueError("a map key that cannot be one")
    return key, value


def _decode_object(doc: Mapping[str, Any], depth: int, apart: Sequence[Any]) -> Any:
    name, values = doc.get("o"), doc.get("f")
    if not isinstance(name, str) or not isinstance(values, list):
        raise ValueError("an object of no known type")
    if name not in _TYPES and not _known(name):
        raise ValueError("an object of no known type")
    names = _FIELDS[name]
    if len(values) != len(names):
        raise ValueError(f"a {name} with {len(values)} fields, not {len(names)}")
    decoded = [decode(value, depth + 1, apart) for value in values]
    return _TYPES[name](**dict(zip(names, decoded, strict=True)))


def encode_state(state: State) -> dict[str, Any]:
    """The whole state; its options are the header's and are not kept (see decode_state)."""
    doc = encode(state)
    assert isinstance(doc, dict)
    return doc


def agrees_but_history(a: Any, b: Any) -> bool:
    """*a* == *b*, their histories (:class:`Chain`) compared by length only: a state read
    back from a snapshot against the whole fold's, without decoding 100,000 entries'
    history (seconds) to compare it item by item; ``verify`` compares everything."""
    if isinstance(a, Chain) or isinstance(b, Chain):
        return isinstance(a, Chain) and isinstance(b, Chain) and len(a) == len(b)
    if type(a) is not type(b):
        return False
    if is_dataclass(a):
        return all(agrees_but_history(getattr(a, f), getattr(b, f)) for f in _field_names(a))
    if isinstance(a, tuple | list):
        return len(a) == len(b) and all(map(agrees_but_history, a, b))
    if isinstance(a, Mapping):
        return a.keys() == b.keys() and all(agrees_but_history(a[k], b[k]) for k in a)
    return bool(a == b)


def _field_names(value: Any) -> tuple[str, ...]:
    return tuple(f.name for f in fields(value))


def encode_state_apart(state: State) -> tuple[dict[str, Any], list[str]]:
    """The state with its histories as JSON texts of their own (see :func:`encode`)."""
    apart: list[str] = []
    doc = encode(state, apart)
    assert isinstance(doc, dict)
    return doc, apart


def decode_state(
    doc: Any, options: Mapping[str, Any], game: str, apart: Sequence[Any] = ()
) -> State:
    """The state in *doc* (its histories kept *apart*, if so written), with the header's
    *options* (a state never changes them), for a session of *game*; ValueError if it is
    not one. A history kept apart that is not what it says is told when it is read."""
    state = decode(doc, 0, apart)
    if not isinstance(state, State) or state.game != game:
        raise ValueError("not a state of this game")
    if dict(state.options) != dict(options):
        raise ValueError("options that are not the session's")
    return state
