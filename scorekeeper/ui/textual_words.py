"""Textual's own words, in the reader's language.

Textual writes the descriptions of its widgets' keys (``Binding.description``) in
English, and merges a class's bindings once, as the class is made; it offers no public
way to word them again afterwards. So they are worded where they are shown: the footer
(widgets/key_bar.py) puts the catalog's words (messages/catalog/textual.py) in place of
Textual's English description, and the palette's Keys command opens the app's
own help (screens/help.py), which says every key, Textual's too, in the reader's language,
in place of Textual's Keys panel. A description the catalog does not know (a later
Textual's) stays as Textual wrote it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar, cast

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.notifications import SeverityLevel
from textual.screen import Screen

from scorekeeper.messages import t

ReturnType = TypeVar("ReturnType")

#: Textual's system commands (App.get_system_commands), known by their help text, and
#: the catalog keys that say them in the reader's language.
_SYSTEM_COMMANDS = {
    "Change the current theme": ("ui.system.theme.title", "ui.system.theme.help"),
    "Quit the application as soon as possible": ("ui.system.quit.title", "ui.system.quit.help"),
    "Show help for the focused widget and a summary of available keys": (
        "ui.system.keys.title",
        "ui.system.keys.help",
    ),
    "Minimize the widget and restore to normal size": (
        "ui.system.minimize.title",
        "ui.system.minimize.help",
    ),
    "Maximize the focused widget": ("ui.system.maximize.title", "ui.system.maximize.help"),
    "Save an SVG 'screenshot' of the current screen": (
        "ui.system.screenshot.title",
        "ui.system.screenshot.help",
    ),
}


class LocalizedApp(App[ReturnType]):
    """An app whose Textual words (keys, palette, system commands) are the catalog's."""

    BINDINGS = [
        # Textual adds this binding itself, in English, unless the app has one (App.__init__)
        Binding(
            App.COMMAND_PALETTE_BINDING,
            "command_palette",
            t("ui.key.palette"),
            show=False,
            priority=True,
            tooltip=t("ui.palette.tooltip"),
        ),
    ]

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A toast that shows its words as they are: a refusal or a note names a player,
        and a name such as ``[/x]`` or ``[b]Bo[/b]`` is not markup (docs/reliability.md,
        "Safe output"). Every toast, a widget's ``notify`` too, comes here; the app
        writes no markup of its own, so *markup* is never honoured."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def action_show_help_panel(self) -> None:
        """The palette's Keys command: the app's own help, in the reader's language, in
        place of Textual's Keys panel (whose words Textual fixes as its classes are made)."""
        from scorekeeper.ui.screens.help import show_help

        show_help(cast(App[object], self))

    def action_command_palette(self) -> None:
        """Textual's palette, with its placeholder in the reader's language."""
        if self.use_command_palette and not CommandPalette.is_open(cast(App[object], self)):
            self.push_screen(
                CommandPalette(placeholder=t("ui.palette.search"), id="--command-palette")
            )

    def search_themes(self) -> None:
        """Textual's theme picker, with its placeholder in the reader's language."""
        from textual.theme import ThemeProvider

        self.push_screen(
            CommandPalette(providers=[ThemeProvider], placeholder=t("ui.palette.themes"))
        )

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            keys = _SYSTEM_COMMANDS.get(command.help)
            if keys is None:  # a command a later Textual adds: as Textual words it
                yield command
            else:
                yield command._replace(title=t(keys[0]), help=t(keys[1]))
