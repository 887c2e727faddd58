"""The journal-only comparison (issue 44, "Done when" 2): nothing beside the entries
changes a number, over generated forgeries of every side file and of vouch lines
appended to a journal, in every registered game.

A data folder is made as a table makes one (tests/journal_only.py: a long session of each
game, past its first snapshot at the real sizes, and a short generated one; ``import``,
``record``, ``list``, ``stats``), and the user's config folder with it. Hypothesis then
draws a forgery, as one who can write the data folder but not the user's config would
make it; every view (``list``, ``stats`` with each filter, ``show``, ``show --json``,
``timeline``, ``settle``, every export, the phones' state and stake list) must say what a
copy of the folder holding only the true journals says; ``verify`` says what it says
there, or fails when a vouch line was forged; and the next ``record`` answers, and leaves
the entries, as it does there, after which every view agrees again and ``verify`` still
fails on a forged vouch line.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from scorekeeper.messages import t
from scorekeeper.storage import Store, snapshot
from tests.cli_support import run
from tests.journal_only import (
    AFTER_FORMATS,
    MORE,
    append_vouch,
    copy_folder,
    entries,
    fed_fifo,
    freeze_clock,
    global_views,
    last_vouch,
    moved_summaries,
    session_views,
    template,
    use_config,
    without_place,
)
from tests.journal_support import forged_scores, kept_state
from tests.session_gen import GAMES

#: Few examples each, no shrinking: every example reads a whole folder of long sessions.
CHEAP = settings(
    max_examples=3,
    deadline=None,
    phases=(Phase.explicit, Phase.generate),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

Forge = Callable[[Path], None]


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> tuple[Path, dict[str, list[int]]]:
    root = tmp_path_factory.mktemp("made")
    return root, template(root)


@pytest.fixture(autouse=True)
def _steady(monkeypatch):
    freeze_clock(monkeypatch)


def truth(capsys, source: Path, fresh: Callable[[], Path], key: object) -> Any:
    """What a copy of the data folder *source* holding only its journals (made in
    *fresh*) says: ``"global"`` (the list and the statistics), a session id (its views
    and ``verify``), ``("record", sid)`` (the record of :data:`MORE` into it, its entries,
    and the views after it, and the receipt's hash then)."""
    folder = copy_folder(source, fresh(), journals_only=True)
    if key == "global":
        return global_views(capsys, folder)
    if isinstance(key, int):
        views = session_views(capsys, folder, key)
        views["verify"] = run(capsys, "--data-dir", str(folder), "verify", str(key))
        return views
    assert isinstance(key, tuple)
    sid = key[1]
    said = run(capsys, "--data-dir", str(folder), "record", str(sid), MORE)
    views = session_views(capsys, folder, sid, AFTER_FORMATS)
    views["verify"] = run(capsys, "--data-dir", str(folder), "verify", str(sid))
    head = Store(folder).read(sid).events[-1]["chain"]
    return said, entries(folder, sid), global_views(capsys, folder), views, head


#: The template's journal-only answers, by what was asked: the same for every forgery.
_PLAIN: dict[object, Any] = {}


def plain(capsys, made, tmp_path_factory, key: object) -> Any:
    """:func:`truth` of the module's template, asked once."""
    if key not in _PLAIN:
        fresh = lambda: tmp_path_factory.mktemp("plain") / "data"  # noqa: E731
        _PLAIN[key] = truth(capsys, made[0] / "data", fresh, key)
    return _PLAIN[key]


def _scrubbed(views: Any, planted: Path | None) -> Any:
    """*views* without the lines that name the *planted* file: a view may say it is there
    and not this session's, as long as it never reports it as a write set aside."""
    if planted is None:
        return views
    if isinstance(views, dict):
        return {key: _scrubbed(value, planted) for key, value in views.items()}
    if isinstance(views, tuple):
        return tuple(_scrubbed(value, planted) for value in views)
    if isinstance(views, str):
        for lang in ("en", "ja"):
            said = t("cli.set_aside", lang, session="@@", count="@@", files="@@").split("@@")
            assert all(part not in views for part in said if len(part.strip()) > 8), views
        lines = views.splitlines(keepends=True)
        return "".join(line for line in lines if planted.name not in line)
    return views


def _rehashed(views: Any, forged: str, true: str) -> Any:
    """*views* with the receipt's hash *forged* read as *true*: an entry recorded after a
    forged vouch line chains to it, so its hash (the receipt's) is not the other folder's."""
    if isinstance(views, dict):
        return {key: _rehashed(value, forged, true) for key, value in views.items()}
    if isinstance(views, tuple | list):
        return type(views)(_rehashed(value, forged, true) for value in views)
    return views.replace(forged, true) if isinstance(views, str) else views


def compare(capsys, made, tmp_path_factory, forged: Path, sids: list[int], *,
            vouch_forged: bool = False, planted: Path | None = None) -> None:  # fmt: skip
    """Every view of *forged* (a forged copy of the template) is the journal-only
    folder's; ``record`` goes on alike."""
    told = lambda key: plain(capsys, made, tmp_path_factory, key)  # noqa: E731
    compare_with(capsys, told, forged, sids, vouch_forged=vouch_forged, planted=planted)


def compare_with(capsys, told: Callable[[object], Any], forged: Path, sids: list[int], *,
                 vouch_forged: bool = False, planted: Path | None = None) -> None:  # fmt: skip
    """Every view of *forged* is what *told* says the journal-only folder's are
    (:func:`truth`); ``record`` goes on alike. *planted*: a file lines may name (but
    never as a write set aside)."""
    seen = _scrubbed(global_views(capsys, forged), planted)
    assert seen == told("global")
    for sid in sids:
        views = dict(told(sid))
        truth_verify = views.pop("verify")
        assert _scrubbed(session_views(capsys, forged, sid), planted) == views
        checked = _scrubbed(run(capsys, "--data-dir", str(forged), "verify", str(sid)), planted)
        if vouch_forged:
            assert checked[0] == 1, checked
        else:
            assert checked == truth_verify
    for sid in sids:
        said, stored, after_global, after, head = told(("record", sid))
        assert run(capsys, "--data-dir", str(forged), "record", str(sid), MORE) == said
        assert entries(forged, sid) == stored
        after = dict(after)
        after_verify = after.pop("verify")
        seen = _scrubbed(session_views(capsys, forged, sid, AFTER_FORMATS), planted)
        if vouch_forged:  # the receipt's hash chains through the forged line too
            seen = _rehashed(seen, Store(forged).read(sid).events[-1]["chain"], head)
        assert seen == after
        checked = _scrubbed(run(capsys, "--data-dir", str(forged), "verify", str(sid)), planted)
        if vouch_forged:  # the forged line is still in the chain: verify still fails
            assert checked[0] == 1, checked
        else:
            assert checked == after_verify
    if len(sids) == 1:  # the journal-only folder had that one session recorded into
        assert global_views(capsys, forged) == after_global


def forged_copy(made, tmp_path: Path) -> Path:
    root, _ = made
    use_config(root)
    return copy_folder(root / "data", tmp_path / "forged")


def all_ids(made) -> list[int]:
    return [sid for ids in made[1].values() for sid in ids]


def long_ids(made) -> list[int]:
    return [ids[0] for ids in made[1].values()]


def snap_of(folder: Path, sid: int) -> Path:
    return snapshot.path_of(Store(folder).path(sid))


# --- the folder as made ------------------------------------------------------------------


def test_every_game_has_a_long_session_with_a_snapshot_and_vouch_lines(made):
    """What the forgeries below stand on: per registered game a session past the real
    first snapshot, its state kept, and vouch lines after entries in every journal."""
    root, ids = made
    store = Store(root / "data")
    assert list(ids) == list(GAMES)  # the registry's, in its order
    for sid in long_ids(made):
        assert len(store.read(sid).events) >= snapshot.STATE_AT_LEAST
        assert kept_state(store, sid) is not None, sid
    for sid in all_ids(made):
        assert len(store.read(sid).vouches) >= 2, sid  # import's, then each record's


# --- forgeries of the snapshot ---------------------------------------------------------


def _cut(data: bytes, at: float) -> bytes:
    return data[: int(len(data) * at)]


def _byte_changed(data: bytes, at: float, byte: int) -> bytes:
    place = min(int(len(data) * at), len(data) - 1)
    return data[:place] + bytes([byte]) + data[place + 1 :]


def _numbermoved_summaries(data: bytes, at: float, by: int) -> bytes:
    """The first number at or after a place in the file, moved: a plausible edit."""
    import re

    place = int(len(data) * at)
    found = re.compile(rb"\d+").search(data, place) or re.compile(rb"\d+").search(data)
    assert found is not None
    moved = str(int(found.group()) + by).encode()
    return data[: found.start()] + moved + data[found.end() :]


def _lines_changed(data: bytes, first: int, second: int, drop: bool) -> bytes:
    lines = data.split(b"\n")
    first, second = first % len(lines), second % len(lines)
    if drop:
        del lines[first]
    else:
        lines[first], lines[second] = lines[second], lines[first]
    return b"\n".join(lines)


SNAPSHOT_EDITS = st.one_of(
    st.builds(lambda at: lambda d: _cut(d, at), st.floats(0, 0.999)),
    st.builds(
        lambda at, b: lambda d: _byte_changed(d, at, b), st.floats(0, 1), st.integers(0, 255)
    ),
    st.builds(
        lambda at, by: lambda d: _numbermoved_summaries(d, at, by),
        st.floats(0, 1),
        st.integers(-1000, 1000).filter(bool),
    ),
    st.builds(
        lambda a, b, drop: lambda d: _lines_changed(d, a, b, drop),
        st.integers(0, 50),
        st.integers(0, 50),
        st.booleans(),
    ),
    st.just(lambda d: b""),
)


def _edit_snapshots(folder: Path, sids: list[int], edit: Callable[[bytes], bytes]) -> None:
    for sid in sids:
        path = snap_of(folder, sid)
        if path.exists():
            path.write_bytes(edit(path.read_bytes()))


def _scoresmoved_summaries(folder: Path, sid: int) -> None:
    """The state's scores moved, every hash the file holds of itself made to fit."""
    store = Store(folder)
    store.keep_snapshot(sid, forged_scores(store, sid))


@CHEAP
@given(data=st.data())
def test_a_snapshot_cut_or_edited_changes_no_view(capsys, made, tmp_path_factory, data):
    """Cut anywhere, a byte changed, a number moved, lines dropped or swapped, emptied,
    or the state's scores moved with its own hashes fixed up: in a session of one game."""
    sid = data.draw(st.sampled_from(long_ids(made)), label="session")
    forged = forged_copy(made, tmp_path_factory.mktemp("case"))
    if data.draw(st.booleans(), label="scores moved, hashes fixed"):
        _scoresmoved_summaries(forged, sid)
    else:
        _edit_snapshots(forged, [sid], data.draw(SNAPSHOT_EDITS, label="edit"))
    compare(capsys, made, tmp_path_factory, forged, [sid])


@CHEAP
@given(data=st.data())
def test_a_snapshot_swapped_or_planted_from_another_session_changes_no_view(
    capsys, made, tmp_path_factory, data
):
    """Another session's snapshot (of any game) put in place of one, or planted beside a
    session that keeps none, or beside no journal at all."""
    ids = all_ids(made)
    source = data.draw(st.sampled_from(long_ids(made)), label="from")
    target = data.draw(st.sampled_from([s for s in ids if s != source]), label="to")
    forged = forged_copy(made, tmp_path_factory.mktemp("case"))
    taken = snap_of(forged, source).read_bytes()
    snap_of(forged, target).write_bytes(taken)
    snap_of(forged, max(ids) + 1).write_bytes(taken)  # no journal of that id
    compare(capsys, made, tmp_path_factory, forged, [target])


# --- other side files ------------------------------------------------------------------


@CHEAP
@given(data=st.data())
def test_a_planted_torn_file_changes_no_view(capsys, made, tmp_path_factory, data):
    """A ``.torn`` file next to a journal whose last write was whole: nothing was set
    aside, and no view may say something was (a view may name the file as not this
    session's: those lines are left out of the comparison)."""
    sid = data.draw(st.sampled_from(all_ids(made)), label="session")
    torn = data.draw(st.binary(min_size=1, max_size=200), label="bytes")
    forged = forged_copy(made, tmp_path_factory.mktemp("case"))
    journal = Store(forged).path(sid)
    planted = journal.with_name(journal.name + ".torn")
    planted.write_bytes(torn)
    compare(capsys, made, tmp_path_factory, forged, [sid], planted=planted)


@pytest.mark.parametrize("kind", ["fifo", "directory"])
def test_a_side_file_that_is_not_a_file_changes_no_view(capsys, made, tmp_path_factory, kind):
    """A FIFO or a directory in place of the snapshot in a long session of every other
    game, and of a ``.torn`` file in the rest. (The FIFO is fed end of file should
    anything open it, so that a command which would wait on it is told here as a
    difference, never a hung suite.)"""
    from contextlib import ExitStack

    tmp = tmp_path_factory.mktemp("case")
    forged = forged_copy(made, tmp)
    sids = long_ids(made)
    places = []
    for number, sid in enumerate(sids):
        side = ".snap" if (number + (kind == "fifo")) % 2 else ".torn"
        journal = Store(forged).path(sid)
        places.append(journal.with_name(journal.name + side))
    for place in places:
        if place.exists():
            place.unlink()
    with ExitStack() as fifos:
        for number, place in enumerate(places):
            if kind == "fifo":
                fifos.enter_context(fed_fifo(place, tmp / f"fifo-{number}"))
            else:
                place.mkdir()
                (place / "inside").write_bytes(b"not a snapshot")
        compare(capsys, made, tmp_path_factory, forged, sids)


def test_older_side_files_planted_change_no_view(capsys, made, tmp_path_factory):
    """What earlier versions kept (``index*.json``, ``cache/``, ``.state``, ``.summary``,
    ``.checkpoint``), planted with invented numbers: never read."""
    from tests.test_side_files import plant_old_side_files

    forged = forged_copy(made, tmp_path_factory.mktemp("case"))
    plant_old_side_files(forged)
    (forged / "index-stats.json").write_text(json.dumps({"sessions": {"1": {"rounds": 99}}}))
    compare(capsys, made, tmp_path_factory, forged, [long_ids(made)[0]])


# --- vouch lines appended --------------------------------------------------------------


def invented(data: st.DataObject, folder: Path, sid: int) -> dict[str, Any]:
    """Invented summaries, and a state: none, the true one, or a snapshot with moved
    scores the line names."""
    true = last_vouch(folder, sid)
    rounds = data.draw(st.integers(1, 50), label="rounds added")
    net = data.draw(st.integers(-(10**6), 10**6).filter(bool), label="net moved")
    state = data.draw(st.sampled_from(["none", "true", "forged"]), label="state")
    named = true["state"]
    if state == "none":
        named = None
    elif state == "forged" and kept_state(Store(folder), sid) is not None:
        forged = forged_scores(Store(folder), sid)
        Store(folder).keep_snapshot(sid, forged)
        named = hashlib.sha256(forged.split(b"\n")[1]).hexdigest()
    body = without_place(true)  # every key a writer gives one (a seal, say), then changed
    body.update(state=named, summaries=moved_summaries(true["summaries"], rounds, net))
    if "taken" in body and named is None:  # the entry count of the state it names
        body["taken"] = None
    return body


VOUCH_FORGERIES = ["invented", "invented with a seal", "copied", "replayed"]


@CHEAP
@given(data=st.data())
def test_an_invented_vouch_line_appended_changes_no_view_and_fails_verify(
    capsys, made, tmp_path_factory, data
):
    """A self-chained vouch line with plausible but invented summaries and state (none,
    the true one, or a snapshot with moved scores that the line names)."""
    sid = data.draw(st.sampled_from(all_ids(made)), label="session")
    forged = forged_copy(made, tmp_path_factory.mktemp("case"))
    append_vouch(forged, sid, invented(data, forged, sid))
    compare(capsys, made, tmp_path_factory, forged, [sid], vouch_forged=True)


@CHEAP
@given(data=st.data())
def test_an_invented_vouch_line_with_a_garbage_seal_changes_no_view_and_fails_verify(
    capsys, made, tmp_path_factory, data
):
    """As above, holding a ``seal`` that is not this installation's: hex or anything."""
    sid = data.draw(st.sampled_from(all_ids(made)), label="session")
    seal = data.draw(st.one_of(st.text(alphabet="0123456789abcdef", min_size=64, max_size=64),
                               st.text(max_size=80)), label="seal")  # fmt: skip
    forged = forged_copy(made, tmp_path_factory.mktemp("case"))
    append_vouch(forged, sid, {**invented(data, forged, sid), "seal": seal})
    compare(capsys, made, tmp_path_factory, forged, [sid], vouch_forged=True)


@CHEAP
@given(data=st.data())
def test_a_real_vouch_line_of_another_session_appended_changes_no_view_and_fails_verify(
    capsys, made, tmp_path_factory, data
):
    """Another session's last vouch line (its summaries, state and any seal, as its
    writer made them), chained onto this journal; its snapshot brought along or not."""
    ids = all_ids(made)
    source = data.draw(st.sampled_from(ids), label="from")
    target = data.draw(st.sampled_from([s for s in ids if s != source]), label="to")
    forged = forged_copy(made, tmp_path_factory.mktemp("case"))
    if data.draw(st.booleans(), label="snapshot too") and snap_of(forged, source).exists():
        snap_of(forged, target).write_bytes(snap_of(forged, source).read_bytes())
    append_vouch(forged, target, without_place(last_vouch(forged, source)))
    compare(capsys, made, tmp_path_factory, forged, [target], vouch_forged=True)


@CHEAP
@given(data=st.data())
def test_an_earlier_vouch_line_replayed_changes_no_view_and_fails_verify(
    capsys, made, tmp_path_factory, data
):
    """A vouch line from earlier in the same journal (its summaries and state then),
    chained again at the end."""
    sid = data.draw(st.sampled_from(all_ids(made)), label="session")
    forged = forged_copy(made, tmp_path_factory.mktemp("case"))
    now = last_vouch(forged, sid)
    # one that says other than the last (a note since changes no number: the line then
    # would still be true where it is replayed)
    earlier = [
        dict(doc)
        for doc in Store(forged).read(sid).vouches[:-1]
        if (doc["summaries"], doc["state"]) != (now["summaries"], now["state"])
    ]
    replayed = data.draw(st.sampled_from(earlier), label="replayed")
    append_vouch(forged, sid, without_place(replayed))
    compare(capsys, made, tmp_path_factory, forged, [sid], vouch_forged=True)


@pytest.mark.parametrize("kind", ["invented", "copied"])
def test_verify_keeps_failing_on_a_forged_vouch_line_after_entries_recorded_after_it(
    capsys, made, tmp_path_factory, kind
):
    """The issue's own probe: today ``record`` writes the forged state into its own next
    vouch line, and after one more entry ``verify`` says OK with the forged line still in
    the chain. Every long session, one entry recorded after the forged line, then two."""
    forged = forged_copy(made, tmp_path_factory.mktemp("case"))
    ids = long_ids(made)
    for number, sid in enumerate(ids):
        if kind == "invented":
            true = last_vouch(forged, sid)
            body = without_place(true)
            body["summaries"] = moved_summaries(true["summaries"], 3, 500)
        else:  # the last vouch line of the next game's session, as its writer made it
            body = without_place(last_vouch(forged, ids[(number + 1) % len(ids)]))
        append_vouch(forged, sid, body)
        for text in ("note after", "note later"):
            assert run(capsys, "--data-dir", str(forged), "record", str(sid), text)[0] == 0
            code, out, err = run(capsys, "--data-dir", str(forged), "verify", str(sid))
            assert code == 1 and out == "", (sid, text, out, err)


# --- any generated session, its state taken every few entries -----------------------------


@pytest.fixture
def small_states(monkeypatch):
    """States taken after a few entries, so that a generated session keeps one too."""
    from scorekeeper.export import live
    from scorekeeper.export.live import LATEST_ENTRIES

    monkeypatch.setattr(snapshot, "STATE_AT_LEAST", LATEST_ENTRIES + 2)
    monkeypatch.setattr(snapshot, "STATE_EVERY", 4)
    # the page shows the latest entries: a state taken at least that far back
    monkeypatch.setattr(snapshot, "STATE_LAG", LATEST_ENTRIES)
    monkeypatch.setattr(live, "STAKE_ENTRIES", LATEST_ENTRIES)  # and its stake changes


def generated(capsys, data: st.DataObject, root: Path) -> tuple[Path, int]:
    """A data folder at *root* holding one session Hypothesis generates (any game, any mix
    of entries: tests/session_gen.py), imported, recorded into twice, listed."""
    from scorekeeper.services.recording import import_session
    from tests.session_gen import build_session

    game = data.draw(st.sampled_from(list(GAMES)), label="game")
    sid = import_session(Store(root), build_session(data, game))
    for text in ("note kept", "note again"):
        assert run(capsys, "--data-dir", str(root), "record", str(sid), text)[0] == 0
    assert run(capsys, "--data-dir", str(root), "list")[0] == 0
    return root, sid


def told_by(capsys, source: Path, tmp_path_factory) -> Callable[[object], Any]:
    fresh = lambda: tmp_path_factory.mktemp("plain") / "data"  # noqa: E731
    return lambda key: truth(capsys, source, fresh, key)


@pytest.mark.usefixtures("small_states")
@settings(CHEAP, max_examples=8)  # short sessions: more of them
@given(data=st.data())
def test_any_generated_session_with_its_snapshot_forged_changes_no_view(
    capsys, tmp_path_factory, data
):
    source, sid = generated(capsys, data, tmp_path_factory.mktemp("made") / "data")
    forged = copy_folder(source, tmp_path_factory.mktemp("case") / "data")
    path = snap_of(forged, sid)
    if path.exists():
        path.write_bytes(data.draw(SNAPSHOT_EDITS, label="edit")(path.read_bytes()))
    else:  # planted where none is kept: garbage, or a snapshot's first line
        path.write_bytes(data.draw(st.binary(max_size=300), label="planted"))
    compare_with(capsys, told_by(capsys, source, tmp_path_factory), forged, [sid])


@pytest.mark.usefixtures("small_states")
@settings(CHEAP, max_examples=8)  # short sessions: more of them
@given(data=st.data())
def test_any_generated_session_with_an_invented_vouch_line_changes_no_view(
    capsys, tmp_path_factory, data
):
    source, sid = generated(capsys, data, tmp_path_factory.mktemp("made") / "data")
    forged = copy_folder(source, tmp_path_factory.mktemp("case") / "data")
    append_vouch(forged, sid, invented(data, forged, sid))
    told = told_by(capsys, source, tmp_path_factory)
    compare_with(capsys, told, forged, [sid], vouch_forged=True)
