"""Make the screenshots of the html export on a phone: python docs/tools/export_screenshots.py

Replays a Pochen evening (deal 1 of worked example P1 with the players of the other
screenshots, a rebuy, a second deal, then ``end`` with chips on the board), exports it as
html in English and Japanese, and photographs each page whole in headless Chromium
(Debian's ``chromium``; for the Japanese one, a Japanese font such as ``fonts-noto-cjk``)
at a phone's width of 390, into docs/images/export-phone.png and export-phone.ja.png.
Times are shown in UTC.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from itertools import count
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scorekeeper.core.transcript import parse_transcript, replay  # noqa: E402
from scorekeeper.export.formats import export_text  # noqa: E402
from tests.browser_support import Browser  # noqa: E402

IMAGES = ROOT / "docs" / "images"
EVENING = """game pochen
players Aki Ben Chihiro Dai
option stack 50
round
turned 8D
claim Ben ace
claim Chihiro king queen marriage
pass Ben
bet Chihiro 3
call Dai
fold Aki
fold Ben
show Chihiro=KD,KS Dai=9C,9D,9S
out Ben
rebuy Aki 20
round
trump hearts
claim Dai jack
pass Chihiro
pass Dai
pass Aki
pass Ben
out Aki
end
"""


START = datetime(2026, 11, 28, 10, 0, tzinfo=UTC)


async def main() -> None:
    os.environ["TZ"] = "UTC"
    time.tzset()
    ticks = count(1)
    session = replay(parse_transcript(EVENING), lambda: START + timedelta(seconds=40 * next(ticks)))
    with tempfile.TemporaryDirectory() as folder:
        async with Browser() as browser:
            for lang, name in (("en", "export-phone.png"), ("ja", "export-phone.ja.png")):
                page = Path(folder) / f"export.{lang}.html"
                page.write_text(export_text(session, 1, "html", lang=lang), encoding="utf-8")
                await browser.viewport(390, 844, 2)
                await browser.open(page.as_uri())
                await browser.wait_for("document.readyState === 'complete'")
                tall = await browser.evaluate("document.documentElement.scrollHeight")
                await browser.viewport(390, int(tall), 2)
                await asyncio.sleep(0.3)
                await browser.screenshot(IMAGES / name)
                print("wrote", (IMAGES / name).relative_to(ROOT))


if __name__ == "__main__":
    asyncio.run(main())
