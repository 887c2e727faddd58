"""The recorder's phone in a real browser (headless Chromium, touch emulation at 390x844):
whole rounds of the official game, of chips with a side pot and a Pochen deal recorded by
taps only, the numbers equal to the same entries recorded by ``scorekeeper record``, and
the viewers' page showing each entry (waited for in its DOM; how soon is
benchmarks/bench_web.py's to measure, never a test's)."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.core.header import make_header
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from tests.browser_support import Browser, require_browser

require_browser()


class Table:
    """``display 1 --serve --recorder NAME`` on a session of its own, and session 2 with
    the same header for the command line to record the same entries into."""

    def __init__(self, tmp_path: Path, game: str, players: list[str], recorder: str,
                 options: dict[str, str] | None = None,
                 stacks: dict[str, int] | None = None) -> None:  # fmt: skip
        data = tmp_path / "data"
        store = Store(data)
        for _ in range(2):
            create_session(store, make_header(game, players, options or {}, stacks=stacks))
        self.env = dict(os.environ, SCOREKEEPER_LANG="en")
        self.env["SCOREKEEPER_CONFIG"] = str(tmp_path / "config")
        self.base = [sys.executable, "-m", "scorekeeper", "--data-dir", str(data)]
        command = [*self.base, "display", "1", "--serve", "--port", "0", "--recorder", recorder]
        self.proc = subprocess.Popen(command, env=self.env, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        self.url = self.proc.stdout.readline().strip()
        self.recorder_url = self.proc.stdout.readline().strip()
        assert self.recorder_url.startswith("http://") and self.recorder_url != self.url

    def state(self, sid: int) -> dict[str, Any]:
        out = subprocess.run([*self.base, "show", str(sid), "--json"], env=self.env,
                             check=True, capture_output=True, text=True).stdout  # fmt: skip
        return dict(json.loads(out))

    def record_by_cli(self, lines: list[str], sid: int = 2) -> None:
        """*lines* recorded by ``scorekeeper record`` into session 2 (to compare), or into
        the page's own session 1 (an entry made elsewhere than the phone)."""
        subprocess.run([*self.base, "record", str(sid), *lines], env=self.env, check=True,
                       capture_output=True)  # fmt: skip

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


@pytest.fixture
def table(tmp_path):
    made: list[Table] = []

    def start(*args: Any, **kwargs: Any) -> Table:
        made.append(Table(tmp_path, *args, **kwargs))
        return made[-1]

    yield start
    for one in made:
        one.stop()


async def phone(browser: Browser, url: str, lang: str, width: int = 390, height: int = 844):
    await browser.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
    await browser.viewport(width, height, 3)
    if lang == "ja":
        await browser.call("Emulation.setLocaleOverride", locale="ja-JP")
    await browser.call("Network.enable")
    await browser.call("Network.setExtraHTTPHeaders", headers={"Accept-Language": lang})
    await browser.open(url)


ACTION = "document.querySelector('#actions button[data-kind=\"{0}\"]')"
CHOICE = "[...document.querySelectorAll('#form-choices button')].find(b => b.textContent === {0})"
ROW = "document.querySelector('#players tr[data-name=\"{0}\"]')"
POOL = "document.querySelector('#board [data-pool=\"{0}\"]')"


async def tap(browser: Browser, element: str) -> None:
    """A tap (a touch gesture, not a click) in the middle of *element*, once it is there
    and enabled; every target is at least 44 px high."""
    where = await browser.wait_for(
        f"(() => {{ const n = {element}; if (!n || n.disabled || n.offsetParent === null)"
        " return null; n.scrollIntoView({block: 'center'});"
        " const r = n.getBoundingClientRect();"
        " return [r.left + r.width / 2, r.top + r.height / 2, r.height]; })()"
    )
    assert where, element
    assert where[2] >= 44, (element, where)
    point = {"x": where[0], "y": where[1]}
    await browser.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[point])
    await browser.call("Input.dispatchTouchEvent", type="touchEnd", touchPoints=[])


