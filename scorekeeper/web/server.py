"""One small server for every phone at the table: the page, and a stream of the session.

This module wires the rooms together (:func:`make_app`) and runs them (:func:`bind`,
:func:`serve`); each room does one thing:

- web/guard.py: who may ask what, before any route runs: the server's own address
  (``Host``), the two tokens, reading only on the viewers' link, no other site's page
  (Origin, Sec-Fetch-Site), a posted body's limits;
- web/connections.py: each connection's few seconds for its request, the caps per
  address and in all, aiohttp's own answers in the page's words;
- web/feed.py: the session followed (it may change while the streams stay open), its
  documents, and the Server-Sent Events stream to every phone, with its caps;
- web/taps.py: the recorder's entries and corrections posted from a phone, one at a
  time, at a person's rate, each answered once;
- web/desk.py: the taps recorded with the session's lock when no app has it open;
- web/links.py: the viewers' token, the recorder's link and what the server was
  started with; web/answers.py: the language, the words and the safety headers of
  every answer, and the one-line request log;
- web/page.py (the page itself), web/stakes.py (``stakes.json``).

Read-only for the viewers: their routes are GETs of the page, the stream and the same
document as JSON. The recorder's link, when one is started (``--recorder NAME``), has a
token of its own (128 bits, new at every start, never the viewers'): its page shows the
entries legal now as buttons, and its routes post an entry or a correction. It may be
added or renewed while the server runs (:func:`set_recorder`).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import AsyncIterator, Callable

from aiohttp import web

from scorekeeper.core.errors import RuleError
from scorekeeper.messages import UserError
from scorekeeper.services.phone import MAX_TAP_BYTES
from scorekeeper.services.showing import Followed
from scorekeeper.storage import Store
from scorekeeper.web.answers import REQUEST_LOG, choose_language, language, words_for
from scorekeeper.web.connections import HEADER_SECONDS, LINGER_SECONDS, Doors
from scorekeeper.web.desk import JournalDesk
from scorekeeper.web.feed import FEED, LOOK_EVERY, Feed, events, last_json, state_json
from scorekeeper.web.guard import guard
from scorekeeper.web.links import (
    SETTINGS,
    Desk,
    PlayerLink,
    RecorderLink,
    Settings,
    for_player,
    for_recorder,
    same_token,
)
from scorekeeper.web.page import page_html
from scorekeeper.web.proposing import add_proposal_routes, tell_desk
from scorekeeper.web.stakes import add_stake_routes
from scorekeeper.web.taps import TAPS, Taps, correction_json, post_correct, post_entry, rounds_json


async def _page(request: web.Request) -> web.StreamResponse:
    """The page, the recorder's (with its name) on the recorder's link, a player's (who
    they are) on a player's own link."""
    settings = request.app[SETTINGS]
    feed = request.app[FEED]
    if not request.path.endswith("/"):  # /TOKEN → /TOKEN/, so that "events" is beside it
        raise web.HTTPFound(request.path + "/")
    lang = choose_language(request, settings.lang)
    link = settings.recorder if for_recorder(request) else None
    player = for_player(request)
    html = page_html(lang, feed.followed.id, link.name if link is not None else None, player)
    return web.Response(text=html, content_type="text/html", charset="utf-8")


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
    players: bool = False,
) -> web.Application:
    """The server's application: the session is read now, so a bad id fails before binding.
    *recorder*: the recorder's link too (its token must not be the viewers'); it may also
    be added later (:func:`set_recorder`). *latest*: follow the session it names (Feed).
    *players*: every seated player's own link too (:func:`player_links`, later too)."""
    if recorder is not None and same_token(recorder.token, token):
        raise ValueError("the recorder's token must not be the viewers'")
    app = web.Application(middlewares=[guard], client_max_size=MAX_TAP_BYTES)
    app[SETTINGS] = Settings(token, lang, max_viewers, recorder, clock)
    # the latest entries are enough
    followed = Followed(store, sid, history=False)
    app[FEED] = Feed(followed, recorder=recorder is not None, latest=latest, players=players)
    settings = app[SETTINGS]
    settings.seat(app[FEED].seated)  # the players' links follow the seats shown
    app[FEED].on_seats = settings.seat
    if players:
        settings.make_player_links()
    if recorder is not None and isinstance(recorder.desk, JournalDesk):
        recorder.desk.share(app[FEED])
    app[TAPS] = Taps()
    # one route for any token: the guard lets only the viewers' and the recorder's through
    # (the recorder's may be added or renewed while the server runs); a route with the
    # session's data, or one that writes, is named in the guard's lists (web/guard.py)
    app.router.add_get("/{token}", _page)
    app.router.add_get("/{token}/", _page)
    app.router.add_get("/{token}/events", events)
    app.router.add_get("/{token}/state.json", state_json)
    app.router.add_get("/{token}/last.json", last_json)
    app.router.add_post("/{token}/entry", post_entry)
    app.router.add_post("/{token}/correct", post_correct)
    app.router.add_get("/{token}/correction.json", correction_json)
    app.router.add_get("/{token}/rounds.json", rounds_json)
    add_stake_routes(app, ("{token}",), lambda app: app[FEED], language)  # web/stakes.py
    add_proposal_routes(app)  # web/proposing.py: players' proposals, the recorder's answers
    app[FEED].on_queue = lambda: tell_desk(app)

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
    link = RecorderLink(settings.fresh_token(), named, desk_for(named))
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


def player_links(app: web.Application) -> list[PlayerLink]:
    """Every seated player's own link, made now for those who have none (and for each
    who joins from now on), by name. In the server's loop."""
    app[FEED].with_players()
    return app[SETTINGS].make_player_links()


def revoke_player(app: web.Application, name: str) -> list[PlayerLink]:
    """*name*'s link refused from now on (its stream closed within LOOK_FOR_GONE), its
    proposals withdrawn, a new one made for the seated name; the links now. A UserError
    when *name* has no link. In the server's loop."""
    settings, feed = app[SETTINGS], app[FEED]
    if not settings.revoke(name):
        names = ", ".join(sorted(settings.players)) or "-"
        raise UserError("phone.player.no_link", name=name, players=names)
    if feed.proposals.withdraw_player(name):  # a lost phone's proposals go with it
        feed.queue_changed()
    else:
        feed.push()  # the recorder's page's list of links
    return settings.player_list()


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
    """The address a phone opens: the socket's host and port, and the token."""
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
    doors = Doors(REQUEST_LOG, words_for(app))  # web/connections.py
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
