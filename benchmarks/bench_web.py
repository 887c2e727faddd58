"""The phones' page: how soon an entry reaches every phone, and what 50 phones cost.

Run: python benchmarks/bench_web.py [--viewers 50] [--runs 9] [--fixtures DIR]

The server runs as a user starts it (``scorekeeper display 1 --serve --port 0``) on a
copy of a stored session of 100 / 10,000 / 100,000 entries. *viewers* streams are
opened to it (aiohttp, each reading the Server-Sent Events as the page does). Each
run starts ``scorekeeper record 1 "note x"`` as a process (what a recorder's
terminal does) and times from that start until **every** stream has received the
table with the new entry in it: the recording process, the server seeing the file
change (it looks 4 times a second), reading what was appended, and sending it out.
Lengths alternate (100, 10k, 100k, 100, …). Also shown: how long a server takes from
its start to printing its address (it reads the session from its state checkpoint, as
the app opens a long session), started and stopped once a round per length,
alternated, after one untimed start of each. Goals: the median ≤ 1 s at every
length; the server's memory (VmRSS, read from /proc) ≤ 100 MiB while it holds the
streams, at 100 entries (the issue's "50 clients within 100 MiB"; the 100k session
itself is shown, for information).

The recorder's phone (issue 37): the server also has the recorder's link (``--recorder``
the first player), and each run also taps ``note x`` through it (a POST as the
recorder's page sends it) and times from the tap until the entry is durable (the
answer) and **every** viewer's stream has it; goal: p90 ≤ 1 s at every length.

The recorder's page's first paint on a phone (issue 37): headless Chromium (Debian's
``chromium``; skipped without it) at 390×844, touch, on loopback, opens the recorder's
link afresh each run (a new tab, nothing cached: the server sends ``no-store``); the
figures are the browser's own: its first contentful paint, and the moment the table with
the session's entries is in the page (``data-entries`` set, seen by an observer the
browser runs before the page's own script), both from the start of the navigation;
goal: the table in ≤ 1 s at every length.

Players' proposals (issue 46, bench_proposals.py): with 8 player phones and the viewers,
a player's tap → the proposal on the recorder's page, p90 ≤ 200 ms; the recorder's
confirm → every phone has the new table, p90 ≤ 1 s; at 100 and 10,000 entries.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))  # tests.browser_support

import bench_proposals
from common import Result, cli_env, report, scorekeeper_argv, timed_result
from fixtures import Fixtures, fixtures_for

LATENCY_GOAL = 1.0
MEMORY_GOAL_MIB = 100
SIZES = (100, 10_000, 100_000)


def first_player(folder: Path) -> str:
    shown = subprocess.run(
        [*scorekeeper_argv(), "--data-dir", str(folder), "show", "1", "--json"],
        env=cli_env(), capture_output=True, text=True, check=True,
    )  # fmt: skip
    return str(json.loads(shown.stdout)["players"][0])


def p90(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered) + 0.5) - 1)]


class Server:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        words = ["--data-dir", str(folder), "display", "1", "--serve", "--port", "0"]
        words += ["--max-viewers", "200", "--recorder", first_player(folder)]
        started = time.perf_counter()
        self.proc = subprocess.Popen(
            [*scorekeeper_argv(), *words], env=cli_env(), stdout=subprocess.PIPE, text=True
        )
        assert self.proc.stdout is not None
        self.url = self.proc.stdout.readline().strip()
        self.start_seconds = time.perf_counter() - started  # until phones can connect
        self.recorder_url = self.proc.stdout.readline().strip()
        if not self.url.startswith("http://"):
            raise RuntimeError(f"the server did not start: {self.url!r}")

    def memory_mib(self) -> float:
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        line = next(line for line in status.splitlines() if line.startswith("VmRSS"))
        return int(line.split()[1]) / 1024

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


class Viewers:
    """*count* streams, each keeping the last table it was sent."""

    def __init__(self, url: str, count: int) -> None:
        self.url, self.count = url, count
        self.latest: list[int] = [-1] * count  # entries in the last table received
        self.changed = asyncio.Event()

    async def _read(self, index: int, http: aiohttp.ClientSession) -> None:
        async with http.get(self.url + "events") as stream:
            buffer = b""
            async for chunk in stream.content.iter_any():
                buffer += chunk
                while b"\n\n" in buffer:
                    block, buffer = buffer.split(b"\n\n", 1)
                    for line in block.split(b"\n"):
                        if line.startswith(b"data: "):
                            doc = json.loads(line[6:])
                            self.latest[index] = doc["entries_count"]
                            self.changed.set()

    async def all_have(self, entries: int, timeout: float = 30) -> None:
        async with asyncio.timeout(timeout):
            while min(self.latest) < entries:
                self.changed.clear()
                await self.changed.wait()


async def measure(servers: dict[int, Server], viewers: int, runs: int) -> dict[str, list[float]]:
    samples: dict[str, list[float]] = {}
    connector = aiohttp.TCPConnector(limit=0)  # every stream at once, as phones would
    async with aiohttp.ClientSession(
        connector=connector, timeout=aiohttp.ClientTimeout(total=None)
    ) as http:
        watching = {n: Viewers(server.url, viewers) for n, server in servers.items()}
        tasks = [
            asyncio.create_task(group._read(i, http))
            for group in watching.values()
            for i in range(viewers)
        ]
        counts = {}
        for n, group in watching.items():
            await group.all_have(0)  # each stream has had its first table
            counts[n] = min(group.latest)
        for n, server in servers.items():
            samples[f"memory {n}"] = [server.memory_mib()]
        for round_ in range(runs + 1):  # the first round is not timed
            for n, server in servers.items():
                started = time.perf_counter()
                words = ["--data-dir", str(server.folder), "record", "1", "note x"]
                proc = await asyncio.create_subprocess_exec(
                    *scorekeeper_argv(), *words, env=cli_env(),
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                )  # fmt: skip
                await proc.wait()
                counts[n] += 1
                await watching[n].all_have(counts[n])
                if round_:
                    samples.setdefault(f"latency {n}", []).append(time.perf_counter() - started)
        for round_ in range(runs + 1):  # the recorder's phone: tap → durable → all viewers
            for n, server in servers.items():
                started = time.perf_counter()
                origin = "/".join(server.recorder_url.split("/", 3)[:3])
                tap = {"id": f"bench-{n}-{round_:04d}", "after": counts[n], "words": ["note", "x"]}
                async with http.post(
                    server.recorder_url + "entry", json=tap, headers={"Origin": origin}
                ) as reply:
                    answer = await reply.json()
                if not answer.get("recorded"):
                    raise RuntimeError(f"the tap was not recorded: {answer}")
                counts[n] = answer["entries"]
                await watching[n].all_have(counts[n])
                if round_:
                    samples.setdefault(f"tap {n}", []).append(time.perf_counter() - started)
                await asyncio.sleep(0.11)  # under the ten taps a second a person cannot pass
        samples["memory 100 after"] = [servers[SIZES[0]].memory_mib()]
        for task in tasks:
            task.cancel()
    return samples


#: Run in the page before its own script: when the table is first filled in.
_WATCH_TABLE = """
new MutationObserver((changes, observer) => {
  if (document.body && document.body.dataset.entries !== undefined) {
    window.__tableAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-entries"]});
"""


async def first_paints(servers: dict[int, Server], runs: int) -> dict[str, list[float]]:
    """The recorder's page opened afresh *runs* times per length (alternated) at 390x844."""
    from tests.browser_support import Browser

    samples: dict[str, list[float]] = {}
    port = 9400 + (time.time_ns() // 1000) % 500
    async with Browser(int(port)) as browser:
        await browser.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        await browser.viewport(390, 844, 3)
        await browser.call("Network.enable")
        await browser.call("Network.setCacheDisabled", cacheDisabled=True)
        await browser.call("Page.addScriptToEvaluateOnNewDocument", source=_WATCH_TABLE)
        for round_ in range(runs + 1):  # the first round is not timed
            for n, server in servers.items():
                await browser.open("about:blank")
                await browser.wait_for("document.readyState === 'complete'")
                await browser.open(server.recorder_url)
                shown = await browser.wait_for("window.__tableAt", seconds=30)
                paint = await browser.wait_for(
                    "(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime"
                )
                if not shown or not paint:
                    seen = await browser.evaluate("location.href + ' ' + document.readyState")
                    raise RuntimeError(f"no paint seen ({n} entries): {seen} {shown} {paint}")
                if round_:
                    samples.setdefault(f"paint {n}", []).append(float(paint) / 1000)
                    samples.setdefault(f"table {n}", []).append(float(shown) / 1000)
    return samples


def start_times(fixtures: Fixtures, sizes: tuple[int, ...], rounds: int) -> dict[int, list[float]]:
    """Each length's server started until it prints its address, then stopped; alternated."""
    folders = {n: fixtures.copy(fixtures.session_folder(n), f"web-start-{n}") for n in sizes}
    samples: dict[int, list[float]] = {n: [] for n in sizes}
    for round_ in range(rounds + 1):  # the first round is not timed
        for n in sizes:
            server = Server(folders[n])
            server.stop()
            if round_:
                samples[n].append(server.start_seconds)
    return samples


def run(fixtures: Fixtures, quick: bool = False, runs: int = 0, viewers: int = 50) -> list[Result]:
    sizes = SIZES[:2] if quick else SIZES
    rounds = runs or (3 if quick else 7)
    servers = {}
    try:
        for n in sizes:
            folder = fixtures.copy(fixtures.session_folder(n), f"web-{n}")
            servers[n] = Server(folder)
        samples = asyncio.run(measure(servers, viewers, rounds))
        if shutil.which("chromium") is not None:
            samples.update(asyncio.run(first_paints(servers, rounds)))
    finally:
        for server in servers.values():
            server.stop()
    starts = start_times(fixtures, sizes, rounds)
    proposals = bench_proposals.run(fixtures, quick, runs, viewers)  # players' proposals
    results = [
        timed_result(
            f"record → all {viewers} phones, {n:,} entries",
            samples[f"latency {n}"],
            f"≤ {LATENCY_GOAL:g} s",
            LATENCY_GOAL,
        )
        for n in sizes
    ]
    for n in sizes:
        figure = p90(samples[f"tap {n}"])
        results.append(
            Result(
                f"phone tap → durable → all {viewers} phones (p90), {n:,} entries",
                f"{figure * 1000:.0f} ms",
                f"≤ {LATENCY_GOAL:g} s",
                figure <= LATENCY_GOAL,
            )
        )
    for n in sizes:
        if f"table {n}" not in samples:
            results.append(Result(f"recorder's page first paint, {n:,} entries", "no chromium"))
            continue
        results.append(timed_result(f"recorder's page at 390x844: first paint, {n:,} entries",
                                    samples[f"paint {n}"]))  # fmt: skip
        results.append(
            timed_result(
                f"recorder's page at 390x844: the table shown, {n:,} entries",
                samples[f"table {n}"],
                f"≤ {LATENCY_GOAL:g} s",
                LATENCY_GOAL,
            )
        )
    for n in sizes:  # the session is read from its state checkpoint, as the app opens it
        results.append(timed_result(f"page server start → address printed, {n:,} entries",
                                    starts[n]))  # fmt: skip
    memory = max(samples[f"memory {SIZES[0]}"] + samples["memory 100 after"])
    results.append(
        Result(
            f"page server memory, {viewers} phones",
            f"{memory:.0f} MiB",
            f"≤ {MEMORY_GOAL_MIB} MiB",
            memory <= MEMORY_GOAL_MIB,
        )
    )
    for n in sizes[1:]:
        held = samples[f"memory {n}"][0]
        results.append(
            Result(f"page server memory, {viewers} phones, {n:,} entries", f"{held:.0f} MiB")
        )
    return results + proposals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--runs", type=int, default=0)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--fixtures", type=Path)
    args = parser.parse_args()
    with fixtures_for(args.fixtures) as fixtures:
        report(run(fixtures, args.quick, args.runs, args.viewers))


if __name__ == "__main__":
    main()