class Taps:
    """The recorder's page and a viewers' page side by side."""

    def __init__(self, recorder: Browser, viewer: Browser) -> None:
        self.recorder, self.viewer = recorder, viewer
        self.answered = 0
        self.entries = 0

    async def recorded(self, entries: int) -> None:
        """The tap just made was recorded, and the viewers' page shows it within 1 s."""
        self.answered += 1
        done = await self.recorder.wait_for(f"document.body.dataset.answered === '{self.answered}'")
        assert done, await self.recorder.text("#answer")
        kind = await self.recorder.evaluate("document.getElementById('answer').className")
        assert "good" in kind, await self.recorder.text("#answer")
        seen = await self.viewer.wait_for(f"document.body.dataset.entries === '{entries}'")
        assert seen, f"the viewers' page did not show entry {entries}"
        ready = await self.recorder.wait_for(f"document.body.dataset.entries === '{entries}'")
        assert ready
        self.entries = entries

    async def action(self, kind: str, entries: int | None = None) -> None:
        await tap(self.recorder, ACTION.format(kind))
        if entries is not None:
            await self.recorded(entries)

    async def kinds(self) -> list[str]:
        return list(
            await self.recorder.evaluate(
                "[...document.querySelectorAll('#actions button')].map(b => b.dataset.kind)"
            )
        )


@contextlib.asynccontextmanager
async def phones(
    served: Table, lang: str, width: int = 390, height: int = 844
) -> AsyncIterator[Taps]:
    """A viewer's phone and the recorder's (*width* x *height*) on *served*'s two links,
    the recorder's page loaded with no entry yet."""
    async with Browser() as recorder, Browser() as viewer:
        await phone(viewer, served.url, lang)
        await phone(recorder, served.recorder_url, lang, width, height)
        assert await recorder.wait_for("document.body.dataset.entries === '0'")
        yield Taps(recorder, viewer)


async def fits(browser: Browser, width: int) -> None:
    wide = await browser.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"{wide} px wide on a {width} px screen"


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_a_whole_official_round_by_taps(table, lang):
    players = ["Aki", "Ben", "Chihiro", "Dan"]
    served = table("indian-official", players, "Aki")
    async with phones(served, lang) as taps:
        recorder, viewer = taps.recorder, taps.viewer
        await fits(recorder, 390)
        await taps.action("round", 1)
        for entries in (2, 3, 4, 5):  # 10 → 20 → 40 → 80 → 160, the cap
            await taps.action("raise", entries)
        assert "raise" not in await taps.kinds()  # at the cap: not offered
        await taps.action("fold")
        await tap(recorder, ROW.format("Ben"))  # the player picked by tapping the row
        await taps.recorded(6)
        await taps.action("showdown")
        await fits(recorder, 390)
        await tap(recorder, CHOICE.format(json.dumps("Chihiro")))  # the parent loses
        await taps.recorded(7)
        shown = await viewer.text("#entries")
        assert "Chihiro" in shown
    served.record_by_cli(["round", "raise", "raise", "raise", "raise", "fold Ben",
                          "showdown Chihiro"])  # fmt: skip
    by_taps, by_cli = served.state(1), served.state(2)
    assert by_taps["scores"] == by_cli["scores"]
    assert by_taps["scores"]["Aki"] < 0 and by_taps["stake_history"][-1]["to"] == 160


async def test_a_chips_round_with_a_side_pot_by_taps(table):
    players = ["Aki", "Ben", "Cy", "Dan"]
    served = table("indian-chips", players, "Aki", {"stack": "20"}, {"Aki": 3})
    async with phones(served, "ja") as taps:
        recorder, viewer = taps.recorder, taps.viewer
        await taps.action("round", 1)
        await taps.action("check", 2)
        await taps.action("bet", 3)
        await taps.action("call", 4)
        await taps.action("call", 5)  # Aki, all in with 2: a side pot
        pots = await viewer.text("#pots")
        assert pots.count("\n") >= 1, pots  # a main pot and a side pot
        await taps.action("call", 6)
        await taps.action("showdown")
        for name in ("Aki", "Ben"):
            await tap(recorder, ROW.format(name))
        await tap(recorder, "document.getElementById('form-tie')")  # Ben = Cy
        await tap(recorder, ROW.format("Cy"))
        await tap(recorder, ROW.format("Dan"))
        picks = await recorder.text("#form-picks")
        assert picks == "Aki > Ben = Cy > Dan"
        await fits(recorder, 390)
        await tap(recorder, "document.getElementById('form-send')")
        await taps.recorded(7)
    served.record_by_cli(["round", "check Ben", "bet Cy", "call Dan", "call Aki", "call Ben",
                          "showdown Aki > Ben = Cy > Dan"])  # fmt: skip
    by_taps, by_cli = served.state(1), served.state(2)
    assert by_taps["scores"] == by_cli["scores"] == {"Aki": 12, "Ben": 18, "Cy": 18, "Dan": 15}


