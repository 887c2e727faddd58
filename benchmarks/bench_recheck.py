"""What the one background fold after opening at a snapshot costs the keys and the taps.

Run: python benchmarks/bench_recheck.py [--entries 10000] [--rounds 6] [--keys 24]

A stored indian-official session of *entries* entries (seeded, benchmarks/sessions.py,
stored and closed as ``import`` stores it, so its snapshot is vouched for) is opened
at its snapshot, as the app and the phones' page open it; then:

- the fold alone: services/recheck.py ``recheck`` (every entry read, chain-checked and
  folded, compared with the snapshot's state), timed on its own;
- keys: the app's table in Textual's headless driver (``run_test``, in process), each
  key from its event posted to its work done (``n``, ``r``, ``y``: the entry recorded,
  fsynced and taken into the table; ``u``: its question shown), 50 ms apart:
  ``n`` ``r`` ``u`` ``y`` ``u`` ``y`` again and again (a round, a raise, both undone).
  Not Textual's pilot, which waits until the process looks idle by its CPU time: a
  fold in a thread of the process never looks idle;
- taps: the recorder's phone tapping ``round`` then ``undo`` through the page server
  (aiohttp, in process, ``JournalDesk``: the session's lock, the entry fsynced and
  folded), each from the POST to its answer, 120 ms apart.

Each three ways (:data:`FOLDS`): with no fold; with the fold as the app and the page run
it, in a child process their worker thread waits for; and with the fold in a thread of
the process itself (what a thread worker alone would do). The fold is kept running back
to back for the whole round, so that every key and tap meets it. Rounds alternate the
three (in turn, then reversed) after an untimed warm-up; the medians and p90 of each are
printed, with their change from no fold. The machine's other load shows in all alike.
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
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import percentile, seconds
from sessions import make_session, random_entry

import scorekeeper.services.recheck as rechecking
from scorekeeper.services.recording import create_session, open_recording
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
    open_recording(store, sid, folded=session).close()
    return store


#: The fold as the app and the page run it (in a process of its own), and in this one.
FOLDS: dict[str, Callable[[rechecking.Asked], object] | None] = {
    "no fold": None,
    "fold in a child process": rechecking._in_a_child,
    "fold in a thread here": rechecking.fold,
}


@contextlib.contextmanager
def fold_running(store: Store, mode: str) -> Iterator[None]:
    """The background fold kept running back to back in a thread of its own, as *mode*
    runs it (a child process it waits for, or this process)."""
    stop = threading.Event()
    opened = Followed(store, 1, history=False).resumed_from
    assert opened is not None, "the session did not open at its snapshot"
    asked = rechecking.asked(opened)
    run = FOLDS[mode]

    def loop() -> None:
        while run is not None and not stop.is_set():
            assert run(asked) is None

    thread = threading.Thread(target=loop, name="recheck-bench")
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def fold_alone(store: Store, runs: int) -> dict[str, list[float]]:
    opened = Followed(store, 1, history=False).resumed_from
    assert opened is not None
    asked = rechecking.asked(opened)
    samples: dict[str, list[float]] = {"child": [], "here": []}
    for _ in range(runs):
        for name, run in (("child", rechecking._in_a_child), ("here", rechecking.fold)):
            start = time.perf_counter()
            assert run(asked) is None
            samples[name].append(time.perf_counter() - start)
    return samples


async def _done(test: Callable[[], bool]) -> None:
    """Back to the loop until *test* holds: the key's work is done."""
    for _ in range(100_000):
        if test():
            return
        await asyncio.sleep(0.0005)
    raise AssertionError("the key was not handled")


