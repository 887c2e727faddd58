"""One small server for every phone at the table: the page, and a stream of the session.

Read-only for the viewers: their routes are GETs of the page, the stream and the same
document as JSON. The recorder's link, when one is started (``--recorder NAME``), has a
token of its own (128 bits, new at every start, never the viewers'): its page shows the
entries legal now as buttons, and its route for an entry,
``POST /{recorder token}/entry`` with a JSON body, hands the tap to a desk that records
it through the recording service (services/phone.py): from another site's page, without
that token, or faster than a person taps, it is refused in plain words and nothing is
written. Its other, ``POST /{recorder token}/correct``, plays a past round again in
memory here and hands the one ``correct`` entry it makes to the same desk
(services/phone_correcting.py). It answers only for the address it listens on (the
``Host`` a phone sends; another name, as a DNS rebinding page sends, is refused with
421). Every address carries a random token made at start (a restart changes it); without
it the answer is 403 whatever the path. The data routes refuse requests made by other
sites' pages (Origin, Sec-Fetch-Site; either one given twice is refused on every route),
and the number of open streams has a cap, with a plain message past it. A request that
cannot even be read (a 16 KB header, thousands of headers, a 100 KB path) is answered
400 by aiohttp and said in one line on standard error, never with a traceback. A phone
on the Wi-Fi without any link can only open connections: each has a few seconds for its
request, one address and the server have caps, and every answer the server makes itself
is in the page's words (web/connections.py); the recorder's streams are counted apart
from the viewers', and a stream whose phone went away frees its place at once.

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
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, replace

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from scorekeeper.core.errors import RuleError
from scorekeeper.export.live import live_view
from scorekeeper.export.live_stakes import whole_number
from scorekeeper.messages import LANGUAGES, UserError, t
from scorekeeper.messages.text import visible
from scorekeeper.services import recheck as rechecking
from scorekeeper.services.keeping import Keeper
from scorekeeper.services.known_names import known_names
from scorekeeper.services.phone import (
    MAX_TAP_BYTES,
    Answer,
    Tap,
    phone_actions,
    read_tap,
    record_tap_locked,
    round_lines,
)
from scorekeeper.services.phone_correcting import PhoneCorrection, start_correction
from scorekeeper.services.showing import Followed
from scorekeeper.storage import Store
from scorekeeper.web.connections import BODY_SECONDS, HEADER_SECONDS, LINGER_SECONDS, Doors
from scorekeeper.web.page import content_security_policy, page_html
from scorekeeper.web.stakes import add_stake_routes

#: How often the session file is looked at (seconds).
LOOK_EVERY = 0.25
#: A comment line on every stream this often, so that a dead connection is noticed and
#: proxies keep a quiet one open (the page reconnects after page.SILENCE_MS of silence).
KEEP_ALIVE = 15.0
#: Streams open at once on the recorder's link: a capacity of its own, never the viewers'
#: (a page reloaded, a second phone of the recorder's), so no viewer can take its place.
RECORDER_STREAMS = 4
#: How often an open stream looks whether its phone has gone (seconds): a closed one
#: frees its place within this, not at the next keep-alive line.
LOOK_FOR_GONE = 0.25
#: Phones are told to wait this long before connecting again after a drop (ms).
RETRY_MS = 2000
#: Entries the recorder's link takes in any one second: more is no person tapping.
TAPS_PER_SECOND = 10
#: Answers to taps kept by id, for a tap sent again (a double tap, a retried request).
TAPS_KEPT = 512
#: Seconds without a tap before the session's snapshot is kept (services/keeping.py).
KEEP_WHEN_QUIET = 2.0
#: Pauses in a row tried before giving up until the next tap (the app may hold the session).
KEEP_TRIES = 5

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


#: How often ``display --serve`` without a session number looks for the session written
#: to last (seconds): a directory listing and a stat of each journal.
LOOK_FOR_LATEST_EVERY = 1.0


class Feed:
    """The followed session and its page documents, one per language. They are made in
    the thread that read the session, never while it changes, and swapped in whole: a
    phone is sent a table as it was after some entry, never one caught half-read.

    The session followed may change while phones are open (:meth:`move`: the app opened
    another one; or *latest*, the session written to last): the next documents are the
    new session's, sent on the same streams, and the previous session's last documents
    are kept (:attr:`last`) for the page's "last result"."""

    def __init__(
        self,
        followed: Followed,
        *,
        recorder: bool = False,
        latest: Callable[[], int | None] | None = None,
    ) -> None:
        """*recorder*: also the recorder's documents, with the entries legal now.
        *latest*: which session to follow now (asked every LOOK_FOR_LATEST_EVERY seconds);
        None to follow this one until told to :meth:`move`."""
        self.followed = followed
        self.recorder = recorder
        #: The names played under before, read once: the join form offers them.
        self.known = known_names(followed.store) if recorder else []
        self._latest = latest
        self._latest_looked = 0.0
        self._moving_to: int | None = None  # told to follow this session next
        self._renew = False  # the documents are made again at the next look
        #: The previous session's documents as it was left (a viewer's, per language).
        self.last: dict[str, bytes] | None = None
        self.last_id: int | None = None
        self.version = 0
        self.viewers = 0  # streams open now on the viewers' link
        self.recorders = 0  # and on the recorder's, counted apart (RECORDER_STREAMS)
        self.problem = ""  # the file could not be read just now: said on every page
        #: The snapshot the session was opened at lied (services/recheck.py): said on
        #: every page, in its language, until another session is followed.
        self.warning: rechecking.Lie | None = None
        #: The followed session whose one background fold was started (once per open).
        self._rechecked: Followed | None = None
        self._rechecking: asyncio.Future[None] | None = None
        self._stopping = threading.Event()  # the server stops: a fold under way is ended
        self.changed = asyncio.Event()  # set (and replaced) at every new version
        self._poked = asyncio.Event()  # a tap was recorded here: look at once
        #: Held while the followed session changes (and by what reads it in other threads).
        self.lock = threading.Lock()
        self._missed = False  # the keeper took an append first: the next look shows it
        self._docs = self._documents(0)

    def document(self, lang: str, recorder: bool = False) -> bytes:
        """The document in *lang*; the recorder's (with the entries legal now) once made
        (a link just added: the viewers' until the next look)."""
        return self._docs.get(f"{lang}+" if recorder else lang) or self._docs[lang]

    def poke(self) -> None:
        """Look at the file now, not at the next turn (the recorder's tap was written)."""
        self._poked.set()

    def move(self, sid: int) -> None:
        """Follow session *sid* from the next look on (in the server's loop)."""
        self._moving_to = sid
        self.poke()

    def with_recorder(self) -> None:
        """The recorder's documents too, from the next look on (a link added later)."""
        self.recorder = True
        self._renew = True
        self.poke()

    def _documents(self, version: int) -> dict[str, bytes]:
        docs = {}
        session = self.followed.session
        for lang in LANGUAGES:
            view = live_view(session, self.followed.id, lang, self.followed.receipt())
            view["problem"], view["version"] = self._problem(lang), version
            view["last"] = self.last_id
            docs[lang] = json.dumps(view, ensure_ascii=False).encode("utf-8")
            if self.recorder:
                view["actions"] = phone_actions(session, lang, known=self.known)
                view["after"] = session.ledger.next_seq - 1
                docs[f"{lang}+"] = json.dumps(view, ensure_ascii=False).encode("utf-8")
        return docs

    def _problem(self, lang: str) -> str:
        """What every page says above the table: the problem of now, else the warning."""
        if self.problem or self.warning is None:
            return self.problem
        return self.warning.page_message(lang)

    def _recheck(self, loop: asyncio.AbstractEventLoop) -> None:
        """Start the one background fold of every entry of the session followed, if it
        was opened at its snapshot's state and none was started for it (in the loop)."""
        followed = self.followed
        if followed is self._rechecked or followed.resumed_from is None:
            return
        self._rechecked = followed
        self._rechecking = loop.run_in_executor(None, self._rechecked_now, followed, loop)

    def _rechecked_now(self, followed: Followed, loop: asyncio.AbstractEventLoop) -> None:
        """The fold (in a worker thread, holding nothing the pages need); on a lie, the
        session read whole, the entries' numbers sent to every phone with the warning."""
        opened = followed.resumed_from
        if opened is None:
            return
        try:
            lie = rechecking.recheck(opened, self._stopping.is_set)
        except Exception:  # the fold failed: nothing found (the next open tries again)
            return
        if lie is None:
            return
        with self.lock:
            if self.followed is not followed:  # another session is followed now
                return
            if lie.damaged is None:
                try:
                    followed.refold()
                except UserError as error:  # the entries do not hold: said as they are
                    self.problem = error.message()
                except Exception as error:
                    self.problem = _failed(error)
            self.warning = lie
            self._missed = True  # the next look makes the documents again
        with contextlib.suppress(RuntimeError):  # the loop closed: the server stopped
            loop.call_soon_threadsafe(self.poke)

    def _look(self) -> dict[str, bytes] | None:
        """Read what changed in the file (in a worker thread): the next documents, or None
        when nothing did."""
        with self.lock:
            return self._looked()

    def took(self) -> None:
        """Something appended was taken by the snapshot's keeper (holding :attr:`lock`)."""
        self._missed = True

    def _target(self) -> int | None:
        """The session to follow from now on, when it is not the one followed."""
        target, self._moving_to = self._moving_to, None
        if target is None and self._latest is not None:
            now = time.monotonic()
            if now - self._latest_looked >= LOOK_FOR_LATEST_EVERY:
                self._latest_looked = now
                with contextlib.suppress(Exception):  # a folder that cannot be read: later
                    target = self._latest()
        return target if target is not None and target != self.followed.id else None

    def _move(self, sid: int) -> bool:
        """Follow session *sid*; the one left kept as the last result. False (and the
        problem said) when it cannot be read: the one followed stays."""
        try:
            followed = Followed(self.followed.store, sid, history=False)
        except Exception as error:
            self.problem = error.message() if isinstance(error, UserError) else _failed(error)
            return False
        with contextlib.suppress(Exception):  # its last entries, when it can be read
            self.followed.follow()
        try:
            self.last = {
                lang: json.dumps(self._view(lang), ensure_ascii=False).encode("utf-8")
                for lang in LANGUAGES
            }
            self.last_id = self.followed.id
        except Exception:  # a table that cannot be shown is not offered
            self.last, self.last_id = None, None
        self.followed = followed
        self._missed = False
        self.problem = ""
        self.warning = None
        return True

    def _view(self, lang: str) -> dict[str, object]:
        """The viewers' document of the session followed, as it is (no last result)."""
        view = live_view(self.followed.session, self.followed.id, lang, self.followed.receipt())
        view["problem"], view["version"], view["last"] = "", self.version, None
        return view

    def _looked(self) -> dict[str, bytes] | None:
        target = self._target()
        moved = target is not None and self._move(target)
        if target is not None and not moved:  # said on every page, the last table kept
            return {lang: self._said(doc, self.version + 1) for lang, doc in self._docs.items()}
        renew, self._renew = self._renew, False
        if renew and self.recorder and not self.known:  # a recorder's link added later
            self.known = known_names(self.followed.store)
        try:
            changed = self.followed.follow() or self._missed or moved or renew
            self._missed = False
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
        lang = view.get("lang") if view.get("lang") in LANGUAGES else LANGUAGES[0]
        view["problem"], view["version"] = self._problem(str(lang)), version
        return json.dumps(view, ensure_ascii=False).encode("utf-8")

    async def watch(self) -> None:
        """Look at the file until cancelled; tell every stream when the session changed."""
        loop = asyncio.get_running_loop()
        try:
            await self._watch(loop)
        finally:
            self._stopping.set()

    async def _watch(self, loop: asyncio.AbstractEventLoop) -> None:
        while True:
            self._recheck(loop)
            # asyncio.timeout, never wait_for: Python 3.11's wait_for swallows a cancel
            # that lands as the wait ends (a poke just before the server stops), and this
            # loop would then never end (tests/test_web_server.py)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(LOOK_EVERY):
                    await self._poked.wait()
            self._poked.clear()
            docs = await loop.run_in_executor(None, self._look)
            if docs is not None:
                self._docs, self.version = docs, self.version + 1
                self.changed.set()
                self.changed = asyncio.Event()


