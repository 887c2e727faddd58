"""A persistent append-only sequence: adding to it shares, never copies.

States keep their history (round results, stake changes) in one of these so a
session of 100,000 entries folds in linear time while every earlier state
stays intact for undo.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, TypeVar, overload

T = TypeVar("T")


class Chain(Generic[T]):
    __slots__ = ("_last", "_len", "_rest")

    def __init__(self, rest: Chain[T] | None = None, last: T | None = None) -> None:
        self._rest = rest
        self._last = last
        self._len = 0 if rest is None else len(rest) + 1

    def add(self, item: T) -> Chain[T]:
        return Chain(self, item)

    def __len__(self) -> int:
        return self._len

    def __bool__(self) -> bool:
        return self._len > 0

    def __iter__(self) -> Iterator[T]:
        return iter(self.to_list())

    def to_list(self) -> list[T]:
        items: list[T] = []
        node: Chain[T] | None = self
        while node is not None and node._len:
            items.append(node._last)  # type: ignore[arg-type]
            node = node._rest
        items.reverse()
        return items

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, int) and index in (-1, self._len - 1) and self._len:
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
