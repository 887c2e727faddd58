"""A history (round results, stake changes) kept as the text a snapshot writes it in.

What a streaming fold (core/stream.py) keeps of the history below the entries it holds:
at 1,000,000 entries, 233,000 round results and as many stake changes took about 1 KiB
each as objects (a round result holds six small read-only maps), 450 MiB in all; as their
compact JSON they take about a fifth of that. Reading them decodes them again, one at a
time, and keeps none; a snapshot written from them, or their digests, uses the text as it
is (core/state_codec.py ``history_pieces``), byte for byte what encoding the items gives.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, TypeVar

from scorekeeper.core.chain import Chain
from scorekeeper.core.state_codec import decode, item_text

T = TypeVar("T")


class HistoryText:
    """A history's items as texts: a run of them (joined by commas) per packing."""

    __slots__ = ("_runs",)

    def __init__(self, runs: tuple[str, ...]) -> None:
        self._runs = runs

    def runs(self) -> Iterator[str]:
        """The runs of item texts: joined by commas within brackets, the history's text."""
        return iter(self._runs)

    def text(self) -> str:
        """The history's text whole (core/state_codec.py ``_text``)."""
        return "[" + ",".join(self._runs) + "]"

    def items(self) -> Iterator[Any]:
        """The items, decoded a run at a time."""
        for run in self._runs:
            for doc in json.loads("[" + run + "]"):
                yield decode(doc, 1)

    def more(self, items: list[Any]) -> HistoryText:
        """This history and *items* after it."""
        return HistoryText((*self._runs, ",".join(item_text(item) for item in items)))


def pack(chain: Chain[T], base: Chain[T] | None) -> list[T] | None:
    """Keep *chain*'s items as text from now on (:meth:`Chain.keep_as`: what holds it reads
    the same items); the items encoded now: those after *base* (a chain packed before that
    *chain* grew from), else all. None, and nothing packed, when it did not grow from
    *base*."""
    if not base:
        text, added = HistoryText(()), chain.to_list()
    else:
        kept, grown = base.raw_then(), chain.grown_from(base)
        if kept is None or grown is None or not isinstance(kept[0], HistoryText):
            return None
        text, added = kept[0], grown
    if added:
        more = text.more(added)
        chain.keep_as(more, more.items)
    return added
