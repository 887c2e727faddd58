"""Derived numbers nobody can forge from the data folder (issue 44 point 1): every vouch
line a writer or a listing appends is sealed with this installation's key
(storage/seal.py), and readers trust derived state only under a seal that checks.

One self-chained vouch line appended to a journal, holding invented summaries and naming a
planted snapshot with invented scores (as ``main`` before seals trusted it), changes no
number any view shows and no line any writer writes; ``verify`` keeps failing on it
whatever is recorded after it. A journal copied to another installation opens with the
right numbers and is sealed again by its next writer; an unsealed journal of an older
version still opens. The key file: 0600, made once, racing makers agree, a bad one
trusted for nothing and never replaced. These tests count work and compare outputs,
never time."""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import shutil
import stat

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import scorekeeper.services.session_source as source_module
from scorekeeper.core.events import Entry
from scorekeeper.core.words import entry_words, quote
from scorekeeper.services.recording import create_session, load_session, open_recording
from scorekeeper.services.session_summary import LIST_KIND
from scorekeeper.services.summary_docs import summaries_of
from scorekeeper.storage import Store, snapshot
from scorekeeper.storage.hashchain import sealed, verify
from scorekeeper.storage.journal_format import encode
from tests.cli_support import run
from tests.journal_support import forged_scores, kept_state, vouch_as_writer
from tests.session_gen import GAMES, build_session
from tests.ui_support import new_store

EVERY = 8  # entries before a state is kept, and between two
LAG = 2  # entries a state is taken behind the last


@pytest.fixture(autouse=True)
def _small_states(monkeypatch):
    monkeypatch.setattr(snapshot, "STATE_AT_LEAST", EVERY)
    monkeypatch.setattr(snapshot, "STATE_EVERY", EVERY)
    monkeypatch.setattr(snapshot, "STATE_LAG", LAG)


def _long(tmp_path, capsys, rounds: int = 12) -> tuple[Store, int]:
    """Session 1: *rounds* rounds, then one ``record`` that keeps a state and a sealed
    vouch line naming it."""
    store = new_store(tmp_path)
    with open_recording(store, 1) as rec:
        for _ in range(rounds):
            for entry in (Entry("round"), Entry("raise"), Entry("showdown", {"winner": "D"})):
                rec.record(entry)
    assert run(capsys, "--data-dir", str(store.root), "record", "1", "note first")[0] == 0
    assert kept_state(store, 1) is not None
    assert store.vouched_summaries(1) is not None
    return store, 1


def _invented(summaries: dict) -> dict:
    """*summaries* with every number moved and another leader: what a forger wants shown."""
    moved = json.loads(json.dumps(summaries))
    for kind in moved.values():
        if "rounds" in kind:
            kind["rounds"] += 100
            kind["leader"] = "A"
        players = kind.get("players")
        for numbers in players.values() if isinstance(players, dict) else ():
            for name, value in numbers.items():
                if type(value) is int:
                    numbers[name] = value + 1000
    assert moved != summaries
    return moved


def _forge(store: Store, sid: int, *, seal: str | None = None, state: bool = True) -> int:
    """Append one vouch line, chained on to the journal's last line, holding invented
    summaries and naming a planted snapshot with invented scores: the form ``main`` wrote
    before seals (*seal*: with that string as a seal, and the fields sealed lines hold).
    Returns its line number in the journal."""
    summaries = _invented(store.vouched_summaries(sid) or _true_summaries(store, sid))
    digest, taken = None, None
    if state:
        data = forged_scores(store, sid)
        store.keep_snapshot(sid, data)
        line2 = data.split(b"\n")[1]
        digest = hashlib.sha256(line2).hexdigest()
        taken = snapshot.seekable_state_of(line2).entries
    stored = store.read(sid)
    tip = verify(stored.header, stored.events, stored.vouches).tip
    path = store.path(sid)
    size = path.stat().st_size
    body = {"after": len(stored.events), "size": size, "state": digest, "summaries": summaries}
    if seal is not None:
        body |= {"taken": taken, "seal": seal}
    line = encode({"set": {"vouches": {str(size): sealed(tip, body)}}})[0]
    path.write_bytes(path.read_bytes() + line)
    return path.read_bytes().count(b"\n")


def _true_summaries(store: Store, sid: int) -> dict:
    return json.loads(json.dumps(summaries_of(load_session(store, sid), sid)))


