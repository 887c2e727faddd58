"""The page server's connections on a Wi-Fi anyone may be on: each one given a few
seconds for its request, a cap on those open from one address and on all of them, its
own words for what aiohttp would answer itself, and running out of open files said once.

A phone that opens connections and sends half a request (slowloris) held each one open
for an hour (aiohttp's keep-alive), and 1,100 of them took the page down: every file the
process may open was a connection, and each failed ``accept`` wrote a traceback (668,550
lines in a minute). Now a request's line and headers must be in within
:data:`HEADER_SECONDS` (aiohttp's keep-alive timer, which runs from the moment a
connection opens until a whole request is read, and again after each answer), a body
within :data:`BODY_SECONDS` (guard.py), one address holds at most
:data:`PER_ADDRESS` connections and the server :data:`TOTAL` (more are closed as they
come, before anything is read), and a failed ``accept`` is said in one line, then
counted.
"""

from __future__ import annotations

import asyncio
import errno
import logging
from collections import Counter
from collections.abc import Callable
from typing import Any

from aiohttp import web

from scorekeeper.messages import t

#: Seconds a connection has to send a whole request line and headers (and between two
#: requests on one connection).
HEADER_SECONDS = 5.0
#: Seconds a request's body has to arrive once its headers are in.
BODY_SECONDS = 5.0
#: Seconds an unread body is still read after the answer before the connection closes.
LINGER_SECONDS = 2.0
#: Connections open at once from one client address. A phone's browser opens a handful;
#: 64 leaves room for a machine showing the page in many tabs (tests/test_browser.py
#: holds 50 streams from one address).
PER_ADDRESS = 64
#: Connections open at once in all: well under the 1,024 files a process may open by
#: default, so running out of them is not a phone's doing.
TOTAL = 512
#: What a failed ``accept`` says when the process may open no more files (or sockets).
_OUT_OF_FILES = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}

#: The words for a status aiohttp answers itself, in a language (answers.py).
Words = Callable[[web.BaseRequest, int], str]


class Doors:
    """Who is connected: the connections open per address and in all, the addresses told
    about once, and the failed ``accept`` calls counted since the first was said."""

    def __init__(
        self,
        log: logging.Logger,
        words: Words,
        *,
        per_address: int | None = None,
        total: int | None = None,
    ) -> None:
        """*per_address*, *total*: the caps (:data:`PER_ADDRESS`, :data:`TOTAL` when None)."""
        self.log, self.words = log, words
        self.per_address = PER_ADDRESS if per_address is None else per_address
        self.total = TOTAL if total is None else total
        self.open: Counter[str] = Counter()
        self._told: set[str] = set()  # addresses said to be over the cap, until they drop
        self.out_of_files = 0  # failed accepts since the first one said

    def enter(self, address: str) -> bool:
        """Let a connection from *address* in (counted), or False: over a cap."""
        if self.out_of_files:  # a connection came in: the files are back
            if self.out_of_files > 1:
                self.log.warning(t("web.log.out_of_files_count", count=self.out_of_files - 1))
            self.out_of_files = 0
        if self.open[address] >= self.per_address or sum(self.open.values()) >= self.total:
            if address not in self._told:
                self._told.add(address)
                self.log.warning(t("web.log.too_many_from", remote=address, limit=self.per_address))
            return False
        self.open[address] += 1
        return True

    def leave(self, address: str) -> None:
        """A connection from *address* closed."""
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]
            self._told.discard(address)

    def accept_failed(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The loop's exception handler: out of files on ``accept`` said once (asyncio tries
        again a second later), then counted; anything else as asyncio says it."""
        error = context.get("exception")
        if isinstance(error, OSError) and error.errno in _OUT_OF_FILES:
            self.out_of_files += 1
            if self.out_of_files == 1:
                self.log.warning(t("web.log.out_of_files", detail=error.strerror or str(error)))
            return
        loop.default_exception_handler(context)

    def factory(self, server: web.Server, **options: Any) -> Callable[[], asyncio.Protocol]:
        """What ``loop.create_server`` makes a connection with: aiohttp's handler of
        *server* with *options*, counted here."""
        return lambda: _Handler(self, server, **options)


def _address(transport: asyncio.BaseTransport) -> str:
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else "-"


class _Handler(web.RequestHandler):
    """aiohttp's handler of one connection, counted by :class:`Doors` (closed at once when
    its address is over the cap), answering what aiohttp answers itself in plain words."""

    def __init__(self, doors: Doors, server: web.Server, **options: Any) -> None:
        super().__init__(server, **options)
        self.doors = doors
        self.address: str | None = None  # counted in, as this address

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        address = _address(transport)
        if not self.doors.enter(address):
            assert isinstance(transport, asyncio.Transport)  # a TCP connection's
            transport.abort()  # nothing read, nothing answered: it never got in
            return
        self.address = address
        super().connection_made(transport)

    def connection_lost(self, exc: BaseException | None) -> None:
        if self.address is None:  # refused at the door: aiohttp never saw it
            return
        self.doors.leave(self.address)
        self.address = None
        super().connection_lost(exc)

    def handle_error(
        self,
        request: web.BaseRequest,
        status: int = 500,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        """A request aiohttp could not read (400, 413 …) or that failed (500): said in the
        page's language as plain text, never aiohttp's own words or page."""
        super().handle_error(request, status, exc, message)  # said in the log, once
        response = web.Response(
            status=status, text=self.doors.words(request, status) + "\n", content_type="text/plain"
        )
        response.headers["Server"] = "scorekeeper"  # not aiohttp's name and version
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Cache-Control"] = "no-store"
        response.force_close()
        return response
