"""The last net under every view: one that cannot be shown says so, and the app stays up.

Views only read the session, so a failure in one can never lose an entry;
the recorder is told that in plain words instead of seeing a traceback, and
goes on recording. (Every view is tested after generated sessions; this is
for what those tests have not met.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen

from scorekeeper.messages import t


def view_failed(error: Exception) -> str:
    detail = str(error).splitlines()[0][:200] if str(error) else "-"
    return t("ui.view_failed", kind=type(error).__name__, detail=detail)


def open_view(
    push: Callable[..., Any], build: Callable[[], Screen[Any]], say: Callable[[str], None]
) -> None:
    """Build a view's screen and show it; if building fails, say why instead."""
    try:
        screen = build()
    except Exception as error:  # a view that cannot be shown must not take the app down
        say(view_failed(error))
        return
    push(screen)
