"""Each entry kind reaches its own check and apply (core/steps.py, core/ledger.py).

The checks of the common entries are one handler per kind; these tests pin
which error each kind gives in each situation, in the order the guards run
(an ended session before between-rounds, between-rounds before chips), and
that corrections need nothing of the ledger but its public view.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import pytest

from scorekeeper.core.corrections import check_correction, in_force, round_entries
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import COMMON_KINDS, Entry, Event
from scorekeeper.core.game import Game
from scorekeeper.core.games import all_games
from scorekeeper.core.header import make_header
from scorekeeper.core.ledger import Ledger
from scorekeeper.core.session import Session
from scorekeeper.core.state import State
from scorekeeper.core.steps import MAX_NOTE_LENGTH, apply_entry, normalize_entry
from scorekeeper.core.words import UNKNOWN_ENTRY
from scorekeeper.messages import Phrase
from tests.rules_support import T0, enter, refused

FIVE = ("A", "B", "C", "D", "E")


def official(**options) -> Session:
    return Session(make_header("indian-official", FIVE, options or None))


def chips() -> Session:
    return Session(make_header("indian-chips", ("A", "B", "C", "D"), {"stack": 20}))


def error_of(session: Session, kind: str, **data) -> RuleError:
    with pytest.raises(RuleError) as info:
        session.check(Entry(kind, data), T0)
    return info.value


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_common_and_round_kind_has_a_handler(game: Game):
    players = ("A", "B", "C", "D")[: max(game.min_players, 3)]
    session = Session(make_header(game.id, players))
    for kind in sorted(COMMON_KINDS | game.round_kinds):
        try:
            session.check(Entry(kind, {}), T0)
        except RuleError as error:
            assert error.key not in UNKNOWN_ENTRY, kind
    error = error_of(session, "bogus")  # the game by its name, never its id (issue 35)
    name = Phrase((game.name_key,))
    assert (error.key, error.params) == ("rules.unknown_entry", {"entry": "bogus", "game": name})


def test_the_steps_alone_do_not_know_undo_and_correct():
    session = official()
    for kind in ("undo", "correct"):
        with pytest.raises(RuleError) as info:
            normalize_entry(session.game, session.state, kind, {})
        assert info.value.key == "rules.unknown_entry"  # (not "undo?")


def test_an_ended_session_refuses_before_any_other_check():
    session = official()
    enter(session, "round", "showdown A", "end")
    for line in ("round", "end", "join F", "leave B", "showdown A"):
        refused(session, line, "rules.session_ended")
    # before the chips check too: rebuy in a points game
    assert error_of(session, "rebuy", player="A", chips=5).key == "rules.session_ended"
    # still allowed after the end
    enter(session, "note late", "recorder B")
    assert session.state.recorder == "B"


def test_in_a_round_seats_and_chips_wait_with_the_kind_and_round_named():
    session = official()
    enter(session, "round", "showdown A", "round")
    for kind, data in [("join", {"player": "F"}), ("leave", {"player": "B"}), ("end", {})]:
        error = error_of(session, kind, **data)
        assert (error.key, error.params) == (
            "rules.between_rounds_only",
            {"entry": Phrase((f"rules.verb.{kind}",)), "round": 2},
        )
        assert error.message("en").startswith(f"{kind} can only be entered between rounds")
    # between rounds before chips: a points game refuses rebuy for the round first
    error = error_of(session, "rebuy", player="A", chips=5)
    assert (error.key, error.params) == (
        "rules.between_rounds_only",
        {"entry": Phrase(("rules.verb.rebuy",)), "round": 2},
    )
    assert (
        error.message("ja") == "買い足しはラウンドの合間にだけ記録できます(ラウンド2が進行中です)"
    )
    enter(session, "showdown A")
    error = error_of(session, "rebuy", player="A", chips=5)
    assert (error.key, error.params) == (
        "rules.rebuy_no_chips",
        {"game": Phrase(("game.indian-official",))},
    )


def test_a_note_is_one_line_of_at_most_the_limit():
    session = official()
    event = session.record(Entry("note", {"text": "  two\n\t words "}), T0)
    assert dict(event.data) == {"text": "two words"}
    assert error_of(session, "note", text=" \n ").key == "rules.note_empty"
    error = error_of(session, "note", text="x" * (MAX_NOTE_LENGTH + 1))
    assert (error.key, error.params) == ("rules.note_long", {"limit": MAX_NOTE_LENGTH})
    session.record(Entry("note", {"text": "x" * MAX_NOTE_LENGTH}), T0)


def test_free_text_is_checked_only_when_fresh():
    session = official()
    enter(session, "round", "showdown A")
    error = error_of(session, "note", text="a\ud800b")
    assert (error.key, error.params) == ("rules.note_not_text", {"char": "U+D800"})
    correction = {
        "round": 1,
        "reason": "why\udfff",
        "entries": [{"kind": "showdown", "data": {"winner": "B"}}],
    }
    error = error_of(session, "correct", **correction)
    assert (error.key, error.params) == ("rules.correct_reason_not_text", {"char": "U+DFFF"})
    # read back from a store, the text is kept as it was stored
    stored = session.ledger.check(Entry("note", {"text": "a\ud800b"}), T0, fresh=False)
    assert stored.data["text"] == "a\ud800b"


def test_join_leave_and_rebuy_name_the_player_as_seated():
    session = chips()
    enter(session, "leave b")
    assert error_of(session, "leave", player="B").key == "rules.already_left"
    event = session.record(Entry("join", {"player": "b", "after": "a"}), T0)
    assert dict(event.data) == {"player": "B", "after": "A", "number": 2}  # B keeps 2
    assert [s.name for s in session.state.seats if s.seated] == ["A", "B", "C", "D"]
    error = error_of(session, "join", player="E", after="E")
    assert error.key != "rules.join_after_self"  # E is new: after names a seated player
    enter(session, "leave b")
    error = error_of(session, "join", player="B", after="B")
    assert (error.key, error.params) == ("rules.join_after_self", {"player": "B"})
    event = session.record(Entry("rebuy", {"player": "c", "chips": 5}), T0)
    assert dict(event.data) == {"player": "C", "chips": 5, "deals": False}
    assert session.state.scores["C"] == 25 and session.state.bought == 5
    for bad in (0, -1, True, "5", None):
        error = error_of(session, "rebuy", player="C", chips=bad)
        assert (error.key, error.params) == ("rules.rebuy_amount", {"value": bad})


def test_undo_names_the_top_and_step_refuses_any_other():
    session = official()
    assert error_of(session, "undo").key == "rules.nothing_to_undo"
    enter(session, "round")
    event = session.check(Entry("undo"), T0)
    assert dict(event.data) == {"voids": 1}
    wrong = Event(event.seq, event.at, event.recorder, "undo", {"voids": 7})
    with pytest.raises(RuleError) as info:
        session.ledger.step(wrong)
    assert (info.value.key, info.value.params) == ("rules.undo_mismatch", {"seq": 2})


def test_the_steps_fold_as_the_ledger_does():
    session = chips()
    enter(session, "round", "check B", "bet C", "raise D", "fold A", "call B", "call C")
    enter(session, "showdown cards B=KS C=KH D=9C")
    enter(session, "leave A", "rebuy B 3", "join F after D", "recorder C", "note n", "end")
    state = Ledger.start(session.header).state
    for event in session.events:
        data = normalize_entry(session.game, state, event.kind, event.data)
        assert data == dict(event.data)
        state = apply_entry(session.game, state, event)
    assert state == session.state


@dataclass(frozen=True)
class View:
    """Only what core/corrections.LedgerView declares, nothing else of the ledger."""

    game: Game
    state: State
    next_seq: int
    last_at: datetime | None
    entries: tuple[State, list[tuple[Event, State]]]

    def stack(self) -> tuple[State, list[tuple[Event, State]]]:
        return self.entries


def test_corrections_read_only_the_ledger_view():
    session = official()
    enter(session, "round", "fold B", "showdown A", "round", "showdown C", "round")
    ledger = session.ledger
    view = View(ledger.game, ledger.state, ledger.next_seq, ledger.last_at, ledger.stack())
    data = {
        "round": 1,
        "reason": "C won",
        "entries": [{"kind": "showdown", "data": {"winner": "C"}}],
    }
    assert check_correction(view, data) == check_correction(ledger, data)
    assert round_entries(view, 2) == round_entries(ledger, 2)
    assert in_force(view) == in_force(ledger)
    root, stack = ledger.stack()
    assert root == Ledger.start(session.header).state
    assert [event for event, _ in stack] == session.events
    assert stack[-1][1] is session.state
