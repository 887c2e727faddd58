"""Entering the cards shown at a showdown; the core decides the winner."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Static

from scorekeeper.messages import t
from scorekeeper.ui.screens.dialogs import HoldsKeys


class CardsDialog(HoldsKeys[dict[str, str] | None]):
    """One field per player in the showdown; Enter moves on, Enter on the last one records.

    *check* returns a plain-words error for the cards as typed (a duplicate
    card, an unreadable one), shown here; the dialog stays open and nothing
    is recorded until the cards are right. Keys typed after an Enter wait until it is
    dealt with (HoldsKeys): they reach the next field, or what is on top once it closed.
    """

    CLOSING_KEYS = frozenset({"enter", "escape", "ctrl+s"})

    BINDINGS = [
        Binding("escape", "cancel", t("ui.cancel"), id="cards-cancel"),
        Binding("ctrl+s", "submit", t("ui.cards.record"), id="cards-record"),
    ]

    def __init__(
        self,
        title: str,
        players: Sequence[tuple[int, str, str]],
        check: Callable[[Mapping[str, str]], str | None],
    ) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.players = list(players)  # (seat, name, role label)
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box cards-box"):
            yield Label(self.title_text, classes="dialog-title")
            yield Static(t("ui.cards.help"), classes="dialog-help")
            for index, (seat, name, role) in enumerate(self.players):
                with Horizontal(classes="card-row"):
                    yield Label(f"{seat:>2} {name} {role}".rstrip(), classes="card-label")
                    yield Input(placeholder="—", id=f"card-{index}", classes="card-input")
            yield Static("", id="cards-error", classes="dialog-error")

    def on_mount(self) -> None:
        self.query_one("#card-0", Input).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)
        self.release()

    def _cards(self) -> dict[str, str]:
        return {
            name: self.query_one(f"#card-{index}", Input).value.strip()
            for index, (_, name, _) in enumerate(self.players)
        }

    def action_submit(self) -> None:
        try:
            self._submit()
        finally:
            self.release()

    def _submit(self) -> None:
        cards = self._cards()
        empty = [name for name, card in cards.items() if not card]
        if empty:
            message = t("ui.cards.missing", players=", ".join(empty))
            self.query_one("#cards-error", Static).update(message)
            return
        problem = self.check(cards)
        if problem:
            self.query_one("#cards-error", Static).update(problem)
            return
        self.dismiss(cards)

    @on(Input.Submitted)
    def _next(self, event: Input.Submitted) -> None:
        index = int((event.input.id or "card-0").removeprefix("card-"))
        try:
            if index + 1 < len(self.players):
                self.query_one(f"#card-{index + 1}", Input).focus()
            else:
                self._submit()
        finally:
            self.release()
