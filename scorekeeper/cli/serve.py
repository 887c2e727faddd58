"""``scorekeeper display SESSION --serve``: the live table page for the phones at the table.

This machine only, unless ``--lan`` (then the machine's address on its network, never
0.0.0.0). The first line printed is the page's address and nothing else, so a program
(the app's "show the table page") can read it; with ``--recorder NAME`` the second line
is the recorder's address; then what it is, and the QR codes.

Started by the app (``--with-app``) with a recorder's link, the app stays the one writer:
each tap is handed to it as a line ``TAP {json}`` on standard output, and its answer comes
back as one JSON line on standard input (services/table_page.py); the server stops when
the app's end of its input closes.
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

from scorekeeper.core.errors import RuleError
from scorekeeper.messages import UserError, language, t
from scorekeeper.services.phone import Answer, Tap
from scorekeeper.storage import Store

#: How long a tap waits for the app's answer before the phone is told it is not answering.
APP_ANSWERS_WITHIN = 15.0


class AppDesk:
    """Taps handed to the app that started this server, answered by it (one JSON line on
    standard input for each ``TAP`` line written on standard output)."""

    def __init__(self) -> None:
        self._numbers = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, object]]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._out = threading.Lock()

    async def __call__(self, tap: Tap, lang: str) -> Answer:
        self._loop = asyncio.get_running_loop()
        number = next(self._numbers)
        future: asyncio.Future[dict[str, object]] = self._loop.create_future()
        self._waiting[number] = future
        line = {"n": number, "lang": lang, "id": tap.id, "after": tap.after, "words": tap.words,
                "correction": tap.correction}  # fmt: skip
        try:
            with self._out:
                sys.stdout.write("TAP " + json.dumps(line, ensure_ascii=False) + "\n")
                sys.stdout.flush()
            async with asyncio.timeout(APP_ANSWERS_WITHIN):  # not wait_for (web/server.py)
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
        )

    def read_answers(self) -> None:
        """Read the app's answers until its end of our input closes (in a thread)."""
        for raw in sys.stdin:
            with contextlib.suppress(ValueError, TypeError, KeyError):
                said = json.loads(raw)
                future = self._waiting.get(int(said["n"]))
                if future is not None and self._loop is not None:
                    self._loop.call_soon_threadsafe(_settle, future, said)


def _settle(future: asyncio.Future[dict[str, object]], said: dict[str, object]) -> None:
    if not future.done():
        future.set_result(said)


def serve_display(args: argparse.Namespace, store: Store, sid: int) -> int:
    from scorekeeper.web.lan import lan_address, refused_address
    from scorekeeper.web.qr import qr_for_terminal
    from scorekeeper.web.server import (
        FEED,
        RecorderLink,
        bind,
        journal_desk,
        make_app,
        new_token,
        page_url,
        serve,
    )

    if args.host is not None:  # the old textual-serve option, which could bind 0.0.0.0
        raise UserError("web.host_gone", host=args.host)
    if not 1 <= args.max_viewers <= 1000:
        raise UserError("web.bad_limit", limit=args.max_viewers)
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
    token = new_token()
    link = None
    desk = AppDesk() if args.recorder is not None and args.with_app else None
    if args.recorder is not None:
        recorder_token = new_token()
        while recorder_token == token:  # 128 bits each: never, but never is checked
            recorder_token = new_token()
        name = args.recorder
        link = RecorderLink(recorder_token, name, desk or journal_desk(store, sid, name))
    app = make_app(
        store, sid, token=token, lang=language(), max_viewers=args.max_viewers, recorder=link
    )
    if link is not None:
        state = app[FEED].followed.session.state
        try:
            named = state.find_player(link.name)
        except RuleError:
            players = ", ".join(state.names())
            raise UserError(
                "phone.not_a_player", name=link.name, session=sid, players=players
            ) from None
        if named != link.name:  # the name as the session spells it, in the log too
            link = RecorderLink(link.token, named, desk or journal_desk(store, sid, named))
            app = make_app(
                store, sid, token=token, lang=language(), max_viewers=args.max_viewers,
                recorder=link,
            )  # fmt: skip
    sock = bind(host, args.port)
    url = page_url(sock, token)
    recorder_url = page_url(sock, link.token) if link is not None else None

    def ready() -> None:
        print(url, flush=True)
        if recorder_url is not None:
            print(recorder_url, flush=True)
        print(t("web.serving", session=sid))
        print(t("web.serving_lan" if args.lan else "web.serving_local"))
        if args.lan and sys.stdout.isatty():
            print(t("web.scan"))
            print(qr_for_terminal(url))
        if link is not None and recorder_url is not None:
            print(t("phone.link", name=link.name))
            if args.lan and sys.stdout.isatty():
                print(qr_for_terminal(recorder_url))
        sys.stdout.flush()

    try:
        # started by the app: it stops when the app's end of its input closes, however
        # the app ended (a crash too), so no page outlives the app that showed its code
        until: Callable[[], object] | None = None
        if desk is not None:
            until = desk.read_answers
        elif args.with_app:
            until = sys.stdin.buffer.read
        asyncio.run(serve(app, sock, ready, until))
    except KeyboardInterrupt:
        print(t("web.stopped"), flush=True)
    return 0
