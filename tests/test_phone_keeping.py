"""A tap of the recorder's phone is answered once its entry is on the disk and folded:
no snapshot is worked out or written on its path (issue 37, Performance). The snapshot
is kept off that path (services/keeping.py): its summaries made without the lock, then
written with the lock only if the journal still ends where they were made; as the page
server stops, the taps not kept yet are kept."""

from __future__ import annotations

from scorekeeper.core.header import make_header
from scorekeeper.core.words import parse_entry
from scorekeeper.services import keeping
from scorekeeper.services.keeping import Keeper
from scorekeeper.services.phone import Tap, record_tap_locked
from scorekeeper.services.recording import create_session, load_session, open_recording
from scorekeeper.services.summary_docs import summaries_of
from scorekeeper.storage import Store
from tests.test_web_recorder import client_for, tap


def stored(tmp_path) -> Store:
    store = Store(tmp_path / "data")
    create_session(store, make_header("indian-official", ["A", "B", "C"], {}))
    with open_recording(store, 1) as rec:  # a few entries, and the snapshot kept as it closes
        for words in (["round"], ["raise"], ["fold", "B"], ["showdown", "C"], ["round"]):
            rec.record(parse_entry(rec.session.game, words))
    return store


def taps(store: Store, steps=(["raise"], ["fold", "A"], ["showdown", "B"])) -> int:
    """Each step tapped on the table as it is (recorded by A); the entries after them."""
    entries = len(store.read(1).events)
    for number, words in enumerate(steps):
        answer = record_tap_locked(store, 1, Tap(f"tap-{number:04d}", entries, tuple(words)),
                                   "A", "en")  # fmt: skip
        assert answer.recorded, answer
        entries = answer.entries
    return entries


def vouches(store: Store) -> list[dict]:
    return [v for v in store.read(1).vouches]


def snapshot_bytes(store: Store) -> bytes | None:
    snap = store.snapshot(1)
    return None if snap is None else snap.data


def vouched_now(store: Store) -> bool:
    """The journal's last line vouches for what is kept beside it, at its last entry: the
    summaries it carries (a vouch line of today's form, docs/storage.md), and the snapshot
    when one is kept, by the digest of its state line."""
    stored_now = store.read(1)
    last = stored_now.vouches[-1] if stored_now.vouches else {}
    return last.get("after") == len(stored_now.events) and bool(last.get("summaries"))


def test_a_tap_writes_its_entry_and_no_snapshot(tmp_path, monkeypatch):
    store = stored(tmp_path)
    before_vouches, before_snap = vouches(store), snapshot_bytes(store)
    assert vouched_now(store)

    made = []

    def counted(*args, **kwargs):
        made.append(args)
        return summaries_of(*args, **kwargs)

    monkeypatch.setattr("scorekeeper.services.snapshot_keeper.summaries_of", counted)
    taps(store)
    assert made == []  # nothing worked out on a tap's path
    assert vouches(store) == before_vouches and snapshot_bytes(store) == before_snap
    assert not vouched_now(store)
    session = load_session(store, 1)  # every entry there, read as any reader reads it
    assert [e.kind for e in session.events][-3:] == ["raise", "fold", "showdown"]


def test_the_keeper_keeps_what_the_journal_holds(tmp_path):
    store = stored(tmp_path)
    taps(store)
    assert not vouched_now(store)
    assert Keeper(store, 1).keep()
    assert vouched_now(store)
    whole = load_session(store, 1)
    assert store.vouched_summaries(1) == summaries_of(whole, 1)
    with open_recording(store, 1, history=False) as rec:  # opened from it, as the app opens it
        assert rec.session.state == whole.state


def test_an_entry_after_the_summaries_were_made_is_not_covered(tmp_path):
    store = stored(tmp_path)
    keeper = Keeper(store, 1)
    taps(store, [["raise"]])
    keeper.prepare()
    taps(store, [["fold", "A"]])
    written = (store.root / "sessions" / "1.journal").read_bytes()
    snap = snapshot_bytes(store)
    assert not keeper.write()
    assert (store.root / "sessions" / "1.journal").read_bytes() == written
    assert snapshot_bytes(store) == snap
    assert keeper.keep() and vouched_now(store)  # the next quiet moment


def test_a_writer_holding_the_session_keeps_it_out(tmp_path, monkeypatch):
    monkeypatch.setattr("scorekeeper.services.session_source.LOCK_GRACE", 0.0)
    store = stored(tmp_path)
    taps(store, [["raise"]])
    with open_recording(store, 1, history=False, keep=False):
        written = (store.root / "sessions" / "1.journal").read_bytes()
        assert not Keeper(store, 1).keep()
        assert (store.root / "sessions" / "1.journal").read_bytes() == written


def test_a_failing_hint_costs_no_tap(tmp_path, monkeypatch):
    store = stored(tmp_path)

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(keeping, "summaries_of", broken)
    assert not Keeper(store, 1).keep()
    taps(store, [["raise"]])


async def test_the_server_keeps_the_snapshot_as_it_stops(tmp_path):
    store = stored(tmp_path)
    client = await client_for(store)
    try:
        entries = len(store.read(1).events)
        for number, words in enumerate((["raise"], ["fold", "A"])):
            status, answer = await tap(client, words, entries, f"tap-{number:08d}")
            assert status == 200, answer
            entries = answer["entries"]
        assert not vouched_now(store)  # the taps are quicker than the quiet moment
    finally:
        await client.close()
    assert vouched_now(store)


async def test_the_server_keeps_the_snapshot_when_the_taps_pause(tmp_path, monkeypatch):
    import asyncio

    from scorekeeper.web import desk

    monkeypatch.setattr(desk, "KEEP_WHEN_QUIET", 0.0)
    store = stored(tmp_path)
    client = await client_for(store)
    try:
        status, answer = await tap(client, ["raise"], len(store.read(1).events))
        assert status == 200, answer
        for _ in range(3000):  # the quiet moment has come: wait for the work, not a time
            if vouched_now(store):
                break
            await asyncio.sleep(0.01)
        assert vouched_now(store)
    finally:
        await client.close()


async def test_the_keeper_works_from_the_pages_session_and_the_page_still_shows_it(tmp_path):
    import json as json_module

    from scorekeeper.services.showing import Followed
    from scorekeeper.web.feed import Feed

    store = stored(tmp_path)
    feed = Feed(Followed(store, 1, history=False), recorder=True)
    keeper = Keeper(store, 1)
    keeper.share(feed.followed, feed.lock, feed.took)
    entries = taps(store, [["raise"]])
    keeper.prepare()  # takes the appended entry first, from the page's own session
    assert keeper._followed is feed.followed  # no second copy of the session
    docs = feed._look()  # the page has nothing new to read, yet shows the entry
    assert docs is not None
    assert json_module.loads(docs["en"])["entries_count"] == entries
    assert keeper.write() and vouched_now(store)
