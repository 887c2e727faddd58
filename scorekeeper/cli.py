"""The ``scorekeeper`` command.

Kept free of Textual: only ``scorekeeper`` with no command (or ``open``) imports
the app, so ``replay``, ``record`` and friends start fast. Errors never show a
traceback: one plain line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from scorekeeper.messages import UserError, set_language, t

if TYPE_CHECKING:
    from scorekeeper.storage import Store

EXIT_REFUSED = 2
EXIT_INTERNAL = 70


class CommandError(Exception):
    """A refusal to print as ``WHERE: message``."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.text = message


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="scorekeeper", description=t("cli.description"))
    parser.add_argument("--data-dir", help="folder for stored sessions (default: user data dir)")
    parser.add_argument("--lang", choices=("en", "ja"), help="language of messages")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    replay = commands.add_parser("replay", help="read a transcript and print the standings")
    replay.add_argument("file")
    replay.add_argument("--json", action="store_true", help="print the state as JSON")

    imp = commands.add_parser("import", help="store a transcript as a new session")
    imp.add_argument("file")

    record = commands.add_parser("record", help="append entries to a stored session")
    record.add_argument("session")
    record.add_argument("entries", nargs="+", metavar="ENTRY")

    listing = commands.add_parser("list", help="list stored sessions")
    listing.add_argument("--json", action="store_true")

    export = commands.add_parser("export", help="write a stored session out")
    export.add_argument("session")
    export.add_argument(
        "--format", choices=("transcript", "json", "csv", "md", "html"), default="transcript"
    )
    export.add_argument("-o", "--output", help="file to write (default: standard output)")
    export.add_argument("--rate", help="settle at this much money per point or chip (10, 0.5)")

    settle = commands.add_parser("settle", help="who pays whom, with the fewest transfers")
    settle.add_argument("session")
    settle.add_argument("--rate", help="this much money per point or chip (10, 0.5)")

    display = commands.add_parser(
        "display", help="a read-only display of a session for the whole table"
    )
    display.add_argument("session")
    display.add_argument("--serve", action="store_true", help="serve it to browsers")
    display.add_argument("--host", default="127.0.0.1", help="address to serve on")
    display.add_argument("--port", type=int, default=8000)

    opener = commands.add_parser("open", help="open a stored session in the app")
    opener.add_argument("session")

    show = commands.add_parser("show", help="print a stored session's standings")
    show.add_argument("session")
    show.add_argument("--json", action="store_true")

    line = commands.add_parser("timeline", help="every entry with its time; the table at a time")
    line.add_argument("session", help="a stored session's number, or a transcript file")
    line.add_argument("--stake", action="store_true", help="only stake changes and folds")
    line.add_argument("--round", type=int, metavar="N", help="only round N")
    line.add_argument("--player", metavar="NAME", help="only entries about this player")
    line.add_argument("--at", metavar="TIME", help="the state right after the entry at TIME "
                      "(HH:MM[:SS] on the session's day, or ISO with offset), as JSON")  # fmt: skip
    line.add_argument("--json", action="store_true", help="print the entries as JSON")

    fix = commands.add_parser("correct", help="replace the entries of a finished round")
    fix.add_argument("session")
    fix.add_argument("round", type=int, metavar="ROUND")
    fix.add_argument("--reason", required=True, help="why the round is corrected (in the log)")
    fix.add_argument("entries", nargs="+", metavar="ENTRY", help="the round's entries, as words")

    check = commands.add_parser("verify", help="check that no stored entry was edited")
    check.add_argument("session")

    history = commands.add_parser("stats", help="per player over the stored sessions")
    history.add_argument("--game", metavar="ID", help="only this game (indian-official, …)")
    history.add_argument("--from", dest="first", metavar="DATE", help="sessions from DATE on")
    history.add_argument("--to", dest="last", metavar="DATE", help="sessions up to DATE")
    history.add_argument("--json", action="store_true", help="a JSON list, one per player")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.lang:
        set_language(args.lang)
    elif not os.environ.get("SCOREKEEPER_LANG"):
        _language_from_settings(args)
    try:
        return _run(args)
    except CommandError as error:
        print(f"{error.where}: {error.text}", file=sys.stderr)
        return EXIT_REFUSED
    except UserError as error:
        print(f"scorekeeper: {error.message()}", file=sys.stderr)
        return EXIT_REFUSED
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # the last net: a user never sees a traceback
        detail = " ".join(str(error).split())[:200]
        print(t("cli.internal", kind=type(error).__name__, detail=detail), file=sys.stderr)
        return EXIT_INTERNAL


