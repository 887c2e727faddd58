"""``scorekeeper display [SESSION] --serve``: the live table page for the phones at the table.

Without a session number it follows the session written to last, and moves to the next
one when it is written to (the phones move with it, on the same link).

This machine only, unless ``--lan`` (then the machine's address on its network, never
0.0.0.0). The first line printed is the page's address and nothing else, so a program
(the app's "show the table page") can read it; with ``--recorder NAME`` the second line
is the recorder's address; with ``--players`` too, one line ``NAME: URL`` for each seated
player's own link (issue 46) follows it; then what it is, and the QR codes. A player's link
made later (revoked from the recorder's page, or a player who joined) is printed the same
way, ``NAME: URL``, when it is made.

Started by the app (``--with-app``), it runs for as long as the app does, whatever session
the app moves to, and takes the app's word as one JSON line each on standard input
(services/table_page.py): ``{"do": "follow", "session": N}`` (the app opened session N:
every phone moves to it), ``{"do": "recorder", "name": NAME}`` (a recorder's link, answered
by a line ``LINK {json}`` with its address or why not: a new token, the viewers' link
and port unchanged), ``{"do": "lang", "lang": L}``, ``{"do": "players"}`` (every seated
player's own link, made once per name, answered by a line ``PLAYERS {"links": [{"name",
"url"}...]}``) and ``{"do": "revoke", "name": N}`` (that player's link refused from then
on, a new one made: ``PLAYERS`` again, or ``{"error": ...}``). The app stays the one writer: each
tap is handed to it as a line ``TAP {json}`` on standard output, and its answer comes
back as one JSON line ``{"n": …}`` on standard input; the server stops when the app's end
of its input closes. Players' proposals (issue 46): whenever the queue changes, a line
``PROPOSALS {"pending": [{"id", "player", "words", "label", "at"}...]}`` (oldest first);
the app answers ``{"do": "confirm", "id": ID}`` (the proposal then comes back as an
ordinary ``TAP`` line carrying ``"proposed": {"by", "at"}`` and ``"from_app": true``: the
app records it as its own key would, under its table's recorder) or ``{"do": "refuse",
"id": ID}``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from scorekeeper.messages import LANGUAGES, UserError, language, t
from scorekeeper.services.phone import Answer, Tap, read_texts
from scorekeeper.storage import Store

if TYPE_CHECKING:  # aiohttp is imported only when the page is served
    from aiohttp import web

#: How long a tap waits for the app's answer before the phone is told it is not answering.
APP_ANSWERS_WITHIN = 15.0


class AppDesk:
    """Taps handed to the app that started this server, answered by it (one JSON line on
    standard input for each ``TAP`` line written on standard output), and the app's
    other words on standard input (what to follow, a recorder's link, its language)."""

    def __init__(self) -> None:
        self._numbers = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, object]]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._app: web.Application | None = None
        self._out = threading.Lock()
        self._base = ""  # the page's address without its token: "http://host:port/"

    def attach(self, loop: asyncio.AbstractEventLoop, app: web.Application, base: str = "") -> None:
        """The server's loop and application, once it serves (the app's words act on them);
        *base*: the address a link's token is put after."""
        self._loop, self._app, self._base = loop, app, base

    def say(self, line: str) -> None:
        """One line on standard output for the app (never mixed with another)."""
        with self._out:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()

    async def __call__(self, tap: Tap, lang: str) -> Answer:
        self._loop = asyncio.get_running_loop()
        number = next(self._numbers)
        future: asyncio.Future[dict[str, object]] = self._loop.create_future()
        self._waiting[number] = future
        line: dict[str, object] = {"n": number, "lang": lang, "id": tap.id, "after": tap.after,
                                   "words": tap.words, "correction": tap.correction,
                                   "session": tap.session}  # fmt: skip
        if tap.proposed is not None:  # a player's proposal the recorder confirmed
            line["proposed"] = {"by": tap.proposed.by, "at": tap.proposed.at.isoformat()}
        if tap.from_app:  # the app's own Enter: recorded as its own key would (no hand-over)
            line["from_app"] = True
        try:
            self.say("TAP " + json.dumps(line, ensure_ascii=False))
            async with asyncio.timeout(APP_ANSWERS_WITHIN):  # not wait_for (web/feed.py)
                said = await future
        except (TimeoutError, OSError, ValueError):
            return Answer(503, False, t("phone.app_gone", lang), -1, final=False)
        finally:
            self._waiting.pop(number, None)
        return Answer(
            status=int(str(said.get("status", 503))),
            recorded=said.get("recorded") is True,
            text=str(said.get("text", "")),
            entries=int(str(said.get("entries", -1))),
            seq=int(str(said["seq"])) if said.get("seq") is not None else None,
            final=said.get("final") is not False,
            texts=read_texts(said.get("texts")),
        )

    def read_answers(self) -> None:
        """Read the app's lines until its end of our input closes (in a thread)."""
        for raw in sys.stdin:
            with contextlib.suppress(ValueError, TypeError, KeyError, RuntimeError):
                said = json.loads(raw)
                if not isinstance(said, dict):
                    continue
                if "n" in said:
                    future = self._waiting.get(int(said["n"]))
                    if future is not None and self._loop is not None:
                        self._loop.call_soon_threadsafe(_settle, future, said)
                elif self._loop is not None and self._app is not None:
                    self._told(self._loop, self._app, said)

    def _told(
        self, loop: asyncio.AbstractEventLoop, app: web.Application, said: dict[str, object]
    ) -> None:
        """One of the app's words, acted on in the server's loop."""
        from scorekeeper.web.feed import FEED
        from scorekeeper.web.links import SETTINGS

        what = said.get("do")
        if what == "follow" and type(said.get("session")) is int:
            loop.call_soon_threadsafe(app[FEED].move, int(str(said["session"])))
        elif what == "lang" and said.get("lang") in LANGUAGES:
            settings = app[SETTINGS]
            loop.call_soon_threadsafe(setattr, settings, "lang", str(said["lang"]))
        elif what == "recorder" and isinstance(said.get("name"), str):
            name = str(said["name"])
            asyncio.run_coroutine_threadsafe(self._link(app, name), loop)
        elif what == "players":
            loop.call_soon_threadsafe(self._players, app, None)
        elif what == "revoke" and isinstance(said.get("name"), str):
            loop.call_soon_threadsafe(self._players, app, str(said["name"]))
        elif what in ("confirm", "refuse") and isinstance(said.get("id"), str):
            asyncio.run_coroutine_threadsafe(self._answer(app, str(what), str(said["id"])), loop)

    def proposals_changed(self, pending: dict[str, object]) -> None:
        """The players' proposals waiting changed: said to the app as ``PROPOSALS {json}``
        (web/proposing.py tells it, in the server's loop)."""
        self.say("PROPOSALS " + json.dumps(pending, ensure_ascii=False))

    async def _answer(self, app: web.Application, what: str, proposal_id: str) -> None:
        """The app confirmed or refused a proposal: as the recorder's page would. One no
        longer waiting is left (the queue's next line says what waits)."""
        from scorekeeper.web.feed import FEED
        from scorekeeper.web.links import SETTINGS
        from scorekeeper.web.proposing import confirm, refuse

        if what == "confirm":
            await confirm(app, proposal_id, app[SETTINGS].lang, from_app=True)
            return
        with contextlib.suppress(UserError):
            refuse(app, proposal_id)
            return
        self.proposals_changed(app[FEED].proposals.for_app())

    def _players(self, app: web.Application, revoke: str | None) -> None:
        """Every seated player's link (after revoking *revoke*'s), said to the app as
        ``PLAYERS {json}``. In the server's loop."""
        from scorekeeper.web.server import player_links, revoke_player

        try:
            links = player_links(app) if revoke is None else revoke_player(app, revoke)
        except UserError as error:
            said: dict[str, object] = {"error": error.message()}
        else:
            said = {"links": [{"name": link.name, "url": self._base + link.token + "/"}
                              for link in links]}  # fmt: skip
        self.say("PLAYERS " + json.dumps(said, ensure_ascii=False))

    async def _link(self, app: web.Application, name: str) -> None:
        """A recorder's link for *name*, said to the app as ``LINK {json}``."""
        from scorekeeper.web.server import set_recorder

        try:
            link = await set_recorder(app, name, lambda _: self)
        except UserError as error:
            said: dict[str, object] = {"error": error.message()}
        else:
            said = {"token": link.token, "name": link.name}
        self.say("LINK " + json.dumps(said, ensure_ascii=False))


