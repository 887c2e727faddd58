"""Make the screenshots of the phones' page: python docs/tools/web_screenshots.py

Stores worked example O1 of the rules as far as round 3 at a stake of 80 (and P1's
claims, for Pochen's board), serves it as ``scorekeeper display 1 --serve`` does,
and photographs the page in headless Chromium (Debian's ``chromium``; for the
Japanese shots, a Japanese font such as ``fonts-noto-cjk``) at a phone's 390x844 and
a TV's 1920x1080, into docs/images/web-*.png; and the recorder's page (``--recorder Aki``)
with the showdown's question open, in both languages, into docs/images/recorder-phone*.png,
and correcting round 2 on it (the banner, the round's buttons) into
docs/images/recorder-correct*.png; and O1 played to its end, with the final standings,
who pays whom and the share button in place of the stake, into docs/images/web-ended*.png;
and, served as ``scorekeeper display --serve`` (no number) while the same table starts
its next session, the last result shown from the top of the page into
docs/images/web-last-result*.png. Times are shown in Tokyo's time.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scorekeeper.core.header import make_header  # noqa: E402
from scorekeeper.core.words import parse_entry, split_line  # noqa: E402
from scorekeeper.services.recording import create_session, open_recording  # noqa: E402
from scorekeeper.storage import Store  # noqa: E402
from tests.browser_support import Browser  # noqa: E402

IMAGES = ROOT / "docs" / "images"
START = datetime(2026, 11, 28, 10, 0, tzinfo=UTC)  # 19:00 in Tokyo
O1 = ["round", "fold Ben", "raise", "fold Chihiro", "showdown Dai", "round", "showdown Ben"]
O1 += ["round", "raise", "raise", "raise"]
#: O1 played to its end (rounds 3 and 4 as the rules give them), then ``end``.
O1_END = [*O1, "raise", "fold Dai", "showdown cards Chihiro=AS Emi=2H Aki=KC Ben=QD"]
O1_END += ["round", "fold Emi", "fold Aki", "fold Ben", "fold Chihiro", "end"]
P1 = ["round", "turned 8D", "claim Ben ace", "claim Chihiro king queen marriage"]
P1 += ["pass Ben", "bet Chihiro 3"]


def stored(folder: Path, game: str, options: dict[str, str], lines: list[str]) -> Path:
    store = Store(folder / "data")
    create_session(
        store,
        make_header(
            game,
            ["Aki", "Ben", "Chihiro", "Dai", "Emi"][: 5 if game == "indian-official" else 4],
            options,
        ),
    )
    with open_recording(store, 1) as recording:
        for number, line in enumerate(lines, start=1):
            entry = parse_entry(recording.session.game, split_line(line))
            recording.record(entry, START + timedelta(seconds=47 * number))
    return folder / "data"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def photograph(
    data: Path, shots: list[tuple[str, str, int, int]], recorder: str | None = None
) -> None:
    """Each shot of the viewers' page, or with *recorder* of the recorder's page with the
    showdown's question open."""
    env = dict(os.environ, TZ="Asia/Tokyo", SCOREKEEPER_LANG="en")
    command = [sys.executable, "-m", "scorekeeper", "--data-dir", str(data)]
    serve = [*command, "display", "1", "--serve", "--port", "0"]
    if recorder is not None:
        serve += ["--recorder", recorder]
    server = subprocess.Popen(serve, env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        if recorder is not None:
            url = server.stdout.readline().strip()
        async with Browser() as browser:
            await browser.call("Network.enable")
            await browser.call("Emulation.setTimezoneOverride", timezoneId="Asia/Tokyo")
            for name, lang, width, height in shots:
                await browser.call("Network.setExtraHTTPHeaders", headers={"Accept-Language": lang})
                await browser.viewport(width, height, 2 if width < 800 else 1)
                await browser.open(url)
                await browser.wait_for("document.body.dataset.entries")
                if recorder is not None:
                    await browser.wait_for(
                        "document.querySelector('#actions button[data-kind=\"showdown\"]')"
                    )
                    await browser.evaluate(
                        "document.querySelector('#actions button[data-kind=\"showdown\"]').click()"
                    )
                await browser.evaluate("document.fonts.ready.then(() => true)")
                await asyncio.sleep(0.5)
                await browser.screenshot(IMAGES / name)
                print("saved", IMAGES / name)
    finally:
        server.terminate()
        server.wait(10)


async def correcting(data: Path, shots: list[tuple[str, str, int, int]]) -> None:
    """The recorder's page correcting round 2 (held by the server: each language's page
    shows the same correction)."""
    env = dict(os.environ, TZ="Asia/Tokyo", SCOREKEEPER_LANG="en")
    command = [sys.executable, "-m", "scorekeeper", "--data-dir", str(data)]
    serve = [*command, "display", "1", "--serve", "--port", "0", "--recorder", "Aki"]
    server = subprocess.Popen(serve, env=env, stdout=subprocess.PIPE, text=True)
    button = "document.querySelector('{0}')"
    try:
        assert server.stdout is not None
        server.stdout.readline()
        url = server.stdout.readline().strip()
        async with Browser() as browser:
            await browser.call("Network.enable")
            await browser.call("Emulation.setTimezoneOverride", timezoneId="Asia/Tokyo")
            for number, (name, lang, width, height) in enumerate(shots):
                await browser.call("Network.setExtraHTTPHeaders", headers={"Accept-Language": lang})
                await browser.viewport(width, height, 2)
                await browser.open(url)
                await browser.wait_for("document.body.dataset.entries")
                if number == 0:  # begun once: the next page goes on with it
                    for selector in ('#actions button[data-kind="correct"]',
                                     '#form-choices button[data-round="2"]'):  # fmt: skip
                        found = button.format(selector)
                        await browser.wait_for(found)
                        await browser.evaluate(f"{found}.click()")
                await browser.wait_for("document.body.dataset.correcting === '2'")
                await browser.evaluate("document.fonts.ready.then(() => true)")
                await asyncio.sleep(0.5)
                await browser.evaluate("document.getElementById('act-box').scrollIntoView()")
                await browser.screenshot(IMAGES / name)
                print("saved", IMAGES / name)
    finally:
        server.terminate()
        server.wait(10)


async def ended(folder: Path) -> None:
    """O1 played to its end: the phone shows the end, not the stake."""
    data = stored(folder / "o1-end", "indian-official", {}, O1_END)
    await photograph(data, [
        ("web-ended-phone.png", "en", 390, 844),
        ("web-ended-phone.ja.png", "ja", 390, 844),
    ])  # fmt: skip


async def last_result(data: Path, shots: list[tuple[str, str, int, int]]) -> None:
    """The page moved to the next session by itself (``display --serve`` without a number
    follows the session written to last), the one before shown by its Last result button."""
    env = dict(os.environ, TZ="Asia/Tokyo", SCOREKEEPER_LANG="en")
    command = [sys.executable, "-m", "scorekeeper", "--data-dir", str(data)]
    server = subprocess.Popen([*command, "display", "--serve", "--port", "0"], env=env,
                              stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        store = Store(data)
        if len(store.ids()) == 1:  # the same table again, its first round dealt
            made = subprocess.run([*command, "new", "--like", "1"], env=env, check=True,
                                  capture_output=True, text=True)  # fmt: skip
            sid = int(made.stdout.split()[-1])
            with open_recording(store, sid) as recording:
                entry = parse_entry(recording.session.game, split_line("round"))
                recording.record(entry, START + timedelta(minutes=40))
        async with Browser() as browser:
            await browser.call("Network.enable")
            await browser.call("Emulation.setTimezoneOverride", timezoneId="Asia/Tokyo")
            for name, lang, width, height in shots:
                await browser.call("Network.setExtraHTTPHeaders", headers={"Accept-Language": lang})
                await browser.viewport(width, height, 2)
                await browser.open(url)
                await browser.wait_for("document.body.dataset.session === '2'", 20)
                await browser.wait_for("!document.getElementById('last-result').hidden", 20)
                await browser.evaluate("document.getElementById('last-result').click()")
                await browser.wait_for("document.body.dataset.showing === 'last'")
                await browser.evaluate("document.fonts.ready.then(() => true)")
                await asyncio.sleep(0.5)
                await browser.screenshot(IMAGES / name)
                print("saved", IMAGES / name)
    finally:
        server.terminate()
        server.wait(10)


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        official = stored(Path(folder) / "o1", "indian-official", {}, O1)
        await photograph(official, [
            ("web-phone.png", "en", 390, 844),
            ("web-phone.ja.png", "ja", 390, 844),
            ("web-tv.png", "en", 1920, 1080),
        ])  # fmt: skip
        await photograph(official, [
            ("recorder-phone.png", "en", 390, 844),
            ("recorder-phone.ja.png", "ja", 390, 844),
        ], recorder="Aki")  # fmt: skip
        await correcting(official, [
            ("recorder-correct.png", "en", 390, 844),
            ("recorder-correct.ja.png", "ja", 390, 844),
        ])  # fmt: skip
        await ended(Path(folder))
        await last_result(stored(Path(folder) / "o1-next", "indian-official", {}, O1), [
            ("web-last-result.png", "en", 390, 844),
            ("web-last-result.ja.png", "ja", 390, 844),
        ])  # fmt: skip
        pochen = stored(Path(folder) / "p1", "pochen", {"stack": "50"}, P1)
        await photograph(pochen, [("web-pochen-phone.ja.png", "ja", 390, 844)])


if __name__ == "__main__":
    asyncio.run(main())
