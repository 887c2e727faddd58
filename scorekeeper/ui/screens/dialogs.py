"""Small modal dialogs: confirm, pick a player, type a line of text."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import NamedTuple

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.suggester import Suggester
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from scorekeeper.core.amounts import plain_number, whole_number
from scorekeeper.core.near import nearest
from scorekeeper.messages import UserError, t
from scorekeeper.ui.cells import width
from scorekeeper.ui.screens.holds_keys import HoldsKeys


class ConfirmDialog(HoldsKeys[bool]):
    """Yes or no to one question; Enter/y confirms, Escape/n cancels."""

    BINDINGS = [
        Binding("y", "answer(True)", t("ui.yes"), id="confirm-yes"),
        Binding("n,escape", "answer(False)", t("ui.no"), id="confirm-no"),
    ]
    CLOSING_KEYS = frozenset({"enter", "escape", "y", "n"})

    def __init__(self, question: str, yes: str | None = None) -> None:
        super().__init__(classes="dialog")
        self.question = question
        self.yes = yes or t("ui.yes")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(self.question, classes="dialog-question", markup=False)
            yield Static(self.keys_text(), classes="dialog-help", id="confirm-keys", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.yes, id="yes", variant="error")
                yield Button(t("ui.cancel"), id="no")

    def keys_text(self) -> str:
        """Which keys answer, read from the bindings: ``y: Undo it · n / esc: Cancel``."""
        own = list(Binding.make_bindings(self.BINDINGS))
        yes = [b for b in own if b.action == "answer(True)"]
        no = [b for b in own if b.action == "answer(False)"]
        join = t("ui_help.key_or").join
        return t(
            "ui_help.confirm_keys",
            yes_keys=join(dict.fromkeys(self.app.get_key_display(b) for b in yes)),
            yes=self.yes,
            no_keys=join(dict.fromkeys(self.app.get_key_display(b) for b in no)),
            no=t("ui.cancel"),
        )

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
        self.release()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")
        self.release()


#: Choices the pick box shows at once (more scroll; as the stylesheet's #pick-list).
PICK_ROWS = 10


class PickInput(Input):
    """The pick box's line: *typed* hears each change as it is made, so the list and the
    line below change in the same frame as the box (through Input.Changed, Textual drew
    the box's new text in a frame of its own, and the rest in the next, up to a sixtieth
    of a second later)."""

    def __init__(self, typed: Callable[[str], None], *, placeholder: str) -> None:
        # Valid from the start (it has no validators): Textual marks it so at the first
        # key otherwise, and a changed class styles the box again.
        super().__init__(placeholder=placeholder, id="pick-input", classes="-valid")
        self._typed = typed

    def watch_value(self, value: str) -> None:
        self._typed(value)


class PickQuestion(NamedTuple):
    """What a pick dialog asks (see PickPlayerDialog)."""

    title: str
    seats: Sequence[tuple[int, str]]
    check: Callable[[str], str | None] | None
    extra: Sequence[tuple[str, str]]
    everyone: Sequence[tuple[int, str]]


class PickPlayerDialog(HoldsKeys[str | None]):
    """Pick one player: type a seat number or a name and Enter, or choose from the list.

    The *question*'s seats map each selectable player to their seat number; its check
    turns the choice into an error message (or None) so a refused pick is explained
    here, in the dialog, and nothing is recorded. Made by ``ask_who``.
    """

    BINDINGS = [Binding("escape", "cancel", t("ui.cancel"), id="pick-cancel")]

    def __init__(self, question: PickQuestion) -> None:
        super().__init__(classes="dialog")
        self._question(question)

    def _question(self, question: PickQuestion) -> None:
        title, seats, check, extra, everyone = question
        self.title_text = title
        self.seats = list(seats)
        self.check = check
        self.extra = list(extra)  # (option id, label): choices that are not players
        # Typed seats and names are matched against everyone at the table, so
        # picking someone who is not a choice gets the rule's own explanation.
        self.everyone = list(everyone) or self.seats
        self._chose_with_arrows = False  # Enter on an empty box picks only what ↑↓ chose

    def ask(self, question: PickQuestion) -> None:
        """A new question for the dialog kept (``ask_who``), as it was first made: the box
        empty, the whole list, nothing highlighted and nothing said."""
        self._question(question)
        self.query_one(".dialog-title", Label).update(self.title_text)
        choices = self.query_one("#pick-list", OptionList)
        options = self._options(None)
        box = self.query_one("#pick-input", Input)
        if box.value:  # (left with an answer: emptied, it lists the new choices, _filter)
            box.value = ""
        # The same choices as last time (the next showdown): the list is left as it is,
        # and nothing is laid out again as the dialog opens.
        elif _listed(choices.options) != _listed(options):
            choices.clear_options()
            choices.add_options(options)
        self._fit_list()
        box.focus()
        choices.highlighted = None
        choices.scroll_home(animate=False)
        self._say("")

    def compose(self) -> ComposeResult:
        options = self._options(None)
        # The box keeps its size as a seat or a name is typed: the list its height with
        # fewer choices shown, the line below its one line; so a key in the box lays
        # nothing out (a layout drew the dimmed table behind the box again: 40 ms).
        choices = OptionList(*options, id="pick-list", markup=False)
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield PickInput(self._filter, placeholder=t("ui.pick.placeholder"))
            yield choices
            yield Static("", id="pick-error", classes="dialog-error", markup=False)

    def _options(self, found: Sequence[tuple[int, str]] | None) -> list[Option]:
        """The list: everyone who can be picked and the other choices, or only *found*."""
        if found is not None:
            return [Option(f"{seat:>2}  {name}", id=f"p:{name}") for seat, name in found]
        options = [Option(f"{seat:>2}  {name}", id=f"p:{name}") for seat, name in self.seats]
        return options + [Option(label, id=f"x:{key}") for key, label in self.extra]

    def on_mount(self) -> None:
        self.query_one("#pick-input", Input).focus()
        self.query_one("#pick-list", OptionList).highlighted = None  # nothing until chosen
        self._fit_list()  # (before the box is first laid out, so it costs no layout)

    def _fit_list(self) -> None:
        """The list as tall as its choices (see compose)."""
        choices = self.query_one("#pick-list", OptionList)
        rows = min(choices.option_count, PICK_ROWS) + choices.styles.gutter.height
        if choices.styles.height is None or choices.styles.height.cells != rows:
            choices.styles.height = rows

    def action_cancel(self) -> None:
        self.dismiss(None)
        self.release()

    def _matches(self, text: str) -> list[tuple[int, str]]:
        """Who *text* names: a seat number (in 0–9, as every number typed: other digits are
        refused in words, _no_match), a whole name, or the start of a name (of those who
        can be picked); the table's own case rules."""
        number = plain_number(text.strip())
        if number is not None:
            return [(seat, name) for seat, name in self.everyone if seat == number]
        word = unicodedata.normalize("NFKC", text).strip()
        if not word or word.isdigit():  # "²" is no seat number (nor a name)
            return []
        folded = word.casefold()
        exact = [(seat, name) for seat, name in self.everyone if name.casefold() == folded]
        if exact:
            return exact[:1]
        return [(seat, name) for seat, name in self.seats if name.casefold().startswith(folded)]

    def _choose(self, name: str) -> None:
        if self.check is not None:
            problem = self.check(name)
            if problem:
                self._say(problem)
                return
        self.dismiss(name)

    def _say(self, message: str) -> None:
        self.query_one("#pick-error", Static).update(message)

    @on(Input.Submitted, "#pick-input")
    def _typed(self, event: Input.Submitted) -> None:
        """Enter records only what was typed or chosen: never a default (a lost keystroke
        must not record the first player of the list)."""
        try:
            self._pick(event.value.strip())
        finally:
            self.release()

    def _pick(self, text: str) -> None:
        if not text:
            highlighted = self.query_one("#pick-list", OptionList).highlighted_option
            if self._chose_with_arrows and highlighted is not None and highlighted.id:
                self._chosen_option(highlighted.id)
            else:
                self._say(t("ui.pick.type_first"))
            return
        found = self._matches(text)
        if len(found) == 1:
            self._choose(found[0][1])
        elif found:
            self._say(t("ui.pick.ambiguous", text=text, names=", ".join(n for _, n in found)))
        else:
            self._say(self._no_match(text))

    def _no_match(self, text: str) -> str:
        """Nobody is called *text*: said with the nearest name that can be picked, if any
        is near enough (a typo, core/near.py); nothing is picked for it. A seat in digits
        other than 0–9 (an IME's ４, an Arabic-Indic ٤) is said so, with the number to type:
        one rule for every number typed (core/amounts.py)."""
        try:
            whole_number(text)
        except UserError as error:
            return error.message()
        near = nearest(text, [name for _, name in self.seats])
        if near is None:
            return t("ui.pick.no_match", text=text)
        return t("ui.pick.no_match_near", text=text, near=near)

    def _filter(self, typed: str) -> None:
        """The list keeps only who the typed text could mean; the line below says what
        Enter will pick, or why it will pick nobody."""
        text = typed.strip()
        option_list = self.query_one("#pick-list", OptionList)
        found = self._matches(text)
        shown = self._options(found if text else None)
        option_list.clear_options()
        option_list.add_options(shown)
        self._chose_with_arrows = False
        option_list.highlighted = 0 if len(found) == 1 and shown else None
        if not text:
            self._say("")
        elif len(found) == 1:
            seat, name = found[0]
            self._say(t("ui.pick.will_pick", name=name, seat=seat))
        elif found:
            self._say(t("ui.pick.ambiguous", text=text, names=", ".join(n for _, n in found)))
        else:
            self._say(self._no_match(text))

    @on(OptionList.OptionSelected, "#pick-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        try:
            if event.option.id:
                self._chosen_option(event.option.id)
        finally:
            self.release()

    def _chosen_option(self, option_id: str) -> None:
        kind, _, value = option_id.partition(":")
        if kind == "x":
            self.dismiss(f"\0{value}")  # a non-player choice: marked so it cannot clash
        else:
            self._choose(value)

    def key_down(self) -> None:
        self._chose_with_arrows = True
        self.query_one("#pick-list", OptionList).action_cursor_down()

    def key_up(self) -> None:
        self._chose_with_arrows = True
        self.query_one("#pick-list", OptionList).action_cursor_up()


def _listed(options: Sequence[Option]) -> list[tuple[str, str | None]]:
    """What *options* list: each one's words and id."""
    return [(str(option.prompt), option.id) for option in options]


#: The name the app keeps the pick dialog under between questions.
KEPT_PICK = "pick-player"


def ask_who(
    app: App[object],
    title: str,
    seats: Sequence[tuple[int, str]],
    check: Callable[[str], str | None] | None = None,
    extra: Sequence[tuple[str, str]] = (),
    everyone: Sequence[tuple[int, str]] = (),
) -> PickPlayerDialog:
    """The pick dialog asking *title*, made once and kept by the app (installed), so that
    opening it again only asks anew: made, mounted and styled, it took about 40 ms to open
    (every fold and showdown), and closing it removed it again inside the answer's key."""
    question = PickQuestion(title, seats, check, extra, everyone)
    if app.is_screen_installed(KEPT_PICK):
        kept = app.get_screen(KEPT_PICK)
        away = all(kept is not screen for screen in app.screen_stack)
        if isinstance(kept, PickPlayerDialog) and kept.is_running and away:
            kept.ask(question)
            return kept
        return PickPlayerDialog(question)  # (asked twice at once)
    dialog = PickPlayerDialog(question)
    app.install_screen(dialog, KEPT_PICK)
    return dialog


class TextDialog(HoldsKeys[str | None]):
    """One line of text (a note, a name); *check* may refuse it with a message."""

    BINDINGS = [Binding("escape", "cancel", t("ui.cancel"), id="text-cancel")]

    def __init__(
        self,
        title: str,
        placeholder: str = "",
        check: Callable[[str], str | None] | None = None,
        value: str = "",
        *,
        help_text: str = "",
        suggester: Suggester | None = None,
        listing: Sequence[tuple[str, str]] = (),
    ) -> None:
        """*help_text*: a rule to have in mind while typing (Pochen's order of sets);
        *suggester*: completes what is typed (a name played under before);
        *listing*: what to choose from (the rounds to correct), one item each, scrolled: its
        label, and its words wrapping beside it (a hanging indent, so items stay apart)."""
        super().__init__(classes="dialog")
        self.suggester = suggester
        self.help_text = help_text
        self.listing = tuple(listing)
        self.title_text = title
        self.placeholder = placeholder
        self.check = check
        self.value = value  # prefilled, to be edited

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            if self.help_text:
                yield Static(self.help_text, id="text-help", classes="dialog-help", markup=False)
            # Prefilled text is to be edited, not replaced: the cursor at its end and nothing
            # selected, so that one Backspace erases one character (not Textual's select-all).
            yield Input(
                self.value,
                placeholder=self.placeholder,
                id="text-input",
                select_on_focus=False,
                suggester=self.suggester,
            )
            hint = Static(self.placeholder, id="text-hint", classes="dialog-help", markup=False)
            hint.display = False
            yield hint
            yield Static("", id="text-error", classes="dialog-error", markup=False)
            if self.listing:
                items = Table.grid(padding=(0, 1))
                items.add_column(no_wrap=True)
                items.add_column(overflow="fold")
                for label, words in self.listing:
                    items.add_row(Text(label, style="bold"), Text(words))
                with VerticalScroll(id="text-listing", can_focus=False):
                    yield Static(items, id="text-listing-lines", markup=False)

    def on_mount(self) -> None:
        self.query_one("#text-input", Input).focus()
        self.call_after_refresh(self._place_hint)

    def on_resize(self) -> None:
        self.call_after_refresh(self._place_hint)

    def _place_hint(self) -> None:
        """The hint inside the box while it fits there; a hint longer than the box (an
        example made of the table's own long names) is a wrapped line under it instead."""
        box = self.query_one("#text-input", Input)
        room = box.content_size.width
        if room <= 0:
            return
        fits = width(self.placeholder) <= room
        box.placeholder = self.placeholder if fits else ""
        self.query_one("#text-hint", Static).display = not fits

    def action_cancel(self) -> None:
        self.dismiss(None)
        self.release()

    @on(Input.Submitted, "#text-input")
    def _submitted(self, event: Input.Submitted) -> None:
        try:
            problem = self.check(event.value) if self.check else None
            if problem:
                self.query_one("#text-error", Static).update(problem)
                return
            self.dismiss(event.value)
        finally:
            self.release()


def error_text(error: UserError) -> str:
    return error.message()
