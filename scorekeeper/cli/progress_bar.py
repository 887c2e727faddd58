"""A progress bar on standard error while ``import``, ``replay``, ``verify`` or ``export``
reads a long session (docs/cli.md).

Shown only when standard error is a terminal and the session is long enough for the
command to take about a second (:data:`AT_LEAST_ENTRIES`); in a pipe, a file or for a
short session, nothing is written and Rich is not even imported, so a script's output
and the command's start stay as they were. The core and the services only call a plain
:data:`~scorekeeper.core.progress.Progress`; this module is the one place of the command
line that draws with Rich (allowed to it alone by pyproject's import contracts).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from scorekeeper.cli import streams

#: Entries (or a transcript's lines) from which the bar is shown: about a second's
#: reading on a laptop; a shorter command is over before a bar would say anything, and
#: loading Rich's progress (some 50 ms) would be most of its time.
AT_LEAST_ENTRIES = 5_000

#: Journal bytes from which ``verify`` shows the bar: about :data:`AT_LEAST_ENTRIES`
#: entries (a journal line is some 200 bytes).
AT_LEAST_BYTES = 1 << 20


def on_terminal() -> bool:
    """Whether standard error is a terminal a bar can be drawn on (not a pipe, a file, a
    stream closed at the start, nor a terminal that says it cannot move the cursor)."""
    stderr = sys.stderr
    if stderr is None or streams.closed(streams.STDERR):
        return False
    if os.environ.get("TERM") in ("dumb", "unknown"):
        return False
    try:
        return bool(stderr.isatty())
    except (AttributeError, ValueError, OSError):  # a stand-in stream, or one closed since
        return False


class Bar:
    """The bar of one command, called as the services' plain
    :data:`~scorekeeper.core.progress.Progress`; :meth:`then` names
    the last step, whose length is not known (an export's writing), the bar kept full."""

    def __init__(self, bar: Any, task: Any) -> None:
        self._bar = bar
        self._task = task

    def __call__(self, done: int, total: int) -> None:
        self._bar.update(self._task, completed=done, total=max(total, 1))

    def then(self, label: str) -> None:
        """The read is done (the bar stays full); *label* says what is being done now."""
        self._bar.update(self._task, description=label)


@contextmanager
def progress_bar(label: str, size: int, *, in_bytes: bool = False) -> Iterator[Bar | None]:
    """A :class:`Bar` labelled *label* while the block runs, when standard error is a
    terminal and *size* (entries or lines; bytes if *in_bytes*) reaches
    :data:`AT_LEAST_ENTRIES` (:data:`AT_LEAST_BYTES`); else None, and nothing is drawn.
    The bar is taken away at the end, leaving the terminal as it was."""
    if size < (AT_LEAST_BYTES if in_bytes else AT_LEAST_ENTRIES) or not on_terminal():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn

    console = Console(file=sys.stderr)
    columns = (TextColumn("{task.description}", markup=False), BarColumn(), TaskProgressColumn())
    shown = Progress(
        *columns, console=console, transient=True, redirect_stdout=False, redirect_stderr=False
    )
    with shown:
        yield Bar(shown, shown.add_task(label, total=None))
