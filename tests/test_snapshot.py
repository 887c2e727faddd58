"""``scorekeeper record`` picks a session up at its snapshot's state (storage/snapshot.py)
when the journal vouches for it, and folds only the entries since: the state it records
on is the whole fold's, after any mix of entries; a snapshot that does not fit, or that
the journal does not name, is never used; ``verify`` finds one whose vouch was forged."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scorekeeper.services.session_source as source_module
from scorekeeper.core.events import Entry
from scorekeeper.core.words import entry_words, quote
from scorekeeper.services.catalog import list_sessions
from scorekeeper.services.recording import create_session, load_session, open_recording
from scorekeeper.services.stats_store import session_docs
from scorekeeper.storage import Store, snapshot
from tests.cli_support import run
from tests.journal_support import (
    forged_scores,
    kept_state,
    vouch_as_writer,
    without_trailing_vouches,
)
from tests.session_gen import GAMES, build_session
from tests.ui_support import new_store

SMALL = 4  # entries before a checkpoint is kept, and between two
LAG = 2  # entries a checkpoint is taken behind the last


@pytest.fixture(autouse=True)
def _small_checkpoints(monkeypatch):
    monkeypatch.setattr(snapshot, "STATE_AT_LEAST", SMALL)
    monkeypatch.setattr(snapshot, "STATE_EVERY", SMALL)
    monkeypatch.setattr(snapshot, "STATE_LAG", LAG)


def _state(store: Store, sid: int) -> snapshot.StateAt | None:
    return kept_state(store, sid)


def _fold_refused(monkeypatch):
    """Make a whole fold fail loudly: what follows must be picked up at the checkpoint."""

    def refuse(stored):
        raise AssertionError("the whole session was folded")

    monkeypatch.setattr(source_module, "fold_checked", refuse)


def _official(tmp_path, rounds: int = 4) -> tuple[Store, int]:
    store = new_store(tmp_path)
    with open_recording(store, 1) as rec:
        for _ in range(rounds):
            for entry in (Entry("round"), Entry("raise"), Entry("showdown", {"winner": "D"})):
                rec.record(entry)
    return store, 1


def test_record_keeps_a_checkpoint_and_then_reads_only_what_came_after(
    tmp_path, monkeypatch, capsys
):
    store, sid = _official(tmp_path)
    assert _state(store, sid) is None  # a whole-history recording writes none
    assert run(capsys, "--data-dir", str(store.root), "record", "1", "note first")[0] == 0
    taken = _state(store, sid)
    assert taken is not None and taken.entries == 13 - LAG  # taken LAG entries back
    _fold_refused(monkeypatch)
    code, out, _ = run(capsys, "--data-dir", str(store.root), "record", "1", "round", "raise")
    assert code == 0 and out.splitlines()[0].startswith("#14 ")
    with open_recording(store, sid, history=False) as rec:
        assert rec.session.history_from == 12  # the last LAG entries folded again
        assert [e.seq for e in rec.session.events] == [12, 13, 14, 15]
        assert rec.receipt().entries == 15  # the whole session's count, not the tail's
    monkeypatch.undo()
    whole = load_session(store, sid)
    with open_recording(store, sid, history=False) as rec:
        assert rec.session.state == whole.state


def test_an_undo_within_the_lag_folds_only_the_tail(tmp_path, monkeypatch, capsys):
    store, sid = _official(tmp_path)
    root = str(store.root)
    run(capsys, "--data-dir", root, "record", "1", "round")  # 13 entries, checkpoint at 11
    _fold_refused(monkeypatch)
    assert run(capsys, "--data-dir", root, "record", "1", "undo")[0] == 0  # voids 13
    assert run(capsys, "--data-dir", root, "record", "1", "undo")[0] == 0  # voids 12
    monkeypatch.undo()
    assert _state(store, sid).entries == 11
    with open_recording(store, sid, history=False) as rec:
        assert rec.session.state == load_session(store, sid).state
        assert rec.session.history_from == 12


def test_an_undo_below_the_checkpoint_or_a_correction_folds_it_all(tmp_path, capsys):
    store, sid = _official(tmp_path)
    root = str(store.root)
    run(capsys, "--data-dir", root, "record", "1", "round")
    before = _state(store, sid)
    assert before is not None and before.entries == 11
    # voids 13, 12, then 11: the last one reaches below the checkpoint
    assert run(capsys, "--data-dir", root, "record", "1", "undo", "undo", "undo")[0] == 0
    after = _state(store, sid)
    assert after is not None and after.entries == 16 - LAG  # a new one, after the whole fold
    code, _, err = run(capsys, "--data-dir", root, "record", "1", "raise", "fold C")
    assert code == 0, err
    assert load_session(store, sid).state.in_round
    with open_recording(store, sid, history=False) as rec:
        assert rec.session.state == load_session(store, sid).state


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text.replace('"entries"', '"entries" ', 1),  # the seal breaks
        lambda text: "0" * 64 + text[64:],
        lambda text: "",
        lambda text: text[:100],
    ],
)
def test_a_damaged_checkpoint_is_not_used(tmp_path, capsys, damage):
    store, sid = _official(tmp_path)
    run(capsys, "--data-dir", str(store.root), "record", "1", "note first")
    path = snapshot.path_of(store.path(sid))
    path.write_text(damage(path.read_text("utf-8")), "utf-8")
    assert run(capsys, "--data-dir", str(store.root), "record", "1", "round")[0] == 0
    assert load_session(store, sid).state.in_round


def test_a_checkpoint_of_other_bytes_is_not_used_and_an_edit_is_still_caught(tmp_path, capsys):
    """An early entry edited on disk (its line checksum fixed up): the checkpoint no longer
    fits the bytes, so the whole fold runs and refuses the edit as before."""
    store, sid = _official(tmp_path)
    run(capsys, "--data-dir", str(store.root), "record", "1", "note first")
    journal = store.path(sid)
    lines = journal.read_bytes().split(b"\n")
    doc = json.loads(lines[3][9:])
    doc["set"]["events"]["2"]["kind"] = "note"
    from scorekeeper.storage.journal_format import encode

    lines[3] = encode(doc)[0].rstrip(b"\n")
    journal.write_bytes(b"\n".join(lines))
    code, _, err = run(capsys, "--data-dir", str(store.root), "record", "1", "round")
    assert code != 0 and "entry 2" in err


def test_an_entry_rewritten_after_the_checkpoint_is_damage(tmp_path, capsys):
    store, sid = _official(tmp_path)
    root = str(store.root)
    run(capsys, "--data-dir", root, "record", "1", "note first")
    run(capsys, "--data-dir", root, "record", "1", "note second")
    journal = store.path(sid)
    last = without_trailing_vouches(journal.read_bytes()).split(b"\n")[-2]
    doc = json.loads(last[9:])
    (event,) = doc["set"]["events"].values()
    from scorekeeper.storage.journal_format import encode

    journal.write_bytes(journal.read_bytes() + encode({"set": {"events": {"3": event}}})[0])
    code, _, err = run(capsys, "--data-dir", root, "record", "1", "round")
    assert code != 0 and "damaged" in err


def test_a_forged_snapshot_alone_is_ignored_by_record_and_verify(tmp_path, monkeypatch, capsys):
    store, sid = _official(tmp_path)
    root = str(store.root)
    run(capsys, "--data-dir", root, "record", "1", "note first")
    store.keep_snapshot(sid, forged_scores(store, sid))
    code, out, err = run(capsys, "--data-dir", root, "verify", "1")
    assert code == 0 and "OK" in out and err == ""  # the journal names other bytes
    folds: list[int] = []
    whole = source_module.fold_checked
    monkeypatch.setattr(
        source_module, "fold_checked", lambda stored: folds.append(1) or whole(stored)
    )
    assert run(capsys, "--data-dir", root, "record", "1", "note again")[0] == 0
    assert folds == [1]  # not picked up: folded whole, then a true one kept
    monkeypatch.undo()
    with open_recording(store, sid, history=False) as rec:
        assert rec.session.history_from > 1
        assert rec.session.state == load_session(store, sid).state


def test_verify_finds_a_snapshot_the_journal_was_made_to_vouch_for(tmp_path, capsys):
    store, sid = _official(tmp_path)
    root = str(store.root)
    run(capsys, "--data-dir", root, "record", "1", "note first")
    vouch_as_writer(store, sid, forged_scores(store, sid))
    code, out, err = run(capsys, "--data-dir", root, "verify", "1")
    assert code == 1 and out == ""
    lines = store.path(sid).read_bytes().count(b"\n")  # the forged vouch line is the last
    assert err == (
        f"1: line {lines} of the file, the snapshot note after entry 13, holds numbers that"
        " are not what the entries give: it was forged after the entries were written\n"
    )


def test_tinydb_sees_every_entry_of_a_writer_opened_at_a_checkpoint(tmp_path, capsys):
    store, sid = _official(tmp_path)
    run(capsys, "--data-dir", str(store.root), "record", "1", "note first")
    with open_recording(store, sid, history=False) as rec:
        assert rec.session.history_from == 12
        assert len(rec._writer.db.table("events").all()) == 13


def test_the_list_and_statistics_after_records_from_a_checkpoint_are_a_folds(tmp_path, capsys):
    store, _ = _official(tmp_path)
    root = str(store.root)
    for text in ("note a", "round", "raise", "showdown C", "round", "note b"):
        assert run(capsys, "--data-dir", root, "record", "1", text)[0] == 0
    noted = (list_sessions(Store(store.root)), session_docs(Store(store.root)))
    for kept in store.root.glob("sessions/*.snap"):
        kept.unlink()
    assert noted == (list_sessions(Store(store.root)), session_docs(Store(store.root)))


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)))
def test_any_mix_recorded_from_checkpoints_gives_the_whole_folds_state(
    tmp_path_factory, capsys, data, game
):
    """Every entry of a generated session (undo, corrections, join/leave/rebuy …) sent
    through ``scorekeeper record`` one at a time: after each, the state a record starts
    from (picked up at the checkpoint) is the whole fold's state, and the list agrees."""
    played = build_session(data, game)
    root = tmp_path_factory.mktemp("resumed")
    store = Store(root)
    sid = create_session(store, played.header)
    resumed = 0
    for event in played.events:
        text = " ".join(map(quote, entry_words(played.game, event)))
        code, _, err = run(capsys, "--data-dir", str(root), "record", str(sid), text)
        assert code == 0, (text, err)
        with open_recording(store, sid, history=False) as rec:
            resumed += rec.session.history_from > 1
            whole = load_session(store, sid)
            assert rec.session.state == whole.state
            # the entries it folded again read as in the whole session's log (the app's)
            tail = rec.session.log()
            assert tail == whole.log()[len(whole.events) - len(tail) :]
            assert len(tail) >= min(LAG, len(whole.events)) or rec.session.history_from == 1
    assert len(load_session(store, sid).events) == len(played.events)
    noted = (list_sessions(Store(root)), session_docs(Store(root)))  # from the last close
    for kept in root.glob("sessions/*.snap"):
        kept.unlink()
    assert noted == (list_sessions(Store(root)), session_docs(Store(root)))
    if len(played.events) > 2 * SMALL and not any(
        e.kind in ("undo", "correct") for e in played.events
    ):
        assert resumed  # long enough, and nothing to send it back to the whole fold


