"""A header or an entry holding a key the format does not define is refused as changed.

Such a key is read by nothing but hashed with the rest, so it would be a free nonce: whoever
can write the data folder could try forged files, with another value in it each time, until
the last hash began with the digits of a receipt noted at the table (issue 44, point 2).
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core.codec import event_to_doc, header_to_doc
from scorekeeper.core.events import Event, Header
from scorekeeper.core.transcript import read_session
from scorekeeper.services.recording import load_session
from scorekeeper.services.session_source import DamagedSession
from scorekeeper.storage import Store
from scorekeeper.storage.hashchain import (
    ENTRY_FIELDS,
    HEADER_FIELDS,
    KEY,
    seal_all,
    verify,
)
from tests.cli_support import run

ROOT = Path(__file__).resolve().parent.parent
O1 = ROOT / "examples" / "o1.txt"
P1 = ROOT / "examples" / "p1.txt"


def forged(store: Store, header: dict[str, Any], events: list[dict[str, Any]]) -> tuple[int, bytes]:
    """A session of these documents, chained whole as a careful forger would (every hash
    after the change computed again), and its bytes."""
    head, docs = seal_all(header, events)
    sid = store.create(head, docs)
    return sid, store.path(sid).read_bytes()


def o1_docs() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    session = read_session(O1.read_text(encoding="utf-8"))
    return header_to_doc(session.header), [event_to_doc(e) for e in session.events]


def test_an_entry_with_a_key_the_format_does_not_define_is_refused_on_open(home, capsys):
    store = Store(home)
    header, events = o1_docs()
    events[-1]["x"] = 7  # the last entry: what a receipt's hash covers
    sid, before = forged(store, header, events)
    entry = len(events)
    with pytest.raises(DamagedSession) as info:
        load_session(store, sid)
    assert info.value.message("en") == (
        f"session {sid} was changed after it was written: entry {entry} holds a key this"
        " program never writes (x), which could only be there to change its hash. Nothing"
        f" was changed; scorekeeper verify {sid} says more"
    )
    assert info.value.message("ja").startswith(
        f"セッション{sid}は書き込み後に変更されています: 記録{entry}に、このプログラムが"
    )
    code, out, err = run(capsys, "verify", str(sid))
    assert (code, out) == (1, "")
    assert err == (
        f"{sid}: entry {entry} holds a key this program never writes (x): the file was"
        " changed after it was written, a key nobody reads being a way to change its hash\n"
    )
    for command in (["show", str(sid)], ["record", str(sid), "round"], ["export", str(sid)]):
        code, out, err = run(capsys, *command)
        assert code == 2 and out == "" and len(err.splitlines()) == 1, command
        assert f"entry {entry} holds a key this program never writes (x)" in err
        assert "Traceback" not in err
    assert store.path(sid).read_bytes() == before  # nothing written, nothing set aside


def test_a_header_with_a_key_the_format_does_not_define_is_refused_on_open(home, capsys):
    store = Store(home)
    header, events = o1_docs()
    header["nonce"] = "0000ffff"
    sid, before = forged(store, header, events)
    with pytest.raises(DamagedSession) as info:
        load_session(store, sid)
    assert info.value.key == "recording.header_stray_key"
    assert "its header holds a key this program never writes (nonce)" in info.value.message("en")
    code, out, err = run(capsys, "verify", str(sid))
    assert (code, out) == (1, "")
    assert err.startswith(f"{sid}: the session header holds a key this program never writes")
    code, _, err = run(capsys, "show", str(sid))
    assert code == 2 and f"session {sid} was changed after it was written: its header" in err
    assert store.path(sid).read_bytes() == before


def test_a_stray_key_in_a_rewritten_stored_session_stops_record_and_verify(home, capsys):
    """The forger rewrites the journal of a session the app keeps (with its vouch lines and
    snapshot beside it), a stray key in entry 3 and every hash after it computed again."""
    code, out, _ = run(capsys, "import", str(O1))
    sid = int(out)
    stored = Store(home).read(sid)
    header = {k: v for k, v in stored.header.items() if k != KEY}
    events = [{k: v for k, v in doc.items() if k != KEY} for doc in stored.events]
    events[2]["seal"] = ""
    path = Store(home).path(sid)
    head, docs = seal_all(header, events)
    other = Store(home).create(head, docs)
    path.write_bytes(Store(home).path(other).read_bytes())  # in place of the session
    assert run(capsys, "record", str(sid), "round")[0] == 2
    code, _, err = run(capsys, "verify", str(sid))
    assert code == 1 and "entry 3 holds a key this program never writes (seal)" in err


def test_what_the_writer_writes_holds_only_keys_the_format_defines():
    """The codec and the chain agree on the format: every key a header or an entry is
    written with (a Pochen board carried over too) is one the chain lets through."""
    board = {"ace": 1, "centre": 2}
    header = Header("pochen", ("A", "B", "C"), {}, "A", "A", board=board, shares={"A": 1})
    assert set(header_to_doc(header)) <= HEADER_FIELDS
    assert {"board", "shares"} <= set(header_to_doc(header))
    session = read_session(P1.read_text(encoding="utf-8"))
    assert all(set(event_to_doc(e)) == ENTRY_FIELDS - {"proposed"} for e in session.events)
    assert isinstance(session.events[0], Event)


IDENTIFIER = st.text(min_size=1, max_size=12)
VALUES = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    key=IDENTIFIER.filter(lambda k: k not in ENTRY_FIELDS | {KEY}),
    value=VALUES,
    where=st.integers(min_value=0, max_value=18),
)
def test_any_stray_key_in_any_entry_breaks_the_chain_verdict(key, value, where):
    header, events = o1_docs()
    events[where][key] = value
    head, docs = seal_all(header, events)
    verdict = verify(head, docs)
    assert not verdict.ok and verdict.bad_entry == where + 1 and verdict.stray is not None
    assert verdict.stray == (key if len(key) <= 40 else key[:40] + "…")
    del docs[where][key]  # the same entry without it: the chain breaks there instead
    assert verify(head, docs).bad_entry == where + 1


@settings(max_examples=30, deadline=None)
@given(key=IDENTIFIER.filter(lambda k: k not in HEADER_FIELDS | {KEY}), value=VALUES)
def test_any_stray_key_in_the_header_breaks_the_chain_verdict(key, value):
    header, events = o1_docs()
    header[key] = value
    head, docs = seal_all(header, events)
    verdict = verify(head, docs)
    assert verdict.bad_header and verdict.stray is not None and not verdict.ok


@pytest.mark.parametrize(
    ("what", "change"),
    [
        ("a time ending in Z", lambda doc: doc.update(at=doc["at"].replace("+00:00", "Z"))),
        ("a time with a space", lambda doc: doc.update(at=doc["at"].replace("T", " "))),
        ("a time with .000", lambda doc: doc.update(at=doc["at"].replace("+", ".000+"))),
        ("a number written true", lambda doc: doc.update(seq=True)),
    ],
)
def test_an_entry_written_another_way_than_the_writer_writes_it_is_refused(
    home, capsys, what, change
):
    """The same entry written another way (its time, its number) is another hash for it:
    a free nonce too, refused on open and by verify."""
    store = Store(home)
    header, events = o1_docs()
    change(events[0])
    sid, before = forged(store, header, events)
    with pytest.raises(DamagedSession) as info:
        load_session(store, sid)
    assert info.value.message("en").startswith(
        f"session {sid} cannot be read back: a stored entry is not one this program wrote"
    ), what
    code, out, err = run(capsys, "verify", str(sid))
    assert code != 0 and out == "" and "not one this program wrote" in err
    assert store.path(sid).read_bytes() == before


def test_a_json_export_may_write_its_times_as_iso_allows(home, capsys, tmp_path):
    """Imported entries are chained afresh: their times' spelling is no nonce there."""
    code, out, _ = run(capsys, "import", str(O1))
    text = run(capsys, "export", out.strip(), "--format", "json")[1]
    path = tmp_path / "z.json"
    path.write_text(text.replace("+00:00", "Z"), encoding="utf-8")
    assert "+00:00" in text and "+00:00" not in path.read_text(encoding="utf-8")
    code, out, err = run(capsys, "import", str(path))
    assert code == 0, err


