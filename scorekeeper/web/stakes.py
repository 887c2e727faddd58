"""``GET stakes.json``: the phones' whole stake list, of one round or of all, a page at a
time (export/live_stakes.py), for the viewers' link and the recorder's alike.

It is read when a phone opens the list, in a worker thread, never with the table every
phone is sent at each entry (that keeps the latest rows only: docs/performance.md). The
page server follows a long session from its snapshot, with only its latest entries; the
whole list needs every entry, so the session is then read whole once, on the first ask,
and followed from there (services/showing.Followed, as the table display follows one).
The rows are worked out again only when an entry was added.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Protocol

from aiohttp import web

from scorekeeper.core.session import Session
from scorekeeper.core.timeline import TimelineEntry, stake_timeline
from scorekeeper.export.live_stakes import stake_page, whole_number
from scorekeeper.messages import UserError, t
from scorekeeper.services.showing import Followed

#: The refusal of a round not played yet: the one refusal of the list's work that is the
#: address's (404); any other there is the file's, unreadable just now (503).
NO_SUCH_ROUND = "web.stakes.no_such_round"


class Following(Protocol):
    """What the page server's feed holds: the session it follows, and the lock held
    while that changes (web/feed.Feed)."""

    followed: Followed
    lock: threading.Lock


class StakeHistory:
    """The stake timeline of the followed session, whole, kept until an entry is added."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._whole: Followed | None = None  # read whole: the feed's starts at a snapshot
        self._kept: tuple[int, int, list[TimelineEntry]] | None = None  # sid, entries, rows

    def rows(self, feed: Following) -> tuple[list[TimelineEntry], int] | None:
        """The whole stake timeline, oldest first, and the rounds started; None for a game
        played without a stake."""
        with self._lock:
            with feed.lock:
                followed = feed.followed
                session = followed.session
                if session.history_from == 1:  # the feed holds every entry already
                    self._whole = None
                    return self._rows(followed.id, session)
                store, sid = followed.store, followed.id
            if self._whole is None or self._whole.id != sid or self._whole.store is not store:
                self._whole = Followed(store, sid, history=True)
            else:
                self._whole.follow()
            return self._rows(sid, self._whole.session)

    def _rows(self, sid: int, session: Session) -> tuple[list[TimelineEntry], int] | None:
        if not session.game.has_stake:
            return None
        count = session.ledger.next_seq - 1
        kept = self._kept
        if kept is None or kept[:2] != (sid, count):
            kept = self._kept = (sid, count, stake_timeline(session))
        return kept[2], session.state.round


def _plain(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=text + "\n", content_type="text/plain")


def add_stake_routes(
    app: web.Application,
    prefixes: tuple[str, ...],
    feed_of: Callable[[web.Application], Following],
    language: Callable[[web.Request], str],
) -> None:
    """``/{prefix}/stakes.json`` for each link's token: ``round=N`` (one round),
    ``before=SEQ`` (the next page, below the oldest row shown), ``lang``. A number that is
    not one (400), a round not played (404), a game without a stake (404) are refused in
    words, never with a server error."""
    history = StakeHistory()

    async def stakes(request: web.Request) -> web.StreamResponse:
        lang = language(request)
        try:
            round_no = whole_number(request.query.get("round"), "round_number")
            before = whole_number(request.query.get("before"), "entry_number")
        except UserError as error:
            return _plain(400, error.message(lang))
        feed = feed_of(request.app)

        def page() -> dict[str, object] | None:
            found = history.rows(feed)
            if found is None:
                return None
            rows, rounds = found
            return stake_page(rows, rounds, lang, round_no=round_no, before=before)

        try:
            said = await asyncio.get_running_loop().run_in_executor(None, page)
        except UserError as error:  # a round not played; the file unreadable just now
            return _plain(404 if error.key == NO_SUCH_ROUND else 503, error.message(lang))
        if said is None:
            return _plain(404, t("web.stakes.no_stake", lang))
        return web.json_response(said)

    for prefix in prefixes:
        app.router.add_get(f"/{prefix}/stakes.json", stakes)