def _failed(error: Exception) -> str:
    return t("web.view_failed", reason=f"{type(error).__name__}: {error}")


#: What records a tap: services/phone.py with the session's lock, or the app that has the
#: session open (cli/serve.py hands it the tap and waits for its answer).
Desk = Callable[[Tap, str], Awaitable[Answer]]


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


class Taps:
    """The recorder's taps: one at a time, at most TAPS_PER_SECOND a second, the answer
    to each id kept for when the same tap comes again, and the correction in progress."""

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.answers: OrderedDict[str, tuple[int, dict[str, object]]] = OrderedDict()
        self.times: deque[float] = deque()
        #: The past round being played again on the recorder's page (services/
        #: phone_correcting.py): here, in memory, never in the page; None when none is.
        self.correction: PhoneCorrection | None = None

    def too_fast(self, now: float) -> bool:
        while self.times and now - self.times[0] >= 1.0:
            self.times.popleft()
        if len(self.times) >= TAPS_PER_SECOND:
            return True
        self.times.append(now)
        return False

    def keep(self, tap_id: str, status: int, body: dict[str, object]) -> None:
        self.answers[tap_id] = (status, body)
        while len(self.answers) > TAPS_KEPT:
            self.answers.popitem(last=False)


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


def _language(request: web.Request) -> str:
    """The language a request is answered in (choose_language with the server's own)."""
    return choose_language(request, request.app[SETTINGS].lang)


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


