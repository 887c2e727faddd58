"""Tamper evidence: each stored entry chained to the one before; ``scorekeeper verify``."""

from __future__ import annotations

import json
import shutil
import zlib
from pathlib import Path

import pytest

from scorekeeper.core.codec import event_to_doc, header_to_doc
from scorekeeper.core.transcript import read_session
from scorekeeper.services.recording import load_session
from scorekeeper.services.session_source import DamagedSession
from scorekeeper.storage import Store
from scorekeeper.storage.hashchain import KEY, seal_all, verify
from tests.cli_support import run

ROOT = Path(__file__).resolve().parent.parent
O1 = ROOT / "examples" / "o1.txt"


def imported(capsys) -> int:
    code, out, _ = run(capsys, "import", str(O1))
    assert code == 0
    return int(out)


def copy_session(home: Path, sid: int) -> int:
    """A copy of the session's journal under the next free number."""
    sessions = home / "sessions"
    new = max(int(p.stem) for p in sessions.glob("*.journal")) + 1
    shutil.copyfile(sessions / f"{sid}.journal", sessions / f"{new}.journal")
    return new


def edit_line(path: Path, change) -> None:
    """Change one stored document inside its line and fix the line's checksum, as a
    careful hand edit would: only the chain can tell."""
    lines = path.read_bytes().splitlines(keepends=True)
    for index, line in enumerate(lines):
        record = json.loads(line[9:])
        if change(record):
            payload = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()
            lines[index] = b"%08x " % zlib.crc32(payload) + payload + b"\n"
            break
    else:
        raise AssertionError("nothing edited")
    path.write_bytes(b"".join(lines))


def event_doc(record, seq: int):
    for doc in record.get("set", {}).get("events", {}).values():
        if doc and doc.get("seq") == seq:
            return doc
    return None


def test_an_untouched_session_verifies_ok(home, capsys):
    sid = imported(capsys)
    code, out, err = run(capsys, "verify", str(sid))
    assert code == 0 and err == ""
    assert out.startswith(f"session {sid}: OK, 19 entries match their chain (last hash ")
    # entries recorded later are chained too
    assert run(capsys, "record", str(sid), "round", "showdown E")[0] == 0
    code, out, _ = run(capsys, "verify", str(sid))
    assert code == 0 and "OK, 21 entries" in out


def test_verify_names_the_entry_edited_in_a_copied_file(home, capsys):
    sid = imported(capsys)
    copy = copy_session(home, sid)

    def change_winner(record):  # entry 5: showdown D becomes showdown A
        doc = event_doc(record, 5)
        if doc is None:
            return False
        doc["data"]["winner"] = "A"
        return True

    edit_line(home / "sessions" / f"{copy}.journal", change_winner)
    with pytest.raises(DamagedSession):  # the rules would accept it: the chain, checked on
        load_session(Store(home), copy)  # every open, refuses it
    code, out, err = run(capsys, "verify", str(copy))
    assert code == 1 and out == ""  # 1: tampered
    assert err == (
        f"{copy}: entry 5 does not match its chain: the file was edited after it was written\n"
    )
    assert run(capsys, "verify", str(sid))[0] == 0  # the original is untouched


def test_an_edited_name_in_the_header_or_a_removed_line_is_caught(home, capsys):
    sid = imported(capsys)
    header_copy, cut_copy = copy_session(home, sid), copy_session(home, sid)

    def rename(record):
        doc = record.get("set", {}).get("session", {}).get("1")
        if doc is None:
            return False
        doc["recorder"] = "B"
        return True

    edit_line(home / "sessions" / f"{header_copy}.journal", rename)
    code, _, err = run(capsys, "verify", str(header_copy))
    assert code == 1 and "the session header does not match its chain" in err

    path = home / "sessions" / f"{cut_copy}.journal"
    lines = path.read_bytes().splitlines(keepends=True)
    del lines[5]  # line 1 is the format, 2 the header: this is entry 4
    path.write_bytes(b"".join(lines))
    code, _, err = run(capsys, "verify", str(cut_copy))
    assert code == 1 and err.startswith(f"{cut_copy}: entry 4 does not match its chain")


