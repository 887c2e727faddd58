"""One small server for every phone at the table: the page, and a stream of the session.

Read-only by construction: the only routes are GETs of the page, the stream and the
same document as JSON; nothing here can write. It answers only for the address it
listens on (the ``Host`` a phone sends; another name, as a DNS rebinding page sends,
is refused with 421). Every address carries a random token made at start (a restart
changes it); without it the answer is 403 whatever the path. The data routes refuse
requests made by other sites' pages (Origin, Sec-Fetch-Site; either one given twice
is refused on every route), and the number of open streams has a cap, with a plain
message past it. A request that cannot even be read (a 16 KB header, thousands of
headers, a 100 KB path) is answered 400 by aiohttp and said in one line on standard
error, never with a traceback.

The session file is looked at a few times a second by one task; when it has changed
it is read again (in a thread, so the streams keep going) and the new document is
sent to every phone. A phone that connects, or reconnects after sleeping, gets the
whole document at once: nothing to catch up entry by entry.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import secrets
import socket
import sys
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from scorekeeper.export.live import live_view
from scorekeeper.messages import LANGUAGES, UserError, t
from scorekeeper.messages.text import visible
from scorekeeper.services.showing import Followed
from scorekeeper.storage import Store
from scorekeeper.web.page import content_security_policy, page_html

#: How often the session file is looked at (seconds).
LOOK_EVERY = 0.25
#: A comment line on every stream this often, so that a dead connection is noticed and
#: proxies keep a quiet one open (the page reconnects after page.SILENCE_MS of silence).
KEEP_ALIVE = 15.0
#: Streams open at once, by default.
MAX_VIEWERS = 100
#: Phones are told to wait this long before connecting again after a drop (ms).
RETRY_MS = 2000

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Feed:
    """The followed session and its page documents, one per language. They are made in
    the thread that read the session, never while it changes, and swapped in whole: a
    phone is sent a table as it was after some entry, never one caught half-read."""

    def __init__(self, followed: Followed) -> None:
        self.followed = followed
        self.version = 0
        self.viewers = 0  # streams open now
        self.problem = ""  # the file could not be read just now: said on every page
        self.changed = asyncio.Event()  # set (and replaced) at every new version
        self._docs = self._documents(0)

    def document(self, lang: str) -> bytes:
        return self._docs[lang]

    def _documents(self, version: int) -> dict[str, bytes]:
        docs = {}
        for lang in LANGUAGES:
            view = live_view(self.followed.session, self.followed.id, lang)
            view["problem"], view["version"] = self.problem, version
            docs[lang] = json.dumps(view, ensure_ascii=False).encode("utf-8")
        return docs

    def _look(self) -> dict[str, bytes] | None:
        """Read what changed in the file (in a worker thread): the next documents, or None
        when nothing did."""
        try:
            changed = self.followed.follow()
        except Exception as error:  # being replaced, or damaged: said, and the last kept
            problem = error.message() if isinstance(error, UserError) else _failed(error)
            if problem == self.problem:
                return None
            self.problem = problem
        else:
            if not changed and not self.problem:
                return None
            self.problem = ""
        try:
            return self._documents(self.version + 1)
        except Exception as error:  # a fault of ours: said on the page, the last table kept
            self.problem = _failed(error)
            return {lang: self._said(doc, self.version + 1) for lang, doc in self._docs.items()}

    def _said(self, doc: bytes, version: int) -> bytes:
        """*doc* as it was, with the problem of now."""
        view = json.loads(doc)
        view["problem"], view["version"] = self.problem, version
        return json.dumps(view, ensure_ascii=False).encode("utf-8")

    async def watch(self) -> None:
        """Look at the file until cancelled; tell every stream when the session changed."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(LOOK_EVERY)
            docs = await loop.run_in_executor(None, self._look)
            if docs is not None:
                self._docs, self.version = docs, self.version + 1
                self.changed.set()
                self.changed = asyncio.Event()


def _failed(error: Exception) -> str:
    return t("web.view_failed", reason=f"{type(error).__name__}: {error}")


@dataclass(frozen=True)
class Settings:
    token: str
    lang: str  # for a browser that asks for neither language
    max_viewers: int


def choose_language(request: web.Request, fallback: str) -> str:
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


def _plain(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=text + "\n", content_type="text/plain")