#: The routes that answer with the session's data (never to another site's page).
_DATA = ("events", "state.json", "last.json", "correction.json", "rounds.json", "stakes.json")
#: The recorder's writing routes: one entry, and a correction of a past round.
_POSTS = ("entry", "correct")
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
TAPS = web.AppKey("taps", Taps)


def _same_token(given: str, token: str) -> bool:
    return secrets.compare_digest(given.encode(), token.encode())


def _refused(request: web.Request, status: int, text: str) -> web.Response:
    """A refusal in plain words: JSON for a tap (the recorder's page shows its text),
    plain text for anything else."""
    if request.method == "POST":
        return web.json_response({"recorded": False, "text": text}, status=status)
    return _plain(status, text)


@web.middleware
async def _guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Its own address, each site header once, the token, then only reading; the same
    safety headers on every answer."""
    settings = request.app[SETTINGS]
    lang = choose_language(request, settings.lang)
    first, _, rest = request.path.lstrip("/").partition("/")
    doubled = _doubled(request)
    link = settings.recorder
    recorder = link is not None and _same_token(first, link.token)
    reading = request.method in ("GET", "HEAD")
    if _wrong_host(request):
        response: web.StreamResponse = _refused(request, 421, t("web.wrong_host", lang))
    elif doubled is not None:
        response = _refused(request, 403, t("web.doubled_header", lang, header=doubled))
    elif not recorder and not _same_token(first, settings.token):
        response = _refused(request, 403, t("web.forbidden", lang))
    elif not recorder and request.method == "POST":
        response = _refused(request, 403, t("phone.viewer_cannot_write", lang))
    elif not recorder and not reading:
        response = _plain(405, t("web.read_only", lang))
    elif recorder and not reading and (request.method != "POST" or rest not in _POSTS):
        response = _refused(request, 405, t("phone.post_only", lang))
    elif (rest in _DATA or not reading) and _from_elsewhere(request):
        response = _refused(request, 403, t("web.cross_origin", lang))
    else:
        try:
            response = await handler(request)
        except web.HTTPException as error:  # aiohttp's own answer (a redirect is kept)
            if error.status < 400:
                raise
            if error.status == 404:  # a path we do not have: no word on what exists
                response = _plain(403, t("web.forbidden", lang))
            else:  # in the page's language, never aiohttp's words
                response = _refused(request, error.status, error_text(error.status, lang))
        except Exception:  # a fault of ours: said in one line, answered in words
            REQUEST_LOG.exception("%s %s", request.method, _short(request.path, 60))
            response = _refused(request, 500, error_text(500, lang))
    if not response.prepared:
        _secure(response)
    return response


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


def _words_for(app: web.Application) -> Callable[[web.BaseRequest, int], str]:
    """What aiohttp answers itself (a request it could not read, or that failed after the
    guard), in the request's language when it can be read, else the server's."""
    settings = app[SETTINGS]

    def words(request: web.BaseRequest, status: int) -> str:
        lang = settings.lang
        with contextlib.suppress(Exception):  # a request that could not be read
            lang = choose_language(request, settings.lang)
        return error_text(status, lang)

    return words


def _secure(response: web.StreamResponse) -> None:
    headers = response.headers
    headers["Content-Security-Policy"] = content_security_policy()
    headers["X-Content-Type-Options"] = "nosniff"
    headers["Referrer-Policy"] = "no-referrer"
    headers["X-Frame-Options"] = "DENY"
    headers["Cross-Origin-Resource-Policy"] = "same-origin"
    headers["Cache-Control"] = "no-store"
    headers["Server"] = "scorekeeper"  # not aiohttp's name and version


def _for_recorder(request: web.Request) -> bool:
    """The request came in on the recorder's token (the guard let nothing else through)."""
    link = request.app[SETTINGS].recorder
    first = request.path.lstrip("/").partition("/")[0]
    return link is not None and _same_token(first, link.token)


