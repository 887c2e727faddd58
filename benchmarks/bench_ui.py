"""Key press to screen update on the table screen of a 5,000-entry session.

Run: python benchmarks/bench_ui.py [--entries N] [--samples N]
The app runs headless (Textual's test driver, with the real compositor). For
each sample a key event is posted to the app exactly as the terminal driver
posts one (raise, new round, or the Enter that picks a showdown winner), and
the clock stops when the compositor hands the app the screen update that
shows the new entry (``App._display``), i.e. key in, terminal update out,
with the entry stored (fsynced) in between. Pilot's own idle-waiting is not
timed. Prints the median and the 90th percentile.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from textual import events

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sessions import make_session

from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp
from scorekeeper.ui.screens.table import TableScreen


def next_keys(screen: TableScreen) -> list[str]:
    legal = screen.legal_kinds()
    if "round" in legal:
        return ["n"]
    if "raise" in legal and len(screen.recording.session.events) % 3:
        return ["r"]
    return ["s", "1", "enter"]  # the parent (seat 1 is in every round here) or a pick


async def measure(entries: int, samples: int) -> list[float]:
    seed = make_session(entries)
    timings: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder))
        sid = create_session(store, seed.header, seed.events)
        app = ScorekeeperApp(store, sid)
        shown = asyncio.Event()
        target = {"entries": -1}
        original = app._display

        def display(screen: Any, renderable: Any) -> None:
            original(screen, renderable)
            table = app.screen
            if (
                renderable is not None
                and isinstance(table, TableScreen)
                and len(table.recording.session.events) >= target["entries"]
            ):
                shown.set()

        app._display = display  # type: ignore[method-assign]
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            while len(timings) < samples:
                keys = next_keys(screen)
                before = len(screen.recording.session.events)
                for key in keys[:-1]:  # open a dialog and type: not timed
                    await pilot.press(key)
                await pilot.pause()
                last = keys[-1]
                target["entries"] = before + 1
                shown.clear()
                start = time.perf_counter()
                app.post_message(events.Key(last, last if len(last) == 1 else None))
                await asyncio.wait_for(shown.wait(), timeout=5)
                timings.append(time.perf_counter() - start)
                await pilot.pause()
    return timings


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=5_000)
    parser.add_argument("--samples", type=int, default=60)
    args = parser.parse_args()
    timings = asyncio.run(measure(args.entries, args.samples))
    timings.sort()
    median = statistics.median(timings) * 1000
    p90 = timings[int(len(timings) * 0.9) - 1] * 1000
    print(f"key -> screen update, session of {args.entries:,} entries, {len(timings)} samples:")
    print(f"  median {median:.1f} ms, 90th percentile {p90:.1f} ms (goal: median < 50 ms)")


if __name__ == "__main__":
    main()
