"""Make docs/images/player-links.svg and player-links.ja.svg (the players' phones screen
at 80x24, issue 46): python docs/tools/player_links_screenshot.py

The links are fixed (no page server is started), so the picture is the same every time.
Each language runs in its own process: key labels are read when the screens are imported.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ["TZ"] = "UTC"
time.tzset()

from each_language import in_each_language  # noqa: E402

from scorekeeper.messages import set_language  # noqa: E402
from scorekeeper.ui.app import ScorekeeperApp  # noqa: E402
from scorekeeper.ui.screens.player_links import PlayerLinksScreen  # noqa: E402
from tests.test_ui_player_links import ShownPages  # noqa: E402
from tests.ui_support import fixed_clock, new_store  # noqa: E402

IMAGES = ROOT / "docs" / "images"


async def shoot(lang: str) -> None:
    set_language(lang)
    with tempfile.TemporaryDirectory() as folder:
        app = ScorekeeperApp(new_store(Path(folder), ["Aki", "Ben", "Cy"]), 1, clock=fixed_clock())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = PlayerLinksScreen(ShownPages(), Path(folder), 1)
            app.push_screen(screen)
            while not screen.links:
                await pilot.pause(0.05)
            await pilot.press("right")  # Ben's code: the recorder hands Ben the phone
            await pilot.pause(0.2)
            suffix = "" if lang == "en" else f".{lang}"
            app.save_screenshot(f"player-links{suffix}.svg", path=str(IMAGES))


def main() -> None:
    in_each_language(__file__, shoot)


if __name__ == "__main__":
    main()