async def _page(request: web.Request) -> web.StreamResponse:
    settings = request.app[SETTINGS]
    feed = request.app[FEED]
    if not request.path.endswith("/"):  # /TOKEN → /TOKEN/, so that "events" is beside it
        raise web.HTTPFound(request.path + "/")
    lang = choose_language(request, settings.lang)
    link = settings.recorder if _for_recorder(request) else None
    html = page_html(lang, feed.followed.id, link.name if link is not None else None)
    return web.Response(text=html, content_type="text/html", charset="utf-8")


async def _state(request: web.Request) -> web.StreamResponse:
    settings = request.app[SETTINGS]
    feed = request.app[FEED]
    body = feed.document(choose_language(request, settings.lang), _for_recorder(request))
    return web.Response(body=body, content_type="application/json", charset="utf-8")


async def _entry(request: web.Request) -> web.StreamResponse:
    """One tap of the recorder's page: read, counted against the rate, answered from
    memory when its id was seen, else handed to the desk (one tap at a time)."""
    settings, feed, taps = request.app[SETTINGS], request.app[FEED], request.app[TAPS]
    link = settings.recorder
    assert link is not None  # the guard let only the recorder's token through
    lang = choose_language(request, settings.lang)
    body = await _body(request, lang)
    if isinstance(body, web.Response):
        return body
    try:
        tap = read_tap(body)
    except UserError as error:
        return _refused(request, 400, error.message(lang))
    early = _kept_or_too_fast(request, tap.id, lang)
    if early is not None:
        return early
    # a tap made on another session's table (the page followed the app since): refused
    now = feed.followed.id
    if tap.session is not None and tap.session != now:
        return _refused(request, 409, t("phone.other_session", lang, made=tap.session, now=now))
    tap = replace(tap, session=now)
    async with taps.lock:
        kept = taps.answers.get(tap.id)  # the same tap, sent while the first was recorded
        if kept is not None:
            return web.json_response(kept[1], status=kept[0])
        answer = await link.desk(tap, lang)
        body = answer.as_json()
        if answer.final:  # an answer of the rules or of the journal
            taps.keep(tap.id, answer.status, body)
    if answer.recorded:
        feed.poke()
    return web.json_response(body, status=answer.status)


