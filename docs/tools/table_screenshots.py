"""Make the table-screen screenshots of the docs: python docs/tools/table_screenshots.py

Plays the start of worked example O1 by keys with a fixed clock in a
temporary data folder, and saves SVGs into docs/images/.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ["TZ"] = "UTC"
time.tzset()

from scorekeeper.messages import set_language  # noqa: E402
from scorekeeper.ui.app import ScorekeeperApp  # noqa: E402
from tests.ui_support import fixed_clock, new_store  # noqa: E402

IMAGES = ROOT / "docs" / "images"
ROUND_1 = ["n", "f", "2", "enter", "r", "f", "3", "enter", "s", "4", "enter"]
SHOTS = {
    "table-between-rounds": ROUND_1,
    "table-in-round": [*ROUND_1, "n", "r", "f", "3", "enter"],
    "table-fold-dialog": [*ROUND_1, "n", "r", "f"],
    "table-cards-dialog": [*ROUND_1, "n", "r", "c", "k", "s", "enter"],
    "table-undo-question": [*ROUND_1, "n", "r", "u"],
    "standings": [*ROUND_1, "t"],
}


async def shoot(name: str, keys: list[str], lang: str) -> None:
    set_language(lang)
    with tempfile.TemporaryDirectory() as folder:
        app = ScorekeeperApp(new_store(Path(folder)), 1, clock=fixed_clock())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for key in keys:
                await pilot.press(key)
            await pilot.pause(0.2)
            suffix = "" if lang == "en" else f".{lang}"
            app.save_screenshot(f"{name}{suffix}.svg", path=str(IMAGES))


async def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "ja"):
        for name, keys in SHOTS.items():
            await shoot(name, keys, lang)
    print(f"saved {len(SHOTS) * 2} screenshots in {IMAGES}")


if __name__ == "__main__":
    asyncio.run(main())