def _views(capsys, store: Store) -> list[tuple[int, str, str]]:
    root = str(store.root)
    return [
        run(capsys, "--data-dir", root, "list"),
        run(capsys, "--data-dir", root, "stats"),
        run(capsys, "--data-dir", root, "show", "1"),
        run(capsys, "--data-dir", root, "show", "1", "--json"),
    ]


FORGERIES = {"unsealed": None, "wrong-seal": "0" * 64}


@pytest.mark.parametrize("seal", FORGERIES.values(), ids=FORGERIES.keys())
def test_a_forged_vouch_line_changes_no_number_shown(tmp_path, capsys, seal):
    store, sid = _long(tmp_path, capsys)
    truth = _views(capsys, store)
    _forge(store, sid, seal=seal)
    assert store.vouched_summaries(sid) is None  # the list folds the entries instead
    assert _views(capsys, store) == truth


@pytest.mark.usefixtures("steady_screen")
async def test_the_start_screen_lists_the_entries_numbers_not_a_forged_line(tmp_path, capsys):
    from textual.widgets import DataTable

    from tests.ui_support import app_recording_opens

    store, sid = _long(tmp_path, capsys)

    async def listed() -> list[list[str]]:
        app, _ = app_recording_opens(store)
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            table = app.screen.query_one("#start-table", DataTable)
            return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]

    truth = await listed()
    _forge(store, sid)
    assert await listed() == truth
    assert truth and truth[0][3] == str(len(load_session(store, sid).state.results))


@pytest.mark.parametrize("seal", FORGERIES.values(), ids=FORGERIES.keys())
def test_record_after_a_forged_vouch_line_writes_only_what_it_folded(
    tmp_path, capsys, monkeypatch, seal
):
    store, sid = _long(tmp_path, capsys)
    forged_line = _forge(store, sid, seal=seal)
    forged_state = store.read(sid).vouches[-1]["state"]
    folds: list[int] = []
    whole = source_module.fold_checked
    monkeypatch.setattr(
        source_module, "fold_checked", lambda stored: folds.append(1) or whole(stored)
    )
    assert run(capsys, "--data-dir", str(store.root), "record", "1", "round")[0] == 0
    assert folds == [1]  # the forged state was not resumed at: every entry folded
    monkeypatch.setattr(source_module, "fold_checked", whole)
    last = store.read(sid).vouches[-1]
    assert last["summaries"] == _true_summaries(store, sid)
    assert last["state"] != forged_state
    assert (
        last["state"]
        == hashlib.sha256(
            snapshot.encode_seekable(kept_state(store, sid))[0].split(b"\n")[1]
        ).hexdigest()
    )
    assert store.vouched_summaries(sid) == _true_summaries(store, sid)
    with open_recording(store, sid, history=False) as rec:  # resumed at the true state now
        assert rec.session.history_from > 1
        assert rec.session.state == load_session(store, sid).state
    assert forged_line < store.path(sid).read_bytes().count(b"\n")


@pytest.mark.parametrize("seal", FORGERIES.values(), ids=FORGERIES.keys())
def test_the_phones_page_and_the_app_open_at_the_entries_not_a_forged_state(tmp_path, capsys, seal):
    """The phones' page (services/showing.py Followed) and the app (a Recording without
    history) open a long session at a state only a sealed vouch line names."""
    from scorekeeper.services.showing import Followed

    store, sid = _long(tmp_path, capsys)
    assert Followed(store, sid, history=False).session.history_from > 1  # sealed: used
    _forge(store, sid, seal=seal)
    whole = load_session(store, sid)
    followed = Followed(store, sid, history=False)
    assert followed.session.history_from == 1 and followed.session.state == whole.state
    with open_recording(store, sid, history=False, later=lambda job: job()) as rec:
        assert rec.session.history_from == 1 and rec.session.state == whole.state


@pytest.mark.parametrize("seal", FORGERIES.values(), ids=FORGERIES.keys())
def test_verify_keeps_failing_on_a_forged_vouch_line_whatever_is_recorded_after(
    tmp_path, capsys, seal
):
    store, sid = _long(tmp_path, capsys)
    root = str(store.root)
    line = _forge(store, sid, seal=seal)
    after = len(store.read(sid).events)
    said = (
        f"1: line {line} of the file, the snapshot note after entry {after}, holds numbers"
        " that are not what the entries give: it was forged after the entries were written\n"
    )
    assert run(capsys, "--data-dir", root, "record", "1", "round")[0] == 0
    assert run(capsys, "--data-dir", root, "verify", "1") == (1, "", said)
    for _ in range(10):
        assert run(capsys, "--data-dir", root, "record", "1", "note again")[0] == 0
    assert run(capsys, "--data-dir", root, "verify", "1") == (1, "", said)


