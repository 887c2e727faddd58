"""Textual's footer, with its keys in the first frame, each styled once as it is mounted."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

#: What one key of a footer shows: its key, words, action, whether it works, its tooltip.
Shown = tuple[str, str, str, bool, str]


class Footer(TextualFooter):
    """Textual's footer composes no key until the screen's bindings are first reported,
    then composes again in a later frame: every screen started with a bare footer and
    paid for a second layout and paint. A key also started compact, then took the
    footer's compactness once mounted, and was styled again each time.

    Here the keys are composed with the footer, from the screen's bindings as they are
    then, each made as compact as it will be shown (so mounting styles it once); a
    report of new bindings composes again only when a key would look different.
    """

    def compose(self) -> ComposeResult:
        self.set_reactive(TextualFooter._bindings_ready, True)
        self._keys_made = self.keys_shown(self.screen)
        for widget in super().compose():
            for key in [widget, *widget.walk_children()]:  # keys in a group, too
                if isinstance(key, FooterKey):
                    self.made_as_shown(key)
            yield widget

    def bindings_changed(self, screen: Screen[object]) -> None:
        if (
            self.is_attached
            and screen is self.screen
            and self.keys_shown(screen) == self._keys_made
        ):
            return  # the same keys, words and states: nothing to compose again
        super().bindings_changed(screen)

    @staticmethod
    def keys_shown(screen: Screen[Any]) -> tuple[Shown, ...]:
        """What the keys of *screen*'s bindings would show now (the palette's too)."""
        return tuple(
            (binding.key, binding.description, binding.action, enabled, tooltip)
            for (_, binding, enabled, tooltip) in screen.active_bindings.values()
            if binding.show or binding.action == "command_palette"
        )

    def made_as_shown(self, key: FooterKey) -> FooterKey:
        """*key*, not yet mounted, as compact as it will be shown: as this footer, but
        the palette's key, which Textual leaves compact (its own default)."""
        compact = True if key.has_class("-command-palette") else self.compact
        key.set_reactive(FooterKey.compact, compact)
        key.set_class(compact, "-compact", update=False)
        return key
