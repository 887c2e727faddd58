"""The page server's two links and what it was started with: the viewers' token, the
recorder's link (its own token, who records, and the desk that records a tap), the
language, the cap on viewers. The guard (web/guard.py) lets a request through only on
one of the two tokens; the routes ask :func:`for_recorder` which one it came in on."""

from __future__ import annotations

import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiohttp import web

from scorekeeper.services.phone import Answer, Tap

#: What records a tap: services/phone.py with the session's lock (web/desk.py), or the
#: app that has the session open (cli/serve.py hands it the tap and waits for its answer).
Desk = Callable[[Tap, str], Awaitable[Answer]]


@dataclass(frozen=True)
class RecorderLink:
    """The recorder's link: its own token, who records through it, and what records."""

    token: str
    name: str
    desk: Desk


@dataclass
class Settings:
    """What the server was started with; the recorder's link may be added or renewed
    while it runs, and the language changed (the app's F2), in the server's loop."""

    token: str
    lang: str  # for a browser that asks for neither language
    max_viewers: int
    recorder: RecorderLink | None = None
    clock: Callable[[], float] = time.monotonic  # for the rate of taps


SETTINGS = web.AppKey("settings", Settings)


def new_token() -> str:
    """A fresh random token for one run of the server (128 bits)."""
    return secrets.token_urlsafe(16)


def same_token(given: str, token: str) -> bool:
    """*given* is *token*, compared in constant time (no timing tells a prefix)."""
    return secrets.compare_digest(given.encode(), token.encode())


def for_recorder(request: web.Request) -> bool:
    """The request came in on the recorder's token (the guard let nothing else through)."""
    link = request.app[SETTINGS].recorder
    first = request.path.lstrip("/").partition("/")[0]
    return link is not None and same_token(first, link.token)
