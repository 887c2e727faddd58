"""The ``scorekeeper`` command.

Kept free of Textual: only ``scorekeeper`` with no command (or ``open``) imports
the app, so ``replay``, ``record`` and friends start fast. Errors never show a
traceback: one plain line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorekeeper.cli.errors import (
    EXIT_INTERNAL,
    EXIT_PIPE,
    EXIT_REFUSED,
    CommandError,
    quiet_stdout,
)
from scorekeeper.messages import UserError, set_language, t
from scorekeeper.messages.text import visible

if TYPE_CHECKING:
    from scorekeeper.storage import Store


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="scorekeeper", description=t("cli.description"))
    parser.add_argument("--data-dir", help=t("cli.help.folder_for_stored_sessions_default_user"))
    parser.add_argument("--lang", choices=("en", "ja"), help=t("cli.help.language_of_messages"))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    replay = commands.add_parser(
        "replay", help=t("cli.help.read_a_transcript_and_print_the_standing")
    )
    replay.add_argument("file")
    replay.add_argument("--json", action="store_true", help=t("cli.help.print_the_state_as_json"))

    imp = commands.add_parser("import", help=t("cli.help.store_a_transcript_as_a_new_session"))
    imp.add_argument("file")

    record = commands.add_parser("record", help=t("cli.help.append_entries_to_a_stored_session"))
    record.add_argument("session")
    record.add_argument("entries", nargs="+", metavar="ENTRY")

    listing = commands.add_parser("list", help=t("cli.help.list_stored_sessions"))
    listing.add_argument("--json", action="store_true")

    export = commands.add_parser("export", help=t("cli.help.write_a_stored_session_out"))
    export.add_argument("session")
    export.add_argument(
        "--format", choices=("transcript", "json", "csv", "md", "html"), default="transcript"
    )
    export.add_argument("-o", "--output", help=t("cli.help.file_to_write_default_standard_output"))
    export.add_argument("--rate", help=t("cli.help.settle_at_this_much_money_per_point_or_c"))

    settle = commands.add_parser(
        "settle", help=t("cli.help.who_pays_whom_with_the_fewest_transfers")
    )
    settle.add_argument("session")
    settle.add_argument("--rate", help=t("cli.help.this_much_money_per_point_or_chip_10_0_5"))

    display = commands.add_parser(
        "display", help=t("cli.help.a_read_only_display_of_a_session_for_the")
    )
    display.add_argument("session")
    display.add_argument("--serve", action="store_true", help=t("cli.help.serve_it_to_browsers"))
    display.add_argument("--host", default="127.0.0.1", help=t("cli.help.address_to_serve_on"))
    display.add_argument("--port", type=int, default=8000)

    opener = commands.add_parser("open", help=t("cli.help.open_a_stored_session_in_the_app"))
    opener.add_argument("session")

    show = commands.add_parser("show", help=t("cli.help.print_a_stored_session_s_standings"))
    show.add_argument("session")
    show.add_argument("--json", action="store_true")

    line = commands.add_parser(
        "timeline", help=t("cli.help.every_entry_with_its_time_the_table_at_a")
    )
    line.add_argument("session", help=t("cli.help.a_stored_session_s_number_or_a_transcrip"))
    line.add_argument(
        "--stake", action="store_true", help=t("cli.help.only_stake_changes_and_folds")
    )
    line.add_argument("--round", type=int, metavar="N", help=t("cli.help.only_round_n"))
    line.add_argument("--player", metavar="NAME", help=t("cli.help.only_entries_about_this_player"))
    line.add_argument("--at", metavar="TIME", help=t("cli.help.at"))  # fmt: skip
    line.add_argument("--json", action="store_true", help=t("cli.help.print_the_entries_as_json"))

    fix = commands.add_parser("correct", help=t("cli.help.replace_the_entries_of_a_finished_round"))
    fix.add_argument("session")
    fix.add_argument("round", type=int, metavar="ROUND")
    fix.add_argument(
        "--reason", required=True, help=t("cli.help.why_the_round_is_corrected_in_the_log")
    )
    fix.add_argument(
        "entries", nargs="+", metavar="ENTRY", help=t("cli.help.the_round_s_entries_as_words")
    )

    check = commands.add_parser("verify", help=t("cli.help.check_that_no_stored_entry_was_edited"))
    check.add_argument("session")
    check.add_argument("--expect", metavar="HASH", help=t("cli.help.verify_expect"))

    history = commands.add_parser("stats", help=t("cli.help.per_player_over_the_stored_sessions"))
    history.add_argument("--game", metavar="ID", help=t("cli.help.only_this_game_indian_official"))
    history.add_argument(
        "--from", dest="first", metavar="DATE", help=t("cli.help.sessions_from_date_on")
    )
    history.add_argument(
        "--to", dest="last", metavar="DATE", help=t("cli.help.sessions_up_to_date")
    )
    history.add_argument(
        "--json", action="store_true", help=t("cli.help.a_json_list_one_per_player")
    )
    return parser


def _early_language(argv: Sequence[str]) -> None:
    """--lang before the parser is built, so that the help itself is in that language."""
    for index, word in enumerate(argv):
        if word == "--lang" and index + 1 < len(argv) and argv[index + 1] in ("en", "ja"):
            set_language(argv[index + 1])
        elif word in ("--lang=en", "--lang=ja"):
            set_language(word.split("=", 1)[1])


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    _early_language(words)
    args = _parser().parse_args(words)
    if args.lang:
        set_language(args.lang)
    elif not os.environ.get("SCOREKEEPER_LANG"):
        _language_from_settings(args)
    try:
        return _run(args)
    except CommandError as error:
        print(f"{visible(error.where)}: {error.text}", file=sys.stderr)  # where: maybe typed
        return EXIT_REFUSED
    except UserError as error:
        print(f"scorekeeper: {error.message()}", file=sys.stderr)
        return EXIT_REFUSED
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        quiet_stdout()
        return EXIT_PIPE
    except Exception as error:  # the last net: a user never sees a traceback
        detail = " ".join(str(error).split())[:200]
        print(t("cli.internal", kind=type(error).__name__, detail=detail), file=sys.stderr)
        return EXIT_INTERNAL


def _run(args: argparse.Namespace) -> int:
    from scorekeeper.cli import sessions as commands

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
        case "stats":
            from scorekeeper.cli import stats as commands_stats

            return commands_stats.stats(_store(args), game=args.game, first=args.first,
                                        last=args.last, as_json=args.json)  # fmt: skip
    return _open_app(args)


def _language_from_settings(args: argparse.Namespace) -> None:
    """The language chosen in the app last time, when neither --lang nor SCOREKEEPER_LANG say."""
    from scorekeeper.services import settings
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
        from scorekeeper.cli.serve import serve_display

        return serve_display(args, sid)
    from scorekeeper.ui.display import DisplayApp

    DisplayApp(store, sid).run()
    return 0


def _store(args: argparse.Namespace) -> Store:
    from scorekeeper.storage import Store, data_root

    store = Store(data_root(args.data_dir))
    store.clean_partial_writes()  # what a killed import or list left half-written
    return store


def _session_id(text: str) -> int:
    if not text.isdigit():
        raise CommandError(text, t("cli.bad_session_id", text=text))
    return int(text)


if __name__ == "__main__":
    sys.exit(main())
