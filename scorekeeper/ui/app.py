"""The recorder's app: sessions on the start screen, one table screen per open session."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path

from textual.app import App, SystemCommand
from textual.screen import Screen

from scorekeeper.messages import UserError, t
from scorekeeper.recording import Recording
from scorekeeper.storage import Store

Clock = Callable[[], datetime | None]


class ScorekeeperApp(App[None]):
    CSS_PATH = Path(__file__).with_name(
        "scorekeeper.tcss"
    )  # absolute: subclasses may live anywhere
    TITLE = "scorekeeper"
    # Textual's own ctrl+q quits; the screens show their own way out (q, esc).

    def __init__(
        self,
        store: Store,
        session_id: int | None = None,
        *,
        clock: Clock | None = None,
    ) -> None:
        super().__init__()
        self.store = store
        self.start_session = session_id
        # Tests pass a clock so that times (and so snapshots) are fixed.
        self.clock: Clock = clock or (lambda: None)

    def on_mount(self) -> None:
        from scorekeeper.ui.screens.start import StartScreen

        self.push_screen(StartScreen())
        if self.start_session is not None:
            self.open_session(self.start_session)

    def open_session(self, sid: int) -> bool:
        """Open a stored session for recording on its table screen (takes its writer lock)."""
        from scorekeeper.ui.screens.tables import table_screen_for

        try:
            recording = Recording(self.store, sid)
        except UserError as error:
            self.notify(error.message(), title=t("ui.cannot_open"), severity="error")
            return False
        self.push_screen(table_screen_for(recording))
        return True

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        commands = getattr(screen, "palette_commands", None)
        if callable(commands):
            yield from commands()