def _run(args: argparse.Namespace) -> int:
    from scorekeeper import commands

    match args.command:
        case "replay":
            return commands.replay(args.file, as_json=args.json)
        case "import":
            return commands.import_file(_store(args), args.file)
        case "record":
            return commands.record(_store(args), _session_id(args.session), args.entries)
        case "list":
            return commands.list_sessions(_store(args), as_json=args.json)
        case "export":
            sid = _session_id(args.session)
            return commands.export(_store(args), sid, args.format, args.output, args.rate)
        case "settle":
            return commands.settle(_store(args), _session_id(args.session), args.rate)
        case "display":
            return _display(args)
        case "show":
            return commands.show(_store(args), _session_id(args.session), as_json=args.json)
        case "timeline":
            from scorekeeper import commands_timeline as tl

            session = tl.load(lambda: _store(args), args.session)
            return tl.run(session, stake=args.stake, round=args.round, player=args.player,
                          at=args.at, as_json=args.json)  # fmt: skip
        case "correct" | "verify":
            from scorekeeper import commands_integrity as integrity

            sid = _session_id(args.session)
            if args.command == "verify":
                return integrity.verify(_store(args), sid)
            return integrity.correct(_store(args), sid, args.round, args.reason, args.entries)
        case "stats":
            from scorekeeper import commands_stats

            return commands_stats.stats(_store(args), game=args.game, first=args.first,
                                        last=args.last, as_json=args.json)  # fmt: skip
    return _open_app(args)


def _language_from_settings(args: argparse.Namespace) -> None:
    """The language chosen in the app last time, when neither --lang nor SCOREKEEPER_LANG say."""
    from scorekeeper import settings
    from scorekeeper.storage import data_root

    chosen = settings.load(data_root(args.data_dir)).get("lang")
    if chosen in ("en", "ja"):
        set_language(chosen)


def _open_app(args: argparse.Namespace) -> int:
    from scorekeeper.ui.app import ScorekeeperApp  # the only command that loads Textual

    session = _session_id(args.session) if args.command == "open" else None
    store = _store(args)
    relaunch = ScorekeeperApp(store, session).run()
    if relaunch is not None:  # the language was switched: start again, in it, where we were
        words = [sys.executable, "-m", "scorekeeper", "--data-dir", str(store.root)]
        words += ["--lang", relaunch.lang]
        words += ["open", str(relaunch.session)] if relaunch.session is not None else []
        os.execv(sys.executable, words)
    return 0


def _display(args: argparse.Namespace) -> int:
    sid = _session_id(args.session)
    store = _store(args)
    store.read(sid)  # a missing or unreadable session is refused here, in one line
    if args.serve:
        from scorekeeper.serve import serve_display

        return serve_display(args, sid)
    from scorekeeper.ui.display import DisplayApp

    DisplayApp(store, sid).run()
    return 0


def _store(args: argparse.Namespace) -> Store:
    from scorekeeper.storage import Store, data_root

    return Store(data_root(args.data_dir))


def _session_id(text: str) -> int:
    if not text.isdigit():
        raise CommandError(text, t("cli.bad_session_id", text=text))
    return int(text)


def fail(where: str | Path, message: str) -> NoReturn:
    raise CommandError(str(where), message)


def dump_json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2)


if __name__ == "__main__":
    sys.exit(main())
