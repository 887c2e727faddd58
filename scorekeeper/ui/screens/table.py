"""The table screen of indian-official: what the recorder has open during play.

Every key asks the core whether its entry is legal now: the footer shows only
the legal ones, and a key pressed out of turn explains why in plain words.
Every entry is on disk before the screen shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import Any

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from scorekeeper.core.events import Entry, Event
from scorekeeper.core.standings import ranked
from scorekeeper.core.state import State
from scorekeeper.messages import UserError, t
from scorekeeper.recording import Recording
from scorekeeper.ui.screens.cards import CardsDialog
from scorekeeper.ui.screens.dialogs import ConfirmDialog, PickPlayerDialog, TextDialog
from scorekeeper.ui.screens.standings import StandingsScreen
from scorekeeper.ui.widgets.log import LogPanel
from scorekeeper.ui.widgets.players import PlayerTable
from scorekeeper.ui.widgets.stake import StakePanel
from scorekeeper.wording import describe_text

#: action name -> the entry kind the core must allow for it
ACTION_KINDS: Mapping[str, str] = {
    "fold": "fold",
    "raise_stake": "raise",
    "showdown": "showdown",
    "showdown_cards": "showdown",
    "new_round": "round",
    "undo": "undo",
    "note": "note",
    "hand_over": "recorder",
    "join": "join",
    "leave": "leave",
    "end": "end",
}

_KEYS = {
    "fold": "f",
    "raise_stake": "r",
    "showdown": "s",
    "showdown_cards": "c",
    "new_round": "n",
    "undo": "u",
    "note": "m",
    "hand_over": "h",
    "join": "j",
    "leave": "l",
    "end": "e",
}


def _bindings() -> list[BindingType]:
    shown: list[BindingType] = [
        Binding(_KEYS[action], action, t(f"ui.key.{action}"), id=f"table-{action}")
        for action in ACTION_KINDS
    ]
    # The same keys again, hidden: reached only when the entry is not legal
    # now (check_action refused the first), they say why instead of nothing.
    explain = [
        Binding(_KEYS[action], f"explain('{action}')", show=False, id=f"table-why-{action}")
        for action in ACTION_KINDS
    ]
    extra = [
        Binding("t", "standings", t("ui.key.standings"), id="table-standings"),
        Binding("escape", "close", t("ui.key.sessions"), id="table-close"),
    ]
    return shown + explain + extra


class TableScreen(Screen[None]):
    BINDINGS = _bindings()

    def __init__(self, recording: Recording) -> None:
        super().__init__(classes="table-screen")
        self.recording = recording

    # -- layout ------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="table-top"):
            yield StakePanel(id="stake")
            yield PlayerTable(id="players")
        yield Static("", id="result", classes="hidden")
        yield Static("", id="message", classes="hidden")
        yield LogPanel(id="log")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        session = self.recording.session
        self.title = t("ui.table.title", session=self.recording.id)
        self.sub_title = t(session.game.name_key)
        self.refresh_view()

    @property
    def state(self) -> State:
        return self.recording.session.state

    def refresh_view(self) -> None:
        session = self.recording.session
        self.query_one(StakePanel).show(self.state)
        self.query_one(PlayerTable).show(self.state)
        self.query_one(LogPanel).show(session)
        result = self._result_text()
        self.query_one("#result", Static).update(result)
        self.query_one("#result", Static).set_class(not result, "hidden")
        self.refresh_bindings()

    def _result_text(self) -> str:
        state = self.state
        if not state.results:
            return ""
        result = state.results[-1]
        what = t(result.how, **result.details)
        payers = ", ".join(f"{n} {-d}" for n, d in result.deltas.items() if d < 0)
        winners = ", ".join(f"{n} {d}" for n, d in result.deltas.items() if d > 0)
        paid = t("ui.table.paid", payers=payers, winners=winners) if payers else ""
        standings = " · ".join(
            f"{rank} {name} {score:+d}" for rank, name, score in ranked(self.state)
        )
        return t("ui.table.result", round=result.round, what=what, paid=paid, standings=standings)

    def say(self, message: str, *, error: bool = False) -> None:
        """A message line on the screen (and a toast): refusals are never silent."""
        line = self.query_one("#message", Static)
        line.update(message)
        line.set_class(error, "error")
        line.set_class(not message, "hidden")
        if error:
            self.notify(message, severity="error", timeout=4)

    # -- what is legal -------------------------------------------------------------
    def legal_kinds(self) -> dict[str, tuple[str, ...]]:
        return {action.kind: action.choices for action in self.recording.session.legal()}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        kind = ACTION_KINDS.get(action)
        if kind is None:
            return True
        legal = self.legal_kinds()
        if kind not in legal:
            return False
        return not (kind in ("fold", "leave", "recorder") and not legal[kind])

    def action_explain(self, action: str) -> None:
        kind = ACTION_KINDS[action]
        probe = {"fold": {"player": ""}, "recorder": {"player": self.state.recorder}}
        try:
            self.recording.check(Entry(kind, probe.get(kind, {}), None))
        except UserError as error:
            self.say(error.message(), error=True)
            return
        self.say(t("ui.table.not_now"), error=True)

    # -- recording -----------------------------------------------------------------
    def record(self, entry: Entry) -> Event | None:
        """Record through the store; on any refusal say why and change nothing."""
        rounds_before = len(self.state.results)
        try:
            event = self.recording.record(entry, self.app_clock())
        except UserError as error:
            self.say(error.message(), error=True)
            return None
        index = len(self.recording.session.events) - 1
        self.say(describe_text(*self.recording.session.describe(index)))
        self.refresh_view()
        if len(self.state.results) > rounds_before and self.state.finished:
            self.action_standings()
        return event

    def app_clock(self) -> Any:
        clock: Callable[[], Any] | None = getattr(self.app, "clock", None)
        return clock() if clock else None

    def check_entry(self, kind: str, data: Mapping[str, Any]) -> str | None:
        try:
            self.recording.check(Entry(kind, data), self.app_clock())
        except UserError as error:
            return error.message()
        return None

    def _seats(self, names: Iterable[str]) -> list[tuple[int, str]]:
        numbers = {name: seat for seat, name in enumerate(self.state.names(), start=1)}
        return [(numbers[name], name) for name in names]

    def _pick(self, kind: str, title: str, then: Callable[[str], None], **extra: Any) -> None:
        choices = self.legal_kinds().get(kind, ())
        dialog = PickPlayerDialog(
            title,
            self._seats(choices),
            check=lambda name: self.check_entry(kind, {"player": name}),
            everyone=self._seats(self.state.names()),
            **extra,
        )
        self.app.push_screen(dialog, lambda name: then(name) if name else None)

    # -- actions ---------------------------------------------------------------------
    def action_new_round(self) -> None:
        self.record(Entry("round"))

    def action_raise_stake(self) -> None:
        self.record(Entry("raise"))

    def action_fold(self) -> None:
        title = t("ui.table.who_folds", stake=getattr(self.state.table, "stake", ""))
        self._pick("fold", title, lambda name: self._record_player("fold", name))

    def _record_player(self, kind: str, name: str) -> None:
        self.record(Entry(kind, {"player": name}))

    def action_showdown(self) -> None:
        choices = self.legal_kinds().get("showdown", ())
        stake = getattr(self.state.table, "stake", "")
        dialog = PickPlayerDialog(
            t("ui.table.who_won", stake=stake),
            self._seats(choices),
            check=lambda name: self.check_entry("showdown", {"winner": name}),
            extra=[("cards", t("ui.table.enter_cards"))],
            everyone=self._seats(self.state.names()),
        )
        self.app.push_screen(dialog, self._showdown_picked)

    def _showdown_picked(self, choice: str | None) -> None:
        if choice is None:
            return
        if choice == "\0cards":
            self.action_showdown_cards()
        else:
            self.record(Entry("showdown", {"winner": choice}))

    def action_showdown_cards(self) -> None:
        state = self.state
        contestants = self.legal_kinds().get("showdown", ())
        ordered = [name for name in state.names() if name in contestants]
        rows = [
            (seat, name, t("word.parent") if name == state.parent else "")
            for seat, name in self._seats(ordered)
        ]

        def check(cards: Mapping[str, str]) -> str | None:
            return self.check_entry("showdown", {"cards": dict(cards)})

        def done(cards: dict[str, str] | None) -> None:
            if cards:
                self.record(Entry("showdown", {"cards": cards}))

        stake = getattr(state.table, "stake", "")
        self.app.push_screen(CardsDialog(t("ui.table.cards_title", stake=stake), rows, check), done)

    def action_undo(self) -> None:
        session = self.recording.session
        target = session.ledger.top.seq
        what = describe_text(*session.describe(target - 1))
        question = t("ui.table.undo_question", seq=target, what=what)

        def answered(yes: bool | None) -> None:
            if yes:
                self.record(Entry("undo"))

        self.app.push_screen(ConfirmDialog(question, t("ui.table.undo_yes")), answered)

    def action_note(self) -> None:
        dialog = TextDialog(
            t("ui.table.note_title"),
            check=lambda text: self.check_entry("note", {"text": text}),
        )
        self.app.push_screen(dialog, lambda text: self._note(text))

    def _note(self, text: str | None) -> None:
        if text:
            self.record(Entry("note", {"text": text}))

    def action_hand_over(self) -> None:
        title = t("ui.table.hand_to", player=self.state.recorder)
        self._pick("recorder", title, lambda name: self._record_player("recorder", name))

    def action_leave(self) -> None:
        self._pick("leave", t("ui.table.who_leaves"), lambda n: self._record_player("leave", n))

    def action_join(self) -> None:
        def named(name: str | None) -> None:
            if not name:
                return
            seats = self._seats(self.state.seated())
            dialog = PickPlayerDialog(
                t("ui.table.join_after", player=name.strip()),
                seats,
                check=lambda after: self.check_entry("join", {"player": name, "after": after}),
                extra=[("last", t("ui.table.join_last"))],
            )
            self.app.push_screen(dialog, partial(self._join, name))

        dialog = TextDialog(
            t("ui.table.join_title"),
            check=lambda name: self.check_entry("join", {"player": name, "after": None}),
        )
        self.app.push_screen(dialog, named)

    def _join(self, name: str, after: str | None) -> None:
        if after is None:
            return
        seat = None if after == "\0last" else after
        self.record(Entry("join", {"player": name, "after": seat}))

    def action_end(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.record(Entry("end"))
                self.action_standings()

        self.app.push_screen(ConfirmDialog(t("ui.table.end_question"), t("ui.key.end")), answered)

    def action_standings(self) -> None:
        self.app.push_screen(StandingsScreen(self.recording.session))

    def action_close(self) -> None:
        self.recording.close()
        self.dismiss(None)

    def on_unmount(self) -> None:
        self.recording.close()

    # -- command palette ---------------------------------------------------------------
    def palette_commands(self) -> Iterable[SystemCommand]:
        for action in ACTION_KINDS:
            if self.check_action(action, ()):
                callback = partial(self.run_action, action)
                yield SystemCommand(t(f"ui.key.{action}"), t(f"ui.help.{action}"), callback)
        yield SystemCommand(
            t("ui.key.standings"), t("ui.help.standings"), partial(self.run_action, "standings")
        )
