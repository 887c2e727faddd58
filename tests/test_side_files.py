"""Nothing beside the journal decides a number (issue 34).

A data folder is built as a table builds one (``import``, ``record``, ``list``, ``stats``),
then every side file it holds is forged as a local user with an editor would: numbers
moved, fields added and removed, seats added, names with terminal escapes, old-format side
files planted. Every view (``show``, ``list``, ``stats``, every export, ``timeline``,
``settle``, ``verify`` and the phones' ``state.json``) must then say exactly what a
folder holding only the journal says, and ``record`` must go on as it would there.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

import scorekeeper.core.ledger as ledger_module
import scorekeeper.export.formats as formats_module
from scorekeeper.export import live
from scorekeeper.export.live import LATEST_ENTRIES
from scorekeeper.services.catalog import list_sessions
from scorekeeper.storage import Store, snapshot
from tests.cli_support import run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
TRANSCRIPTS = ("o1.txt", "c1.txt", "l1.txt", "p1.txt")  # one session of each game
FORMATS = ("transcript", "json", "csv", "md", "html")
#: An entry each game takes at the end of its example: what `record` adds.
MORE = {1: "note more", 2: "note more", 3: "note more", 4: "note more"}


class _Clock(datetime):
    """Entries recorded in both folders at the same moment, so their views can be equal."""

    @classmethod
    def now(cls, tz=None):  # type: ignore[override]
        return datetime(2026, 12, 3, 20, 0, tzinfo=UTC).astimezone(tz)


@pytest.fixture(autouse=True)
def _small_states(monkeypatch):
    """States taken after a few entries, so the examples' snapshots hold one."""
    monkeypatch.setattr(snapshot, "STATE_AT_LEAST", LATEST_ENTRIES + 2)
    monkeypatch.setattr(snapshot, "STATE_EVERY", 4)
    # the page shows the latest entries: a state taken at least that far back
    monkeypatch.setattr(snapshot, "STATE_LAG", LATEST_ENTRIES)
    monkeypatch.setattr(live, "STAKE_ENTRIES", LATEST_ENTRIES)  # and its stake changes
    monkeypatch.setattr(ledger_module, "datetime", _Clock)
    monkeypatch.setattr(formats_module, "datetime", _Clock)


def data_folder(capsys, root: Path) -> Path:
    """Four sessions, one per game, as import, record, list and stats leave them."""
    for name in TRANSCRIPTS:
        code, _, err = run(capsys, "--data-dir", str(root), "import", str(EXAMPLES / name))
        assert code == 0, err
    for sid in (1, 2):
        code, _, err = run(capsys, "--data-dir", str(root), "record", str(sid), "note kept")
        assert code == 0, err
    assert run(capsys, "--data-dir", str(root), "list")[0] == 0
    assert run(capsys, "--data-dir", str(root), "stats")[0] == 0
    return root


def journal_only(root: Path, into: Path) -> Path:
    """A folder holding only the journals of *root*, byte for byte."""
    (into / "sessions").mkdir(parents=True)
    for journal in (root / "sessions").glob("*.journal"):
        shutil.copyfile(journal, into / "sessions" / journal.name)
    return into


def views(capsys, root: Path) -> dict[str, object]:
    """Everything a user or a phone can be shown, by command."""
    from scorekeeper.export.live import live_view
    from scorekeeper.services.showing import Followed

    seen: dict[str, object] = {}
    folder = str(root)
    for args in (["list"], ["list", "--json"], ["stats"], ["stats", "--json"]):
        seen[" ".join(args)] = run(capsys, "--data-dir", folder, *args)
    store = Store(root)
    for sid in store.ids():
        for args in (
            ["show", str(sid)],
            ["show", str(sid), "--json"],
            ["timeline", str(sid)],
            ["settle", str(sid)],
            ["verify", str(sid)],
            *(["export", str(sid), "--format", fmt] for fmt in FORMATS),
        ):
            seen[" ".join(args)] = run(capsys, "--data-dir", folder, *args)
        for history in (False, True):
            try:
                session = Followed(store, sid, history=history).session
                seen[f"page {sid} {history}"] = [
                    live_view(session, sid, lang) for lang in ["en", "ja"]
                ]
            except Exception as error:
                seen[f"page {sid} {history}"] = type(error).__name__
    return seen


