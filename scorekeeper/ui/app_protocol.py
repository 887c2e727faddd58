"""What the screens use of the app that runs them, as a Protocol (issue 36, point 8).

The app (ui/app.py) imports the screens; a screen that imported the app back, even for
its types alone, made a circle in ui/. The screens that reach the app's own parts (the
start screen, the new session's form, the statistics, the marks and their settling)
ask for this instead, and mypy checks that ScorekeeperApp is one (ui/app.py).
``tests/test_architecture.py`` refuses any import of the app from a screen or a widget,
type-only ones included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:
    from textual.screen import Screen

    from scorekeeper.storage import Store


class ScoreApp(Protocol):
    """The app's parts that its screens use, beyond Textual's App."""

    #: The data folder's sessions.
    store: Store
    #: The session whose table opened last (the start screen highlights it when back).
    last_opened: int | None

    def open_session(self, sid: int) -> bool:
        """Open session *sid* on its table screen; False if it was refused (and said so)."""
        ...


def score_app(screen: Screen[Any]) -> ScoreApp:
    """The app running *screen*, as its screens know it."""
    return cast(ScoreApp, screen.app)
