"""A planted ``.torn`` file is never reported as a write that happened (issue 44 point 3).

When a writer sets an unfinished write aside, the journal records its length and SHA-256
in the same write as the entry after it. ``show``, ``verify`` and the app report a
``.torn`` file as a write set aside only when the journal records it; any other is said
to be a file this session never wrote. Today a file planted beside a session made them
report "unfinished writes were set aside" for a write that never happened.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.core.events import Entry
from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session, load_session, open_recording
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.table import TableScreen
from tests.cli_support import run

HALF = b'0123abcd {"set":{"events":{"4":{"seq":4,"kind":"fold","data":{"player":"B"'


def _session(tmp_path: Path) -> Store:
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", ["A", "B", "C", "D"], {}))
    with open_recording(store, 1) as rec:
        for entry in (Entry("round"), Entry("raise")):
            rec.record(entry)
    return store


def _torn(store: Store, name: str = ".torn") -> Path:
    path = store.path(1)
    return path.with_name(path.name + name)


@pytest.mark.parametrize("command", ["show", "verify"])
def test_a_planted_torn_file_is_not_reported_as_a_write_set_aside(tmp_path, capsys, command):
    store = _session(tmp_path)
    _torn(store).write_bytes(HALF)  # as a crash would have left it: never happened here
    code, _, err = run(capsys, "--data-dir", str(store.root), command, "1")
    assert code == 0
    assert "were set aside" not in err
    assert "never set a write aside there" in err and str(_torn(store)) in err


@pytest.mark.parametrize("command", ["show", "verify"])
def test_a_write_really_set_aside_is_reported_with_its_file(tmp_path, capsys, command):
    store = _session(tmp_path)
    with open(store.path(1), "ab") as journal:
        journal.write(HALF)  # a crash in the middle of writing entry 3
    assert run(capsys, "--data-dir", str(store.root), "record", "1", "fold B")[0] == 0
    assert _torn(store).read_bytes() == HALF
    code, _, err = run(capsys, "--data-dir", str(store.root), command, "1")
    assert code == 0
    assert "unfinished writes (1) were set aside in" in err and str(_torn(store)) in err
    assert "never set a write aside" not in err
    assert [e.kind for e in load_session(store, 1).events] == ["round", "raise", "fold"]


def test_a_torn_file_changed_after_it_was_set_aside_is_not_reported_as_one(tmp_path, capsys):
    store = _session(tmp_path)
    with open(store.path(1), "ab") as journal:
        journal.write(HALF)
    assert run(capsys, "--data-dir", str(store.root), "record", "1", "fold B")[0] == 0
    _torn(store).write_bytes(HALF.replace(b'"B"', b'"C"'))  # a write that never was
    _torn(store, ".torn-2").write_bytes(HALF + b"more")
    code, _, err = run(capsys, "--data-dir", str(store.root), "show", "1")
    assert code == 0 and "were set aside" not in err
    assert str(_torn(store)) in err and str(_torn(store, ".torn-2")) in err


def test_the_journal_records_the_write_it_set_aside_with_the_next_entry(tmp_path):
    store = _session(tmp_path)
    with open(store.path(1), "ab") as journal:
        journal.write(HALF)
    with open_recording(store, 1) as rec:
        rec.record(Entry("fold", {"player": "B"}))
    assert store.set_aside(1) == [_torn(store)]
    assert store.not_set_aside(1) == []
    assert run_verify_ok(store)


def run_verify_ok(store: Store) -> bool:
    from scorekeeper.cli.main import main

    return main(["--data-dir", str(store.root), "verify", "1"]) == 0


@pytest.mark.usefixtures("steady_screen")
@pytest.mark.parametrize("name", [".torn", ".torn[@click=app.quit]x[bold]"])
async def test_the_app_says_a_planted_torn_file_is_not_this_sessions(tmp_path, monkeypatch, name):
    store = _session(tmp_path)
    _torn(store, name).write_bytes(HALF)
    said: list[tuple[str, bool]] = []

    def notify(self, message: str, *, markup: bool = True, **_: object) -> None:
        said.append((message, markup))

    monkeypatch.setattr(ScorekeeperApp, "notify", notify)
    app = ScorekeeperApp(store, 1)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
    assert not any("were set aside" in message for message, _ in said)
    (told,) = [(m, markup) for m, markup in said if "never set a write aside there" in m]
    assert told == (told[0], False) and name in told[0]  # the file's name as it is, no markup


@pytest.mark.parametrize("sealed", ["none", "garbage", "another key"])
def test_an_aside_note_appended_by_hand_beside_a_planted_file_is_not_believed(
    tmp_path, capsys, sealed
):
    """The aside note is not chained: only a seal of this installation's key makes it the
    journal's word, so one appended by whoever can write the data folder reports nothing."""
    import hashlib

    from scorekeeper.storage.journal import ASIDE_TABLE, aside_place
    from scorekeeper.storage.journal_format import encode
    from scorekeeper.storage.seal import FIELD, Sealer

    store = _session(tmp_path)
    _torn(store).write_bytes(HALF)
    note: dict[str, object] = {"bytes": len(HALF), "sha256": hashlib.sha256(HALF).hexdigest()}
    offset = str(store.path(1).stat().st_size)
    if sealed == "garbage":
        note[FIELD] = "0" * 64
    elif sealed == "another key":
        note[FIELD] = Sealer(b"k" * 32).seal(aside_place(offset), note)
    with open(store.path(1), "ab") as journal:
        journal.write(encode({"set": {ASIDE_TABLE: {offset: note}}})[0])
    code, _, err = run(capsys, "--data-dir", str(store.root), "show", "1")
    assert code == 0
    assert "were set aside" not in err
    assert "never set a write aside there" in err