def entries(root: Path, sid: int) -> list[dict[str, object]]:
    """The entries stored, without their hashes: those chain through the vouch lines too,
    which differ with what each folder's side files made its writers and listings do."""
    return [{k: v for k, v in doc.items() if k != "chain"} for doc in Store(root).read(sid).events]


def side_files(root: Path) -> list[Path]:
    return sorted(
        path
        for path in root.rglob("*")
        if path.is_file() and not path.name.endswith(".journal") and ".torn" not in path.name
    )


# --- the forgeries -------------------------------------------------------------------


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().split(b"\n")


def _vouched_summaries(journal: Path) -> dict:
    """The summaries on the journal's last line, a vouch line of the new form."""
    from scorekeeper.storage.journal_format import decode

    record = decode(journal.read_bytes().rstrip(b"\n").rsplit(b"\n", 1)[-1])
    (vouch,) = record["set"]["vouches"].values()
    return json.loads(json.dumps(vouch["summaries"]))


def _edit_head(path: Path, change: Callable[[dict], None]) -> None:
    lines = _lines(path)
    head = json.loads(lines[0])
    if "summaries" not in head:  # the new form keeps them on the vouch line: forge them here
        head["summaries"] = _vouched_summaries(path.with_name(path.name[: -len(".snap")]))
    change(head)
    lines[0] = json.dumps(head, ensure_ascii=False).encode("utf-8")
    path.write_bytes(b"\n".join(lines))


def _edit_state(path: Path, change: Callable[[dict], None]) -> None:
    lines = _lines(path)
    doc = json.loads(lines[1])
    if doc is None:
        return
    change(doc)
    lines[1] = json.dumps(doc).encode("ascii")
    path.write_bytes(b"\n".join(lines))


def more_rounds(path: Path) -> None:
    def change(head: dict) -> None:
        head["summaries"][""]["rounds"] += 7
        head["summaries"][""]["leader"] = head["summaries"][""]["players"][-1]
        for kind, doc in head["summaries"].items():
            if kind:
                for numbers in doc["players"].values():
                    numbers["net"] += 1000

    _edit_head(path, change)


def moved_scores(path: Path) -> None:
    def change(doc: dict) -> None:
        scores = doc["state"]["state"]["f"][3]["m"]  # State.scores, as state_codec writes it
        scores[0][1] += 100
        doc["state"]["stats"]["players"] = {
            name: {**numbers, "net": numbers["net"] + 5}
            for name, numbers in doc["state"]["stats"]["players"].items()
        }

    _edit_state(path, change)


def extra_seat(path: Path) -> None:
    def change(doc: dict) -> None:
        text = json.dumps(doc["state"]["state"])
        doc["state"]["state"] = json.loads(text.replace('"A"', '"Z"', 1))
        doc["entries"] += 0

    _edit_state(path, change)

    def listed(head: dict) -> None:
        head["summaries"][""]["players"].append("Z")

    _edit_head(path, listed)


def fields_added_and_removed(path: Path) -> None:
    def change(head: dict) -> None:
        head["summaries"][""]["extra"] = 1
        head["summaries"][""].pop("finished")
        for kind, doc in head["summaries"].items():
            if kind:
                doc.pop("started")

    _edit_head(path, change)
    _edit_state(path, lambda doc: doc.pop("first_at"))


def escapes_in_names(path: Path) -> None:
    def change(head: dict) -> None:
        head["summaries"][""]["players"] = ["\x1b[2J\x1b[31mEVIL", "\u202eeciA"]
        head["summaries"][""]["leader"] = "\x1b]0;pwned\x07"

    _edit_head(path, change)


def wrong_chain(path: Path) -> None:
    _edit_state(path, lambda doc: doc.update(chain="0" * 64))


def self_sealed(path: Path) -> None:
    """Numbers moved, then every digest the file could carry of itself recomputed."""
    moved_scores(path)
    data = path.read_bytes()
    path.write_bytes(hashlib.sha256(data).hexdigest().encode("ascii") + b"\n" + data)


def emptied(path: Path) -> None:
    path.write_bytes(b"")


def garbage(path: Path) -> None:
    path.write_bytes(b"\xff\xfe not a snapshot \x00" * 50)


