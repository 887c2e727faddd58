"""The page server's feed: the session followed, its page documents, and the stream
that sends them to every phone.

The session file is looked at a few times a second by one task (:meth:`Feed.watch`);
when it has changed it is read again (in a thread, so the streams keep going) and the
new documents are sent to every phone on its Server-Sent Events stream (:func:`events`).
A phone that connects, or reconnects after sleeping, gets the whole document at once:
nothing to catch up entry by entry. The same document is ``state.json``; the session
followed before is ``last.json``. The streams have caps (the viewers' as started, the
recorder's :data:`RECORDER_STREAMS` apart from them), with a plain message past them,
and a stream whose phone went away frees its place at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections import Counter
from collections.abc import Callable

from aiohttp import web

from scorekeeper.export.live import live_view
from scorekeeper.messages import LANGUAGES, UserError, t
from scorekeeper.services import recheck as rechecking
from scorekeeper.services.known_names import known_names
from scorekeeper.services.phone import phone_actions, player_actions
from scorekeeper.services.proposals import ProposalQueue, reworded
from scorekeeper.services.showing import Followed
from scorekeeper.web.answers import choose_language, plain, secure
from scorekeeper.web.links import SETTINGS, Settings, for_player, for_recorder

#: How often the session file is looked at (seconds).
LOOK_EVERY = 0.25
#: A comment line on every stream this often, so that a dead connection is noticed and
#: proxies keep a quiet one open (the page reconnects after page.SILENCE_MS of silence).
KEEP_ALIVE = 15.0
#: Streams open at once on the recorder's link: a capacity of its own, never the viewers'
#: (a page reloaded, a second phone of the recorder's), so no viewer can take its place.
RECORDER_STREAMS = 4
#: Streams open at once on one player's own link (issue 46), apart from the viewers' too.
PLAYER_STREAMS = 4
#: How often an open stream looks whether its phone has gone (seconds): a closed one
#: frees its place within this, not at the next keep-alive line.
LOOK_FOR_GONE = 0.25
#: Phones are told to wait this long before connecting again after a drop (ms).
RETRY_MS = 2000
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
        players: bool = False,
    ) -> None:
        """*recorder*: also the recorder's documents, with the entries legal now.
        *players*: each seated player's offers too (their own links are made).
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
        self.player_streams: Counter[str] = Counter()  # on each player's (PLAYER_STREAMS)
        #: Who is seated in the session of the documents made last; told to
        #: :attr:`on_seats` (in the loop) at each new version: the players' links follow.
        self.seated: tuple[str, ...] = ()
        self.on_seats: Callable[[tuple[str, ...]], None] | None = None
        #: Players' proposals waiting for the recorder (issue 46), in memory only; each
        #: player's buttons (``"offers"``) by language and name, made with the documents.
        self.proposals = ProposalQueue()
        self._offers: dict[tuple[str, str], list[dict[str, object]]] = {}
        self.players = players  # the players' links are made: their offers too
        self.count = 0  # entries in the session of the documents made last
        self.auto_confirm = False  # its switch: proposals confirmed by themselves
        #: Told (in the loop) when the queue changed: the app's line (cli/serve.py).
        self.on_queue: Callable[[], None] | None = None
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
        self._next: tuple[int, int, bool, dict[tuple[str, str], list[dict[str, object]]]]
        self._queue_sid = followed.id
        self._swap(self._documents(0))

    def document(
        self, lang: str, recorder: bool = False, links: list[dict[str, object]] | None = None
    ) -> bytes:
        """The document in *lang*; the recorder's (with the entries legal now, the
        players' proposals waiting, oldest first, and *links*, the players' links by name:
        ``Settings.link_states``) once made (a link just added: the viewers' until the
        next look)."""
        key = f"{lang}+" if recorder else lang
        doc = self._docs.get(key)
        if doc is None or not recorder:
            return self._docs[lang]
        extra = {"proposals": self.proposals.listed(lang), "links": links or []}
        return doc[:-1] + b", " + json.dumps(extra, ensure_ascii=False).encode("utf-8")[1:]

    def player_document(self, lang: str, name: str, confirmer: str = "") -> bytes:
        """The viewers' document in *lang* for *name*'s own page: who they are
        (``"me"``), ``"offers"``, the entries they may propose now, their own proposals
        (``"mine"``, the last word said to them: ``"said"``), and who confirms them now
        (``"confirmer"``: the recorder's link may be renewed for another name); never
        another link, nor another player's proposals."""
        extra: dict[str, object] = {
            "me": name,
            "confirmer": confirmer,
            "offers": self._offers.get((lang, name), []),
            "after": self.count,
            **self.proposals.mine(name, lang),
        }
        text = json.dumps(extra, ensure_ascii=False).encode("utf-8")
        return self.document(lang)[:-1] + b", " + text[1:]

    def queue_changed(self) -> None:
        """The proposals changed (in the loop): every stream is sent its document again
        at once, and the app is told."""
        self.push()
        if self.on_queue is not None:
            self.on_queue()

    def push(self) -> None:
        """Every stream is sent its document again at once (in the loop): the proposals,
        or the players' links (a revoke, a phone opened or gone), changed."""
        self.changed.set()
        self.changed = asyncio.Event()

    def poke(self) -> None:
        """Look at the file now, not at the next turn (the recorder's tap was written)."""
        self._poked.set()

    def move(self, sid: int) -> None:
        """Follow session *sid* from the next look on (in the server's loop)."""
        self._moving_to = sid
        self.poke()

    def with_players(self) -> None:
        """Each seated player's offers too, from the next look on (their links made)."""
        if not self.players:
            self.players = True
            self._renew = True
            self.poke()

    def with_recorder(self) -> None:
        """The recorder's documents too, from the next look on (a link added later)."""
        self.recorder = True
        self._renew = True
        self.poke()

    def _documents(self, version: int) -> dict[str, bytes]:
        docs = {}
        session = self.followed.session
        self.seated = session.state.seated()
        offers = {}
        for lang in LANGUAGES:
            if self.recorder and self.players:  # players' links: beside a recorder's only
                for name in self.seated:
                    offers[(lang, name)] = player_actions(session, name, lang)
            view = live_view(session, self.followed.id, lang, self.followed.receipt())
            view["problem"], view["version"] = self._problem(lang), version
            view["last"] = self.last_id
            docs[lang] = json.dumps(view, ensure_ascii=False).encode("utf-8")
            if self.recorder:
                view["actions"] = phone_actions(session, lang, known=self.known)
                view["after"] = session.ledger.next_seq - 1
                docs[f"{lang}+"] = json.dumps(view, ensure_ascii=False).encode("utf-8")
        # taken by the loop with the documents (:meth:`_swap`), never before them
        self._next = (self.followed.id, session.ledger.next_seq - 1, session.state.auto_confirm,
                      offers)  # fmt: skip
        return docs

    def _swap(self, docs: dict[str, bytes]) -> None:
        """The documents made last, with what goes with them (in the loop); a proposal
        made for an older count, or in a session no longer followed, withdrawn."""
        self._docs = docs
        sid, self.count, self.auto_confirm, self._offers = self._next
        stale = self.proposals.withdraw_stale(self.count if sid == self._queue_sid else None)
        self._queue_sid = sid
        if stale and self.on_queue is not None:
            self.on_queue()  # each stale one's player is told with this version

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
                self._swap(docs)
                self.version += 1
                if self.on_seats is not None:
                    self.on_seats(self.seated)
                self.changed.set()
                self.changed = asyncio.Event()
            await self._reword(loop)

    async def _reword(self, loop: asyncio.AbstractEventLoop) -> None:
        """The proposals moved on behind a confirmed one, once the table they are now made
        for is read: worded for it, so the recorder sees what a confirm would record."""
        moved = [one for one in self.proposals.unworded() if one.after == self.count]
        if not moved:
            return

        def worded() -> dict[str, tuple[int, tuple[tuple[str, str], ...]]]:
            with self.lock:
                return reworded(self.followed.session, moved)

        try:
            labels = await loop.run_in_executor(None, worded)
        except Exception:  # a fault of ours: the words they were made with are kept
            labels = {one.id: (one.after, ()) for one in moved}
        if self.proposals.reword(labels):
            self.queue_changed()


