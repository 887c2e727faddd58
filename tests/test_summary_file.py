"""Summaries noted by a session's writer as it closes (storage/summary_file.py): the list
and the statistics read them instead of folding, and they say exactly what a fold says;
anything wrong with the file means a fold, never a wrong line in the list."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core.events import Entry
from scorekeeper.services.catalog import list_sessions
from scorekeeper.services.recording import Recording, create_session
from scorekeeper.services.stats_store import session_docs
from scorekeeper.storage import Store, summary_file
from tests.session_gen import GAMES, build_session
from tests.ui_support import new_store


def _no_reading(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(sid: int) -> None:
        raise AssertionError(f"session {sid} was read and folded")

    monkeypatch.setattr(store, "read", refuse)


def _caches_removed(store: Store) -> None:
    for index in store.root.glob("index*.json"):
        index.unlink()


def test_a_closed_writer_leaves_what_listing_needs(tmp_path, monkeypatch):
    store = new_store(tmp_path)
    with Recording(store, 1) as recording:
        recording.record(Entry("round"))
        recording.record(Entry("fold", {"player": "B"}))
    _caches_removed(store)
    fresh = Store(store.root)
    _no_reading(fresh, monkeypatch)
    (summary,) = list_sessions(fresh)
    assert (summary.id, summary.rounds, summary.players[0]) == (1, 0, "A")
    (stats,) = session_docs(fresh)
    assert stats["game"] == "indian-official"


def test_without_a_close_the_session_is_folded_again(tmp_path, monkeypatch):
    """A writer killed before closing (or any append since the note) makes the note stale."""
    store = new_store(tmp_path)
    Recording(store, 1).close()
    killed = Recording(store, 1)
    killed.record(Entry("round"))
    killed._writer.close()  # as if killed: no note for the entry just written
    _caches_removed(store)
    fresh = Store(store.root)
    _no_reading(fresh, monkeypatch)
    with pytest.raises(AssertionError, match="was read and folded"):
        list_sessions(fresh)
    monkeypatch.undo()
    (summary,) = list_sessions(Store(store.root))
    assert summary.last_at is not None  # the entry the note did not see is listed


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"not json",
        b"[1, 2]",
        b'{"size": 1, "stamp": "x", "kinds": {}}',
        b"x" * (2 << 20),
    ],
)
def test_a_damaged_note_is_ignored(tmp_path, damage):
    store = new_store(tmp_path)
    with Recording(store, 1) as recording:
        recording.record(Entry("round"))
    summary_file.path_of(store.path(1)).write_bytes(damage)
    _caches_removed(store)
    (summary,) = list_sessions(Store(store.root))
    assert summary.error is None and summary.game == "indian-official"


def test_a_note_that_lies_about_its_journal_is_not_believed(tmp_path):
    """Rounds changed in the note but the size and stamp kept: believed (it is a cache, as
    index.json is); the size or stamp changed: refused. The journal is never changed."""
    store = new_store(tmp_path)
    with Recording(store, 1) as recording:
        recording.record(Entry("round"))
    path = summary_file.path_of(store.path(1))
    doc = json.loads(path.read_text("utf-8"))
    doc["size"] += 1
    doc["kinds"][""]["rounds"] = 99
    path.write_text(json.dumps(doc), "utf-8")
    _caches_removed(store)
    (summary,) = list_sessions(Store(store.root))
    assert summary.rounds == 0


def test_trash_takes_the_note_away(tmp_path):
    store = new_store(tmp_path)
    Recording(store, 1).close()
    assert summary_file.path_of(store.path(1)).exists()
    store.trash(1)
    assert not summary_file.path_of(store.path(1)).exists()
    assert list_sessions(store) == []


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)))
def test_noted_summaries_are_what_a_fold_says(tmp_path_factory, data, game):
    """After any mix of entries (undo, corrections, join/leave/rebuy), recorded one by one
    through a writer, the list and the statistics from its note equal a fold's."""
    played = build_session(data, game)
    root = tmp_path_factory.mktemp("noted")
    store = Store(root)
    sid = create_session(store, played.header)
    with Recording(store, sid) as recording:
        for event in played.events:
            recording.record(Entry(event.kind, event.data), event.at)
    _caches_removed(store)
    noted = (list_sessions(Store(root)), session_docs(Store(root)))
    _caches_removed(store)
    summary_file.discard(store.path(sid))
    folded = (list_sessions(Store(root)), session_docs(Store(root)))
    assert noted == folded


def test_closing_twice_notes_once(tmp_path):
    """The second close has no lock: a note then could pair another writer's entries with
    this writer's summary."""
    store = new_store(tmp_path)
    first = Recording(store, 1)
    first.close()
    note = summary_file.path_of(store.path(1))
    note.unlink()
    with Recording(store, 1) as other:
        other.record(Entry("round"))
    note.unlink()
    first.close()
    assert not note.exists()


def test_a_copied_data_folder_lists_without_folding(tmp_path, monkeypatch):
    """Tied to the bytes, not the file's times: a folder brought back from a backup (new
    files, new times) lists at once; an edited byte is still told."""
    import shutil

    store = new_store(tmp_path)
    with Recording(store, 1) as recording:
        recording.record(Entry("round"))
    copy = tmp_path / "copy"
    shutil.copytree(store.root, copy)
    _caches_removed(Store(copy))
    fresh = Store(copy)
    _no_reading(fresh, monkeypatch)
    (summary,) = list_sessions(fresh)
    assert summary.game == "indian-official"
    monkeypatch.undo()
    journal = Store(copy).path(1)
    data = bytearray(journal.read_bytes())
    data[-3] ^= 1  # the last line's checksum no longer holds: damage
    journal.write_bytes(bytes(data))
    _caches_removed(Store(copy))
    (summary,) = list_sessions(Store(copy))
    assert summary.error is not None
