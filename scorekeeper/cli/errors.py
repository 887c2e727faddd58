"""How a command refuses: one plain line ``WHERE: message`` and a conventional exit status.

Every command module raises through :func:`fail`; ``cli.main`` prints it, so no
command module needs the parser, and none imports another to report an error.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import NoReturn

EXIT_REFUSED = 2
EXIT_INTERNAL = 70
#: A reader closed the pipe (``show 1 | head -1``): what a shell reports for SIGPIPE.
EXIT_PIPE = 141


class CommandError(Exception):
    """A refusal to print as ``WHERE: message``."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.text = message


def fail(where: str | Path, message: str) -> NoReturn:
    raise CommandError(str(where), message)


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
