"""How a command refuses: one plain line ``WHERE: message`` and a conventional exit status.

Every command module raises through :func:`fail`; ``cli.main`` prints it, so no
command module needs the parser, and none imports another to report an error.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import NoReturn

from scorekeeper.messages import UserError, t

# Every exit status the command can end with; docs/cli.md, docs/ja/cli.md and the
# ``--help`` epilog list exactly these (tests/test_cli_extra.py checks it).
#: Done as asked.
EXIT_OK = 0
#: ``verify``: the session was edited after it was written, cut off, or has no chain.
EXIT_TAMPERED = 1
#: Refused: a rule, an unreadable file or session, a mistyped command (argparse too), or
#: standard output closed from the start (cli/streams.py).
EXIT_REFUSED = 2
#: A bug: one line on stderr instead of a traceback.
EXIT_INTERNAL = 70
#: Standard output could not take the output (a full disk, an I/O error): what sysexits
#: calls EX_IOERR. What the command recorded is kept.
EXIT_OUTPUT = 74
#: Interrupted with Ctrl+C: what a shell reports for SIGINT.
EXIT_INTERRUPTED = 130
#: A reader closed the pipe (``show 1 | head -1``): what a shell reports for SIGPIPE.
EXIT_PIPE = 141

#: The codes in order, with the catalog key that explains each (the ``--help`` epilog).
EXIT_CODES: dict[int, str] = {
    EXIT_OK: "cli_extra.exit.ok",
    EXIT_TAMPERED: "cli_extra.exit.tampered",
    EXIT_REFUSED: "cli_extra.exit.refused",
    EXIT_INTERNAL: "cli_extra.exit.internal",
    EXIT_OUTPUT: "cli_extra.exit.output",
    EXIT_INTERRUPTED: "cli_extra.exit.interrupted",
    EXIT_PIPE: "cli_extra.exit.pipe",
}


class CommandError(Exception):
    """A refusal to print as ``WHERE: message``."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.text = message


class RecordedThen(Exception):
    """A failure after entries reached the journal (``record``): said with what the
    journal holds, entries *first* to *last* of session *session*, never as "nothing was
    recorded"; the exit status is 130 for Ctrl+C, else 70 (never 2, which says nothing
    changed)."""

    def __init__(self, session: int, first: int, last: int, error: BaseException) -> None:
        if isinstance(error, KeyboardInterrupt):
            then, self.code = t("cli.then_interrupted"), EXIT_INTERRUPTED
        elif isinstance(error, UserError):  # not "refused": the journal did change
            then, self.code = error.message(), EXIT_INTERNAL
        else:
            detail = " ".join(str(error).split())[:200]
            then = t("cli.then_internal", kind=type(error).__name__, detail=detail)
            self.code = EXIT_INTERNAL
        if first == last:
            self.text = t("cli.recorded_one_then", session=session, first=first, then=then)
        else:
            key = "cli.recorded_many_then"
            self.text = t(key, session=session, first=first, last=last, then=then)
        super().__init__(self.text)


def fail(where: str | Path, message: str) -> NoReturn:
    raise CommandError(str(where), message)


def with_valid_now(message: str, kinds: Iterable[str]) -> str:
    """A refusal of a word that is no entry, then what the rules take now (if known)."""
    listed = ", ".join(kinds)
    return message + "\n" + t("cli.valid_now", entries=listed) if listed else message


def quiet_stdout() -> None:
    """Send what is left of standard output nowhere, so that the reader having gone
    raises nothing more when Python flushes it at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file descriptor (a test's capture): nothing to do
        pass
    finally:
        os.close(devnull)