def _served_hosts(request: web.Request) -> frozenset[str]:
    """The ``Host`` values this server answers for: the address and port the connection
    came in on (the one address it listens on: never 0.0.0.0, see lan.py), without the
    port when it is 80, and ``localhost`` when that address is the loopback."""
    where = request.transport.get_extra_info("sockname") if request.transport else None
    if not where:
        return frozenset()
    address, port = str(where[0]), int(where[1])
    names = [f"[{address}]" if ":" in address else address]
    with contextlib.suppress(ValueError):
        if ipaddress.ip_address(address).is_loopback:
            names.append("localhost")
    hosts = {f"{name}:{port}".lower() for name in names}
    if port == 80:
        hosts.update(name.lower() for name in names)
    return frozenset(hosts)


def _wrong_host(request: web.Request) -> bool:
    """A request for another name than the address it was sent to: a page of another
    site whose name was made to point here (DNS rebinding), or no ``Host`` at all."""
    given = request.headers.getall("Host", [])
    return len(given) != 1 or given[0].strip().lower() not in _served_hosts(request)


#: Headers that decide whether a request comes from another site: one of each at most.
_ONCE = ("Origin", "Sec-Fetch-Site")


def _doubled(request: web.Request) -> str | None:
    """The first of :data:`_ONCE` that the request carries more than once."""
    return next((name for name in _ONCE if len(request.headers.getall(name, [])) > 1), None)


def _from_elsewhere(request: web.Request) -> bool:
    """A request another site's page made (the page may be opened from a link anywhere;
    its data only by the page itself)."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None and site not in ("same-origin", "none"):
        return True
    origin = request.headers.get("Origin")
    return origin is not None and origin != f"{request.scheme}://{request.host}"


SETTINGS = web.AppKey("settings", Settings)
FEED = web.AppKey("feed", Feed)


@web.middleware
async def _guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Its own address, each site header once, the token, then only reading; the same
    safety headers on every answer."""
    settings = request.app[SETTINGS]
    lang = choose_language(request, settings.lang)
    first, _, rest = request.path.lstrip("/").partition("/")
    doubled = _doubled(request)
    if _wrong_host(request):
        response: web.StreamResponse = _plain(421, t("web.wrong_host", lang))
    elif doubled is not None:
        response = _plain(403, t("web.doubled_header", lang, header=doubled))
    elif not secrets.compare_digest(first.encode(), settings.token.encode()):
        response = _plain(403, t("web.forbidden", lang))
    elif request.method not in ("GET", "HEAD"):
        response = _plain(405, t("web.read_only", lang))
    elif rest in ("events", "state.json") and _from_elsewhere(request):
        response = _plain(403, t("web.cross_origin", lang))
    else:
        try:
            response = await handler(request)
        except web.HTTPException as error:  # a path we do not have: no word on what exists
            if error.status != 404:
                raise
            response = _plain(403, t("web.forbidden", lang))
    if not response.prepared:
        _secure(response)
    return response


def _secure(response: web.StreamResponse) -> None:
    headers = response.headers
    headers["Content-Security-Policy"] = content_security_policy()
    headers["X-Content-Type-Options"] = "nosniff"
    headers["Referrer-Policy"] = "no-referrer"
    headers["X-Frame-Options"] = "DENY"
    headers["Cross-Origin-Resource-Policy"] = "same-origin"
    headers["Cache-Control"] = "no-store"


async def _page(request: web.Request) -> web.StreamResponse:
    settings = request.app[SETTINGS]
    feed = request.app[FEED]
    if not request.path.endswith("/"):  # /TOKEN → /TOKEN/, so that "events" is beside it
        raise web.HTTPFound(request.path + "/")
    lang = choose_language(request, settings.lang)
    html = page_html(lang, feed.followed.id)
    return web.Response(text=html, content_type="text/html", charset="utf-8")


async def _state(request: web.Request) -> web.StreamResponse:
    settings = request.app[SETTINGS]
    feed = request.app[FEED]
    body = feed.document(choose_language(request, settings.lang))
    return web.Response(body=body, content_type="application/json", charset="utf-8")


async def _events(request: web.Request) -> web.StreamResponse:
    settings, feed = request.app[SETTINGS], request.app[FEED]
    lang = choose_language(request, settings.lang)
    if feed.viewers >= settings.max_viewers:
        refusal = _plain(503, t("web.too_many", lang, limit=settings.max_viewers))
        refusal.headers["Retry-After"] = "30"
        return refusal
    feed.viewers += 1
    try:
        stream = web.StreamResponse(
            headers={"Content-Type": "text/event-stream; charset=utf-8", "X-Accel-Buffering": "no"}
        )
        _secure(stream)
        await stream.prepare(request)
        await stream.write(f"retry: {RETRY_MS}\n\n".encode())
        while True:
            changed = feed.changed
            block = b"id: %d\nevent: state\ndata: %s\n\n" % (feed.version, feed.document(lang))
            await stream.write(block)
            while not changed.is_set():
                try:
                    await asyncio.wait_for(changed.wait(), KEEP_ALIVE)
                except TimeoutError:
                    await stream.write(b": still here\n\n")
    except ConnectionError:
        pass  # the phone went away
    finally:
        feed.viewers -= 1
    return stream


