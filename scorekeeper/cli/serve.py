"""``scorekeeper display SESSION --serve``: the live table page for the phones at the table.

This machine only, unless ``--lan`` (then the machine's address on its network, never
0.0.0.0). The first line printed is the page's address and nothing else, so a program
(the app's "show the table page") can read it; then what it is, and the QR code.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from scorekeeper.messages import UserError, language, t
from scorekeeper.storage import Store


def serve_display(args: argparse.Namespace, store: Store, sid: int) -> int:
    from scorekeeper.web.lan import lan_address, refused_address
    from scorekeeper.web.qr import qr_for_terminal
    from scorekeeper.web.server import bind, make_app, new_token, page_url, serve

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
    app = make_app(store, sid, token=token, lang=language(), max_viewers=args.max_viewers)
    sock = bind(host, args.port)
    url = page_url(sock, token)

    def ready() -> None:
        print(url, flush=True)
        print(t("web.serving", session=sid))
        print(t("web.serving_lan" if args.lan else "web.serving_local"))
        if args.lan and sys.stdout.isatty():
            print(t("web.scan"))
            print(qr_for_terminal(url))
        sys.stdout.flush()

    try:
        # started by the app: it stops when the app's end of its input closes, however
        # the app ended (a crash too), so no page outlives the app that showed its code
        until = sys.stdin.buffer.read if args.with_app else None
        asyncio.run(serve(app, sock, ready, until))
    except KeyboardInterrupt:
        print(t("web.stopped"), flush=True)
    return 0
