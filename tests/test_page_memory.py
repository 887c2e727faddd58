"""The page server's memory stays flat in the session's length (issue 45 point 4): what it
follows of a long session is picked up at the snapshot's state, its taps are recorded and
its snapshot kept (services/keeping.py) without decoding the history below that state, and
what it reads of the journal after a tap is only what was appended.

Measured as structure (which history is held decoded) and as tracemalloc's peak over the
same work at two lengths, never as time."""

from __future__ import annotations

import gc
import itertools
import threading
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core.transcript import read_session
from scorekeeper.services.keeping import Keeper
from scorekeeper.services.phone import Tap, record_tap_locked
from scorekeeper.services.recording import import_session, load_session
from scorekeeper.services.showing import Followed
from scorekeeper.services.summary_docs import summaries_of
from scorekeeper.storage import Store

HEAD = "game indian-official\nplayers A B C D\n"


def stored(folder: Path, rounds: int) -> Store:
    """A session of ``4 * rounds`` entries stored as ``import`` stores it: its snapshot's
    state 64 entries back, vouched for by the journal."""
    store = Store(folder)
    session = read_session(HEAD + "round\nraise\nraise\nshowdown A\n" * rounds)
    assert import_session(store, session) == 1
    return store


def tapped(store: Store, followed: Followed, count: int) -> None:
    """*count* notes tapped on the recorder's phone, each followed by the page's look."""
    after = followed.session.ledger.next_seq - 1
    for number in range(count):
        tap = Tap(f"tap-{after:06d}-{number:03d}", after, ("note", "x"))
        answer = record_tap_locked(store, 1, tap, "A", "en")
        assert answer.recorded, answer
        after = answer.entries
        assert followed.follow()


def kept(store: Store, followed: Followed, keeper: Keeper | None = None) -> Keeper:
    """The snapshot kept from the page's own session, as the page server keeps it (by
    *keeper*, the one that kept it before, else a new one)."""
    if keeper is None:
        keeper = Keeper(store, 1)
        keeper.share(followed, threading.Lock(), lambda: None)
    keeper.prepare()
    assert keeper.write()
    return keeper


def test_the_keeper_decodes_no_history_below_the_state(tmp_path):
    store = stored(tmp_path / "data", 400)
    followed = Followed(store, 1, history=False)
    assert followed.session.history_from > 1  # picked up at the snapshot's state
    tapped(store, followed, 5)
    keeper = kept(store, followed)  # counted on from the snapshot's statistics
    assert store.read(1).vouches[-1]["summaries"] == summaries_of(load_session(store, 1), 1)
    after = followed.session.ledger.next_seq - 1
    for words in (("round",), ("raise",), ("showdown", "B")):  # a round B wins
        answer = record_tap_locked(store, 1, Tap(f"tap-{after:06d}", after, words), "A", "en")
        assert answer.recorded, answer
        after = answer.entries
    assert followed.follow()
    kept(store, followed, keeper)  # then from its own last
    # the round results below the state are still the snapshot's text, never decoded
    # (a chain decoded once keeps its items for as long as the page follows the session)
    assert followed.session.state.results.raw_then() is not None
    whole = load_session(store, 1)
    assert store.read(1).vouches[-1]["summaries"] == summaries_of(whole, 1)
    assert whole.state.results[-1].winners == ("B",)


def _peak_of_the_page(folder: Path, rounds: int) -> int:
    """tracemalloc's peak (bytes) over the page's work on a session of ``4 * rounds``
    entries: taps, the page's look after each, and two keeps of the snapshot; measured
    from what the page held once it had opened the session."""
    store = stored(folder, rounds)
    followed = Followed(store, 1, history=False)
    gc.collect()
    tracemalloc.start()
    try:
        held = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        tapped(store, followed, 4)
        kept(store, followed)
        tapped(store, followed, 4)
        kept(store, followed)
        return tracemalloc.get_traced_memory()[1] - held
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("longer", [8])
def test_the_pages_peak_does_not_grow_with_the_session(tmp_path, longer):
    short = _peak_of_the_page(tmp_path / "short", 250)
    long = _peak_of_the_page(tmp_path / "long", 250 * longer)
    # The same taps and keeps on a session eight times as long: within a third more
    # (what a longer session holds once opened is not counted). Decoding its history, or
    # reading its whole journal at every look, made it grow with the session.
    assert long < short * 4 / 3 + 256 * 1024, (short, long)


def test_a_look_after_a_tap_holds_only_what_was_appended(tmp_path, monkeypatch):
    from scorekeeper.storage import journal_reading as journal

    monkeypatch.setattr(journal, "_HASH_CHUNK", 4096)
    store = stored(tmp_path / "data", 250)
    followed = Followed(store, 1, history=False)
    journal_bytes = store.path(1).stat().st_size
    assert journal_bytes > 100_000
    tapped(store, followed, 1)
    after = followed.session.ledger.next_seq - 1
    answer = record_tap_locked(store, 1, Tap(f"tap-{after:06d}", after, ("note", "x")), "A", "en")
    assert answer.recorded, answer
    gc.collect()
    tracemalloc.start()
    try:
        assert followed.follow()  # the page reads what the tap appended
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert followed.session.events[-1].kind == "note"
    # the bytes the page had read before are hashed a chunk at a time, never held whole
    assert peak < journal_bytes / 4, (peak, journal_bytes)


