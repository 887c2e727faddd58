"""A long session opens at its state checkpoint (issue 15): the table, the log of the
latest entries and an undo of them straight away; the timeline, the standings, an
export, a correction and an undo of an older entry after reading every entry, the table
saying so meanwhile; and the app keeps the checkpoint up as it leaves the table."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, ProgressBar

import scorekeeper.services.session_source as source_module
from scorekeeper.core.events import Entry
from scorekeeper.services.recording import load_session, open_recording
from scorekeeper.storage import Store, snapshot
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.history import ReadingHistory
from scorekeeper.ui.screens.standings import StandingsScreen
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.screens.timeline import TimelineScreen
from scorekeeper.ui.widgets.log import LogPanel
from tests.journal_support import forged_scores
from tests.ui_support import new_store, type_burst

pytestmark = pytest.mark.usefixtures("steady_screen")

LAG = 3


@pytest.fixture(autouse=True)
def _small_checkpoints(monkeypatch):
    monkeypatch.setattr(snapshot, "STATE_AT_LEAST", 4)
    monkeypatch.setattr(snapshot, "STATE_EVERY", 4)
    monkeypatch.setattr(snapshot, "STATE_LAG", LAG)


def _long(tmp_path, rounds: int = 5) -> tuple[Store, int]:
    """Session 1: *rounds* rounds of the official game (3 entries each), recorded and
    closed as the app does, so a checkpoint is kept LAG entries behind the last."""
    store = new_store(tmp_path)
    with open_recording(store, 1, history=False) as rec:
        for _ in range(rounds):
            for entry in (Entry("round"), Entry("raise"), Entry("showdown", {"winner": "D"})):
                rec.record(entry)
    taken = _state(store, 1)
    assert taken is not None and taken.entries == 3 * rounds - LAG
    return store, 1


def _state(store: Store, sid: int) -> snapshot.StateAt | None:
    from tests.journal_support import kept_state

    return kept_state(store, sid)


def _no_whole_fold(monkeypatch) -> list[int]:
    """Count whole folds (the history read), and let them happen."""
    folds: list[int] = []
    real = source_module.fold_checked

    def counted(stored, *progress):
        folds.append(stored.id)
        return real(stored, *progress)

    monkeypatch.setattr(source_module, "fold_checked", counted)
    return folds


async def _until(pilot, test, tries: int = 200) -> None:
    """Until *test* holds, then until the app is idle: a screen just shown has set its
    title, and Textual's Header shows it in a callback of its own; leaving before that
    ran failed the app's exit now and then under load (the header's parts were gone)."""
    for _ in range(tries):
        if test():
            await pilot.pause()
            return
        await pilot.pause(0.02)
    raise AssertionError("not shown in time")


def _log_text(app: ScorekeeperApp) -> str:
    return str(app.screen.query_one(LogPanel).render())


async def test_opens_at_the_checkpoint_with_the_latest_entries_in_the_log(tmp_path, monkeypatch):
    store, sid = _long(tmp_path)
    whole = load_session(store, sid)
    folds = _no_whole_fold(monkeypatch)
    app = ScorekeeperApp(store, sid)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        session = screen.recording.session
        assert folds == []  # nothing but the entries after the checkpoint was read
        assert session.history_from == 15 - LAG + 1
        assert session.state == whole.state
        assert _log_text(app).splitlines()[-4:] == [
            "Entries #1–#12: press i for the timeline",
            *(
                f"{e.at.astimezone():%H:%M:%S} A {text}"
                for e, text in zip(
                    whole.events[-LAG:],
                    ["round 5 begins, E is parent", "stake 10 → 20", "showdown at 20: D wins"],
                    strict=True,
                )
            ),
        ]


async def test_an_undo_of_a_latest_entry_needs_nothing_more(tmp_path, monkeypatch):
    store, sid = _long(tmp_path)
    folds = _no_whole_fold(monkeypatch)
    app = ScorekeeperApp(store, sid)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(LAG):  # the LAG entries folded again can all be undone
            await type_burst(pilot, ["u"])
            await pilot.pause()
            await type_burst(pilot, ["y"])
            await pilot.pause()
        assert folds == []
        assert not isinstance(app.screen, ReadingHistory)
    whole = load_session(store, sid)
    assert [e.kind for e in whole.events[-LAG:]] == ["undo"] * LAG
    assert whole.state.round == 4 and not whole.state.in_round  # back to after round 4


async def test_an_undo_below_reads_every_entry_first_then_asks(tmp_path, monkeypatch):
    store, sid = _long(tmp_path)
    folds = _no_whole_fold(monkeypatch)
    app = ScorekeeperApp(store, sid)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(LAG):
            await type_burst(pilot, ["u", "y"])
            await pilot.pause()
        await type_burst(pilot, ["u"])  # entry 12 is below: every entry is read first
        await _until(pilot, lambda: folds and not isinstance(app.screen, ReadingHistory))
        assert folds == [sid]
        assert app.screen.query_one(".dialog-question").render()  # the undo question
        assert "#12" in str(app.screen.query_one(".dialog-question").render())
        await type_burst(pilot, ["y"])
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.screen.recording.session.history_from == 1
    whole = load_session(store, sid)
    assert whole.voided()[12] == 19


async def test_the_timeline_waits_for_every_entry_saying_so(tmp_path, monkeypatch):
    store, sid = _long(tmp_path)
    folds = _no_whole_fold(monkeypatch)
    gate = __import__("threading").Event()
    real = source_module.fold_checked

    def slow(stored, *progress):
        assert gate.wait(30)
        return real(stored, *progress)  # counted, above

    monkeypatch.setattr(source_module, "fold_checked", slow)
    app = ScorekeeperApp(store, sid)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_burst(pilot, ["i"])
        await pilot.pause()
        assert isinstance(app.screen, ReadingHistory)
        text = str(app.screen.query_one("#history-text").render())
        assert text == "Reading all 15 entries of session 1…"
        gate.set()
        await _until(pilot, lambda: isinstance(app.screen, TimelineScreen))
        rows = app.screen.query_one("#timeline-table", DataTable)
        await _until(pilot, lambda: rows.row_count == 15)
    assert folds == [sid]


async def test_the_bar_advances_to_every_entry_as_they_are_folded(tmp_path, monkeypatch):
    """ "Reading all N entries…" has a ProgressBar of N, told by the fold as it goes: it
    reaches N (held on screen here until the test has seen it)."""
    store, sid = _long(tmp_path)
    gate = __import__("threading").Event()
    real = source_module.fold_checked
    told: list[tuple[int, int]] = []

    def held(stored, progress=None):
        def tell(done: int, total: int) -> None:
            told.append((done, total))
            if progress is not None:
                progress(done, total)

        folded = real(stored, tell)
        assert gate.wait(30)
        return folded

    monkeypatch.setattr(source_module, "fold_checked", held)
    app = ScorekeeperApp(store, sid)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_burst(pilot, ["i"])
        await pilot.pause()
        assert isinstance(app.screen, ReadingHistory)
        bar = app.screen.query_one("#history-bar", ProgressBar)
        assert bar.total == 15
        await _until(pilot, lambda: bar.progress == 15)
        assert told[-1] == (15, 15)
        gate.set()
        await _until(pilot, lambda: isinstance(app.screen, TimelineScreen))
        rows = app.screen.query_one("#timeline-table", DataTable)
        await _until(pilot, lambda: rows.row_count == 15)


async def test_leaving_the_table_keeps_the_checkpoint_up(tmp_path):
    store, sid = _long(tmp_path)
    app = ScorekeeperApp(store, sid)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for number in range(6):  # past EVERY entries since the checkpoint
            assert app.screen.record(Entry("note", {"text": f"note {number}"})) is not None
        await type_burst(pilot, ["escape"])
        await pilot.pause()
    app.finish_writing()
    entries = len(load_session(store, sid).events)
    taken = _state(store, sid)
    assert taken is not None and taken.entries == entries - LAG
    with open_recording(store, sid, history=False) as rec:
        assert rec.session.state == load_session(store, sid).state


async def test_a_snapshot_forged_beside_the_journal_is_not_used(tmp_path, monkeypatch):
    """The journal does not name the forged bytes: the table is the entries' own, from a
    whole fold, and nothing is said (a hint that fails costs time only)."""
    store, sid = _long(tmp_path)
    store.keep_snapshot(sid, forged_scores(store, sid))
    folds = _no_whole_fold(monkeypatch)
    app = ScorekeeperApp(store, sid)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert folds == [sid]
        assert app.screen.state == load_session(store, sid).state
        assert str(app.screen.query_one("#message").render()) == ""
        await type_burst(pilot, ["escape"])
        await pilot.pause()
    app.finish_writing()  # a true one, vouched for, is kept as the table is left
    with open_recording(store, sid, history=False) as rec:
        assert rec.session.history_from > 1
        assert rec.session.state == load_session(store, sid).state


async def test_a_snapshot_the_journal_was_rewritten_to_vouch_for_is_found(tmp_path, monkeypatch):
    """Only rewriting the journal can make it vouch for forged bytes: the app then opens
    from them, and the first whole read finds them out, says so, and goes on from the
    entries alone. (The background fold after opening finds them first: tests/
    test_recheck.py; held off here, so that the whole read a key asks for is shown.)"""
    import scorekeeper.services.recheck as rechecking
    from tests.journal_support import vouch_as_writer

    monkeypatch.setattr(rechecking, "recheck", lambda opened, *stopped: None)
    store, sid = _long(tmp_path)
    vouch_as_writer(store, sid, forged_scores(store, sid))
    app = ScorekeeperApp(store, sid)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.state != load_session(store, sid).state  # the forged scores
        await type_burst(pilot, ["t"])
        await _until(pilot, lambda: isinstance(app.screen, StandingsScreen))
        await type_burst(pilot, ["escape"])
        await pilot.pause()
        message = str(app.screen.query_one("#message").render())
        assert message == (
            "session 1: its journal vouches for a snapshot that is not what its entries give"
            " (a line of the file was forged); the session is now read from its entries"
            " alone. scorekeeper verify 1 says more"
        )
        assert app.screen.state == load_session(store, sid).state  # the entries' own
    app.finish_writing()  # and a true one is taken as the table is left
    with open_recording(store, sid, history=False) as rec:
        assert rec.session.history_from > 1
        assert rec.session.state == load_session(store, sid).state


@pytest.mark.parametrize(("key", "shown"), [("ctrl+e", "ExportDialog"), ("ctrl+r", "TextDialog")])
async def test_an_export_and_a_correction_read_every_entry_first(tmp_path, monkeypatch, key, shown):
    """Both need every entry (an export writes them all; a correction replays its round):
    read first, then the dialog, on the whole session."""
    store, sid = _long(tmp_path)
    folds = _no_whole_fold(monkeypatch)
    app = ScorekeeperApp(store, sid)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        await type_burst(pilot, [key])
        await _until(pilot, lambda: type(app.screen).__name__ == shown)
        assert folds == [sid]
        assert table.recording.session.history_from == 1
        assert len(table.recording.session.events) == 15
