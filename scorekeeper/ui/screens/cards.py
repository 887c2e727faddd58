"""Entering the cards shown at a showdown; the core decides the winner."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Static

from scorekeeper.core.cards import parse_card, parse_shown
from scorekeeper.messages import UserError, t
from scorekeeper.ui.screens.holds_keys import HoldsKeys


def _readable(text: str) -> bool:
    try:
        parse_card(text)
    except UserError:
        return False
    return True


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
        *,
        order: str = "",
        joker: bool = True,
    ) -> None:
        """*order*: how cards rank in this game, as the game says it (Game.card_order);
        *joker*: whether its deck holds one (Game.joker_in_deck), so that the example of
        a card names ``JK`` only then."""
        super().__init__(classes="dialog")
        self.order = order
        self.joker = joker
        self.title_text = title
        self.players = list(players)  # (seat, name, role label)
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box cards-box"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield Static(t("ui.cards.help"), classes="dialog-help", markup=False)
            if self.order:
                yield Static(self.order, id="cards-order", classes="dialog-help", markup=False)
            for index, (seat, name, role) in enumerate(self.players):
                with Horizontal(classes="card-row"):
                    yield Label(
                        f"{seat:>2} {name} {role}".rstrip(), classes="card-label", markup=False
                    )
                    yield Input(placeholder="—", id=f"card-{index}", classes="card-input")
                yield Static(
                    "", id=f"card-error-{index}", classes="dialog-error card-error", markup=False
                )
            yield Static("", id="cards-error", classes="dialog-error", markup=False)

    def on_mount(self) -> None:
        for line in self.query(".card-error"):
            line.display = False  # takes no room until there is something to say
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
        if not self._fields_right(cards):
            return
        problem = self.check(cards)
        if problem:
            self.query_one("#cards-error", Static).update(problem)
            return
        self.dismiss(cards)

    # -- checking each field as it is left ---------------------------------------------

    def _field_problem(self, index: int, cards: Mapping[str, str]) -> str | None:
        """What is wrong with field *index* alone: not a card, or a card already typed in a
        field above it (one deck has one of each). The core reads the cards; the game's own
        rules (a joker where there is none) are asked of *check* on the final Enter."""
        mine = self.players[index][1]
        if not cards[mine]:
            return None
        try:
            parse_card(cards[mine], joker=self.joker)
            for _, name, _ in self.players[:index]:
                if _readable(cards[name]):  # a bad field above says so itself
                    parse_shown({name: cards[name], mine: cards[mine]}, joker_allowed=True)
        except UserError as error:
            return error.message()
        return None

    def _show_field(self, index: int, problem: str | None) -> None:
        line = self.query_one(f"#card-error-{index}", Static)
        line.update(problem or "")
        line.display = bool(problem)
        self.query_one(f"#card-{index}", Input).set_class(bool(problem), "-invalid")

    def _fields_right(self, cards: Mapping[str, str]) -> bool:
        """Every field checked; the cursor back on the first bad one (an empty one is bad
        here), each problem said under its own field."""
        first_bad = None
        for index, (_, name, _) in enumerate(self.players):
            if cards[name]:
                problem = self._field_problem(index, cards)
            else:
                problem = t("ui.memory.card_empty", player=name)
            self._show_field(index, problem)
            if problem and first_bad is None:
                first_bad = index
        if first_bad is None:
            return True
        self.query_one("#cards-error", Static).update("")
        self.query_one(f"#card-{first_bad}", Input).focus()
        return False

    @on(Input.Blurred, ".card-input")
    def _left(self, event: Input.Blurred) -> None:
        """Checked as it is left (Tab, Enter, a click elsewhere): said under the field."""
        if not self.is_attached or not self.is_active:
            return  # closing: nothing to say
        index = int((event.input.id or "card-0").removeprefix("card-"))
        cards = self._cards()
        self._show_field(index, self._field_problem(index, cards))
        # a field below that repeated this one's old card may be right now, or wrong
        for below in range(index + 1, len(self.players)):
            self._show_field(below, self._field_problem(below, cards))

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
