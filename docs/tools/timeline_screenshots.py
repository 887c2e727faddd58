"""Redraw timeline.svg, table-then.svg and timeline-corrected.svg for docs/disputes.md
from fixed data.

Run: python docs/tools/timeline_screenshots.py  (English, UTC, 80×24 terminal)
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from scorekeeper.core.transcript import read_session
from scorekeeper.messages import set_language
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp

HERE = Path(__file__).resolve().parents[1] / "images"

DISPUTE = """\
game indian-official
players Aki Ben Chihiro Dai
option base 20
@2026-11-29T21:00:00Z round
@2026-11-29T21:02:10Z fold Chihiro
@2026-11-29T21:03:05Z raise
@2026-11-29T21:03:40Z fold Ben
@2026-11-29T21:05:00Z showdown Dai
@2026-11-29T21:06:00Z round
@2026-11-29T21:06:30Z raise
@2026-11-29T21:06:50Z undo
@2026-11-29T21:07:00Z note Ben says he folded before the raise
@2026-11-29T21:08:00Z fold Chihiro
"""


async def shoot(root: Path) -> None:
    store = Store(root)
    session = read_session(DISPUTE)
    sid = create_session(store, session.header, session.events)
    app = ScorekeeperApp(store, sid)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("i", "s")
        await pilot.pause()
        app.save_screenshot("timeline.svg", str(HERE))
        await pilot.press("up", "up", "up", "enter")
        await pilot.pause()
        app.save_screenshot("table-then.svg", str(HERE))


#: Example O1 with its round 3 corrected afterwards (docs/disputes.md).
CORRECTED = (
    (Path(__file__).resolve().parents[2] / "examples" / "o1.txt").read_text(encoding="utf-8")
    + '@2026-11-29T22:00:00Z correct 3 "E had the ace" raise raise raise raise'
    + ' "fold D" "showdown E"\n'
)


async def shoot_corrected(root: Path) -> None:
    store = Store(root)
    session = read_session(CORRECTED, clock=fixed_clock())
    sid = create_session(store, session.header, session.events)
    app = ScorekeeperApp(store, sid)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("i", "r", "3", "enter")
        await pilot.pause()
        app.save_screenshot("timeline-corrected.svg", str(HERE))


def fixed_clock() -> Callable[[], datetime]:
    """Entries without a time get 21:00:00, 21:00:07, … (UTC)."""
    ticks = iter(range(10**6))
    start = datetime(2026, 11, 29, 21, 0, tzinfo=UTC)
    return lambda: start + timedelta(seconds=7 * next(ticks))


def main() -> None:
    os.environ["TZ"] = "UTC"
    time.tzset()
    set_language("en")
    with tempfile.TemporaryDirectory() as root:
        asyncio.run(shoot(Path(root)))
    with tempfile.TemporaryDirectory() as root:
        asyncio.run(shoot_corrected(Path(root)))


if __name__ == "__main__":
    main()