async def _body(request: web.Request, lang: str) -> object:
    """The JSON a tap posted, or the refusal to answer with (not JSON, too long)."""
    if request.content_type != "application/json":
        return _refused(request, 415, t("phone.needs_json", lang))
    if request.content_length is not None and request.content_length > MAX_TAP_BYTES:
        return _refused(request, 413, t("phone.bad_tap", lang))
    try:
        async with asyncio.timeout(BODY_SECONDS):  # half a body, then nothing: dropped
            raw = b""
            while len(raw) <= MAX_TAP_BYTES:
                chunk = await request.content.read(MAX_TAP_BYTES + 1 - len(raw))
                if not chunk:
                    break
                raw += chunk
    except TimeoutError:
        refusal = _refused(request, 408, error_text(408, lang))
        refusal.force_close()
        return refusal
    try:
        if len(raw) > MAX_TAP_BYTES:
            raise UserError("phone.bad_tap")
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError, UserError):  # [[[[… nested deep
        return _refused(request, 400, t("phone.bad_tap", lang))


def _kept_or_too_fast(request: web.Request, tap_id: str, lang: str) -> web.Response | None:
    """The answer already given to *tap_id*, or the refusal of one tap too many this
    second; None to go on."""
    settings, taps = request.app[SETTINGS], request.app[TAPS]
    kept = taps.answers.get(tap_id)
    if kept is not None:
        return web.json_response(kept[1], status=kept[0])
    if taps.too_fast(settings.clock()):
        refusal = _refused(request, 429, t("phone.too_fast", lang, limit=TAPS_PER_SECOND))
        refusal.headers["Retry-After"] = "1"
        return refusal
    return None


