"""The table screen's layer for correcting a past round: which round, a table of that
round to play it again on (the usual keys and dialogs), and the reason it is saved with.

What it saves is one correction appended to the stored session (services/correcting.py).
"""

from __future__ import annotations

from scorekeeper.core.amounts import plain_number
from scorekeeper.messages import UserError, t
from scorekeeper.messages.describe import describe_text
from scorekeeper.services.correcting import Correcting, round_lines
from scorekeeper.ui.screens.dialogs import TextDialog
from scorekeeper.ui.screens.table_base import Banner, TableBase


class CorrectingTable(TableBase):
    """A table screen that can play a finished round again and save it as a correction."""

    SHARED_BASE = True

    def action_correct_round(self) -> None:
        """Ask which finished round, then play it again on a table of that round (the
        usual keys and dialogs); on the correcting table itself, save it with a reason."""
        correcting = self._correcting()
        if correcting is not None:
            if correcting.played:
                self._ask_reason(correcting)
            else:
                self.say(t("ui.correct.not_played", round=correcting.number), error=True)
            return
        if self.recording.session.ledger.reaches_below("correct"):
            self._with_history(self.action_correct_round)
            return
        finished = self.recording.session.correctable_rounds()

        def round_number(text: str) -> int | None:
            number = plain_number(text.strip())
            return number if number is not None and 1 <= number <= finished else None

        def check_round(text: str) -> str | None:
            if round_number(text) is None:
                return t("ui.correct.which_round_error", rounds=finished)
            return None

        def chosen(text: str | None) -> None:
            number = round_number(text or "")
            if number is not None:
                self._play_again(number)

        if not finished:
            self.say(t("ui.correct.nothing_yet"), error=True)
            return
        # The placeholder is words, never a number: a grey "1" reads as a value already
        # typed, and Enter on the empty box is refused.
        # The rounds listed one line each, newest first, in the phone's words.
        shown, older = round_lines(self.recording.session.state)
        listing = [(t("phone.correct.round", round=n), line) for n, line in shown]
        if older:
            listing.append(("…", t("ui.correct.older_rounds", rounds=shown[-1][0] - 1)))
        dialog = TextDialog(
            t("ui.correct.which_round", rounds=finished),
            t("ui.correct.which_round_hint", rounds=finished),
            check_round,
            listing=listing,
        )
        self.app.push_screen(dialog, chosen)

    def _play_again(self, number: int) -> None:
        """The correcting table: this game's table over the session as round *number*
        began; what it saves is one correction of the stored session."""
        try:
            correcting = Correcting(self.recording, number)
        except UserError as error:
            self.say(error.message(), error=True)
            return
        banner = Banner(
            t("ui.correct.title", round=number),
            t("ui.correct.banner", round=number),
        )
        screen = type(self)(correcting, banner=banner)
        screen.add_class("correcting")

        def back(_: None) -> None:
            self.refresh_view()
            if screen.saved:
                index = len(self.recording.session.events) - 1
                self.say(describe_text(*self.recording.session.describe(index)))
            else:
                self.say(t("ui.correct.left", round=number))

        self.app.push_screen(screen, back)

    def _ask_reason(self, correcting: Correcting) -> None:
        number = correcting.number

        def check(text: str) -> str | None:
            if not text.strip():
                return t("rules.correct_no_reason")
            try:
                correcting.check_correction(text, self.app_clock())
            except UserError as error:
                return error.message()
            return None

        def done(text: str | None) -> None:
            if not text or not text.strip():
                return
            try:
                correcting.commit(text, self.app_clock())
            except UserError as error:
                self.say(error.message(), error=True)
                return
            self.saved = True
            self.dismiss(None)

        dialog = TextDialog(t("ui.correct.reason", round=number), "", check)
        self.app.push_screen(dialog, done)