async def test_a_pochen_deal_by_taps(table):
    served = table("pochen", ["A", "B", "C", "D"], "A", {"stack": "50"})
    async with phones(served, "en", 360, 740) as taps:
        recorder = taps.recorder
        await taps.action("round", 1)
        await taps.action("trump")
        await tap(recorder, CHOICE.format(json.dumps("♦ diamonds")))
        await taps.recorded(2)
        await taps.action("claim")
        await tap(recorder, ROW.format("B"))
        await tap(recorder, POOL.format("ace"))  # a pool claimed by tapping it on the board
        await tap(recorder, "document.getElementById('form-send')")
        await taps.recorded(3)
        await taps.action("claim")
        await tap(recorder, CHOICE.format(json.dumps("C")))
        for pool in ("king", "queen", "marriage"):
            await tap(recorder, POOL.format(pool))
        await fits(recorder, 360)
        await tap(recorder, "document.getElementById('form-send')")
        await taps.recorded(4)
        await taps.action("pass", 5)  # B
        await taps.action("bet")  # C: the amount by the stepper
        await tap(recorder, "document.getElementById('more')")
        await tap(recorder, "document.getElementById('more')")
        assert await recorder.evaluate("document.getElementById('amount').value") == "3"
        await tap(recorder, "document.getElementById('form-send')")
        await taps.recorded(6)
        await taps.action("call", 7)  # D
        await taps.action("fold", 8)  # A
        await taps.action("fold", 9)  # B
        await taps.action("poch")
        await tap(recorder, ROW.format("D"))
        await tap(recorder, ROW.format("C"))
        await tap(recorder, "document.getElementById('form-send')")
        await taps.recorded(10)
        await taps.action("out")
        await tap(recorder, ROW.format("B"))
        await taps.recorded(11)
    served.record_by_cli(["round", "trump D", "claim B ace", "claim C king queen marriage",
                          "pass B", "bet C 3", "call D", "fold A", "fold B", "poch D > C",
                          "out B"])  # fmt: skip
    by_taps, by_cli = served.state(1), served.state(2)
    assert by_taps["scores"] == by_cli["scores"] == {"A": 41, "B": 49, "C": 50, "D": 48}
    assert by_taps["board"] == by_cli["board"]


async def test_undo_asks_first_and_a_refusal_is_said_on_the_page(table):
    served = table("indian-official", ["Aki", "Ben", "Chihiro"], "Aki")
    async with phones(served, "ja") as taps:
        recorder = taps.recorder
        await taps.action("round", 1)
        await taps.action("undo")
        assert "取り消しますか" in await recorder.text("#form-prompt")
        await tap(recorder, CHOICE.format(json.dumps("いいえ")))
        assert await recorder.evaluate("document.getElementById('form').hidden")  # nothing sent
        await taps.action("undo")
        await tap(recorder, CHOICE.format(json.dumps("はい")))
        await taps.recorded(2)
        # offline: said on the page, nothing queued; a tap on it sends the same tap again
        await recorder.call("Network.emulateNetworkConditions", offline=True, latency=0,
                            downloadThroughput=-1, uploadThroughput=-1)  # fmt: skip
        await taps.action("round")
        said = await recorder.wait_for(
            "document.getElementById('answer').className.includes('retry')"
            " && document.getElementById('answer').innerText"
        )
        assert said and "未送信 — タップして再送" in said, said
        assert served.state(1)["round"] == 0  # nothing was written
        await recorder.call("Network.emulateNetworkConditions", offline=False, latency=0,
                            downloadThroughput=-1, uploadThroughput=-1)  # fmt: skip
        await tap(recorder, "document.getElementById('answer')")
        await taps.recorded(3)
    assert served.state(1)["round"] == 1  # the retried tap was recorded once
