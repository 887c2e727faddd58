"""Textual's own words about its widgets' keys, in the reader's language.

Textual writes the descriptions of its widgets' keys (``Binding.description``)
in English; the Keys panel (palette → キー一覧) shows them. They are class
attributes, read when a widget is created, so before the app makes any widget
each Textual class's bindings are given the catalog's words
(messages/textual_keys.py), found by Textual's English description. A
description the catalog does not know (a later Textual's) stays as it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any, TypeVar, cast

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.dom import DOMNode
from textual.screen import Screen

from scorekeeper.messages import CATALOG, language, t

ReturnType = TypeVar("ReturnType")

#: Textual's English description -> the catalog key that says it.
_BY_ENGLISH = {
    english: key for key, (english, _) in CATALOG.items() if key.startswith("textual.key.")
}
#: Each Textual class's own bindings as Textual wrote them, kept the first time.
_ORIGINAL: dict[type[DOMNode], list[Any]] = {}
_current = ["en"]  # the language the classes speak now


def _subclasses(cls: type[DOMNode]) -> Iterator[type[DOMNode]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _translated(binding: Any, lang: str) -> Any:
    if isinstance(binding, Binding):
        description, tooltip = binding.description, binding.tooltip
        if description in _BY_ENGLISH:
            description = t(_BY_ENGLISH[description], lang)
        if tooltip in _BY_ENGLISH:
            tooltip = t(_BY_ENGLISH[tooltip], lang)
        return replace(binding, description=description, tooltip=tooltip)
    if isinstance(binding, tuple) and len(binding) >= 3 and binding[2] in _BY_ENGLISH:
        return (*binding[:2], t(_BY_ENGLISH[binding[2]], lang), *binding[3:])
    return binding


def _import_widgets_with_keys() -> None:
    """Textual's widgets with keys of their own that our screens show and that nothing
    imports before the app starts (the screens are imported when first shown): defined
    now, so that their keys are translated with the rest."""
    from textual.widgets import DataTable, Switch  # noqa: F401


def translate_textual_keys(lang: str) -> None:
    """Give every Textual widget class defined so far key descriptions in *lang*."""
    if lang == _current[0]:
        return
    _current[0] = lang
    _import_widgets_with_keys()
    classes: list[type[DOMNode]] = [DOMNode, *_subclasses(DOMNode)]
    for cls in classes:
        own = cls.__dict__.get("BINDINGS")
        if own and cls.__module__.startswith("textual."):
            original = _ORIGINAL.setdefault(cls, list(own))
            cls.BINDINGS = [_translated(binding, lang) for binding in original]
    for cls in classes:  # merged again, our subclasses of Textual's widgets included
        cls._merged_bindings = cls._merge_bindings()


#: Textual's system commands (App.get_system_commands), known by their help text, and
#: the catalog keys that say them in the reader's language.
_SYSTEM_COMMANDS = {
    "Change the current theme": ("ui.system.theme.title", "ui.system.theme.help"),
    "Quit the application as soon as possible": ("ui.system.quit.title", "ui.system.quit.help"),
    "Hide the keys and widget help panel": (
        "ui.system.keys_hide.title",
        "ui.system.keys_hide.help",
    ),
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

    def __init__(self) -> None:
        translate_textual_keys(language())  # before Textual makes its first widget
        super().__init__()

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
