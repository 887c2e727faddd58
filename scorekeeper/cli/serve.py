"""The table display in a browser, for phones and big screens on the same network.

textual-serve runs ``scorekeeper display SESSION`` once per browser tab and
streams it; the page is scorekeeper's own (ui/web/app_index.html), so nothing
is fetched from the internet. Bound to this machine only unless --host says
otherwise, and it says so when it starts.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from scorekeeper.messages import UserError, language, t
from scorekeeper.storage import data_root

TEMPLATES = Path(__file__).parent.parent / "ui" / "web"  # the page around the display
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")


def display_command(args: argparse.Namespace, sid: int) -> str:
    """The command each browser tab runs: the same display, same data folder and language."""
    words = [sys.executable, "-m", "scorekeeper", "--data-dir", str(data_root(args.data_dir))]
    words += ["--lang", language(), "display", str(sid)]
    return " ".join(shlex.quote(word) for word in words)


def serve_display(args: argparse.Namespace, sid: int) -> int:
    try:
        from textual_serve.server import Server
    except ImportError:
        raise UserError("display.no_serve") from None
    title = t("display.title", session=sid)
    server = Server(
        display_command(args, sid),
        host=args.host,
        port=args.port,
        title=title,
        templates_path=TEMPLATES,
    )
    print(t("display.serving", session=sid, host=args.host, port=args.port), flush=True)
    if args.host in LOCAL_HOSTS:
        print(t("display.serving_local"), flush=True)
    server.serve()
    return 0
