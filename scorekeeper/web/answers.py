"""What the page server says itself, and how: in the asker's language (``?lang=``, then
the browser's), in plain words (JSON for the recorder's posts, text for anything else),
with the same safety headers on every answer, and on standard error in one line per
request (never a traceback: a malformed request is the client's doing)."""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Callable

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from scorekeeper.messages import LANGUAGES, t
from scorekeeper.messages.text import visible
from scorekeeper.web.links import SETTINGS
from scorekeeper.web.page import content_security_policy


def choose_language(request: web.BaseRequest, fallback: str) -> str:
    """``?lang=`` first, then the browser's languages in its order, then *fallback*."""
    asked = request.query.get("lang", "")
    if asked in LANGUAGES:
        return asked
    ranked = []
    for position, part in enumerate(request.headers.get("Accept-Language", "").split(",")):
        code, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            with contextlib.suppress(ValueError):
                weight = float(params.strip()[2:])
        primary = code.strip().lower().split("-")[0]
        if primary in LANGUAGES and weight > 0:
            ranked.append((-weight, position, primary))
    return min(ranked)[2] if ranked else fallback


def language(request: web.Request) -> str:
    """The language a request is answered in (choose_language with the server's own)."""
    return choose_language(request, request.app[SETTINGS].lang)


def plain(status: int, text: str) -> web.Response:
    """*text* as the whole answer, plain text on a line of its own."""
    return web.Response(status=status, text=text + "\n", content_type="text/plain")


def refused(request: web.Request, status: int, text: str) -> web.Response:
    """A refusal in plain words: JSON for a tap (the recorder's page shows its text),
    plain text for anything else."""
    if request.method == "POST":
        return web.json_response({"recorded": False, "text": text}, status=status)
    return plain(status, text)


#: What the server answers itself for a status, when no handler said more.
_ERRORS = {
    400: "web.error.bad_request",
    405: "web.error.not_allowed",
    408: "web.error.slow",
    413: "web.error.too_large",
    500: "web.error.failed",
}


def error_text(status: int, lang: str) -> str:
    """The words for *status* in *lang*: what aiohttp would have said in its own."""
    key = _ERRORS.get(status)
    return t(key, lang) if key is not None else t("web.error.other", lang, status=status)


def words_for(app: web.Application) -> Callable[[web.BaseRequest, int], str]:
    """What aiohttp answers itself (a request it could not read, or that failed after the
    guard), in the request's language when it can be read, else the server's."""
    settings = app[SETTINGS]

    def words(request: web.BaseRequest, status: int) -> str:
        lang = settings.lang
        with contextlib.suppress(Exception):  # a request that could not be read
            lang = choose_language(request, settings.lang)
        return error_text(status, lang)

    return words


def secure(response: web.StreamResponse) -> None:
    """The safety headers every answer carries: its own scripts only, never framed,
    never cached, never sniffed, no referrer, not aiohttp's name."""
    headers = response.headers
    headers["Content-Security-Policy"] = content_security_policy()
    headers["X-Content-Type-Options"] = "nosniff"
    headers["Referrer-Policy"] = "no-referrer"
    headers["X-Frame-Options"] = "DENY"
    headers["Cross-Origin-Resource-Policy"] = "same-origin"
    headers["Cache-Control"] = "no-store"
    headers["Server"] = "scorekeeper"  # not aiohttp's name and version


class _OneLine(logging.Handler):
    """What aiohttp says about a request, in one line of the server's language on standard
    error: a malformed request is the client's doing, not ours, and its traceback (with
    a long header or path in it) would fill the terminal the recorder watches."""

    def emit(self, record: logging.LogRecord) -> None:
        with contextlib.suppress(Exception):  # saying it must never stop the server
            if sys.stderr is not None:
                sys.stderr.write(_one_line(record) + "\n")
                sys.stderr.flush()


def short(text: str, room: int = 120) -> str:
    """*text* on one line, terminal-safe, cut to *room* characters."""
    flat = visible(" ".join(text.split()))
    return flat if len(flat) <= room else flat[: room - 1] + "…"


def _one_line(record: logging.LogRecord) -> str:
    error = record.exc_info[1] if record.exc_info else None
    if isinstance(error, HttpProcessingError):  # "Error handling request from %s"
        args = record.args if isinstance(record.args, tuple) else ()
        remote = short(str(args[0]) if args else "-", 60)
        return t("web.log.malformed", remote=remote, status=error.code,
                 reason=short(error.message))  # fmt: skip
    what = short(record.getMessage())
    if error is None:
        return t("web.log.said", what=what)
    return t("web.log.failed", what=what, kind=type(error).__name__, detail=short(str(error)))


#: The logger the server's connections use (aiohttp's own prints tracebacks).
REQUEST_LOG = logging.getLogger("scorekeeper.web.requests")
REQUEST_LOG.addHandler(_OneLine())
REQUEST_LOG.setLevel(logging.INFO)  # aiohttp's debug lines (a port scan's noise) unsaid
REQUEST_LOG.propagate = False