FORGERIES = {
    f.__name__: f
    for f in (
        more_rounds,
        moved_scores,
        extra_seat,
        fields_added_and_removed,
        escapes_in_names,
        wrong_chain,
        self_sealed,
        emptied,
        garbage,
    )
}


def plant_old_side_files(root: Path) -> None:
    """What earlier versions kept beside the journals, forged: never read any more."""
    forged = {"id": 1, "game": "pochen", "players": ["\x1b[31mX"], "rounds": 99,
              "leader": "X", "last_at": None, "finished": True, "error": None}  # fmt: skip
    for journal in (root / "sessions").glob("*.journal"):
        data = journal.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        summary = {"size": len(data), "digest": digest, "kinds": {"": forged}}
        journal.with_name(journal.name + ".summary").write_text(json.dumps(summary))
        body = json.dumps({"entries": 1, "size": 1, "digest": "0" * 64, "chain": "0" * 64})
        journal.with_name(journal.name + ".state").write_text(
            hashlib.sha256(body.encode()).hexdigest() + "\n" + body
        )
        journal.with_name(journal.name + ".checkpoint").write_text(
            json.dumps({"entries": 10**6, "chain": "0" * 64, "size": len(data), "digest": digest})
        )
        st = journal.stat()
        entry = {"size": st.st_size, "stamp": f"{st.st_ino}:{st.st_mtime_ns}:{st.st_ctime_ns}",
                 "summary": forged}  # fmt: skip
        sessions = {str(int(journal.stem)): entry}
        for name in ("index.json", "index-stats3.json"):
            (root / name).write_text(json.dumps({"version": 2, "sessions": sessions}))
    (root / "cache").mkdir(exist_ok=True)
    (root / "cache" / "list.txt").write_text("1 pochen 99 \u202eX\n")


# --- the checks ------------------------------------------------------------------------


def test_a_data_folder_keeps_one_side_file_per_session(capsys, tmp_path):
    root = data_folder(capsys, tmp_path / "data")
    # only a session long enough to keep a state has one: the summaries are on the vouch
    # line, in the journal itself (docs/storage.md)
    assert [p.relative_to(root).as_posix() for p in side_files(root)] == ["sessions/1.journal.snap"]
    for sid in (1, 2, 3, 4):  # each vouched for by its journal
        assert Store(root).vouched_summaries(sid) is not None
    from tests.journal_support import kept_state

    assert kept_state(Store(root), 1) is not None  # o1, long enough to keep a state too


@pytest.mark.parametrize("forge", list(FORGERIES), ids=list(FORGERIES))
def test_a_forged_snapshot_changes_no_view_and_no_entry(capsys, tmp_path, forge):
    root = data_folder(capsys, tmp_path / "data")
    for path in side_files(root):
        FORGERIES[forge](path)
    plain = journal_only(root, tmp_path / "plain")
    assert views(capsys, root) == views(capsys, plain)
    # and recording goes on exactly as it would from the journal alone, every session
    for sid, text in MORE.items():
        forged_run = run(capsys, "--data-dir", str(root), "record", str(sid), text)
        plain_run = run(capsys, "--data-dir", str(plain), "record", str(sid), text)
        assert forged_run == plain_run and forged_run[0] == 0, forged_run
    for sid in MORE:
        assert entries(root, sid) == entries(plain, sid)
    assert views(capsys, root) == views(capsys, journal_only(root, tmp_path / "after"))


def test_old_side_files_are_never_read(capsys, tmp_path):
    root = data_folder(capsys, tmp_path / "data")
    for path in side_files(root):
        path.unlink()
    plant_old_side_files(root)
    plain = journal_only(root, tmp_path / "plain")
    assert views(capsys, root) == views(capsys, plain)
    for sid, text in MORE.items():
        assert run(capsys, "--data-dir", str(root), "record", str(sid), text)[0] == 0
        assert run(capsys, "--data-dir", str(plain), "record", str(sid), text)[0] == 0
        assert entries(root, sid) == entries(plain, sid)
    assert views(capsys, root) == views(capsys, journal_only(root, tmp_path / "after"))
    assert not (root / "sessions" / "1.journal.state").exists()  # retired as a new one went