def _correction_view(request: web.Request, lang: str) -> dict[str, object] | None:
    """The round being played again as the page draws a table (its buttons, its count of
    entries, what to do now), or None when no round is being corrected."""
    feed, correction = request.app[FEED], request.app[TAPS].correction
    if correction is None:
        return None
    view = live_view(correction.session, feed.followed.id, lang)
    view["problem"], view["version"] = "", feed.version
    view["actions"] = correction.actions(lang)
    view["after"] = correction.entries
    view["correction"] = correction.describe(lang)
    return view


async def _correction(request: web.Request) -> web.StreamResponse:
    """``GET correction.json``: the round being played again (a reloaded page goes on)."""
    if not _for_recorder(request):
        raise web.HTTPNotFound()  # said as any path we do not have (the guard: 403)
    lang = choose_language(request, request.app[SETTINGS].lang)
    return web.json_response({"correction": _correction_view(request, lang)})


async def _rounds(request: web.Request) -> web.StreamResponse:
    """``GET rounds.json``: the finished rounds to pick one to correct, newest first, a page
    at a time (``before``: the oldest round the page lists already), read when the
    recorder opens the list, in a worker thread, never with every table the page is sent."""
    if not _for_recorder(request):
        raise web.HTTPNotFound()  # said as any path we do not have (the guard: 403)
    feed = request.app[FEED]
    lang = choose_language(request, request.app[SETTINGS].lang)
    try:  # ASCII digits only: Python reads "²" and "١٢" as digits, int() only the second
        before = whole_number(request.query.get("before"), "round_number")
    except UserError as error:
        return _plain(400, error.message(lang))

    def lines() -> dict[str, object]:
        with feed.lock:
            return round_lines(feed.followed.session.state, lang, before)

    said = await asyncio.get_running_loop().run_in_executor(None, lines)
    return web.json_response(said)


async def _correct(request: web.Request) -> web.StreamResponse:
    """``POST correct``: begin correcting round N, one entry of it played again, leave it,
    or save it with a reason (then one ``correct`` entry goes to the desk, as a tap does).
    Each carries an id, answered once; one at a time with the taps."""
    settings, taps = request.app[SETTINGS], request.app[TAPS]
    lang = choose_language(request, settings.lang)
    body = await _body(request, lang)
    if isinstance(body, web.Response):
        return body
    what = body.get("do") if isinstance(body, dict) else None
    tap_id = body.get("id") if isinstance(body, dict) else None
    if what not in ("start", "tap", "cancel", "save") or not isinstance(tap_id, str):
        return _refused(request, 400, t("phone.bad_tap", lang))
    if not 8 <= len(tap_id) <= 64 or not tap_id.isascii():
        return _refused(request, 400, t("phone.bad_tap", lang))
    assert isinstance(body, dict)
    early = _kept_or_too_fast(request, tap_id, lang)
    if early is not None:
        return early
    async with taps.lock:
        kept = taps.answers.get(tap_id)  # the same tap, sent while the first was answered
        if kept is not None:
            return web.json_response(kept[1], status=kept[0])
        status, said, final = await _corrected(request, str(what), tap_id, body, lang)
        said.setdefault("recorded", False)  # only the saved correction is in the journal
        said["correction"] = _correction_view(request, lang)
        if final:
            taps.keep(tap_id, status, said)
    return web.json_response(said, status=status)


