"""A plain question about a name: "aki looks like Aki, who played before: the same
person?" The recorder chooses; nothing is merged or split for them (docs/rules/names.md)."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from scorekeeper.messages import t
from scorekeeper.ui.screens.holds_keys import HoldsKeys


class ChoiceDialog(HoldsKeys[str | None]):
    """One question and its answers as a list: Enter takes the highlighted one (the
    first, as it opens), Escape none. Each choice is (the answer given back, its words)."""

    BINDINGS = [Binding("escape", "cancel", t("ui.cancel"), id="choice-cancel")]

    def __init__(self, question: str, choices: Sequence[tuple[str, str]]) -> None:
        super().__init__(classes="dialog")
        self.question = question
        self.choices = list(choices)

    def compose(self) -> ComposeResult:
        options = [Option(label, id=str(n)) for n, (_, label) in enumerate(self.choices)]
        with Vertical(classes="dialog-box"):
            yield Static(self.question, classes="dialog-question", markup=False)
            yield OptionList(*options, id="choice-list", markup=False)

    def on_mount(self) -> None:
        choices = self.query_one("#choice-list", OptionList)
        choices.focus()
        choices.highlighted = 0

    def action_cancel(self) -> None:
        self.dismiss(None)
        self.release()

    @on(OptionList.OptionSelected, "#choice-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        try:
            if event.option.id is not None:
                self.dismiss(self.choices[int(event.option.id)][0])
        finally:
            self.release()


def known_question(typed: str, known: str) -> ChoiceDialog:
    """*typed* looks like *known*, a name played under before: the same person? Either
    answer is the name to seat."""
    return ChoiceDialog(
        t("ui.names.known_question", typed=typed, known=known),
        [
            (known, t("ui.names.use_known", known=known)),
            (typed, t("ui.names.keep_typed", typed=typed)),
        ],
    )
