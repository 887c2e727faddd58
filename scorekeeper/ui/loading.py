"""Reading many sessions in a worker thread, the progress shown, the app answering keys
meanwhile (the statistics and the session list: seconds, cold, over a thousand sessions).

A screen starts a read with :func:`read_in_worker`; it is told of the progress and of the
result by :class:`ReadProgress` messages carrying the read's ticket. A newer read cancels
the older (its progress callback stops it at the next session), and a message of a read
that is no longer the screen's latest, or that reaches a screen already left, is dropped.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import get_current_worker

from scorekeeper.messages import UserError, t

if TYPE_CHECKING:  # handed in by the screens
    from scorekeeper.storage import Store

Progress = Callable[[int, int], None]

_tickets = itertools.count(1)


class Stale(Exception):
    """The read was cancelled (the screen left, or a newer read asked): stop reading."""


class ReadProgress(Message):
    """*done* of *total* sessions read; with *finished*, the read's *result* (or the
    exception it raised, to be said in words)."""

    def __init__(
        self, ticket: int, done: int, total: int, result: Any = None, finished: bool = False
    ) -> None:
        super().__init__()
        self.ticket = ticket
        self.done = done
        self.total = total
        self.result = result
        self.finished = finished


def _post(node: Widget, message: Message) -> None:
    with contextlib.suppress(RuntimeError):  # the app's loop closed: nobody left to tell
        node.post_message(message)


def read_in_worker(node: Widget, group: str, read: Callable[[Progress], Any]) -> int:
    """Run ``read(progress)`` in a thread worker of *node*; its ticket, which the
    :class:`ReadProgress` messages posted to *node* carry."""
    ticket = next(_tickets)

    def work() -> None:
        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise Stale
            _post(node, ReadProgress(ticket, done, total))

        try:
            result = read(progress)
        except Stale:
            return
        except Exception as error:  # said by the screen in words; never a traceback
            result = error
        if not worker.is_cancelled:
            _post(node, ReadProgress(ticket, 0, 0, result, finished=True))

    node.run_worker(work, thread=True, group=group, exclusive=True, exit_on_error=False)
    return ticket


def read_now_or_later(
    screen: Widget,
    store: Store,
    at_once: Callable[[], Any],
    read: Callable[[Progress | None], Any],
    done: Callable[[Any], None],
    group: str,
) -> int:
    """``at_once()`` reads now when little is not yet cached, handing the result to
    *done*; it gives None, having read nothing, when more is (one pass over the files
    tells both). Then *read* runs in a worker, the screen's LoadingSessions showing how far
    it got. The ticket of the worker's read, or 0 when read at once."""
    result = at_once()
    if result is not None:
        done(result)
        return 0
    try:
        count = len(store.ids())
    except UserError:
        count = 0  # said by the read itself
    loading = screen.query_one(LoadingSessions)
    loading.restart(count)
    loading.display = True
    return read_in_worker(screen, group, read)


def progress_shown(screen: Widget, message: ReadProgress, ticket: int) -> bool:
    """Show *message* on the screen's LoadingSessions. True when it is the last word of
    the read under way (*ticket*): the line is hidden and the result is the screen's to
    take; False while the read goes on, or for an older read asked again since."""
    if message.ticket != ticket:
        return False
    loading = screen.query_one(LoadingSessions)
    if not message.finished:
        loading.show_progress(message.done, message.total)
        return False
    loading.display = False
    return True


class LoadingSessions(Vertical):
    """ "Reading the sessions: n of m" and a bar: shown while a read is under way.

    Empty until the first read in a worker: most starts read nothing slowly, and
    making the bar (and loading its module) was a tenth of the start screen's start."""

    DEFAULT_CSS = """
    LoadingSessions { height: auto; padding: 0 1; }
    LoadingSessions ProgressBar { height: 1; }
    """

    def compose(self) -> ComposeResult:
        return iter(())

    def show_progress(self, done: int, total: int) -> None:
        from textual.widgets import ProgressBar

        self.query_one(".loading-text", Static).update(
            t("ui.memory.loading", done=done, total=total)
        )
        self.query_one(ProgressBar).update(total=max(total, 1), progress=done)

    def restart(self, total: int) -> None:
        from textual.widgets import ProgressBar

        if not self.children:
            self.mount(
                Static(t("ui.memory.loading_start"), classes="loading-text", markup=False),
                ProgressBar(total=max(total, 1), show_eta=False, classes="loading-bar"),
            )
            return
        self.query_one(".loading-text", Static).update(t("ui.memory.loading_start"))
        self.query_one(ProgressBar).update(total=max(total, 1), progress=0)
