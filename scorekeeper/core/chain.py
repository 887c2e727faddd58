"""A persistent append-only sequence: adding to it shares, never copies.

States keep their history (round results, stake changes) in one of these so a
session of 100,000 entries folds in linear time while every earlier state
stays intact for undo.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Generic, TypeVar, overload

T = TypeVar("T")
_new = object.__new__


class Chain(Generic[T]):
    __slots__ = ("_each", "_last", "_len", "_load", "_raw", "_rest")

    def __init__(self, rest: Chain[T] | None = None, last: T | None = None) -> None:
        self._rest = rest
        self._last = last
        self._len: int = 0 if rest is None else rest._len + 1  # len(rest), without a call
        self._load: Callable[[], list[T]] | None = None
        self._raw: object | None = None
        self._each: Callable[[], Iterator[T]] | None = None

    @classmethod
    def later(cls, count: int, raw: object, load: Callable[[], list[T]]) -> Chain[T]:
        """*count* items, kept as *raw* (as a checkpoint wrote them), which *load* gives
        when first asked for: a checkpoint read back only decodes the history it keeps if
        something reads it. Adding to it, its length, :meth:`since` and :meth:`raw_then`
        do not load it."""
        chain: Chain[T] = cls()
        chain._len = count
        chain._load = load
        chain._raw = raw
        chain._each = None
        return chain

    def keep_as(self, raw: object, each: Callable[[], Iterator[T]]) -> None:
        """From now on hold this chain's items only as *raw* (their text,
        core/history_text.py), which *each* decodes again at every read and keeps none of:
        the same items, so whatever holds this chain, or one grown from it, reads what it
        read; the nodes below are let go. A streaming fold keeps its history so, in the
        memory of its text (core/stream.py). Adding to it, its length, its last item,
        :meth:`raw_then` and iterating it decode nothing to keep."""
        self._rest = None
        self._raw = raw
        self._each = each
        self._load = lambda: list(each())

    def raw_then(self) -> tuple[object, list[T]] | None:
        """For a chain grown from one made by :meth:`later` and never loaded, or from one
        packed (:meth:`keep_as`): its raw items and the items added since, so it can be
        written back without decoding."""
        newer: list[T] = []
        node: Chain[T] | None = self
        while node is not None and node._len:
            if node._raw is not None:
                newer.reverse()
                return node._raw, newer
            newer.append(node._last)  # type: ignore[arg-type]
            node = node._rest
        return None

    def _loaded(self) -> list[T]:
        assert self._load is not None
        items = self._load()
        if len(items) != self._len:
            raise ValueError(f"{len(items)} items where {self._len} were noted")
        if self._each is None:  # kept once decoded; a packed chain's never are
            self._load, self._raw = (lambda: items), None
        return items

    def grown_from(self, base: Chain[T]) -> list[T] | None:
        """The items added to *base* to make this chain, oldest first; None if this chain
        did not grow from *base* (an undo went below it, a correction rewrote it)."""
        items: list[T] = []
        node: Chain[T] | None = self
        while node is not None and node is not base and node._len > len(base):
            if node._load is not None:
                return None
            items.append(node._last)  # type: ignore[arg-type]
            node = node._rest
        if node is not base:
            return None
        items.reverse()
        return items

    def since(self, count: int) -> list[T]:
        """The items after the first *count*, oldest first, without loading those."""
        items: list[T] = []
        node: Chain[T] | None = self
        while node is not None and node._len > count:
            if node._load is not None:
                items.extend(reversed(node._loaded()[count:]))
                break
            items.append(node._last)  # type: ignore[arg-type]
            node = node._rest
        items.reverse()
        return items

    def add(self, item: T) -> Chain[T]:
        """This chain and *item* after it (what ``Chain(self, item)`` makes, without the
        call to ``__init__``: a fold adds to a chain on every round and every raise)."""
        chain: Chain[T] = _new(Chain)
        chain._rest, chain._last, chain._len = self, item, self._len + 1
        chain._load = chain._raw = chain._each = None
        return chain

    def __len__(self) -> int:
        return self._len

    def __bool__(self) -> bool:
        return self._len > 0

    def __iter__(self) -> Iterator[T]:
        """The items, oldest first; a packed chain's decoded one at a time, none kept."""
        newer: list[T] = []
        node: Chain[T] | None = self
        while node is not None and node._len:
            if node._each is not None:
                yield from node._each()
                break
            if node._load is not None:
                yield from node._loaded()
                break
            newer.append(node._last)  # type: ignore[arg-type]
            node = node._rest
        yield from reversed(newer)

    def to_list(self) -> list[T]:
        return self.since(0)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        last = isinstance(index, int) and index in (-1, self._len - 1) and self._len
        if last and (self._load is None or self._each is not None):
            return self._last  # type: ignore[return-value]
        return self.to_list()[index]

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Chain):
            return len(self) == len(other) and self.to_list() == other.to_list()
        if isinstance(other, list | tuple):
            return self.to_list() == list(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self.to_list()))

    def __repr__(self) -> str:
        return f"Chain({self.to_list()!r})"
