"""The help screen (? and F1): every key of the screen beneath, read from its real bindings.

Nothing here lists a key by hand: the rows come from the bindings Textual would run
(the focused field's, the screen's, the app's), so the help cannot drift from the keys.
On a table the entry keys are split into those the core allows now and those it does not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.keys import key_to_character
from textual.screen import Screen
from textual.widgets import Label, Static

from scorekeeper.messages import CATALOG, t
from scorekeeper.ui.cells import width
from scorekeeper.ui.screens.holds_keys import HoldsKeys
from scorekeeper.ui.widgets.key_bar import catalog_words

if TYPE_CHECKING:
    from textual.app import App

#: The groups of the help, in the order shown (catalog keys of their headings).
GROUPS = (
    "ui_help.group.now",
    "ui_help.group.not_now",
    "ui_help.group.screen",
    "ui_help.group.field",
    "ui_help.group.everywhere",
)


@dataclass(frozen=True)
class HelpRow:
    """One action of the help: its keys as the footer shows them, and what it does."""

    keys: str
    words: str
    group: str
    legal: bool = True
    #: The words come from the catalog (false only for a Textual key not worded there).
    translated: bool = True
    #: One of ours (not one Textual binds everywhere): listed first in its group.
    ours: bool = True


def key_names(app: App[Any], bindings: list[Binding]) -> str:
    """The keys of *bindings* the way the footer shows them (``^e``, ``esc``), joined."""
    names: list[str] = []
    for binding in bindings:
        name = app.get_key_display(binding)
        if name not in names:
            names.append(name)
    return t("ui_help.key_or").join(names)


def _textual_words(action: str) -> str | None:
    """Our words for one of Textual's own actions (``cursor_left(True)`` selects)."""
    _, name, params = parse(action)
    if params == (True,):
        name += "_select"
    key = f"ui_help.textual.{name}"
    return t(key) if key in CATALOG else None


def _words(screen: Screen[Any], binding: Binding) -> tuple[str, bool]:
    """What *binding* does, in the current language, and whether the catalog said it."""
    _, name, _ = parse(binding.action)
    actions = getattr(screen, "ACTIONS", {})  # a table's entry keys have a longer help
    if name in actions and binding.description:
        action = actions[name]
        return t("ui_help.long", label=binding.description, help=t(action.help_key)), True
    if binding.id is not None:  # ours: its words come from the catalog
        return binding.description, True
    words = _textual_words(binding.action)
    if words is None:  # Textual's own description, if the catalog has it
        words = catalog_words(binding.description)
    if words is not None:
        return words, True
    return binding.description, False


def _group(screen: Screen[Any], node: DOMNode, name: str) -> str:
    if node is screen.app:
        return "ui_help.group.everywhere"
    if node is not screen:
        return "ui_help.group.field"
    if name in getattr(screen, "ACTIONS", {}):
        return "ui_help.group.now"
    return "ui_help.group.screen"


def _legal(node: DOMNode, action: str) -> bool:
    """What the node's own check says (a table asks the core whether the entry is legal)."""
    namespace, name, params = parse(action)
    target = {"app": node.app, "screen": node.screen}.get(namespace, node)
    return target.check_action(name, params) is not False


def bindings_of(node: DOMNode) -> list[tuple[str, Binding]]:
    """The node's bindings, (key, binding), as its class and the classes it derives from
    declare them (``BINDINGS``, Textual's public way to bind): a class's binding of a key
    takes the place of its bases' bindings of that key, as Textual merges them."""
    keys: dict[str, list[Binding]] = {}
    for cls in reversed(type(node).__mro__):
        declared = cls.__dict__.get("BINDINGS")
        if not declared:
            continue
        mine: dict[str, list[Binding]] = {}
        for binding in Binding.make_bindings(declared):
            mine.setdefault(binding.key, []).append(binding)
        keys.update(mine)
    return [(key, binding) for key, bindings in keys.items() for binding in bindings]


def binding_chain(screen: Screen[Any]) -> list[tuple[DOMNode, list[tuple[str, Binding]]]]:
    """The nodes a key goes to, nearest first, with their bindings, as Textual dispatches
    keys: the focused widget and its parents up to the screen and the app (the screen and
    the app if nothing has focus), a key that a nearer widget takes as typed (a box's
    letters) left out of those further on, and nothing past a dialog."""
    focused = screen.focused
    nodes: list[DOMNode] = (
        [screen, screen.app]
        if focused is None or focused.loading
        else list(focused.ancestors_with_self)
    )
    chain: list[tuple[DOMNode, list[tuple[str, Binding]]]] = []
    takers: list[DOMNode] = []
    for node in nodes:
        bindings = [
            (key, binding)
            for key, binding in bindings_of(node)
            if not any(taker.check_consume_key(key, key_to_character(key)) for taker in takers)
        ]
        chain.append((node, bindings))
        takers.append(node)
        if node.is_modal:
            break
    return chain


