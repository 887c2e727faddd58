"""Dialogs that a key may close, and the keys typed after such a key.

Apart from the dialogs themselves so that the app (which holds the keys) starts
without loading every dialog's widgets before its first screen.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import App
from textual.binding import Binding
from textual.message import Message
from textual.screen import ModalScreen, Screen, ScreenResultType

from scorekeeper.messages import t

__all__ = ["HoldsKeys", "holds_after", "release_held"]


class HoldsKeys(ModalScreen[ScreenResultType]):
    """A dialog that one of its CLOSING_KEYS may close: the app holds the keys typed after
    such a key until the dialog has closed or said why not (``release``), so that keys
    typed ahead reach the next thing in order and never the closing dialog."""

    CLOSING_KEYS: ClassVar[frozenset[str]] = frozenset({"enter", "escape"})
    # The app's own keys do not reach past a dialog: its help is bound here too.
    BINDINGS = [Binding("f1,question_mark", "app.help", t("ui_help.key.help"), id="dialog-help")]

    class Release(Message):
        """The Enter is dealt with: whatever is on top now gets the keys held since."""

    def release(self) -> None:
        release_held(self.app)


def release_held(app: App[object]) -> None:
    """Say that a key that may close something is dealt with: the keys held since go on.

    Through the screen now on top: when a dialog has closed, that is the screen that
    opened it, which takes the dialog's result first (it records the entry), so held
    keys act after the entry, in the order they were typed."""
    app.screen.post_message(HoldsKeys.Release())


def holds_after(screen: Screen[object] | None, key: str) -> bool:
    """Whether the keys typed after *key* wait until *screen* says it is dealt with: a
    dialog's CLOSING_KEYS, or a screen's own ``holds_key`` (a form's Enter in a box)."""
    if isinstance(screen, HoldsKeys):
        return key in screen.CLOSING_KEYS
    holds = getattr(screen, "holds_key", None)
    return bool(holds(key)) if callable(holds) else False
