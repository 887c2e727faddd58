"""Reading the whole of a session the table was opened without.

A long session opens at its snapshot's state (services/session_source.py): the table,
the log of the latest entries and an undo of them need nothing more. The
timeline, the standings, an export, a correction and an undo of an older entry
need every entry: the table then waits while they are read in a worker thread,
saying so with a bar that advances as they are folded, and goes on by itself (about
7 s at 100,000 entries).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static

from scorekeeper.core.progress import Progress
from scorekeeper.core.session import Session
from scorekeeper.messages import UserError, t
from scorekeeper.ui.view_guard import view_failed


class WithHistory(Protocol):
    id: int
    session: Session

    def ensure_history(self, progress: Progress | None = None) -> bool: ...


class ReadingHistory(ModalScreen[str | None]):
    """ "Reading all n entries of session s…" and a bar advancing as they are folded:
    shown until they are read, then gone with what there is to say (an error, or that
    the snapshot was not what the entries give), or None."""

    class Folded(Message):
        """*done* of *total* entries folded so far, told from the worker thread."""

        def __init__(self, done: int, total: int) -> None:
            super().__init__()
            self.done = done
            self.total = total

    def __init__(self, recording: WithHistory) -> None:
        super().__init__(classes="dialog", id="history-screen")
        self.recording = recording

    def compose(self) -> ComposeResult:
        entries = self.recording.session.ledger.next_seq - 1
        text = t("ui.history.reading", session=self.recording.id, entries=entries)
        with Vertical(classes="dialog-box", id="history-box"):
            yield Static(text, classes="dialog-question", id="history-text", markup=False)
            yield ProgressBar(total=max(entries, 1), show_eta=False, id="history-bar")

    def on_mount(self) -> None:
        self._read()

    def on_reading_history_folded(self, message: Folded) -> None:
        self.query_one("#history-bar", ProgressBar).update(
            total=max(message.total, 1), progress=message.done
        )

    def _folded(self, done: int, total: int) -> None:
        """The fold's progress, from the worker thread (posting a message is thread-safe)."""
        self.post_message(self.Folded(done, total))

    @work(thread=True, exit_on_error=False, group="history")
    def _read(self) -> None:
        try:
            wrong = self.recording.ensure_history(self._folded)
            said = t("recording.checkpoint_wrong", session=self.recording.id) if wrong else None
        except UserError as error:
            said = error.message()
        except Exception as error:  # said in words; the table stays as it was
            said = view_failed(error)
        self.app.call_from_thread(self.dismiss, said)


def with_history(
    push: Callable[..., object],
    recording: WithHistory,
    then: Callable[[], None],
    say: Callable[[str], None],
) -> None:
    """Run *then* with the whole session folded: at once if it is, else after
    :class:`ReadingHistory` has read it (*say* is told what went wrong, if anything;
    *then* still runs when what went wrong was only the snapshot)."""
    if recording.session.history_from == 1:
        then()
        return

    def read(said: str | None) -> None:
        if said:
            say(said)
        if recording.session.history_from == 1:
            then()

    push(ReadingHistory(recording), read)
