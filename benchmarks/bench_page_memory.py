"""The page server's memory as the session grows: after its start, during taps, and after
the snapshot's keeper has run.

Run: python benchmarks/bench_page_memory.py [--sizes 1000 10000 100000] [--taps 16]
         [--rounds 2] [--compare PATH] [--fixtures DIR]

The server runs as a user starts it with the recorder's link (``scorekeeper display 1
--serve --port 0 --recorder NAME``: it records each tap with the session's lock, and
keeps the session's snapshot when the taps pause, services/keeping.py) on a copy of a
stored session of each length. Its memory is read from ``/proc/PID/status``: VmRSS (what
it holds now) and VmHWM (the most it ever held), at three moments:

- *start*: its first table sent to a viewer's stream;
- *taps*: after ``--taps`` taps from the recorder's link (``note x``, a POST as the
  recorder's page sends it, 0.12 s apart: under the 2 s pause, so no snapshot is kept);
- *kept*: after the taps paused and the keeper kept the session's snapshot (its vouch
  line appended to the journal);
- *new state*: after more taps (260 in all) and the next keep, which takes a new state
  and writes it with its histories (every 256 entries, storage/snapshot.py).

Lengths alternate (1,000, 10,000, 100,000, 1,000, …) for ``--rounds`` rounds, each on a
fresh copy; with ``--compare PATH`` the other checkout's server runs too, in turn with
this one's at every length (this, other, this, other, …), so every figure has its anchor
from the same minutes of the same machine. Goal (issue 45): at most 100 MiB at 10,000
entries at every moment (the peak, VmHWM, at the end), and flat in the session's length.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Result, byte_compiled, cli_env, other_checkout, report
from fixtures import Fixtures, fixtures_for

ROOT = Path(__file__).resolve().parent.parent
GOAL_MIB = 100
GOAL_AT = 10_000
SIZES = (1_000, 10_000, 100_000)
MOMENTS = ("start", "taps", "kept", "new state")
#: Taps before the third keep: past the entries after which a writer takes a new state
#: (storage/snapshot.py STATE_EVERY), so that it writes the state and its histories.
STATE_TAPS = 260
#: Longer than the server's pause before it keeps the snapshot (web/server.py, 2 s).
KEEP_WAIT = 120.0


def status_mib(pid: int) -> tuple[float, float]:
    """(VmRSS, VmHWM) of process *pid*, in MiB."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found[key] = int(value.split()[0]) / 1024
    return found["VmRSS"], found["VmHWM"]


def first_player(folder: Path) -> str:
    argv = [sys.executable, "-m", "scorekeeper", "--data-dir", str(folder), "show", "1", "--json"]
    shown = subprocess.run(argv, env=cli_env(), capture_output=True, text=True, check=True)
    return str(json.loads(shown.stdout)["players"][0])


@dataclass
class Reading:
    """What one server held at each moment: (VmRSS, VmHWM) in MiB."""

    held: dict[str, tuple[float, float]]


class PageServer:
    """``scorekeeper display 1 --serve --recorder NAME`` of the checkout at *code_root*."""

    def __init__(self, folder: Path, code_root: Path) -> None:
        self.folder = folder
        words = ["--data-dir", str(folder), "display", "1", "--serve", "--port", "0"]
        words += ["--recorder", first_player(folder)]
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", *words],
            env={**cli_env(), "PYTHONPATH": str(code_root)},
            cwd=code_root,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        self.url = self.proc.stdout.readline().strip()
        self.recorder_url = self.proc.stdout.readline().strip()
        if not self.url.startswith("http://"):
            self.stop()
            raise RuntimeError(f"the server did not start: {self.url!r}")
        self.journal = folder / "sessions" / "1.journal"

    def held(self) -> tuple[float, float]:
        return status_mib(self.proc.pid)

    def journal_size(self) -> int:
        """The journal's length: a keep appends a vouch line (its snapshot beside it)."""
        return os.stat(self.journal).st_size

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(30)


async def first_table(http: aiohttp.ClientSession, url: str) -> int:
    """The number of entries in the first table a viewer's stream is sent."""
    async with http.get(url + "events") as stream:
        buffer = b""
        async for chunk in stream.content.iter_any():
            buffer += chunk
            for line in buffer.split(b"\n"):
                if line.startswith(b"data: ") and line.endswith(b"}"):
                    return int(json.loads(line[6:])["entries_count"])
    raise RuntimeError("the stream ended before its first table")


