"""The ``scorekeeper`` command.

Kept free of Textual: only ``scorekeeper`` with no command (or ``open``) imports
the app, so ``replay``, ``record`` and friends start fast. Errors never show a
traceback: one plain line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from scorekeeper.cli import completion, leaving, streams
from scorekeeper.cli.argparse_lang import argparse_language
from scorekeeper.cli.errors import (
    EXIT_CODES,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OUTPUT,
    EXIT_PIPE,
    EXIT_REFUSED,
    CommandError,
    RecordedThen,
    quiet_stdout,
)
from scorekeeper.collector import collector_paused  # stdlib only: here, not inside a pause
from scorekeeper.messages import UserError, language, set_language, t
from scorekeeper.messages.text import visible

if TYPE_CHECKING:
    from scorekeeper.storage import Store
    from scorekeeper.ui.app import ScorekeeperApp


def _version() -> str:
    """The installed version; a source tree that was never installed says so."""
    from importlib import metadata  # ~0.1 s to import: only when --version is asked

    try:
        return metadata.version("scorekeeper-table")  # the distribution's name
    except metadata.PackageNotFoundError:
        return t("cli.version_unknown")


class _VersionAction(argparse.Action):
    """argparse's ``version`` action, with the version looked up only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        print(f"scorekeeper {_version()}")
        parser.exit()


def _epilog() -> str:
    """The exit codes (cli/errors.py), one a line, at the end of ``scorekeeper --help``."""
    lines = [t("cli_extra.exit.heading")]
    lines += [
        t("cli_extra.exit.line", code=code, meaning=t(key)) for code, key in EXIT_CODES.items()
    ]
    return "\n".join(lines)


def _whole(text: str) -> int:
    """A whole number given on the command line (``--round``, ``--port``), as ``type=int``
    but in the digits 0–9 only, the one rule for every number typed (core/amounts.py):
    int() also reads ``３`` and ``٣``, which are refused in words here. Anything else that
    is no number is argparse's "invalid int value", as before."""
    from scorekeeper.core.amounts import whole_number  # small; list loads no rules
    from scorekeeper.core.errors import RuleError

    word = text.strip()
    negative = word.startswith("-")
    try:
        number = whole_number(word[1:] if negative else word)
    except RuleError as error:  # other digits, or past the one bound on amounts
        raise argparse.ArgumentTypeError(error.message()) from None
    if number is None:
        raise ValueError(text)
    return -number if negative else number


_whole.__name__ = "int"  # argparse names the type in "invalid int value: 'x'"


