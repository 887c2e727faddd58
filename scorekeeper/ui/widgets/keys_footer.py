"""A footer that keeps the keys that matter when the row is too narrow for all of them."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets._footer import FooterKey

from scorekeeper.ui.cells import width
from scorekeeper.ui.widgets.footer import Footer


def _cells(key: FooterKey) -> int:
    """Columns a compact footer key takes: key, a space and its words, then a margin."""
    words = 1 + width(key.description) if key.description else 0
    border = 1 if key.has_class("-command-palette") else 0
    return width(key.key_display) + words + 1 + border


def _bare(key: FooterKey) -> FooterKey:
    """The same key without its words (``^p`` alone)."""
    tooltip = key.tooltip if isinstance(key.tooltip, str) else key.description
    return FooterKey(
        key.key, key.key_display, "", key.action, classes="-command-palette", tooltip=tooltip
    )


#: The classes that say what a key is (its compactness is the footer's, bound).
_KINDS = ("-disabled", "-command-palette", "-grouped")


def _looks(key: FooterKey) -> tuple[object, ...]:
    kinds = tuple(key.has_class(name) for name in _KINDS)
    return (key.key, key.key_display, key.description, key.action, key.tooltip, kinds)


def _become(key: FooterKey, other: FooterKey) -> None:
    """*key* shows what *other* (made, never mounted) would: its key, words and state."""
    if _looks(key) == _looks(other):
        return
    key.key, key.key_display, key.description = other.key, other.key_display, other.description
    key.action, key._disabled, key.tooltip = other.action, other._disabled, other.tooltip
    for name in _KINDS:
        key.set_class(other.has_class(name), name)
    key.refresh(layout=True)


class KeysFooter(Footer):
    """Drops the *spare* actions (those help and the palette also reach), in the order
    given, until the rest fits, then the palette's word: the legal entry keys, help and
    the palette's key stay in sight."""

    def __init__(self, *, spare: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.spare = spare
        self._fitted = 0
        self._composed: tuple[object, ...] | None = None  # what the keys shown were made of

    def _shown(self, screen: Screen[Any]) -> tuple[object, ...]:
        """What the keys would be made of now: the width and every binding shown."""
        return (self.size.width, self.keys_shown(screen))

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """Textual's footer makes all its keys again after every key pressed at the table
        (their styles worked out anew: a third of the time a key takes to show). Here only
        when what they show has changed: a round begun or ended, a key no longer allowed."""
        unchanged = (
            self._composed is not None
            and screen is self.screen
            and self.is_attached
            and self._shown(screen) == self._composed
        )
        if unchanged:
            return
        self._bindings_ready = True
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self.call_after_refresh(self._show_keys)

    async def _show_keys(self) -> None:
        """The keys of the bindings now, in the key widgets already shown: what Textual's
        footer does by making them all again (each mounted and styled anew, the most of a
        key that begins or ends a round) is here a few words changed in place."""
        if not self.is_attached:
            return
        wanted = list(self.compose())
        shown = list(self.children)
        if not all(isinstance(key, FooterKey) for key in [*shown, *wanted]):
            await self.recompose()  # key groups and labels: made again, as Textual does
            return
        with self.app.batch_update():
            for old, new in zip(shown, wanted, strict=False):
                assert isinstance(old, FooterKey) and isinstance(new, FooterKey)
                _become(old, new)
            if len(shown) > len(wanted):
                await self.remove_children(shown[len(wanted) :])
            elif len(wanted) > len(shown):
                await self.mount_all(wanted[len(shown) :])

    def compose(self) -> ComposeResult:
        if self.is_attached and self._bindings_ready:  # before that Textual shows no keys
            self._composed = self._shown(self.screen)
        keys = [key for key in super().compose() if isinstance(key, FooterKey)]
        room = self._fitted = self.size.width or self.app.size.width  # (the app's: at mount)
        total = sum(_cells(key) for key in keys)
        for action in self.spare:
            for key in [key for key in keys if key.action == action]:
                if total <= room:
                    break
                keys.remove(key)
                total -= _cells(key)
        if total > room:  # still too wide: the palette keeps its key, not its word
            keys = [
                self.made_as_shown(_bare(key)) if key.has_class("-command-palette") else key
                for key in keys
            ]
        yield from keys

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._fitted:  # the keys that fit depend on the width
            self._fitted = event.size.width
            self.call_after_refresh(self.recompose)