def _failed(error: Exception) -> str:
    """What every page says when the table could not be made (a fault of ours)."""
    return t("web.view_failed", reason=f"{type(error).__name__}: {error}")


FEED = web.AppKey("feed", Feed)


async def state_json(request: web.Request) -> web.StreamResponse:
    """``GET state.json``: the document the stream sends now, in the asker's language."""
    settings = request.app[SETTINGS]
    feed = request.app[FEED]
    lang = choose_language(request, settings.lang)
    player = for_player(request)
    if player is not None:
        body = feed.player_document(lang, player, confirmer(settings))
    else:
        recorder = for_recorder(request)
        links = settings.link_states(feed.player_streams) if recorder else None
        body = feed.document(lang, recorder, links)
    return web.Response(body=body, content_type="application/json", charset="utf-8")


async def events(request: web.Request) -> web.StreamResponse:
    """``GET events``: the stream of documents, one at every new version, while the phone
    stays (a comment line every KEEP_ALIVE seconds of quiet); past its cap, 503."""
    settings, feed = request.app[SETTINGS], request.app[FEED]
    lang = choose_language(request, settings.lang)
    recorder = for_recorder(request)
    player = for_player(request)
    if player is not None and feed.player_streams[player] >= PLAYER_STREAMS:
        refusal = plain(503, t("phone.player.too_many", lang, limit=PLAYER_STREAMS))
        refusal.headers["Retry-After"] = "5"
        return refusal
    if recorder and feed.recorders >= RECORDER_STREAMS:
        refusal = plain(503, t("web.too_many_recorder", lang, limit=RECORDER_STREAMS))
        refusal.headers["Retry-After"] = "5"
        return refusal
    if not recorder and player is None and feed.viewers >= settings.max_viewers:
        refusal = plain(503, t("web.too_many", lang, limit=settings.max_viewers))
        refusal.headers["Retry-After"] = "30"
        return refusal
    if player is not None:
        feed.player_streams[player] += 1
        feed.push()  # the recorder's page says the phone is open
    elif recorder:
        feed.recorders += 1
    else:
        feed.viewers += 1
    try:
        stream = web.StreamResponse(
            headers={"Content-Type": "text/event-stream; charset=utf-8", "X-Accel-Buffering": "no"}
        )
        secure(stream)
        await stream.prepare(request)
        await stream.write(f"retry: {RETRY_MS}\n\n".encode())
        while True:
            changed = feed.changed
            if player is not None and for_player(request) != player:
                return stream  # revoked, or left the table: closed at once
            if player is not None:
                doc = feed.player_document(lang, player, confirmer(settings))
            else:
                links = settings.link_states(feed.player_streams) if recorder else None
                doc = feed.document(lang, recorder, links)
            block = b"id: %d\nevent: state\ndata: %s\n\n" % (feed.version, doc)
            await stream.write(block)
            quiet = 0.0
            while not changed.is_set():
                if _gone(request):  # its place is free now, not at the next write
                    return stream
                if player is not None and for_player(request) != player:
                    return stream  # revoked, or left the table: closed at once
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
        if player is not None:
            feed.player_streams[player] -= 1
            feed.push()  # and when it is gone
        elif recorder:
            feed.recorders -= 1
        else:
            feed.viewers -= 1
    return stream


def confirmer(settings: Settings) -> str:
    """Who confirms the players' proposals now: the recorder's link's name ("" without)."""
    return settings.recorder.name if settings.recorder is not None else ""


def _gone(request: web.Request) -> bool:
    """The phone closed the connection (aiohttp lets go of a lost one's transport)."""
    transport = request.transport
    return transport is None or transport.is_closing()


async def last_json(request: web.Request) -> web.StreamResponse:
    """``GET last.json``: the session the page showed before the one it follows now, as
    it was left (the page's "last result"); null when it has followed only one."""
    feed = request.app[FEED]
    lang = choose_language(request, request.app[SETTINGS].lang)
    body = feed.last[lang] if feed.last is not None else b"null"
    return web.Response(body=body, content_type="application/json", charset="utf-8")
