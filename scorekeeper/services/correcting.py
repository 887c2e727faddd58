"""Correcting a past round by playing it again: the app's "correcting round N" table.

A :class:`Correcting` is a recorder (services.recording.Recorder) over the session as it
stood when round N began (``Session.at_round_start``: earlier corrections applied). The
recorder plays the round again with the table's usual keys and dialogs; each entry is
checked by the rules and kept in memory only. Nothing is written until the round is over
and a reason is given: then one ``correct`` entry, with the round's entries as played
again, is recorded into the stored session (``Recording.record``), which checks that
every later entry still holds. Leaving before that changes nothing.
"""

from __future__ import annotations

from datetime import datetime

from scorekeeper.collector import collector_paused
from scorekeeper.core.corrections import correctable_rounds, correction_entry
from scorekeeper.core.events import Entry, Event
from scorekeeper.core.progress import Progress
from scorekeeper.core.receipt import Receipt
from scorekeeper.core.state import State
from scorekeeper.messages import UserError, t
from scorekeeper.services.recording import Recorder

#: Finished rounds listed at a time (newest first; the phone's "older rounds" asks for more).
ROUNDS_SHOWN = 30


def round_lines(
    state: State, lang: str | None = None, before: int | None = None
) -> tuple[list[tuple[int, str]], bool]:
    """The finished rounds numbered below *before* (all, if None), newest first, at most
    :data:`ROUNDS_SHOWN` of them, each with its one line (what happened, what each player
    won or lost in it), and whether older ones are left: the list a round to correct is
    picked from, the same words on the phone and in the app (Ctrl+R)."""
    finished = correctable_rounds(state)
    top = finished if before is None else max(0, min(before - 1, finished))
    first = max(0, top - ROUNDS_SHOWN)
    shown = state.results.since(first)[: top - first]  # rounds first + 1 to top
    lines = []
    for number, result in reversed(list(enumerate(shown, first + 1))):
        what = t(result.how, lang, **result.details)
        changes = " ".join(f"{name} {delta:+d}" for name, delta in result.deltas.items() if delta)
        lines.append(
            (number, t("phone.correct.round_line", lang, what=what, changes=changes or "±0"))
        )
    return lines, first > 0


class Correcting:
    """Round *number* of *base*'s session, played again in memory."""

    read_only = False

    def __init__(self, base: Recorder, number: int) -> None:
        self.base = base
        self.id = base.id
        self.number = number
        with collector_paused():
            self.session = base.session.at_round_start(number)
        #: The seq of round N's ``round`` entry in the replay: undo stops above it.
        self._start = self.session.ledger.top.seq

    @property
    def played(self) -> bool:
        """Whether the round has been played to its end again (a reason may be given)."""
        return not self.session.state.in_round

    @property
    def can_undo(self) -> bool:
        """Whether an entry of the round played again is there to undo (never its start)."""
        return self.session.ledger.top.seq > self._start

    def entries(self) -> list[Entry]:
        """The round's entries as played again, those undone left out."""
        return [Entry(e.kind, e.data) for e in self.session.round_entries(self.number)]

    def check(self, entry: Entry, now: datetime | None = None) -> Event:
        refused = self._outside_round(entry.kind)
        if refused is not None:
            raise refused
        return self.session.check(entry, now)

    def why_not(self, kind: str) -> UserError | None:
        refused = self._outside_round(kind)
        return refused if refused is not None else self.session.why_not(kind)

    def _outside_round(self, kind: str) -> UserError | None:
        """Only the round's own entries, and undo above its start, until it is played."""
        if kind == "undo":
            if not self.can_undo:
                return UserError("ui.correct.undo_start", round=self.number)
        elif kind not in self.session.game.round_kinds:
            return UserError("ui.correct.only_round", round=self.number)
        elif self.played:
            return UserError("ui.correct.played", round=self.number)
        return None

    def record(self, entry: Entry, now: datetime | None = None) -> Event:
        """Play one entry of the round again: checked, kept in memory, nothing written."""
        event = self.check(entry, now)
        self.session.commit(event)
        return event

    def correction(self, reason: str) -> Entry:
        """The ``correct`` entry replacing round N with what was played again."""
        return correction_entry(self.number, reason, self.entries())

    def check_correction(self, reason: str, now: datetime | None = None) -> Event:
        """The stored session's rules on the correction (every later entry replayed)."""
        return self.base.check(self.correction(reason), now)

    def commit(self, reason: str, now: datetime | None = None) -> Event:
        """Record the correction into the stored session."""
        return self.base.record(self.correction(reason), now)

    def correct(
        self, round_number: int, reason: str, entries: list[Entry], now: datetime | None = None
    ) -> Event:
        raise UserError("ui.correct.only_round", round=self.number)

    def receipt(self) -> Receipt | None:
        return None

    def ensure_history(
        self, progress: Progress | None = None
    ) -> bool:  # made from a session read whole
        return False

    def close(self) -> None:  # the stored session stays open at its own table
        return None
