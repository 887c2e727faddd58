"""The join key's questions (issue 43, point 6): players who left come first, to come
back to their seat (Enter takes the first); then a new player's name, with the names
played under before suggested; a name that looks like another is asked about, never
merged or split silently (docs/rules/names.md)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from textual.app import App

from scorekeeper.core.names import lookalike_of
from scorekeeper.core.state import State
from scorekeeper.messages import t
from scorekeeper.services.known_names import known_names
from scorekeeper.ui.screens.dialogs import TextDialog, ask_who
from scorekeeper.ui.screens.name_question import ChoiceDialog, known_question
from scorekeeper.ui.widgets.known_names import KnownNames

if TYPE_CHECKING:
    from scorekeeper.storage import Store

#: The answers that are not a player's name (a name never holds a NUL).
NEW_PLAYER = "\0new"
TYPE_AGAIN = "\0again"
LAST_SEAT = "\0last"


@dataclass
class JoinTable:
    """What the questions need of the table screen that asks them."""

    app: App[object]
    state: Callable[[], State]
    #: why the rules refuse ``join NAME [after SEAT]``, else None
    check: Callable[[str, str | None], str | None]
    #: record ``join NAME [after SEAT]``
    record: Callable[[str, str | None], object]
    #: the seated players with their numbers
    seats: Callable[[], list[tuple[int, str]]]
    store: Store | None
    suggester: KnownNames = field(default_factory=KnownNames)
    _asked_known: bool = False

    def ask(self) -> None:
        """The first question: who comes back, or a new player."""
        self._read_known()
        state = self.state()
        left = [name for name in state.names() if name not in state.seated()]
        if not left:
            self.ask_name()
            return
        choices = [(name, t("ui.table.join_comes_back", player=name)) for name in left]
        choices.append((NEW_PLAYER, t("ui.table.join_new")))
        self.app.push_screen(ChoiceDialog(t("ui.table.join_who"), choices), self._who)

    def _who(self, answer: str | None) -> None:
        if answer == NEW_PLAYER:
            self.ask_name()
        elif answer:
            self.record(answer, None)  # back to their old seat

    def _read_known(self) -> None:
        """The names played under before, read once in a worker thread; until then (and
        without a data folder) nothing is suggested."""
        taken = self.state().names
        self.suggester.taken = taken
        if self._asked_known or self.store is None:
            return
        self._asked_known = True
        store, app, suggester = self.store, self.app, self.suggester

        def read() -> None:
            names = known_names(store)
            app.call_from_thread(setattr, suggester, "names", names)

        app.run_worker(read, thread=True, exit_on_error=False, group="known-names")

    def _left_alike(self, name: str) -> str | None:
        """The player who left that *name* looks like without being written as them."""
        state = self.state()
        left = [n for n in state.names() if n not in state.seated()]
        return lookalike_of(name.strip(), left)

    def ask_name(self) -> None:
        def check(name: str) -> str | None:
            if self._left_alike(name) is not None:
                return None  # asked about next
            return self.check(name, None)

        dialog = TextDialog(t("ui.table.join_title"), check=check, suggester=self.suggester)
        self.app.push_screen(dialog, self._named)

    def _named(self, typed: str | None) -> None:
        name = (typed or "").strip()
        if not name:
            return
        left = self._left_alike(name)
        if left is not None:
            question = ChoiceDialog(
                t("ui.names.left_question", typed=name, known=left),
                [
                    (left, t("ui.names.bring_back", known=left)),
                    (TYPE_AGAIN, t("ui.names.type_again")),
                ],
            )
            self.app.push_screen(question, self._back_or_again)
            return
        state = self.state()
        others = [k for k in self.suggester.names if k not in state.names()]
        known = lookalike_of(name, others)
        if known is not None:
            self.app.push_screen(known_question(name, known), self._where)
            return
        self._where(name)

    def _back_or_again(self, answer: str | None) -> None:
        if answer == TYPE_AGAIN:
            self.ask_name()
        elif answer:
            self.record(answer, None)

    def _where(self, name: str | None) -> None:
        """Where *name* sits: after a seated player, or (the default) their old seat if
        they left, else the last seat."""
        if not name:
            return
        problem = self.check(name, None)
        if problem:  # the chosen spelling may be refused (seated since)
            self.app.notify(problem, severity="error")
            return
        back = self.state().returning(name)
        default = t("ui.table.join_last" if back is None else "ui.table.join_back")
        dialog = ask_who(
            self.app,
            t("ui.table.join_after", player=back or name),
            self.seats(),
            check=lambda after: self.check(name, after),
            extra=[("last", default)],
        )

        def seated(after: str | None) -> None:
            if after is not None:
                self.record(name, None if after == LAST_SEAT else after)

        self.app.push_screen(dialog, seated)
