"""What a read would cost, known before reading: the bytes of sessions whose journal
vouches for no snapshot (they must be folded); the start and stats screens read in a
worker above a bound."""

from __future__ import annotations

from scorekeeper.core.events import Entry
from scorekeeper.services.catalog import list_sessions
from scorekeeper.services.recording import open_recording
from scorekeeper.services.stats_store import session_docs
from tests.ui_support import new_store


def unvouched(store) -> int:
    """Bytes of the sessions a listing would fold now."""
    found = store.summaries()
    return sum(store.path(sid).stat().st_size for sid, value in found.items() if value is None)


def test_only_sessions_without_a_vouched_snapshot_cost_anything(tmp_path):
    store = new_store(tmp_path)
    new_store(tmp_path)  # a second session in the same folder
    sizes = {sid: store.path(sid).stat().st_size for sid in store.ids()}
    assert len(sizes) == 2
    assert unvouched(store) == sum(sizes.values())
    list_sessions(store)  # folds them, and keeps a snapshot of each, vouched for
    assert unvouched(store) == 0
    session_docs(store)
    assert unvouched(store) == 0

    recording = open_recording(store, 1)
    recording.record(Entry("round", {}))
    assert unvouched(store) == store.path(1).stat().st_size  # only the changed one
    recording.close()  # its writer keeps its snapshot as it lets go: nothing to fold
    assert unvouched(store) == 0


# -- the quick read: one pass tells whether to read now, and reads if so -------------------


def counted_passes(monkeypatch) -> list[int]:
    """How many session files each listing looked at, from now on."""
    from scorekeeper.storage import Store

    passes: list[int] = []
    real = Store.summaries

    def summaries(self, **kwargs):
        looked: list[int] = []
        inner = self._vouched_in

        def vouched_in(path, data):
            looked.append(path)
            return inner(path, data)

        self._vouched_in = vouched_in
        try:
            return real(self, **kwargs)
        finally:
            del self._vouched_in
            passes.append(len(looked))

    monkeypatch.setattr(Store, "summaries", summaries)
    return passes


def test_a_quick_read_reads_nothing_when_more_is_not_yet_vouched(tmp_path, monkeypatch):
    import scorekeeper.services.summary_docs as summary_docs

    store = new_store(tmp_path)
    new_store(tmp_path)
    sizes = [store.path(sid).stat().st_size for sid in store.ids()]
    before = {sid: store.path(sid).read_bytes() for sid in store.ids()}
    made: list[int] = []
    real = summary_docs.summarize
    monkeypatch.setattr(
        summary_docs,
        "summarize",
        lambda session, sid, *stats: made.append(sid) or real(session, sid, *stats),
    )

    assert list_sessions(store, at_most=sum(sizes) - 1) is None
    assert session_docs(store, at_most=sum(sizes) - 1) is None
    assert made == []  # nothing folded, nothing written
    assert {sid: store.path(sid).read_bytes() for sid in store.ids()} == before
    assert sorted(p.name for p in store.sessions_dir.iterdir()) == ["1.journal", "2.journal"]

    listed = list_sessions(store, at_most=sum(sizes))  # exactly the bound: read now
    assert listed is not None and sorted(s.id for s in listed) == [1, 2]
    assert sorted(made) == [1, 2] and store.vouched_summaries(1) is not None
    docs = session_docs(store, at_most=sum(sizes))
    assert docs is not None and len(docs) == 2


def test_a_quick_read_of_vouched_summaries_looks_at_each_file_once(tmp_path, monkeypatch):
    store = new_store(tmp_path)
    new_store(tmp_path)
    new_store(tmp_path)
    list_sessions(store)
    session_docs(store)
    passes = counted_passes(monkeypatch)
    listed = list_sessions(store, at_most=0)
    assert listed is not None and len(listed) == 3
    assert passes == [3]  # the cost and the read in one pass
    docs = session_docs(store, at_most=0)
    assert docs is not None and len(docs) == 3
    assert passes == [3, 3]


def while_held_elsewhere(lock, read):
    """What *read* gives while another thread holds *lock*."""
    import threading

    held_elsewhere = threading.Event()
    release = threading.Event()

    def worker() -> None:
        with lock:
            held_elsewhere.set()
            release.wait(30)

    thread = threading.Thread(target=worker)
    thread.start()
    # Should the read wait (the bug), it gets the lock when this lets go, and gives a
    # list: the test fails instead of hanging.
    letting_go = threading.Timer(10, release.set)
    letting_go.start()
    try:
        assert held_elsewhere.wait(30)
        return read()
    finally:
        letting_go.cancel()
        release.set()
        thread.join(30)


def test_a_quick_read_does_not_wait_for_a_read_under_way(tmp_path):
    from scorekeeper.services import catalog, stats_store

    store = new_store(tmp_path)
    list_sessions(store)
    session_docs(store)
    for lock, quick in (
        (catalog._READING, lambda: list_sessions(store, at_most=10**9)),
        (stats_store._GATHERING, lambda: session_docs(store, at_most=10**9)),
    ):
        # "Not now": the screen reads in a worker, which waits its turn.
        assert while_held_elsewhere(lock, quick) is None
        assert quick() is not None  # free again: read at once
