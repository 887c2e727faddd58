"""The table screen's layer for recording: every entry goes through ``record`` (the rules,
then the journal, then the screen), and the common entries' keys ask what they need in
dialogs (who, how many chips, which cards, the rate, a note) before they record.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import Any

from textual.screen import Screen

from scorekeeper.core.amounts import plain_number, whole_number
from scorekeeper.core.events import Entry, Event
from scorekeeper.core.rate import amount_text, parse_rate_words, state_rate
from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.core.words import split_line
from scorekeeper.messages import Phrase, UserError, t
from scorekeeper.messages.describe import board_shares_text, describe_text
from scorekeeper.services.phone import Answer, Tap, record_tap
from scorekeeper.ui.screens.cards import CardsDialog
from scorekeeper.ui.screens.dialogs import ConfirmDialog, TextDialog, ask_who
from scorekeeper.ui.screens.joining import JoinTable
from scorekeeper.ui.screens.table_correcting import CorrectingTable
from scorekeeper.ui.view_guard import open_view


class EntryTable(CorrectingTable):
    """A table screen that records: its entry keys, their dialogs, and the phone's taps."""

    SHARED_BASE = True

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
        correcting = self._correcting()
        if correcting is not None:
            if correcting.played:  # the round is over again: why, and save it
                self.say(t("ui.correct.played_banner", round=correcting.number))
                self._ask_reason(correcting)
            return event
        if len(self.state.results) > rounds_before and self.state.finished:
            self.action_standings()
        return event

    def phone_tap(self, tap: Tap, name: str | None, lang: str) -> Answer:
        """A tap of the recorder's phone, recorded here as if typed (the table is the one
        writer): the rules first, then the journal, then the screen; the phone's answer."""
        answer = record_tap(self.recording, tap, name, lang)
        if answer.disk_full:  # the phone is told; the recorder here is told too
            self.say(t("phone.disk_full"), error=True)
        elif tap.proposed is not None and not answer.recorded:  # confirmed here: said here
            self.say(answer.text, error=True)
        if answer.recorded and answer.seq == self.recording.session.ledger.next_seq - 1:
            index = len(self.recording.session.events) - 1
            self.say(describe_text(*self.recording.session.describe(index)))
            self.refresh_view()
        return answer

    def pick(
        self,
        kind: str,
        title: str,
        then: Callable[[str], None],
        *,
        complete: bool = True,
        **extra: Any,
    ) -> None:
        """Pick a player for *kind*; when the entry needs more than the player
        (*complete* false), only players the core offers can be picked here."""
        choices = self.legal_kinds().get(kind, ())

        def check(name: str) -> str | None:
            if complete:
                return self.check_entry(kind, {"player": name})
            return None if name in choices else t("ui.pick.not_now", player=name)

        dialog = ask_who(
            self.app,
            title,
            self._seats(choices),
            check=check,
            everyone=self._seats(self.state.names()),
            **extra,
        )
        self.app.push_screen(dialog, lambda name: then(name) if name else None)

    # -- actions ---------------------------------------------------------------------
    def action_new_round(self) -> None:
        self.record(Entry("round"))

    def record_player(self, kind: str, name: str) -> None:
        self.record(Entry(kind, {"player": name}))

    def cards_rows(self, names: Iterable[str]) -> list[tuple[int, str, str]]:
        """(seat, name, role) for the cards dialog, in seat order."""
        wanted = set(names)
        ordered = [name for name in self.state.names() if name in wanted]
        parent = t(self.recording.session.game.worded("word.lead"))
        return [
            (seat, name, parent if name == self.state.parent else "")
            for seat, name in self._seats(ordered)
        ]

    def ask_cards(self, title: str, names: Iterable[str], data_key: str, kind: str) -> None:
        """The cards dialog; the entry is checked by the core before it closes."""
        rows = self.cards_rows(names)

        def check(cards: Mapping[str, str]) -> str | None:
            return self.check_entry(kind, {data_key: dict(cards)})

        def done(cards: dict[str, str] | None) -> None:
            if cards:
                self.record(Entry(kind, {data_key: cards}))

        game, options = self.recording.session.game, self.state.options
        said = game.card_order(options)  # the game's words: the order, then the ties
        order = t("cards.order.said", order=Phrase(said[:1]), ties=Phrase(said[1:])) if said else ""
        joker = game.joker_in_deck(options)  # the example of a card names JK only then
        self.app.push_screen(CardsDialog(title, rows, check, order=order, joker=joker), done)

    def action_undo(self) -> None:
        if self.recording.session.ledger.reaches_below("undo"):
            self._with_history(self.action_undo)
            return
        session = self.recording.session
        target = session.ledger.top.seq
        what = describe_text(*session.describe(target - session.history_from))
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

    def action_rate(self) -> None:
        """The money per point or chip from here on, and its currency: a ``rate`` entry of
        this session (never a setting another game would see); the rate now, to edit."""
        rate, currency = state_rate(self.state)
        now = (
            "" if rate is None else " ".join([amount_text(rate), *([currency] if currency else [])])
        )

        def data(text: str) -> dict[str, Any]:
            return parse_rate_words(split_line(text))

        def check(text: str) -> str | None:
            try:
                return self.check_entry("rate", data(text))
            except UserError as error:
                return error.message()

        dialog = TextDialog(
            t("ui.table.rate_title"),
            t("ui.hint.example", example=t("ui.table.rate_example")),
            check,
            now,
        )

        def done(text: str | None) -> None:
            if text and self.record(Entry("rate", data(text))) and self.state.finished:
                self.action_standings()  # the settle-up, now in money

        self.app.push_screen(dialog, done)

    def action_hand_over(self) -> None:
        title = t("ui.table.hand_to", player=self.state.recorder)
        self.pick("recorder", title, lambda name: self.record_player("recorder", name))

    def action_leave(self) -> None:
        self.pick("leave", t("ui.table.who_leaves"), lambda n: self.record_player("leave", n))

    def action_rebuy(self) -> None:
        def chips_for(name: str) -> None:
            def check(text: str) -> str | None:
                try:
                    chips = whole_number(text.strip())
                except UserError as error:  # past the one bound (core/amounts.py)
                    return error.message()
                if chips is None:
                    return t("ui.table.rebuy_number")
                return self.check_entry("rebuy", {"player": name, "chips": chips})

            suggested = self.recording.session.game.rebuy_suggestion(self.state)
            prefill = "" if suggested is None else str(suggested)  # the session's stack
            title = t("ui.table.rebuy_chips", player=name)
            dialog = TextDialog(title, t("ui.table.rebuy_number"), check, prefill)
            self.app.push_screen(dialog, lambda text: self._rebuy(name, text))

        self.pick("rebuy", t("ui.table.who_rebuys"), chips_for, complete=False)

    def _rebuy(self, name: str, text: str | None) -> None:
        chips = plain_number(text.strip()) if text else None  # the dialog checked it
        if chips is not None:
            self.record(Entry("rebuy", {"player": name, "chips": chips}))

    def action_join(self) -> None:
        """Who joins: a player who left, back to their seat, first (ui/screens/joining.py)."""
        if self._joining is None:
            self._joining = JoinTable(
                self.app,
                lambda: self.state,
                lambda name, after: self.check_entry("join", {"player": name, "after": after}),
                lambda name, after: self.record(Entry("join", {"player": name, "after": after})),
                lambda: self._seats(self.state.seated()),
                getattr(self.app, "store", None),
            )
        self._joining.ask()

    def action_end(self) -> None:
        def answered(yes: bool | None) -> None:
            if yes:
                self.record(Entry("end"))
                self.action_standings()

        question = t("ui.table.end_question")
        game = self.recording.session.game
        returned = game.board_returned(game.close(self.state))  # the rules say what `end` does
        if returned:
            shares = board_shares_text(returned)
            question += "\n" + t("ui.table.end_board", chips=sum(returned.values()), shares=shares)
        self.app.push_screen(ConfirmDialog(question, t("ui.key.end")), answered)

    def action_standings(self) -> None:
        if self.recording.session.history_from > 1:
            self._with_history(self.action_standings)
            return
        session = self.recording.session
        receipt = self.recording.receipt() if session.state.finished else None
        ask = None if self.recording.read_only else self.action_rate
        make = partial(_standings, session, receipt, ask)
        open_view(self.app.push_screen, make, self._view_failed)


# The settle-up is loaded when first opened, not with the table.
def _standings(
    session: Session, receipt: Receipt | None, ask_rate: Callable[[], None] | None = None
) -> Screen[None]:
    from scorekeeper.ui.screens.standings import StandingsScreen

    return StandingsScreen(session, receipt, ask_rate)
