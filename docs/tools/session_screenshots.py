"""Redraw start-screen.svg, settle.svg, stats.svg and new-session.svg for the docs.

Run: python docs/tools/session_screenshots.py  (English, UTC, 80×24 terminal)
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from scorekeeper.core.header import make_header
from scorekeeper.core.session import Session
from scorekeeper.core.words import parse_entry, split_line
from scorekeeper.messages import set_language
from scorekeeper.services.recording import create_session
from scorekeeper.storage import Store
from scorekeeper.ui.app import ScorekeeperApp

HERE = Path(__file__).resolve().parents[1] / "images"


def played(store: Store, players: list[str], lines: list[str], at: datetime) -> int:
    session = Session(make_header("indian-official", players))
    for line in lines:
        session.record(parse_entry(session.game, split_line(line)), at)
    return create_session(store, session.header, session.events)


async def shoot(root: Path) -> None:
    store = Store(root)
    played(store, ["A", "B", "C", "D", "E"], ["round", "fold B", "showdown D"],
           datetime(2026, 5, 1, 20, 15, tzinfo=UTC))  # fmt: skip
    played(store, ["佐藤", "ベン", "鈴木"], ["round", "showdown ベン", "round", "fold 鈴木"],
           datetime(2026, 5, 2, 21, 40, tzinfo=UTC))  # fmt: skip
    app = ScorekeeperApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.save_screenshot("start-screen.svg", str(HERE))
        # both sessions marked (Space), then settled together ($)
        await pilot.press("space", "down", "space", "dollar_sign")
        await pilot.pause()
        app.save_screenshot("settle.svg", str(HERE))
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("s")  # the statistics over both sessions
        await pilot.pause(0.3)
        app.save_screenshot("stats.svg", str(HERE))
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        for name in ["佐藤", "ベン", "Carol", "Dai"]:
            await pilot.press(*name, "enter")
        await pilot.pause()
        app.save_screenshot("new-session.svg", str(HERE))


def main() -> None:
    os.environ["TZ"] = "UTC"
    time.tzset()
    set_language("en")
    with tempfile.TemporaryDirectory() as root:
        asyncio.run(shoot(Path(root)))


if __name__ == "__main__":
    main()