def _settle(future: asyncio.Future[dict[str, object]], said: dict[str, object]) -> None:
    if not future.done():
        future.set_result(said)


def serve_display(args: argparse.Namespace, store: Store, sid: int | None) -> int:
    """Serve session *sid*, or (None) the session written to last, following it on."""
    from scorekeeper.web.desk import journal_desk
    from scorekeeper.web.feed import FEED
    from scorekeeper.web.lan import lan_address, refused_address
    from scorekeeper.web.links import SETTINGS, RecorderLink, new_token
    from scorekeeper.web.qr import qr_for_terminal
    from scorekeeper.web.server import bind, make_app, page_url, recorder_name, serve

    if args.host is not None:  # the old textual-serve option, which could bind 0.0.0.0
        raise UserError("web.host_gone", host=args.host)
    if not 1 <= args.max_viewers <= 1000:
        raise UserError("web.bad_limit", limit=args.max_viewers)
    if args.players and args.recorder is None:
        raise UserError("phone.player.needs_recorder")
    if sid is None and args.recorder is not None and not args.with_app:
        raise UserError("web.recorder_needs_session", name=args.recorder)
    if args.lan is None:
        host = "127.0.0.1"
    elif args.lan == "auto":
        found = lan_address()
        if found is None:
            raise UserError("web.no_lan")
        host = found
    elif refused_address(args.lan):
        raise UserError("web.not_an_address", address=args.lan)
    else:
        host = args.lan
    latest = None
    if sid is None:  # the session written to last, and the next one written to after it
        from scorekeeper.storage.store import WrittenTo

        latest = WrittenTo(store)
        sid = latest()
        if sid is None:
            raise UserError("cli.no_sessions", root=str(store.root))
    token = new_token()
    link = None
    # started by the app: every tap (of a link made now or later) is the app's to record
    desk = AppDesk() if args.with_app else None
    if args.recorder is not None:
        recorder_token = new_token()
        while recorder_token == token:  # 128 bits each: never, but never is checked
            recorder_token = new_token()
        name = args.recorder
        link = RecorderLink(recorder_token, name, desk or journal_desk(store, sid, name))
    app = make_app(
        store, sid, token=token, lang=language(), max_viewers=args.max_viewers, recorder=link,
        latest=latest, players=args.players,
    )  # fmt: skip
    if link is not None:
        named = recorder_name(app[FEED], link.name)
        if named != link.name:  # the name as the session spells it, in the log too
            link = RecorderLink(link.token, named, desk or journal_desk(store, sid, named))
            app = make_app(
                store, sid, token=token, lang=language(), max_viewers=args.max_viewers,
                recorder=link, players=args.players,
            )  # fmt: skip
    sock = bind(host, args.port)
    url = page_url(sock, token)
    recorder_url = page_url(sock, link.token) if link is not None else None
    # the recorder's link does all a player's can: no player's line for the recorder
    players = [
        (one.name, page_url(sock, one.token))
        for one in app[SETTINGS].player_list()
        if link is None or one.name != link.name
    ]
    serving = sid

    def ready() -> None:
        if desk is not None:
            desk.attach(asyncio.get_running_loop(), app, url.removesuffix(token + "/"))
        print(url, flush=True)
        if recorder_url is not None:
            print(recorder_url, flush=True)
        for name, player_url in players:  # a program reads these too: NAME: URL
            print(f"{name}: {player_url}", flush=True)
        # what the page is, with the links it has: only the first reads only with a desk
        if link is not None:
            said = "web.serving_latest_links" if latest is not None else "web.serving_links"
        else:
            said = "web.serving_latest" if latest is not None else "web.serving"
        print(t(said, session=serving))
        print(t("web.serving_lan" if args.lan else "web.serving_local"))
        if args.lan and sys.stdout.isatty():
            print(t("web.scan"))
            print(qr_for_terminal(url))
        if link is not None and recorder_url is not None:
            print(t("phone.link_proposals" if args.players else "phone.link", name=link.name))
            if args.lan and sys.stdout.isatty():
                print(qr_for_terminal(recorder_url))
        if players and link is not None:
            print(t("phone.player.links_said", name=link.name))
        if desk is None:  # alone: a link made later (a revoke, a player who joined) is said here
            app[SETTINGS].on_new_link = lambda one: print(
                f"{one.name}: {page_url(sock, one.token)}", flush=True
            )
        sys.stdout.flush()

    try:
        # started by the app: it stops when the app's end of its input closes, however
        # the app ended (a crash too), so no page outlives the app that showed its code
        until: Callable[[], object] | None = desk.read_answers if desk is not None else None
        asyncio.run(serve(app, sock, ready, until))
    except KeyboardInterrupt:
        print(t("web.stopped"), flush=True)
    return 0