async def _corrected(
    request: web.Request, what: str, tap_id: str, body: dict[str, object], lang: str
) -> tuple[int, dict[str, object], bool]:
    """One step of a correction (the taps' lock held): its status, its answer, and whether
    the same id sent again gets the same answer."""
    link, feed, taps = request.app[SETTINGS].recorder, request.app[FEED], request.app[TAPS]
    assert link is not None
    loop = asyncio.get_running_loop()
    correction = taps.correction
    if correction is not None and correction.sid != feed.followed.id:  # the page moved on
        taps.correction = None
        now = feed.followed.id
        return 409, {"ok": False, "text": t("phone.other_session", lang, made=correction.sid,
                                             now=now)}, True  # fmt: skip
    if what == "start":
        number = body.get("round")
        if type(number) is not int:
            return 400, {"ok": False, "text": t("phone.bad_tap", lang)}, True
        followed = feed.followed
        try:
            taps.correction = await loop.run_in_executor(
                None, start_correction, followed.store, followed.id, number
            )
        except UserError as error:
            return 422, {"ok": False, "text": error.message(lang)}, True
        return 200, {"ok": True, "text": t("phone.correct.title", lang, round=number)}, True
    if correction is None:
        return 409, {"ok": False, "text": t("phone.correct.none", lang)}, True
    if what == "cancel":
        taps.correction = None
        left = t("phone.correct.left", lang, round=correction.number)
        return 200, {"ok": True, "text": left}, True
    if what == "tap":
        try:
            tap = read_tap(body)
        except UserError as error:
            return 400, {"ok": False, "text": error.message(lang)}, True
        answer = await loop.run_in_executor(None, correction.tap, tap, lang)
        return answer.status, {"ok": answer.recorded, **answer.as_json(), "recorded": False}, True
    reason = body.get("reason")
    try:
        tap = correction.correction_tap(tap_id, reason if isinstance(reason, str) else "")
    except UserError as error:
        return 422, {"ok": False, "text": error.message(lang)}, True
    answer = await link.desk(tap, lang)
    if answer.recorded:
        taps.correction = None
        feed.poke()
    return answer.status, {"ok": answer.recorded, **answer.as_json()}, answer.final


async def _events(request: web.Request) -> web.StreamResponse:
    settings, feed = request.app[SETTINGS], request.app[FEED]
    lang = choose_language(request, settings.lang)
    recorder = _for_recorder(request)
    if recorder and feed.recorders >= RECORDER_STREAMS:
        refusal = _plain(503, t("web.too_many_recorder", lang, limit=RECORDER_STREAMS))
        refusal.headers["Retry-After"] = "5"
        return refusal
    if not recorder and feed.viewers >= settings.max_viewers:
        refusal = _plain(503, t("web.too_many", lang, limit=settings.max_viewers))
        refusal.headers["Retry-After"] = "30"
        return refusal
    if recorder:
        feed.recorders += 1
    else:
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
            doc = feed.document(lang, recorder)
            block = b"id: %d\nevent: state\ndata: %s\n\n" % (feed.version, doc)
            await stream.write(block)
            quiet = 0.0
            while not changed.is_set():
                if _gone(request):  # its place is free now, not at the next write
                    return stream
                try:
                    async with asyncio.timeout(LOOK_FOR_GONE):  # not wait_for: Feed.watch
                        await changed.wait()
                except TimeoutError:
                    quiet += LOOK_FOR_GONE
                    if quiet >= KEEP_ALIVE:
                        quiet = 0.0
                        await stream.write(b": still here\n\n")
    except ConnectionError:
        pass  # the phone went away
    finally:
        if recorder:
            feed.recorders -= 1
        else:
            feed.viewers -= 1
    return stream


def _gone(request: web.Request) -> bool:
    """The phone closed the connection (aiohttp lets go of a lost one's transport)."""
    transport = request.transport
    return transport is None or transport.is_closing()


async def _last(request: web.Request) -> web.StreamResponse:
    """``GET last.json``: the session the page showed before the one it follows now, as
    it was left (the page's "last result"); null when it has followed only one."""
    feed = request.app[FEED]
    lang = choose_language(request, request.app[SETTINGS].lang)
    body = feed.last[lang] if feed.last is not None else b"null"
    return web.Response(body=body, content_type="application/json", charset="utf-8")


