"""The keys a screen offers, in one line at its foot: what Textual's footer shows, painted
by one widget.

Textual's footer is a container of one widget per key, each with two styled parts: a
screen's footer alone was eight widgets and some twenty-five style look-ups, a tenth of the
app's start, and a new round at the table changed several of them. Here the keys are
worked out from the screen's bindings and painted as one line; a change of keys repaints
that line and lays out nothing. It looks as Textual's footer does, in every theme
(``tests/test_ui_key_bar.py`` compares the two cell by cell), answers the mouse as it does
(a click presses the key, a disabled key rings the bell, hovering shows a key's tooltip),
and can make room: the *spare* keys (those help and the palette also reach) go first, then
the palette's word.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.color import Color
from textual.strip import Strip
from textual.widget import Widget

from scorekeeper.ui.cells import width

if TYPE_CHECKING:
    from textual.css.styles import RenderStyles
    from textual.screen import Screen

#: In a bar's *spare* order: where the palette's word gives way (its key stays).
PALETTE_WORD = "(the palette's word)"
#: The palette's left edge, as Textual's ``vkey`` border draws it.
EDGE = "▏"


@dataclass(frozen=True)
class Key:
    """One key as the footer shows it."""

    key: str  # what pressing it sends (the binding's first key)
    shown: str  # how the key is written ("^p", "esc", "?")
    words: str  # what it does ("" for the palette's key when room is short)
    action: str
    enabled: bool
    tooltip: str = ""
    palette: bool = False


def keys_of(screen: Screen[Any]) -> tuple[Key, ...]:
    """The keys Textual's footer would show for *screen*'s bindings now: the first binding of
    each shown action, in order, then the palette's (a key group is shown key by key)."""
    app = screen.app
    bindings = screen.active_bindings
    keys: list[Key] = []
    actions: set[str] = set()
    for _, binding, enabled, tooltip in bindings.values():
        if binding.show and binding.action not in actions:
            actions.add(binding.action)
            shown = app.get_key_display(binding)
            keys.append(
                Key(binding.key, shown, binding.description, binding.action, enabled, tooltip)
            )
    palette = bindings.get(app.COMMAND_PALETTE_BINDING) if app.ENABLE_COMMAND_PALETTE else None
    if palette is not None:
        _, binding, enabled, _ = palette
        keys.append(
            Key(
                binding.key,
                app.get_key_display(binding),
                binding.description,
                binding.action,
                enabled,
                binding.tooltip or binding.description,
                palette=True,
            )
        )
    return tuple(keys)


@dataclass(frozen=True)
class _Span:
    start: int
    end: int
    key: Key


