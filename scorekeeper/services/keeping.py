"""A session's snapshot kept up off the path of the entries (the recorder's phone).

A tap of the recorder's phone is answered once its entry is on the disk and folded
(services/phone.py opens the session without keeping a snapshot as it closes): working
out the summaries of a long session, and writing them, would make every tap wait for
it. The page server asks a :class:`Keeper` instead, when the taps have stopped for a
moment and as it stops.

The rules of the snapshot do not change: the journal is the only source, and a snapshot
is a hint it vouches for. The keeper follows the session as the phones' page does
(services/showing.py: only what was appended is read, its chain checked, then folded)
and works out its summaries without the session's lock; then it takes the lock only to
write them with their vouch line, if the journal still has exactly the entries they were
made from. Whatever goes wrong (a writer has the session, an entry came meanwhile, the
disk refused) costs the next reader a longer read, never an entry.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from scorekeeper.core.chain import Chain
from scorekeeper.core.session import Session
from scorekeeper.core.state import RoundResult
from scorekeeper.services.recording import open_recording
from scorekeeper.services.showing import Followed
from scorekeeper.services.summary_docs import STATS_KIND, summaries_of
from scorekeeper.storage import Store


class Keeper:
    """Keeps session *sid*'s snapshot up, in two steps run one after the other:
    :meth:`prepare` (no lock, the long part) then :meth:`write` (the lock, briefly)."""

    def __init__(self, store: Store, sid: int) -> None:
        self.store = store
        self.id = sid
        self._followed: Followed | None = None
        self._shared: threading.Lock | None = None
        self._took: Callable[[], None] = lambda: None
        self._made: tuple[int, dict[str, dict[str, Any]]] | None = None
        #: The statistics made last, and the round results they count: the next are
        #: counted on from them (core/stats.py ``state_stats``), only the rounds since.
        self._counted: tuple[dict[str, Any], Chain[RoundResult]] | None = None

    def share(self, followed: Followed, lock: threading.Lock, took: Callable[[], None]) -> None:
        """Work from *followed* (the phones' page's own, already folded: no second copy of
        a long session in memory), used while holding *lock*, which its follower holds as
        it takes what was appended; *took* tells the follower when the keeper took
        something appended first (so that its pages still show it)."""
        self._followed, self._shared, self._took = followed, lock, took

    def prepare(self) -> None:
        """Work out the summaries of the session as followed (to the journal's end, unless
        shared), without the session's lock."""
        self._made = None
        if self._shared is not None and self._followed is not None:
            with self._shared:
                if self._followed.follow():
                    self._took()
                self._made = self._summaries(self._followed)
            return
        if self._followed is None:
            self._followed = Followed(self.store, self.id, history=False)
        else:
            self._followed.follow()
        self._made = self._summaries(self._followed)

    def _summaries(self, followed: Followed) -> tuple[int, dict[str, dict[str, Any]]]:
        """The summaries of *followed* as it is, its statistics counted on from the last
        made (or from the snapshot's it was picked up at): the round results below them
        are never decoded. At 100,000 entries, decoding them all held 200 MiB more in
        the page server for as long as it ran (docs/performance.md)."""
        session: Session = followed.session
        made = summaries_of(session, self.id, self._counted or followed.counted)
        self._counted = (made[STATS_KIND], session.state.results)
        return session.ledger.next_seq - 1, made

    def write(self) -> bool:
        """Keep what :meth:`prepare` made, if the journal still ends where it did: True
        when a snapshot the journal vouches for is beside it now."""
        made, self._made = self._made, None
        if made is None:
            return False
        try:
            rec = open_recording(self.store, self.id, history=False, rebuild=True, made=made)
            rec.close()
        except Exception:  # a writer has it, or it cannot be read now: a hint, kept later
            return False
        return rec.summaries is not None

    def keep(self) -> bool:
        """Both steps at once (as the server stops); False when it could not be kept."""
        try:
            self.prepare()
        except Exception:  # a hint: it costs the next reader time, never an entry
            return False
        return self.write()