def help_rows(screen: Screen[Any]) -> list[HelpRow]:
    """Every key of *screen* with what it does, grouped (GROUPS) and in binding order.

    A key that a priority binding or a nearer node takes is listed once, where it acts;
    a binding with no words (a table key's hidden "why not" twin) is not listed.
    """
    app = screen.app
    chain = binding_chain(screen)
    if chain and chain[-1][0] is not app:  # a dialog: only the app's priority keys reach
        chain.append((app, [(key, b) for key, b in bindings_of(app) if b.priority]))
    claimed: set[str] = set()
    for _node, bindings in chain:
        claimed.update(key for key, binding in bindings if binding.priority)
    # (node, action) -> its bindings, in the order they are met
    found: dict[tuple[int, str], tuple[DOMNode, list[Binding]]] = {}
    taken: set[str] = set()
    for node, bindings in chain:
        mine: set[str] = set()
        for key, binding in bindings:
            if key in taken or (key in claimed and not binding.priority):
                continue
            mine.add(key)
            entry = found.setdefault((id(node), binding.action), (node, []))
            entry[1].append(binding)
        taken |= mine
    rows: list[HelpRow] = []
    for node, same in found.values():
        first = same[0]
        words, translated = _words(screen, first)
        if not words:
            continue
        _, name, _ = parse(first.action)
        group = _group(screen, node, name)
        legal = _legal(node, first.action)
        if group == "ui_help.group.now" and not legal:
            group = "ui_help.group.not_now"
        ours = first.id is not None
        rows.append(HelpRow(key_names(app, same), words, group, legal, translated, ours))
    order = {group: index for index, group in enumerate(GROUPS)}
    # stable: within a group, ours first, each in binding order
    return sorted(rows, key=lambda row: (order[row.group], not row.ours))


def help_text(rows: list[HelpRow]) -> Group:
    """The rows under their group headings, keys in one column (long words wrap beside)."""
    column = max([width(row.keys) for row in rows] or [1])
    parts: list[RenderableType] = []
    for group in GROUPS:
        mine = [row for row in rows if row.group == group]
        if not mine:
            continue
        if parts:
            parts.append(Text(""))
        parts.append(Text(t(group), style="bold underline"))
        grid = Table.grid(padding=(0, 2))
        grid.add_column(width=column + 2, no_wrap=True)
        grid.add_column(ratio=1)
        for row in mine:
            style = "" if row.legal else "dim"
            words = row.words
            if not row.legal and group != "ui_help.group.not_now":
                words += " " + t("ui_help.not_now")
            grid.add_row(Text("  " + row.keys, style="bold " + style), Text(words, style=style))
        parts.append(grid)
    return Group(*parts)


class HelpScreen(HoldsKeys[None]):
    """Every key of the screen beneath; Esc, ?, F1 or q closes it."""

    BINDINGS = [
        Binding("escape,question_mark,f1,q", "close", t("ui_help.key.close"), id="help-close"),
    ]
    CLOSING_KEYS = frozenset({"escape", "question_mark", "f1", "q"})

    def __init__(self, rows: list[HelpRow]) -> None:
        super().__init__(classes="dialog", id="help")
        self.rows = rows

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box help-box"):
            yield Label(t("ui_help.title"), classes="dialog-title", markup=False)
            with VerticalScroll(id="help-scroll"):
                yield Static(help_text(self.rows), id="help-keys", markup=False)
            yield Static(
                self.keys_text(), classes="dialog-help", id="help-close-hint", markup=False
            )

    def keys_text(self) -> str:
        """How to close and scroll it, read from the bindings: ``esc / ? / f1 / q: close``."""
        close = [b for _, b in bindings_of(self) if b.action == "close"]
        scrolls = ("scroll_up", "scroll_down", "page_up", "page_down")
        scroll = [b for b in Binding.make_bindings(VerticalScroll.BINDINGS) if b.action in scrolls]
        return t(
            "ui_help.close", close=key_names(self.app, close), scroll=key_names(self.app, scroll)
        )

    def on_mount(self) -> None:
        self.query_one("#help-scroll", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)
        self.release()


def show_help(app: App[Any]) -> None:
    """Open the help for the screen on top, or close it if it is the help (? and F1)."""
    screen = app.screen
    if isinstance(screen, HelpScreen):
        screen.action_close()
        return
    app.push_screen(HelpScreen(help_rows(screen)))
