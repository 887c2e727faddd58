"""Textual's footer, its keys styled once each as they are mounted."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey


class Footer(TextualFooter):
    """A key of Textual's footer starts compact, then takes the footer's compactness when
    mounted: its class changed twice, and the whole key styled again each time (a tenth
    of the app's start beyond a bare Textual app's, more on a key that changes them).
    Here each key is made as the footer wants it, so mounting styles it once."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            for key in [widget, *widget.walk_children()]:  # keys in a group, too
                if isinstance(key, FooterKey):
                    self.made_as_shown(key)
            yield widget

    def made_as_shown(self, key: FooterKey) -> FooterKey:
        """*key*, not yet mounted, as compact as it will be shown: as this footer, but
        the palette's key, which Textual leaves compact (its own default)."""
        compact = True if key.has_class("-command-palette") else self.compact
        key.set_reactive(FooterKey.compact, compact)
        key.set_class(compact, "-compact", update=False)
        return key