def test_a_journal_replaced_by_other_bytes_of_the_same_length(capsys, tmp_path):
    """Every view equals a fresh fold of the new bytes: the snapshot vouched for the old."""
    from scorekeeper.storage.journal_format import decode, encode

    root = data_folder(capsys, tmp_path / "data")
    journal = Store(root).path(1)
    lines = journal.read_bytes().split(b"\n")
    record = decode(lines[6])  # entry 5 of o1: showdown D
    record["set"]["events"]["5"]["data"]["winner"] = "E"  # D -> E: the same length
    lines[6] = encode(record)[0].rstrip(b"\n")
    before = journal.stat().st_size
    journal.write_bytes(b"\n".join(lines))
    assert journal.stat().st_size == before
    plain = journal_only(root, tmp_path / "plain")
    seen = views(capsys, root)
    # The list shows what the journal's last line, a vouch chained to the line before it,
    # holds: it no longer hashes every byte before it, so an edit of the same length
    # before it is not seen there (docs/storage.md, "What record and the list catch");
    # verify and every view that reads the entries say it.
    assert seen == views(capsys, plain)  # the journal holds the vouch lines
    assert "entry 5 does not match its chain" not in seen["list"][1]  # type: ignore[index]
    assert seen["verify 1"][0] == 1  # type: ignore[index]
    assert "entry 5 does not match its chain" in seen["show 1"][2]  # type: ignore[index]


def test_a_side_file_that_cannot_be_kept_costs_time_never_a_command(capsys, tmp_path, monkeypatch):
    """A disk that refuses the snapshot, and a state the codec cannot keep: ``import`` and
    ``record`` succeed and say what they would say anyway; the session lists and opens."""
    import scorekeeper.services.state_payload as state_payload_module
    from scorekeeper.storage import durable

    def refuse(*args: object) -> None:
        raise OSError(28, "No space left on device")

    def cannot_keep(*args: object) -> None:
        raise ValueError("a type the codec does not know")

    root = tmp_path / "data"
    for broken in ((durable, "replace_atomically", refuse),
                   (state_payload_module, "encode_state_apart", cannot_keep)):  # fmt: skip
        with monkeypatch.context() as patch:
            patch.setattr(*broken)
            code, out, err = run(
                capsys, "--data-dir", str(root), "import", str(EXAMPLES / "o1.txt")
            )
            assert (code, err) == (0, ""), err
            sid = out.strip()
            code, out, err = run(capsys, "--data-dir", str(root), "record", sid, "round")
            assert code == 0 and err == "" and out.startswith("#20 ")
    plain = journal_only(root, tmp_path / "plain")
    assert views(capsys, root) == views(capsys, plain)


def test_without_its_snapshot_a_session_lists_the_same_and_the_snapshot_comes_back(
    capsys, tmp_path
):
    root = data_folder(capsys, tmp_path / "data")
    listed = list_sessions(Store(root))
    for path in side_files(root):
        path.unlink()
    assert list_sessions(Store(root)) == listed  # from the vouch lines, nothing folded
    assert all(Store(root).vouched_summaries(sid) for sid in (1, 2, 3, 4))
    assert run(capsys, "--data-dir", str(root), "record", "1", "note again")[0] == 0
    assert len(side_files(root)) == 1  # the state comes back as session 1 is written


def test_a_copied_data_folder_lists_without_folding(capsys, tmp_path, monkeypatch):
    """Vouched for by the bytes, not the file's times: a folder brought back from a backup
    (new files, new times) lists at once; an edited byte is still told."""
    import scorekeeper.services.recording as recording_module

    root = data_folder(capsys, tmp_path / "data")
    copy = tmp_path / "copy"
    shutil.copytree(root, copy)
    with monkeypatch.context() as patch:
        patch.setattr(recording_module, "summaries_now", lambda *a: pytest.fail("folded"))
        assert len(list_sessions(Store(copy))) == 4
    journal = Store(copy).path(1)
    data = bytearray(journal.read_bytes())
    data[40] ^= 1  # the format line's checksum no longer holds: not a session file
    journal.write_bytes(bytes(data))
    assert [s.error is not None for s in list_sessions(Store(copy))].count(True) == 1


