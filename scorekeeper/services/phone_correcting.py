"""Correcting a past round from the recorder's phone: the app's "correcting round N" table,
held by the page server for its recorder's link.

The recorder taps *Correct a past round*, then the round. The page server reads the
stored session whole (no lock: nothing is written) and keeps, in memory, a
:class:`~scorekeeper.services.correcting.Correcting` over it as round N began: the same
object the app's correcting table plays the round again on. Each tap of the page is one
entry of that round, checked by the rules there and kept in memory only (with its id and
``after`` count, so a tap counts once, as on the table); the buttons are the entries it
allows (``phone_actions`` with the correcting's own predicate), undo never below the
round's start. Leaving it changes nothing.

Once the round is over and a reason is given, the ``correct`` entry is handed, as the
words ``scorekeeper record`` reads, to the same desk every tap goes to (the app when it
has the session open, else the session's lock for this one entry): it is checked on the
session as it is then, so an entry recorded meanwhile either still holds after the
correction or the correction is refused in the rules' words (the round played again is
kept, to undo and change, or to leave).
"""

from __future__ import annotations

from typing import Any

from scorekeeper.core.corrections import MAX_REASON_LENGTH
from scorekeeper.core.errors import RuleError
from scorekeeper.core.session import Session
from scorekeeper.core.words import correction_words, parse_entry
from scorekeeper.messages import UserError, t
from scorekeeper.messages.describe import describe_text
from scorekeeper.services.correcting import Correcting
from scorekeeper.services.phone import Answer, Tap, already_recorded, entry_count, phone_actions
from scorekeeper.services.recording import load_session
from scorekeeper.services.showing import Shown
from scorekeeper.storage import Store


class PhoneCorrection:
    """Round *number* of a stored session, played again in memory from the phone.
    *after*: the session's entries when it began (a correction checks every later one)."""

    def __init__(self, session: Session, sid: int, number: int, after: int) -> None:
        if not 1 <= number <= session.correctable_rounds():
            raise RuleError(
                "rules.correct_no_such_round", round=number, rounds=session.correctable_rounds()
            )
        self.sid, self.number, self.after = sid, number, after
        self.correcting = Correcting(Shown(sid, session, "display.read_only"), number)

    @property
    def session(self) -> Session:
        """The round played again so far."""
        return self.correcting.session

    @property
    def entries(self) -> int:
        """How many entries the round played again has (a tap's ``after``)."""
        return entry_count(self.session)

    def actions(self, lang: str) -> list[dict[str, Any]]:
        """The buttons: the entries the round played again allows now (the core's)."""
        return phone_actions(self.session, lang, lambda kind: self.correcting.why_not(kind) is None)

    def describe(self, lang: str) -> dict[str, Any]:
        """What the page shows above the buttons: which round, and what to do now."""
        number, played = self.number, self.correcting.played
        banner = "phone.correct.played" if played else "phone.correct.banner"
        return {
            "round": number,
            "title": t("phone.correct.title", lang, round=number),
            "banner": t(banner, lang, round=number),
            "played": played,
            "confirm": t("phone.correct.confirm", lang, round=number, reason="{reason}"),
        }

    def tap(self, tap: Tap, lang: str) -> Answer:
        """One entry of the round played again: the rules first, then memory; a tap seen
        before (its entry right after ``after``) is answered as played, not played twice."""
        session = self.session
        if tap.after != entry_count(session):
            done = already_recorded(session, tap, None)
            if done is not None:
                text = self._played(session.events.index(done), lang)
                return Answer(200, True, text, entry_count(session))
            text = t("phone.moved_on", lang, entries=entry_count(session))
            return Answer(409, False, text, entry_count(session))
        try:
            self.correcting.record(parse_entry(session.game, list(tap.words)))
        except UserError as error:  # the rules, or a kind the round played again refuses
            return Answer(422, False, error.message(lang), entry_count(session))
        text = self._played(len(session.events) - 1, lang)
        return Answer(200, True, text, entry_count(session))

    def _played(self, index: int, lang: str) -> str:
        what = describe_text(*self.session.describe(index), lang)
        return t("phone.correct.tapped", lang, round=self.number, what=what)

    def correction_tap(self, tap_id: str, reason: str) -> Tap:
        """The ``correct`` entry as one tap for the desk, or a UserError: the round is not
        over yet, or no reason (or one too long) is given."""
        if not self.correcting.played:
            raise UserError("phone.correct.not_played", round=self.number)
        reason = reason.strip()
        if not reason:
            raise RuleError("rules.correct_no_reason")
        if len(reason) > MAX_REASON_LENGTH:
            raise RuleError("rules.correct_reason_long", limit=MAX_REASON_LENGTH)
        entry = self.correcting.correction(reason)
        words = ("correct", *correction_words(self.session.game, entry.data))
        return Tap(tap_id, self.after, words, correction=True, session=self.sid)


def start_correction(store: Store, sid: int, number: int) -> PhoneCorrection:
    """Round *number* of stored session *sid*, as it began, to play again (read whole, no
    lock); a RuleError when it cannot be corrected (the round in play, no such round)."""
    session = load_session(store, sid)
    return PhoneCorrection(session, sid, number, entry_count(session))
