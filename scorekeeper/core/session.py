"""A session in memory: its header, every event in order, and the folded ledger.

This is what the CLI and the screens hold. Recording is two steps so that the
store can sit between them: ``check`` (the rules say yes, nothing changes),
then ``commit`` once the event is safely on disk.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from types import MappingProxyType
from typing import Any

from scorekeeper.core.amounts import as_stored
from scorekeeper.core.corrections import (
    correctable_rounds,
    replacement_descriptions,
    round_entries,
    round_start,
)
from scorekeeper.core.entries import (
    as_correct,
    as_join,
    as_note,
    as_player,
    as_proposals,
    as_rate,
    as_rebuy,
    as_undo,
)
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Event, Header, thawed
from scorekeeper.core.game import Game, LegalAction
from scorekeeper.core.ledger import FoldError, Ledger
from scorekeeper.core.state import State
from scorekeeper.core.steps import join_place
from scorekeeper.core.words import replacement_text


@dataclass(frozen=True, slots=True)
class LogLine:
    """One event as the log shows it: what it did in words, and whether it was voided."""

    event: Event
    key: str
    params: dict[str, Any]
    voided_by: int | None
    superseded_by: int | None = None  # the seq of the correction that replaced it


def check_stored(ledger: Ledger, event: Event, fresh: bool = False) -> Event:
    """*event* (stored, or imported when *fresh*) checked by the rules on *ledger* again,
    as every fold checks it: what the rules make of it, or a FoldError."""
    try:
        entry = Entry(event.kind, event.data, event.at, event.proposed)
        checked = ledger.check(entry, fresh=fresh, recorded=True)
    except RuleError as error:
        raise FoldError(event.seq, error) from None
    if checked.seq != event.seq or thawed(checked.data) != thawed(event.data):
        raise FoldError(event.seq, RuleError("rules.stored_entry_mismatch", seq=event.seq))
    if checked.recorder != event.recorder:
        mismatch = RuleError(
            "rules.stored_recorder_mismatch",
            seq=event.seq,
            recorder=event.recorder,
            expected=checked.recorder,
        )
        raise FoldError(event.seq, mismatch)
    return checked


class Session:
    def __init__(
        self, header: Header, events: Iterable[Event] = (), *, fresh: bool = False
    ) -> None:
        """Fold *events*, each checked by the rules again. *fresh* events come from outside
        (a JSON import) and get every check a typed entry gets; stored ones keep their text."""
        self.header = header
        self.ledger = Ledger.start(header)
        self.events: list[Event] = []
        self._before: list[State] = []  # the state each event was entered in
        self._voided: dict[int, int] = {}  # kept as undos are committed
        self._corrections: list[Event] = []  # every ``correct`` event, in order
        #: The ledger each correction was checked on (kept, not copied: it is persistent),
        #: and what its entries did in words, worked out when first asked.
        self._corrected_on: dict[int, Ledger] = {}
        self._correction_words: dict[int, tuple[tuple[str, dict[str, Any]], ...] | None] = {}
        self.history_from = 1  # the seq of events[0]: 1 unless resumed from a checkpoint
        self._first_at: datetime | None = None
        self._fold(events, fresh)

    def _fold(self, events: Iterable[Event], fresh: bool) -> None:
        with contextlib.nullcontext() if fresh else as_stored():  # amounts as written
            self._fold_each(events, fresh)

    def _fold_each(self, events: Iterable[Event], fresh: bool) -> None:
        for event in events:
            check_stored(self.ledger, event, fresh)
            self.commit(event)

    def extend(self, events: Iterable[Event]) -> None:
        """Fold stored *events* that follow the last one, each checked as a whole fold checks
        it: what a follower of the session read appended since. After a FoldError the
        session holds the events before the refused one: read it whole again."""
        self._fold(events, False)

    @classmethod
    def resumed(
        cls,
        header: Header,
        ledger: Ledger,
        first_at: datetime | None,
        tail: Iterable[Event] = (),
    ) -> Session:
        """A session picked up at a checkpoint (*ledger*, see :meth:`Ledger.resume`), then
        the entries after it, each checked by the rules. It holds only those later
        entries (:attr:`history_from` says where they start): enough to record more, not
        to show the log or to undo or correct past the checkpoint."""
        session = cls(header)
        session.ledger = ledger
        session.history_from = ledger.next_seq
        session._first_at = first_at
        session._fold(tail, False)
        return session

    @property
    def first_at(self) -> datetime | None:
        """When the first entry was made (a resumed session keeps it from its checkpoint)."""
        if self.history_from > 1:
            return self._first_at
        return self.events[0].at if self.events else None

    @property
    def last_at(self) -> datetime | None:
        return self.ledger.last_at

    @property
    def state(self) -> State:
        return self.ledger.state

    @property
    def game(self) -> Game:
        return self.ledger.game

    def legal(self) -> list[LegalAction]:
        return self.ledger.legal()

    def legal_once(self) -> list[LegalAction]:
        """:meth:`legal` as views offer it, one button for one thing: an entry that does the
        same now as another one offered (Game.same_as) is left out; still accepted typed."""
        actions = self.legal()
        offered = {action.kind for action in actions}
        state, game = self.state, self.game
        return [a for a in actions if game.same_as(state, a.kind) not in offered]

    def why_not(self, kind: str) -> RuleError | None:
        """Why no entry of *kind* may be made now (in plain words), or None if one may:
        what ``legal`` offers and ``check`` refuses by (core/ledger.py)."""
        return self.ledger.why_not(kind)

    def check(self, entry: Entry, now: datetime | None = None) -> Event:
        return self.ledger.check(entry, now)

    def commit(self, event: Event) -> None:
        """Take an event that ``check`` produced (and the store has kept)."""
        ledger = self.ledger.step(event)
        self._before.append(self.ledger.top.state)
        self.events.append(event)
        if event.kind == "correct":
            self._corrected_on[event.seq] = self.ledger
        self.ledger = ledger
        if event.kind == "undo":
            self._voided[as_undo(event.data)["voids"]] = event.seq
        elif event.kind == "correct":
            self._corrections.append(event)

    def record(self, entry: Entry, now: datetime | None = None) -> Event:
        """Check and commit in one step, for callers with no store (replay, tests)."""
        event = self.ledger.check(entry, now)
        self.commit(event)
        return event

    # -- reading the log -------------------------------------------------------
    def voided(self) -> Mapping[int, int]:
        """Voided seq -> the seq of the undo that voided it: a read-only view, kept up as
        undos are committed (the log asks on every key; a copy grew with the session)."""
        return MappingProxyType(self._voided)

    def superseded(self) -> dict[int, int]:
        """Seq of an entry replaced by a correction in force -> the seq of that correction."""
        found: dict[int, int] = {}
        for event in self._corrections:
            if event.seq not in self._voided:
                found.update(dict.fromkeys(as_correct(event.data)["supersedes"], event.seq))
        return found

    def round_entries(self, number: int) -> list[Event]:
        """The round entries of round *number* in force now: what ``correct`` would replace."""
        return round_entries(self.ledger, number)

    def correctable_rounds(self) -> int:
        """How many finished rounds a correction may replace now (rounds 1 to this)."""
        return correctable_rounds(self.state)

    def at_round_start(self, number: int) -> Session:
        """A session of the same header holding the entries in force up to the ``round``
        entry of round *number* (earlier corrections applied): the table at the start of
        that round, to play it again. Needs every entry (not one resumed from a snapshot).
        Each entry is checked by the rules again and keeps its time and recorder."""
        if self.history_from > 1:
            raise ValueError("a resumed session: read every entry first")
        replay = Session(self.header)
        with as_stored():
            for event in round_start(self.ledger, number):
                entry = Entry(event.kind, event.data)
                replay.commit(replay.ledger.check(entry, event.at, fresh=False))
        return replay

    def state_before(self, index: int) -> State:
        return self._before[index]

    def by_switch(self, index: int) -> bool:
        """``events[index]`` is a player's proposal recorded by the switch (``proposals
        auto`` in force when it was recorded): nobody confirmed it (issue 46)."""
        return self.events[index].proposed is not None and self._before[index].auto_confirm

    def describe(self, index: int) -> tuple[str, dict[str, Any]]:
        """Catalog key and parameters saying what ``events[index]`` did."""
        event, before = self.events[index], self._before[index]
        data = event.data
        match event.kind:
            case "undo":
                voids = as_undo(data)["voids"]
                key, params = self.describe(self._index_of(voids))
                return "log.undo", {"what": (key, params), "seq": voids}
            case "round":
                return self.game.worded("log.round"), {
                    "round": before.round + 1,
                    "parent": before.parent,
                }
            case "note":
                return "log.note", {"text": as_note(data)["text"]}
            case "rate":
                rate = as_rate(data)
                money = " ".join(filter(None, (rate["amount"], rate["currency"])))
                return ("log.rate_chip" if self.game.uses_chips else "log.rate_point"), {
                    "money": money
                }
            case "recorder":
                return "log.recorder", {"old": before.recorder, "new": as_player(data)["player"]}
            case "join":
                join = as_join(data)
                place = join_place(before, join["player"], join["after"])
                how = place.pop("how")
                return {"new": "log.join", "back": "log.rejoin"}.get(how, "log.rejoin_moved"), place
            case "leave":
                return "log.leave", {"player": as_player(data)["player"]}
            case "rebuy":
                rebuy = as_rebuy(data)
                key = "log.rebuy_deals" if rebuy.get("deals") else "log.rebuy"
                return key, {"player": rebuy["player"], "chips": rebuy["chips"]}
            case "end":
                return "log.end", {}
            case "proposals":
                auto = as_proposals(data)["auto"]
                return ("log.proposals_auto" if auto else "log.proposals_ask"), {}
            case "correct":
                correct = as_correct(data)
                return "log.correct", {
                    "round": correct["round"], "reason": correct["reason"],
                    "entries": self._replacement_words(event),
                }  # fmt: skip
        return self.game.describe(before, event)

    def _replacement_words(self, event: Event) -> tuple[tuple[str, dict[str, Any]], ...] | str:
        """A correction's entries in the log's words (describe.py renders each), else, where
        the history it was checked on is not held (a session resumed above it), as written."""
        if event.seq not in self._correction_words:
            ledger = self._corrected_on.get(event.seq)
            try:
                words = None if ledger is None else replacement_descriptions(ledger, event)
            except RuleError:  # round N lies below where this session was resumed
                words = None
            self._correction_words[event.seq] = None if words is None else tuple(words)
        found = self._correction_words[event.seq]
        if found is not None:
            return found
        entries = as_correct(event.data)["entries"]
        return "; ".join(replacement_text(self.game, e["kind"], e["data"]) for e in entries)

    def log(self) -> list[LogLine]:
        voided = self.voided()
        superseded = self.superseded()
        lines = []
        for index, event in enumerate(self.events):
            key, params = self.describe(index)
            line = LogLine(event, key, params, voided.get(event.seq), superseded.get(event.seq))
            lines.append(line)
        return lines

    def _index_of(self, seq: int) -> int:
        # seqs follow each other from history_from, so the index is their difference;
        # checked for safety
        index = seq - self.history_from
        if not 0 <= index < len(self.events) or self.events[index].seq != seq:
            index = next(i for i, e in enumerate(self.events) if e.seq == seq)
        return index
