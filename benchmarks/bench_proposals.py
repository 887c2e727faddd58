"""Players' proposals on the phones' page (issue 46), measured by bench_web.py.

The server runs as a user starts it (``display 1 --serve --recorder FIRST --players``) on
a copy of a stored session of 100 / 10,000 entries, with *viewers* viewers' streams, the
recorder's stream and 8 players' streams (the seated players' own links, in turn). Each
run: a player proposes a move their page offers (a POST as their page sends it), timed
until the recorder's stream has the proposal (goal: p90 ≤ 200 ms); the recorder confirms
it, timed until **every** stream (viewers' and players') has the new table (goal: p90 ≤
1 s); then the recorder's ``undo`` (untimed), so the same move is offered again.

Run alone: python benchmarks/bench_proposals.py [--runs 9] [--fixtures DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Result, cli_env, report, scorekeeper_argv
from fixtures import Fixtures, fixtures_for

SHOWN_GOAL = 0.2
TABLE_GOAL = 1.0
SIZES = (100, 10_000)
PLAYER_PHONES = 8


def _p90(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered) + 0.5) - 1)]


class PlayersServer:
    """``display 1 --serve --recorder FIRST --players``: its links, by who holds them."""

    def __init__(self, folder: Path) -> None:
        shown = subprocess.run(
            [*scorekeeper_argv(), "--data-dir", str(folder), "show", "1", "--json"],
            env=cli_env(), capture_output=True, text=True, check=True,
        )  # fmt: skip
        first = str(json.loads(shown.stdout)["players"][0])
        words = ["--data-dir", str(folder), "display", "1", "--serve", "--port", "0",
                 "--max-viewers", "200", "--recorder", first, "--players"]  # fmt: skip
        self.proc = subprocess.Popen(
            [*scorekeeper_argv(), *words], env=cli_env(), stdout=subprocess.PIPE, text=True
        )
        assert self.proc.stdout is not None
        self.url = self.proc.stdout.readline().strip()
        self.recorder_url = self.proc.stdout.readline().strip()
        self.players: dict[str, str] = {}
        for line in self.proc.stdout:  # NAME: URL, one per seated player, then words
            name, _, url = line.strip().rpartition(": ")
            if not url.startswith("http://"):
                break
            self.players[name] = url
        if not self.url.startswith("http://") or not self.players:
            raise RuntimeError(f"the server did not start with players' links: {self.url!r}")
        self.origin = "/".join(self.url.split("/", 3)[:3])

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


class Streams:
    """Streams on links, each keeping the last document it was sent."""

    def __init__(self) -> None:
        self.latest: list[dict[str, Any]] = []
        self.changed = asyncio.Event()

    async def read(self, url: str, http: aiohttp.ClientSession) -> None:
        index = len(self.latest)
        self.latest.append({"entries_count": -1})
        async with http.get(url + "events") as stream:
            buffer = b""
            async for chunk in stream.content.iter_any():
                buffer += chunk
                while b"\n\n" in buffer:
                    block, buffer = buffer.split(b"\n\n", 1)
                    for line in block.split(b"\n"):
                        if line.startswith(b"data: "):
                            self.latest[index] = json.loads(line[6:])
                            self.changed.set()

    async def until(self, check: Any, timeout: float = 30) -> None:
        async with asyncio.timeout(timeout):
            while not all(check(doc) for doc in self.latest):
                self.changed.clear()
                await self.changed.wait()


async def _post(http: aiohttp.ClientSession, server: PlayersServer, url: str, body: dict) -> Any:
    async with http.post(url, json=body, headers={"Origin": server.origin}) as reply:
        return reply.status, await reply.json()


async def _state(http: aiohttp.ClientSession, url: str) -> dict[str, Any]:
    async with http.get(url + "state.json") as reply:
        return dict(await reply.json())


async def _a_move(
    http: aiohttp.ClientSession, server: PlayersServer
) -> tuple[str, list[str]] | None:
    """A player and a move their page offers now that takes one tap (a round begun by the
    recorder first when none is under way), or None."""
    for attempt in range(2):
        for name, url in server.players.items():
            doc = await _state(http, url)
            for offer in doc["offers"]:
                if offer["form"] == "now":
                    return name, [offer["kind"]]
                if offer["form"] == "player" and offer["choices"]:
                    return name, [offer["kind"], offer["choices"][0]]
        if attempt == 0:
            rec = await _state(http, server.recorder_url)
            tap = {"id": "bench-round-0001", "after": rec["after"], "words": ["round"]}
            await _post(http, server, server.recorder_url + "entry", tap)
            await asyncio.sleep(0.6)  # the next look at the file
    return None


async def measure(server: PlayersServer, viewers: int, runs: int) -> dict[str, list[float]]:
    """The samples of *runs* timed proposals (one untimed first) on *server*."""
    samples: dict[str, list[float]] = {"shown": [], "table": []}
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:
        phones, recorder = Streams(), Streams()
        urls = [server.url] * viewers + [
            list(server.players.values())[i % len(server.players)] for i in range(PLAYER_PHONES)
        ]
        tasks = [asyncio.create_task(phones.read(url, http)) for url in urls]
        tasks.append(asyncio.create_task(recorder.read(server.recorder_url, http)))
        await phones.until(lambda doc: doc["entries_count"] >= 0)
        await recorder.until(lambda doc: doc["entries_count"] >= 0)
        move = await _a_move(http, server)
        if move is None:
            raise RuntimeError("no player has a one-tap move to propose in this session")
        name, words = move
        for round_ in range(runs + 1):  # the first round is not timed
            doc = await _state(http, server.players[name])
            count = doc["after"]
            body = {"id": f"bench-prop-{round_:04d}", "after": count, "words": words}
            started = time.perf_counter()
            status, said = await _post(http, server, server.players[name] + "propose", body)
            if status != 200:
                raise RuntimeError(f"the proposal was refused: {said}")
            ident = said["id"]
            await recorder.until(
                lambda d, i=ident: any(p["id"] == i for p in d.get("proposals", []))
            )
            shown = time.perf_counter() - started
            started = time.perf_counter()
            status, said = await _post(http, server, server.recorder_url + "confirm", {"id": ident})
            if not said.get("recorded"):
                raise RuntimeError(f"the proposal was not recorded: {said}")
            await phones.until(lambda d, c=count + 1: d["entries_count"] >= c)
            table = time.perf_counter() - started
            if round_:
                samples["shown"].append(shown)
                samples["table"].append(table)
            await asyncio.sleep(0.11)  # under a person's rate of taps
            undo = {"id": f"bench-undo-{round_:04d}", "after": count + 1, "words": ["undo"]}
            status, said = await _post(http, server, server.recorder_url + "entry", undo)
            if not said.get("recorded"):
                raise RuntimeError(f"the undo was not recorded: {said}")
            await phones.until(lambda d, c=count + 2: d["entries_count"] >= c)
            await asyncio.sleep(0.11)
        for task in tasks:
            task.cancel()
    return samples


def run(fixtures: Fixtures, quick: bool = False, runs: int = 0, viewers: int = 50) -> list[Result]:
    """The proposals' figures at each length (bench_web.py adds them to its own)."""
    rounds = runs or (3 if quick else 9)
    results = []
    for n in SIZES:
        server = PlayersServer(fixtures.copy(fixtures.session_folder(n), f"proposals-{n}"))
        try:
            samples = asyncio.run(measure(server, viewers, rounds))
        finally:
            server.stop()
        shown, table = _p90(samples["shown"]), _p90(samples["table"])
        results.append(Result(
            f"player's tap → proposal on the recorder's page (p90), {n:,} entries",
            f"{shown * 1000:.0f} ms", f"≤ {SHOWN_GOAL * 1000:.0f} ms", shown <= SHOWN_GOAL,
            samples["shown"],
        ))  # fmt: skip
        results.append(Result(
            f"confirm → all {viewers} viewers + {PLAYER_PHONES} players (p90), {n:,} entries",
            f"{table * 1000:.0f} ms", f"≤ {TABLE_GOAL:g} s", table <= TABLE_GOAL,
            samples["table"],
        ))  # fmt: skip
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--runs", type=int, default=0)
    parser.add_argument("--fixtures", type=Path)
    args = parser.parse_args()
    with fixtures_for(args.fixtures) as fixtures:
        report(run(fixtures, False, args.runs, args.viewers))


if __name__ == "__main__":
    main()
