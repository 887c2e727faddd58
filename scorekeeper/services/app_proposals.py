"""The players' proposals as the recorder's app sees them (issue 46): the page server's
queue, read from its ``PROPOSALS {"pending": [...]}`` lines, oldest first.

The app answers the first with one key (confirm or refuse) and the next key answers the
next: a proposal answered is left out of what the app shows until the page's next line
says the queue without it, so two quick presses never answer the same one twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Pending:
    """One proposal waiting for the recorder: its id on the page server, who proposed it,
    its words, how the app says it ("Ben: fold", in the app's language), and when (ISO)."""

    id: str
    player: str
    words: tuple[str, ...]
    label: str
    at: str


def read_pending(said: dict[str, Any]) -> list[Pending]:
    """The queue of one ``PROPOSALS`` line; an item not of the agreed shape is left out
    (the page's line is trusted for its order, never for its types)."""
    items = said.get("pending")
    found: list[Pending] = []
    for item in items if isinstance(items, list) else []:
        if not isinstance(item, dict):
            continue
        pid, player, words = item.get("id"), item.get("player"), item.get("words")
        if not isinstance(pid, str) or not pid or not isinstance(player, str):
            continue
        if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
            continue
        label = item.get("label")
        if not isinstance(label, str) or not label:
            label = f"{player}: {' '.join(words)}"
        at = item.get("at")
        found.append(Pending(pid, player, tuple(words), label, at if isinstance(at, str) else ""))
    return found


class ProposalDesk:
    """The queue the page follows (one session: the app's open one), and the proposals
    answered from the app that the page has not yet taken off it."""

    def __init__(self) -> None:
        self.sid: int | None = None
        self._pending: list[Pending] = []
        self._answered: set[str] = set()

    def show(self, sid: int, pending: list[Pending]) -> None:
        """The page's queue now, for session *sid*."""
        if sid != self.sid:
            self._answered.clear()
        self.sid, self._pending = sid, list(pending)
        self._answered &= {p.id for p in pending}  # the page took the others off

    def waiting(self, sid: int) -> list[Pending]:
        """What still waits for an answer at session *sid*'s table, oldest first."""
        if sid != self.sid:
            return []
        return [p for p in self._pending if p.id not in self._answered]

    def answered(self, pid: str) -> None:
        """The app sent its answer to *pid*: the next key is for the next one."""
        self._answered.add(pid)