def test_a_session_without_its_chain_is_refused_on_open_and_by_verify(home, capsys):
    """The chain cannot be switched off: an unchained session (stripped, or older than the
    chain) is refused, naming what carries no hash first; recording into it is refused too,
    so it can never come to look chained from some entry on."""
    session = read_session(O1.read_text(encoding="utf-8"))
    store = Store(home)
    sid = store.create(header_to_doc(session.header), [event_to_doc(e) for e in session.events])
    before = store.path(sid).read_bytes()
    with pytest.raises(DamagedSession) as info:
        load_session(store, sid)
    assert info.value.key == "recording.chain_stripped_header"
    code, out, err = run(capsys, "verify", str(sid))
    assert code == 1 and out == ""
    assert err.startswith(f"{sid}: the session header carries no chain hash")
    code, _, err = run(capsys, "record", str(sid), "round")
    assert code == 2 and "cannot be trusted: its header carries no chain hash" in err
    code, _, err = run(capsys, "show", str(sid))
    assert code == 2 and "cannot be trusted" in err
    assert store.path(sid).read_bytes() == before  # nothing written, nothing lost

    # The header chained, the entries' hashes stripped from entry 1 on.
    head, _ = seal_all(header_to_doc(session.header), [])
    stripped = store.create(head, [event_to_doc(e) for e in session.events])
    code, _, err = run(capsys, "verify", str(stripped))
    assert code == 1 and err.startswith(f"{stripped}: entry 1 carries no chain hash")
    with pytest.raises(DamagedSession) as info:
        load_session(store, stripped)
    assert info.value.key == "recording.chain_stripped"
    assert info.value.message("en").startswith(
        f"session {stripped} cannot be trusted: entry 1 carries no chain hash"
    )
    # an unchained entry after chained ones is an edit
    stored = Store(home).read(imported(capsys))
    doc = dict(stored.events[-1])
    del doc[KEY]
    found = verify(stored.header, [*stored.events[:-1], doc])
    assert found.missing and found.bad_entry == len(stored.events)


def test_transcripts_carry_no_hashes_and_an_import_gets_a_fresh_chain(home, capsys, tmp_path):
    sid = imported(capsys)
    code, text, _ = run(capsys, "export", str(sid))
    assert code == 0 and KEY not in text and "sha" not in text
    again = tmp_path / "again.txt"
    again.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "import", str(again))
    second = int(out)
    assert run(capsys, "verify", str(second))[0] == 0
    first, copy = Store(home).read(sid), Store(home).read(second)
    assert [e[KEY] for e in first.events] == [e[KEY] for e in copy.events]  # same entries


def test_verify_of_a_missing_session_is_one_line(home, capsys):
    code, out, err = run(capsys, "verify", "42")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    code, _, err = run(capsys, "verify", "x")
    assert code == 2 and len(err.splitlines()) == 1


def test_a_receipt_catches_entries_cut_off_the_end(home, capsys):
    sid = imported(capsys)
    code, out, _ = run(capsys, "verify", str(sid))
    assert code == 0
    receipt = out.splitlines()[-1]
    assert receipt.startswith("receipt: 19 entries, last hash ")
    noted = receipt.split("last hash ")[1].split("…")[0]
    assert run(capsys, "verify", str(sid), "--expect", noted)[1].splitlines()[-1] == (
        f"session {sid}: the receipt matches: no entry was cut off or rewritten"
    )
    # the chain alone cannot see a cut: the last entry removed (and the snapshot's vouch
    # line after it), every line still whole
    path = home / "sessions" / f"{sid}.journal"
    lines = path.read_bytes().splitlines(keepends=True)
    entry_lines = [n for n, line in enumerate(lines) if b'"events"' in line]
    path.write_bytes(b"".join(lines[: entry_lines[-1]]))
    assert run(capsys, "verify", str(sid))[0] == 0
    code, _, err = run(capsys, "verify", str(sid), "--expect", noted.upper())
    assert code == 1 and err == (
        f"{sid}: the receipt {noted} is not in this session's chain: entries were cut off"
        " the end or rewritten since it was noted\n"
    )