def test_trash_takes_the_snapshot_away(capsys, tmp_path):
    root = data_folder(capsys, tmp_path / "data")
    store = Store(root)
    store.trash(1)
    assert not snapshot.path_of(store.path(1)).exists()
    assert [s.id for s in list_sessions(store)] != [] and 1 not in store.ids()


def test_a_seat_added_in_a_snapshot_never_lets_its_player_into_the_journal(capsys, tmp_path):
    """Reproduced on the old code: a forged checkpoint seating Z made ``record`` append
    ``fold Z``, after which the session could not be opened at all."""
    root = data_folder(capsys, tmp_path / "data")
    for path in side_files(root):
        extra_seat(path)
    before = Store(root).path(1).read_bytes()
    code, _, err = run(capsys, "--data-dir", str(root), "record", "1", "round", "fold Z")
    assert code == 2 and "Z" in err
    assert Store(root).path(1).read_bytes() == before  # all or nothing: not even the round
    assert run(capsys, "--data-dir", str(root), "show", "1")[0] == 0
    assert run(capsys, "--data-dir", str(root), "verify", "1")[0] == 0


def test_verify_folds_every_entry_without_a_snapshot_too(capsys, tmp_path):
    """A journal rewritten with its hashes recomputed around an entry the rules refuse:
    the chain holds, the fold does not; ``verify`` says so as every open does."""
    from scorekeeper.core.codec import event_to_doc
    from scorekeeper.core.events import Event
    from scorekeeper.storage.hashchain import sealed, verify
    from scorekeeper.storage.journal_format import encode

    root = data_folder(capsys, tmp_path / "data")
    store = Store(root)
    stored = store.read(1)
    at = datetime(2026, 12, 3, 20, 0, tzinfo=UTC)
    bad = event_to_doc(Event(len(stored.events) + 1, at, "A", "fold", {"player": "Z"}))
    tip = verify(stored.header, stored.events, stored.vouches).tip
    line, _ = encode({"set": {"events": {str(len(stored.events) + 1): sealed(tip, bad)}}})
    with store.path(1).open("ab") as journal:
        journal.write(line)
    snapshot.discard(store.path(1))
    code, out, err = run(capsys, "--data-dir", str(root), "verify", "1")
    assert code == 2 and out == "" and "cannot be read back" in err


def test_a_writer_waits_out_a_listing_holding_the_lock_but_not_another_writer(
    capsys, tmp_path, monkeypatch
):
    """A listing keeps a snapshot under the session's lock (a fold of one session): a
    writer arriving meanwhile waits for it rather than being refused; a writer that holds
    the lock for good (the app in another window) is still refused, in words."""
    import threading

    import scorekeeper.services.recording as recording_module
    from scorekeeper.messages import UserError
    from scorekeeper.services import session_source

    root = data_folder(capsys, tmp_path / "data")
    store = Store(root)
    monkeypatch.setattr(session_source, "LOCK_GRACE", 30)
    holder = store.open_writer(1)
    release = threading.Event()

    def listing() -> None:
        release.wait(30)
        holder.close()

    thread = threading.Thread(target=listing)
    thread.start()
    threading.Timer(0.2, release.set).start()
    with recording_module.open_recording(store, 1, history=False) as rec:  # waited, not refused
        assert release.is_set()
        assert rec.session.state.names()
    thread.join(30)
    monkeypatch.setattr(session_source, "LOCK_GRACE", 0.2)
    with store.open_writer(1), pytest.raises(UserError) as refused:
        recording_module.open_recording(store, 1, history=False)
    assert refused.value.key == "storage.locked"


def test_a_listing_whose_snapshot_cannot_be_kept_still_lists_the_session(
    capsys, tmp_path, monkeypatch
):
    """Keeping the snapshot fails inside the writer's close (any error): the listing shows
    the session's line from the fold it made, never an error."""
    from scorekeeper.services.snapshot_keeper import SnapshotKeeper

    root = data_folder(capsys, tmp_path / "data")
    for path in side_files(root):
        path.unlink()
    listed_before = run(capsys, "--data-dir", str(journal_only(root, tmp_path / "plain")), "list")

    def broken(*args: object) -> None:
        raise RuntimeError("a bug in keeping a snapshot")

    monkeypatch.setattr(SnapshotKeeper, "keep", lambda self: broken(), raising=True)
    assert run(capsys, "--data-dir", str(root), "list") == listed_before
