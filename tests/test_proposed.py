"""An entry a player proposed from their phone keeps who proposed it and when (issue 46):
written, read back, verified and chained like any other entry; a wrong shape is refused."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from scorekeeper.core.codec import event_from_doc, event_to_doc, header_to_doc
from scorekeeper.core.errors import RuleError
from scorekeeper.core.events import Entry, Proposed
from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.services.recording import create_session, load_session, open_recording
from scorekeeper.services.session_source import DamagedSession
from scorekeeper.storage import Store
from scorekeeper.storage.hashchain import ENTRY_FIELDS, seal_all
from tests.cli_support import run

AT = datetime(2026, 12, 6, 12, 4, 5, tzinfo=UTC)
BY_BEN = Proposed("B", AT)


def official() -> Session:
    return Session(make_header("indian-official", ["A", "B", "C"], {}))


def test_a_proposed_entry_is_recorded_stored_and_read_back_the_same(home, capsys):
    store = Store(home)
    sid = create_session(store, official().header)
    with open_recording(store, sid) as rec:
        rec.record(Entry("round"))
        event = rec.record(Entry("fold", {"player": "B"}, proposed=BY_BEN))
    assert event.proposed == BY_BEN and event.recorder == "A"
    doc = event_to_doc(event)
    assert doc["proposed"] == {"by": "B", "at": "2026-12-06T12:04:05+00:00"}
    assert set(doc) == ENTRY_FIELDS
    again = load_session(store, sid)
    assert again.events[1] == event and again.events[0].proposed is None
    assert "proposed" not in event_to_doc(again.events[0])  # written only when set
    code, _, err = run(capsys, "verify", str(sid))
    assert code == 0, err
    code, _, err = run(capsys, "record", str(sid), "raise")  # the chain goes on from it
    assert code == 0, err
    assert load_session(store, sid).events[1].proposed == BY_BEN


def test_the_proposer_must_be_seated_and_the_time_aware():
    session = official()
    session.record(Entry("round"))
    with pytest.raises(RuleError) as info:
        session.check(Entry("fold", {"player": "B"}, proposed=Proposed("Zed", AT)))
    assert info.value.message("en") == "Zed is not seated at this table, so cannot propose an entry"
    with pytest.raises(RuleError):
        naive = Proposed("B", AT.replace(tzinfo=None))
        session.check(Entry("fold", {"player": "B"}, proposed=naive))
    assert len(session.events) == 1


def _doc() -> dict[str, Any]:
    session = official()
    session.record(Entry("round"), AT)
    session.record(Entry("fold", {"player": "B"}, proposed=BY_BEN), AT + timedelta(seconds=4))
    return event_to_doc(session.events[1])


@pytest.mark.parametrize(
    "proposed",
    [
        "B",
        None,
        {"by": "B"},
        {"by": "B", "at": "2026-12-06T12:04:05+00:00", "x": 1},
        {"by": 7, "at": "2026-12-06T12:04:05+00:00"},
        {"by": "", "at": "2026-12-06T12:04:05+00:00"},
        {"by": "B", "at": "2026-12-06T12:04:05"},
        {"by": "B", "at": "2026-12-06T12:04:05Z"},
        {"by": "B", "at": "yesterday"},
        {"By": "B", "at": "2026-12-06T12:04:05+00:00"},
    ],
)
def test_a_stored_proposed_of_another_shape_is_refused_in_plain_words(proposed):
    doc = _doc()
    doc["proposed"] = proposed
    with pytest.raises(RuleError) as info:
        event_from_doc(doc)
    assert info.value.message("en").startswith("a stored entry is not one this program wrote")


def test_an_imported_proposed_time_may_be_written_as_iso_allows():
    doc = _doc()
    doc["proposed"]["at"] = "2026-12-06T21:04:05+09:00"
    event = event_from_doc(doc, exact=False)
    tokyo = timezone(timedelta(hours=9))
    assert event.proposed == Proposed("B", datetime(2026, 12, 6, 21, 4, 5, tzinfo=tokyo))


def test_a_misspelled_proposed_key_in_the_journal_is_a_stray_key(home):
    store = Store(home)
    session = official()
    session.record(Entry("round"))
    session.record(Entry("fold", {"player": "B"}, proposed=BY_BEN))
    docs = [event_to_doc(e) for e in session.events]
    docs[1]["proposer"] = docs[1].pop("proposed")
    head, sealed = seal_all(header_to_doc(session.header), docs)
    sid = store.create(head, sealed)
    with pytest.raises(DamagedSession) as info:
        load_session(store, sid)
    assert "holds a key this program never writes (proposer)" in info.value.message("en")


def test_a_session_with_proposed_entries_folds_as_one_without_them():
    """Who proposed changes nothing in the rules' state."""
    plain, proposed = official(), official()
    for session, by in ((plain, None), (proposed, BY_BEN)):
        session.record(Entry("round"), AT)
        session.record(Entry("fold", {"player": "B"}, proposed=by), AT)
    assert plain.state == proposed.state
