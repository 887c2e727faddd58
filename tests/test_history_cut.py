"""A snapshot whose history lines are cut or changed costs a fold, never a traceback
(issue 44 point 3, first bullet).

A writer (the app, ``record``) opens a long session at its snapshot's state and reads a
history (the round results, the stake changes) from the file only when something reads
it. Today a Pochen table reads its results as it is drawn, and a history cut short or
changed in the file raised ``HistoryNotVouched`` out of the app. Whoever reads such a
history now gets the text the fold of every entry gives, and the next snapshot is true.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.core.events import Entry
from scorekeeper.services.recording import load_session, open_recording
from scorekeeper.services.showing import Followed
from scorekeeper.storage import Store, snapshot
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.table import TableScreen
from tests.cli_support import run

pytestmark = pytest.mark.usefixtures("steady_screen")

EVERY = 8


@pytest.fixture(autouse=True)
def _small_states(monkeypatch):
    monkeypatch.setattr(snapshot, "STATE_AT_LEAST", EVERY)
    monkeypatch.setattr(snapshot, "STATE_EVERY", EVERY)
    monkeypatch.setattr(snapshot, "STATE_LAG", 2)


def _pochen_deals(deals: int) -> str:
    """A Pochen transcript of *deals* whole deals (a claim, everyone passes, one goes out)."""
    lines = ["game pochen", "players A B C D", "option stack 100000", "recorder A"]
    for n in range(deals):
        seats = ["ABCD"[(n + 1 + k) % 4] for k in range(4)]
        lines += ["round", "turned 8D", "claim B ace", *(f"pass {p}" for p in seats)]
        lines.append(f"out {seats[0]}")
    return "\n".join(lines) + "\n"


def _official_rounds(rounds: int) -> str:
    lines = ["game indian-official", "players A B C D", "recorder A"]
    for _ in range(rounds):
        lines += ["round", "raise", "showdown D"]
    return "\n".join(lines) + "\n"


TRANSCRIPTS = {"pochen": _pochen_deals(6), "indian-official": _official_rounds(12)}


def _stored(tmp_path: Path, capsys, game: str) -> Store:
    """Session 1 imported, with a snapshot whose state its journal vouches for."""
    source = tmp_path / f"{game}.txt"
    source.write_text(TRANSCRIPTS[game], encoding="utf-8")
    root = tmp_path / "data"
    assert run(capsys, "--data-dir", str(root), "import", str(source))[0] == 0
    store = Store(root)
    assert snapshot.load_seekable(store.path(1)) is not None
    return store


def _cut(store: Store) -> None:
    """The snapshot's first history (line 3, the round results) cut in half: the file ends
    there, as a copy stopped half-way leaves it."""
    path = snapshot.path_of(store.path(1))
    lines = path.read_bytes().split(b"\n")
    assert len(lines[2]) > 20
    path.write_bytes(b"\n".join([*lines[:2], lines[2][: len(lines[2]) // 2]]))


def _changed(store: Store) -> None:
    """One byte of each history changed in place (the same length)."""
    path = snapshot.path_of(store.path(1))
    lines = path.read_bytes().split(b"\n")
    for n in range(2, len(lines)):
        if len(lines[n]) > 2:
            at = lines[n].index(b"1")
            lines[n] = lines[n][:at] + b"2" + lines[n][at + 1 :]
    path.write_bytes(b"\n".join(lines))


DAMAGE = {"cut": _cut, "changed": _changed}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
async def test_a_pochen_session_with_its_histories_damaged_opens_in_the_app(
    tmp_path, capsys, damage
):
    store = _stored(tmp_path, capsys, "pochen")
    whole = load_session(store, 1)
    DAMAGE[damage](store)
    app = ScorekeeperApp(store, 1)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        state = screen.recording.session.state
        assert state.results.to_list() == whole.state.results.to_list()
        assert state.board == whole.state.board
        await pilot.press("n")  # the next deal, recorded as any other
        await pilot.pause()
    after = load_session(store, 1)
    assert [e.kind for e in after.events] == [*(e.kind for e in whole.events), "round"]
    # the snapshot kept as the table closed is one the journal vouches for, and true
    assert run(capsys, "--data-dir", str(store.root), "verify", "1")[0] == 0


@pytest.mark.parametrize("game", sorted(TRANSCRIPTS))
@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_every_history_read_by_a_writer_is_the_entries_when_the_file_lies(
    tmp_path, capsys, game, damage
):
    store = _stored(tmp_path, capsys, game)
    whole = load_session(store, 1)
    DAMAGE[damage](store)
    with open_recording(store, 1, history=False) as rec:
        assert rec.session.history_from > 1  # opened at the snapshot's state
        state = rec.session.state
        assert state.results.to_list() == whole.state.results.to_list()
        assert state.stake_history.to_list() == whole.state.stake_history.to_list()
        rec.record(Entry("note", {"text": "after"}))
    after = load_session(store, 1)
    assert after.state.results.to_list() == whole.state.results.to_list()
    kept = snapshot.load_seekable(store.path(1))
    assert kept is not None  # a new, true state was kept as it closed
    texts = [history.text() for history in kept.taken.apart]  # each checks against its line
    assert len(texts) == len(kept.taken.apart)


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_the_commands_on_a_pochen_session_with_its_histories_damaged(tmp_path, capsys, damage):
    store = _stored(tmp_path, capsys, "pochen")
    root = str(store.root)
    _, shown, _ = run(capsys, "--data-dir", root, "show", "1")
    DAMAGE[damage](store)
    code, out, err = run(capsys, "--data-dir", root, "record", "1", "round")
    assert (code, err) == (0, "")
    assert "round 7" in out
    for command in (["show", "1"], ["verify", "1"], ["timeline", "1"], ["list"]):
        code, out, err = run(capsys, "--data-dir", root, *command)
        assert code == 0 and "Traceback" not in err, (command, err)
    assert run(capsys, "--data-dir", root, "record", "1", "undo")[0] == 0
    assert run(capsys, "--data-dir", root, "show", "1")[1] == shown
    # the table display and the phones' page follow it from the whole fold
    assert Followed(store, 1, history=False).session.state == load_session(store, 1).state