def _parser() -> argparse.ArgumentParser:
    """The whole command line; build it inside argparse_language() so argparse's words match."""
    parser = argparse.ArgumentParser(
        prog="scorekeeper",
        description=t("cli.description"),
        epilog=_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--data-dir", help=t("cli.help.data_dir"))
    parser.add_argument("--lang", choices=("en", "ja"), help=t("cli.help.lang"))
    parser.add_argument("--version", action=_VersionAction, help=t("cli.help.version"))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    replay = commands.add_parser("replay", help=t("cli.help.replay"))
    replay.add_argument("file")
    replay.add_argument("--json", action="store_true", help=t("cli.help.replay.json"))

    imp = commands.add_parser("import", help=t("cli.help.import"))
    imp.add_argument("file")

    new = commands.add_parser("new", help=t("cli.help.new"))
    new.add_argument(
        "--like", dest="session", metavar="SESSION", required=True, help=t("cli.help.new.like")
    )

    record = commands.add_parser("record", help=t("cli.help.record"))
    record.add_argument("session")
    record.add_argument("entries", nargs="+", metavar="ENTRY")

    listing = commands.add_parser("list", help=t("cli.help.list"))
    listing.add_argument("--json", action="store_true")
    listing.add_argument("--ids", action="store_true", help=t("cli_extra.help.list.ids"))

    export = commands.add_parser("export", help=t("cli.help.export"))
    export.add_argument("session")
    export.add_argument(
        "--format", choices=("transcript", "json", "csv", "md", "html"), default="transcript"
    )
    export.add_argument("-o", "--output", help=t("cli.help.export.output"))
    export.add_argument("--rate", help=t("cli.help.export.rate"))

    settle = commands.add_parser("settle", help=t("cli.help.settle"))
    settle.add_argument("session", nargs="+", help=t("cli_extra.help.settle.sessions"))
    settle.add_argument("--rate", help=t("cli.help.settle.rate"))
    settle.add_argument("--json", action="store_true", help=t("cli.help.settle.json"))

    display = commands.add_parser("display", help=t("cli.help.display"))
    # with --serve and no number: the session written to last, followed to the next one
    display.add_argument("session", nargs="?", help=t("web.help.display_session"))
    display.add_argument("--serve", action="store_true", help=t("cli.help.display.serve"))
    display.add_argument(
        "--lan",
        nargs="?",
        const="auto",
        metavar="ADDRESS",
        help=t("cli.help.display.lan"),
    )
    display.add_argument("--port", type=_whole, default=8000, help=t("cli.help.display.port"))
    display.add_argument(
        "--max-viewers", type=_whole, default=100, help=t("cli.help.display.max_viewers")
    )
    display.add_argument("--recorder", metavar="NAME", help=t("phone.help.recorder"))
    display.add_argument("--players", action="store_true", help=t("phone.player.help"))
    display.add_argument("--host", help=argparse.SUPPRESS)  # gone: said in words (serve.py)
    # started by the app (services/table_page.py): stop when standard input closes
    display.add_argument("--with-app", action="store_true", help=argparse.SUPPRESS)

    opener = commands.add_parser("open", help=t("cli.help.open"))
    opener.add_argument("session")

    show = commands.add_parser("show", help=t("cli.help.show"))
    show.add_argument("session")
    show.add_argument("--json", action="store_true")

    line = commands.add_parser("timeline", help=t("cli.help.timeline"))
    line.add_argument("session", help=t("cli.help.timeline.session"))
    line.add_argument("--stake", action="store_true", help=t("cli.help.timeline.stake"))
    line.add_argument("--round", type=_whole, metavar="N", help=t("cli.help.timeline.round"))
    line.add_argument("--player", metavar="NAME", help=t("cli.help.timeline.player"))
    line.add_argument("--at", metavar="TIME", help=t("cli.help.timeline.at"))  # fmt: skip
    line.add_argument("--json", action="store_true", help=t("cli.help.timeline.json"))

    fix = commands.add_parser("correct", help=t("cli.help.correct"))
    fix.add_argument("session")
    fix.add_argument("round", type=_whole, metavar="ROUND")
    fix.add_argument("--reason", required=True, help=t("cli.help.correct.reason"))
    fix.add_argument("entries", nargs="+", metavar="ENTRY", help=t("cli.help.correct.entries"))

    check = commands.add_parser("verify", help=t("cli.help.verify"))
    check.add_argument("session")
    check.add_argument("--expect", metavar="HASH", help=t("cli.help.verify.expect"))

    history = commands.add_parser("stats", help=t("cli.help.stats"))
    history.add_argument("--game", metavar="ID", help=t("cli.help.stats.game"))
    history.add_argument("--from", dest="first", metavar="DATE", help=t("cli.help.stats.from"))
    history.add_argument("--to", dest="last", metavar="DATE", help=t("cli.help.stats.to"))
    history.add_argument("--json", action="store_true", help=t("cli.help.stats.json"))

    shells = commands.add_parser("completion", help=t("cli_extra.help.completion"))
    shells.add_argument(
        "shell", choices=completion.SHELLS, help=t("cli_extra.help.completion.shell")
    )
    _name_positionals(commands.choices.values())
    return parser


def _name_positionals(parsers: Iterable[argparse.ArgumentParser]) -> None:
    """SESSION and FILE in the usage, as the docs write them; every positional with help."""
    for sub in parsers:
        for action in sub._actions:  # argparse has no public list of a parser's arguments
            if action.dest in ("session", "file") and not action.option_strings:
                action.metavar = action.dest.upper()
                action.help = action.help or t(f"cli_extra.help.{action.dest}")
            elif action.dest == "entries" and action.help is None:
                action.help = t("cli_extra.help.entries")


def _app_only(words: Sequence[str]) -> argparse.Namespace | None:
    """The app's own start, ``scorekeeper [--data-dir D] [--lang L]``, read without building
    the whole command line (a tenth of what the app's start adds to Textual's); any other
    words, or any doubt, go through the parser, which says what is wrong."""
    found: dict[str, str | None] = {"data_dir": None, "lang": None}
    rest = list(words)
    while rest:
        name, equals, value = rest.pop(0).partition("=")
        if name not in ("--data-dir", "--lang"):
            return None
        if not equals:
            if not rest:
                return None
            value = rest.pop(0)
        key = name[2:].replace("-", "_")
        if found[key] is not None or not value or value.startswith("-"):
            return None
        if key == "lang" and value not in ("en", "ja"):
            return None
        found[key] = value
    return argparse.Namespace(command=None, **found)


def _early_language(argv: Sequence[str]) -> None:
    """--lang before the parser is built, so that the help itself is in that language."""
    for index, word in enumerate(argv):
        if word == "--lang" and index + 1 < len(argv) and argv[index + 1] in ("en", "ja"):
            set_language(argv[index + 1])
        elif word in ("--lang=en", "--lang=ja"):
            set_language(word.split("=", 1)[1])


#: Commands that read, print and end: no Textual, no threads of their own.
_BATCH = frozenset(
    {"replay", "import", "new", "record", "list", "export", "settle", "show", "timeline"}
    | {"correct", "verify", "stats", "completion"}
)
_finished_batch = False


def entry() -> None:
    """The ``scorekeeper`` program. After a batch command it leaves without tearing down
    the objects it made: everything is on disk (fsynced) or printed (flushed here), and
    freeing a 100,000-entry session one object at a time took a fifth of a replay
    (cli/leaving.py keeps what the command read to this end)."""
    leaving.as_program()
    streams.guard_stdout()
    code = main()
    if not _finished_batch:
        sys.exit(code)
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:  # None only without the program's first step (launch.py)
                stream.flush()
    except BrokenPipeError:
        code = code or EXIT_PIPE
    except streams.OutputError as error:
        code = code or _output_failed(error)
    os._exit(code)


def _output_failed(error: OSError) -> int:
    print(f"scorekeeper: {t('cli_extra.output_failed', detail=error.strerror)}", file=sys.stderr)
    return EXIT_OUTPUT


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    _early_language(words)
    args = _app_only(words)
    if args is None:
        with argparse_language(language()):
            args = _parser().parse_args(words)
    if args.lang:
        set_language(args.lang)
    elif not os.environ.get("SCOREKEEPER_LANG"):
        _language_from_settings(args)
    # Settled once for the command: a long timeline looks up hundreds of thousands of
    # messages, and reading the environment for each one was a tenth of its time.
    set_language(language())
    try:
        _streams_for(args)
        if args.command in _BATCH:
            global _finished_batch
            if leaving.start_batch():  # the program, which leaves right after (cli/leaving.py)
                code = _run(args)
            else:
                with collector_paused():  # see collector_paused; restored for callers
                    code = _run(args)
            _finished_batch = True
            return code
        return _run(args)
    except CommandError as error:
        print(f"{visible(error.where)}: {error.text}", file=sys.stderr)  # where: maybe typed
        return EXIT_REFUSED
    except RecordedThen as error:  # the journal holds entries: said, never "nothing"
        print(f"scorekeeper: {error.text}", file=sys.stderr)
        return error.code
    except UserError as error:
        print(f"scorekeeper: {error.message()}", file=sys.stderr)
        return EXIT_REFUSED
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        quiet_stdout()
        return EXIT_PIPE
    except streams.OutputError as error:
        quiet_stdout()
        return _output_failed(error)
    except Exception as error:  # the last net: a user never sees a traceback
        detail = " ".join(str(error).split())[:200]
        print(t("cli.internal", kind=type(error).__name__, detail=detail), file=sys.stderr)
        return EXIT_INTERNAL


def _streams_for(args: argparse.Namespace) -> None:
    """Refuse, before anything is done, a command whose result goes to a standard stream
    that was closed when the program started (cli/streams.py): a batch command's output
    (all but ``export -o FILE``) or the page server's address on standard output; the
    app's screen, which Textual draws on standard error."""
    if args.command in _BATCH or (args.command == "display" and args.serve):
        to_file = args.command == "export" and args.output not in (None, "-")
        if not to_file and streams.closed(streams.STDOUT):
            raise UserError("cli_extra.stdout_closed")
    elif streams.closed(streams.STDERR):
        raise UserError("cli_extra.stderr_closed")


def _run(args: argparse.Namespace) -> int:
    if args.command == "list":  # needs none of the commands below, nor the rules
        from scorekeeper.cli.listing import list_sessions

        store = _store(args)
        return list_sessions(store, as_json=args.json, ids=args.ids)
    if args.command == "stats":  # nor this one (it needs only the games, not the commands)
        from scorekeeper.cli import stats as commands_stats

        store = _store(args)
        return commands_stats.stats(
            store, game=args.game, first=args.first, last=args.last, as_json=args.json
        )
    if args.command not in _BATCH:  # the app, or the table display: no batch commands
        return _display(args) if args.command == "display" else _open_app(args)
    if args.command == "replay":  # the rules alone: no store, exports or recording
        from scorekeeper.cli.transcripts import replay

        return replay(args.file, as_json=args.json)
    from scorekeeper.cli import sessions as commands

    match args.command:
        case "import":
            return commands.import_file(_store(args), args.file)
        case "new":
            return commands.new_like(_store(args), _session_id(args.session))
        case "record":
            return commands.record(_store(args), _session_id(args.session), args.entries)
        case "export":
            sid = _session_id(args.session)
            return commands.export(_store(args), sid, args.format, args.output, args.rate)
        case "settle":
            sids = [_session_id(text) for text in args.session]
            return commands.settle_many(_store(args), sids, args.rate, as_json=args.json)
        case "completion":  # from the parser itself, its help in the same language
            with argparse_language(language()):
                print(completion.script(_parser(), args.shell))
            return 0
        case "show":
            return commands.show(_store(args), _session_id(args.session), as_json=args.json)
        case "timeline":
            from scorekeeper.cli import timeline as tl

            session = tl.load(lambda: _store(args), args.session)
            return tl.run(session, stake=args.stake, round=args.round, player=args.player,
                          at=args.at, as_json=args.json)  # fmt: skip
        case "correct" | "verify":
            from scorekeeper.cli import integrity

            sid = _session_id(args.session)
            if args.command == "verify":
                return integrity.verify(_store(args), sid, args.expect)
            return integrity.correct(_store(args), sid, args.round, args.reason, args.entries)
    return _open_app(args)


def _language_from_settings(args: argparse.Namespace) -> None:
    """The language chosen in the app last time, when neither --lang nor SCOREKEEPER_LANG say."""
    from scorekeeper.services import settings
    from scorekeeper.storage import data_root

    chosen = settings.load(data_root(args.data_dir)).get("lang")
    if chosen in ("en", "ja"):
        set_language(chosen)


def load_app() -> type[ScorekeeperApp]:
    """The app's class, imported (the only command that loads Textual) with the cycle
    collector paused: importing makes only objects that live on (modules, classes,
    functions), which it scanned again and again, some ninety passes, finding
    nothing. They are then frozen out of the passes to come. The store the app is
    given (and TinyDB) is imported with them: the storage package loads it only when
    first asked for, and imported after the freeze it was imported unpaused and
    scanned in the passes to come (the start screen painted 60-90 ms later)."""
    with collector_paused(freeze=True):
        from scorekeeper.storage import Store  # noqa: F401  # see above
        from scorekeeper.ui.app import ScorekeeperApp as app_class
    return app_class


def hand_on_table_page(app: ScorekeeperApp) -> None:
    """F2: the phones' page, if one runs, is handed to the app started again (in the
    environment the next program gets): the same link, every phone still connected."""
    from scorekeeper.services.table_page import HANDED_ON

    handed = app.table_pages.hand_on()
    if handed is not None:
        os.environ[HANDED_ON] = handed


def take_table_page(app: ScorekeeperApp) -> None:
    """The phones' page the app before F2 handed on, if any (hand_on_table_page)."""
    from scorekeeper.services.table_page import HANDED_ON

    handed = os.environ.pop(HANDED_ON, None)
    if handed is not None:
        app.adopt_table_page(handed)


def _open_app(args: argparse.Namespace) -> int:
    app_class = load_app()
    session = _session_id(args.session) if args.command == "open" else None
    store = _store(args)
    app = app_class(store, session)
    take_table_page(app)
    relaunch = app.run()
    if relaunch is not None:  # the phones' page goes on, on the same link, in the new app
        hand_on_table_page(app)
    app.table_pages.stop_all()  # else it goes with the app
    app.finish_writing()  # threads do not outlive os.execv (nor a normal exit, unjoined)
    if relaunch is not None:  # the language was switched: start again, in it, where we were
        words = [sys.executable, "-m", "scorekeeper", "--data-dir", str(store.root)]
        words += ["--lang", relaunch.lang]
        words += ["open", str(relaunch.session)] if relaunch.session is not None else []
        os.execv(sys.executable, words)
    return 0


def _display(args: argparse.Namespace) -> int:
    if args.session is None and not args.serve:
        raise CommandError("display", t("web.display_needs_session"))
    sid = _session_id(args.session) if args.session is not None else None
    store = _store(args)
    if args.serve:  # it reads the session itself (from its checkpoint), refusing in words
        from scorekeeper.cli.serve import serve_display

        return serve_display(args, store, sid)
    assert sid is not None
    store.read(sid)  # a missing or unreadable session is refused here, in one line
    from scorekeeper.ui.display import DisplayApp

    DisplayApp(store, sid).run()
    return 0


def _store(args: argparse.Namespace) -> Store:
    from scorekeeper.storage import Store, data_root

    store = Store(data_root(args.data_dir))
    store.clean_partial_writes()  # what a killed import or list left half-written
    return store


def _session_id(text: str) -> int:
    from scorekeeper.core.amounts import plain_number  # small; list loads no rules

    number = plain_number(text)  # ASCII digits: int() refuses "²", which isdigit() passes
    if number is None:
        raise CommandError(text, t("cli.bad_session_id", text=text))
    return number


if __name__ == "__main__":
    sys.exit(main())
