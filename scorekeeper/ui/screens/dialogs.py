"""Small modal dialogs: confirm, pick a player, type a line of text."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from scorekeeper.messages import UserError, t


class ConfirmDialog(ModalScreen[bool]):
    """Yes or no to one question; Enter/y confirms, Escape/n cancels."""

    BINDINGS = [
        Binding("y", "answer(True)", t("ui.yes"), id="confirm-yes"),
        Binding("n,escape", "answer(False)", t("ui.no"), id="confirm-no"),
    ]

    def __init__(self, question: str, yes: str | None = None) -> None:
        super().__init__(classes="dialog")
        self.question = question
        self.yes = yes or t("ui.yes")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(self.question, classes="dialog-question")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.yes, id="yes", variant="error")
                yield Button(t("ui.cancel"), id="no")

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class PickPlayerDialog(ModalScreen[str | None]):
    """Pick one player: type a seat number or a name and Enter, or choose from the list.

    *seats* maps each selectable player to their seat number. *check* turns the
    choice into an error message (or None) so a refused pick is explained here,
    in the dialog, and nothing is recorded.
    """

    BINDINGS = [Binding("escape", "cancel", t("ui.cancel"), id="pick-cancel")]

    def __init__(
        self,
        title: str,
        seats: Sequence[tuple[int, str]],
        check: Callable[[str], str | None] | None = None,
        extra: Sequence[tuple[str, str]] = (),
        everyone: Sequence[tuple[int, str]] = (),
    ) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.seats = list(seats)
        self.check = check
        self.extra = list(extra)  # (option id, label): choices that are not players
        # Typed seats and names are matched against everyone at the table, so
        # picking someone who is not a choice gets the rule's own explanation.
        self.everyone = list(everyone) or self.seats

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title")
            yield Input(placeholder=t("ui.pick.placeholder"), id="pick-input")
            options = [Option(f"{seat:>2}  {name}", id=f"p:{name}") for seat, name in self.seats]
            options += [Option(label, id=f"x:{key}") for key, label in self.extra]
            yield OptionList(*options, id="pick-list")
            yield Static("", id="pick-error", classes="dialog-error")

    def on_mount(self) -> None:
        self.query_one("#pick-input", Input).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def _resolve(self, text: str) -> str | None:
        word = text.strip()
        if not word:
            return None
        if word.isdigit():
            for seat, name in self.everyone:
                if seat == int(word):
                    return name
            return None
        folded = word.casefold()
        exact = [name for _, name in self.everyone if name.casefold() == folded]
        if exact:
            return exact[0]
        starts = [name for _, name in self.seats if name.casefold().startswith(folded)]
        return starts[0] if len(starts) == 1 else None

    def _choose(self, name: str) -> None:
        if self.check is not None:
            problem = self.check(name)
            if problem:
                self.query_one("#pick-error", Static).update(problem)
                return
        self.dismiss(name)

    @on(Input.Submitted, "#pick-input")
    def _typed(self, event: Input.Submitted) -> None:
        if not event.value.strip():
            highlighted = self.query_one("#pick-list", OptionList).highlighted_option
            if highlighted is not None and highlighted.id:
                self._chosen_option(highlighted.id)
            return
        name = self._resolve(event.value)
        if name is None:
            message = t("ui.pick.no_match", text=event.value.strip())
            self.query_one("#pick-error", Static).update(message)
            return
        self._choose(name)

    @on(Input.Changed, "#pick-input")
    def _filter(self, event: Input.Changed) -> None:
        name = self._resolve(event.value)
        if name is not None and name in dict((n, s) for s, n in self.seats):
            option_list = self.query_one("#pick-list", OptionList)
            option_list.highlighted = option_list.get_option_index(f"p:{name}")

    @on(OptionList.OptionSelected, "#pick-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self._chosen_option(event.option.id)

    def _chosen_option(self, option_id: str) -> None:
        kind, _, value = option_id.partition(":")
        if kind == "x":
            self.dismiss(f"\0{value}")  # a non-player choice: marked so it cannot clash
        else:
            self._choose(value)

    def key_down(self) -> None:
        self.query_one("#pick-list", OptionList).action_cursor_down()

    def key_up(self) -> None:
        self.query_one("#pick-list", OptionList).action_cursor_up()


class TextDialog(ModalScreen[str | None]):
    """One line of text (a note, a name); *check* may refuse it with a message."""

    BINDINGS = [Binding("escape", "cancel", t("ui.cancel"), id="text-cancel")]

    def __init__(
        self,
        title: str,
        placeholder: str = "",
        check: Callable[[str], str | None] | None = None,
        value: str = "",
    ) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.placeholder = placeholder
        self.check = check
        self.value = value  # prefilled, to be edited

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title")
            yield Input(self.value, placeholder=self.placeholder, id="text-input")
            yield Static("", id="text-error", classes="dialog-error")

    def on_mount(self) -> None:
        self.query_one("#text-input", Input).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted, "#text-input")
    def _submitted(self, event: Input.Submitted) -> None:
        problem = self.check(event.value) if self.check else None
        if problem:
            self.query_one("#text-error", Static).update(problem)
            return
        self.dismiss(event.value)


def error_text(error: UserError) -> str:
    return error.message()
