"""What a read would cost, known before reading: the bytes of sessions whose cached
summary is missing or stale (the start and stats screens read in a worker above a bound)."""

from __future__ import annotations

from scorekeeper.core.events import Entry
from scorekeeper.services.catalog import list_sessions, listing_cost
from scorekeeper.services.recording import Recording
from scorekeeper.services.stats_store import gathering_cost, session_docs
from tests.ui_support import new_store


def test_only_sessions_not_yet_cached_cost_anything(tmp_path):
    store = new_store(tmp_path)
    new_store(tmp_path)  # a second session in the same folder
    sizes = {sid: store.path(sid).stat().st_size for sid in store.ids()}
    assert len(sizes) == 2
    assert listing_cost(store) == sum(sizes.values())
    list_sessions(store)
    assert listing_cost(store) == 0
    assert gathering_cost(store) == sum(sizes.values())  # the statistics' cache is its own
    session_docs(store)
    assert gathering_cost(store) == 0

    recording = Recording(store, 1)
    recording.record(Entry("round", {}))
    assert listing_cost(store) == store.path(1).stat().st_size  # only the changed one
    assert gathering_cost(store) == store.path(1).stat().st_size
    recording.close()  # its writer notes its summaries as it lets go: nothing to read
    assert listing_cost(store) == 0
    assert gathering_cost(store) == 0
