"""The desk that records the recorder's taps when no app has the session open: each
tap with the session's lock taken for it, answered once its entry is on the disk and
folded; the session's snapshot kept when the taps pause and as the server stops
(services/keeping.py). When the app has the session open, cli/serve.py is the desk
instead (it hands the tap to the app): both are a links.Desk."""

from __future__ import annotations

import asyncio
import contextlib

from scorekeeper.services.keeping import Keeper
from scorekeeper.services.phone import Answer, Tap, record_tap_locked
from scorekeeper.storage import Store
from scorekeeper.web.feed import Feed

#: Seconds without a tap before the session's snapshot is kept (services/keeping.py).
KEEP_WHEN_QUIET = 2.0
#: Pauses in a row tried before giving up until the next tap (the app may hold the session).
KEEP_TRIES = 5


class JournalDesk:
    """Taps recorded here, each with the session's lock taken for it (no app has it open;
    when one has, the tap is refused in plain words and nothing is written). A tap is
    answered once its entry is on the disk and folded; the session's snapshot is kept
    after the taps have paused for :data:`KEEP_WHEN_QUIET` seconds, and as the server
    stops (services/keeping.py), never while a tap waits."""

    def __init__(self, store: Store, sid: int, name: str) -> None:
        self.store, self.id, self.name = store, sid, name
        self._keeper = Keeper(store, sid)
        self._lock: asyncio.Lock | None = None  # made in the server's loop
        self._timer: asyncio.TimerHandle | None = None
        self._keeping: asyncio.Task[None] | None = None
        self.unkept = 0  # taps recorded since the snapshot was last kept
        self._tries = 0  # pauses in a row that could not keep it

    def _locked(self) -> asyncio.Lock:
        if self._lock is None:
            self._lock = asyncio.Lock()
        return self._lock

    def share(self, feed: Feed) -> None:
        """Keep the snapshot from the session the phones' page follows (services/keeping.py)."""
        self._keeper.share(feed.followed, feed.lock, feed.took)

    async def __call__(self, tap: Tap, lang: str) -> Answer:
        loop = asyncio.get_running_loop()
        async with self._locked():
            answer = await loop.run_in_executor(
                None, record_tap_locked, self.store, self.id, tap, self.name, lang
            )
        if answer.recorded:
            self.unkept += 1
            self._later(loop)
        return answer

    def _later(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = loop.call_later(KEEP_WHEN_QUIET, self._start, loop)

    def _start(self, loop: asyncio.AbstractEventLoop) -> None:
        self._timer = None
        if self._keeping is not None and not self._keeping.done():
            self._later(loop)  # still keeping the last one: once it is done
            return
        self._keeping = loop.create_task(self._keep())

    async def _keep(self) -> None:
        """The summaries worked out with no lock at all, then written with the session's
        lock, while no tap is being recorded here."""
        loop = asyncio.get_running_loop()
        unkept = self.unkept
        try:
            await loop.run_in_executor(None, self._keeper.prepare)
        except Exception:  # a hint: the next quiet moment, or the next reader, tries again
            return
        async with self._locked():
            kept = await loop.run_in_executor(None, self._keeper.write)
        if kept:
            self.unkept -= unkept
            self._tries = 0
        elif self.unkept and self._tries < KEEP_TRIES:  # a writer had it, or a tap came
            self._tries += 1
            self._later(loop)

    async def finish(self) -> None:
        """As the server stops: the snapshot kept for the taps not kept yet."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._keeping is not None:
            with contextlib.suppress(Exception):
                await self._keeping
        if self.unkept:
            await self._keep()


def journal_desk(store: Store, sid: int, name: str) -> JournalDesk:
    """:class:`JournalDesk` (taps recorded with the session's lock)."""
    return JournalDesk(store, sid, name)