def test_opening_at_the_snapshot_holds_no_journal_before_it(tmp_path, monkeypatch):
    from scorekeeper.services.session_source import snapshot_state
    from scorekeeper.storage import journal_reading as journal

    monkeypatch.setattr(journal, "_HASH_CHUNK", 4096)
    store = stored(tmp_path / "data", 500)
    journal_bytes = store.path(1).stat().st_size
    found = snapshot_state(store, 1)
    assert found is not None
    gc.collect()
    tracemalloc.start()
    try:
        read = store.read_resumed(1, found[1].at)  # what the page reads as it opens
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert read.header["players"] and len(read.events) == 64
    assert read.read_to is not None and read.read_to.size == journal_bytes
    # the bytes before the state are hashed a chunk at a time, never held whole
    assert peak < journal_bytes / 2, (peak, journal_bytes)


def test_the_page_holds_no_history_once_open(tmp_path):
    store = stored(tmp_path / "data", 500)
    histories = store.path(1).with_name("1.journal.snap").stat().st_size
    gc.collect()
    tracemalloc.start()
    try:
        followed = Followed(store, 1, history=False)  # each history checked as it opens
        gc.collect()
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert followed.resumed_from is not None
    # the histories below the state stay in the snapshot's file (checked a chunk at a
    # time), neither decoded nor held as text: the page shows the latest entries only
    assert held < histories / 2, (held, histories)


def test_a_new_state_is_written_without_its_histories_whole(tmp_path, monkeypatch):
    from scorekeeper.services.session_source import snapshot_state
    from scorekeeper.storage import snapshot

    monkeypatch.setattr(snapshot, "STATE_EVERY", 4)  # a new state due at the next keep
    monkeypatch.setattr(snapshot, "_PIECE", 4096, raising=False)
    store = stored(tmp_path / "data", 500)
    histories = snapshot.path_of(store.path(1)).stat().st_size
    before = snapshot_state(store, 1)
    followed = Followed(store, 1, history=False)
    tapped(store, followed, 5)
    peaks = []
    save = snapshot.save_seekable

    def measured(*args):
        """The peak over the new state's encoding and writing (the state taken before)."""
        gc.collect()
        held = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        digest = save(*args)
        peaks.append(tracemalloc.get_traced_memory()[1] - held)
        return digest

    monkeypatch.setattr(snapshot, "save_seekable", measured)
    keeper = Keeper(store, 1)
    keeper.share(followed, threading.Lock(), lambda: None)
    keeper.prepare()
    tracemalloc.start()
    try:
        assert keeper.write()
    finally:
        tracemalloc.stop()
    after = snapshot_state(store, 1)
    assert before is not None and after is not None
    assert after[1].entries == before[1].entries + 5  # the new state, 64 entries back
    # its histories were read from the old snapshot and written a piece at a time
    assert len(peaks) == 1 and peaks[0] < histories / 2, (peaks, histories)
    opened = Followed(store, 1, history=False)  # and it is what the entries give
    assert opened.resumed_from is not None and opened.resumed_from.taken.entries > 1900
    assert opened.session.state == load_session(store, 1).state


@given(
    old=st.lists(st.integers(-5, 500), max_size=12),
    newer=st.lists(st.integers(-5, 500), max_size=5),
    cuts=st.lists(st.integers(0, 80), max_size=6),
)
def test_a_history_joined_a_piece_at_a_time_is_the_whole_joined(old, newer, cuts):
    from scorekeeper.core.state_codec import _compact_items, _joined, _joined_pieces

    text = _compact_items(old)
    bounds = sorted({0, len(text), *(min(cut, len(text)) for cut in cuts)})
    pieces = [text[a:b] for a, b in itertools.pairwise(bounds) if b > a]
    joined = "".join(_joined_pieces(pieces, newer))
    assert joined == _joined(text, _compact_items(newer))


@pytest.mark.parametrize("chunk", [None, 64])
def test_listing_reads_only_the_ends_of_a_journal(tmp_path, monkeypatch, chunk):
    """The names played under before (the recorder's join form) are listed from each
    journal's vouch line: its first lines and last ones are read, never the whole."""
    from scorekeeper.services.known_names import known_names

    if chunk is not None:  # the last lines longer than a chunk: read further back
        monkeypatch.setattr("scorekeeper.storage.ends._ENDS_CHUNK", chunk)
    store = stored(tmp_path / "data", 500)
    journal_bytes = store.path(1).stat().st_size
    gc.collect()
    tracemalloc.start()
    try:
        found = store.summaries()
        names = known_names(store)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert found is not None and found[1] == store.read(1).vouches[-1]["summaries"]
    assert store.vouched_summaries(1) == found[1] and names == ["A", "B", "C", "D"]
    assert peak < journal_bytes / 4, (peak, journal_bytes)