async def keys_round(store: Store, keys: int, mode: str) -> list[float]:
    """Each key's press → its work done, at the app's table, the fold running as *mode*."""
    from textual import events

    from scorekeeper.ui.app import ScorekeeperApp
    from scorekeeper.ui.screens.table import TableScreen

    real = rechecking.recheck
    rechecking.recheck = lambda opened, *stopped: None  # type: ignore[assignment]  # ours below
    samples: list[float] = []
    try:
        app = ScorekeeperApp(store, 1)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            table = app.screen
            assert isinstance(table, TableScreen)
            with fold_running(store, mode):
                await asyncio.sleep(0.2)  # the fold under way
                for number in range(keys):
                    key = KEYS[number % len(KEYS)]
                    seq = table.recording.session.ledger.next_seq
                    start = time.perf_counter()
                    app.post_message(events.Key(key, key))
                    if key == "u":
                        await _done(lambda: app.screen is not table)
                    else:
                        await _done(
                            lambda seq=seq: (
                                table.recording.session.ledger.next_seq > seq
                                and app.screen is table
                            )
                        )
                    samples.append(time.perf_counter() - start)
                    await asyncio.sleep(0.05)  # between a person's keys
            await pilot.press("escape")
            await pilot.pause()
        app.finish_writing()
    finally:
        rechecking.recheck = real  # type: ignore[assignment]
    return samples


async def taps_round(store: Store, taps: int, mode: str) -> list[float]:
    """Each tap's POST → answer, through the page server's recorder's link."""
    from aiohttp.test_utils import TestClient, TestServer

    from scorekeeper.web.desk import JournalDesk
    from scorekeeper.web.links import RecorderLink
    from scorekeeper.web.server import make_app

    name = "Aki"
    link = RecorderLink("R3corder-token-for-bench_0", name, JournalDesk(store, 1, name))
    app = make_app(store, 1, token="V1ewers-token-for-bench_0", lang="en", max_viewers=10,
                   recorder=link)  # fmt: skip
    client = TestClient(TestServer(app))
    await client.start_server()
    samples: list[float] = []
    real = rechecking.recheck
    rechecking.recheck = lambda opened, *stopped: None  # type: ignore[assignment]  # ours below
    own = {"Origin": f"http://{client.host}:{client.port}", "Sec-Fetch-Site": "same-origin"}
    try:
        with fold_running(store, mode):
            await asyncio.sleep(0.2)  # the fold under way
            doc = await (await client.get(f"/{link.token}/state.json")).json()
            after = doc["after"]
            for number in range(taps):  # between rounds: a new round, then its undo
                words = ["round"] if number % 2 == 0 else ["undo"]
                body = {"id": f"bench-{time.monotonic_ns()}", "after": after, "words": words}
                start = time.perf_counter()
                reply = await client.post(f"/{link.token}/entry", json=body, headers=own)
                answer = await reply.json()
                samples.append(time.perf_counter() - start)
                assert reply.status == 200 and answer["recorded"], answer
                after = answer["entries"]
                await asyncio.sleep(0.12)  # a person's taps, under the page's rate
    finally:
        rechecking.recheck = real  # type: ignore[assignment]
        await client.close()
    return samples


def summary(label: str, samples: dict[str, list[float]]) -> list[str]:
    base = samples["no fold"]
    lines = []
    for mode, got in samples.items():
        mid, p90 = statistics.median(got), percentile(got, 90)
        change = ""
        if got is not base:
            change = (
                f" ({(mid / statistics.median(base) - 1) * 100:+.0f}% median,"
                f" {(p90 / percentile(base, 90) - 1) * 100:+.0f}% p90)"
            )
        lines.append(f"{label}, {mode}: median {seconds(mid)}, p90 {seconds(p90)}{change}")
    return lines


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
        child, here = (statistics.median(alone[k]) for k in ("child", "here"))
        print(f"{args.entries} entries: the fold alone {seconds(child)} in a child process"
              f" (its start included), {seconds(here)} here")  # fmt: skip
        keys: dict[str, list[float]] = {mode: [] for mode in FOLDS}
        taps: dict[str, list[float]] = {mode: [] for mode in FOLDS}
        for round_ in range(args.rounds + 1):
            order = list(FOLDS) if round_ % 2 == 0 else list(reversed(FOLDS))
            for mode in order:
                k = asyncio.run(keys_round(store, args.keys, mode))
                t = asyncio.run(taps_round(store, args.taps, mode))
                if round_:  # the first round warms up
                    keys[mode] += k
                    taps[mode] += t
        n = (len(keys["no fold"]), len(taps["no fold"]))
        print(f"each of {n[0]} keys and {n[1]} taps per way, {args.rounds} rounds:")
        print("\n".join([*summary("keys", keys), *summary("taps", taps)]))


if __name__ == "__main__":
    main()
