"""A recording records onto the session source it is handed (issue 45 point 3):
services/session_source.py ``open_source`` opens the writer and chooses where the
session begins (every entry folded, or picked up at its vouched snapshot's state);
services/recording.py only checks, appends and folds onto it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scorekeeper.core.events import Entry
from scorekeeper.services.recording import Recording, load_session, open_recording
from scorekeeper.services.session_source import open_source
from scorekeeper.services.snapshot_keeper import SnapshotKeeper
from scorekeeper.storage import snapshot
from tests.cli_support import run
from tests.ui_support import new_store

SERVICES = Path(__file__).resolve().parent.parent / "scorekeeper" / "services"
#: What opens a session's journal or chooses where a recording of it begins.
OPENING = {"open_writer", "open_source", "resumed_source", "resume_from", "snapshot_state",
           "waiting_out_a_listing", "read", "read_resumed"}  # fmt: skip


@pytest.fixture(autouse=True)
def _small_checkpoints(monkeypatch):
    monkeypatch.setattr(snapshot, "STATE_AT_LEAST", 4)
    monkeypatch.setattr(snapshot, "STATE_EVERY", 4)
    monkeypatch.setattr(snapshot, "STATE_LAG", 2)


def test_a_recording_records_onto_the_resumed_source_it_is_handed(tmp_path, capsys):
    store = new_store(tmp_path)
    with open_recording(store, 1) as rec:
        for _ in range(4):
            for entry in (Entry("round"), Entry("raise"), Entry("showdown", {"winner": "D"})):
                rec.record(entry)
    assert run(capsys, "--data-dir", str(store.root), "record", "1", "note first")[0] == 0

    whole = open_source(store, 1, resume=False)  # every entry folded, no snapshot named
    assert whole.resumption is None and whole.session.history_from == 1
    whole.writer.close()

    source = open_source(store, 1, resume=True)
    assert source.resumption is not None and source.session.history_from == 12
    keeper = SnapshotKeeper(store, keep=True, keeps_state=True, rebuilds=False, made=None)
    rec = Recording(source, keeper)
    assert rec.writer is source.writer and rec.resumed_from is source.resumption
    event = rec.record(Entry("round"))
    assert rec.session is source.session and rec.session.events[-1] == event
    assert rec.receipt().entries == 14
    rec.close()

    stored = load_session(store, 1)
    assert len(stored.events) == 14 and stored.events[-1].kind == "round"
    with open_recording(store, 1, history=False) as again:  # the keeper kept its snapshot
        assert again.resumed_from is not None
        assert again.session.state == stored.state


def _called(node: ast.AST) -> set[str]:
    """The names of the functions and methods called anywhere under *node*."""
    calls = (call.func for call in ast.walk(node) if isinstance(call, ast.Call))
    return {f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "") for f in calls}


def test_recording_never_opens_the_journal_itself():
    """The module opens a writer nowhere, and a Recording reads nothing of the store: the
    source it is handed is opened by open_recording, through session_source.py."""
    tree = ast.parse((SERVICES / "recording.py").read_text(encoding="utf-8"))
    assert _called(tree) & {"open_writer", "resumed_source", "waiting_out_a_listing"} == set()
    (recording,) = (n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Recording")
    assert _called(recording) & OPENING == set()
    (opener,) = (
        n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "open_recording"
    )
    assert "open_source" in _called(opener)