def test_a_receipt_noted_earlier_allows_entries_added_since(home, capsys):
    sid = imported(capsys)
    noted = run(capsys, "verify", str(sid))[1].splitlines()[-1].split("last hash ")[1].split("…")[0]
    assert run(capsys, "record", str(sid), "round", "fold A")[0] == 0
    code, out, _ = run(capsys, "verify", str(sid), "--expect", noted)
    assert code == 0 and out.splitlines()[-1] == (
        f"session {sid}: the receipt is entry 19's; 2 entries were added since, none cut off"
    )
    code, _, err = run(capsys, "verify", str(sid), "--expect", "xyz")
    assert code == 2 and "is not a receipt hash" in err


def test_verify_prints_a_receipt_of_at_least_16_hex_digits(home, capsys):
    sid = imported(capsys)
    out = run(capsys, "verify", str(sid))[1]
    head = out.splitlines()[0].split("last hash ")[1].rstrip(")")
    short = out.splitlines()[-1].split("last hash ")[1].split("…")[0]
    assert len(short) >= 16 and head.startswith(short)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_receipt_shorter_than_16_hex_digits_is_refused_in_words(home, capsys, lang):
    sid = imported(capsys)
    head = run(capsys, "verify", str(sid))[1].splitlines()[0].split("last hash ")[1].rstrip(")")
    before = sorted((p.name, p.read_bytes()) for p in (home / "sessions").iterdir())
    for digits in (8, 12, 15):
        code, out, err = run(capsys, "--lang", lang, "verify", str(sid), "--expect", head[:digits])
        assert (code, out) == (2, "") and len(err.splitlines()) == 1
        assert "Traceback" not in err and head[:digits] in err
        if lang == "en":
            assert f"{digits} hex digits can be matched" in err and "at least 16" in err
        else:
            assert f"{digits}桁では" in err and "16桁以上" in err
    assert sorted((p.name, p.read_bytes()) for p in (home / "sessions").iterdir()) == before
    assert run(capsys, "verify", str(sid), "--expect", head[:16])[0] == 0


def test_exports_carry_the_receipt(home, capsys):
    sid = imported(capsys)
    head = run(capsys, "verify", str(sid))[1].splitlines()[0].split("last hash ")[1].rstrip(")")
    md = run(capsys, "export", str(sid), "--format", "md")[1]
    assert md.rstrip().splitlines()[-1] == f"Receipt: 19 entries, last hash {head}"
    doc = json.loads(run(capsys, "export", str(sid), "--format", "json")[1])
    assert doc["receipt"] == {"entries": 19, "hash": head}
    html = run(capsys, "export", str(sid), "--format", "html")[1]
    assert f'<p id="receipt"><code>Receipt: 19 entries, last hash {head}</code></p>' in html
    transcript = run(capsys, "export", str(sid), "--format", "transcript")[1]
    assert f"receipt: 19 entries, last hash {head}" in transcript.splitlines()[0]


async def test_the_app_shows_the_receipt_at_the_end_of_a_session(home, capsys):
    from scorekeeper.ui.app import ScorekeeperApp
    from scorekeeper.ui.screens.standings import StandingsScreen

    sid = imported(capsys)
    app = ScorekeeperApp(Store(home), sid)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("e", "y")
        await pilot.pause()
        assert isinstance(app.screen, StandingsScreen)
        shown = str(app.screen.query_one("#standings-settlement").render())
    head = run(capsys, "verify", str(sid))[1].splitlines()[0].split("last hash ")[1].rstrip(")")
    # the hash on a line of its own under its words: whole at 80 columns too
    assert f"  Receipt: 20 entries, last hash:\n    {head}" in shown