def test_verify_fails_on_a_forged_summary_with_no_state_too(tmp_path, capsys):
    store, sid = _long(tmp_path, capsys)
    root = str(store.root)
    line = _forge(store, sid, state=False)
    for _ in range(3):
        assert run(capsys, "--data-dir", root, "record", "1", "note again")[0] == 0
    code, out, err = run(capsys, "--data-dir", root, "verify", "1")
    assert (code, out) == (1, "") and f"line {line} of the file" in err


def test_verify_fails_on_a_forgery_sealed_with_the_key_too(tmp_path, capsys):
    """One who holds the key too (it is the user's own) can make the writer resume at a
    forged state; ``verify`` checks every vouch line whatever its seal, and keeps failing."""
    store, sid = _long(tmp_path, capsys)
    root = str(store.root)
    vouch_as_writer(store, sid, forged_scores(store, sid))
    for _ in range(10):
        assert run(capsys, "--data-dir", root, "record", "1", "note again")[0] == 0
    code, out, err = run(capsys, "--data-dir", root, "verify", "1")
    assert (code, out) == (1, "") and "holds numbers that are not what the entries give" in err


def test_verify_passes_a_session_every_writer_sealed(tmp_path, capsys):
    store, sid = _long(tmp_path, capsys)
    root = str(store.root)
    for _ in range(12):
        assert run(capsys, "--data-dir", root, "record", "1", "round", "showdown D")[0] == 0
    assert len({v["state"] for v in store.read(sid).vouches if v["state"]}) > 2
    code, _, err = run(capsys, "--data-dir", root, "verify", "1")
    assert (code, err) == (0, "")


def test_a_journal_copied_to_another_installation_opens_right_and_is_sealed_again(
    tmp_path, capsys, monkeypatch
):
    from scorekeeper.storage.seal import FILE, Sealer

    store, sid = _long(tmp_path, capsys)
    truth = _views(capsys, store)
    copy, listed = tmp_path / "copied", tmp_path / "listed"
    shutil.copytree(store.root, copy)
    shutil.copytree(store.root, listed)
    monkeypatch.setenv("SCOREKEEPER_CONFIG", str(tmp_path / "other-machine"))
    there = Store(copy)
    assert there.vouched_summaries(sid) is None  # sealed with another key: folded
    folds: list[int] = []
    whole = source_module.fold_checked
    monkeypatch.setattr(
        source_module, "fold_checked", lambda stored: folds.append(1) or whole(stored)
    )
    with open_recording(there, sid, history=False) as rec:
        assert rec.session.history_from == 1  # its state not trusted here: folded whole
        rec.record(Entry("round"))
    assert folds == [1]
    sealed_here = there.vouched_summaries(sid)
    with open_recording(there, sid, history=False) as rec:
        assert rec.session.history_from > 1  # and resumed at its state from now on
    assert folds == [1]
    assert sealed_here == _true_summaries(there, sid)  # sealed here now
    home = Store(copy, Sealer(path=tmp_path / "user-config" / FILE))
    assert home.vouched_summaries(sid) is None  # nor is the first machine's key good here
    monkeypatch.setattr(source_module, "fold_checked", whole)
    # listed there, the same numbers as here (the listing folds, then seals)
    assert _views(capsys, Store(listed)) == [
        (code, out.replace(str(store.root), str(listed)), err) for code, out, err in truth
    ]
    assert Store(listed).vouched_summaries(sid) == _true_summaries(store, sid)


def test_an_unsealed_journal_of_an_older_version_opens_and_is_sealed_again(tmp_path, capsys):
    """A journal whose last line is a vouch line as versions before seals wrote it (the
    true summaries, chained, no seal): listed from its entries, then sealed."""
    store = new_store(tmp_path)
    with open_recording(store, 1, keep=False) as rec:
        for entry in (Entry("round"), Entry("raise"), Entry("showdown", {"winner": "D"})):
            rec.record(entry)
    stored = store.read(1)
    tip = verify(stored.header, stored.events, stored.vouches).tip
    size = store.path(1).stat().st_size
    body = {"after": 3, "size": size, "state": None, "summaries": _true_summaries(store, 1)}
    line = encode({"set": {"vouches": {str(size): sealed(tip, body)}}})[0]
    store.path(1).write_bytes(store.path(1).read_bytes() + line)
    root = str(store.root)
    assert store.vouched_summaries(1) is None
    code, out, _ = run(capsys, "--data-dir", root, "list")
    assert code == 0 and "A B C D E" in out
    assert store.vouched_summaries(1) == _true_summaries(store, 1)  # the listing sealed it
    assert run(capsys, "--data-dir", root, "verify", "1")[0] == 0


