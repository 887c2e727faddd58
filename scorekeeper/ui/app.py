"""The recorder's app: sessions on the start screen, one table screen per open session."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from scorekeeper.messages import UserError, language, t
from scorekeeper.services import settings
from scorekeeper.services.recording import Recording

if TYPE_CHECKING:  # the store is handed in by the command line
    from scorekeeper.storage import Store
    from scorekeeper.ui.screens.timeline import TimelineScreen

Clock = Callable[[], datetime | None]


@dataclass(frozen=True)
class Relaunch:
    """Asked of the CLI when the app closes: start again in *lang*, on session *session*."""

    lang: str
    session: int | None


class ScorekeeperApp(App[Relaunch | None]):
    CSS_PATH = Path(__file__).with_name(
        "scorekeeper.tcss"
    )  # absolute: subclasses may live anywhere
    TITLE = "scorekeeper"
    # Textual's own ctrl+q quits; the screens show their own way out (q, esc).
    BINDINGS = [
        Binding("f2", "switch_language", t("ui.key.language"), id="language", show=False),
    ]

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

    def on_timeline_screen_show_then(self, request: TimelineScreen.ShowThen) -> None:
        from scorekeeper.ui.screens.table_then import show_then

        show_then(self, request)

    def on_mount(self) -> None:
        from scorekeeper.ui.screens.start import StartScreen

        self.store.clean_partial_writes()  # what a killed writer left half-written
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
        kept = self.store.set_aside(sid)
        if kept:
            files = ", ".join(str(path) for path in kept)
            self.notify(t("cli.set_aside", session=sid, count=len(kept), files=files), timeout=10)
        return True

    def action_switch_language(self) -> None:
        """Switch between Japanese and English: every label is re-read, so the app restarts.

        Nothing is lost: every entry is already on disk, and the same session
        opens again. The choice is kept as a setting for the next start.
        """
        new = "en" if language() == "ja" else "ja"
        settings.save(self.store.root, lang=new)
        screen = self.screen
        recording = getattr(screen, "recording", None)
        session = getattr(recording, "id", None) if recording is not None else None
        self.exit(Relaunch(new, session if isinstance(session, int) else None))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand(
            t("ui.language.title"), t("ui.language.help"), self.action_switch_language
        )
        commands = getattr(screen, "palette_commands", None)
        if callable(commands):
            yield from commands()
