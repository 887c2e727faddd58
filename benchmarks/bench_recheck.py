"""What the one background fold after opening at a snapshot costs the keys and the taps.

Run: python benchmarks/bench_recheck.py [--entries 10000] [--rounds 6] [--keys 24]

A stored indian-official session of *entries* entries (seeded, benchmarks/sessions.py,
stored and closed as ``import`` stores it, so its snapshot is vouched for) is opened
at its snapshot, as the app and the phones' page open it; then:

- the fold alone: services/recheck.py ``recheck`` (every entry read, chain-checked and
  folded, compared with the snapshot's state), timed on its own;
- keys, A/B: the app's table in Textual's headless driver (``run_test``, in process),
  each key from its press to the app being idle again (its entry recorded, fsynced and
  the table painted): ``n`` ``r`` ``u`` ``y`` ``u`` ``y`` again and again (a round, a
  raise, both undone). A: while the fold runs, kept running back to back in its
  worker thread for the whole round, so that every key meets it; B: no fold at all.
- taps, A/B: the recorder's phone tapping ``round`` then ``undo`` through the page
  server (aiohttp, in process, ``JournalDesk``: the session's lock, the entry fsynced
  and folded), each from the POST to its answer; A with the fold running as above,
  B without.

Rounds alternate A and B (A B, B A …) after an untimed warm-up; the medians and p90
of each are printed, with their change. The machine's other load shows in both alike.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import percentile, seconds
from sessions import make_session, random_entry

import scorekeeper.services.recheck as rechecking
from scorekeeper.services.recording import Recording, create_session
from scorekeeper.services.showing import Followed
from scorekeeper.storage import Store

KEYS = ("n", "r", "u", "y", "u", "y")


def stored(root: Path, entries: int) -> Store:
    """A session of at least *entries* entries, between rounds, with its snapshot kept."""
    import random

    session = make_session(entries)
    rng = random.Random(11)
    while session.state.in_round:
        session.record(random_entry(session, rng))
    store = Store(root / "data")
    sid = create_session(store, session.header, session.events)
    Recording(store, sid, folded=session).close()
    return store


@contextlib.contextmanager
def fold_running(store: Store, on: bool) -> Iterator[None]:
    """The background fold kept running back to back in a thread of its own (*on*)."""
    stop = threading.Event()
    opened = Followed(store, 1, history=False).resumed_from
    assert opened is not None, "the session did not open at its snapshot"

    def loop() -> None:
        while not stop.is_set():
            rechecking.recheck(opened)

    thread = threading.Thread(target=loop, name="recheck-bench")
    if on:
        thread.start()
    try:
        yield
    finally:
        stop.set()
        if on:
            thread.join()


def fold_alone(store: Store, runs: int) -> list[float]:
    opened = Followed(store, 1, history=False).resumed_from
    assert opened is not None
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        assert rechecking.recheck(opened) is None
        samples.append(time.perf_counter() - start)
    return samples


async def keys_round(store: Store, keys: int, fold: bool) -> list[float]:
    """Each key's press → idle, at the app's table, with or without the fold running."""
    from scorekeeper.ui.app import ScorekeeperApp

    real = rechecking.recheck
    rechecking.recheck = lambda opened: None  # type: ignore[assignment]  # ours below
    samples: list[float] = []
    try:
        app = ScorekeeperApp(store, 1)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            with fold_running(store, fold):
                for number in range(keys):
                    key = KEYS[number % len(KEYS)]
                    start = time.perf_counter()
                    await pilot.press(key)
                    await pilot.pause()
                    samples.append(time.perf_counter() - start)
            await pilot.press("escape")
            await pilot.pause()
        app.finish_writing()
    finally:
        rechecking.recheck = real  # type: ignore[assignment]
    return samples


async def taps_round(store: Store, taps: int, fold: bool) -> list[float]:
    """Each tap's POST → answer, through the page server's recorder's link."""
    from aiohttp.test_utils import TestClient, TestServer

    from scorekeeper.web.server import JournalDesk, RecorderLink, make_app

    name = "Aki"
    link = RecorderLink("R3corder-token-for-bench_0", name, JournalDesk(store, 1, name))
    # between rounds: a new round, then its undo
    app = make_app(store, 1, token="V1ewers-token-for-bench_0", lang="en", max_viewers=10,
                   recorder=link)  # fmt: skip
    client = TestClient(TestServer(app))
    await client.start_server()
    samples: list[float] = []
    real = rechecking.recheck
    rechecking.recheck = lambda opened: None  # type: ignore[assignment]
    try:
        with fold_running(store, fold):
            for number in range(taps):
                doc = await (await client.get(f"/{link.token}/state.json")).json()
                words = ["round"] if number % 2 == 0 else ["undo"]
                body = {"id": f"bench-{time.monotonic_ns()}", "after": doc["after"],
                        "words": words}  # fmt: skip
                own = {"Origin": f"http://{client.host}:{client.port}",
                       "Sec-Fetch-Site": "same-origin"}  # fmt: skip
                start = time.perf_counter()
                reply = await client.post(f"/{link.token}/entry", json=body, headers=own)
                assert reply.status == 200, await reply.text()
                await reply.read()
                samples.append(time.perf_counter() - start)
                await asyncio.sleep(0.12)  # a person's taps, under the page's rate
    finally:
        rechecking.recheck = real  # type: ignore[assignment]
        await client.close()
    return samples


def summary(label: str, a: list[float], b: list[float]) -> str:
    ma, mb = statistics.median(a), statistics.median(b)
    pa, pb = percentile(a, 90), percentile(b, 90)
    return (
        f"{label}: median {seconds(ma)} with the fold / {seconds(mb)} without"
        f" ({(ma / mb - 1) * 100:+.0f}%), p90 {seconds(pa)} / {seconds(pb)}"
        f" ({(pa / pb - 1) * 100:+.0f}%), n={len(a)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--keys", type=int, default=24)
    parser.add_argument("--taps", type=int, default=12)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = stored(Path(folder), args.entries)
        alone = fold_alone(store, 3)
        print(f"{args.entries} entries: the fold alone {seconds(statistics.median(alone))}")
        keys: dict[bool, list[float]] = {True: [], False: []}
        taps: dict[bool, list[float]] = {True: [], False: []}
        for round_ in range(args.rounds + 1):
            order = (True, False) if round_ % 2 == 0 else (False, True)
            for fold in order:
                k = asyncio.run(keys_round(store, args.keys, fold))
                t = asyncio.run(taps_round(store, args.taps, fold))
                if round_:  # the first round warms up
                    keys[fold] += k
                    taps[fold] += t
        print(summary("keys", keys[True], keys[False]))
        print(summary("taps", taps[True], taps[False]))


if __name__ == "__main__":
    main()