# --- the key file -------------------------------------------------------------------


def test_the_key_is_made_once_readable_by_the_user_alone(tmp_path, capsys):
    from scorekeeper.storage.seal import FILE, KEY_BYTES

    store, _ = _long(tmp_path, capsys)
    path = tmp_path / "user-config" / FILE
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    key = path.read_bytes()
    assert len(key) == KEY_BYTES
    assert run(capsys, "--data-dir", str(store.root), "record", "1", "round")[0] == 0
    assert path.read_bytes() == key
    assert not any(store.root.rglob(FILE))  # never in the data folder
    assert [p.name for p in path.parent.iterdir() if p.name.startswith(".")] == []


def test_the_key_is_never_in_the_data_folder_even_with_scorekeeper_home(tmp_path, monkeypatch):
    from scorekeeper.storage.seal import FILE, Sealer

    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    assert Sealer().path == tmp_path / "user-config" / FILE
    monkeypatch.delenv("SCOREKEEPER_CONFIG")
    assert tmp_path / "home" not in Sealer().path.parents


def _make_racing(path: str, barrier, results) -> None:
    from pathlib import Path

    from scorekeeper.storage.seal import make_key

    barrier.wait()
    key = make_key(Path(path))
    results.put(key.hex() if key is not None else None)


def test_racing_makers_agree_on_one_key(tmp_path):
    from scorekeeper.storage.seal import FILE

    context = multiprocessing.get_context("fork")
    path = tmp_path / "config" / FILE
    makers = 6
    barrier, results = context.Barrier(makers), context.Queue()
    processes = [
        context.Process(target=_make_racing, args=(str(path), barrier, results))
        for _ in range(makers)
    ]
    for process in processes:
        process.start()
    found = {results.get(timeout=60) for _ in processes}
    for process in processes:
        process.join()
    assert found == {path.read_bytes().hex()}
    assert [p.name for p in path.parent.iterdir()] == [FILE]  # no temporary file left


def _bad_key(path, how: str) -> None:
    from scorekeeper.storage.seal import KEY_BYTES

    path.parent.mkdir(parents=True, exist_ok=True)
    if how == "short":
        path.write_bytes(b"k" * (KEY_BYTES - 1))
    elif how == "long":
        path.write_bytes(b"k" * (KEY_BYTES + 1))
    elif how == "empty":
        path.write_bytes(b"")
    elif how == "folder":
        path.mkdir()
    elif how == "fifo":
        os.mkfifo(path)
    elif how == "dangling":
        path.symlink_to(path.parent / "nowhere")


@pytest.mark.parametrize("how", ["short", "long", "empty", "folder", "fifo", "dangling"])
def test_a_bad_key_file_trusts_nothing_fails_nothing_and_is_kept(tmp_path, capsys, how):
    from scorekeeper.storage.seal import FILE, make_key, read_key

    path = tmp_path / "user-config" / FILE
    _bad_key(path, how)
    before = os.lstat(path)
    assert read_key(path) is None and make_key(path) is None
    store = new_store(tmp_path)
    root = str(store.root)
    for _ in range(3):
        assert run(capsys, "--data-dir", root, "record", "1", "round", "showdown D")[0] == 0
    assert store.vouched_summaries(1) is None  # nothing sealed, nothing trusted
    code, out, err = run(capsys, "--data-dir", root, "list")
    assert code == 0 and "Traceback" not in err and "A B C D E" in out
    size = store.path(1).stat().st_size
    assert run(capsys, "--data-dir", root, "list") == (code, out, err)
    assert store.path(1).stat().st_size == size  # no vouch line per listing
    assert run(capsys, "--data-dir", root, "verify", "1")[0] == 0
    with open_recording(store, 1, history=False) as rec:
        assert rec.session.history_from == 1
        assert rec.session.state == load_session(store, 1).state
    after = os.lstat(path)
    assert (after.st_ino, after.st_mode, after.st_size) == (
        before.st_ino,
        before.st_mode,
        before.st_size,
    )