OFFSETS = st.one_of(
    st.integers(min_value=-23 * 60, max_value=23 * 60).map(lambda m: timedelta(minutes=m)),
    st.integers(min_value=-86399, max_value=86399).map(lambda s: timedelta(seconds=s)),
)


@settings(max_examples=300, deadline=None)
@given(
    when=st.datetimes(min_value=datetime(1, 1, 2), max_value=datetime(9999, 12, 30)),
    offset=OFFSETS,
    spec=st.sampled_from(["auto", "seconds", "milliseconds", "microseconds"]),
    sep=st.sampled_from(["T", " "]),
    zulu=st.booleans(),
)
def test_a_time_is_taken_as_written_exactly_when_isoformat_writes_it_so(
    when, offset, spec, sep, zulu
):
    """The quick pattern (core/codec.py) says what writing the time out again says."""
    from scorekeeper.core.codec import _as_written

    at = when.replace(tzinfo=timezone(offset))
    text = at.isoformat(sep=sep, timespec=spec)
    if zulu and text.endswith("+00:00"):
        text = text[: -len("+00:00")] + "Z"
    for variant in (text, text.replace("+00:00", "-00:00")):
        read = datetime.fromisoformat(variant)
        assert _as_written(variant, read) == (variant == read.isoformat()), variant


async def test_the_app_refuses_to_open_a_session_with_a_stray_key_and_says_why(home):
    """The app opens a session through the same checks (services/recording.py): it stays
    on the start screen and says which entry holds which key."""
    from scorekeeper.ui.app import ScorekeeperApp
    from scorekeeper.ui.screens.table import TableScreen

    store = Store(home)
    header, events = o1_docs()
    events[4]["nonce"] = 12345
    sid, before = forged(store, header, events)
    app = ScorekeeperApp(store, None)
    notes: list[str] = []
    app.notify = lambda message, **kw: notes.append(message)  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.open_session(sid) is False
        await pilot.pause()
        assert not isinstance(app.screen, TableScreen)
    assert any(
        f"session {sid} was changed after it was written: entry 5 holds a key this program"
        " never writes (nonce)" in note
        for note in notes
    ), notes
    assert store.path(sid).read_bytes() == before