async def taps(http: aiohttp.ClientSession, server: PageServer, after: int, count: int) -> int:
    """*count* taps of ``note x`` from the recorder's link; the entries after them."""
    origin = "/".join(server.recorder_url.split("/", 3)[:3])
    for number in range(count):
        tap = {"id": f"memory-{after:08d}-{number:03d}", "after": after, "words": ["note", "x"]}
        async with http.post(
            server.recorder_url + "entry", json=tap, headers={"Origin": origin}
        ) as reply:
            answer = await reply.json()
        if not answer.get("recorded"):
            raise RuntimeError(f"the tap was not recorded: {answer}")
        after = int(answer["entries"])
        await asyncio.sleep(0.12)  # under the server's ten taps a second
    return after


async def kept(server: PageServer) -> None:
    """Until the keeper has kept the session's snapshot: the journal grew by its vouch
    line after the last tap was answered (and a moment more, the lock let go)."""
    before = server.journal_size()
    until = time.monotonic() + KEEP_WAIT
    while server.journal_size() == before:
        if time.monotonic() > until:
            raise RuntimeError("the snapshot was not kept")
        await asyncio.sleep(0.1)
    await asyncio.sleep(0.5)  # its vouch line written, the lock let go


async def one_server(server: PageServer, count: int) -> Reading:
    held: dict[str, tuple[float, float]] = {}
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=None)) as http:
        after = await first_table(http, server.url)
        held["start"] = server.held()
        after = await taps(http, server, after, count)
        held["taps"] = server.held()
        await kept(server)
        held["kept"] = server.held()
        after = await taps(http, server, after, STATE_TAPS - count)
        await kept(server)
        held["new state"] = server.held()
    return Reading(held)


def measure(fixtures: Fixtures, code_root: Path, n: int, count: int, name: str) -> Reading:
    folder = fixtures.copy(fixtures.session_folder(n), f"page-memory-{n}-{name}-{time.time_ns()}")
    server = PageServer(folder, code_root)
    try:
        return asyncio.run(one_server(server, count))
    finally:
        server.stop()


def run(
    fixtures: Fixtures,
    quick: bool = False,
    runs: int = 0,
    sizes: tuple[int, ...] = SIZES,
    count: int = 16,
    compare: Path | None = None,
) -> list[Result]:
    sizes = tuple(n for n in sizes if n < 100_000) if quick else sizes
    rounds = runs or (1 if quick else 2)
    roots = {"this": ROOT, **({"other": compare} if compare is not None else {})}
    readings: dict[tuple[str, int], list[Reading]] = {}
    for round_ in range(rounds):
        for n in sizes:
            for name, root in roots.items():
                reading = measure(fixtures, root, n, count, f"{name}-{round_}")
                readings.setdefault((name, n), []).append(reading)
                shown = "  ".join(
                    f"{m} {rss:.0f}/{hwm:.0f}" for m, (rss, hwm) in reading.held.items()
                )
                print(f"  [{name} {n:,}] {shown} MiB (VmRSS/VmHWM)", file=sys.stderr, flush=True)
    results = []
    for (name, n), found in readings.items():
        label = "" if compare is None else f" ({name} checkout)"
        for moment in MOMENTS:
            rss = statistics.median(r.held[moment][0] for r in found)
            hwm = statistics.median(r.held[moment][1] for r in found)
            at_goal = n == GOAL_AT and name == "this"
            results.append(
                Result(
                    f"page server at {n:,} entries, {moment}{label}: held / peak",
                    f"{rss:.0f} / {hwm:.0f} MiB",
                    f"≤ {GOAL_MIB} MiB" if at_goal else "",
                    (hwm <= GOAL_MIB) if at_goal else None,
                    [r.held[moment][1] for r in found],
                    "MiB",
                )
            )
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--taps", type=int, default=16, help="taps before each keep")
    parser.add_argument("--rounds", type=int, default=2, help="servers per length (alternated)")
    parser.add_argument("--compare", type=Path, help="another checkout, alternated with this")
    parser.add_argument("--fixtures", type=Path)
    args = parser.parse_args()
    compare = other_checkout(args.compare)
    byte_compiled()
    with fixtures_for(args.fixtures) as fixtures:
        results = run(fixtures, False, args.rounds, tuple(args.sizes), args.taps, compare)
    report(results)


if __name__ == "__main__":
    main()