# --- a property over every game -------------------------------------------------------


@settings(
    max_examples=10,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)))
def test_forged_vouch_lines_at_any_place_never_move_a_number(tmp_path_factory, capsys, data, game):
    """Sessions of every game the registry has, recorded an entry per ``record``, with
    unsealed forged vouch lines chained in at generated places: the list, the statistics
    and the state every writer opens at are the entries' own, and ``verify`` fails."""
    played = build_session(data, game)
    root = tmp_path_factory.mktemp("forged")
    store = Store(root)
    sid = create_session(store, played.header)
    forged = 0
    for event in played.events:
        text = " ".join(map(quote, entry_words(played.game, event)))
        assert run(capsys, "--data-dir", str(root), "record", str(sid), text)[0] == 0
        if data.draw(st.integers(0, 3)) == 0:
            _forge(store, sid, state=kept_state(store, sid) is not None)
            forged += 1
    whole = load_session(store, sid)
    truth = _true_summaries(store, sid)
    assert store.vouched_summaries(sid) in (None, truth)
    code, out, _ = run(capsys, "--data-dir", str(root), "list", "--json")
    assert code == 0 and json.loads(out) == [truth[LIST_KIND]]
    with open_recording(store, sid, history=False) as rec:
        assert rec.session.state == whole.state
    assert run(capsys, "--data-dir", str(root), "verify", str(sid))[0] == (1 if forged else 0)


# --- verify: every vouch line, a line at a time and whole -------------------------------


@pytest.mark.parametrize("window", [None, 16])
def test_verify_works_out_every_named_state_again_at_any_window(tmp_path, capsys, window):
    """Many states named (one every few entries), the fold keeping few entries in force
    (its histories packed as text): every vouch line holds, read a line at a time and
    whole; one forged in the middle is named by both."""
    from scorekeeper.services.verifying import verify_streamed, whole_lying

    store, sid = _long(tmp_path, capsys)
    root = str(store.root)
    for _ in range(8):
        assert run(capsys, "--data-dir", root, "record", "1", "round", "showdown D")[0] == 0
    stored = store.read(sid)
    assert len({v["state"] for v in stored.vouches if v["state"]}) > 2
    streamed = verify_streamed(store, sid, window=window)
    assert streamed is not None and streamed.lying is None and not streamed.forged
    assert whole_lying(store.path(sid), stored) is None
    line = _forge(store, sid)
    for _ in range(4):
        assert run(capsys, "--data-dir", root, "record", "1", "round", "showdown D")[0] == 0
    streamed = verify_streamed(store, sid, window=window)
    assert streamed is not None and streamed.lying is not None
    assert streamed.lying.line == line
    assert whole_lying(store.path(sid), store.read(sid)) == streamed.lying


def test_verify_names_a_state_digest_forged_alone(tmp_path, capsys):
    """The summaries true, only the state a vouch line names changed (re-chained): the
    state line the fold gives at its entry is worked out again and does not match."""
    from scorekeeper.services.verifying import verify_streamed, whole_lying

    store, sid = _long(tmp_path, capsys)
    stored = store.read(sid)
    tip = verify(stored.header, stored.events, stored.vouches).tip
    last = stored.vouches[-1]
    assert last["state"] is not None
    size = store.path(sid).stat().st_size
    body = {k: last[k] for k in ("after", "state", "summaries", "taken")}
    body |= {"size": size, "state": "0" * 64}
    line = encode({"set": {"vouches": {str(size): sealed(tip, body)}}})[0]
    store.path(sid).write_bytes(store.path(sid).read_bytes() + line)
    streamed = verify_streamed(store, sid)
    lines = store.path(sid).read_bytes().count(b"\n")
    assert streamed is not None and streamed.lying is not None
    assert streamed.lying.line == lines
    assert whole_lying(store.path(sid), store.read(sid)) == streamed.lying


@pytest.mark.parametrize("found", ["é" * 64, "０" * 64, "", "0" * 63, 7, None])
def test_a_seal_that_is_not_ascii_hex_is_no_seal_and_never_an_error(found):
    from scorekeeper.storage.seal import FIELD, Sealer

    sealer = Sealer(b"k" * 32)
    assert sealer.checks("prev", {"after": 1, FIELD: found}) is False