def make_app(store: Store, sid: int, *, token: str, lang: str, max_viewers: int) -> web.Application:
    """The server's application: the session is read now, so a bad id fails before binding."""
    app = web.Application(middlewares=[_guard])
    app[SETTINGS] = Settings(token, lang, max_viewers)
    app[FEED] = Feed(Followed(store, sid, history=False))  # the latest entries are enough
    app.router.add_get(f"/{token}", _page)
    app.router.add_get(f"/{token}/", _page)
    app.router.add_get(f"/{token}/events", _events)
    app.router.add_get(f"/{token}/state.json", _state)

    async def watching(app: web.Application) -> AsyncIterator[None]:
        task = asyncio.create_task(app[FEED].watch())
        yield
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    app.cleanup_ctx.append(watching)
    return app


class _OneLine(logging.Handler):
    """What aiohttp says about a request, in one line of the server's language on standard
    error: a malformed request is the client's doing, not ours, and its traceback (with
    a long header or path in it) would fill the terminal the recorder watches."""

    def emit(self, record: logging.LogRecord) -> None:
        with contextlib.suppress(Exception):  # saying it must never stop the server
            if sys.stderr is not None:
                sys.stderr.write(_one_line(record) + "\n")
                sys.stderr.flush()


def _short(text: str, room: int = 120) -> str:
    """*text* on one line, terminal-safe, cut to *room* characters."""
    flat = visible(" ".join(text.split()))
    return flat if len(flat) <= room else flat[: room - 1] + "…"


def _one_line(record: logging.LogRecord) -> str:
    error = record.exc_info[1] if record.exc_info else None
    if isinstance(error, HttpProcessingError):  # "Error handling request from %s"
        args = record.args if isinstance(record.args, tuple) else ()
        remote = _short(str(args[0]) if args else "-", 60)
        return t("web.log.malformed", remote=remote, status=error.code,
                 reason=_short(error.message))  # fmt: skip
    what = _short(record.getMessage())
    if error is None:
        return t("web.log.said", what=what)
    return t("web.log.failed", what=what, kind=type(error).__name__, detail=_short(str(error)))


#: The logger the server's connections use (aiohttp's own prints tracebacks).
REQUEST_LOG = logging.getLogger("scorekeeper.web.requests")
REQUEST_LOG.addHandler(_OneLine())
REQUEST_LOG.setLevel(logging.INFO)  # aiohttp's debug lines (a port scan's noise) unsaid
REQUEST_LOG.propagate = False


def new_token() -> str:
    """A fresh random token for one run of the server (128 bits)."""
    return secrets.token_urlsafe(16)


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on *host*:*port* (0: any free port), or a plain-words error."""
    if not 0 <= port <= 65535:
        raise UserError("web.bad_port", port=port)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as error:
        sock.close()
        if port and error.errno in (98, 48, 10048):  # in use (Linux, macOS, Windows)
            raise UserError("web.port_busy", port=port) from None
        reason = error.strerror or str(error)
        raise UserError("web.cannot_listen", host=host, port=port, reason=reason) from None
    sock.setblocking(False)
    return sock


def page_url(sock: socket.socket, token: str) -> str:
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/{token}/"


async def serve(
    app: web.Application,
    sock: socket.socket,
    ready: Callable[[], None],
    until: Callable[[], object] | None = None,
) -> None:
    """Serve on *sock* until cancelled, or until the blocking call *until* returns (run in
    a thread); *ready* is called once phones can connect."""
    runner = web.AppRunner(app, access_log=None, handle_signals=False, logger=REQUEST_LOG)
    await runner.setup()
    try:
        # streams never end by themselves: stopping must not wait for them
        await web.SockSite(runner, sock, shutdown_timeout=0.5).start()
        ready()
        if until is None:
            await asyncio.Event().wait()
        else:
            done = asyncio.get_running_loop().create_future()

            def wait() -> None:
                until()
                if not done.done():
                    done.get_loop().call_soon_threadsafe(done.set_result, None)

            threading.Thread(target=wait, daemon=True).start()
            await done
    finally:
        await runner.cleanup()
