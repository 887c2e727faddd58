"""Every benchmark in one run, with the ratios the project holds itself to.

Run: python benchmarks/run_all.py [--quick]
Prints one table: each figure, its goal, and whether it meets it. The
figures in docs/performance.md come from this script.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_replay
import bench_startup
import bench_stats
import bench_storage
import bench_ui


def line(what: str, figure: str, goal: str, ok: bool | None) -> None:
    mark = "" if ok is None else ("ok" if ok else "MISSED")
    print(f"{what:<58}{figure:>26}  {goal:<22}{mark}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="skip the 100,000-entry figures")
    args = parser.parse_args()
    sizes = (100, 1_000, 10_000) if args.quick else (100, 1_000, 10_000, 100_000)
    bench_storage.SIZES = sizes

    print(f"{'what':<58}{'figure':>26}  {'goal':<22}")
    with tempfile.TemporaryDirectory() as folder:
        storage = bench_storage.run(Path(folder), 200)
    journal, sqlite = storage["journal (scorekeeper)"], storage["sqlite3 WAL, FULL"]
    for n in sizes:
        ratio = journal[n] / sqlite[n]
        figure = f"{journal[n] * 1000:.3f} ms vs {sqlite[n] * 1000:.3f} ms"
        line(f"append at {n:,} entries: journal vs sqlite WAL FULL", figure, "≤ 2× sqlite",
             ratio <= 2)  # fmt: skip
    flat = journal[10_000] / journal[100]
    line("append: 10,000 vs 100 entries", f"{flat:.2f}×", "≤ 1.5×", flat <= 1.5)

    recording = {n: bench_replay.time_recording(n) for n in sizes}
    for n, seconds in recording.items():
        line(f"record one entry (rules + fsync) at {n:,} entries", f"{seconds * 1000:.3f} ms",
             "", None)  # fmt: skip
    flat = recording[10_000] / recording[100]
    line("record: 10,000 vs 100 entries", f"{flat:.2f}×", "≤ 1.5×", flat <= 1.5)

    replay_10k = bench_replay.time_replay(10_000)
    line("replay a 10,000-entry transcript", f"{replay_10k * 1000:.0f} ms", "≤ 1 s",
         replay_10k <= 1)  # fmt: skip
    if not args.quick:
        replay_100k = bench_replay.time_replay(100_000, repeats=1)
        line("replay a 100,000-entry transcript", f"{replay_100k:.1f} s", "", None)

    timings = sorted(asyncio.run(bench_ui.measure(5_000, 40)))
    median = timings[len(timings) // 2] * 1000
    line("key → screen update, 5,000-entry session (median)", f"{median:.1f} ms", "< 50 ms",
         median < 50)  # fmt: skip

    ours, bare = bench_startup.measure(7)
    ratio = ours / bare
    figure = f"{ours * 1000:.0f} vs {bare * 1000:.0f} ms"
    line("start to first screen vs a bare Textual app", figure, "≤ 1.5×", ratio <= 1.5)

    cold, warm, _ = bench_stats.measure(1_000)
    line("stats over 1,000 stored sessions (cold / warm)", f"{cold:.2f} s / {warm:.2f} s", "",
         None)  # fmt: skip


if __name__ == "__main__":
    main()