def test_import_keeps_the_checkpoint_and_summaries_of_the_fold_it_made(
    tmp_path, monkeypatch, capsys
):
    """``import`` of a long transcript: the first opening, and listing it, read no more
    than any later one (no whole fold)."""
    from scorekeeper.core.transcript import write_transcript

    played = build_official(rounds=4)  # 12 entries
    path = tmp_path / "game.txt"
    path.write_text(write_transcript(played), encoding="utf-8")
    root = tmp_path / "data"
    code, out, err = run(capsys, "--data-dir", str(root), "import", str(path))
    assert code == 0, err
    store = Store(root)
    sid = int(out.strip())
    taken = _state(store, sid)
    assert taken is not None and taken.entries == 12 - LAG
    _fold_refused(monkeypatch)
    assert [s.rounds for s in list_sessions(store)] == [4]  # from the note
    with open_recording(store, sid, history=False) as rec:
        assert rec.session.history_from == 12 - LAG + 1
        assert rec.session.state == played.state


def build_official(rounds: int):
    from scorekeeper.core.header import make_header
    from scorekeeper.core.session import Session

    session = Session(make_header("indian-official", ["A", "B", "C", "D", "E"], {}))
    for _ in range(rounds):
        for entry in (Entry("round"), Entry("raise"), Entry("showdown", {"winner": "D"})):
            session.record(entry)
    return session


def test_a_session_picked_up_at_its_checkpoint_has_its_rate(tmp_path, monkeypatch, capsys):
    """The rate (issue 43) is part of the state a snapshot keeps: a rate entered long
    before the checkpoint is there when the session is picked up at it."""
    store = new_store(tmp_path)
    with open_recording(store, 1) as rec:
        rec.record(Entry("rate", {"amount": "10", "currency": "JPY"}))
        for _ in range(4):
            for entry in (Entry("round"), Entry("raise"), Entry("showdown", {"winner": "D"})):
                rec.record(entry)
    assert run(capsys, "--data-dir", str(store.root), "record", "1", "note first")[0] == 0
    taken = _state(store, 1)
    assert taken is not None and taken.entries > 1  # the rate lies below the checkpoint
    _fold_refused(monkeypatch)
    with open_recording(store, 1, history=False) as rec:
        assert rec.session.history_from > 2
        assert (rec.session.state.rate, rec.session.state.currency) == ("10", "JPY")