def make_app(
    store: Store,
    sid: int,
    *,
    token: str,
    lang: str,
    max_viewers: int,
    recorder: RecorderLink | None = None,
    clock: Callable[[], float] = time.monotonic,
    latest: Callable[[], int | None] | None = None,
) -> web.Application:
    """The server's application: the session is read now, so a bad id fails before binding.
    *recorder*: the recorder's link too (its token must not be the viewers'); it may also
    be added later (:func:`set_recorder`). *latest*: follow the session it names (Feed)."""
    if recorder is not None and _same_token(recorder.token, token):
        raise ValueError("the recorder's token must not be the viewers'")
    app = web.Application(middlewares=[_guard], client_max_size=MAX_TAP_BYTES)
    app[SETTINGS] = Settings(token, lang, max_viewers, recorder, clock)
    # the latest entries are enough
    followed = Followed(store, sid, history=False)
    app[FEED] = Feed(followed, recorder=recorder is not None, latest=latest)
    if recorder is not None and isinstance(recorder.desk, JournalDesk):
        recorder.desk.share(app[FEED])
    app[TAPS] = Taps()
    # one route for any token: the guard lets only the viewers' and the recorder's through
    # (the recorder's may be added or renewed while the server runs)
    app.router.add_get("/{token}", _page)
    app.router.add_get("/{token}/", _page)
    app.router.add_get("/{token}/events", _events)
    app.router.add_get("/{token}/state.json", _state)
    app.router.add_get("/{token}/last.json", _last)
    app.router.add_post("/{token}/entry", _entry)
    app.router.add_post("/{token}/correct", _correct)
    app.router.add_get("/{token}/correction.json", _correction)
    app.router.add_get("/{token}/rounds.json", _rounds)
    add_stake_routes(app, ("{token}",), lambda app: app[FEED], _language)  # web/stakes.py

    async def watching(app: web.Application) -> AsyncIterator[None]:
        task = asyncio.create_task(app[FEED].watch())
        yield
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        link = app[SETTINGS].recorder
        if link is not None and isinstance(link.desk, JournalDesk):
            await link.desk.finish()

    app.cleanup_ctx.append(watching)
    return app


def recorder_name(feed: Feed, name: str) -> str:
    """*name* as the followed session spells it, or a UserError naming its players."""
    with feed.lock:
        state, sid = feed.followed.session.state, feed.followed.id
        try:
            return state.find_player(name)
        except RuleError:
            players = ", ".join(state.names())
            raise UserError("phone.not_a_player", name=name, session=sid,
                            players=players) from None  # fmt: skip


async def set_recorder(
    app: web.Application, name: str, desk_for: Callable[[str], Desk]
) -> RecorderLink:
    """A recorder's link for *name* on the running server: a new token (a link made
    before is refused from then on), the viewers' link unchanged; a UserError when
    *name* is not a player of the session followed. In the server's loop."""
    feed, settings = app[FEED], app[SETTINGS]
    named = await asyncio.get_running_loop().run_in_executor(None, recorder_name, feed, name)
    token = new_token()
    while _same_token(token, settings.token):  # 128 bits each: never, but never is checked
        token = new_token()
    link = RecorderLink(token, named, desk_for(named))
    if isinstance(link.desk, JournalDesk):
        link.desk.share(feed)
    settings.recorder = link
    app[TAPS].correction = None  # a round played again on the old link is left
    changed = feed.changed
    feed.with_recorder()
    with contextlib.suppress(TimeoutError):  # its page opens with its buttons
        async with asyncio.timeout(5 * LOOK_EVERY + 2):  # not wait_for: see Feed.watch
            await changed.wait()
    return link


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
    # streams never end by themselves: stopping must not wait for them
    runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=0.5)
    await runner.setup()
    assert runner.server is not None
    loop = asyncio.get_running_loop()
    doors = Doors(REQUEST_LOG, _words_for(app))  # web/connections.py
    handling = loop.get_exception_handler()
    loop.set_exception_handler(doors.accept_failed)
    make = doors.factory(
        runner.server, loop=loop, logger=REQUEST_LOG, access_log=None,
        keepalive_timeout=HEADER_SECONDS, lingering_time=LINGER_SECONDS,
    )  # fmt: skip
    listening = await loop.create_server(make, sock=sock)
    try:
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
        listening.close()
        await runner.cleanup()
        loop.set_exception_handler(handling)