class KeyBar(Widget, can_focus=False):
    """The screen's keys in one line; *compact* as Textual's compact footer (no padding
    around a key, a space between keys), else as its ordinary one."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "key-bar--item",
        "key-bar--hover",
        "key-bar--key",
        "key-bar--words",
        "key-bar--edge",
    }
    # The colours and styles of Textual's footer (Footer, FooterKey), by the same variables.
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        width: 1fr;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
    }
    KeyBar > .key-bar--item { background: $footer-item-background; }
    KeyBar > .key-bar--hover {
        color: $footer-key-foreground;
        background: $block-hover-background;
    }
    KeyBar > .key-bar--key {
        color: $footer-key-foreground;
        background: $footer-key-background;
        text-style: bold;
    }
    KeyBar > .key-bar--words {
        color: $footer-description-foreground;
        background: $footer-description-background;
    }
    KeyBar > .key-bar--edge { color: $foreground 20%; }
    """

    def __init__(
        self,
        *,
        compact: bool = False,
        spare: tuple[str, ...] = (),
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.compact = compact
        self.spare = spare
        self._keys: tuple[Key, ...] | None = None  # None: not read from the screen yet
        self._hover: Key | None = None
        self._spans: list[_Span] = []
        self._painted: tuple[object, Strip] | None = None
        self._styles: dict[tuple[bool, bool, str], Style] | None = None

    # -- the keys -----------------------------------------------------------------

    @property
    def keys(self) -> tuple[Key, ...]:
        """Every key the screen's bindings offer now, before any is left out for room."""
        if self._keys is None:
            self._keys = keys_of(self.screen)
        return self._keys

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """Keys change with focus and with what is legal: only a change repaints."""
        if screen is not self.screen:
            return
        keys = keys_of(screen)
        if keys != self._keys:
            self._keys = keys
            if self._hover is not None and self._hover not in keys:
                self._set_hover(None)
            self.refresh()

    def fitted(self, room: int | None = None) -> tuple[Key, ...]:
        """The keys shown in *room* columns (the bar's width): the spare ones left out, in
        the order given, until the rest fit; the palette's word goes where *spare* names
        ``PALETTE_WORD`` (last if it does not). What still does not fit is cut at the edge,
        as Textual's footer cuts it."""
        room = self.size.width if room is None else room
        keys = list(self.keys)
        total = sum(self._cells(key) for key in keys)
        order = self.spare if PALETTE_WORD in self.spare else (*self.spare, PALETTE_WORD)
        for action in order:
            if total <= room:
                break
            if action == PALETTE_WORD:  # (Textual's footer cut the last key instead: "? ヘル")
                keys = [_bare(key) if key.palette else key for key in keys]
                total = sum(self._cells(key) for key in keys)
                continue
            for key in [key for key in keys if key.action == action]:
                if total <= room:
                    break
                keys.remove(key)
                total -= self._cells(key)
        return tuple(keys)

    def shown(self) -> list[tuple[str, str]]:
        """Each key painted now, as (key, words): what a person reads."""
        return [(span.key.shown, span.key.words) for span in self._spans]

    def cut(self) -> list[str]:
        """Keys painted only in part or not at all (for lack of room), in words."""
        shown = {
            span.key
            for span in self._spans
            if span.end - span.start == self._cells(span.key, margin=False)
        }
        return [f"{key.shown} {key.words}".strip() for key in self.fitted() if key not in shown]

    def _cells(self, key: Key, margin: bool = True) -> int:
        """Columns *key* takes, with the space after it in a compact bar (*margin*)."""
        cells = width(key.shown) + (1 + width(key.words) if key.words else 0)
        if key.palette:  # its edge, then a space: its padding, or its margin when compact
            return 1 + cells + (1 if margin or not self.compact else 0)
        if not self.compact:
            return cells + 2 if key.words else cells  # padded key, padded words
        return cells + (1 if margin else 0)

    # -- painting -----------------------------------------------------------------

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles = None
        self._painted = None

    def _style(self, part: str, hover: bool, enabled: bool) -> Style:
        """The Rich style of one part of a key, blended as Textual blends a footer key's:
        the bar, the key's own background (another when hovered), then the part."""
        if self._styles is None:
            self._styles = {}
        found = self._styles.get((hover, enabled, part))
        if found is not None:
            return found
        _, bar_bg = self.background_colors
        bar_fg = self.styles.color
        item = self.get_component_styles("key-bar--hover" if hover else "key-bar--item")
        item_bg = bar_bg + item.background if item.has_rule("background") else bar_bg
        item_fg = item.color if item.has_rule("color") else bar_fg
        dim = Style(dim=True) if not enabled else Style()  # Textual's key not allowed now
        if part == "blank":  # the bar where no key is: Textual paints only its colour
            style = Style.from_color(None, bar_bg.rich_color if bar_bg.a else None)
        elif part == "edge":
            edge = self.get_component_styles("key-bar--edge").color
            style = Style.from_color((bar_bg + edge).rich_color, item_bg.rich_color)
        elif part == "pad":  # a key's padding: its colour alone, as Textual paints it
            style = Style.from_color(None, item_bg.rich_color if item_bg.a else None)
        else:
            styles = self.get_component_styles(
                "key-bar--key" if part == "key" else "key-bar--words"
            )
            style = _colours(item_bg, item_fg) + _part_style(styles, item_bg, item_fg) + dim
        self._styles[(hover, enabled, part)] = style
        return style

    def _key_segments(self, key: Key) -> list[Segment]:
        hover, on = key == self._hover, key.enabled
        style = self._style
        if key.palette:
            segments = [Segment(EDGE, style("edge", hover, on))]
            segments.append(Segment(key.shown, style("key", hover, on)))
            if key.words:
                segments.append(Segment(" " + key.words, style("words", hover, on)))
            if not self.compact:
                segments.append(Segment(" ", style("pad", hover, on)))
            return segments
        if not key.words:
            return [Segment(key.shown, style("key", hover, on))]
        if self.compact:
            return [
                Segment(key.shown, style("key", hover, on)),
                Segment(" " + key.words, style("words", hover, on)),
            ]
        return [
            Segment(f" {key.shown} ", style("key", hover, on)),
            Segment(f"{key.words} ", style("words", hover, on)),
        ]

    def render_line(self, y: int) -> Strip:
        room = self.size.width
        if y:  # one line of keys, however tall the bar is made
            return Strip.blank(room, self._style("blank", False, True))
        keys = self.fitted(room)
        made = (room, keys, self._hover, self.compact)
        if self._painted is not None and self._painted[0] == made:
            return self._painted[1]
        bar = self._style("blank", False, True)
        palette = [key for key in keys if key.palette]
        left_room = room - sum(self._cells(key) for key in palette)
        segments: list[Segment] = []
        spans: list[_Span] = []
        at = 0
        for key in keys:
            if key.palette:
                continue
            made_cells = self._cells(key, margin=False)
            spans.append(_Span(at, min(at + made_cells, max(left_room, at)), key))
            segments.extend(self._key_segments(key))
            at += made_cells
            if self.compact:
                segments.append(Segment(" ", bar))
                at += 1
        line = Strip(segments).crop_extend(0, max(left_room, 0), bar)
        spans = [span for span in spans if span.end > span.start]
        for key in palette:
            start = max(left_room, 0)
            spans.append(_Span(start, start + self._cells(key, margin=False), key))
            line = Strip.join([line, Strip(self._key_segments(key))])
            if self.compact:
                line = Strip.join([line, Strip([Segment(" ", bar)])])
        line = line.crop_extend(0, room, bar).simplify()
        self._spans = spans
        self._painted = (made, line)
        return line

    # -- the mouse ------------------------------------------------------------------

    def _key_at(self, x: int) -> Key | None:
        if self._painted is None:
            return None
        for span in self._spans:
            if span.start <= x < span.end:
                return span.key
        return None

    def _set_hover(self, key: Key | None) -> None:
        if key == self._hover:
            return
        self._hover = key
        self.tooltip = (key.tooltip or None) if key is not None else None
        self.styles.pointer = "pointer" if key is not None else "default"
        self.refresh()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._set_hover(self._key_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._set_hover(None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        key = self._key_at(event.x)
        if key is None:
            return
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()


def _bare(key: Key) -> Key:
    """*key* without its words; its tooltip still says them."""
    return replace(key, words="", tooltip=key.tooltip or key.words)


def _colours(background: Color, foreground: Color) -> Style:
    """Colours as Textual paints a widget's: the text's blended over its background."""
    return Style.from_color(
        (background + foreground).rich_color if (background.a or foreground.a) else None,
        background.rich_color if background.a else None,
    )


def _part_style(styles: RenderStyles, background: Color, foreground: Color) -> Style:
    """A part's own colours over the key's, and its text style."""
    part_bg = background + styles.background if styles.has_rule("background") else background
    part_fg = styles.color if styles.has_rule("color") else foreground
    return _colours(part_bg, part_fg) + styles.text_style
